"""The effects that change values: ``adjust`` a tracker, ``set`` a tracker or a setting,
``let`` a local name for the rest of the command."""

from __future__ import annotations

from typing import Any

from solo.engine.compiled_parts import (
    NOT_CONSTANT,
    CompileFunction,
    Compiler,
    Step,
    constant_of,
    reason_of,
)
from solo.engine.run import RunState, bounded, whole
from solo.rules.effect_model import Adjust, Assign, Let
from solo.rules.expr import Expr, ExprError

__all__ = ["compile_adjust", "compile_set", "compile_let", "COMPILERS"]


def compile_adjust(compiler: Compiler, effect: Adjust) -> Step:
    """Move each tracker named by the amount given (within its bounds); journaled as
    the tracker changes, when the run records."""
    reason = reason_of(compiler, effect.reason)
    changes = tuple((name, constant_of(expr), expr.evaluate) for name, expr in effect.changes)

    def adjust(run: RunState) -> None:
        why = reason(run) if reason else None
        scope = run.scope
        for name, known, evaluate in changes:  # (an amount known when compiled: ``1``)
            by = known if known is not NOT_CONSTANT else evaluate(scope)
            if type(by) is not int:
                by = whole(f"adjusting {name}", by)
            if why is None:
                run.set_tracker(name, run.values[name] + by)
            else:
                run.change_tracker(name, run.values[name] + by, why)

    return adjust


def compile_set(compiler: Compiler, effect: Assign) -> Step:
    """Give trackers (journaled when they change) and other values a new value."""
    assignments, reason = effect.values, reason_of(compiler, effect.reason)
    trackers = compiler.procedure.trackers
    if reason is None:
        constants = tuple((name, constant_of(expr), name in trackers)
                          for name, expr in assignments)
        if all(value is not NOT_CONSTANT and (not tracker or type(value) is int)
               for _, value, tracker in constants):
            def assign_constants(run: RunState) -> None:  # (``set: {hiding: 0}``)
                values = run.values
                for name, value, tracker in constants:
                    if not tracker:
                        run.store(name, value)
                    elif values[name] != value:
                        run.set_tracker(name, value)

            return assign_constants

    def assign(run: RunState) -> None:
        why = reason(run) if reason else None
        scope = run.scope
        for name, expr in assignments:
            value = expr.evaluate(scope)
            if name in trackers:
                if run.values[name] != value:
                    if why is None:
                        run.set_tracker(name, int(value))
                    else:
                        run.change_tracker(name, int(value), why)
            else:
                run.store(name, value)

    return assign


def compile_let(compiler: Compiler, effect: Let) -> Step:
    """Bind local names for the rest of the command."""
    assignments = effect.values
    constants = _constants(assignments)
    if constants is not None:
        def let_constants(run: RunState) -> None:  # (``let: {met: 0}``): bind's work
            run.locals.update(constants)
            run.scope.update(constants)

        return let_constants
    if len(assignments) == 1:  # the commonest, without a loop
        name, evaluate = assignments[0][0], assignments[0][1].evaluate

        def let_one(run: RunState) -> None:
            run.bind(name, evaluate(run.scope))

        return let_one

    def let(run: RunState) -> None:
        for name, expr in assignments:
            run.bind(name, expr.evaluate(run.scope))

    return let


def _constants(assignments: tuple[tuple[str, Expr], ...]) -> dict[str, Any] | None:
    """The values of a ``let`` that only gives constants, by name (the bounds ``bind``
    checks met); None if any is worked out when it runs."""
    constants = {}
    for name, expr in assignments:
        value = constant_of(expr)
        if value is NOT_CONSTANT or name in constants:
            return None
        try:
            constants[name] = bounded(name, value)
        except ExprError:  # raised when it runs
            return None
    return constants


COMPILERS: dict[type, CompileFunction] = {Adjust: compile_adjust, Assign: compile_set,
                                          Let: compile_let}
"""The effects this module carries out, each with its one compile function."""
