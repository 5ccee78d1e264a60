"""The forecast agrees with the chances each procedure's own numbers give (issue 21):
exact figures exactly, estimates within 4 standard errors, for every shipped procedure
at two states or more. A forecast never changes the state it reads."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from solo.engine.forecast import forecast, next_turn
from solo.engine.forecast_dice import Chance, seeded
from tests.engine_states import played, world_of


def agrees(chance: Chance, expected: float | Fraction) -> None:
    if chance.exact is not None:
        assert chance.exact == Fraction(expected)
    else:
        assert chance.error > 0
        assert abs(chance.value - float(expected)) <= 4 * chance.error, (chance, expected)


def action(found, line: str):
    return next(odds for odds in found.actions if odds.line == line)


def out(odds, label: str) -> Chance:
    return dict(odds.lights_out)[label]


# -- Trespasser: d10 at or under the Alarm after the move; a d6 depletion check -----------

@pytest.mark.parametrize("alarm", [0, 6])
def test_trespasser_moves_bring_an_encounter_at_the_alarms_odds(alarm):
    state = played("trespasser", "advance", "advance", alarm=alarm)  # a way back
    found = forecast(world_of("trespasser"), state, seeded())
    agrees(action(found, "advance").encounter, Fraction(alarm + 1, 10))
    agrees(action(found, "backtrack").encounter, Fraction(alarm, 10))
    agrees(action(found, "stay").encounter, 0)
    assert "hide" in dict(found.skipped)  # its Stealth result is the player's


@pytest.mark.parametrize(("alarm", "last", "expected"), [
    (0, "advance", 0), (7, "advance", Fraction(2, 10) * Fraction(1, 10)),
    (9, "stay", 1), (10, "backtrack", 1)])
def test_trespasser_alarm_reaches_10_within_3_rounds(alarm, last, expected):
    found = forecast(world_of("trespasser"), played("trespasser", alarm=alarm), seeded(),
                     last)
    assert found.action == last and found.danger is not None
    assert (found.danger.value, found.danger.threshold, found.danger.turns) == (alarm, 10, 3)
    agrees(found.danger.chance, expected)


def test_trespasser_torch_fails_1_in_6_each_round_and_lasts_6_on_average():
    found = forecast(world_of("trespasser"), played("trespasser", "light torch", alarm=3),
                     seeded(), "stay")
    for odds in found.actions:
        agrees(out(odds, "Torch"), Fraction(1, 6))
    torch = found.lights[0].turns
    assert torch.mean is not None and abs(torch.mean - 6) <= 4 * max(torch.error, 0.05)


# -- D12: d12 at or under the exits or the Tension; the events table's 6 puts out a light --

@pytest.mark.parametrize("tension", [0, 8])
def test_d12_entering_brings_an_encounter_at_or_under_exits_or_tension(tension):
    state = played("d12-tension", "light torch", tension=tension)
    found = forecast(world_of("d12-tension"), state, seeded())
    for line in ("enter", "linger"):
        agrees(action(found, line).encounter, Fraction(max(2, tension), 12))
        agrees(out(action(found, line), "Torch"), Fraction(1, 12))
    odds = next_turn(world_of("d12-tension"), state, "enter 5", seeded())
    agrees(odds.encounter, Fraction(max(5, tension), 12))


@pytest.mark.parametrize(("tension", "expected"), [(8, 0), (10, 1)])
def test_d12_tension_never_moves_by_entering_alone(tension, expected):
    found = forecast(world_of("d12-tension"), played("d12-tension", tension=tension),
                     seeded(), "enter 2")
    assert found.danger is not None
    agrees(found.danger.chance, expected)


def test_hidden_tension_is_never_revealed():
    world = world_of("d12-tension")
    state = played("d12-tension", "set show_tension false", tension=8)
    found = forecast(world, state, seeded(), "enter 2")
    assert found.danger is None and found.hidden == ("Tension",)
    odds = action(found, "enter")
    assert odds.at_least
    agrees(odds.encounter, Fraction(2, 12))  # as if Tension were 0: the least it can be
    low = forecast(world, played("d12-tension", "set show_tension false", tension=0),
                   seeded(), "enter 2")
    assert low.to_json() == found.to_json()  # nothing to tell Tension 8 from 0


# -- the d6 hazard dice: an encounter on a 1 -------------------------------------------

@pytest.mark.parametrize("system", ["delving", "exploration", "overloaded"])
@pytest.mark.parametrize("turns", [0, 7])
def test_hazard_die_encounter_1_in_6_and_torch_out(system, turns):
    state = played(system, "light torch", *["rest"] * turns)
    if not state.lights:
        state = played(system, "light torch", *["rest"] * turns, "light torch")
    found = forecast(world_of(system), state, seeded())
    for line in ("explore", "rest"):
        agrees(action(found, line).encounter, Fraction(1, 6))
    # Delving's 3 burns torches out, Exploration's 3 puts one out (one lit this very turn
    # only flickers: tests/engine/test_forecast_flicker.py), Overloaded's 6
    fresh = system == "exploration" and state.lights[0].remaining == 6
    agrees(out(action(found, "explore"), "Torch"), 0 if fresh else Fraction(1, 6))


@pytest.mark.parametrize("turns", [0, 8])
def test_dungeon_turn_encounter_1_in_6_in_the_first_six_turns_and_after(turns):
    state = played("dungeon-turn", *["explore"] * turns)
    found = forecast(world_of("dungeon-turn"), state, seeded())
    assert state.turn == turns
    agrees(action(found, "explore").encounter, Fraction(1, 6))
    agrees(action(found, "search").encounter, Fraction(1, 6))


def test_dungeon_turn_depletion_puts_out_a_dimmed_torch_only_after_the_quiet_turns():
    quiet = played("dungeon-turn", "light torch")
    dimmed = played("dungeon-turn", *["explore"] * 7, "light torch")
    dimmed = replace(dimmed, lights=tuple(replace(light, dimmed=True)
                                          for light in dimmed.lights))
    world = world_of("dungeon-turn")
    agrees(out(next_turn(world, quiet, "explore", seeded()), "Torch"), 0)
    agrees(out(next_turn(world, dimmed, "explore", seeded()), "Torch"),
           Fraction(1, 6))


# -- Classic: 1 in 6 on every second turn; a torch burns 6 turns ---------------------------

@pytest.mark.parametrize(("turns", "expected"), [(0, 0), (1, Fraction(1, 6)), (2, 0)])
def test_classic_checks_every_second_turn(turns, expected):
    state = played("classic", "light torch", *["explore"] * turns)
    found = forecast(world_of("classic"), state, seeded())
    for odds in found.actions:
        agrees(odds.encounter, expected)


def test_classic_torch_burns_out_in_6_turns():
    found = forecast(world_of("classic"), played("classic", "light torch"), seeded())
    torch = found.lights[0].turns
    assert (torch.low, torch.median, torch.high, torch.lasting) == (6, 6, 6, 0)
    later = forecast(world_of("classic"), played("classic", "light torch", "explore",
                                                 "explore"), seeded())
    assert later.lights[0].turns.median == 4


def test_a_long_lived_light_still_burning_past_the_horizon():
    found = forecast(world_of("classic"), played("classic", "light lantern"), seeded(),
                     horizon=10)
    lantern = found.lights[0].turns
    assert lantern.mean is None and lantern.lasting == 1


# -- purity ------------------------------------------------------------------------------

@pytest.mark.parametrize("system", ["d12-tension", "delving", "exploration", "trespasser",
                                    "dungeon-turn", "classic", "overloaded"])
def test_a_forecast_changes_nothing_and_says_the_same_twice(system):
    state = played(system, "light torch")
    before = state.to_json()
    first = forecast(world_of(system), state, seeded())
    assert state.to_json() == before
    assert forecast(world_of(system), state, seeded()).to_json() == first.to_json()
    assert first.actions  # every procedure offers a move to forecast
