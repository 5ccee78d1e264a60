"""A loop closed into a known room (``room exits S:R1``) comes in by one of that room's own
exits: the one in the way back's direction, else one with no direction, else the free one
nearest it on the compass. It adds an exit only where none is free (or for a secret way),
so the rules that count a room's exits (D12's encounter odds) count what the player said."""

from __future__ import annotations

import re
from pathlib import Path

from solo.engine import room_changes as change
from solo.engine.room_exits import describe
from solo.engine.room_grammar import read_exits
from solo.engine.rooms import Dungeon
from tests.fake_env import solo


def _exits(dungeon: Dungeon, room_id: str) -> list[str]:
    room = dungeon.room(room_id)
    assert room is not None
    return [f"{exit.direction or '?'}:{exit.to or '-'}{'(secret)' * exit.secret}"
            for exit in room.exits]


def _loop(first: list[str], closing: str, count: int = 0) -> Dungeon:
    """R1 with exits ``first`` (N among them; ``count`` in all, the others with no
    direction); R2 north of it, with an exit W; R3 west of R2, whose exit ``closing`` leads
    back to R1."""
    dungeon = change.enter_new(Dungeon(), exits=count or len(first))
    dungeon = describe(dungeon, "hall", read_exits(first))
    dungeon = change.enter_new(dungeon, "N", exits=2)
    dungeon = describe(dungeon, None, read_exits(["W"]))
    dungeon = change.enter_new(dungeon, "W", exits=2)
    return describe(dungeon, None, read_exits([closing]))


def test_the_way_back_takes_the_free_exit_nearest_its_direction():
    """R3's S leads to R1; the way back would be N, which leads to R2: of E and S, E is the
    nearer to N. R1 keeps the three exits the player gave it."""
    assert _exits(_loop(["N", "E", "S"], "S:R1"), "R1") == ["N:R2", "E:R3", "S:-"]


def test_the_way_backs_own_direction_is_taken_first():
    dungeon = _loop(["N", "E", "S"], "N:R1")      # R3's N leads to R1: the way back is S
    assert _exits(dungeon, "R1") == ["N:R2", "E:-", "S:R3"]


def test_an_exit_with_no_direction_is_taken_before_a_directed_one():
    dungeon = _loop(["N", "E"], "S:R1", count=3)
    assert _exits(dungeon, "R1") == ["N:R2", "E:-", "?:R3"]


def test_a_way_back_with_no_direction_takes_the_first_free_exit():
    assert _exits(_loop(["N", "E", "S"], "R1"), "R1") == ["N:R2", "E:R3", "S:-"]


def test_an_exit_is_added_only_where_none_is_free():
    dungeon = _loop(["N"], "S:R1")
    assert _exits(dungeon, "R1") == ["N:R2", "?:R3"]


def test_a_secret_way_back_is_never_one_of_the_exits_in_sight():
    dungeon = _loop(["N", "E", "S"], "S:R1(secret)")
    assert _exits(dungeon, "R1") == ["N:R2", "E:-", "S:-", "?:R3(secret)"]


def test_d12s_encounter_check_counts_the_exits_the_player_gave(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = ("enter 3\nroom hall, exits N E S\nenter N 2\nroom exits S W\nenter W 2\n"
             "room exits E S:R1\ngo S\nlinger\n")
    played = solo("new", "m.md", "--system", "d12-tension", "--seed", "3", stdin=lines)
    assert played.code == 0, played.err
    text = re.sub(r"<!-- solo .*? -->", "", (tmp_path / "m.md").read_text())
    assert "[R:1|active|hall|exits N:R2, E:R3, S]" in text
    after = text[text.index("@ revisit"):]
    assert re.findall(r"Random encounter \(exits (\d+)", after) == ["3", "3"]
