"""The engine's events are declared once (solo.engine.events): the record keeps them as they
are and reads them back as the same events, rolls and all."""

from __future__ import annotations

import random

import msgspec
import pytest

from solo.engine.events import (
    UNSET,
    Acted,
    ActedNote,
    ActedOwnLine,
    Checked,
    RollData,
    TableRolled,
    TrackerChanged,
)
from solo.journal.record import PREFIX, SUFFIX, make_record, record_comment
from solo.journal.record_types import decode
from solo.rules import dice
from solo.rules.dice_notation import roll_text


def read_back(events, state) -> tuple:
    """``events`` written in a record, and read back from it."""
    comment = record_comment(make_record(step=1, kind="command", command="x", draws=1,
                                         session=1, scene=1, turn=1, events=events,
                                         state=state.to_json()))
    record = decode(comment[len(PREFIX):-len(SUFFIX)].encode())
    assert record is not None
    return record.ev


def as_recorded(event):
    """An event as a record can tell it: how a command showed is not kept."""
    return Acted(event.command, event.actor) if isinstance(event, Acted) else event


@pytest.mark.parametrize(("system", "lines"), [
    ("dungeon-turn", ["set fatigue 2", "harvest 0", "explore", "explore", "rest"]),
    ("d12-tension", ["enter 2", "enter 3", "search", "linger 1", "ask Is it safe?"]),
    ("exploration", ["light torch", "explore", "search", "roll 4d6kh3 the stats", "chaos 5"]),
    ("trespasser", ["advance", "advance", "advance", "table trespasser-encounters"]),
])
def test_a_record_reads_back_the_events_the_engine_made(crawl, system, lines):
    c = crawl(system, party=("Wren", "Brother Ott"))
    made = []
    for number, line in enumerate(lines):
        result = c.do(line, seed=number)
        made += result.events
        assert read_back(result.events, c.state) == tuple(map(as_recorded, result.events))
    assert any(isinstance(event, Acted) for event in made)


def test_a_roll_is_kept_as_its_text_total_dice_and_dropped_places():
    rng = random.Random(7)
    for expression in ("4d6kh3", "2d20kl1", "4d6dl1", "2d6+1d4-1", "3", "d%", "d6"):
        for _ in range(20):
            live = dice.roll(expression, rng)
            kept = RollData.of(live)
            assert (kept.text, kept.total, kept.dice, kept.dropped) == (
                live.expression.text, live.total, live.dice, live.dropped)
            assert roll_text(kept, 2) == roll_text(live, 2)
            encoded = msgspec.json.encode(kept)
            assert msgspec.json.decode(encoded, type=RollData) == kept
            assert (b'"drop"' in encoded) == any(False in term.kept for term in live.terms)
    stats = RollData("4d6kh3", 14, (5, 5, 3, 4), (2,))
    assert roll_text(stats) == "4d6kh3=14 [5, 5, 3d, 4]"
    assert msgspec.json.encode(stats) == b'{"x":"4d6kh3","n":14,"d":[5,5,3,4],"drop":[2]}'


def test_fields_newer_than_the_first_journals_are_written_only_when_they_say_something():
    def written(event) -> bytes:
        return msgspec.json.encode(event)

    assert written(Acted("search")) == b'{"t":"Acted","command":"search"}'
    assert written(ActedNote("search", "Wren")) == written(Acted("search", "Wren")) \
        == b'{"t":"Acted","command":"search","actor":"Wren"}'
    assert ActedNote("search") != Acted("search") != ActedOwnLine("search")
    roll = RollData("d6", 3, (3,))
    assert b"hidden" not in written(TableRolled("t", "T", roll, 0, "1", "x", ()))
    assert written(TableRolled("t", "T", roll, 0, "1", "x", (), True)).endswith(
        b',"inline":[],"hidden":true}')
    assert written(TrackerChanged("tension", "Tension", 1, 2, "", "Clock", 6, UNSET)) == (
        b'{"t":"TrackerChanged","tracker":"tension","label":"Tension","before":1,"after":2,'
        b'"reason":"","notation":"Clock","maximum":6}')
    assert written(Checked("Save", roll, 0, True)) == (
        b'{"t":"Checked","label":"Save","roll":{"x":"d6","n":3,"d":[3]},"plus":0,'
        b'"success":true}')
