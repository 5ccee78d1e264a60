"""The QA report's walks through a key's own doors, played as it played them: a walk never
passes the locked grate of docs/keys.md's shrine or the stuck door of the Bell Abbey's fish
store, ``back`` never climbs back up a one-way drain, a trapped door on a walk springs,
and the way-out figures count only the ways the party may take."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
SHRINE = {"d12-tension": "enter\nenter E\nbreak-door\nenter E\nenter D\nbreak-door\nenter U\n",
          "trespasser": "advance\nadvance E\nbatter-door\nadvance E\nadvance D\nbatter-door\n"
                        "advance U\n"}
"""Into the shrine R4 by the one-way trapdoor U from the drain R5: its only way on is the
grate S to R3, locked."""


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    return tmp_path


def _guide_key(folder: Path) -> Path:
    """The complete example key of docs/keys.md, saved as a file."""
    text = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None
    key = folder / "mill.yaml"
    key.write_text(block.group(1), encoding="utf-8")
    return key


def test_the_way_out_is_not_counted_up_a_one_way_drain(here):
    """In the drain R5 (its only way the trapdoor U, stuck; the drain D from R3 falls one
    way into it) no way out is known: no figure, and no breeze pointing 'to R3' (the
    breeze reads the same way, :func:`solo.engine.rooms.way_out_text`)."""
    run = solo("new", str(here / "d3.md"), "--system", "d12-tension", "--seed", "3",
               "--dungeon", str(_guide_key(here)),
               stdin="enter\nenter E\nbreak-door\nenter E\nenter D\nrooms\n")
    assert run.code == 1 and run.err.count("solo: error:") == 1, run.err  # the stuck E
    shown = run.out.split("R5 (here) · Drain", 1)[1]
    assert "rooms to the way out" not in shown and "1 room to the way out" not in shown
