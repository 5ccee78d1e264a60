"""The plays a forecast makes of one command from a state (what it brings this turn),
and the spread of a light's life over the ways
(or plays) the same command again and again leads to.

Every play runs the public engine (:func:`solo.engine.core.perform`) on the dice it is
given, from the state it is given, and keeps only what the forecast asks of it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from solo.engine import core as engine
from solo.engine.requests import Request
from solo.engine.run import RunState
from solo.engine.state import State
from solo.rules.world import World

__all__ = ["Turn", "quiet_perform", "play_turn", "lit_kinds", "Spread", "spread"]


def lit_kinds(state: State) -> dict[str, int]:
    """How many sources of each kind burn, in the order they were lit."""
    return dict(Counter(light.kind for light in state.lights))


@dataclass(frozen=True)
class Turn:
    """What one command brought: an encounter, the kinds of light that went out, the turns
    it took and the outcomes it named (a hazard die's results: ``fatigue``, ``signs``)."""

    encounter: bool
    out: frozenset[str]
    turns: int = 1
    results: frozenset[str] = frozenset()


def quiet_perform(world: World, state: State, request: Request, rng: random.Random,
                  record: bool = False) -> RunState:
    """:func:`solo.engine.core.perform`, with the events left unrecorded unless ``record``
    (the forecast reads the state, not the journal's lines): the finished run."""
    return engine.carried_out(world, state, request, rng, record)


def play_turn(world: World, state: State, request: Request, named: bool = True,
              perform: Callable[[random.Random], RunState] | None = None):
    """A play of ``request`` once from ``state``: its :class:`Turn` (with the outcomes it
    named, if ``named``). Raises UsageError if the command is refused. ``perform``: how
    the command is carried out on the dice (else :func:`quiet_perform`)."""
    before = lit_kinds(state)

    def play(rng: random.Random) -> Turn:
        run = (perform(rng) if perform is not None
               else quiet_perform(world, state, request, rng))
        lit = Counter(light.kind for light in run.lights)
        return Turn(run.encounters > state.encounters,
                    frozenset(kind for kind, count in before.items()
                              if lit.get(kind, 0) < count), run.turn - state.turn,
                    frozenset(run.outcomes) if named else frozenset())
    return play


@dataclass(frozen=True)
class Spread:
    """How many turns a light lasts, over the ways or plays: its mean (over those where it
    went out), that mean's standard error (0 when exact), the 10th and 90th percentiles
    and the median (None: past the horizon), the share still burning then, and the share
    that goes out from ``low`` to ``high`` turns (more than 80% when a turn weighs much)."""

    mean: float | None
    error: float
    low: int | None
    median: int | None
    high: int | None
    lasting: float
    exact: bool
    plays: int
    within: float = 0.0


def spread(weighted: Sequence[tuple[Fraction | float, int | None]], exact: bool) -> Spread:
    """The :class:`Spread` of turns ``weighted`` by chance (every way) or equally (plays)."""
    total = sum(weight for weight, _ in weighted) or 1
    ended = [(float(weight / total), turn) for weight, turn in weighted if turn is not None]
    lasting = float(sum(weight for weight, turn in weighted if turn is None) / total)
    mean = error = None
    if ended:
        mass = sum(weight for weight, _ in ended)
        mean = sum(weight * turn for weight, turn in ended) / mass
        if not exact and len(ended) > 1:
            variance = sum((turn - mean) ** 2 for _, turn in ended) / (len(ended) - 1)
            error = (variance / len(ended)) ** 0.5
    ordered = sorted(((float(weight / total), turn) for weight, turn in weighted),
                     key=lambda item: (item[1] is None, item[1] or 0))

    def quantile(share: float) -> int | None:
        running = 0.0
        for weight, turn in ordered:
            running += weight
            if running >= share - 1e-12:
                return turn
        return None
    low, high = quantile(0.1), quantile(0.9)
    within = sum(weight for weight, turn in ordered if turn is not None and low is not None
                 and high is not None and low <= turn <= high)
    return Spread(mean, error or 0.0, low, quantile(0.5), high, max(lasting, 0.0), exact,
                  len(weighted), within)
