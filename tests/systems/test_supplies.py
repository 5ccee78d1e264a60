"""Every seed procedure counts its light supplies the same way: not at all until the player
says how many the party carries (``supply torch 3``), then one a fresh source, refused
clearly when none is left. The procedures' own tests cover what is theirs (a burn result,
a refill, Delving's 10 candles)."""

from __future__ import annotations

import random

import pytest

from solo.engine import core as engine
from solo.errors import UsageError
from solo.rules.catalog import load_world
from tests.conftest import perform_line

# (procedure, light kind, what the player calls its supply, the supply, the refusal)
COUNTED = [
    ("d12-tension", "torch", "torch", "torches", "no torches left"),
    ("delving", "torch", "torches", "torches", "no torches left"),
    ("delving", "lantern", "candle", "candles", "no candles left"),
    ("exploration", "torch", "torch", "torches", "no torches left"),
    ("exploration", "lantern", "oil", "oil", "no oil flasks left"),
    ("exploration", "candle", "candles", "candles", "no candles left"),
    ("trespasser", "torch", "torch", "torches", "no torches left"),
    ("trespasser", "lantern", "oil", "oil", "no oil flasks left"),
    ("trespasser", "candle", "candle", "candles", "no candles left"),
    ("dungeon-turn", "torch", "torch", "torches", "no torches left"),
    ("dungeon-turn", "lantern", "candles", "candles", "no candles left"),
]
UNCOUNTED = sorted({(system, kind) for system, kind, *_ in COUNTED} - {("delving", "lantern")})
"""Delving counts its candles from the start (10 to a slot), so its lantern is left out."""


def _do(world, state, line):
    return perform_line(world, state, line, random.Random(1)).state


@pytest.mark.parametrize(("system", "kind", "word", "supply", "refusal"), COUNTED)
def test_a_counted_supply_gives_one_a_fresh_source_then_refuses(system, kind, word, supply,
                                                               refusal):
    world = load_world(system)
    state = _do(world, engine.start(world, party=["Wren", "Brother Ott"]), f"supply {word} 1")
    state = _do(world, state, f"light {kind}")
    assert state.supplies[supply] == 0 and [light.kind for light in state.lights] == [kind]
    with pytest.raises(UsageError, match=refusal):
        _do(world, state, f"light {kind}")


@pytest.mark.parametrize(("system", "kind"), UNCOUNTED)
def test_an_uncounted_supply_never_runs_out(system, kind):
    world = load_world(system)
    state = engine.start(world)
    for _ in range(12):
        state = _do(world, state, f"light {kind}")
    assert len(state.lights) == 12
    assert world.procedure.lights[kind].uses not in state.supplies
