"""The compiled path ``solo simulate`` plays on (solo.engine.compiled) against the interpreter
that ``solo play`` uses: the same seed and commands must leave the same game (turns,
outcomes, encounters, the whole state), for every shipped procedure and every example
of the procedure language."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.errors import UsageError
from solo.rules.catalog import load_world, system_ids
from solo.rules.world import World
from tests.conftest import ScriptedRandom

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
WORLDS = [*system_ids(), *sorted(path.stem for path in EXAMPLES.glob("*.yaml")
                                  if "kind: procedure" in path.read_text(encoding="utf-8"))]


def _world(name: str) -> World:
    """The procedure, its actions' moves on the map aside: solo simulate keeps no map, and
    these tests hold the effects of both paths to each other."""
    path = EXAMPLES / f"{name}.yaml"
    world = load_world(path if path.exists() else name)
    procedure = world.procedure
    actions = {name: replace(action, room=None) for name, action in procedure.actions.items()}
    return replace(world, procedure=replace(procedure, actions=actions))


def _script(world: World) -> list[str]:
    """Every action with its defaults (and each choice once), lights lit and doused now
    and then, and an encounter struck off: most of what a procedure can do."""
    procedure = world.procedure
    lines: list[str] = []
    for name, action in procedure.actions.items():
        lines.append(name)
        for arg in action.args:
            lines.extend(f"{name} {choice}" for choice in arg.choice_names)
    for kind in procedure.lights:
        lines[len(lines) // 2:len(lines) // 2] = [f"light {kind}"]
        lines.append(f"douse {kind}")
    return [*lines, "strike"]


def _play(world: World, record: bool, seed: int, commands: int,
          rng: random.Random | None = None) -> tuple[engine.Game, list[str]]:
    game = engine.Game(world, engine.start(world), rng or random.Random(seed), record=record)
    script, refused = _script(world), []
    for index in range(commands):
        line = script[index % len(script)]
        try:
            game.perform(line)
        except UsageError:
            refused.append(line)
    return game, refused


@pytest.mark.parametrize("name", WORLDS)
def test_compiled_and_interpreted_games_end_alike(name):
    world = _world(name)
    for seed in (1, 2, 3):
        played, played_refused = _play(world, True, seed, 600)
        compiled, compiled_refused = _play(world, False, seed, 600)
        assert not compiled._run.program().record and played._run.program().record
        assert compiled.turn == played.turn > 0
        assert compiled.outcomes == played.outcomes
        assert compiled.encounters == played.encounters
        assert compiled_refused == played_refused
        assert compiled.state() == played.state()


def test_a_random_that_answers_randint_itself_is_asked_on_the_compiled_path_too():
    world = _world("classic")
    faces = [6, 1, 2, 5, 3, 4] * 40
    played, _ = _play(world, True, 4, 200, ScriptedRandom(list(faces), seed=4))
    compiled, _ = _play(world, False, 4, 200, ScriptedRandom(list(faces), seed=4))
    assert compiled.outcomes == played.outcomes and compiled.state() == played.state()


SINGLE_DIE = """\
kind: procedure
id: single-die
name: One die, read back
trackers:
  sixes: {label: Sixes, min: 0, start: 0}
  best: {label: Best, min: 0, start: 0}
each_turn:
  - roll: {dice: d6, label: Omen}
  - when: "count(dice, 6) > 0"
    adjust: {sixes: 1}
  - check:
      dice: "d{4 + 2}"
      plus: "highest(dice)"
      success: "roll >= 8"
      then: [{set: {best: "highest(dice)"}}, {outcome: high}]
      else: [{outcome: low}]
actions:
  explore: {help: Spend a turn exploring., time: 1}
"""


def test_a_single_die_is_kept_for_dice_on_the_compiled_path(tmp_path):
    """A lone die is rolled without a Roll object when compiled; ``dice`` still reads it,
    and a check's plus still reads the roll before it (as the interpreter does)."""
    path = tmp_path / "single-die.yaml"
    path.write_text(SINGLE_DIE, encoding="utf-8")
    world = load_world(path)
    played, _ = _play(world, True, 5, 3000)
    compiled, _ = _play(world, False, 5, 3000)
    assert compiled.state() == played.state()
    assert compiled.outcomes == played.outcomes
    sixes, turns = compiled.state().values["sixes"], compiled.turn
    assert abs(sixes - turns / 6) <= 4 * (turns * 5 / 36) ** 0.5  # a d6 a turn shows 6
    assert compiled.outcomes.count("high") > 0 and compiled.outcomes.count("low") > 0
