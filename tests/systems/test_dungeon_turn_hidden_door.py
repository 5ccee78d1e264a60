"""Dungeon Turn's local effect "a hidden door in this room swings open" (its d8 table's 1)
opens the room's hidden door on the map, a key's or a generator's; where such a room hides
none, solo says nothing opens; in a room the player maps, it says nothing of its own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

QUIET = "rest\n" * 6 + "set dice physical\n"  # the first six turns, where a 4 does nothing
KEY = """kind: key
id: cell
name: Cell
entrance: R1
rooms:
  - {id: R1, name: Hole, exits: [{dir: S, to: out},
                                 {dir: W, to: R2, door: secret, text: a loose stone}]}
  - {id: R2, name: Cell}
"""
# classic: a long hall, bones underfoot; one exit, N; its door (10: hidden, 1: open);
# nothing lives there, no treasure; then the hazard die's 4 and the local effect's 1
ROOM = "1\n1\n1\n1\n{door}\n1\n6\n"
LOCAL_EFFECT = "4\n1\n"


def _crawl(here: Path, dungeon: str, faces: str):
    run = solo("new", "j.md", "--system", "dungeon-turn", "--seed", "4", "--dungeon", dungeon,
               stdin=QUIET + "enter\n" + faces + "rooms\n")
    assert run.code == 0, run.err
    return run.out


@pytest.mark.parametrize("door, said, exits", [
    ("10", "A secret way N of R1 opens by itself.", "exits N(secret)"),
    ("1", "R1 hides no secret way: nothing opens.", "exits N")])
def test_a_rolled_rooms_hidden_door_opens_by_itself(here, door, said, exits):
    out = _crawl(here, "classic", ROOM.format(door=door) + LOCAL_EFFECT)
    assert f"(note: {said})" in out
    assert f"R1 (here, way out) · a long hall, bones underfoot · active · {exits}\n" in out


def test_a_keys_secret_door_opens_by_itself_and_is_found(here):
    (here / "k.yaml").write_text(KEY, encoding="utf-8")
    out = _crawl(here, "k.yaml", LOCAL_EFFECT)
    assert "(note: A secret way W opens by itself: a loose stone.)" in out
    assert "[R:1|active|Hole|exits S(out), W(secret)]" in out
    assert "Explored: 1 of 2 rooms, 1 of 1 secret." in out


def test_in_a_room_the_player_maps_solo_says_nothing_of_its_own(here):
    run = solo("new", "j.md", "--system", "dungeon-turn", "--seed", "4",
               stdin=QUIET + "enter\n6\nroom exits N\nexplore\n" + LOCAL_EFFECT)
    assert run.code == 0, run.err
    assert "swings open by itself" in run.out
    assert "opens" not in run.out.split("swings open by itself")[1]
