"""Trespasser's one action per character per round, played through ``solo`` (in this
process): the refusal names who has acted, nothing of it reaches the journal, the marks
outlive a sitting, and the next round gives every character their action back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

SEARCH = "Wren: search success"
REFUSED = ("Wren has acted this round: each character takes one action a round. Begin the "
           "next round first: 'stay' keeps the party here for it (Alarm +1, no encounter "
           "check).")


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return tmp_path


def _new(moves: str):
    return solo("new", "j.md", "--system", "trespasser", "--title", "Rounds", "--seed", "4",
                "--party", "Wren", "--party", "Brother Ott", stdin=moves)


def _searches(text: str) -> int:
    return sum(1 for line in text.splitlines() if line == "@(Wren) search success")


def test_a_second_action_in_the_round_is_refused_naming_who_has_acted(in_tmp):
    done = _new(f"advance\n{SEARCH}\n{SEARCH}\n")
    assert done.code == 1, "a batch with a refused line ends in failure"
    assert done.err.splitlines()[1:] == [f"solo: error: line 3: {REFUSED}"], \
        "one line, after the new journal's name"
    journal = Path("j.md").read_text()
    assert _searches(journal) == 1, "the refused search is not journaled"
    assert "Actions this round" not in journal, "the marks make no lines of their own"


def test_the_mark_outlives_the_sitting_and_the_next_round_clears_it(in_tmp):
    first = _new(f"advance\n{SEARCH}\n")
    assert first.code == 0, first.err
    again = solo("play", "j.md", stdin=f"{SEARCH}\nBrother Ott: listen\n")
    assert again.error_line() == f"solo: error: line 1: {REFUSED}"
    assert _searches(Path("j.md").read_text()) == 1
    assert "@(Brother Ott) listen" in Path("j.md").read_text(), "he still had his action"
    later = solo("play", "j.md", stdin=f"stay\n{SEARCH}\n")
    assert later.code == 0 and later.err == ""
    assert _searches(Path("j.md").read_text()) == 2, "a new round: Wren acts again"
