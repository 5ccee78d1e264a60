"""The effects that roll dice: ``roll`` (a total, kept under a name if given) and
``check`` (a roll against a success test, then one branch or the other)."""

from __future__ import annotations

from solo.engine.events import Checked, Rolled
from solo.engine.run import Handler, RunState, whole
from solo.rules.effects import Check, RollDice

__all__ = ["handle_roll", "handle_check", "HANDLERS"]


def handle_roll(run: RunState, effect: RollDice) -> None:
    """Roll the dice (plus the effect's plus), binding the total if the effect names it."""
    result = run.roll(effect.dice.render(run.scope))
    plus = 0 if effect.plus is None else effect.plus.evaluate(run.scope)
    if type(plus) is not int:
        plus = whole("a roll's plus", plus)
    run.last_roll = result
    if effect.name:
        run.bind(effect.name, result.total + plus)
    if run.record:
        run.events.append(Rolled(effect.label.render(run.scope), result, plus))


def handle_check(run: RunState, effect: Check) -> None:
    """Roll, bind ``natural`` and ``roll``, and run ``then`` or ``otherwise`` as the
    check's success test says."""
    result = run.roll(effect.dice.render(run.scope))
    plus = 0 if effect.plus is None else effect.plus.evaluate(run.scope)
    if type(plus) is not int:
        plus = whole("a check's plus", plus)
    run.last_roll = result
    run.bind("natural", result.total)
    run.bind("roll", result.total + plus)
    success = bool(effect.success.evaluate(run.scope))
    if run.record:
        run.events.append(Checked(effect.label.render(run.scope), result, plus, success))
    run.execute(effect.then if success else effect.otherwise)


HANDLERS: dict[type, Handler] = {RollDice: handle_roll, Check: handle_check}
"""The effects this module carries out."""
