"""The shortcuts the steps of a run that records nothing (``solo simulate``) take: a let or
a set of constants, an adjust by a constant, an ``if`` or a ``when`` that reads one name or
compares one with a constant, a routine without parameters, a condition with no one to
reach, a table's entry as the outcome, an action's time known once. Each must leave the
same game as the steps of a run that records, and fail with the same error."""

from __future__ import annotations

import random

import pytest

from solo.engine import core as engine
from solo.engine.compiled_parts import NOT_CONSTANT, constant_of
from solo.errors import UsageError
from solo.rules.catalog import load_world
from solo.rules.expr import ExprError, compile_expr

SHORTCUTS = """\
kind: procedure
id: shortcuts
name: Every shortcut of the compiled steps
trackers:
  alarm: {label: Alarm, min: 0, max: 5, start: 0}
  calm: {label: Calm, min: 0, max: 3, start: 3}
  rests: {label: Rests, min: 0, start: 0}
settings:
  mood: quiet
party:
  conditions:
    tired: {label: Tired, min: 0, max: 2, start: 0}
on_action:
  - let: {seen: 0, mark: "'none'"}
  - set: {calm: 3, mood: "'quiet'"}
each_turn:
  - condition: {tired: 1}
    reason: a long day
  - table: {name: hazard, outcome: true}
  - table: {name: hazard, as: drawn}
  - table: hazard
  - if: resting
    then: [{adjust: {rests: 1}}, {do: settle}]
    else: [{adjust: {alarm: 1}}]
  - if: "alarm >= 5"
    then: [{set: {alarm: 0}}, {outcome: alarm}]
  - if: "mood == 'tense'"
    then: [{set: {mood: "'quiet'"}}]
    else: [{let: {seen: 1}}]
  - when: "seen == 1"
    adjust: {calm: -1}
  - when: "calm"
    let: {mark: "'calm'"}
  - check:
      dice: d6
      success: "roll >= 4"
      then: [{set: {mood: "'tense'"}}]
routines:
  judge:
    params: {level: 0}
    effects:
      - if: "level < 2"
        then: [{adjust: {calm: 1}}]
  settle:
    - adjust: {calm: 1}
    - "The party settles."
tables:
  hazard:
    dice: d6
    entries:
      1-2: {id: quiet, text: Quiet.}
      3-4: {id: noise, text: "Noise ({1d4} rooms away).", effects: [{adjust: {alarm: 2}}]}
      5-6: {id: sign, text: A sign., effects: [{let: {seen: 1}}]}
actions:
  explore: {help: A turn of exploring., time: 1}
  rest: {help: A turn of rest., time: 1, resting: true}
  wait: {help: Two turns waiting., time: "1 + 1"}
  look: {help: No time at all., time: 0, effects: [{let: {seen: 1, ghost: 1}}]}
"""


def _world(tmp_path, text: str = SHORTCUTS):
    path = tmp_path / "shortcuts.yaml"
    path.write_text(text, encoding="utf-8")
    return load_world(path)


def _play(world, record: bool, seed: int, lines: list[str], commands: int):
    game = engine.Game(world, engine.start(world), random.Random(seed), record=record)
    refused = []
    for index in range(commands):
        try:
            game.perform(lines[index % len(lines)])
        except UsageError:
            refused.append(index)
    return game, refused


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_shortcuts_leave_the_game_the_recorded_steps_leave(tmp_path, seed):
    world = _world(tmp_path)
    lines = ["explore", "rest", "explore", "wait", "look", "table hazard", "rest"]
    played, played_refused = _play(world, True, seed, lines, 700)
    compiled, compiled_refused = _play(world, False, seed, lines, 700)
    assert compiled.turn == played.turn == 600
    assert compiled.outcomes == played.outcomes
    assert compiled_refused == played_refused
    assert compiled.state() == played.state()
    assert {"quiet", "noise", "sign", "alarm"} <= set(compiled.outcomes)


def test_resting_follows_the_action_and_a_tool_command(tmp_path):
    world = _world(tmp_path)
    game = engine.Game(world, engine.start(world), random.Random(1), record=False)
    game.perform("rest")
    assert game._run.scope["resting"] is True
    game.perform("table hazard")
    assert game._run.scope["resting"] is False
    game.perform("explore")
    assert game._run.scope["resting"] is False


MOOD = '  - if: "mood == \'tense\'"'


@pytest.mark.parametrize("old, new, message", [
    (MOOD, '  - if: "ghost == 1"', "unknown name 'ghost'"),
    (MOOD, '  - if: "ghost"', "unknown name 'ghost'"),
    ('  - when: "calm"\n', '  - when: "ghost >= 1"\n', "unknown name 'ghost'"),
    ('  - when: "calm"\n', '  - do: {routine: judge, with: {level: "\'high\'"}}\n'
     '  - when: "calm"\n', "'<' cannot work with a word and a number"),
])
def test_a_condition_read_straight_fails_as_its_expression_does(tmp_path, old, new,
                                                               message):
    assert old in SHORTCUTS
    world = _world(tmp_path, SHORTCUTS.replace(old, new))
    errors = []
    for record in (True, False):
        game = engine.Game(world, engine.start(world), random.Random(1), record=record)
        with pytest.raises(ExprError) as raised:
            game.perform("explore")
        errors.append(str(raised.value))
    assert errors[0] == errors[1] and message in errors[0]


def test_constant_of_knows_only_expressions_that_read_no_name():
    assert constant_of(compile_expr(3)) == 3
    assert constant_of(compile_expr("min(2, 7) + 1")) == 3
    assert constant_of(compile_expr("'out'")) == "out"
    assert constant_of(compile_expr("turn + 1")) is NOT_CONSTANT
    assert constant_of(compile_expr("1 // 0")) is NOT_CONSTANT  # raised when it runs


def test_the_parser_gives_the_shape_of_a_name_or_a_comparison_with_a_constant():
    assert compile_expr("resting").shape == ("name", "resting")
    shape = compile_expr("alarm >= 5").shape
    assert shape is not None and shape[0] == "compare" and shape[1] == ">="
    assert shape[3:] == ("alarm", 5)
    assert compile_expr("alarm + 1 >= 5").shape is None
    assert compile_expr("a == b").shape is None
    assert compile_expr("3").shape is None
