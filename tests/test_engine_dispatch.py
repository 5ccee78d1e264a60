"""One handler for every kind of effect, in the one table the interpreter and the compiled
form look effects up in (solo.engine.dispatch): a new effect without a handler fails here
before a procedure using it fails in play."""

import dataclasses
import random
import typing

import pytest

from solo.engine import core as engine
from solo.engine import dispatch
from solo.engine.events import Said
from solo.engine.interpreter import Run
from solo.rules import effects
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml

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
    """Every effect class solo.rules.effects defines: its dataclasses with a ``when`` guard."""
    return {value for value in vars(effects).values()
            if isinstance(value, type) and dataclasses.is_dataclass(value)
            and "when" in {field.name for field in dataclasses.fields(value)}}


def test_the_effect_union_names_every_effect_class():
    assert _effect_classes() == set(typing.get_args(effects.Effect))


@pytest.mark.parametrize("kind", sorted(_effect_classes(), key=lambda kind: kind.__name__),
                         ids=lambda kind: kind.__name__)
def test_every_effect_has_exactly_one_handler(kind):
    owners = [table for table in dispatch.HANDLER_TABLES if kind in table]
    assert len(owners) == 1, f"{kind.__name__} is handled by {len(owners)} modules"
    assert dispatch.HANDLERS[kind] is owners[0][kind]


def test_the_table_handles_nothing_but_effects():
    assert set(dispatch.HANDLERS) == _effect_classes()


def test_say_and_if_through_the_table_journal_what_the_interpreter_journals():
    """The interpreter runs ``say`` and ``if`` itself, saving a call: their handlers in
    the table must do the same."""
    world = World(parse_procedure(load_yaml(PROCEDURE, "dispatch.yaml")))
    greet = world.procedure.actions["greet"].effects
    state = engine.start(world)
    interpreted = Run(world.procedure, world.tables, state, random.Random(1))
    interpreted.execute(greet)
    dispatched = Run(world.procedure, world.tables, state, random.Random(1))
    for effect in greet:
        dispatch.HANDLERS[type(effect)](dispatched, effect)
    assert dispatched.events == interpreted.events == [
        Said("Hello at a slow pace"), Said("Slowly"), Said("Still slowly")]
