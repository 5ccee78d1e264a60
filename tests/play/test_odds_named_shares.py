"""What a move of several turns names, counted: each name's chance of being named in any
of its turns (Dungeon Turn's hour of rest, six turns of the hazard die), where counting
every set of names the turns may bring was too many ways ('too many ways to count').
Each figure is exact and holds against plays of the engine."""

from __future__ import annotations

import random

from solo.engine.core import perform, read
from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from solo.play.odds_view import odds_lines
from tests.engine_states import played, world_of


def test_the_hour_of_rest_names_its_rolls_each_with_an_exact_chance():
    world = world_of("dungeon-turn")
    state = played("dungeon-turn", "light torch", "rest-hour")
    text = "\n".join(odds_lines(world, state, "rest-hour"))
    assert "too many ways" not in text, text
    rest = next(odds for odds in forecast(world, state, seeded()).actions
                if odds.line == "rest-hour")
    assert rest.turns == 6 and rest.up_to and rest.results
    assert all(chance.exact is not None for _, chance in rest.results)
    shown = dict(rest.results)
    assert "rest-hour (up to 6 turns): " + " · ".join(
        f"{name} {chance.text()}" for name, chance in rest.results) in text
    # an encounter is one of the names: named exactly when the move meets one
    assert shown["encounter"].exact == rest.encounter.exact


def test_the_hour_of_rests_names_hold_against_plays_of_the_engine():
    """2,000 hours of rest from the same state: each name is named in about the share of
    them its figure says (within four standard errors)."""
    world = world_of("dungeon-turn")
    state = played("dungeon-turn", "light torch", "rest-hour")
    rest = next(odds for odds in forecast(world, state, seeded()).actions
                if odds.line == "rest-hour")
    rng, plays = random.Random(16), 2000
    named = [set(perform(world, state, read(world, state, "rest-hour"), rng).outcomes)
             for _ in range(plays)]
    for name, chance in rest.results or ():
        share = sum(name in names for names in named) / plays
        error = (chance.value * (1 - chance.value) / plays) ** 0.5
        assert abs(share - chance.value) < 4 * max(error, 0.002), (name, share, chance)
    assert {name for names in named for name in names} <= dict(rest.results or ()).keys()
