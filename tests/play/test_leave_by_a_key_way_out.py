"""``leave`` takes the nearest way out the party knows: a key's stairs out of the dungeon
(donjon's ``D to out``) as well as the room it came in by (the QA report, item 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
TO_R4 = "enter\nenter\nback\nenter S\nfind-secret\nenter E\n"
"""Into the cellars (entrance R5), then R1, back, R3 and through its secret door to R4,
whose stairs D lead out of the dungeon."""


@pytest.fixture
def key(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    made = solo("import", str(ROOT / "tests" / "data" / "donjon-small.json"), "-o",
                str(tmp_path / "donjon.yaml"))
    assert made.code == 0, made.err
    return tmp_path / "donjon.yaml"


def test_leave_goes_out_by_the_stairs_of_the_room_the_party_is_in(key):
    run = solo("new", str(key.parent / "dj1.md"), "--system", "d12-tension", "--seed", "2",
               "--dungeon", str(key), stdin=TO_R4 + "enter D\nleave\n")
    assert "the exit D of R4 leads out of the dungeon: 'leave' takes the party out" in run.err
    left = run.out.split("@ leave\n", 1)[1]
    assert left.startswith("(note: The party goes out of the dungeon from R4, by the way D.)\n"
                           "(note: Expedition 1 is over:"), left
    assert "not out yet" not in left and "[#R:" not in left


def test_leave_walks_to_the_entrance_while_no_other_way_out_is_known(key):
    run = solo("new", str(key.parent / "dj2.md"), "--system", "d12-tension", "--seed", "2",
               "--dungeon", str(key), stdin="enter\nenter\nleave\n")
    assert run.code == 0, run.err
    left = run.out.split("@ leave\n", 1)[1] if "@ leave\n" in run.out else \
        run.out.split("(note: leave)\n", 1)[1]
    assert "[#R:5]" in left and "goes out of the dungeon from" not in left
