"""A trapped door the player typed (``room exits N(trapped)``) is a trap as one a generator
rolled or a key gave: it springs as the party goes through it, into a new room as on a
walk, in every procedure, and is open after; where the procedure finds traps as the party
moves (Delving, crawling with light) it is found instead, and a search for traps (Dungeon
Turn) finds it before anyone goes through: a trap found shows as ``N(trapped)`` from then
on, and never springs. A walk in Delving goes at walking pace, which
springs every trap, whatever the pace before it."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.play.session import Session
from tests.fake_env import solo
from tests.session_play import started

SPRINGS = "A trap on the door N of R1 springs as the party goes through."
FOUND = "The party finds a trap on the door N of R1 and gets past it."


def journal_after(session: Session, mark: bytes) -> str:
    text = session.path.read_bytes()[len(mark):].decode()
    return "\n".join(line for line in text.splitlines() if not line.startswith("<!--"))


def played(session: Session, *lines: str) -> str:
    mark = session.path.read_bytes()
    for line in lines:
        session.handle(line)
    return journal_after(session, mark)


def door(session: Session, room_id: str, direction: str) -> str:
    room = session.state.dungeon.room(room_id)
    assert room is not None
    return next(exit.door for exit in room.exits if exit.direction == direction)


@pytest.mark.parametrize("system", ["classic", "d12-tension", "delving", "dungeon-turn",
                                    "exploration", "overloaded", "trespasser"])
def test_a_typed_trapped_door_springs_on_the_move_into_a_new_room_once(tmp_path, system):
    session = started(tmp_path, system, ["enter", "room exits N(trapped) E"])
    try:
        assert door(session, "R1", "N") == "trapped"
        said = played(session, "enter N")
        assert SPRINGS in said
        assert said.index("@ enter N") < said.index(SPRINGS) < said.index("[R:2|")
        assert door(session, "R1", "N") == "" and session.state.dungeon.here == "R2"
        assert "trap on the door" not in played(session, "go R1", "go R2")
    finally:
        session.close()


def test_a_typed_trapped_door_springs_on_a_room_the_player_types_in_a_rolled_dungeon(
        here: Path):
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "3",
               "--dungeon", "classic", stdin="enter 3\nroom exits N(trapped)\nenter N 2\n")
    assert run.code == 0, run.err
    assert SPRINGS in run.out.split("@ enter N 2", 1)[1]


def test_in_delving_crawling_with_light_finds_a_typed_trap_and_walking_springs_it(
        tmp_path):
    session = started(tmp_path, "delving", ["light torch", "enter",
                                            "room exits N(trapped) E(trapped)"])
    try:
        crawled = played(session, "enter N")
        assert FOUND in crawled and "springs as" not in crawled
        walked = played(session, "go R1", "move walk", "enter E")
        assert "A trap on the door E of R1 springs as the party goes through." in walked
        assert (door(session, "R1", "N"), door(session, "R1", "E")) == ("found", "")
        assert "exits N:R2(trapped), E" in crawled
    finally:
        session.close()


def test_in_delving_a_walk_springs_a_trap_even_after_a_crawl(tmp_path):
    """The walk is one turn at walking pace: its trap reads that pace, not the crawl."""
    session = started(tmp_path, "delving", ["light torch", "enter", "room exits N E",
                                            "enter N", "back", "room exits N(trapped)",
                                            "move crawl"])
    try:
        said = played(session, "go R2")
        assert SPRINGS in said and "finds a trap" not in said
        assert said.index("@ move walk") < said.index(SPRINGS) < said.index("[#R:2]")
    finally:
        session.close()


def test_in_dungeon_turn_a_search_for_traps_finds_a_typed_trapped_door(tmp_path):
    session = started(tmp_path, "dungeon-turn", ["enter", "room exits N(trapped) E"])
    try:
        searched = played(session, "search traps")
        assert "A trap on the door N of R1 is found: the party can get around it." \
            in searched
        assert "[R:1|active|exits N(trapped), E]" in searched
        assert "trap on the door" not in played(session, "enter N", "go R1", "go R2", "go R1")
        assert "exits N:R2(trapped), E" in played(session, "room +looted")
    finally:
        session.close()


def test_in_dungeon_turn_a_search_for_secret_doors_leaves_a_typed_trap_to_spring(tmp_path):
    session = started(tmp_path, "dungeon-turn", ["enter", "room exits N(trapped) E"])
    try:
        assert "trap on the door" not in played(session, "search secret-doors")
        assert SPRINGS in played(session, "enter N")
    finally:
        session.close()


def test_a_backtrack_of_one_room_through_a_typed_trapped_door_springs_it(tmp_path):
    session = started(tmp_path, "trespasser", ["enter", "room exits N E", "enter N",
                                               "room exits S(trapped)"])
    try:
        said = played(session, "backtrack")
        assert "A trap on the door S of R2 springs as the party goes through." in said
        assert session.state.dungeon.here == "R1" and door(session, "R2", "S") == ""
    finally:
        session.close()
