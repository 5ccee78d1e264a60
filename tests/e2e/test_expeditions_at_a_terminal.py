"""Expeditions at a real terminal (#38's "done when"): a D12 and a Dungeon Turn crawl typed
into ``solo`` on a pseudo-terminal go in, leave, spend a week outside and return twice. The
screen says where the party is, and the journal is byte for byte the one the same lines
make in batch, whose Tension, quiet turns, repopulation, light, hit points and supplies
tests/play/test_expeditions_play.py checks against the seeds."""

from __future__ import annotations

import pytest

from tests.e2e.pty_terminal import Terminal
from tests.play.test_expeditions_play import D12, DUNGEON_TURN, _play

pytestmark = pytest.mark.e2e  # the REPL on a real terminal (a pty): only a process shows it


@pytest.mark.parametrize(("system", "script"), [("d12-tension", D12),
                                                 ("dungeon-turn", DUNGEON_TURN)])
def test_three_expeditions_at_the_terminal_are_the_batch_crawl(tmp_path, system, script):
    batch = _play(tmp_path, system, script)
    lines = [line for line in script.splitlines() if line]
    terminal = Terminal(tmp_path, "new", "typed.md", "--system", system, "--seed", "5",
                        lines=40)
    try:
        terminal.wait_for("solo>")
        for line in lines:  # each line's echo, then the prompt it comes back to
            terminal.type_line(line)
    except BaseException:
        terminal.process.kill()
        raise
    screen = terminal.end()
    assert "Expedition 1 is over:" in screen and "Expedition 2 is over:" in screen
    assert "Expedition 3 begins" in screen
    assert (tmp_path / "typed.md").read_bytes() == batch.read_bytes()
