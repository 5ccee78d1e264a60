"""Events become short Lonelog lines: what the player reads on screen and in the journal."""

import random

from solo import dice
from solo.events import (
    Acted,
    Answered,
    Checked,
    Encountered,
    LightChanged,
    Rolled,
    Said,
    Struck,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.render import clock_text, render_events, turn_heading


def a_roll(expression: str = "d12"):
    return dice.roll(expression, random.Random(4))


def test_each_event_has_its_lonelog_line():
    roll = a_roll()
    lines = render_events([
        Acted("enter 3"),
        TurnPassed(1, 10),
        Checked("Random encounter", roll, 0, True),
        Rolled("reaction", roll, 2),
        TableRolled("t", "Dungeon events (d12)", roll, 3, "nothing", "Nothing happens"),
        TrackerChanged("tension", "Tension", 2, 4, "normal combat", "Track", 10),
        TrackerChanged("alarm", "Alarm", 10, 10, "advanced", "Clock", 10),
        LightChanged("torch", "Torch", "lit, 6 turns left", "out", "burnt out"),
        Encountered("t", "3 goblins", "met"),
        Encountered("t", "An ogre", "struck"),
        Said("Fold the event into the encounter."),
        Struck("t", "An ogre"),
        Answered("Is it locked?", "mythic", "likely", "d100 = [12] → 12 vs 65 -> Yes", "Yes"),
    ])
    total = roll.total
    assert lines == [
        "@ enter 3",
        f"d: Random encounter: {roll} -> yes",
        f"d: reaction: {roll} +2 = {total + 2}",
        f"tbl: Dungeon events (d12): {roll} +3 = {total + 3} -> Nothing happens",
        "=> [Track:Tension 4/10] +2: normal combat",
        "=> [Clock:Alarm 10/10] no change: advanced",
        "=> [Inv:Torch out] burnt out",
        "=> Encounter: 3 goblins",
        "=> No encounter: An ogre was struck off",
        "=> Fold the event into the encounter.",
        "=> Struck off t: An ogre",
        "? Is it locked? (likely, mythic)",
        "d: d100 = [12] → 12 vs 65 -> Yes",
    ]


def test_inline_dice_of_a_table_entry_are_shown():
    roll, goblins = a_roll("d10"), a_roll("1d4")
    line = render_events([TableRolled("e", "Encounters", roll, 0, "g", "3 goblins", (goblins,))])
    assert line == [f"tbl: Encounters: {roll} -> 3 goblins ({goblins})"]


def test_turn_headings_and_clock():
    assert turn_heading("turn", 3, 3, 10) == "## Turn 3 · 0:30"
    assert turn_heading("round", 4, 9, 10) == "## Rounds 4–9 · 1:30"
    assert turn_heading("scene", 2, 2, None) == "## Scene 2"
    assert clock_text(13, 10) == "2:10" and clock_text(5, None) == ""
