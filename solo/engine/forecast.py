"""The odds before the player chooses: what each action the procedure offers now brings
this turn (an encounter, a light gone out), how long each lit source lasts, and the chance
the danger tracker (Tension, Alarm) reaches its threshold within the next turns if the
party keeps doing the same.

Exact: a move's chances are counted from every way its dice can fall, with the ways that
leave the engine in the same state merged (:mod:`solo.engine.forecast_tree`); a light's
life and the danger ahead from a chain over the states each move leaves, counted in turns
of the clock (:mod:`solo.engine.forecast_chain`). Where the ways or the states are more
than a bound (a count of plays, never a clock, so a state always gets the same forecast),
the figure is estimated from plays of the pure engine on the forecast's own seeded dice,
with its standard error, and said to be an estimate. The state passed in is never
changed, and the journal's dice are never touched: the caller gives the ``rng``.

With a generator rolling the rooms, a move into a new room is counted with the room's
exits seen and its stocked encounter as dice of the count, and says the next room's own
chances (:mod:`solo.engine.forecast_rooms`); the status bar then forecasts that move.

A danger tracker kept behind the screen (``show_tension: false``) is not revealed: the
actions' chances are taken with it at its floor and said as "at least", and its own
forecast is left out.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, replace
from fractions import Fraction

from solo.engine import core as engine
from solo.engine.dungeon_rolls import active
from solo.engine.events import Checked, Encountered
from solo.engine.forecast_ahead import HORIZON, DangerOdds, LightOdds, ahead
from solo.engine.forecast_dice import Chance, chance_among, plain_world, sample, seeded
from solo.engine.forecast_plays import (
    Budget,
    Turn,
    lit_kinds,
    play_turn,
    quiet_perform,
)
from solo.engine.forecast_rooms import NewRoom, new_room, room_perform, stocked_met
from solo.engine.forecast_tree import (
    TooMany,
    checks_quiet,
    names_read,
    one_die_checks,
    outcomes,
    rolls_unread,
)
from solo.engine.requests import Act
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["Forecast", "ActionOdds", "forecast", "next_turn", "same_action", "hidden_danger",
           "BUDGET", "TURNS"]

BUDGET = 1200
"""The turns a full forecast may play (about 40 ms of the engine; bench/bench_odds.py)."""
TURNS = 3
"""How many turns ahead the danger forecast looks."""
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


@dataclass(frozen=True)
class Forecast:
    """Every forecast for one state: the actions on offer, the lights if the party keeps
    to ``action``, the danger, and what was left out (``skipped``: action and why;
    ``hidden``: the labels of trackers kept behind the screen)."""

    action: str | None
    actions: tuple[ActionOdds, ...] = ()
    lights: tuple[LightOdds, ...] = ()
    danger: DangerOdds | None = None
    skipped: tuple[tuple[str, str], ...] = ()
    hidden: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"action": self.action, "actions": [odds.to_json() for odds in self.actions],
                "lights": [light.to_json() for light in self.lights],
                "danger": self.danger.to_json() if self.danger else None,
                "skipped": {name: why for name, why in self.skipped},
                "hidden": list(self.hidden)}


def hidden_danger(world: World, state: State) -> str | None:
    """The danger tracker's name when a ``show_<tracker>: false`` setting hides it."""
    name = world.procedure.danger
    return name if name and state.values.get(f"show_{name}") is False else None


def _screened(world: World, state: State) -> State:
    """``state`` with a hidden danger at its floor: what the forecast may tell."""
    name = hidden_danger(world, state)
    if name is None:
        return state
    tracker = world.procedure.trackers[name]
    floor = tracker.minimum if tracker.minimum is not None else 0
    return replace(state, values={**state.values, name: floor})


def same_action(world: World, state: State, last: str = "") -> str | None:
    """The command the party keeps doing: the last one played, if it is one of the
    procedure's own moves the state allows reading, else the procedure's usual one (with
    a generator rolling the rooms: its move into a new room, typed bare)."""
    text = last.split(":", 1)[1].strip() if ":" in last.split(" ", 1)[0] else last.strip()
    for line in (text, _usual(world, state)):
        words = line.split()
        action = _action_of(world, words[0]) if words else None
        if action is None or action.group != "procedure":
            continue
        try:
            engine.read(world, state, line)
        except UsageError:
            continue
        return line
    return None


def _action_of(world: World, word: str):
    """The action a word plays: one of the procedure's, or ``enter`` for the one it names."""
    procedure = world.procedure
    action = procedure.action_named(word)
    if action is None and word.lower() == "enter" and procedure.enter is not None:
        return procedure.actions[procedure.enter]
    return action


def _usual(world: World, state: State) -> str:
    """The procedure's usual move; with a generator rolling the rooms, its move into a new
    room, with no exits typed (the generator rolls them)."""
    procedure = world.procedure
    usual = procedure.simulate.strip()
    if not active(world, state.values):
        return usual
    if procedure.enter is not None and "enter" not in procedure.actions:
        return "enter"
    words = usual.split()
    action = procedure.action_named(words[0]) if words else None
    return words[0] if action is not None and action.room == "new" else usual


def next_turn(world: World, state: State, line: str, rng: random.Random,
              budget: int = BUDGET // 4, named: bool = True) -> ActionOdds:
    """What ``line`` brings this turn from ``state`` (what its rolls name too, if
    ``named``); raises UsageError if it cannot be read or is refused now."""
    return _next_turn(world, _screened(world, state), line, rng, Budget(budget),
                      hidden_danger(world, state) is not None, named)


def _next_turn(world: World, state: State, line: str, rng: random.Random, budget: Budget,
               at_least: bool, named: bool = True) -> ActionOdds:
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
    play = play_turn(plain, state, request, budget, perform=perform if room else None)
    kinds = [(kind, world.procedure.lights[kind].label) for kind in lit_kinds(state)
             if kind in world.procedure.lights]
    # refused now: UsageError, before any forecast; a move of several turns costs as
    # many plays of one when estimated
    turns = max(play(random.Random(0)).turns, 1)
    count = _counter(world)
    if room is not None:  # a generated room: all at once (its plays record anyway)
        return _room_turn(world, state, line, room, perform, count, kinds, at_least, named)
    results: tuple[tuple[str, Chance], ...] | None
    checks: tuple[tuple[str, Chance], ...] | None
    whole = _whole_turn(count, perform, state) if named and turns == 1 else None
    if whole is not None:
        found, results, checks = whole
        exact = True
    else:
        found, exact, results, checks = _apart(world, state, request, play, count, budget,
                                               turns, named, perform)
    lengths = {turn.turns for _, turn in found}
    return ActionOdds(line, chance_among(found, exact, lambda turn: turn.encounter),
                      tuple((label, chance_among(found, exact,
                                            lambda turn, kind=kind: kind in turn.out))
                            for kind, label in kinds), at_least,
                      max(lengths), results, checks, up_to=len(lengths) > 1, room=room)


def _apart(world: World, state: State, request, play, count, budget: Budget, turns: int,
           named: bool, perform) -> tuple[list, bool, tuple | None, tuple | None]:
    """A move's ways counted a part at a time: the encounter and the lights first (they
    take the fewest), then what its rolls name and its checks if it lasts one turn;
    estimated from plays when even the first are too many ways."""
    plain = plain_world(world)
    results: tuple[tuple[str, Chance], ...] | None
    checks: tuple[tuple[str, Chance], ...] | None
    try:  # the encounter and the lights first; what the rolls name costs more ways
        ways, spent = count(play_turn(plain, state, request, budget, False), WAYS)
    except TooMany:  # estimated on dice of its own, the same whoever asks (one figure)
        found: list[tuple[Fraction | int, Turn]] = [
            (1, turn) for turn in sample(play, seeded(), max(ESTIMATE // turns, 20))]
        results, checks = _named(found, False), None
        exact = False
    else:
        found, exact = [(chance, turn) for turn, chance in ways.items()], True
        results, checks = None, None
        if not named:
            results, checks = (), ()
        elif turns == 1:  # a longer move's are too many ways: left out, rather than a
            # second figure beside its exact encounter
            results, checks = _results_counted(count, play, spent), _checks_counted(
                count, perform, spent)
    return found, exact, results, checks


ROOM_WAYS = 4 * WAYS
"""The most plays counting a move into a generated room may take: its exits seen and its
stocked encounter are dice too (:mod:`solo.engine.forecast_rooms`)."""


def _room_turn(world: World, state: State, line: str, room: NewRoom, perform, count,
               kinds: list[tuple[str, str]], at_least: bool, named: bool) -> ActionOdds:
    """What a move into a generated room brings, counted in one go: the encounter (the
    room's stocked one or the move's own), the lights, what the rolls name and the
    checks (the ones that read the rolled exits as one check: 'exits as rolled')."""
    before = lit_kinds(state)
    plain = plain_world(world)
    request = engine.read(world, state, line)
    assert isinstance(request, Act)
    met = stocked_met(world, state, room, request.action)

    def play(dice: random.Random) -> tuple[Turn, frozenset[tuple[str, bool]], bool]:
        run = (perform(dice) if met is None
               else room_perform(plain, state, request, room, dice, stocked=False))
        lit = Counter(light.kind for light in run.lights)
        return (Turn(run.encounters > state.encounters,
                     frozenset(kind for kind, count in before.items()
                               if lit.get(kind, 0) < count), run.turn - state.turn,
                     frozenset(run.outcomes) if named else frozenset()),
                _checked(run.events) if named else frozenset(),
                met is not None and not any(type(event) is Encountered
                                            for event in run.events))

    def events(recorded: list) -> Hashable:  # the room's encounter is met by them too
        seen = any(type(event) is Encountered for event in recorded)
        return (_checked(recorded), seen) if named else seen

    counted, _ = count(play, ROOM_WAYS, named, events)
    ways: dict[tuple[Turn, frozenset], Fraction] = {}
    for (turn, checked, pending), chance in counted.items():
        # a move that met no encounter meets the room's stocked one, met's share of ways
        # (meeting it changes nothing else this move reads: no lights, names or checks)
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
    return ActionOdds(line, chance_among(found, True, lambda turn: turn.encounter),
                      tuple((label, chance_among(found, True,
                                            lambda turn, kind=kind: kind in turn.out))
                            for kind, label in kinds), at_least,
                      max(lengths), results, checks, up_to=len(lengths) > 1, room=room)


def _as_rolled(labels: list[str]) -> str:
    """One label for a check whose numbers differ with the room rolled: each number that
    differs is said ``as rolled``."""
    parts = [re.split(r"(\d+)", label) for label in labels]
    return "".join(pieces[0] if len(set(pieces)) == 1 else "as rolled"
                   for pieces in zip(*parts, strict=True))


def _counter(world: World):
    """Counting every way a play's dice fall, as far as ``world``'s procedure allows
    (:func:`solo.engine.forecast_tree.outcomes`)."""
    read = names_read(world)
    quiet, rolls, checks = checks_quiet(world), rolls_unread(world), one_die_checks(world)

    def count(play, limit: int, named: bool = False, events=None) -> tuple[dict, int]:
        return outcomes(play, limit, events, whole="dice" not in read, quiet_checks=quiet,
                        rolls=rolls, counted="encounters" in read, named=named,
                        checks=checks, read=read)

    return count


def _named(found: list, exact: bool) -> tuple[tuple[str, Chance], ...]:
    """The chance of each outcome the ways ``found`` name, likeliest first."""
    names = sorted({name for _, turn in found for name in turn.results})
    results = [(name, chance_among(found, exact, lambda turn, name=name: name in turn.results))
               for name in names]
    return tuple(sorted(results, key=lambda pair: -pair[1].value))


WHOLE = 700
"""The most plays counting a move of one turn all at once may take (its encounter, lights,
what its rolls name and its checks, in one count); past it, each is counted apart."""


def _whole_turn(count, perform, state: State) -> tuple[list, tuple, tuple] | None:
    """A move of one turn counted all at once: its ways (each with the :class:`Turn` it
    brings, what its rolls name included), what the rolls name and the checks it rolls.
    None: more ways than :data:`WHOLE` (then the encounter and the lights are counted
    first, as they take fewer)."""
    before = lit_kinds(state)

    def play(dice: random.Random) -> tuple[Turn, frozenset[tuple[str, bool]]]:
        run = perform(dice)
        lit = Counter(light.kind for light in run.lights)
        return (Turn(run.encounters > state.encounters,
                     frozenset(kind for kind, many in before.items()
                               if lit.get(kind, 0) < many), run.turn - state.turn,
                     frozenset(run.outcomes)), _checked(run.events))

    try:
        ways, _ = count(play, WHOLE, True, _checked)
    except TooMany:
        return None
    turns: dict[Turn, Fraction] = {}
    for (turn, _), chance in ways.items():
        turns[turn] = turns.get(turn, Fraction(0)) + chance
    found = [(chance, turn) for turn, chance in turns.items()]
    labels = sorted({label for (_, way) in ways for label, _ in way})
    checks = tuple((label, Chance.of(sum((chance for (_, way), chance in ways.items()
                                          if (label, True) in way), Fraction(0))))
                   for label in labels)
    return found, _named(found, True), checks


def _results_counted(count, play, spent: int) -> tuple[tuple[str, Chance], ...] | None:
    """What a move's rolls name, counted (None: too many ways)."""
    try:
        ways, _ = count(play, 4 * spent + 50, True)
    except TooMany:
        return None
    return _named([(chance, turn) for turn, chance in ways.items()], True)


def _checks_counted(count, perform, spent: int) -> tuple[tuple[str, Chance], ...] | None:
    """Each check a move rolls (a door, a search) with the chance it succeeds, counted
    from the checks' own events (None: too many ways)."""
    try:
        ways, _ = count(lambda dice: _checked(perform(dice).events),
                        max(4 * spent + 100, 700), events=_checked)
    except TooMany:
        return None
    labels = sorted({label for way in ways for label, _ in way})
    return tuple((label, Chance.of(sum((chance for way, chance in ways.items()
                                        if (label, True) in way), Fraction(0))))
                 for label in labels)


def _checked(events: list) -> frozenset[tuple[str, bool]]:
    """The checks rolled so far, each with whether it succeeded."""
    return frozenset((event.label, event.success) for event in events
                     if type(event) is Checked)


def _nowhere_back(world: World, state: State, name: str) -> str | None:
    """Why the move ``name`` cannot be taken now, if it goes back a room and the party
    has none to go back to (no room yet, or none it came from): the engine would play
    it where the party stands, which is another move."""
    action = world.procedure.actions.get(name)
    if action is None or action.room != "back":
        return None
    dungeon = state.dungeon
    if dungeon.current is None or not dungeon.trail:
        return f"{name}: no known room to go back to yet"
    return None


def forecast(world: World, state: State, rng: random.Random, last: str = "",
             budget: int = BUDGET, turns: int = TURNS, horizon: int = HORIZON) -> Forecast:
    """Every forecast for ``state`` (``last``: the command the party played last, which it
    is taken to keep doing), on the forecast's own dice ``rng``."""
    hidden = hidden_danger(world, state)
    seen = _screened(world, state)
    procedure = world.procedure
    offered = [name for name, action in procedure.actions.items()
               if action.group == "procedure"]
    if procedure.enter is not None and "enter" not in procedure.actions \
            and active(world, state.values):  # the word that rolls the next room
        offered.append("enter")
    actions: list[ActionOdds] = []
    skipped: list[tuple[str, str]] = []
    share = budget // 2 // max(len(offered), 1)
    for name in offered:
        nowhere = _nowhere_back(world, seen, name)
        if nowhere is not None:
            skipped.append((name, nowhere))
            continue
        try:
            actions.append(_next_turn(world, seen, name, rng, Budget(share), hidden is not None))
        except UsageError as refused:
            skipped.append((name, str(refused)))
    action = same_action(world, seen, last)
    lights: tuple[LightOdds, ...] = ()
    danger = None
    if action is not None:
        lights, danger = ahead(world, seen, engine.read(world, seen, action), turns, horizon,
                               None if hidden else engine.danger_value(world, state))
    labels = (procedure.trackers[hidden].label,) if hidden else ()
    return Forecast(action, tuple(actions), lights, danger, tuple(skipped), labels)
