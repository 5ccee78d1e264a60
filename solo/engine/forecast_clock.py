"""A state's turn as the chain of one move again and again sees it
(:mod:`solo.engine.forecast_chain`): not the turn itself, but what the tests that read the
clock make of each turn from it on, so that states whose turns those tests see alike merge.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

from collections.abc import Hashable

from solo.engine.forecast_names import clock_tests
from solo.engine.requests import Act, Request
from solo.engine.state import State
from solo.rules.expr import Expr
from solo.rules.world import World

__all__ = ["Clock", "clock_of", "LONGEST"]


class Clock:
    """A state's turn as the tests that read the clock see it from now on: their values
    at each turn from it to past the chain's last (the horizon, and the longest move
    after it), reckoned on the state's values (:func:`~solo.engine.forecast_names.
    clock_tests`: they read nothing a move changes). Two states with the same values
    whose turns the tests see alike do alike at every turn the chain follows, so they
    are one state to it; a state whose turns they do not see alike keeps its own. The
    turn itself where they cannot be reckoned so (a move longer than :data:`LONGEST`)."""

    def __init__(self, world: World, request: Act, tests: tuple[Expr, ...],
                 horizon: int) -> None:
        self.tests = tests
        self.time = world.procedure.actions[request.action].time
        self.arguments = dict(request.arguments)
        self.minutes = world.procedure.minutes or 0
        self.ahead = horizon + LONGEST + 2
        self.read = tuple(sorted(set().union(*(test.names for test in tests)) - _CLOCK))
        self.known: dict[tuple, Hashable] = {}
        self.rows: dict[tuple, dict[int, int]] = {}  # the tests at each turn met
        self.seen: dict[tuple, int] = {}  # the tests' values at a turn: a small number

    def turn(self, state: State) -> Hashable:
        if not self._short(state):
            return state.turn
        values = state.values
        read = tuple(values.get(name, _MISSING) for name in self.read)
        key = (state.turn, read)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._window(state, read)
        return known

    def _short(self, state: State) -> bool:
        """Whether the move takes at most :data:`LONGEST` turns from ``state``."""
        if self.time is None:
            return True
        scope: dict = {**state.values, **self.arguments, "turn": state.turn,
                       "minutes": state.turn * self.minutes}
        try:
            span = self.time.evaluate(scope)
        except Exception:  # noqa: BLE001 (it reads more than the state's values)
            return False
        return type(span) is int and 0 <= span <= LONGEST

    def _window(self, state: State, values: tuple) -> Hashable:
        """The tests' values at each turn from ``state``'s to past the chain's last, on
        the ``values`` they read (the turn itself if they read one the state lacks)."""
        row = self.rows.setdefault(values, {})
        turns = range(state.turn, state.turn + self.ahead)
        scope = dict(state.values)
        try:
            for turn in turns:
                if turn not in row:
                    scope["turn"], scope["minutes"] = turn, turn * self.minutes
                    seen = tuple(test.evaluate(scope) for test in self.tests)
                    row[turn] = self.seen.setdefault(seen, len(self.seen))
        except Exception:  # noqa: BLE001 (a test that reads more: the turn itself)
            return state.turn
        return ("clock", tuple(row[turn] for turn in turns))


_CLOCK = frozenset({"turn", "minutes"})
_MISSING = object()  # (a name the state's values lack: the tests cannot be reckoned)

LONGEST = 100
"""The most turns one move may take for the chain to keep its turn as the clock's tests
see it."""


def clock_of(world: World, request: Request, horizon: int) -> Clock | None:
    """How the chain keeps the turn of ``request``'s states (None: as it is)."""
    if not isinstance(request, Act) or request.action not in world.procedure.actions:
        return None
    tests = clock_tests(world, request.action)
    return Clock(world, request, tests, horizon) if tests else None
