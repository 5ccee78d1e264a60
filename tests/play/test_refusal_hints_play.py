"""A refusal's hint names a command that plays as it is written (one of its choices
taken): Trespasser's door and search actions need the player's own roll, and say so."""

from __future__ import annotations

import re

from tests.fake_env import solo


def _hint_then_play(tmp_path, seed: str, moves: str) -> None:
    journal = tmp_path / "j.md"
    first = solo("new", str(journal), "--system", "trespasser", "--seed", seed, "--dungeon",
                 "classic", stdin="party add Ana\n" + moves)
    hinted = re.search(r"'([a-z-]+[^']*)' (?:opens it first|searches)", first.err)
    assert hinted is not None, first.err
    words = hinted.group(1).split()
    assert "success|failure" in hinted.group(1)
    typed = " ".join(word.split("|")[0] for word in words)  # the first choice: success
    again = solo("play", str(journal), stdin=f"stay\n{typed}\n")
    assert again.code == 0, again.err


def test_a_stuck_doors_hint_names_the_roll_it_needs(tmp_path):
    _hint_then_play(tmp_path, "3", "advance\nadvance\nadvance\n")


def test_a_searchs_hint_names_the_roll_it_needs(tmp_path):
    _hint_then_play(tmp_path, "2", "advance\nsearch success 2\n")
