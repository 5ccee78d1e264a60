"""The exploration procedure (seed 002): 10-minute turns, the d6 hazard die, light
durations, movement, DC checks, surprise, rest every 6 turns, and traditional bookkeeping."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import replace

import pytest

from solo.engine.core import start
from solo.engine.events import (
    Checked,
    Encountered,
    LightChanged,
    MemberChanged,
    Said,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.errors import UsageError
from tests.conftest import perform_line as perform

SYSTEM = "exploration"


QUIET = 5  # a hazard die face with no effect


def said(c) -> str:
    return "\n".join(event.text for event in c.events(Said))


def lit(c) -> list[tuple[str, int | None]]:
    return [(light.kind, light.remaining) for light in c.state.lights]


def test_turns_are_ten_minutes(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[QUIET])
    [passed] = c.events(TurnPassed)
    assert passed.minutes == 10 and c.state.turn == 1


@pytest.mark.parametrize("face, outcome", [
    (1, "encounter"), (2, "sign"), (3, "light"), (4, "fatigue"), (5, "nothing"), (6, "nothing"),
])
def test_hazard_die_faces(crawl, face, outcome):
    c = crawl(SYSTEM)
    c.do("light torch")
    result = c.do("explore", faces=[face])
    assert result.outcomes == (outcome,)
    [hazard] = [e for e in c.events(TableRolled) if e.table == "hazard"]
    assert hazard.roll.text == "d6"


def test_quiet_turn_changes_nothing_but_the_light(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("explore", faces=[6])
    assert not c.events(Encountered) and not c.events(TrackerChanged)
    assert lit(c) == [("torch", 5)]


# -- 1 encounter and surprise -------------------------------------------------------------

def test_with_no_one_named_one_wis_check_stands_for_the_party(crawl):
    """Seed 002: a WIS check (DC 12) against surprise; with no one named, one check for
    the party (its wis_bonus), as the CON save is one for the party."""
    for face, caught in ((12, False), (11, True)):
        c = crawl(SYSTEM)
        c.do("light torch")
        c.do("explore", faces=[1, 3, face])
        [met] = c.events(Encountered)
        assert met.table == "exploration-encounters" and "hermit mage" in met.text
        [check] = c.events(Checked)
        assert check.label == "WIS check (DC 12) against surprise for the party"
        assert check.success is not caught
        assert ("The party is surprised and cannot act in the first round" in said(c)) is caught
        assert "cannot spot danger" not in said(c)
    c.do("set wis_bonus 1")
    c.do("explore", faces=[1, 3, 11])
    assert c.events(Checked)[0].success, "11 + wis_bonus 1 is 12"


def test_in_darkness_no_one_can_spot_danger_so_the_party_is_surprised(crawl):
    """Seed 002: with no light the party is blind and cannot spot danger: no check."""
    c = crawl(SYSTEM)
    c.do("explore", faces=[1, 3])
    assert not c.events(Checked)
    assert "cannot spot danger: it is surprised and cannot act in the first round" in said(c)


def test_in_darkness_each_character_is_surprised_but_one_with_darkvision_checks(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[1, 3])
    assert not c.events(Checked)
    for name in ("Wren", "Brother Ott"):
        assert f"{name} cannot spot danger with no light: surprised" in said(c)
    c.do("party set Wren darkvision 1")
    c.do("explore", faces=[1, 3, 12])
    assert [(check.label, check.success) for check in c.events(Checked)] == [
        ("WIS check (DC 12) against surprise for Wren", True)]
    assert "Brother Ott cannot spot danger" in said(c) and "Wren cannot" not in said(c)


# -- 2 sign ---------------------------------------------------------------------------

def test_sign_rolls_the_signs_table(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[2, 3])
    [sign] = [e for e in c.events(TableRolled) if e.table == "exploration-signs"]
    assert sign.roll.text == "d6" and "Tracks" in sign.text
    assert not c.events(Encountered)


# -- 3 light ----------------------------------------------------------------------------

def test_light_result_puts_out_one_torch(crawl):
    c = crawl(SYSTEM)
    for kind in ("torch", "torch", "lantern"):
        c.do(f"light {kind}")
    c.do("explore", faces=[6])  # (a torch lit this very turn only flickers)
    c.do("explore", faces=[3])
    assert lit(c) == [("torch", 4), ("lantern", 34)]
    assert len(c.events(LightChanged)) == 1


def test_light_result_runs_a_lantern_low_when_no_torch_burns(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")
    c.do("explore", faces=[3])
    assert lit(c) == [("lantern", 17)]  # 36 halved to 18, then the turn burns 1
    assert "oil runs low" in said(c)


def test_light_result_spares_candles(crawl):
    c = crawl(SYSTEM)
    c.do("light candle")
    c.do("explore", faces=[3])
    assert lit(c) == [("candle", 5)]
    assert "No torch or lantern is burning" in said(c)


# -- 4 fatigue ---------------------------------------------------------------------------

def test_fatigue_result_then_no_rest_calls_for_a_con_save_dc_12(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[4])
    assert "CON save (DC 12)" in said(c) and c.value("fatigue") == 0
    c.do("explore", faces=[11, QUIET])
    [save] = c.events(Checked)
    assert save.label == "CON save (DC 12)" and not save.success
    assert c.value("fatigue") == 1
    c.do("explore", faces=[QUIET])
    assert c.value("fatigue") == 1 and not c.events(Checked)  # settled once


def test_con_save_of_12_holds(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[4])
    c.do("explore", faces=[12, QUIET])
    assert c.events(Checked)[0].success and c.value("fatigue") == 0


def test_con_bonus_is_added_to_the_save(crawl):
    c = crawl(SYSTEM)
    c.do("set con_bonus 1")
    c.do("explore", faces=[4])
    c.do("explore", faces=[11, QUIET])
    [save] = c.events(Checked)
    assert save.total == 12 and save.success and c.value("fatigue") == 0


def test_resting_after_a_fatigue_result_needs_no_save(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[4])
    c.do("rest", faces=[QUIET])
    assert not c.events(Checked) and c.value("fatigue") == 0


def test_fatigue_result_while_resting_is_already_satisfied(crawl):
    c = crawl(SYSTEM)
    c.do("rest", faces=[4])
    assert "satisfied" in said(c)
    c.do("explore", faces=[QUIET])
    assert not c.events(Checked)


# -- rest every 6 turns ------------------------------------------------------------------

def test_rest_is_due_after_6_turns_without_one(crawl):
    c = crawl(SYSTEM)
    for _ in range(5):
        c.do("explore", faces=[QUIET])
        assert "without rest" not in said(c)
    c.do("explore", faces=[QUIET])
    assert "6 turns (about an hour) without rest" in said(c)
    c.do("explore", faces=[11, QUIET])  # skipped the rest: CON save, failed
    assert c.events(Checked)[0].label == "CON save (DC 12)"
    assert c.value("fatigue") == 1
    # The count starts again: the next warning comes 6 turns after the skipped rest.
    for _ in range(4):
        c.do("explore", faces=[QUIET])
        assert "without rest" not in said(c)
    c.do("explore", faces=[QUIET])
    assert "without rest" in said(c)


def test_taking_the_hourly_rest_avoids_the_save(crawl):
    c = crawl(SYSTEM)
    for _ in range(6):
        c.do("explore", faces=[QUIET])
    c.do("rest", faces=[QUIET])
    assert "hourly rest" in said(c) and not c.events(Checked)
    for _ in range(5):
        c.do("explore", faces=[QUIET])
        assert "without rest" not in said(c)
        assert not c.events(Checked)


def test_an_early_rest_restarts_the_count(crawl):
    c = crawl(SYSTEM)
    for _ in range(3):
        c.do("explore", faces=[QUIET])
    c.do("rest", faces=[QUIET])
    for _ in range(5):
        c.do("explore", faces=[QUIET])
        assert "without rest" not in said(c)
    c.do("explore", faces=[QUIET])
    assert "without rest" in said(c)


# -- lights -----------------------------------------------------------------------------

@pytest.mark.parametrize("kind, turns", [("torch", 6), ("lantern", 36), ("candle", 6)])
def test_light_durations(crawl, kind, turns):
    c = crawl(SYSTEM)
    c.do(f"light {kind}")
    assert lit(c) == [(kind, turns)]
    for _ in range(turns - 1):
        c.do("rest", faces=[QUIET])
    assert lit(c) == [(kind, 1)]
    c.do("rest", faces=[QUIET])
    assert lit(c) == []
    assert c.events(LightChanged)[0].after == "burnt out"


def test_light_sources_facts(crawl):
    c = crawl(SYSTEM)
    c.do("sources")
    text = said(c)
    assert "Torch: 6 turns (1 hour); 30 ft bright light, then 30 ft dim." in text
    assert "Lantern: 6 hours (36 turns) on 1 flask of oil; 30 ft bright, then 30 ft dim." in text
    assert "1 watch is read as the same 36 turns" in text
    assert "Candle: 1 hour (6 turns); 5 ft bright, then 5 ft dim" in text
    assert "Darkvision: sees 30 ft in dim light as if bright" in text
    assert c.state.turn == 0


def test_candle_light_is_dim_torch_and_lantern_bright(crawl):
    levels = {name: kind.level for name, kind in crawl(SYSTEM).world.procedure.lights.items()}
    assert levels == {"torch": "bright", "lantern": "bright", "candle": "dim"}


# -- movement ----------------------------------------------------------------------------

@pytest.mark.parametrize("speed, feet, cautious, rushing", [
    ("slow", 15, 45, 90), ("normal", 30, 90, 180), ("fast", 45, 135, 270),
])
def test_movement_table(crawl, speed, feet, cautious, rushing):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do(f"move {speed}", faces=[QUIET])
    assert f"moves up to {cautious} yards this turn ({speed} speed, {feet} ft a combat round" \
        in said(c)
    assert "mapping" in said(c)
    assert c.state.turn == 1
    c.do(f"move {speed} rushing", faces=[QUIET])
    assert f"moves up to {rushing} yards" in said(c)
    assert "no searching or mapping" in said(c)
    assert "Setback on checks to spot traps" in said(c)
    assert c.state.turn == 2


def test_move_defaults_to_normal_cautious(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("move", faces=[QUIET])
    assert "up to 90 yards" in said(c) and "cautious" in said(c)


def test_no_light_halves_movement_and_blinds_the_party(crawl):
    c = crawl(SYSTEM)
    c.do("move fast rushing", faces=[QUIET])
    assert "up to 135 yards" in said(c)
    assert "effectively blind" in said(c) and "Setback on all rolls" in said(c)
    c.do("explore", faces=[QUIET])
    assert "effectively blind" in said(c)


# -- checks ------------------------------------------------------------------------------

@pytest.mark.parametrize("line, dc", [
    ("search", 12), ("search easy", 8), ("search hard", 16), ("search 14", 14),
    ("search dc=3", 3),
])
def test_search_is_a_wis_check_against_the_dc(crawl, line, dc):
    c = crawl(SYSTEM)
    for face, success in ((dc - 1, False), (dc, True)):
        c.state = start(c.world)
        c.do("light candle")
        c.do(line, faces=[face, QUIET])
        [check] = c.events(Checked)
        assert check.label == f"WIS check to search (DC {dc})"
        assert check.success is success
        assert ("Found" in said(c)) is success
        assert ("does not prove there is nothing" in said(c)) is not success
        assert c.state.turn == 1


def test_search_help_names_the_easy_and_hard_dcs(crawl):
    action = crawl(SYSTEM).world.procedure.actions["search"]
    assert "easy 8" in action.help and "hard 16" in action.help


def test_wis_bonus_helps_the_search(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("set wis_bonus 2")
    c.do("search", faces=[10, QUIET])
    assert c.events(Checked)[0].total == 12 and c.events(Checked)[0].success


def test_no_searching_without_light(crawl):
    c = crawl(SYSTEM)
    with pytest.raises(UsageError, match="No light, no searching"):
        c.do("search", faces=[20, QUIET])
    assert c.state.turn == 0


@pytest.mark.parametrize("action, stat, bonus", [
    ("force-door", "STR", "str_bonus"), ("pick-lock", "DEX", "dex_bonus"),
    ("listen", "WIS", "wis_bonus"),
])
def test_door_checks(crawl, action, stat, bonus):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do(action, faces=[11, QUIET])
    [check] = c.events(Checked)
    assert check.label.startswith(stat) and check.label.endswith("(DC 12)")
    assert not check.success and c.state.turn == 1
    c.do(action, faces=[12, QUIET])
    assert c.events(Checked)[0].success
    c.do(f"set {bonus} 3")
    c.do(f"{action} hard", faces=[13, QUIET])
    [check] = c.events(Checked)
    assert check.label.endswith("(DC 16)") and check.total == 16 and check.success


def test_rest_takes_a_turn(crawl):
    c = crawl(SYSTEM)
    c.do("rest", faces=[QUIET])
    assert c.state.turn == 1 and "eating, drinking" in said(c)


# -- traditional bookkeeping ------------------------------------------------------------

def test_traditional_bookkeeping_rolls_one_in_n_instead_of_the_hazard_die(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("set bookkeeping traditional")
    result = c.do("explore", faces=[1, 3])
    assert result.outcomes == ("encounter",)
    assert c.events(Checked)[0].label == "Encounter roll (a 1 on d6)"
    assert not [e for e in c.events(TableRolled) if e.table == "hazard"]
    assert c.events(Encountered)[0].status == "met"
    result = c.do("explore", faces=[2])
    assert result.outcomes == ("nothing",) and not c.events(Encountered)
    result = c.do("explore", faces=[3])  # a 3 is not the light result here
    assert result.outcomes == ("nothing",) and lit(c) == [("torch", 3)]


def test_traditional_die_size_is_a_setting(crawl):
    c = crawl(SYSTEM)
    c.do("set bookkeeping traditional")
    c.do("set encounter_in 10")
    c.do("explore", faces=[10])
    assert c.events(Checked)[0].roll.text == "d10"


def test_traditional_bookkeeping_still_tracks_light_and_rest(crawl):
    c = crawl(SYSTEM)
    c.do("set bookkeeping traditional")
    c.do("light torch")
    for _ in range(6):
        c.do("explore", faces=[2])
    assert lit(c) == []
    assert "without rest" in said(c)
    c.do("explore", faces=[11, 2])
    assert c.value("fatigue") == 1


# -- rates ------------------------------------------------------------------------------

def _within(count: int, n: int, p: float) -> bool:
    return abs(count - n * p) <= 4 * math.sqrt(n * p * (1 - p))


def _simulate(c, n: int, seed: int) -> Counter:
    rng = random.Random(seed)
    state = c.state
    counts: Counter = Counter()
    for _ in range(n):
        result = perform(c.world, state, c.world.procedure.simulate, rng)
        state = result.state
        counts.update(result.outcomes)
    assert sum(counts.values()) == n
    return counts


def test_simulated_hazard_rates(crawl):
    c = crawl(SYSTEM)
    assert c.world.procedure.simulate == "explore"
    n = 900
    counts = _simulate(c, n, 7)
    for outcome in ("encounter", "sign", "light", "fatigue"):
        assert _within(counts[outcome], n, 1 / 6), (outcome, counts)
    assert _within(counts["nothing"], n, 2 / 6), counts


@pytest.mark.parametrize("sides", [6, 10])
def test_simulated_traditional_rates(crawl, sides):
    c = crawl(SYSTEM)
    c.do("set bookkeeping traditional")
    c.do(f"set encounter_in {sides}")
    n = 900
    counts = _simulate(c, n, 11)
    assert set(counts) <= {"encounter", "nothing"}
    assert _within(counts["encounter"], n, 1 / sides), counts


# -- the texts a player reads ----------------------------------------------------------

def test_hazard_table_covers_exactly_one_to_six(crawl):
    table = crawl(SYSTEM).world.procedure.tables["hazard"]
    assert (table.dice, table.low, table.high) == ("d6", 1, 6)
    assert [(e.low, e.high) for e in table.entries] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 6)]
    assert "CON save (DC 12)" in table.entries[3].text


def test_only_one_lantern_runs_low(crawl):
    c = crawl(SYSTEM)
    c.do("light lantern")
    c.do("light lantern")
    c.do("explore", faces=[3])
    assert lit(c) == [("lantern", 17), ("lantern", 35)]


def test_fatigue_messages_name_the_dc(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[4])
    c.do("explore", faces=[12, QUIET])
    assert "No rest after the fatigue result: CON save (DC 12)." in said(c)
    for _ in range(4):
        c.do("explore", faces=[QUIET])
    assert c.state.turn == 6
    assert "CON save (DC 12) against 1 Fatigue" in said(c)
    c.do("explore", faces=[12, QUIET])
    assert "skips its hourly rest: CON save (DC 12)" in said(c)


def test_blindness_mentions_darkvision(crawl):
    c = crawl(SYSTEM)
    c.do("explore", faces=[QUIET])
    assert "Darkvision sees 30 ft of darkness as dim light" in said(c)


def test_help_texts_carry_the_numbers(crawl):
    actions = crawl(SYSTEM).world.procedure.actions
    assert "3 times base speed in yards" in actions["move"].help
    speed = actions["move"].args[0]
    assert speed.help == "slow (15 ft a round), normal (30 ft), fast (45 ft)"
    assert "DC 8" in actions["search"].args[0].help and "DC 16" in actions["search"].args[0].help
    for name in ("search", "force-door", "pick-lock"):
        assert "easy 8, normal 12, hard 16" in actions[name].help
    assert "DC 12" in actions["listen"].help


@pytest.mark.parametrize("action", ["force-door", "pick-lock", "listen"])
def test_easy_door_checks_are_dc_8(crawl, action):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do(f"{action} easy", faces=[7, QUIET])
    assert not c.events(Checked)[0].success
    c.do(f"{action} easy", faces=[8, QUIET])
    assert c.events(Checked)[0].success and c.events(Checked)[0].label.endswith("(DC 8)")


def test_steps_and_readings_agree_with_the_rules(crawl):
    procedure = crawl(SYSTEM).world.procedure
    assert "torch 6 turns, lantern 36, candle 6" in procedure.steps[-1]
    readings = {name: kind.reading for name, kind in procedure.lights.items()}
    assert readings["torch"].startswith("6 turns (1 hour). 30 ft of bright light and 30 ft")
    assert readings["lantern"].startswith("6 hours (36 turns) on 1 flask of oil. 30 ft bright, 30")
    assert "lasts 1 watch; we read a watch as the same 6" in " ".join(readings["lantern"].split())
    assert "36 turns either way" in readings["lantern"]
    assert readings["candle"].startswith("1 hour (6 turns). Only 5 ft bright and 5 ft dim")


# -- the party: each character's own CON save and Fatigue ---------------------------------

def fatigue_of(c) -> dict[str, int]:
    return {member.name: member.condition("fatigue") for member in c.state.party}


def test_a_fatigue_result_not_rested_off_calls_a_save_for_each_character(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[4])
    assert fatigue_of(c) == {"Wren": 0, "Brother Ott": 0}
    c.do("explore", faces=[11, 12, QUIET])           # Wren fails, Ott holds
    saves = c.events(Checked)
    assert [(s.label, s.success) for s in saves] == [
        ("CON save (DC 12) for Wren", False), ("CON save (DC 12) for Brother Ott", True)]
    assert fatigue_of(c) == {"Wren": 1, "Brother Ott": 0}
    changes = [(e.name, e.what, e.before, e.after, e.reason) for e in c.events(MemberChanged)]
    assert changes == [("Wren", "fatigue", 0, 1, "failed CON save")]
    assert c.events(MemberChanged)[0].marks == ("Fatigue 1",)
    assert c.value("fatigue") == 1, "the party's count follows the most fatigued character"
    c.do("explore", faces=[QUIET])
    assert not c.events(Checked), "settled once"


def _rested(c) -> None:
    """The hidden turns-since-rest count back to 0 (the player cannot set it)."""
    c.state = replace(c.state, values={**c.state.values, "since_rest": 0})


def test_the_party_count_is_the_worst_characters_fatigue(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    for wren, ott in ((11, 11), (11, 12), (12, 1)):
        _rested(c)                                   # keep the hourly rest out of it
        c.do("explore", faces=[4])
        c.do("explore", faces=[wren, ott, QUIET])
    assert fatigue_of(c) == {"Wren": 2, "Brother Ott": 2}
    c.do("party add Mira fatigue 0")
    _rested(c)
    c.do("explore", faces=[4])
    c.do("explore", faces=[11, 11, 11, QUIET])
    assert fatigue_of(c) == {"Wren": 3, "Brother Ott": 3, "Mira": 1}
    assert c.value("fatigue") == 3


def test_con_bonus_helps_each_characters_save(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("set con_bonus 1")
    c.do("explore", faces=[4])
    c.do("explore", faces=[11, 10, QUIET])
    assert [(s.total, s.success) for s in c.events(Checked)] == [(12, True), (11, False)]
    assert fatigue_of(c) == {"Wren": 0, "Brother Ott": 1}


def test_resting_after_the_fatigue_result_spares_every_character_the_save(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[4])
    c.do("rest", faces=[QUIET])
    assert not c.events(Checked) and fatigue_of(c) == {"Wren": 0, "Brother Ott": 0}


def test_skipping_the_hourly_rest_calls_a_save_for_each_character(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    for _ in range(6):
        c.do("explore", faces=[QUIET])
    assert not c.events(Checked)
    c.do("explore", faces=[1, 20, QUIET])            # the rest skipped: two saves
    assert [s.label for s in c.events(Checked)] == [
        "CON save (DC 12) for Wren", "CON save (DC 12) for Brother Ott"]
    assert fatigue_of(c) == {"Wren": 1, "Brother Ott": 0}


def test_taking_the_hourly_rest_spares_every_character(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    for _ in range(6):
        c.do("explore", faces=[QUIET])
    c.do("rest", faces=[QUIET])
    assert not c.events(Checked) and fatigue_of(c) == {"Wren": 0, "Brother Ott": 0}


def test_each_characters_save_fails_11_times_in_20(crawl):
    """A d20 under 12 fails: 11 times in 20 for each character, each rolling their own."""
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    rng = random.Random(12)
    n, both = 1500, 0
    for _ in range(n):
        before = fatigue_of(c)
        due = replace(c.state, values={**c.state.values, "fatigue_due": 1, "since_rest": 0})
        c.state = perform(c.world, due, "explore", rng).state
        gained = [name for name, value in fatigue_of(c).items() if value > before[name]]
        both += len(gained) == 2
    for name, fatigue in fatigue_of(c).items():
        assert _within(fatigue, n, 11 / 20), (name, fatigue)
    assert _within(both, n, (11 / 20) ** 2), both


# -- light as supplies the player counts ------------------------------------------------------

def test_a_fresh_lantern_takes_a_flask_and_refill_takes_another(crawl):
    c = crawl(SYSTEM)
    c.do("supply oil 2")
    c.do("light lantern")
    assert c.state.supplies["oil"] == 1 and lit(c) == [("lantern", 36)]
    c.do("explore", faces=[3])                       # the oil runs low: half is gone
    assert lit(c) == [("lantern", 17)]
    c.do("refill")
    assert c.state.supplies["oil"] == 0 and lit(c) == [("lantern", 36)]
    c.do("douse lantern")
    c.do("light lantern")
    assert c.state.supplies["oil"] == 0, "a doused lantern relit keeps its oil"
    c.do("refill")
    assert "No oil flasks left" in said(c) and lit(c) == [("lantern", 36)]
    c.do("douse lantern")
    c.do("light candle")
    c.do("light lantern")
    c.state = replace(c.state, lights=(), doused=())
    with pytest.raises(UsageError, match="no oil flasks left"):
        c.do("light lantern")


def test_refill_needs_a_burning_lantern(crawl):
    c = crawl(SYSTEM)
    with pytest.raises(UsageError, match="No lantern is burning"):
        c.do("refill")


# -- surprise: a WIS check for each named character (issue 22) ----------------------------------

def test_surprise_is_a_wis_check_for_each_character_with_their_own_bonus(crawl):
    from solo.journal.notation import event_lines
    c = crawl(SYSTEM, party=("Wren", "Brother Ott", "Mira"))
    c.do("party set Wren wis_bonus 3")
    c.do("light torch")
    result = c.do("explore", faces=[1, 3, 9, 11, 12])   # hazard 1, the hermit mage, 3 checks
    checks = c.events(Checked)
    assert [(e.label, e.roll.text, e.total, e.success) for e in checks] == [
        ("WIS check (DC 12) against surprise for Wren", "d20", 12, True),
        ("WIS check (DC 12) against surprise for Brother Ott", "d20", 11, False),
        ("WIS check (DC 12) against surprise for Mira", "d20", 12, True)]
    lines = [line for event in result.events for line in event_lines(event)]
    assert "(note: Brother Ott is surprised and cannot act in the first round of combat.)" in lines
    assert "Wren is surprised" not in said(c) and "Mira is surprised" not in said(c)
    assert "each character makes a WIS check" not in said(c), "rolled, not only reminded"


def test_no_surprise_check_without_an_encounter(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("explore", faces=[1, 4])         # the encounter table's 4 was struck off below
    c.do("strike")
    c.do("explore", faces=[1, 4])
    assert not c.events(Checked)


# -- the lantern's oil running low ------------------------------------------------------------

@pytest.mark.parametrize("left", [1, 2, 3])
def test_halving_the_oil_leaves_at_least_one_turn(crawl, left):
    from solo.engine.state import Light
    c = crawl(SYSTEM)
    c.state = replace(c.state, lights=(Light("lantern", left, False),))
    c.do("explore", faces=[3])            # halved to 1 (never to 0), then the turn burns it
    assert lit(c) == [], "a lantern with 1 turn of oil left burns out at the end of the turn"
    assert [e.after for e in c.events(LightChanged)] == ["lit, 1 turn left", "burnt out"]


def test_halving_seven_turns_of_oil_leaves_three(crawl):
    from solo.engine.state import Light
    c = crawl(SYSTEM)
    c.state = replace(c.state, lights=(Light("lantern", 7, False),))
    c.do("explore", faces=[3])
    assert lit(c) == [("lantern", 2)]     # 7 // 2 = 3, then the turn burns 1


def test_low_oil_can_be_only_a_warning(crawl):
    c = crawl(SYSTEM)
    assert c.world.procedure.settings["low_oil"] == "halve"
    c.do("set low_oil warn")
    c.do("light lantern")
    c.do("explore", faces=[3])
    assert lit(c) == [("lantern", 35)], "only the turn's burning"
    assert "oil runs low" in said(c) and not c.events(LightChanged)


def test_each_characters_con_save_is_a_d20(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("explore", faces=[4])
    c.do("explore", faces=[20, 1, QUIET])
    assert [(s.roll.text, s.success) for s in c.events(Checked)] == [
        ("d20", True), ("d20", False)]


def test_refill_fills_one_lantern(crawl):
    from solo.engine.state import Light
    c = crawl(SYSTEM)
    c.state = replace(c.state, lights=(Light("lantern", 5, False), Light("lantern", 4, False)))
    c.do("refill")
    assert lit(c) == [("lantern", 36), ("lantern", 4)]
