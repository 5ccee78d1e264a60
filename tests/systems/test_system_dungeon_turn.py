"""The dungeon-turn procedure (seed 004): actions, the d6 hazard die, disposition, leaving."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
import yaml  # type: ignore[import-untyped]

import solo
from solo.engine.core import start
from solo.engine.events import (
    Checked,
    Encountered,
    LightChanged,
    MemberChanged,
    Rolled,
    Said,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.errors import UsageError
from tests.conftest import perform_line as perform
from tests.fake_env import run_here

SYSTEM = "dungeon-turn"
HAZARD_IDS = {1: "encounter", 2: "fatigue", 3: "signs", 4: "local-effect", 5: "depletion",
              6: "free"}
QUIET = 6   # the hazard face that never does anything


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def _tables(result, name):
    return [e for e in result.events if isinstance(e, TableRolled) and e.table == name]


def _met(result):
    return [e for e in result.events if isinstance(e, Encountered) and e.status == "met"]


def _past_first_six(c) -> None:
    for _ in range(6):
        c.do("explore", faces=[QUIET])
    assert c.state.turn == 6


# -- the frame -----------------------------------------------------------------------

def test_turns_of_10_minutes_and_the_trackers(crawl):
    c = crawl(SYSTEM)
    procedure = c.world.procedure
    assert procedure.clock_unit == "turn" and procedure.minutes == 10
    fatigue = procedure.trackers["fatigue"]
    assert (fatigue.minimum, fatigue.start, fatigue.maximum, fatigue.shown) == (0, 0, 2, True)
    assert not procedure.trackers["fatigue_pending"].shown
    assert procedure.settings == {"str_bonus": 0, "int_bonus": 0, "quiet_turns": 6,
                                  "lantern_depletion": "out", "journey_damage": "each"}
    assert procedure.simulate == "explore"
    assert procedure.encounters == "dungeon-turn-encounters"
    lights = procedure.lights
    assert (lights["torch"].level, lights["candle"].level, lights["lantern"].level) == (
        "bright", "dim", "dim")
    assert all(light.turns is None for light in lights.values())


@pytest.mark.parametrize("line, turns", [
    ("explore", 1), ("search", 1), ("move", 1), ("move run", 1), ("rest", 1),
    ("rest-hour", 6), ("harvest 2", 1), ("leave 1 1 arduous", 0),
])
def test_how_long_each_action_takes(crawl, line, turns):
    c = crawl(SYSTEM)
    result = c.do(line, seed=3)
    assert c.state.turn == turns
    assert len([e for e in result.events if isinstance(e, TurnPassed)]) == turns
    assert len(_tables(result, "hazard")) == turns, "one hazard die per turn"


# -- the hazard die, after the first 6 turns -------------------------------------------

@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6])
def test_hazard_face_after_the_first_six_turns(crawl, face):
    c = crawl(SYSTEM)
    _past_first_six(c)
    c.do("light torch")
    result = c.do("explore", faces=[face, 4, 3, 3])
    rolled = _tables(result, "hazard")
    assert rolled[0].roll.text == "d6" and rolled[0].total == face
    assert result.outcomes == (HAZARD_IDS[face],)
    assert bool(_met(result)) == (face == 1)
    assert bool(_tables(result, "dungeon-turn-signs")) == (face == 3)
    assert bool(_tables(result, "dungeon-turn-local-effects")) == (face == 4)
    assert bool([e for e in result.events if isinstance(e, LightChanged)]) == (face == 5)
    assert c.value("fatigue_pending") == (1 if face == 2 else 0)


@pytest.mark.parametrize("face", [4, 5, 6])
@pytest.mark.parametrize("turns_before, active", [(5, False), (6, True)])
def test_four_to_six_do_nothing_until_turn_seven(crawl, face, turns_before, active):
    c = crawl(SYSTEM)
    for _ in range(turns_before):
        c.do("explore", faces=[QUIET])
    c.do("light torch")
    result = c.do("explore", faces=[face, 2])
    assert c.state.turn == turns_before + 1
    expected = HAZARD_IDS[face] if active else "free"
    assert result.outcomes == (expected,)
    assert bool(_tables(result, "dungeon-turn-local-effects")) == (active and face == 4)
    assert bool([e for e in result.events if isinstance(e, LightChanged)]) == (
        active and face == 5)
    if not active:
        assert "first 6" in _said(result)


@pytest.mark.parametrize("face", [1, 2, 3])
def test_one_to_three_work_from_the_very_first_turn(crawl, face):
    c = crawl(SYSTEM)
    result = c.do("explore", faces=[face, 4, 3, 3])
    assert c.state.turn == 1
    assert result.outcomes == (HAZARD_IDS[face],)


# -- encounters and their disposition --------------------------------------------------

def test_an_encounter_is_far_off_and_has_a_disposition(crawl):
    c = crawl(SYSTEM)
    result = c.do("explore", faces=[1, 4, 1, 1])   # grey ooze; 2d6 = 2
    assert len(_met(result)) == 1 and c.state.encounters == 1
    assert "far" in _said(result) and "toward" in _said(result)
    disposition = _tables(result, "disposition")
    assert disposition[0].roll.text == "2d6"
    assert disposition[0].entry_id == "hostile"


@pytest.mark.parametrize("dice, expected", [
    ((1, 1), "hostile"), ((1, 2), "hostile"), ((2, 2), "unfriendly"), ((2, 3), "unfriendly"),
    ((3, 3), "uninterested"), ((4, 4), "uninterested"), ((4, 5), "polite"),
    ((5, 5), "polite"), ((5, 6), "friendly"), ((6, 6), "friendly"),
])
def test_disposition_boundaries(crawl, dice, expected):
    c = crawl(SYSTEM)
    result = c.do("table disposition", faces=list(dice))
    assert _tables(result, "disposition")[0].entry_id == expected


def test_a_struck_off_encounter_is_no_encounter(crawl):
    c = crawl(SYSTEM)
    c.do("strike dungeon-turn-encounters 4")
    result = c.do("explore", faces=[1, 4])
    assert [e.status for e in result.events if isinstance(e, Encountered)] == ["struck"]
    assert not _tables(result, "disposition")
    assert result.outcomes == ("struck",)
    assert c.state.encounters == 0


# -- fatigue -----------------------------------------------------------------------------

def test_fatigue_then_no_rest_makes_the_party_tired_then_exhausted(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[2])
    assert c.value("fatigue") == 0, "fatigue waits for the next turn"
    c.do("explore", faces=[2])
    assert c.value("fatigue") == 1 and "Tired" in _said(c.last)
    c.do("explore", faces=[QUIET])
    assert c.value("fatigue") == 2 and "disadvantage" in _said(c.last)
    c.do("explore", faces=[2])
    c.do("move", faces=[QUIET])
    assert c.value("fatigue") == 2, "exhausted is as bad as it gets"
    c.do("explore", faces=[QUIET])
    assert c.value("fatigue") == 2


@pytest.mark.parametrize("line", ["rest", "rest-hour"])
def test_resting_the_next_turn_clears_a_fatigue_result(crawl, line):
    c = crawl(SYSTEM)
    c.do("explore", faces=[2])
    faces = [QUIET] if line == "rest" else [QUIET] * 6 + [1]    # rest-hour heals at the end
    c.do(line, faces=faces)
    assert c.value("fatigue") == 0 and c.value("fatigue_pending") == 0
    assert not [e for e in c.last.events if isinstance(e, TrackerChanged)]
    c.do("explore", faces=[QUIET])
    assert c.value("fatigue") == 0


def test_a_fatigue_result_during_an_hours_rest_is_rested_off(crawl):
    c = crawl(SYSTEM)
    c.do("rest-hour", faces=[2, 2, QUIET, QUIET, QUIET, QUIET, 1])
    assert c.value("fatigue") == 0


# -- depletion ---------------------------------------------------------------------------

def test_depletion_dims_a_torch_then_puts_it_out(crawl):
    c = crawl(SYSTEM)
    _past_first_six(c)
    c.do("light torch")
    c.do("explore", faces=[5])
    assert c.state.lights[0].dimmed
    c.do("explore", faces=[5])
    assert c.state.lights == ()


@pytest.mark.parametrize("kind", ["candle", "lantern"])
def test_depletion_puts_out_dim_sources(crawl, kind):
    c = crawl(SYSTEM)
    _past_first_six(c)
    c.do(f"light {kind}")
    c.do("explore", faces=[5])
    assert c.state.lights == ()


def test_depletion_in_the_dark_says_so(crawl):
    c = crawl(SYSTEM)
    _past_first_six(c)
    result = c.do("explore", faces=[5])
    assert "nothing dims" in _said(result)


# -- searching, moving, resting, harvesting ----------------------------------------------

@pytest.mark.parametrize("target, words", [
    ("traps", "10 x 10 area for room traps"), ("secret-doors", "10 x 10 area for secret doors"),
    ("treasure-trap", "treasure trap"),
])
def test_search_targets(crawl, target, words):
    c = crawl(SYSTEM)
    assert words in _said(c.do(f"search {target}", faces=[QUIET]))


def test_what_the_light_shows_while_searching(crawl):
    c = crawl(SYSTEM)
    assert "monochrome" in _said(c.do("search", faces=[QUIET]))
    c.do("light candle")
    assert "close objects" in _said(c.do("search", faces=[QUIET]))
    c.do("light torch")
    assert "2 zones" in _said(c.do("search", faces=[QUIET]))


@pytest.mark.parametrize("pace, zones", [("careful", 3), ("walk", 20), ("run", 200)])
def test_movement_paces(crawl, pace, zones):
    c = crawl(SYSTEM)
    text = _said(c.do(f"move {pace}", faces=[QUIET]))
    assert f"covers {zones} zones" in text
    if pace == "careful":
        assert "3 times" in text and "40 ft" in text and "120 ft" in text and "24 five-foot" in text
        assert "traps" in text and "map" in text
    else:
        assert "surprises and traps" in text


def test_move_defaults_to_careful(crawl):
    c = crawl(SYSTEM)
    assert "covers 3 zones" in _said(c.do("move", faces=[QUIET]))


@pytest.mark.parametrize("face, bonus, healed", [(1, 0, 1), (8, 0, 8), (8, 2, 10), (3, -1, 2)])
def test_an_hours_rest_heals_1d8_plus_str_bonus(crawl, face, bonus, healed):
    c = crawl(SYSTEM)
    c.do(f"set str_bonus {bonus}")
    result = c.do("rest-hour", faces=[QUIET] * 6 + [face])
    heal = [e for e in result.events if isinstance(e, Rolled)]
    assert heal[0].roll.text == "d8" and heal[0].total == healed
    assert "8 hours" in _said(result)


@pytest.mark.parametrize("hd, bonus, face, success", [
    (3, 0, 13, True), (3, 0, 12, False), (0, 0, 10, True), (0, 0, 9, False),
    (5, 2, 13, True), (5, 2, 12, False),
])
def test_harvesting_is_an_int_check_against_10_plus_hd(crawl, hd, bonus, face, success):
    c = crawl(SYSTEM)
    c.do(f"set int_bonus {bonus}")
    result = c.do(f"harvest {hd}", faces=[face, QUIET])
    check = [e for e in result.events if isinstance(e, Checked)][0]
    assert check.roll.text == "d20" and check.success is success
    assert f"DC {10 + hd}" in check.label


def test_an_exhausted_party_harvests_at_disadvantage(crawl):
    c = crawl(SYSTEM)
    c.do("set fatigue 2")
    result = c.do("harvest 0", faces=[15, 9, QUIET])
    check = [e for e in result.events if isinstance(e, Checked)][0]
    assert check.roll.text == "2d20kl1" and check.roll.total == 9
    assert not check.success and "disadvantage" in check.label


# -- leaving the dungeon -------------------------------------------------------------------

@pytest.mark.parametrize("travel, rooms, dc", [(0, 0, 10), (2, 3, 15), (4, 6, 20), (6, 9, 20)])
def test_leaving_dc_is_10_plus_travel_plus_rooms_at_most_20(crawl, travel, rooms, dc):
    c = crawl(SYSTEM)
    made = c.do(f"leave {travel} {rooms} arduous", faces=[dc])
    assert [e.success for e in made.events if isinstance(e, Checked)] == [True]
    assert f"DC {dc}" in made.events[1].label
    c.do("return")                                 # leaving ends the expedition
    missed = c.do(f"leave {travel} {rooms} arduous", faces=[dc - 1])
    assert [e.success for e in missed.events if isinstance(e, Checked)] == [False]
    assert "loses 1 items" in _said(missed)


def test_a_dangerous_failure_costs_1d6_per_point_missed(crawl):
    c = crawl(SYSTEM)
    result = c.do("leave 2 3 dangerous", faces=[12, 1, 2, 3])   # DC 15, missed by 3
    damage = [e for e in result.events if isinstance(e, Rolled)]
    assert damage[0].roll.text == "3d6" and damage[0].total == 6
    assert "0 hit protection" in _said(result) and "omen roll" in _said(result)


def test_an_arduous_failure_costs_an_item_per_point_missed(crawl):
    c = crawl(SYSTEM)
    result = c.do("leave 2 3 arduous", faces=[11])               # DC 15, missed by 4
    text = _said(result)
    assert "loses 4 items" in text and "least valuable" in text
    assert not [e for e in result.events if isinstance(e, Rolled)]
    assert "omen" not in text  # (items lost, no hit points: no omen)


def test_the_best_skill_bonus_adds_to_the_leaving_roll(crawl):
    c = crawl(SYSTEM)
    result = c.do("leave 2 3 dangerous 2", faces=[13])
    assert [e.success for e in result.events if isinstance(e, Checked)] == [True]
    assert "back to camp" in _said(result)
    assert c.state.turn == 0 and not _tables(result, "hazard")


def test_leaving_needs_the_referees_call(crawl):
    c = crawl(SYSTEM)
    with pytest.raises(UsageError):
        c.do("leave 2 3")


# -- statistics ------------------------------------------------------------------------------

def _within(hits: int, n: int, p: float) -> None:
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(hits - n * p) < 4 * sigma, (hits, n * p)


def test_after_turn_six_each_hazard_comes_one_turn_in_six(crawl):
    c = crawl(SYSTEM)
    rng = random.Random(404)
    counts: Counter = Counter()
    n = 0
    for _ in range(3000):
        result = c.do(c.world.procedure.simulate, seed=rng.randrange(10**9))
        if c.state.turn > 6:
            counts.update(result.outcomes)
            n += 1
    for outcome in HAZARD_IDS.values():
        _within(counts[outcome], n, 1 / 6)


def test_in_the_first_six_turns_half_the_turns_are_free(crawl):
    c = crawl(SYSTEM)
    rng = random.Random(77)
    counts: Counter = Counter()
    n = 0
    for _ in range(300):
        c.state = start(c.world)
        for _ in range(6):
            counts.update(c.do("explore", seed=rng.randrange(10**9)).outcomes)
            n += 1
    _within(counts["free"], n, 1 / 2)
    _within(counts["encounter"], n, 1 / 6)
    assert counts["local-effect"] == counts["depletion"] == 0


# -- an hour's rest, broken by an encounter ------------------------------------------------

def _heals(result):
    return [e for e in result.events if isinstance(e, Rolled) and "heals" in e.label]


@pytest.mark.parametrize("at", [1, 3, 6])
def test_an_encounter_breaks_the_hours_rest(crawl, at):
    c = crawl(SYSTEM)
    # the encounter's hazard face 1, its d8 entry 1 (1d6 ants: a 1), its 2d6 disposition
    faces = [QUIET] * (at - 1) + [1, 1, 1, 3, 4] + [QUIET] * (6 - at) + [8]
    result = c.do("rest-hour", faces=faces)
    assert c.state.turn == at and len(_met(result)) == 1  # its later turns do not pass
    assert not _heals(result)
    assert f"breaks the hour's rest in its turn {at}" in _said(result)
    assert (f"stops rest-hour after {at} of its 6 turns" in _said(result)) == (at < 6)


def test_an_unbroken_hour_heals_once_at_its_end(crawl):
    c = crawl(SYSTEM)
    result = c.do("rest-hour", faces=[QUIET, 3, 1, 4, QUIET, 5, 6, 8])   # signs, then quiet 4-6
    assert [heal.total for heal in _heals(result)] == [8]
    assert isinstance(result.events[-1], Rolled)
    assert "breaks" not in _said(result)


def test_after_the_rest_is_broken_the_next_move_is_the_player_s(crawl):
    c = crawl(SYSTEM)
    c.do("rest-hour", faces=[1, 1, 1, 3, 4])
    assert c.state.turn == 1
    c.do("rest", faces=[2])  # a fatigue result: the next turn must rest
    assert c.value("fatigue") == 0 and c.value("fatigue_pending") == 1


def test_a_struck_off_encounter_does_not_break_the_rest(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[1, 1, 1, 3, 4])
    c.do("strike")
    # hazard 1, the struck entry 1 (its 1d6 still rolled), then five quiet turns
    result = c.do("rest-hour", faces=[1, 1, 1, QUIET, QUIET, QUIET, QUIET, QUIET, 5])
    assert not _met(result) and [heal.total for heal in _heals(result)] == [5]


def test_a_later_hour_of_rest_is_whole_again(crawl):
    c = crawl(SYSTEM)
    c.do("rest-hour", faces=[1, 1, 1, 3, 4, QUIET, QUIET, QUIET, QUIET, QUIET])
    result = c.do("rest-hour", faces=[QUIET] * 6 + [2])
    assert [heal.total for heal in _heals(result)] == [2]


# -- harvesting when only tired ----------------------------------------------------------------

def test_a_tired_party_harvests_without_disadvantage(crawl):
    c = crawl(SYSTEM)
    c.do("set fatigue 1")
    result = c.do("harvest 0", faces=[15, QUIET])
    check = [e for e in result.events if isinstance(e, Checked)][0]
    assert check.roll.text == "d20" and check.roll.total == 15
    assert check.success and "disadvantage" not in check.label


# -- leaving ends the delve ----------------------------------------------------------------------

@pytest.mark.parametrize("roll", [15, 3])
@pytest.mark.parametrize("face", [4, 5, 6])
def test_a_new_delve_after_leaving_has_its_quiet_first_six_turns(crawl, roll, face):
    c = crawl(SYSTEM)
    for _ in range(9):
        c.do("explore", faces=[QUIET])
    c.do("explore", faces=[2])                     # a fatigue result, left behind
    c.do("leave 2 3 arduous", faces=[roll])
    assert "delve is over" in _said(c.last)
    assert c.value("fatigue_pending") == 0
    c.do("return")                                 # the next delve
    c.do("light torch")
    for turn in range(1, 7):
        result = c.do("explore", faces=[face, 2])
        assert result.outcomes == ("free",), turn
        assert f"Turn {turn} of the delve's first 6" in _said(result)
    assert c.state.lights and c.value("fatigue") == 0
    result = c.do("explore", faces=[face, 2])
    assert result.outcomes == (HAZARD_IDS[face],)


# -- fatigue as named levels ---------------------------------------------------------------

def test_fatigue_levels_are_named_and_exhausted_rolls_at_disadvantage(crawl):
    from solo.engine.core import level_of
    c = crawl(SYSTEM)
    assert level_of(c.world, c.state, "fatigue") == "Fresh"
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])
    assert level_of(c.world, c.state, "fatigue") == "Tired"
    c.do("harvest 2", faces=[9])
    check = next(e for e in c.last.events if isinstance(e, Checked))
    assert "disadvantage" not in check.label and check.roll.total == 9
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])
    assert level_of(c.world, c.state, "fatigue") == "Exhausted"
    c.do("harvest 2", faces=[15, 3])
    check = next(e for e in c.last.events if isinstance(e, Checked))
    assert "at disadvantage" in check.label and check.roll.total == 3 and not check.success


def test_status_names_the_fatigue_level(tmp_path):
    run = run_here("new", str(tmp_path / "t.md"), "--system", SYSTEM, "--seed", "1",
                   stdin="status\nset fatigue 1\nstatus\nset fatigue 2\nstatus\n", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    shown = [line for line in run.stdout.splitlines() if line.startswith("Fatigue:")]
    assert shown == ["Fatigue: 0/2 (Fresh)", "Fatigue: 1/2 (Tired)", "Fatigue: 2/2 (Exhausted)"]


# -- the party: each member's fatigue, healing, the cost of leaving, and omens --------------

def members(c) -> dict[str, tuple[int, int, int]]:
    """Each member's hit points, maximum and fatigue."""
    return {m.name: (m.hp, m.max_hp, m.condition("fatigue")) for m in c.state.party}


def test_fatigue_not_rested_off_makes_each_member_tired_then_exhausted(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    assert members(c) == {"Wren": (8, 8, 0), "Brother Ott": (8, 8, 0)}
    c.do("explore", faces=[2])
    assert members(c) == {"Wren": (8, 8, 1), "Brother Ott": (8, 8, 1)}
    assert [e.marks for e in c.events(MemberChanged)] == [("tired",), ("tired",)]
    assert c.value("fatigue") == 1, "the party's ladder moves beside the members'"
    c.do("explore", faces=[QUIET])
    assert members(c) == {"Wren": (8, 8, 2), "Brother Ott": (8, 8, 2)}
    assert [e.marks for e in c.events(MemberChanged)] == [("exhausted",), ("exhausted",)]
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])
    assert members(c)["Wren"][2] == 2 and not c.events(MemberChanged), "no step past exhausted"


def test_a_rest_after_a_fatigue_result_keeps_every_member_fresh(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    c.do("rest", faces=[QUIET])
    assert members(c) == {"Wren": (8, 8, 0), "Brother Ott": (8, 8, 0)}


def test_a_member_who_joins_fresh_harvests_without_disadvantage(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("explore", faces=[2])
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])
    c.do("party add Mira")
    assert members(c) == {"Wren": (8, 8, 2), "Mira": (8, 8, 0)}
    check = [e for e in c.do("harvest 0", [15, QUIET], actor="Mira").events
             if isinstance(e, Checked)][0]
    assert check.roll.text == "d20" and "disadvantage" not in check.label
    check = [e for e in c.do("harvest 0", [15, 9, QUIET], actor="Wren").events
             if isinstance(e, Checked)][0]
    assert check.roll.text == "2d20kl1" and "disadvantage" in check.label
    check = [e for e in c.do("harvest 0", faces=[15, 9, QUIET]).events
             if isinstance(e, Checked)][0]
    assert check.roll.text == "2d20kl1", "unnamed, the party's ladder decides"


def _hurt(c, wren: int, ott: int) -> None:
    c.state = replace(c.state, party=tuple(
        replace(m, hp=wren if m.name == "Wren" else ott) for m in c.state.party))


def test_an_hours_rest_heals_each_member_1d8_plus_str_bonus(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    _hurt(c, 1, 2)
    c.do("set str_bonus 1")
    result = c.do("rest-hour", faces=[QUIET] * 6 + [3, 8])
    heals = [e for e in result.events if isinstance(e, Rolled)]
    assert [(e.label, e.roll.text, e.total) for e in heals] == [
        ("The hour's rest heals Wren (1d8 + str_bonus)", "d8", 4),
        ("The hour's rest heals Brother Ott (1d8 + str_bonus)", "d8", 9)]
    assert members(c) == {"Wren": (5, 8, 0), "Brother Ott": (8, 8, 0)}, "never past the maximum"
    assert [e.reason for e in c.events(MemberChanged)] == ["an hour's rest"] * 2


def test_a_named_members_hour_of_rest_heals_that_member_alone(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    _hurt(c, 1, 2)
    c.do("rest-hour", [QUIET] * 6 + [5], actor="Brother Ott")
    assert members(c) == {"Wren": (1, 8, 0), "Brother Ott": (7, 8, 0)}


def test_a_broken_hour_heals_no_member(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    _hurt(c, 1, 2)
    c.do("rest-hour", faces=[1, 1, 1, 3, 4] + [QUIET] * 5)
    assert members(c) == {"Wren": (1, 8, 0), "Brother Ott": (2, 8, 0)}


def test_a_dangerous_failure_costs_each_member_1d6_per_point_missed(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("leave 2 3 dangerous", faces=[13, 1, 2, 6, 5])   # DC 15, missed by 2
    damage = [e for e in result.events if isinstance(e, Rolled)]
    assert [(e.roll.text, e.total) for e in damage] == [("2d6", 3), ("2d6", 11)]
    assert damage[0].label == "Dangerous journey: Wren takes 1d6 for each of the 2 points missed"
    assert members(c) == {"Wren": (5, 8, 0), "Brother Ott": (0, 8, 0)}
    text = _said(result)
    assert "Brother Ott is brought to 0 hit protection: Brother Ott suffers an omen and must " \
        "make an omen roll." in text
    assert "Wren is brought" not in text
    assert "Anyone brought to 0" not in text, "with a party, the omen is named per member"


def test_an_arduous_failure_costs_no_hit_points(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("leave 2 3 arduous", faces=[11])
    assert "loses 4 items" in _said(result)
    assert members(c) == {"Wren": (8, 8, 0), "Brother Ott": (8, 8, 0)}


def test_dangerous_damage_averages_3_and_a_half_per_point_missed(crawl):
    """Each member rolls their own d6 per point missed: mean 3.5, variance 35/12 a die."""
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    base = replace(c.state, party=tuple(replace(m, hp=10**6, max_hp=10**6)
                                        for m in c.state.party))
    rng = random.Random(404)
    dice = lost = 0
    same = failures = 0
    for _ in range(600):
        result = perform(c.world, base, "leave 5 5 dangerous", rng)   # DC 20
        [check] = [e for e in result.events if isinstance(e, Checked)]
        hurt = [10**6 - m.hp for m in result.state.party]
        if check.success:
            assert hurt == [0, 0]
            continue
        failures += 1
        dice += 2 * (20 - check.total)
        lost += sum(hurt)
        same += hurt[0] == hurt[1]
    assert failures > 500
    assert abs(lost - 3.5 * dice) <= 4 * math.sqrt(dice * 35 / 12), (lost, dice)
    assert same < failures / 4, "each member rolls their own damage"


# -- torches and candles as supplies the player counts ------------------------------------

def test_a_fresh_lantern_or_candle_takes_a_candle(crawl):
    c = crawl(SYSTEM)
    c.do("supply candles 2")
    c.do("light lantern")
    c.do("light candle")
    assert c.state.supplies["candles"] == 0
    with pytest.raises(UsageError, match="no candles left"):
        c.do("light lantern")


def test_each_members_hour_of_rest_heals_5_and_a_half_on_average_with_str_bonus_1(crawl):
    """1d8 + 1 for each member: mean 5.5, variance 63/12; each rolls their own."""
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("set str_bonus 1")
    base = replace(c.state, party=tuple(replace(m, hp=1, max_hp=10**6) for m in c.state.party))
    rng = random.Random(5)
    healed: list[int] = []
    same = hours = 0
    for _ in range(600):
        result = perform(c.world, base, "rest-hour", rng)
        gained = [m.hp - 1 for m in result.state.party]
        if not _heals(result):
            assert gained == [0, 0], "a broken hour heals no one"
            continue
        hours += 1
        assert all(2 <= amount <= 9 for amount in gained)
        healed += gained
        same += gained[0] == gained[1]
    assert hours > 100
    assert abs(sum(healed) - 5.5 * len(healed)) <= 4 * math.sqrt(len(healed) * 63 / 12)
    assert same < hours / 3, "each member rolls their own 1d8"


# -- only tired is no disadvantage, for a member as for the party (issue 22) -------------------

@pytest.mark.parametrize("line, faces", [("harvest 0", [15, QUIET]), ("leave 0 0 arduous", [15])])
def test_a_member_who_is_only_tired_rolls_without_disadvantage(crawl, line, faces):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])           # not rested off: everyone is tired
    assert members(c) == {"Wren": (8, 8, 1), "Brother Ott": (8, 8, 1)}
    assert c.value("fatigue") == 1
    for actor in ("Wren", None):             # a tired member, and the tired party
        check = [e for e in c.do(line, faces, actor=actor).events if isinstance(e, Checked)][0]
        assert check.roll.text == "d20" and check.roll.total == 15
        assert "disadvantage" not in check.label
        if line.startswith("leave"):
            c.do("return")                   # leaving ends the expedition: back in


def test_only_the_exhausted_member_rolls_at_disadvantage(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[2])
    c.do("explore", faces=[QUIET])
    c.do("party set Wren fatigue 2")
    assert members(c) == {"Wren": (8, 8, 2), "Brother Ott": (8, 8, 1)}
    tired = [e for e in c.do("harvest 0", [15, QUIET], actor="Brother Ott").events
             if isinstance(e, Checked)][0]
    exhausted = [e for e in c.do("harvest 0", [15, 4, QUIET], actor="Wren").events
                 if isinstance(e, Checked)][0]
    assert (tired.roll.text, tired.total) == ("d20", 15)
    assert (exhausted.roll.text, exhausted.total) == ("2d20kl1", 4)


# -- a dimmed torch is dim light (issue 22) ------------------------------------------------------

def test_a_dimmed_torch_gives_dim_light_not_bright(crawl):
    from solo.engine.interpreter import light_level
    c = crawl(SYSTEM)
    _past_first_six(c)
    c.do("light torch")
    assert light_level(c.world.procedure, c.state.lights) == "bright"
    c.do("explore", faces=[5])                # depletion: the torch dims
    assert light_level(c.world.procedure, c.state.lights) == "dim"
    text = _said(c.do("search", faces=[QUIET]))
    assert "only close objects" in text and "2 zones" not in text
    c.do("light torch")                       # a fresh, bright torch beside it
    assert light_level(c.world.procedure, c.state.lights) == "bright"
    c.do("explore", faces=[5])                # the dimmed one goes out, the fresh one dims
    assert [(light.kind, light.dimmed) for light in c.state.lights] == [("torch", True)]
    assert light_level(c.world.procedure, c.state.lights) == "dim"


# -- the readings as settings: the lantern and the dangerous journey -----------------------------

def test_depletion_spares_the_lantern_when_it_cannot_be_blown_out(crawl):
    c = crawl(SYSTEM)
    _past_first_six(c)
    c.do("set lantern_depletion spared")
    for kind in ("lantern", "candle", "torch"):
        c.do(f"light {kind}")
    result = c.do("explore", faces=[5])
    assert [(light.kind, light.dimmed) for light in c.state.lights] == [
        ("lantern", False), ("torch", True)]
    assert "cannot be blown out" in _said(result)
    c.do("explore", faces=[5])
    assert [light.kind for light in c.state.lights] == ["lantern"]


def test_a_dangerous_journey_can_cost_the_party_one_roll(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("set journey_damage once")
    result = c.do("leave 2 3 dangerous", faces=[13, 1, 2])   # DC 15, missed by 2
    damage = [e for e in result.events if isinstance(e, Rolled)]
    assert [(e.roll.text, e.total) for e in damage] == [("2d6", 3)]
    assert members(c) == {"Wren": (8, 8, 0), "Brother Ott": (8, 8, 0)}
    assert "Share it out among the characters" in _said(result)


# -- searching, light and movement are reminders, and say why ------------------------------------

@pytest.mark.parametrize("line", ["search traps", "search treasure-trap", "move careful",
                                  "move run"])
def test_search_and_movement_roll_nothing_but_the_hazard_die(crawl, line):
    c = crawl(SYSTEM)
    c.do("light torch")
    result = c.do(line, faces=[QUIET])
    assert not [e for e in result.events if isinstance(e, (Checked, Rolled))]
    assert [e.table for e in result.events if isinstance(e, TableRolled)] == ["hazard"]
    raw = yaml.safe_load((Path(solo.__file__).parent / "systems" / f"{SYSTEM}.yaml").read_text())
    reading = " ".join(raw["actions"][line.split()[0]]["reading"].split())
    assert reading.startswith("A reminder, by design.")
    assert "gives no roll" in reading or "Neither gives a check" in reading \
        or "solo cannot tell whether the ground a move crosses is unknown" in reading
    if line.startswith("move"):  # seed 004: fast over unknown ground *will* set them off
        assert "a certainty, not a chance" in reading and "gives no roll" not in reading


def test_one_roll_for_a_party_of_one_says_whom_it_hurts(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("set journey_damage once")
    result = c.do("leave 2 3 dangerous", faces=[14, 4])     # DC 15, missed by 1
    assert [e.total for e in result.events if isinstance(e, Rolled)] == [4]
    assert "Share it out among the characters" in _said(result)
    assert members(c) == {"Wren": (8, 8, 0)}
