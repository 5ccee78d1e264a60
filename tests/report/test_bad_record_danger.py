"""A record in the middle that does not read (a curly quote typed into it) leaves its
entry's events uncounted, but the danger's track does not contradict the journal: from the
next readable record on it stands where that record's state says, as ``status`` tells
(only the turns between the two are not known)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from solo.report.read import read_journal
from tests.fake_env import solo

MOVES = ["light torch", "enter 3", "enter 2", "room vault, exits N E", "noise",
         "combat-normal", "enter 2", "linger", "The corridor slopes down.", "linger"]


def test_the_danger_after_a_bad_record_follows_the_readable_states(tmp_path: Path):
    journal = tmp_path / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "4",
                stdin="\n".join(MOVES) + "\n")
    assert done.code == 0, done.err
    whole = read_journal(journal).danger
    assert whole is not None and whole.end > 0, "the crawl should raise the Tension"
    text = journal.read_text(encoding="utf-8")
    moved = [found for found in re.finditer(r"^<!-- solo (\{.*\}) -->$", text, re.M)
             if any(event.get("t") == "TrackerChanged"
                    for event in json.loads(found[1]).get("ev", []))]
    assert moved
    last = moved[-1]
    journal.write_text(text[:last.start()] + last[0].replace('"cmd":', '“cmd”:', 1)
                       + text[last.end():], encoding="utf-8")
    garbled = read_journal(journal)
    assert len(garbled.garbled) == 1
    danger = garbled.danger
    assert danger is not None
    assert (danger.end, danger.peak) == (whole.end, whole.peak)
    # the turns from the next readable record's on, and those before the bad one's, agree
    after = json.loads(re.search(r"^<!-- solo (\{.*\}) -->$", text[last.end():], re.M)[1])
    bad = json.loads(last[1])
    for turns in (slice(after["turn"] - 1, None), slice(0, bad["turn"] - 1)):
        assert danger.per_turn[turns] == whole.per_turn[turns], turns
        assert danger.turn_peaks[turns] == whole.turn_peaks[turns], turns
    status = solo("status", str(journal), "--json")
    assert status.code == 0, status.err
    assert f"Tension {whole.end}/10" in status.out
