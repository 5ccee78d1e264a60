"""Routines are spliced in at load time without changing what a procedure does."""

import random

from solo.engine import core as engine
from solo.rules.effect_model import Do
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import perform_line

PROCEDURE = """\
kind: procedure
id: nested
name: Nested
trackers:
  depth: {min: 0, max: 99}
routines:
  outer: [{do: inner}, {say: "outer done"}]
  inner: [{adjust: {depth: 1}}, {do: inner2, when: "depth < 3"}]
  inner2: [{adjust: {depth: 10}}]
  loop: [{adjust: {depth: 1}}, {do: loop, when: "depth < 5"}]
actions:
  walk: {effects: [{do: outer}]}
  spin: {effects: [{do: loop}]}
"""


def world():
    return World(parse_procedure(load_yaml(PROCEDURE, "nested.yaml")))


def walk(effects):
    for effect in effects:
        yield effect
        for child in ("then", "otherwise"):
            yield from walk(getattr(effect, child, ()))


def test_plain_routines_leave_no_do_behind():
    procedure = world().procedure
    assert not any(isinstance(effect, Do) for effect in walk(procedure.actions["walk"].effects))


def test_spliced_routines_run_in_the_same_order_with_their_guards():
    result = perform_line(world(), engine.start(world()), "walk", random.Random(1))
    assert result.state.values["depth"] == 11
    assert result.events[-1].text == "outer done"


def test_a_routine_that_calls_itself_still_runs():
    result = perform_line(world(), engine.start(world()), "spin", random.Random(1))
    assert result.state.values["depth"] == 5
