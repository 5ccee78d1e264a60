"""The same move again and again, counted exactly: how long each light lasts and whether
the danger reaches its top within a few turns.

A chain over the states the party can be in after each move: every state of one move's
end is played one move further (:func:`solo.engine.forecast_tree.outcomes`, every way its
dice can fall), and states that are equal are merged, with their chances added, before
the next move. Each light's life and the danger are counted in turns of the clock (a
move of six turns counts six), not in moves.

Bounded: more distinct states than ``width`` at one move, or more plays than ``limit``
in all, raise :class:`~solo.engine.forecast_tree.TooMany`, and the caller estimates.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

from solo.engine.events import TrackerChanged
from solo.engine.forecast_clock import Clock, clock_of
from solo.engine.forecast_live import Locals, locals_of
from solo.engine.forecast_names import foretells, unread_trackers
from solo.engine.forecast_plays import quiet_perform
from solo.engine.forecast_rooms import NewRoom, room_perform
from solo.engine.forecast_tree import (
    Freezer,
    TooMany,
    checks_quiet,
    names_read,
    one_die_checks,
    outcomes,
    rolls_unread,
)
from solo.engine.requests import Act, Request
from solo.engine.run import RunState
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["Chain", "chain", "continue_ways", "FirstMove", "Moves"]

WIDTH = 400
"""The most distinct states one move may leave before the chain gives up."""


class _Seen:
    """The states the chain has met, each by the token of what it keeps of them (the
    first state met stands for the others), kept out of the plays' own frames.

    The turn, when a rule reads it, is kept as the values the tests that read it take
    at each turn from it on (:class:`~solo.engine.forecast_clock.Clock`), where those
    tests read only the state's values: so a chain whose clock matters only for a while
    (Dungeon Turn's quiet turns) meets the same states again once it no longer does."""

    def __init__(self, freezer: Freezer, names: frozenset[str], quiet: bool,
                 rolls: bool, clock: Clock | None = None,
                 unread: frozenset[str] = frozenset(), tail: Locals | None = None) -> None:
        self.freezer = freezer
        self.tail = tail  # the locals read after a die (forecast_live)
        self.unread = unread
        self.quiet = quiet
        self.rolls = rolls
        self.names = names
        self.fields = _KEPT + tuple(field for field, read in _READ_AS.items() if read & names)
        self.states: dict[int, State] = {}
        self.clock = clock

    def keep(self, state: State) -> int:
        freeze = self.freezer.freeze
        seen: dict = {}
        token = self.freezer.intern(tuple(
            freeze(state.foreshadowed[0] if state.foreshadowed else None, seen)
            if name == "foreshadowed" else self.clock.turn(state)
            if name == "turn" and self.clock is not None else self._values(state, seen)
            if name == "values" else freeze(getattr(state, name), seen)
            for name in self.fields))
        self.states.setdefault(token, state)
        return token

    def _values(self, state: State, seen: dict) -> Hashable:
        """The state's values but the trackers nothing reads (:func:`unread_trackers`)."""
        values = state.values
        if self.unread:
            values = {name: value for name, value in values.items()
                      if name not in self.unread}
        return self.freezer.freeze(values, seen)




@dataclass(frozen=True)
class Chain:
    """Each light kind's turn of going out (None: still burning at the horizon) with its
    chance, and the chance the danger reached its top within the turns asked."""

    out: tuple[tuple[tuple[float, int | None], ...], ...]
    reached: Fraction
    plays: int
    rest: tuple[tuple[float, State, int, tuple[int | None, ...], bool], ...] = ()
    """The ways not followed to their end, when the chain stopped at its bound: (their
    chance, the state, the turns passed, the turn each kind went out, reached). Empty:
    every way counted, the figures exact; else ``out`` and ``reached`` count only the
    ways that ended, and the rest is the caller's to estimate (:func:`continue_ways`)."""


class FirstMove:
    """The chain's first move into a generated room, counted in the same count as the
    next turn's odds of that move (:func:`solo.engine.forecast_move.move_odds`): the same
    plays, each read for both, so the move is counted once. ``ways``: what the chain
    reads of each (None until counted; the chain then counts it itself)."""

    def __init__(self, world: World, state: State, request: Request,
                 kinds: tuple[str, ...], danger: tuple[str, int] | None, horizon: int,
                 room: NewRoom) -> None:
        self.seen = _seen(world, state, request, danger, horizon)
        self.state = state
        self.kinds = kinds
        self.danger = danger
        self.room = room
        self.stocked = _stocked_read(world, state)
        self.ways: dict | None = None
        self.before = dict(Counter(light.kind for light in state.lights))
        self.hit = _events_seen(danger)

    def outcome(self, run: RunState) -> Hashable:
        """What the chain reads of a play of the move (as :func:`_move` does)."""
        after = run.finish()
        lit = dict(Counter(light.kind for light in after.lights))
        name, threshold = self.danger if self.danger is not None else ("", 0)
        hit = self.danger is not None and (int(after.values.get(name, 0)) >= threshold
                                           or bool(self.hit(run.events)))
        return (self.seen.keep(after), frozenset(
            kind for kind in self.kinds if lit.get(kind, 0) < self.before.get(kind, 0)),
            hit, after.turn - self.state.turn)


def _seen(world: World, state: State, request: Request, danger: tuple[str, int] | None,
          horizon: int) -> _Seen:
    return _Seen(Freezer(), names_read(world), checks_quiet(world), rolls_unread(world),
                 clock_of(world, request, horizon),
                 unread_trackers(world, danger[0] if danger is not None else "",
                                 bool(state.party)), locals_of(world))


def _events_seen(danger: tuple[str, int] | None):
    name, threshold = danger if danger is not None else ("", 0)

    def events_seen(events: list) -> Hashable:
        return any(type(event) is TrackerChanged and event.tracker == name
                   and event.after >= threshold for event in events)

    return events_seen


class Moves:
    """The moves met by the chains that follow the same move from the same state, each
    state's next move every way, kept for the next chain (one chain a light, the first
    counting the danger): each move read for every kind in ``kinds`` and the danger, so
    a chain following fewer reads what it follows of the same plays."""

    def __init__(self, world: World, state: State, request: Request,
                 kinds: tuple[str, ...], danger: tuple[str, int] | None, horizon: int,
                 first: FirstMove | None = None) -> None:
        ready = first is not None and first.ways is not None and first.kinds == kinds \
            and first.danger == danger
        self.seen = first.seen if first is not None and ready else _seen(
            world, state, request, danger, horizon)
        self.kinds = kinds
        self.danger = danger
        self.events_seen = _events_seen(danger)
        self.found: dict[int, list] = {}  # a state's next move, every way
        self.plays = 0  # the plays the chains took to find them
        if first is not None and first.ways is not None and ready:
            self.found[self.seen.keep(state)] = [
                (token, gone, hit, max(passed, 1), float(share))
                for (token, gone, hit, passed), share in first.ways.items()]


def chain(world: World, state: State, request: Request, kinds: tuple[str, ...],
          danger: tuple[str, int] | None, turns: int, horizon: int, limit: int,
          width: int = WIDTH, partial: bool = False, room: NewRoom | None = None,
          first: FirstMove | None = None, shared: Moves | None = None) -> Chain:
    """Play ``request`` from ``state`` move after move, every way, until each kind in
    ``kinds`` is out (or ``horizon`` turns have passed) and ``turns`` turns have passed
    (the danger ``(tracker, threshold)`` watched over those). A refusal ends a way.
    Past the bound, TooMany; or, if ``partial``, the ways counted so far and the rest.
    ``room``: each move goes into a new room rolled as this one is
    (:mod:`solo.engine.forecast_rooms`: a way on found each time, the map's count as now).
    ``first``: the first move, counted already along with the next turn's odds.
    ``shared``: the moves other chains of the same move met (each of ``kinds`` and the
    danger among what they read), kept for the next."""
    if shared is None:
        shared = Moves(world, state, request, kinds, danger, horizon, first)
    seen = shared.seen
    name, threshold = danger if danger is not None else ("", 0)
    reached_now = danger is not None and int(state.values.get(name, 0)) >= threshold

    # (state, elapsed turns, the turn each kind went out, reached) -> chance. The chances
    # are floats, summed over a few hundred ways at most: their error (about 1e-15) is
    # far below the tenth of a percent they are shown to, and Fractions cost more here
    # than the plays
    frontier: dict[tuple, float] = {
        (seen.keep(state), 0, (None,) * len(kinds), reached_now): 1.0}
    finished: dict[tuple, float] = {}
    moves = shared.found
    plays = levels = before = 0
    # the turns a way may yet take: the horizon, or the longest a light has left (a guess
    # for giving up early, not a rule: a light refilled burns on, and is followed)
    left = [light.remaining for light in state.lights if light.kind in kinds]
    last = horizon if not left or None in left else min(horizon, max(
        remaining for remaining in left if remaining is not None) + 1)
    rest: list[tuple[float, State, int, tuple[int | None, ...], bool]] = []
    while frontier:
        following: dict[tuple, float] = {}
        waiting = list(frontier.items())
        try:
            while waiting:
                (key, elapsed, out, reached), chance = waiting[-1]
                lights_done = all(turn is not None for turn in out) or elapsed >= horizon
                if lights_done and (danger is None or reached or elapsed >= turns):
                    finished[(out, reached)] = finished.get((out, reached), 0.0) + chance
                    waiting.pop()
                    continue
                found = moves.get(key)
                if found is None:
                    try:
                        ways, spent = _move(world, seen.states[key], request, shared.kinds,
                                            shared.danger, seen, shared.events_seen,
                                            limit - plays, room)
                    except UsageError:  # refused: the way ends here
                        ways, spent = {}, 1
                    plays += spent
                    shared.plays += spent
                    found = moves[key] = [
                        (token, gone, hit, max(passed, 1), float(share))
                        for (token, gone, hit, passed), share in ways.items()]
                waiting.pop()
                if not found:
                    finished[(out, reached)] = finished.get((out, reached), 0.0) + chance
                    continue
                for token, gone, hit, passed, share in found:
                    later = elapsed + passed
                    now_out = out if not gone else tuple(
                        turn if turn is not None or kind not in gone else later
                        for kind, turn in zip(kinds, out, strict=True))
                    step = (token, later, now_out,
                            reached or (hit and danger is not None and elapsed < turns))
                    following[step] = following.get(step, 0.0) + chance * share
            if len(following) > width:
                raise TooMany(f"more than {width} states after a move")
            levels += 1
            if following and levels >= 4:  # as many plays a move as the last: far too many?
                ahead = max(last, turns) - min(elapsed for _, elapsed, _, _ in following)
                if plays + (plays - before) * ahead > 8 * limit:
                    raise TooMany(f"more than {limit} plays ahead")
        except TooMany:
            if not partial:
                raise
            rest = [(chance, seen.states[key], elapsed, out, reached)
                    for (key, elapsed, out, reached), chance
                    in [*waiting, *following.items()]]
            break
        frontier = following
        before = plays
    lights = []
    for index in range(len(kinds)):
        shares: dict[int | None, float] = {}
        for (out, _), chance in finished.items():
            shares[out[index]] = shares.get(out[index], 0.0) + chance
        lights.append(tuple((chance, turn) for turn, chance in shares.items()))
    reached = sum(chance for (_, hit), chance in finished.items() if hit)
    return Chain(tuple(lights), Fraction(reached).limit_denominator(10 ** 9), plays,
                 tuple(rest))


def continue_ways(world: World, request: Request, kinds: tuple[str, ...],
                  danger: tuple[str, int] | None, turns: int, horizon: int,
                  rest: tuple[tuple[float, State, int, tuple[int | None, ...], bool], ...],
                  rng: random.Random, plays: int, room: NewRoom | None = None
                  ) -> list[tuple[tuple[int | None, ...], bool]]:
    """``plays`` ways the rest of a chain may go on, each from one of its states drawn by
    its chance, played on ``rng`` move by move as :func:`chain` counts them: the turn each
    kind went out and whether the danger reached its top."""
    name, threshold = danger if danger is not None else ("", 0)
    weights = [chance for chance, *_ in rest]
    found = []
    for _ in range(plays):
        _, now, elapsed, out, reached = rng.choices(rest, weights)[0]
        while True:
            lights_done = all(turn is not None for turn in out) or elapsed >= horizon
            if lights_done and (danger is None or reached or elapsed >= turns):
                break
            before = Counter(light.kind for light in now.lights)
            try:
                run = _perform(world, now, request, rng, danger is not None, room)
            except UsageError:
                break
            after = run.finish()
            lit = Counter(light.kind for light in after.lights)
            later = elapsed + max(after.turn - now.turn, 1)
            out = tuple(turn if turn is not None or lit[kind] >= before[kind] else later
                        for kind, turn in zip(kinds, out, strict=True))
            hit = danger is not None and (int(after.values.get(name, 0)) >= threshold or any(
                type(event) is TrackerChanged and event.tracker == name
                and event.after >= threshold for event in run.events))
            reached = reached or (hit and elapsed < turns)
            now, elapsed = after, later
        found.append((out, reached))
    return found


def _move(world: World, now: State, request: Request, kinds: tuple[str, ...],
          danger: tuple[str, int] | None, seen: _Seen, events_seen, limit: int,
          room: NewRoom | None = None) -> tuple[dict, int]:
    """One move from ``now``, every way: (the state it leaves, the kinds gone out, the
    danger at its top, the turns passed) with their chances, and the plays it took."""
    before = dict(Counter(light.kind for light in now.lights))
    name, threshold = danger if danger is not None else ("", 0)

    def play(rng: random.Random) -> tuple[Hashable, frozenset[str], bool, int]:
        run = _perform(world, now, request, rng, danger is not None, room)
        after = run.finish()
        lit = dict(Counter(light.kind for light in after.lights))
        hit = danger is not None and (int(after.values.get(name, 0)) >= threshold
                                      or bool(events_seen(run.events)))
        return (seen.keep(after), frozenset(kind for kind in kinds
                                            if lit.get(kind, 0) < before.get(kind, 0)),
                hit, after.turn - now.turn)

    return outcomes(play, limit, events_seen, seen.freezer, "dice" not in seen.names,
                    seen.quiet, seen.rolls, "encounters" in seen.names,
                    checks=one_die_checks(world), read=seen.names, tail=seen.tail)


def _perform(world: World, now: State, request: Request, rng: random.Random, record: bool,
             room: NewRoom | None) -> RunState:
    """One move: into a generated room as the count draws it, else as the engine plays it."""
    if room is not None and isinstance(request, Act):
        return room_perform(world, now, request, room, rng, _stocked_read(world, now))
    return quiet_perform(world, now, request, rng, record)


def _stocked_read(world: World, now: State) -> bool:
    """Whether meeting a room's stocked encounter changes what the chain keeps of a state:
    the count of encounters, when a rule reads it, or a sign's foretold encounter, which
    it would bring (foretold before the move or by a sign the move itself finds: any
    procedure with signs). Else only words and the count change, and its die is not
    drawn."""
    return foretells(world) or "encounters" in names_read(world)


_READ_AS = {"turn": frozenset({"turn", "minutes"}), "encounters": frozenset({"encounters"}),
            "dungeon": frozenset({"room", "room_exits", "rooms_to_exit", "rooms_known",
                                  "room_new", "way_out"})}
"""The parts of a state kept too when an expression reads a name made from them."""

_KEPT = ("values", "lights", "struck", "foreshadowed", "doused", "supplies", "party")
"""What of a state the chain tells states apart by; the turn, the count of encounters and
the map too when the procedure's expressions read them (:data:`_READ_AS`). Otherwise they
are set aside, with the last encounter met and which entry a sign foretold (only its
table is kept): no move's chances read them."""
