"""Generated rooms at a real terminal (#36's "done when"): a D12, a Trespasser and a Dungeon
Turn crawl of 30 turns, each with every shipped generator, typed into ``solo`` on a
pseudo-terminal. No number is typed for any room, the rules read the rolled exits and doors
(the refusals the crawl meets are answered with the door actions they name), and the
journal is byte for byte the one the same lines make in batch."""

from __future__ import annotations

import re

import pytest

from solo.play.session import Session
from tests.e2e.pty_terminal import plain
from tests.e2e.test_room_crawls_at_a_terminal import sitting
from tests.play.test_generated_crawls import GENERATORS, MOVES, _journal, _play

pytestmark = pytest.mark.e2e  # the REPL on a real terminal (a pty): only a process shows it


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("system", ["d12-tension", "trespasser", "dungeon-turn"])
def test_thirty_generated_turns_at_the_terminal_are_the_batch_crawl(tmp_path, system,
                                                                     generator):
    batch = _journal(tmp_path, system, generator, "batch.md")
    session = Session(batch)
    try:
        lines = _play(session, MOVES[system], 30)
    finally:
        session.close()
    rooms = [line for line in lines if line.split()[0] in ("enter", "advance", "room")]
    assert rooms and not any(re.search(r"\d", line) for line in rooms), rooms
    screen = plain(sitting(tmp_path, lines, "new", "typed.md", "--system", system, "--title",
                           "A generated crawl", "--seed", "11", "--dungeon", generator))
    assert "tbl: " in screen and "[R:" in screen
    assert (tmp_path / "typed.md").read_bytes() == batch.read_bytes()
