"""A door action opens the door the player names by its direction (``break-door S``);
with none, the one shut door it can open in the room, and it asks which when there are
several: never the first barred door of the room in place of the one refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo


def _three_shut_doors(tmp_path: Path) -> Session:
    """The QA report's crawl: R3 with exits W:R2, N(stuck), E(locked), S(locked)."""
    path = create_journal_file(str(tmp_path / "g3.md"), "d12-tension", None, 3, [],
                               dungeon=("classic", []))
    session = Session(path)
    for line in ("enter", "enter", "enter"):
        session.handle(line)
    room = session.state.dungeon.current
    assert room is not None and room.id == "R3"
    assert {exit.direction: exit.door for exit in room.exits if exit.to is None} == {
        "N": "stuck", "E": "locked", "S": "locked"}
    return session


def _door(session: Session, direction: str) -> str:
    room = session.state.dungeon.current
    assert room is not None
    return next(exit.door for exit in room.exits if exit.direction == direction)


def test_the_refusal_names_the_door_and_the_action_opens_that_one(tmp_path):
    session = _three_shut_doors(tmp_path)
    try:
        with pytest.raises(UsageError, match="the door S of R3 is locked: 'break-door S' "
                           "opens it first"):
            session.handle("enter S")
        session.handle("break-door S")
        assert session.state.values["tension"] == 1
        assert (_door(session, "N"), _door(session, "E"), _door(session, "S")) == (
            "stuck", "locked", "")
        session.handle("enter S")
        assert session.state.dungeon.here == "R4"
    finally:
        session.close()


def test_with_several_shut_doors_and_none_named_it_asks_which(tmp_path):
    session = _three_shut_doors(tmp_path)
    try:
        with pytest.raises(UsageError, match="R3 has 3 shut doors 'break-door' can open: "
                           "name one, 'break-door N' \\(stuck\\), 'break-door E' \\(locked\\) "
                           "or 'break-door S' \\(locked\\)"):
            session.handle("break-door")
        assert session.state.values["tension"] == 0  # refused: nothing happened
    finally:
        session.close()


def test_a_direction_with_no_shut_door_is_refused_and_nothing_happens(tmp_path):
    session = _three_shut_doors(tmp_path)
    try:
        with pytest.raises(UsageError, match="the way W of R3 is not shut"):
            session.handle("break-door W")
        with pytest.raises(UsageError, match="R3 has no exit NE the party knows of"):
            session.handle("break-door NE")
        assert session.state.values["tension"] == 0
    finally:
        session.close()


def test_with_one_shut_door_a_bare_door_action_opens_it(tmp_path):
    path = create_journal_file(str(tmp_path / "one.md"), "exploration", None, 2, [])
    session = Session(path)
    try:
        session.handle("enter")
        session.handle("room exits N(stuck) E(locked) W")
        session.handle("pick-lock easy dc=1")  # the one locked door: E
        assert (_door(session, "N"), _door(session, "E")) == ("stuck", "")
        with pytest.raises(UsageError, match="the door N of R1 is stuck: 'force-door N' "
                           "opens it first"):
            session.handle("pick-lock N")
    finally:
        session.close()


def test_help_and_usage_name_the_direction(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    create_journal_file(str(tmp_path / "h.md"), "trespasser", None, 1, [])
    run = solo("play", "h.md", stdin="help batter-door\n")
    assert "batter-door [DIRECTION|?]" in run.out
    assert "'batter-door S' opens the door S" in " ".join(run.out.split())
    assert "'batter-door ?' its shut door with no direction" in " ".join(run.out.split())
