"""The odds before the player chooses: what each action the procedure offers now brings
this turn (an encounter, a light gone out), how long each lit source lasts, and the chance
the danger tracker (Tension, Alarm) reaches its threshold within the next turns if the
party keeps doing the same.

Exact: a move's chances are counted from every way its dice can fall, with the ways that
leave the engine in the same state merged (:mod:`solo.engine.forecast_move`,
:mod:`solo.engine.forecast_tree`); a light's
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
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from solo.engine import core as engine
from solo.engine.dungeon_named import active
from solo.engine.forecast_ahead import HORIZON, DangerOdds, LightOdds, ahead, first_move
from solo.engine.forecast_chain import FirstMove
from solo.engine.forecast_dice import Chance
from solo.engine.forecast_move import ActionOdds, move_odds
from solo.engine.forecast_names import idle
from solo.engine.key_rooms import active_key
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["Forecast", "ActionOdds", "forecast", "next_turn", "same_action", "hidden_danger",
           "TURNS", "OUTSIDE", "screened_values", "UNCAPPED"]

TURNS = 3
"""How many turns ahead the danger forecast looks."""


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
    none: str | None = None
    """Why nothing is forecast at all (the party is outside the dungeon), else None."""

    def to_json(self) -> dict:
        return {"action": self.action, "actions": [odds.to_json() for odds in self.actions],
                "lights": [light.to_json() for light in self.lights],
                "danger": self.danger.to_json() if self.danger else None,
                "skipped": {name: why for name, why in self.skipped},
                "hidden": list(self.hidden), "none": self.none}


OUTSIDE = ("No odds while the party is outside the dungeon: nothing is met there "
           "('return' goes back in).")


def hidden_danger(world: World, state: State) -> str | None:
    """The danger tracker's name when a ``show_<tracker>: false`` setting hides it."""
    name = world.procedure.danger
    return name if name and state.values.get(f"show_{name}") is False else None


def _screened(world: World, state: State) -> State:
    """``state`` with a hidden danger at its floor: what the forecast may tell."""
    name = hidden_danger(world, state)
    if name is None:
        return state
    return replace(state, values={**state.values, name: screened_values(world, name)[0]})


def screened_values(world: World, name: str) -> range:
    """Every value the hidden tracker ``name`` may have, as far as the player knows: its
    floor to its cap (without one, :data:`UNCAPPED` past its floor)."""
    tracker = world.procedure.trackers[name]
    floor = tracker.minimum if tracker.minimum is not None else 0
    top = tracker.maximum if tracker.maximum is not None else floor + UNCAPPED
    return range(floor, max(floor, top) + 1)


UNCAPPED = 20
"""How far past its floor the odds look at a hidden tracker with no cap."""


def _least(world: World, state: State, line: str,
           first: FirstMove | None = None) -> ActionOdds:
    """What ``line`` brings this turn, its encounter and lights the least they are at any
    value a hidden danger may have (a move's chance is not always least at the danger's
    floor: a higher Tension reads further down a table with entries struck off); what
    its rolls name and its checks at the floor. The move refused at the danger's floor
    raises UsageError. ``first``: counted with the floor's odds."""
    name = hidden_danger(world, state)
    if name is None:
        return move_odds(world, state, line, False, first=first)
    found = []
    for index, value in enumerate(screened_values(world, name)):
        try:  # (past the floor, only the encounter and lights: half the ways)
            found.append(move_odds(world, replace(state, values={**state.values, name: value}),
                                   line, True, named=index == 0,
                                   first=first if index == 0 else None))
        except UsageError:
            if index == 0:
                raise
    lights = [dict(odds.lights_out) for odds in found]
    return replace(found[0], encounter=_lowest(odds.encounter for odds in found),
                   lights_out=tuple((label, _lowest(row.get(label, Chance.of(Fraction(0)))
                                                    for row in lights))
                                    for label, _ in found[0].lights_out))


def _lowest(chances: Iterable[Chance]) -> Chance:
    return min(chances, key=lambda chance: chance.value)


def same_action(world: World, state: State, last: str = "") -> str | None:
    """The command the party keeps doing: the last one played, if it is one of the
    procedure's own moves the state allows reading, else the procedure's usual one (with
    a generator rolling the rooms: its move into a new room, typed bare)."""
    text = last.split(":", 1)[1].strip() if ":" in last.split(" ", 1)[0] else last.strip()
    for line in (text, _usual(world, state)):
        words = line.split()
        action = _action_of(world, words[0]) if words else None
        if action is None or action.group != "procedure" or idle(action):
            continue
        if _unseen_room(world, state, words[0]) is not None:
            continue
        try:
            engine.read(world, state, line)
        except UsageError:
            continue
        return line
    return None


def _unseen_room(world: World, state: State, word: str) -> str | None:
    """Why the move ``word`` is not forecast in a keyed dungeon, if it takes the party into
    a room of the key it has not entered: its figures would tell what the room holds (an
    encounter met for certain, a door locked), which the key keeps hidden until then."""
    key = active_key(world, state.values)
    if key is None or all(state.dungeon.room(room.id) is not None for room in key.rooms):
        return None  # (every room entered: the move is refused, or forecast, as any)
    action = world.procedure.action_named(word)
    if word.lower() != "enter" and (action is None or action.room != "new"):
        return None
    return f"{word}: it enters a room of the key not yet seen, which its odds would tell"


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


def next_turn(world: World, state: State, line: str, rng: random.Random) -> ActionOdds:
    """What ``line`` brings this turn from ``state``, the same figures as its row of
    :func:`forecast` (the status bar's and ``odds``'s one computation); raises UsageError
    if it cannot be read or is refused now, or enters a room of a key not yet seen."""
    unseen = _unseen_room(world, state, line.split()[0]) if line.split() else None
    if unseen is not None:
        raise UsageError(unseen)
    return _least(world, state, line)


def _nowhere_back(world: World, state: State, name: str) -> str | None:
    """Why the move ``name`` cannot be taken now, if it goes back a room and the party
    has none to go back to (no room yet, or none it came from): the engine would play
    it where the party stands, which is another move."""
    action = world.procedure.actions.get(name)
    if action is None or action.room != "back":
        return None
    dungeon = state.dungeon
    if dungeon.current is None:
        return f"{name}: no known room to go back to yet"
    if not dungeon.trail:  # (refused as 'back' is: a room named is another move)
        other = next((room.id for room in dungeon.rooms if room.id != dungeon.here), None)
        return (f"{name}: refused bare, as the party's way began here, with no way back "
                "to retrace" + ("" if other is None else f" (one naming a room, as "
                                f"'{name} {other}', plays but is not forecast)"))
    return None


def forecast(world: World, state: State, rng: random.Random, last: str = "",
             turns: int = TURNS, horizon: int = HORIZON) -> Forecast:
    """Every forecast for ``state`` (``last``: the command the party played last, which it
    is taken to keep doing), on the forecast's own dice ``rng``. Nothing while the party
    is outside the dungeon (issue 38): the text says why."""
    if state.trip.outside:
        return Forecast(None, none=OUTSIDE)
    hidden = hidden_danger(world, state)
    seen = _screened(world, state)
    procedure = world.procedure
    offered = [name for name, action in procedure.actions.items()
               if action.group == "procedure" and not idle(action)]
    if procedure.enter is not None and "enter" not in procedure.actions \
            and active(world, state.values):  # the word that rolls the next room
        offered.append("enter")
    actions: list[ActionOdds] = []
    skipped: list[tuple[str, str]] = []
    action = same_action(world, seen, last)
    request = engine.read(world, seen, action) if action is not None else None
    danger_now = None if hidden else engine.danger_value(world, state)
    first = None if request is None else first_move(world, seen, request, horizon,
                                                     danger_now)
    for name in offered:
        nowhere = _nowhere_back(world, seen, name) or _unseen_room(world, seen, name)
        if nowhere is not None:
            skipped.append((name, nowhere))
            continue
        try:
            actions.append(_least(world, state, name,
                                  first=first if name == action else None))
        except UsageError as refused:
            skipped.append((name, str(refused)))
    lights: tuple[LightOdds, ...] = ()
    danger = None
    if request is not None:
        lights, danger = ahead(world, seen, request, turns, horizon, danger_now, first)
    labels = (procedure.trackers[hidden].label,) if hidden else ()
    return Forecast(action, tuple(actions), lights, danger, tuple(skipped), labels)
