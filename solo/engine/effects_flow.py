"""The effects that steer the rest: ``say``, ``if``, ``do`` (a routine, with its
parameters) and ``outcome`` (the name this turn is counted under)."""

from __future__ import annotations

from solo.engine.events import Said
from solo.engine.run import Handler, RunState
from solo.errors import SoloError
from solo.rules.effects import Branch, Do, Outcome, Say

__all__ = ["MAX_CALL_DEPTH", "handle_say", "handle_if", "handle_do", "handle_outcome",
           "HANDLERS"]

MAX_CALL_DEPTH = 50
"""How deeply routines may call each other."""


def handle_say(run: RunState, effect: Say) -> None:
    """Journal the effect's text. (:meth:`solo.engine.interpreter.Run.execute` does the
    same itself, saving a call, for this commonest effect.)"""
    run.events.append(Said(effect.text.render(run.scope)))


def handle_if(run: RunState, effect: Branch) -> None:
    """Run ``then`` or ``otherwise`` as the condition says. (:meth:`Run.execute
    <solo.engine.interpreter.Run.execute>` does the same itself, saving a call.)"""
    chosen = effect.then if effect.condition.evaluate(run.scope) else effect.otherwise
    if chosen:
        run.execute(chosen)


def handle_do(run: RunState, effect: Do) -> None:
    """Run a routine, its parameters bound to the values given (or their defaults)."""
    run.depth += 1
    if run.depth > MAX_CALL_DEPTH:
        raise SoloError("the procedure's routines call each other too deeply "
                        f"(over {MAX_CALL_DEPTH} levels)")
    given = dict(effect.args)
    for name, default in run.procedure.params.get(effect.routine, ()):
        run.bind(name, given[name].evaluate(run.scope) if name in given else default)
    run.execute(run.procedure.routines[effect.routine])
    run.depth -= 1


def handle_outcome(run: RunState, effect: Outcome) -> None:
    """Name this turn's outcome, replacing one a table recorded earlier in the same turn."""
    if len(run.outcomes) > run.turn_outcomes_start:
        run.outcomes[-1] = effect.name
    else:
        run.outcomes.append(effect.name)


HANDLERS: dict[type, Handler] = {Say: handle_say, Branch: handle_if, Do: handle_do,
                                 Outcome: handle_outcome}
"""The effects this module carries out."""
