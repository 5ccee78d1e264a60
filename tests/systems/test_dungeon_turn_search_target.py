"""Dungeon Turn's search looks for one thing (seed 004: room traps or secret doors in a
10 x 10 area, or a treasure trap on one object), and on the map it finds only that: a
search for traps leaves a secret door hidden, a search for secret doors leaves a door's
trap to spring, and a treasure trap is on an object the map does not keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
TO_R6 = "enter\nenter N\nenter N\nenter W\n"  # R6 hides a secret door SW
TO_R5 = "enter\nenter E\nenter N\n"  # R5's door N is trapped


def play(folder: Path, stdin: str):
    run = solo("new", str(folder / "j.md"), "--system", "dungeon-turn", "--seed", "7",
               "--dungeon", str(ABBEY), stdin=stdin)
    assert run.code == 0, run.err
    return run.out


def after(out: str, line: str) -> str:
    return out.split(f"@ {line}\n", 1)[1].split("###", 1)[0]


@pytest.mark.parametrize("target", ["traps", "treasure-trap"])
def test_a_search_for_something_else_leaves_the_secret_door_hidden(here, target):
    out = play(here, TO_R6 + f"search {target}\nrooms\n")
    assert "secret way" not in after(out, f"search {target}")
    assert "R6 (here) · Chapter house · active · exits N, E:R4" in out
    assert "0 of 5 secrets" in out


def test_a_search_for_secret_doors_finds_it(here):
    out = play(here, TO_R6 + "search traps\nsearch secret-doors\nrooms\n")
    assert "A secret way SW is found" in after(out, "search secret-doors")
    assert "exits N, SW(secret), E:R4" in out and "1 of 5 secrets" in out


@pytest.mark.parametrize("target", ["secret-doors", "treasure-trap"])
def test_a_search_for_something_else_leaves_the_doors_trap(here, target):
    out = play(here, TO_R5 + f"search {target}\nenter N\n")
    assert "trap on the door" not in after(out, f"search {target}")
    assert "A trap on the door N of R5 springs as the party goes through." in out


def test_a_search_for_traps_finds_the_doors_trap(here):
    out = play(here, TO_R5 + "search traps\nenter N\n")
    assert "A trap on the door N of R5 is found: the party can get around it." \
        in after(out, "search traps")
    assert "springs as the party goes through" not in out


def test_a_search_with_no_target_looks_for_traps_as_its_help_says(here):
    out = play(here, TO_R6 + "search\nhelp search\n")
    assert "Searching a 10 x 10 area for room traps." in after(out, "search")
    assert "secret way" not in out
    assert "default traps" in " ".join(out.split())


SECRET_ONLY = (
    "kind: generator\nid: secret\nname: Secret ways\nroom:\n  kind: rooms\n"
    "  exits:\n    count: {dice: d1}\n    directions: [N]\n    door: doors\n"
    "  contents: stock\ntables:\n  rooms:\n    dice: d1\n    entries:\n"
    "      1: {is: hall, text: a bare hall}\n  doors:\n    dice: d1\n    entries:\n"
    "      1: {is: secret, text: a wall that turns}\n  stock:\n    dice: d1\n"
    "    entries:\n      1: {is: empty, text: nothing}\n")


def test_a_rolled_dead_end_names_the_search_that_finds_a_secret_way(here):
    generator = here / "secret.yaml"
    generator.write_text(SECRET_ONLY, encoding="utf-8")
    run = solo("new", str(here / "j.md"), "--system", "dungeon-turn", "--seed", "7",
               "--dungeon", str(generator), stdin="enter\nenter\nsearch traps\n"
               "search secret-doors\nenter N\n")
    assert "'search secret-doors' may find a secret way" in run.err
    assert "secret way" not in after(run.out, "search traps")
    assert "A secret way N is found." in after(run.out, "search secret-doors")
    assert "[R:2|" in run.out
