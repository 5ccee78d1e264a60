"""The d12-tension procedure (seed 000) as a player meets it: events, checks, Tension."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from solo.events import Checked, Encountered, LightChanged, TableRolled, TrackerChanged
from solo.rules import Procedure

SYSTEM = "d12-tension"




def _tables(result, name):
    return [event for event in result.events if isinstance(event, TableRolled)
            and event.table == name]


def _met(result):
    return [event for event in result.events
            if isinstance(event, Encountered) and event.status == "met"]


def _quiet_faces(event_face: int = 1) -> list[int]:
    """A d12 event face, then a d12 encounter check face of 12 (never an encounter)."""
    return [event_face, 12]


# -- the frame: Tension 0-10 ---------------------------------------------------------

def test_tension_tracker_runs_from_0_to_10_and_starts_at_0(crawl):
    c = crawl(SYSTEM)
    procedure: Procedure = c.world.procedure
    tension = procedure.trackers["tension"]
    assert (tension.minimum, tension.maximum, tension.start) == (0, 10, 0)
    assert procedure.danger == "tension"
    assert c.value("tension") == 0
    assert procedure.minutes == 10
    assert procedure.simulate == "enter 2"


# -- the d12 Dungeon Events table ------------------------------------------------------

@pytest.mark.parametrize("face, expected", [
    (1, "nothing"), (5, "nothing"), (6, "light-fails"), (7, "environment"),
    (10, "environment"), (11, "sounds"), (12, "sounds"),
])
def test_dungeon_events_faces_at_their_boundaries(crawl, face, expected):
    c = crawl(SYSTEM)
    faces = [face, 1, 12] if expected == "environment" else [face, 12]
    result = c.do("enter 2", faces=faces)
    events = _tables(result, "dungeon-events")
    assert len(events) == 1 and events[0].total == face
    assert events[0].entry_id == expected
    assert result.outcomes == (expected,)
    assert bool(_tables(result, "d12-environment")) == (expected == "environment")


def test_a_six_puts_out_one_lit_light_source(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("light candle")
    c.do("enter 2", faces=_quiet_faces(6))
    outs = [event for event in c.events(LightChanged) if event.after == "out"]
    assert len(outs) == 1
    assert len(c.state.lights) == 1


def test_a_five_leaves_the_lights_alone(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("enter 2", faces=_quiet_faces(5))
    assert not c.events(LightChanged)
    assert len(c.state.lights) == 1


def test_a_six_in_the_dark_puts_nothing_out(crawl):
    c = crawl(SYSTEM)
    result = c.do("enter 2", faces=_quiet_faces(6))
    assert not c.events(LightChanged)
    assert result.outcomes == ("light-fails",)


def test_lingering_rolls_the_same_two_dice(crawl):
    c = crawl(SYSTEM)
    for word in ("linger", "search", "rest"):
        result = c.do(f"{word} 1", faces=[11, 1, 1])
        assert _tables(result, "dungeon-events")[0].entry_id == "sounds"
        assert len(_met(result)) == 1
    assert c.state.turn == 3


# -- the d12 encounter check: at or under exits, or at or under Tension ------------------

@pytest.mark.parametrize("exits, tension, face, encounter", [
    (2, 0, 2, True), (2, 0, 3, False),
    (0, 0, 1, False),
    (2, 5, 5, True), (2, 5, 6, False),
    (6, 3, 6, True), (6, 3, 7, False),
    (0, 10, 10, True), (0, 10, 11, False), (12, 0, 12, True),
])
def test_encounter_check_boundaries(crawl, exits, tension, face, encounter):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do(f"enter {exits}", faces=[1, face, 1])
    checks = [event for event in result.events if isinstance(event, Checked)]
    assert len(checks) == 1 and checks[0].roll.total == face
    assert checks[0].success is encounter
    assert len(_met(result)) == (1 if encounter else 0)
    assert c.state.encounters == (1 if encounter else 0)


# -- the d10 + Tension tables ------------------------------------------------------------

@pytest.mark.parametrize("tension, face, index", [
    (0, 1, 0), (0, 2, 0), (0, 3, 1), (0, 10, 4),
    (5, 1, 2), (5, 10, 7),
    (10, 1, 5), (10, 10, 9),
])
def test_encounter_table_is_d10_plus_tension(crawl, tension, face, index):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do("enter 2", faces=[1, 1, face])
    table = c.world.table("d12-encounters")
    rolled = _tables(result, "d12-encounters")[0]
    assert rolled.total == face + tension
    assert rolled.entry_id == table.entries[index].id


@pytest.mark.parametrize("tension, face, index", [
    (0, 1, 0), (0, 2, 0), (0, 3, 1), (3, 7, 4), (10, 1, 5), (10, 10, 9),
])
def test_environment_table_is_d10_plus_tension(crawl, tension, face, index):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do("enter 0", faces=[7, face, 12])
    table = c.world.table("d12-environment")
    rolled = _tables(result, "d12-environment")[0]
    assert rolled.total == face + tension
    assert rolled.entry_id == table.entries[index].id


def test_tension_cannot_be_set_past_10_so_tables_stop_at_20(crawl):
    c = crawl(SYSTEM)
    c.do("set tension 15")
    assert c.value("tension") == 10
    c.do("set tension 2")
    c.do("set tension -5")
    assert c.value("tension") == 0


def test_totals_past_the_tables_clamp_to_their_ends(crawl):
    c = crawl(SYSTEM)
    # A state that somehow holds Tension 12 (say, from an older save) still rolls cleanly.
    c.state = replace(c.state, values={**c.state.values, "tension": 12})
    result = c.do("enter 0", faces=[7, 10, 1, 10])
    env = _tables(result, "d12-environment")[0]
    enc = _tables(result, "d12-encounters")[0]
    assert env.total == 22 and env.entry_id == c.world.table("d12-environment").entries[-1].id
    assert enc.total == 22 and enc.entry_id == c.world.table("d12-encounters").entries[-1].id


# -- Tension up and down -----------------------------------------------------------------

@pytest.mark.parametrize("command, change", [
    ("break-door", 1), ("combat-quiet", 1), ("combat-normal", 2), ("combat", 2),
    ("combat-escaped", 4), ("noise", 1),
    ("disarm-trap", -1), ("circumvent-trap", -1), ("find-secret", -1),
    ("rescue-prisoner", -2), ("achieve-objective", -3),
])
def test_each_tension_change(crawl, command, change):
    c = crawl(SYSTEM)
    c.do("set tension 5")
    c.do(command)
    assert c.value("tension") == 5 + change
    changed = c.events(TrackerChanged)
    assert changed and changed[0].before == 5 and changed[0].after == 5 + change
    assert c.state.turn == 0, "reporting an event takes no time"


@pytest.mark.parametrize("command, start", [
    ("break-door", 10), ("combat-quiet", 10), ("combat-normal", 9), ("combat-escaped", 7),
])
def test_tension_is_capped_at_10(crawl, command, start):
    c = crawl(SYSTEM)
    c.do(f"set tension {start}")
    c.do(command)
    assert c.value("tension") == 10


@pytest.mark.parametrize("command, start", [
    ("disarm-trap", 0), ("find-secret", 0), ("rescue-prisoner", 1), ("achieve-objective", 2),
])
def test_tension_never_drops_below_0(crawl, command, start):
    c = crawl(SYSTEM)
    c.do(f"set tension {start}")
    c.do(command)
    assert c.value("tension") == 0


def test_returning_after_a_week_resets_tension(crawl):
    c = crawl(SYSTEM)
    c.do("set tension 8")
    c.do("return-later")
    assert c.value("tension") == 0


def test_entering_rooms_does_not_change_tension(crawl):
    c = crawl(SYSTEM)
    c.do("set tension 4")
    for seed in range(20):
        c.do("enter 3", seed=seed)
    assert c.value("tension") == 4


# -- struck-off encounters ---------------------------------------------------------------

def test_a_struck_off_encounter_rolled_again_is_no_encounter(crawl):
    c = crawl(SYSTEM)
    c.do("enter 2", faces=[1, 1, 3])
    assert len(_met(c.last)) == 1 and c.state.encounters == 1
    c.do("strike")
    c.do("enter 2", faces=[1, 1, 4])          # 4 is the same entry (3-4)
    struck = [event for event in c.events(Encountered) if event.status == "struck"]
    assert len(struck) == 1 and not _met(c.last)
    assert c.state.encounters == 1
    c.do("enter 2", faces=[1, 1, 5])          # another entry still comes
    assert len(_met(c.last)) == 1 and c.state.encounters == 2


# -- encounter rate ----------------------------------------------------------------------

def _rate(crawl, tension: int, n: int) -> int:
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    hits = 0
    for seed in range(n):
        c.do(c.world.procedure.simulate, seed=seed)
        hits += len(_met(c.last))
    return hits


@pytest.mark.parametrize("tension, p", [(0, 2 / 12), (5, 5 / 12)])
def test_encounter_rate_with_two_exits(crawl, tension, p):
    n = 2400
    hits = _rate(crawl, tension, n)
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(hits - n * p) < 4 * sigma, (hits, n * p)


def test_encounter_rates_differ_for_tension_0_and_5(crawl):
    # 2/12 and 5/12 are far apart; a wrong rule (Tension ignored) would match them.
    rng = random.Random(7)
    seeds = [rng.randrange(10**6) for _ in range(600)]
    low = crawl(SYSTEM)
    high = crawl(SYSTEM)
    high.do("set tension 5")
    low_hits = high_hits = 0
    for seed in seeds:
        low.do("enter 2", seed=seed)
        high.do("enter 2", seed=seed)
        low_hits += len(_met(low.last))
        high_hits += len(_met(high.last))
    assert high_hits > low_hits * 1.6
