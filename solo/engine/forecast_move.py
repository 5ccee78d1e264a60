"""One move's next turn, counted: what a command brings from a state this turn (an
encounter, each kind of light going out, what its rolls name, the checks it rolls), from
every way its dice can fall: each thing a player reads of it counted on its own, all
in one count where the ways allow (:func:`solo.engine.forecast_tree.shares`), else the
encounter and the lights alone (:func:`~solo.engine.forecast_tree.outcomes`); a move
into a generated room with the room's exits seen and its stocked encounter as dice of
the count (:mod:`solo.engine.forecast_rooms`). Past the bounds, estimated from plays on the
forecast's own seeded dice, and said so.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction

from solo.engine import core as engine
from solo.engine.effects_tables import MET, encounter_met
from solo.engine.events import Checked
from solo.engine.forecast_chain import FirstMove
from solo.engine.forecast_dice import Chance, chance_among, plain_world, sample, seeded
from solo.engine.forecast_live import locals_of
from solo.engine.forecast_plays import Turn, lit_kinds, play_turn, quiet_perform
from solo.engine.forecast_rooms import NewRoom, new_room, room_perform, stocked_met
from solo.engine.forecast_tree import (
    TooMany,
    checks_quiet,
    names_read,
    one_die_checks,
    outcomes,
    rolls_unread,
    shares,
)
from solo.engine.requests import Act
from solo.engine.run import RunState
from solo.engine.state import State
from solo.rules.world import World

__all__ = ["ActionOdds", "move_odds", "WAYS", "ESTIMATE", "ROOM_WAYS"]

WAYS = 1000
"""The most plays counting every way one move's dice can fall may take (else: estimated)."""
ESTIMATE = 240
"""The plays (in turns, as :data:`WAYS`) a move's chances are estimated from when its
ways are too many to count: the same for the status bar and ``odds``, so one chance is
never shown as two figures."""


@dataclass(frozen=True)
class ActionOdds:
    """What one action brings this turn: an encounter, and each kind of lit source going
    out. ``at_least``: the danger is behind the screen and was taken at its floor."""

    line: str
    encounter: Chance
    lights_out: tuple[tuple[str, Chance], ...] = ()
    at_least: bool = False
    turns: int = 1
    """The turns of the clock the move takes: at most so many when ``up_to`` (an encounter
    ends it sooner)."""
    results: tuple[tuple[str, Chance], ...] | None = ()
    """Each outcome the move may name (a hazard die's result), likeliest first; None when
    its ways are too many to count them (a move of several turns)."""
    checks: tuple[tuple[str, Chance], ...] | None = ()
    """Each check the move may roll, by its label, with the chance it succeeds (forcing a
    door, finding a trap); None when its ways are too many to count them."""
    up_to: bool = False
    """The move may end before its ``turns`` (a rest or search an encounter breaks)."""
    room: NewRoom | None = None
    """The new room the move rolls, when the journal names a generator: its exact chances
    (the move's ``encounter`` counts the room's stocked one too)."""

    def to_json(self) -> dict:
        return {"action": self.line, "encounter": self.encounter.to_json(),
                "at_least": self.at_least, "turns": self.turns, "up_to": self.up_to,
                "results": None if self.results is None else
                {name: chance.to_json() for name, chance in self.results},
                "checks": None if self.checks is None else
                {label: chance.to_json() for label, chance in self.checks},
                "lights_out": {kind: chance.to_json() for kind, chance in self.lights_out},
                "room": None if self.room is None else {
                    "generator": self.room.generator,
                    **{name: Chance.of(getattr(self.room, name)).to_json()
                       for name in ("encounter", "trap", "locked")}}}



def move_odds(world: World, state: State, line: str, at_least: bool,
              named: bool = True, first: FirstMove | None = None) -> ActionOdds:
    """What ``line`` brings this turn from ``state`` (what its rolls name too, if
    ``named``; ``at_least``: the danger behind the screen was taken at its floor);
    raises UsageError if it cannot be read or is refused now. ``first``: the look-ahead's
    first move of ``line`` into a generated room, counted in the same count."""
    request = engine.read(world, state, line)
    plain = plain_world(world)
    room = new_room(world, state, request)
    if room is not None:  # a generated room: refused as play refuses it (a shut door)
        assert isinstance(request, Act)
        quiet_perform(world, state, request, random.Random(0), True)
        generated = request

        def perform(dice: random.Random, record: bool = True):
            return room_perform(plain, state, generated, room, dice)
    else:
        def perform(dice: random.Random, record: bool = True):
            return quiet_perform(plain, state, request, dice, record)
    # its encounter and lights: recorded when it moves on the map, as an unrecorded run
    # keeps none (an entered room's exits unread); elsewhere recording costs, for nothing
    moves = isinstance(request, Act) and request.move is not None

    def moved(dice: random.Random):
        return perform(dice, moves)
    play = play_turn(plain, state, request, perform=moved)
    kinds = [(kind, world.procedure.lights[kind].label) for kind in lit_kinds(state)
             if kind in world.procedure.lights]
    # refused now: UsageError, before any forecast; a move of several turns costs as
    # many plays of one when estimated
    turns = max(play(random.Random(0)).turns, 1)
    count = _counter(world)
    if room is not None:  # a generated room: all at once (its plays record anyway)
        return _room_turn(world, state, line, room, perform, count, kinds, at_least, named,
                          first, turns)
    counted = _counted(count, perform, state, line, kinds, at_least) if named else None
    if counted is not None:
        return counted
    found, exact, results, checks = _apart(world, state, request, play, count, turns,
                                           named, moved)
    return _action(line, found, exact, kinds, at_least, results, checks, room)


def _action(line: str, found: list, exact: bool, kinds: list[tuple[str, str]],
            at_least: bool, results: tuple | None, checks: tuple | None,
            room: NewRoom | None) -> ActionOdds:
    """A move's odds from its ways ``found`` (each with its chance; if not ``exact``,
    plays, each of weight 1): its encounter, each kind of light out, how many turns."""
    lengths = {turn.turns for _, turn in found}
    return ActionOdds(line, chance_among(found, exact, lambda turn: turn.encounter),
                      tuple((label, chance_among(found, exact,
                                            lambda turn, kind=kind: kind in turn.out))
                            for kind, label in kinds), at_least,
                      max(lengths), results, checks, up_to=len(lengths) > 1, room=room)


def _counted(count, perform, state: State, line: str, kinds: list[tuple[str, str]],
             at_least: bool) -> ActionOdds | None:
    """A move counted all at once: the chance of each thing a player reads of it (its
    encounter, each kind of light out, what its rolls name, each check rolled and
    succeeding, and how many turns it may take), each counted on its own
    (:func:`~solo.engine.forecast_tree.shares`), not every way they may come together.
    None: more ways than :data:`WAYS` (then the encounter and the lights are counted
    first, as they take fewer)."""
    before = lit_kinds(state)

    def play(dice: random.Random) -> tuple[list[str], list[tuple]]:
        run = perform(dice)
        lit = Counter(light.kind for light in run.lights)
        met = [("met",)] if run.encounters > state.encounters else []
        return run.outcomes, [
            ("turns", run.turn - state.turn), *met,
            *(("out", kind) for kind, many in before.items() if lit.get(kind, 0) < many),
            *((("check", label) if success else ("rolled", label))
              for label, success in _checked(run.events))]

    try:
        found, _ = count(play, WAYS, events=_checked, by_name=True)
    except TooMany:
        return None
    names = sorted((name, Chance.of(chance)) for name, chance in found.items()
                   if type(name) is str)
    labels = sorted({mark[1] for mark in found if type(mark) is tuple
                     and mark[0] in ("check", "rolled")})
    lengths = {mark[1] for mark in found if type(mark) is tuple and mark[0] == "turns"}

    def chance(*mark: str) -> Chance:
        return Chance.of(found.get(mark, Fraction(0)))

    return ActionOdds(line, chance("met"), tuple((label, chance("out", kind))
                                                 for kind, label in kinds), at_least,
                      max(lengths), tuple(sorted(names, key=lambda pair: -pair[1].value)),
                      tuple((label, chance("check", label)) for label in labels),
                      up_to=len(lengths) > 1)


def _apart(world: World, state: State, request, play, count, turns: int, named: bool,
           moved) -> tuple[list, bool, tuple | None, tuple | None]:
    """A move's encounter and lights counted alone, where counting all it brings at once
    is too many ways (what its rolls name and its checks are then too: None, never a
    second figure beside its exact encounter); estimated from plays when even these are
    too many ways."""
    plain = plain_world(world)
    results: tuple[tuple[str, Chance], ...] | None
    checks: tuple[tuple[str, Chance], ...] | None
    try:  # the encounter and the lights alone; what the rolls name costs more ways
        ways, _ = count(play_turn(plain, state, request, False, moved), WAYS)
    except TooMany:  # estimated on dice of its own, the same whoever asks (one figure)
        found: list[tuple[Fraction | int, Turn]] = [
            (1, turn) for turn in sample(play, seeded(), max(ESTIMATE // turns, 20))]
        results, checks = _named(found, False), None
        exact = False
    else:
        found, exact = [(chance, turn) for turn, chance in ways.items()], True
        results, checks = ((), ()) if not named else (None, None)
    return found, exact, results, checks


ROOM_WAYS = 4 * WAYS
"""The most plays counting a move into a generated room may take: its exits seen and its
stocked encounter are dice too (:mod:`solo.engine.forecast_rooms`)."""


def _room_turn(world: World, state: State, line: str, room: NewRoom, perform, count,
               kinds: list[tuple[str, str]], at_least: bool, named: bool,
               first: FirstMove | None = None, turns: int = 1) -> ActionOdds:
    """What a move into a generated room brings, counted in one go: the encounter (the
    room's stocked one or the move's own), the lights, what the rolls name and the
    checks (the ones that read the rolled exits as one check: 'exits as rolled'); past
    :data:`ROOM_WAYS`, estimated from plays as :func:`_apart` does (checks: None).
    ``first``: the look-ahead's first move, read off the same plays when they are its
    own (the room's stocked encounter drawn where the chain draws it): its ways are left
    in it."""
    before = lit_kinds(state)
    plain = plain_world(world)
    request = engine.read(world, state, line)
    assert isinstance(request, Act)
    # the stocked encounter's chance worked out without its die, unless meeting it rolls
    # what is counted (Exploration's surprise checks, Dungeon Turn's disposition): then
    # its die is drawn in the plays, and what meeting it rolls is counted with the rest
    met = None if named and MET in world.procedure.routines else stocked_met(
        world, state, room, request.action)

    def play(dice: random.Random, kept: dict | None = None
             ) -> tuple[Turn, frozenset[tuple[str, bool]], bool]:
        run = (perform(dice) if met is None
               else room_perform(plain, state, request, room, dice, stocked=False))
        if kept is not None:
            kept["run"] = run
        lit = Counter(light.kind for light in run.lights)
        return (Turn(run.encounters > state.encounters,
                     frozenset(kind for kind, count in before.items()
                               if lit.get(kind, 0) < count), run.turn - state.turn,
                     frozenset(run.outcomes) if named else frozenset()),
                _checked(run.events) if named else frozenset(),
                met is not None and not encounter_met(run.events))

    def events(recorded: list) -> Hashable:  # the room's encounter is met by them too
        seen = encounter_met(recorded)
        return (_checked(recorded), seen) if named else seen

    # shared when the plays draw the room's stocked encounter wherever the chain does
    # (where it does not, meeting it changes nothing the chain keeps: forecast_chain)
    counted = _shared(play, events, count, named, first) if first is not None and \
        (met is None or not first.stocked) and first.room == room else None
    if counted is None:
        try:
            counted, _ = count(play, ROOM_WAYS, named, events)
        except TooMany:  # the stocked encounter drawn in the plays (``play`` reads met)
            met = None
            plays = [(1, turn) for turn, _, _ in
                     sample(play, seeded(), max(ESTIMATE // turns, 20))]
            return _action(line, plays, False, kinds, at_least,
                           _named(plays, False) if named else (), None if named else (),
                           room)
    ways: dict[tuple[Turn, frozenset], Fraction] = {}
    for (turn, checked, pending), chance in counted.items():
        # a move that met no encounter meets the room's stocked one, met's share of ways
        # (meeting it rolls nothing: no lights, names or checks; else it was drawn)
        shares = [(turn, chance)]
        if pending and met:
            shares = [(replace(turn, encounter=True), chance * met),
                      (turn, chance * (1 - met))]
        for kept, share in shares:
            ways[(kept, checked)] = ways.get((kept, checked), Fraction(0)) + share
    found = [(chance, turn) for (turn, _), chance in ways.items()]
    lengths = {turn.turns for _, turn in found}
    results: tuple[tuple[str, Chance], ...] | None = ()
    checks: tuple[tuple[str, Chance], ...] | None = ()
    if named:
        results = _named(found, True) if len(lengths) == 1 and 1 in lengths else None
        groups: dict[str, list[str]] = {}
        for label in sorted({label for (_, way) in ways for label, _ in way}):
            groups.setdefault(re.sub(r"\d+", "#", label), []).append(label)
        checks = tuple(
            (_as_rolled(labels), Chance.of(sum((chance for (_, way), chance in ways.items()
                                                if any((label, True) in way
                                                       for label in labels)), Fraction(0))))
            for labels in groups.values())
        if results is None:
            checks = None
    return _action(line, found, True, kinds, at_least, results, checks, room)


def _shared(play, events, count, named: bool, first: FirstMove) -> dict | None:
    """``play``'s ways counted along with what the chain's ``first`` move reads of the
    same plays (left in ``first.ways``); None past the bound (each is counted apart)."""
    found: dict[str, RunState] = {}

    def both(dice: random.Random) -> tuple[Hashable, Hashable]:
        found.clear()
        outcome = play(dice, found)
        return outcome, first.outcome(found["run"])

    try:
        counted, _ = count(both, ROOM_WAYS, named,
                           lambda recorded: (events(recorded), first.hit(recorded)))
    except TooMany:
        return None
    ours: dict = {}
    theirs: dict = {}
    for (outcome, chained), chance in counted.items():
        ours[outcome] = ours.get(outcome, Fraction(0)) + chance
        theirs[chained] = theirs.get(chained, Fraction(0)) + chance
    first.ways = theirs
    return ours


def _as_rolled(labels: list[str]) -> str:
    """One label for a check whose numbers differ with the room rolled: each number that
    differs is said ``as rolled``."""
    parts = [re.split(r"(\d+)", label) for label in labels]
    return "".join(pieces[0] if len(set(pieces)) == 1 else "as rolled"
                   for pieces in zip(*parts, strict=True))


def _unread(recorded: list) -> None:
    """What a play's outcome reads of its events when it reads none (a :class:`Turn`)."""
    return None


def _counter(world: World):
    """Counting every way a play's dice fall, as far as ``world``'s procedure allows
    (:func:`solo.engine.forecast_tree.outcomes`); ``events``: what the outcome reads of
    the events the plays record (by default none)."""
    read = names_read(world)
    quiet, rolls, checks = checks_quiet(world), rolls_unread(world), one_die_checks(world)
    tail = locals_of(world)

    def count(play, limit: int, named: bool = False, events=_unread,
              by_name: bool = False) -> tuple[dict, int]:
        """``by_name``: each name's and mark's chance, not the ways (forecast_tree.shares)."""
        settings = {"events": events, "whole": "dice" not in read, "quiet_checks": quiet,
                    "rolls": rolls, "counted": "encounters" in read, "checks": checks,
                    "read": read, "tail": tail}
        if by_name:
            return shares(play, limit, **settings)
        return outcomes(play, limit, named=named, **settings)

    return count


def _named(found: list, exact: bool) -> tuple[tuple[str, Chance], ...]:
    """The chance of each outcome the ways ``found`` name, likeliest first."""
    names = sorted({name for _, turn in found for name in turn.results})
    results = [(name, chance_among(found, exact, lambda turn, name=name: name in turn.results))
               for name in names]
    return tuple(sorted(results, key=lambda pair: -pair[1].value))


def _checked(events: list) -> frozenset[tuple[str, bool]]:
    """The checks rolled so far, each with whether it succeeded."""
    return frozenset((event.label, event.success) for event in events
                     if type(event) is Checked)
