"""A keyed dungeon played to the end at a real terminal (#39's "done when"): the example key
with a marker word in every room's words, crawled in D12 and in Trespasser by the commands
the in-process crawl of tests/play/test_key_crawls.py found, typed into ``solo`` on a
pseudo-terminal in one sitting. After every command, the screen so far holds no word of a
room the party has not entered; at the end every room and secret is found."""

from __future__ import annotations

import pytest

from tests.e2e.pty_terminal import Terminal, plain
from tests.play import test_key_crawls as crawls

pytestmark = pytest.mark.e2e  # the REPL on a real terminal (a pty): only a process shows it


def _commands_that_played(folder, key_path, system, monkeypatch) -> list[str]:
    """The commands the in-process crawl played to the end, refusals left out."""
    played: list[str] = []
    real_play = crawls.Crawl.play

    def play(self, command):
        code, rooms = real_play(self, command)
        if code == 0:
            played.append(command)
        return code, rooms

    monkeypatch.setattr(crawls.Crawl, "play", play)
    crawl = crawls.Crawl(folder, key_path, system, monkeypatch)
    crawl.run()
    assert crawl.entered == {room.id for room in crawl.key.rooms}
    return played


@pytest.mark.parametrize("system", sorted(crawls.SYSTEMS))
def test_a_marked_key_to_the_end_at_the_terminal_never_shows_an_unseen_room(
        tmp_path, monkeypatch, system):
    batch, typed = tmp_path / "batch", tmp_path / "typed"
    batch.mkdir()
    typed.mkdir()
    key_path = crawls.marked_key(tmp_path)
    key = crawls.load_key_file(key_path)
    commands = _commands_that_played(batch, key_path, system, monkeypatch)
    terminal = Terminal(typed, "new", "crawl.md", "--system", system, "--seed", "11",
                   "--dungeon", str(key_path), lines=40)
    try:
        terminal.wait_for("solo>")
        for command in [*commands, "rooms"]:
            terminal.type_line(command)
            screen = plain(terminal.screen.decode("utf-8", errors="replace"))
            entered = {f"R{number}" for number in crawls.TAG.findall(screen)}
            for room in key.rooms:
                if room.id not in entered:
                    assert crawls.marker(room.id) not in screen, (command, room.id)
    except BaseException:
        terminal.process.kill()
        raise
    screen = terminal.end()
    assert "Explored: 20 of 20 rooms, 5 of 5 secrets" in screen
