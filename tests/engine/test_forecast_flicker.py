"""The forecast agrees with Exploration's flicker (seed 002: "if a torch just got lit, a
result of 3 might mean it flickers ominously rather than dying"): a torch lit this very
turn cannot go out this turn; one lit before goes out on the hazard die's 3, 1 in 6."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from tests.engine.test_forecast import action, agrees, out
from tests.engine_states import played, world_of


def test_a_torch_lit_this_very_turn_is_not_forecast_to_go_out_this_turn():
    state = played("exploration", "light torch")
    assert state.lights[0].remaining == 6
    found = forecast(world_of("exploration"), state, seeded())
    for line in ("explore", "rest"):
        agrees(out(action(found, line), "Torch"), 0)
    assert found.lights[0].label == "Torch"


def test_a_torch_lit_a_turn_before_goes_out_on_a_3():
    state = played("exploration", "light torch")
    state = replace(state, lights=(replace(state.lights[0], remaining=5),))  # a turn old
    found = forecast(world_of("exploration"), state, seeded())
    for line in ("explore", "rest"):
        agrees(out(action(found, line), "Torch"), Fraction(1, 6))
