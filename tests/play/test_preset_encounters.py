"""D12 rolls its Dungeon Events table and its encounter check "any time the party enters a
room with no pre-set encounter" (seed 000): a key's room that holds an encounter is met as
the key set it, with no events roll and no second encounter from the check; a room walked
back into, and a room with none, roll both as ever; a player's own pre-set room is
'enter preset'."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
ROLLS = ("tbl: Dungeon events (d12)", "d: Random encounter")


def _turns(out: str) -> list[str]:
    return re.split(r"^### S", out, flags=re.M)[1:]


@pytest.mark.parametrize("seed", [7, 1, 2, 3])
def test_a_keys_room_with_an_encounter_rolls_neither_table_nor_check(here, seed):
    run = solo("new", str(here / f"k{seed}.md"), "--system", "d12-tension", "--seed",
               str(seed), "--dungeon", str(ABBEY),
               stdin="enter\nenter N\nenter N\nback\nenter N\n")
    assert run.code == 0, run.err
    first, named, rolled, walked, again = _turns(run.out)
    assert all(roll in first for roll in ROLLS)  # R1: no pre-set encounter
    for turn in (named, rolled):  # R2 (the key's cats), R4 (an encounter rolled)
        assert not any(roll in turn for roll in ROLLS), turn
        assert turn.count("=> Encounter:") == 1, turn
        assert "A pre-set encounter: no Dungeon Events roll and no encounter check" in turn
    for turn in (walked, again):  # walked back into: entered again, rolled as ever
        assert all(roll in turn for roll in ROLLS), turn


def test_a_room_the_player_says_is_preset_rolls_neither(here):
    run = solo("new", str(here / "p.md"), "--system", "d12-tension", "--seed", "3",
               stdin="enter N 3 preset\nenter 2\n")
    assert run.code == 0, run.err
    preset, plain = _turns(run.out)
    assert not any(roll in preset for roll in ROLLS)
    assert all(roll in plain for roll in ROLLS)
