"""The effects that roll dice: ``roll`` (a total, kept under a name if given) and
``check`` (a roll against a success test, then one branch or the other)."""

from __future__ import annotations

from typing import cast

from solo.engine.compiled_parts import (
    CompileFunction,
    Compiler,
    Step,
    keep,
    nothing,
    plus,
    roller,
)
from solo.engine.events import Checked, RollData, Rolled
from solo.engine.run import RunState
from solo.rules.dice import Roll
from solo.rules.effect_model import Check, RollDice, Template

__all__ = ["compile_roll", "compile_check", "COMPILERS"]


def compile_roll(compiler: Compiler, effect: RollDice) -> Step:
    """Roll the dice (plus the effect's plus), binding the total if the effect names it.
    (A run that records always has the Roll: see :func:`roller`.)"""
    record, roll = compiler.record, roller(effect.dice, compiler.record)
    added_by, name, label = plus(effect.plus, "a roll's plus"), effect.name, effect.label
    named = record and _named_before(label)

    def roll_dice(run: RunState) -> None:
        if named:
            run.about(label.render(run.scope))
        rolled = roll(run)
        added = 0 if added_by is None else added_by(run.scope)
        total = keep(run, rolled)
        if name:
            run.bind(name, total + added)
        if record:
            run.events.append(Rolled(label.render(run.scope),
                                     RollData.of(cast(Roll, rolled)), added))

    return roll_dice


def compile_check(compiler: Compiler, effect: Check) -> Step:
    """Roll, bind ``natural`` and ``roll``, and run ``then`` or ``otherwise`` as the
    check's success test says."""
    record, roll = compiler.record, roller(effect.dice, compiler.record)
    added_by, label = plus(effect.plus, "a check's plus"), effect.label
    success = effect.success.evaluate
    then, otherwise = compiler.steps(effect.then), compiler.steps(effect.otherwise)
    named = record and _named_before(label)

    def check(run: RunState) -> None:
        if named:
            run.about(label.render(run.scope))
        rolled = roll(run)
        added = 0 if added_by is None else added_by(run.scope)
        total = keep(run, rolled)
        scope = run.scope
        run.bind("natural", total)
        run.bind("roll", total + added)
        succeeded = success(scope)
        if record:
            run.events.append(Checked(label.render(run.scope), RollData.of(cast(Roll, rolled)),
                                      added,
                                      bool(succeeded)))
        if succeeded:
            then(run)
        elif otherwise is not nothing:  # (a check with no 'else')
            otherwise(run)

    return check


def _named_before(label: Template) -> bool:
    """Whether ``label`` can be said before its dice are rolled (it reads no roll)."""
    return not any(field.names & {"roll", "natural"} for field in label.fields)


COMPILERS: dict[type, CompileFunction] = {RollDice: compile_roll, Check: compile_check}
"""The effects this module carries out, each with its one compile function."""
