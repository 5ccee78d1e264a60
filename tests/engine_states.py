"""A procedure's world, loaded once for the tests, and a state played to from its start
through the pure engine (each line on its own seeded dice), as the forecast tests need."""

from __future__ import annotations

import random
from dataclasses import replace

from solo.engine.core import perform, read, start
from solo.engine.state import State
from solo.rules.catalog import load_world
from solo.rules.world import World

_WORLDS: dict[str, World] = {}


def world_of(system: str) -> World:
    if system not in _WORLDS:
        _WORLDS[system] = load_world(system)
    return _WORLDS[system]


def played(system: str, *lines: str, **values) -> State:
    """The state after ``lines`` from the start (line N on ``random.Random(N)``), with
    ``values`` set over the state's."""
    world = world_of(system)
    state = start(world)
    for index, line in enumerate(lines):
        state = perform(world, state, read(world, state, line), random.Random(index)).state
    if values:
        state = replace(state, values={**state.values, **values})
    return state
