"""With a generator, the rolled exits are the room's: a direction the party knows no exit
in is wall, and an unfound secret way is wall too until a search finds it (docs/
generators.md): naming one does not walk through it, and no line but the search shows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.play.session import Session
from solo.play.start import create_journal_file


def _dead_end(tmp_path: Path) -> Session:
    """The QA report's crawl: R2 rolled with one exit, N behind a hidden door, and the
    way back E:R1."""
    path = create_journal_file(str(tmp_path / "j1.md"), "d12-tension", None, 4, [],
                               dungeon=("classic", []))
    session = Session(path)
    for line in ("enter", "combat-normal", "enter W"):
        session.handle(line)
    room = session.state.dungeon.current
    assert room is not None and room.id == "R2"
    assert [(exit.direction, exit.to, exit.seen) for exit in room.exits] == [
        ("E", "R1", True), ("N", None, False)]
    return session


@pytest.mark.parametrize("direction", ["S", "W", "NE"])
def test_naming_a_wall_is_refused_with_room_exits_to_name_one(tmp_path, direction):
    session = _dead_end(tmp_path)
    try:
        before = session.state
        with pytest.raises(UsageError, match=f"R2 has no exit {direction} the party knows "
                           f"of; 'rooms' lists its exits, 'room exits {direction}' names one"):
            session.handle(f"enter {direction}")
        assert session.state == before
    finally:
        session.close()


@pytest.mark.parametrize("line", ["enter N", "room exits N", "room exits N(secret)",
                                  "room a dusty hall, exits N", "enter N 2"])
def test_the_unfound_secret_way_is_the_searchs_to_find_and_no_line_names_it(tmp_path, line):
    session = _dead_end(tmp_path)
    try:
        before = session.state
        with pytest.raises(UsageError, match="^R2 has no exit N the party knows of, and none "
                           "can be named there: 'find-secret' searches the room; 'room exits "
                           "NE' names one elsewhere$"):
            session.handle(line)
        assert session.state == before
        assert "N(secret)" not in session.path.read_text(encoding="utf-8")
    finally:
        session.close()


def test_the_secret_way_once_found_is_a_way_on(tmp_path):
    session = _dead_end(tmp_path)
    try:
        session.handle("find-secret")
        session.handle("enter N")
        assert session.state.dungeon.here == "R3"
    finally:
        session.close()


def test_an_exit_the_player_names_is_one_to_go_through(tmp_path):
    session = _dead_end(tmp_path)
    try:
        session.handle("room exits W")
        session.handle("enter W")
        assert session.state.dungeon.here == "R3"
    finally:
        session.close()


def test_the_dead_end_hint_names_no_way_the_generator_keeps_hidden(tmp_path):
    """The QA report (s17): the hint named 'room exits N', N being the hidden way, and that
    line then showed it as found, with no search made."""
    session = _dead_end(tmp_path)
    try:
        with pytest.raises(UsageError) as refused:
            session.handle("enter")
        hint = str(refused.value)
        assert "'find-secret' may find a secret way" in hint
        assert "'room exits NE' names one" in hint and "'room exits N'" not in hint
        session.handle("room exits NE")
        room = session.state.dungeon.current
        assert room is not None and [(exit.direction, exit.seen) for exit in room.exits] == [
            ("E", True), ("N", False), ("NE", True)], "the hidden way is hidden still"
    finally:
        session.close()
