"""A door forced or a search made succeeds by the action's own check, never by another
check the turn rolls after it (the surprise check an encounter on the hazard die calls
for) or before it (a save ``on_action`` calls for)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo
from tests.guide_key import guide_key

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"




def _after(out: str, line: str) -> str:
    return out.split(f"@ {line}\n", 1)[1]


@pytest.mark.parametrize("seed", [11, 25, *range(1, 9)])
def test_a_search_finds_the_secret_way_exactly_when_its_own_check_holds(here, seed):
    run = solo("new", str(here / f"s{seed}.md"), "--system", "exploration", "--party", "Wren",
               "--seed", str(seed), "--dungeon", str(ABBEY),
               stdin="enter\nenter N\nenter N\nenter W\nlight torch\nsearch\n")
    assert run.code == 0, run.err
    turn = _after(run.out, "search")
    own = re.search(r"WIS check to search \(DC 12\) d20=\d+ -> (yes|no)", turn)
    assert own is not None, turn
    assert ("A secret way SW is found" in turn) == (own.group(1) == "yes"), turn


@pytest.mark.parametrize("seed", [9, *range(1, 7)])
def test_a_door_is_forced_exactly_when_its_own_str_check_holds(here, seed):
    run = solo("new", str(here / f"f{seed}.md"), "--system", "exploration", "--party", "Wren",
               "--seed", str(seed), "--dungeon", str(guide_key(here, "shrine.yaml")),
               stdin="light torch\nenter\nforce-door\n")
    assert run.code == 0, run.err
    turn = _after(run.out, "force-door")
    own = re.search(r"STR check to force the door \(DC 12\) d20=\d+ -> (yes|no)", turn)
    assert own is not None, turn
    assert ("The door E of R1 is open." in turn) == (own.group(1) == "yes"), turn
