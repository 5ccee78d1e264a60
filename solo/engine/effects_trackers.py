"""The effects that change values: ``adjust`` a tracker, ``set`` a tracker or a setting,
``let`` a local name for the rest of the command."""

from __future__ import annotations

from solo.engine.compiled_parts import CompileFunction, Compiler, Step, reason_of
from solo.engine.run import RunState, whole
from solo.rules.effects import Adjust, Assign, Let

__all__ = ["compile_adjust", "compile_set", "compile_let", "COMPILERS"]


def compile_adjust(compiler: Compiler, effect: Adjust) -> Step:
    """Move each tracker named by the amount given (within its bounds); journaled as
    the tracker changes, when the run records."""
    changes, reason = effect.changes, reason_of(compiler, effect.reason)
    if reason is None and len(changes) == 1:
        tracker = compiler.procedure.trackers.get(changes[0][0])
        if tracker is not None and tracker.minimum is not None \
                and tracker.maximum is not None:
            return _adjust_bounded(changes[0][0], changes[0][1].evaluate, tracker.minimum,
                                   tracker.maximum)

    def adjust(run: RunState) -> None:
        why = reason(run) if reason else None
        scope = run.scope
        for name, expr in changes:
            by = expr.evaluate(scope)
            if type(by) is not int:
                by = whole(f"adjusting {name}", by)
            if why is None:
                run.set_tracker(name, run.values[name] + by)
            else:
                run.change_tracker(name, run.values[name] + by, why)

    return adjust


def _adjust_bounded(name: str, evaluate, low: int, high: int) -> Step:
    """One tracker with both bounds, journaling nothing: the commonest adjust in a turn
    (:meth:`RunState.set_tracker` written out)."""

    def adjust_bounded(run: RunState) -> None:
        scope = run.scope
        by = evaluate(scope)
        if type(by) is not int:
            by = whole(f"adjusting {name}", by)
        values = run.values
        wanted = values[name] + by
        if type(wanted) is not int:
            run.set_tracker(name, wanted)
            return
        after = low if wanted < low else high if wanted > high else wanted
        values[name] = after
        if name not in run.locals:
            scope[name] = after

    return adjust_bounded


def compile_set(compiler: Compiler, effect: Assign) -> Step:
    """Give trackers (journaled when they change) and other values a new value."""
    assignments, reason = effect.values, reason_of(compiler, effect.reason)
    trackers = compiler.procedure.trackers

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
    if len(assignments) == 1:  # the commonest, without a loop
        name, evaluate = assignments[0][0], assignments[0][1].evaluate

        def let_one(run: RunState) -> None:
            run.bind(name, evaluate(run.scope))

        return let_one

    def let(run: RunState) -> None:
        for name, expr in assignments:
            run.bind(name, expr.evaluate(run.scope))

    return let


COMPILERS: dict[type, CompileFunction] = {Adjust: compile_adjust, Assign: compile_set,
                                          Let: compile_let}
"""The effects this module carries out, each with its one compile function."""
