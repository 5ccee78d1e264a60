"""A walk through several rooms names every room it entered, in order, in its record (one
``RoomChanged`` each, as a step's), where it named only the last: the reports' route reads
them all (the QA report's walk that recorded only its last room)."""

from __future__ import annotations

import json
import re

import pytest

from tests.fake_env import solo

SNAKE = ["enter", "enter N", "enter N", "enter E", "enter E"]
"""R1 to R5 in a line."""


def _walk_records(text: str, command: str) -> list[str]:
    """The rooms the record of ``command`` shows the party going into, in order."""
    for line in text.splitlines():
        if line.startswith("<!-- solo ") and f'"cmd":"{command}"' in line:
            record = json.loads(line.removeprefix("<!-- solo ").removesuffix(" -->"))
            return [event["room"] for event in record["ev"]
                    if event["t"] == "RoomChanged" and event["how"] == "back"]
    raise AssertionError(f"no record of {command!r}")


@pytest.mark.parametrize("system", ["classic", "delving", "exploration", "dungeon-turn"])
def test_a_walk_of_one_stage_records_every_room_it_entered(tmp_path, system):
    path = tmp_path / "w.md"
    lines = ["light torch", *SNAKE, "go R1"] if system != "classic" else [*SNAKE, "go R1"]
    played = solo("new", str(path), "--system", system, "--seed", "3",
                  stdin="".join(f"{line}\n" for line in lines))
    assert played.code in (0, 1), played.err
    text = path.read_text()
    assert _walk_records(text, "go R1") == ["R4", "R3", "R2", "R1"]
    assert "[#R:4]\n[#R:3]\n[#R:2]\n[#R:1]\n" in text
    report = solo("export", str(path), "--format", "md").out
    assert re.search(r"route R1 → R2 → R3 → R4 → R5 → R4 → R3 → R2 → R1\b", report), report


def test_leave_and_a_walk_of_a_room_a_stage_record_each_room_too(tmp_path):
    path = tmp_path / "d.md"
    played = solo("new", str(path), "--system", "d12-tension", "--seed", "5",
                  stdin="".join(f"{line}\n" for line in [*SNAKE, "go R3", "go R5", "leave"]))
    assert played.code == 0, played.err
    text = path.read_text()
    assert _walk_records(text, "go R3") == ["R4", "R3"]
    assert _walk_records(text, "leave") == ["R4", "R3", "R2", "R1"]
