"""One implementation for every kind of effect: its compile function, in the one table
(solo.engine.dispatch) that play and ``solo simulate`` both carry effects out through. A
new effect without one fails here before a procedure using it fails in play, and a second
copy of an effect (an interpreter's inline one, a faster one for simulate) fails here too.
"""

import ast
import dataclasses
import random
import typing
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine import dispatch
from solo.engine.events import Said
from solo.engine.interpreter import Run
from solo.rules import effect_model
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml

SOLO = Path(__file__).resolve().parents[2] / "solo"

PROCEDURE = """\
kind: procedure
id: dispatch-test
name: Dispatch test
settings: {pace: slow}
actions:
  greet:
    effects:
      - say: "Hello at a {pace} pace"
      - if: "pace == 'slow'"
        then: [{say: Slowly}, {if: "pace != 'fast'", then: [{say: Still slowly}]}]
        else: [{say: Quickly}]
      - if: "pace == 'fast'"
        then: [{say: Never}]
"""


def _effect_classes() -> set[type]:
    """Every effect class solo.rules.effect_model defines: its dataclasses with a ``when``
    guard."""
    return {value for value in vars(effect_model).values()
            if isinstance(value, type) and dataclasses.is_dataclass(value)
            and "when" in {field.name for field in dataclasses.fields(value)}}


NAMERS = {"solo.engine.forecast_names"}
"""Modules that read effect classes only to name what a procedure rolls (the odds' list of
checks and of what the rolls name); they carry nothing out, which the forecast counts by
playing the engine itself."""


def _importers(name: str) -> list[str]:
    """The modules of solo outside solo.rules that import effect class ``name``."""
    found = []
    for path in sorted(SOLO.rglob("*.py")):
        if path.parent.name == "rules":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "solo.rules.effect_model" \
                    and name in {alias.name for alias in node.names}:
                found.append(path.relative_to(SOLO.parent).with_suffix("").as_posix()
                             .replace("/", "."))
    return found


def test_the_effect_union_names_every_effect_class():
    assert _effect_classes() == set(typing.get_args(effect_model.Effect))


@pytest.mark.parametrize("kind", sorted(_effect_classes(), key=lambda kind: kind.__name__),
                         ids=lambda kind: kind.__name__)
def test_every_effect_has_exactly_one_implementation(kind):
    """One compile function, in one effects_* module, which alone in solo names the effect
    class: nothing else can carry it out another way."""
    owners = [table for table in dispatch.COMPILER_TABLES if kind in table]
    assert len(owners) == 1, f"{kind.__name__} is compiled by {len(owners)} modules"
    compile_one = dispatch.COMPILERS[kind]
    assert compile_one is owners[0][kind]
    assert compile_one.__module__.startswith("solo.engine.effects_")
    assert [name for name in _importers(kind.__name__) if name not in NAMERS] \
        == [compile_one.__module__]


def test_the_table_compiles_nothing_but_effects():
    assert set(dispatch.COMPILERS) == _effect_classes()


def test_say_and_if_journal_in_play_and_are_no_work_when_nothing_is_recorded():
    world = World(parse_procedure(load_yaml(PROCEDURE, "dispatch.yaml")))
    greet = world.procedure.actions["greet"].effects
    state = engine.start(world)
    played = Run(world.procedure, world.tables, state, random.Random(1))
    played.execute(greet)
    assert played.events == [Said("Hello at a slow pace"), Said("Slowly"),
                              Said("Still slowly")]
    quiet = Run(world.procedure, world.tables, state, random.Random(1))
    quiet.record = False
    quiet.execute(greet)
    assert quiet.events == [] and quiet.finish() == played.finish()
