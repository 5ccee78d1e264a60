"""Delving: what a pace's note says of mapping agrees with the darkness note of the same
turn (seed 001: in total darkness the party "cannot map" and springs every trap, whatever
its pace)."""

from __future__ import annotations

import pytest

from solo.engine.events import Said

FREE = [6]        # the hazard die's 'free': nothing happens


def _notes(result) -> list[str]:
    return [event.text for event in result.events if isinstance(event, Said)]


@pytest.mark.parametrize("line", ["move crawl", "move walk", "explore"])
def test_in_the_dark_no_note_says_the_party_maps_or_finds_traps(crawl, line):
    c = crawl("delving")
    if line == "explore":
        c.do("move walk", faces=FREE)
    notes = _notes(c.do(line, faces=FREE))
    assert any(note.startswith("Total darkness") for note in notes)
    claims = [note for note in notes if ("map" in note and "cannot map" not in note
                                         and not note.startswith("Not mapped"))
              or "finds every trap" in note]
    assert claims == []


@pytest.mark.parametrize("line, said", [("move crawl", "draws its map"),
                                        ("move walk", "can still map"),
                                        ("explore", "still mapping")])
def test_with_a_torch_the_pace_notes_say_the_party_maps(crawl, line, said):
    c = crawl("delving")
    c.do("light torch")
    if line == "explore":
        c.do("move walk", faces=FREE)
    notes = _notes(c.do(line, faces=FREE))
    assert any(said in note for note in notes)
    assert not any(note.startswith("Total darkness") for note in notes)
