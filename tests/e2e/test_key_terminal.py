"""A keyed dungeon at a real terminal (#39 item 3): a short D12 crawl of a key with a marker
word in every room, typed into ``solo`` on a pseudo-terminal in two sittings. The screen
(the recap the second sitting opens with included) shows the words of the rooms entered,
never those of a room not yet entered."""

from __future__ import annotations

import re

import pytest

from solo.rules.key_file import load_key_file
from tests.e2e.pty_terminal import plain
from tests.e2e.test_room_crawls_at_a_terminal import sitting
from tests.play.test_key_crawls import marked_key, marker

pytestmark = pytest.mark.e2e  # the REPL on a real terminal (a pty): only a process shows it


def test_a_key_at_the_terminal_shows_only_the_rooms_entered(tmp_path):
    key_path = marked_key(tmp_path)
    key = load_key_file(key_path)
    first = plain(sitting(tmp_path, ["enter", "enter N", "rooms", "map"], "new", "j.md",
                          "--system", "d12-tension", "--seed", "3", "--dungeon",
                          str(key_path)))
    second = plain(sitting(tmp_path, ["enter N", "find-secret", "rooms"], "play", "j.md"))
    journal = (tmp_path / "j.md").read_text(encoding="utf-8")
    entered = {f"R{number}" for number in re.findall(r"\[R:(\d+)\|", first + second)}
    assert {"R1", "R2", "R4"} <= entered
    assert marker("R1") in first and marker("R2") in first
    assert "Explored: 2 of 20 rooms" in first and "Explored: 2 of 20 rooms" in second
    for room in key.rooms:
        if room.id not in entered:
            for text in (first, second, journal):
                assert marker(room.id) not in text, room.id
