"""Play and ``solo simulate`` carry out the same procedure language: the same seed and the
same commands give the same turns, outcomes, encounters and state, whether each command
is played as the REPL plays it (its own run, recording every event) or simulated (one run
kept for every command, recording none), for every shipped procedure. (Simulate keeps no
map, by design: the script of every action leaves out those that move on the map, which
play may refuse when a room is full, and the turns of the procedure's own action are
compared by their outcomes.)"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from solo.engine import core as engine
from solo.engine.simulate import simulate
from solo.errors import UsageError
from solo.rules.catalog import load_world, system_ids
from solo.rules.world import World

TURNS = 1500


def _script(world: World) -> list[str]:
    """Every action of the procedure that makes no move on the map (each choice once),
    with lights lit and doused."""
    lines: list[str] = []
    for name, action in world.procedure.actions.items():
        if action.room is not None:
            continue
        lines.append(name)
        for arg in action.args:
            lines.extend(f"{name} {choice}" for choice in arg.choice_names)
    for kind in world.procedure.lights:
        lines.insert(len(lines) // 2, f"light {kind}")
        lines.append(f"douse {kind}")
    return lines


def _play(world: World, seed: int, script: list[str], commands: int
          ) -> tuple[engine.State, list[str], int]:
    """Play ``commands`` commands of ``script`` in a cycle as the REPL does: each read from
    the state it meets and carried out on a run of its own."""
    state, rng, outcomes, refused = engine.start(world), random.Random(seed), [], 0
    for index in range(commands):
        line = script[index % len(script)]
        try:
            result = engine.perform(world, state, engine.read(world, state, line), rng)
        except UsageError:
            refused += 1
            continue
        state = result.state
        outcomes.extend(result.outcomes)
    return state, outcomes, refused


@pytest.mark.parametrize("system", system_ids())
@pytest.mark.parametrize("seed", [1, 7])
def test_playing_and_simulating_the_procedures_action_end_alike(system, seed):
    world = load_world(system)
    simulated = simulate(world, TURNS, seed)
    state, outcomes, refused = _play(world, seed, [world.procedure.simulate],
                                     simulated.commands)
    assert state.turn == simulated.turns >= TURNS
    assert Counter(outcomes) == simulated.outcomes and simulated.outcomes
    assert state.encounters == simulated.encounters
    assert refused == sum(simulated.refusals.values())


@pytest.mark.parametrize("system", system_ids())
def test_playing_and_simulating_every_action_end_alike(system):
    world = load_world(system)
    script = _script(world)
    game = engine.Game(world, engine.start(world), random.Random(3), record=False)
    refused = 0
    for index in range(TURNS):
        try:
            game.perform(script[index % len(script)])
        except UsageError:
            refused += 1
    state, outcomes, played_refused = _play(world, 3, script, TURNS)
    assert game.outcomes == outcomes and game.turn > 0
    assert refused == played_refused
    # the whole state, but for the count of commands that made it
    assert replace(game.state(), step=state.step, prev=state.prev) == state
