"""The compiled steps every effect becomes (solo.engine.compiled), where they could go
wrong: routines that call themselves, a table entry that rolls its own table, a procedure
compiled once for all its commands, and the same outcomes whether the run records or not."""

from __future__ import annotations

import random

import pytest

from solo.engine import core as engine
from solo.engine.events import Said, TableRolled, TrackerChanged
from solo.engine.interpreter import Run
from solo.errors import SoloError
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import perform_line

PROCEDURE = """\
kind: procedure
id: steps
name: Steps
trackers:
  left: {min: 0, max: 100, start: 0}
  bounces: {min: 0, max: 100000, start: 0}
  wound: {min: 0, max: 100, start: 0}
tables:
  bounce:
    dice: d6
    entries:
      1-4:
        id: again
        text: It bounces again
        effects:
          - adjust: {bounces: 1}
          - table: bounce
      5-6: {id: still, text: It lies still}
routines:
  countdown:
    params: {step: 1}
    effects:
      - adjust: {left: "-step"}
      - if: "left > 0"
        then: [{do: {routine: countdown, with: {step: 1}}}]
        else: [{say: "Down to {left}"}]
actions:
  wind:
    args: [{name: turns, default: 10}]
    effects: [{set: {left: turns}}, {do: countdown}]
  throw:
    time: 1
    effects: [{table: bounce}]
  wind-forever:
    effects: [{set: {left: 100}}, {do: {routine: countdown, with: {step: 0}}}]
"""


@pytest.fixture(scope="module")
def world() -> World:
    return World(parse_procedure(load_yaml(PROCEDURE, "steps.yaml")))


def test_a_routine_that_calls_itself_runs_until_it_stops(world):
    result = perform_line(world, engine.start(world), "wind 12", random.Random(1))
    changes = [event for event in result.events if isinstance(event, TrackerChanged)]
    assert [change.after for change in changes] == [12, *range(11, -1, -1)]
    assert result.events[-1] == Said("Down to 0")


def test_a_routine_that_calls_itself_without_end_is_stopped_in_play_and_simulate(world):
    with pytest.raises(SoloError, match="routines call each other too deeply"):
        perform_line(world, engine.start(world), "wind-forever", random.Random(1))
    game = engine.Game(world, engine.start(world), random.Random(1), record=False)
    with pytest.raises(SoloError, match="routines call each other too deeply"):
        game.perform("wind-forever")


def test_an_entry_that_rolls_its_own_table_rolls_it_again_alike_in_play_and_simulate(world):
    state, rng, bounces = engine.start(world), random.Random(2), 0
    for _ in range(300):
        result = perform_line(world, state, "throw", rng)
        state = result.state
        rolls = [event for event in result.events if isinstance(event, TableRolled)]
        assert [roll.entry_id for roll in rolls] == ["again"] * (len(rolls) - 1) + ["still"]
        bounces += len(rolls) - 1
    game = engine.Game(world, engine.start(world), random.Random(2), record=False)
    for _ in range(300):
        game.perform("throw")
    assert game.state().values == state.values and state.values["bounces"] == bounces
    # 2 in 3 bounce again: about 2 bounces a throw
    assert abs(bounces - 600) <= 4 * (300 * 6) ** 0.5


def test_a_procedure_is_compiled_once_for_all_its_commands(world):
    """Play makes a run per command; they share the procedure's compiled steps (one set
    for runs that record, one for runs that do not)."""
    state = engine.start(world)
    first = Run(world.procedure, world.tables, state, random.Random(1))
    second = Run(world.procedure, world.tables, state, random.Random(2))
    quiet = Run(world.procedure, world.tables, state, random.Random(3))
    quiet.record = False
    assert first.program() is second.program()
    assert quiet.program() is not first.program() and not quiet.program().record
    throw = world.procedure.actions["throw"]
    assert first.program().action(throw) is second.program().action(throw)
