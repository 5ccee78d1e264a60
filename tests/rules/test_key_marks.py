"""A key's room marks tell a room an edit removed from a room the key never had."""

from __future__ import annotations

from solo.rules.key_file import key_from_text
from solo.rules.key_marks import gone_rooms, room_marks
from tests.play.test_key_play import FOUR


def test_gone_rooms_are_the_rooms_entered_that_the_key_had_and_has_no_longer():
    before = key_from_text(FOUR.encode(), "k.yaml")
    after = key_from_text(FOUR.replace("{dir: E, to: R4}", "{dir: E, to: R3}").replace(
        "  - {id: R4, name: Crypt, text: A crypt., exits: [{dir: W, to: R3}]}\n", "")
        .encode(), "k.yaml")
    marks = room_marks(before)
    assert gone_rooms(marks, after, ["R1", "R4", "R9"]) == ["R4"]  # R9: never the key's
    assert gone_rooms(marks, before, ["R1", "R4", "R9"]) == []
    assert gone_rooms(marks, after, ["R1", "R2"]) == []  # R4 not entered: only counted
