"""The effects that change values: ``adjust`` a tracker, ``set`` a tracker or a setting,
``let`` a local name for the rest of the command."""

from __future__ import annotations

from solo.engine.run import Handler, RunState, whole
from solo.rules.effects import Adjust, Assign, Let

__all__ = ["handle_adjust", "handle_set", "handle_let", "HANDLERS"]


def handle_adjust(run: RunState, effect: Adjust) -> None:
    """Move each tracker named by the amount given (within its bounds)."""
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    for name, expr in effect.changes:
        by = expr.evaluate(run.scope)
        if type(by) is not int:
            by = whole(f"adjusting {name}", by)
        run.change_tracker(name, run.values[name] + by, reason)


def handle_set(run: RunState, effect: Assign) -> None:
    """Give trackers (journaled when they change) and other values a new value."""
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    for name, expr in effect.values:
        value = expr.evaluate(run.scope)
        if name in run.procedure.trackers:
            if run.values[name] != value:
                run.change_tracker(name, int(value), reason)
        else:
            run.store(name, value)


def handle_let(run: RunState, effect: Let) -> None:
    """Bind local names for the rest of the command."""
    for name, expr in effect.values:
        run.bind(name, expr.evaluate(run.scope))


HANDLERS: dict[type, Handler] = {Adjust: handle_adjust, Assign: handle_set, Let: handle_let}
"""The effects this module carries out."""
