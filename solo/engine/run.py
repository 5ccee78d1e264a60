"""The working state of one command, and the small operations every effect shares.

A :class:`RunState` is made for one command from a frozen :class:`~solo.engine.state.State`:
it holds working copies of the state's parts, the names expressions see (:class:`Scope`),
the events recorded so far, and the operations the compiled effects
(``solo.engine.effects_*``) share: binding a local, storing a value, moving a tracker or
a supply, rolling dice, finding a table. It hands back a new frozen state with
:meth:`RunState.finish`. Carrying out a list of effects is the interpreter's
(:class:`solo.engine.interpreter.Run` fills in :meth:`RunState.execute`). No I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from solo.engine import room_traps
from solo.engine.events import UNSET, Event, TrackerChanged
from solo.engine.rooms import Dungeon, Room
from solo.engine.state import MAX_TEXT, MAX_VALUE, Light, State, member_index
from solo.engine.way_out import WayOut, map_value, nearest, way_text
from solo.errors import UsageError
from solo.rules import dice, oracle_styles
from solo.rules.effect_model import Effect
from solo.rules.expr import ExprError
from solo.rules.procedure import Action, Procedure
from solo.rules.tables import Table

__all__ = ["RunState", "RoomsOut", "Scope", "bounded", "whole", "light_level", "actor_count"]



def bounded(name: str, value: Any) -> Any:
    """``value`` if the state may hold it; an ExprError naming ``name`` otherwise."""
    kind = type(value)
    if kind is int:
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        raise ExprError(f"{name} would be out of range (over {MAX_VALUE:,} in size)")
    if kind is str and len(value) > MAX_TEXT:
        raise ExprError(f"{name} would be {len(value):,} characters long; the limit is "
                        f"{MAX_TEXT:,}")
    return value


def whole(what: str, value: Any) -> int:
    """``value`` as a whole number (a flag counts as 0 or 1); an ExprError naming ``what``
    for anything else."""
    if type(value) is int or type(value) is bool:
        return int(value)
    raise ExprError(f"{what} needs a whole number, not {str(value)[:40]!r}")


def light_level(procedure: Procedure, lights: Iterable[Light]) -> str:
    """'bright' if any bright source burns undimmed, 'dim' if any source burns, else 'dark'."""
    level = "dark"
    for light in lights:
        kind = procedure.lights.get(light.kind)
        if kind is not None and kind.level == "bright" and not light.dimmed:
            return "bright"
        level = "dim"
    return level


class Scope(dict):
    """Names visible to expressions.

    The dict itself holds the state's values overlaid with the command's locals, so the
    common lookups run at C speed; names computed from the run (turn, light, …) come
    from ``__missing__``. :class:`RunState` keeps it in step through
    :meth:`RunState.bind` and :meth:`RunState.store`.
    """

    __slots__ = ("run",)

    def __init__(self, run: RunState) -> None:
        super().__init__(run.values)
        self.update(run.locals)
        self.run = run

    def __missing__(self, name: str) -> Any:
        run = self.run
        computed = _COMPUTED.get(name)
        if computed is not None:
            return computed(run)
        if name.startswith("lit_") and name[4:] in run.procedure.lights:
            return sum(1 for light in run.lights if light.kind == name[4:])
        if name in run.supplies:
            return run.supplies[name]
        if name.startswith("member_"):
            conditions = run.procedure.party.conditions
            if name[7:] in conditions:
                return actor_count(run, name[7:])
            if name.endswith("_level") and name[7:-6] in conditions:
                return conditions[name[7:-6]].level(actor_count(run, name[7:-6])) or ""
        if name in run.procedure.supplies:
            return 0  # not counted yet (``has_NAME`` is true for it)
        if name.startswith("has_") and name[4:] in run.procedure.supplies:
            return run.supplies.get(name[4:], 1) > 0  # not counted: the party has enough
        if name == "dice":  # the dice the last roll kept, one by one: count(dice, 1)
            last = run.last_roll
            if last is None:
                return run.last_dice  # a single die the compiled path rolled, or ()
            return tuple(die for term in last.terms
                         for die, kept in zip(term.rolls, term.kept, strict=True) if kept)
        if name.endswith("_level"):
            tracker = run.procedure.trackers.get(name[:-6])
            if tracker is not None and tracker.levels:
                return tracker.level(run.values[tracker.name])
        raise KeyError(name)


RoomsOut = Callable[[Mapping[str, Any], Dungeon], Iterable[str]]
"""The rooms of a map with a way out of the dungeon besides its own (a key's), given the
run's values and its map: what :func:`solo.engine.world_state.new_run` gives a run."""

ExitsOut = Callable[[Mapping[str, Any], Room], Iterable[int]]
"""The places in a room's exits of those that lead out of the dungeon (a key's), given the
run's values and the room: what its tag writes ``S(out)``."""

KeySecrets = Callable[["RunState", int], "bool | None"]
"""Open up to that many of the secret ways a key hides in the room the party is in: whether
any opened (None: the room is no key's): what :func:`solo.engine.world_state.new_run`
gives a run whose world has keys."""


class RunState:
    """One command's working state, and the operations its effects share."""

    def __init__(self, procedure: Procedure, tables: Mapping[str, Table], state: State,
                 rng: random.Random, action: Action | None = None,
                 styles: Mapping[str, oracle_styles.OracleStyle] | None = None,
                 rooms_out: RoomsOut | None = None, exits_out: ExitsOut | None = None,
                 key_secrets: KeySecrets | None = None) -> None:
        self.procedure = procedure
        self.rooms_out = rooms_out  # the map's other ways out (a key's), as the world says
        self.exits_out = exits_out  # and which exits of a room they are
        self.key_secrets = key_secrets  # a key's secret ways opened (``room: {reveal: 1}``)
        self.tables = tables
        self.styles = styles or {}
        self.doused = list(state.doused)
        self.supplies = dict(state.supplies)
        self.foretold = state.foretold
        self.rng = rng
        # a stock Random's ``_randbelow``: a single die is ``randbelow(sides) + 1`` (the
        # faces dice.roll gives, two calls fewer); None for a Random that answers randint
        self.randbelow: Callable[[int], int] | None = (
            rng._randbelow if dice.stock_random(rng) else None)  # type: ignore[attr-defined]
        self.action = action
        self.values = dict(state.values)
        self.turn = state.turn
        self.lights = list(state.lights)
        self.struck = dict(state.struck)
        self.foreshadowed = state.foreshadowed
        self.last_encounter = state.last_encounter
        self.encounters = state.encounters
        self.party = list(state.party)
        self.trip = state.trip  # the expedition under way, or the days outside
        self.fallen = state.fallen  # who went down at 0 HP in it
        self.dungeon = state.dungeon  # the rooms (a frozen Dungeon, replaced as it changes)
        self.map_before = state.dungeon  # the map as the command found it (``room_new``)
        self.actor: str | None = None  # the member the command names (``Wren: rest``)
        self.member: int | None = None  # the member ``members:`` is at, by index
        self.state = state
        self.locals: dict[str, Any] = {}
        self.events: list[Event] = []
        self.outcomes: list[str] = []
        self.scope = Scope(self)
        self.depth = 0
        self.turn_outcomes_start = 0
        self.last_roll: dice.Roll | None = None
        self.last_dice: tuple[int, ...] = ()  # read when last_roll is None
        if "turn" not in self.values:
            self.scope["turn"] = self.turn
        self.set_action(action)
        # False: skip the events no one reads (solo simulate); set before the run carries
        # out anything, as it chooses the compiled steps the run uses
        self.record = True

    # -- results ---------------------------------------------------------------
    def finish(self) -> State:
        state = self.state
        return State(values=self.values, turn=self.turn, step=state.step + 1, prev=state.step,
                     lights=tuple(self.lights), struck=self.struck,
                     foreshadowed=self.foreshadowed, last_encounter=self.last_encounter,
                     encounters=self.encounters, doused=tuple(self.doused),
                     supplies=self.supplies, foretold=self.foretold,
                     party=tuple(self.party), trip=self.trip, fallen=self.fallen,
                     dungeon=self.dungeon)

    def begin(self) -> None:
        """Another command starts on this run (a game kept running): ``room_new`` reads
        the map from here."""
        self.map_before = self.dungeon

    # -- effects ---------------------------------------------------------------
    def execute(self, effects: Iterable[Effect]) -> None:
        """Run effects in order (through their compiled steps: see
        :class:`solo.engine.interpreter.Run`)."""
        raise NotImplementedError

    def evaluate(self, expr) -> Any:
        return 0 if expr is None else expr.evaluate(self.scope)

    def default_reason(self) -> str:
        """The reason a change gives when its effect names none: the action's name."""
        return self.action.name if self.action else "procedure"

    # -- names and values ------------------------------------------------------
    def set_action(self, action: Action | None) -> None:
        """The action the command carries out (None: a tool); ``resting`` follows it in
        the scope's dict (read every turn), unless a value or a local of that name hides
        it."""
        self.action = action
        if "resting" not in self.values and "resting" not in self.locals:
            self.scope["resting"] = action is not None and action.resting

    def set_locals(self, arguments: Mapping[str, Any]) -> None:
        """Start a command's locals afresh: the last command's ones leave the scope."""
        if not arguments and not self.locals:
            return  # nothing to take out, nothing to put in
        scope, values = self.scope, self.values
        for name in self.locals:
            if name in values:
                scope[name] = values[name]
            else:
                del scope[name]
        self.locals = dict(arguments)
        scope.update(self.locals)

    def bind(self, name: str, value: Any) -> None:
        """Give a local name (an argument, a let, a roll) a value for this command."""
        kind = type(value)
        if kind is int:
            if not -MAX_VALUE <= value <= MAX_VALUE:
                bounded(name, value)
        elif kind is str and len(value) > MAX_TEXT:
            bounded(name, value)
        self.locals[name] = value
        self.scope[name] = value

    def store(self, name: str, value: Any) -> None:
        """Change one of the state's values (a tracker, a setting, a flag)."""
        kind = type(value)
        if (kind is int and not -MAX_VALUE <= value <= MAX_VALUE) or kind is str:
            bounded(name, value)
        self.values[name] = value
        if name not in self.locals:
            self.scope[name] = value

    def change_tracker(self, name: str, wanted: int, reason: str) -> None:
        tracker = self.procedure.trackers[name]
        before = self.values[name]
        after = self.set_tracker(name, wanted)
        if tracker.shown:
            hidden = tracker.shown_when is not None and tracker.hidden(self.scope) or UNSET
            self.events.append(TrackerChanged(name, tracker.label, before, after, reason,
                                              tracker.notation, tracker.maximum, hidden))

    def hides(self, names: frozenset[str]) -> bool:
        """Whether any of ``names`` is a tracker kept behind the screen just now."""
        trackers = self.procedure.trackers
        return any(name in trackers and trackers[name].hidden(self.scope) for name in names)

    def set_tracker(self, name: str, wanted: int) -> int:
        """Move tracker ``name`` to ``wanted`` within its bounds; the value it takes."""
        tracker = self.procedure.trackers[name]
        if type(wanted) is not int:
            wanted = whole(f"tracker {name}", wanted)
        low, high = tracker.minimum, tracker.maximum
        after = (low if low is not None and wanted < low
                 else high if high is not None and wanted > high else wanted)
        if low is None or high is None:
            bounded(f"tracker {name}", after)
        self.values[name] = after
        if name not in self.locals:
            self.scope[name] = after
        return after

    def change_supply(self, name: str, wanted: int, reason: str) -> None:
        supply = self.procedure.supplies[name]
        before = self.supplies.get(name, 0)
        after = max(0, bounded(f"supply {name}", wanted))
        self.supplies[name] = after
        self.events.append(TrackerChanged(name, supply.label, before, after, reason, "Inv"))

    # -- the map ----------------------------------------------------------------
    def others_out(self) -> Iterable[str]:
        """The rooms with a way out of the dungeon besides its own (a key's)."""
        return self.rooms_out(self.values, self.dungeon) if self.rooms_out else ()

    def out_of(self, room: Room) -> frozenset[int]:
        """The places in ``room``'s exits of those a key says lead out (its tag's ``S(out)``)."""
        return frozenset(self.exits_out(self.values, room)) if self.exits_out else frozenset()

    def way_out(self) -> WayOut | None:
        """The nearest way out (:func:`solo.engine.way_out.nearest`)."""
        return nearest(self.dungeon, self.others_out())

    # -- dice and tables -------------------------------------------------------
    def about(self, what: str) -> None:
        """Say what the next dice are for, to a generator that asks the player for them
        (physical dice: ``solo.play.physical``); a stock Random has no ear for it."""
        tell = getattr(self.rng, "about", None)
        if tell is not None:
            tell(what)

    def roll(self, dice_text: str) -> dice.Roll:
        return dice.roll(dice_text, self.rng)

    def table(self, name: str) -> Table:
        table = self.tables.get(name) or self.procedure.tables.get(name)
        if table is None:
            raise UsageError(f"no table named {name!r}; 'tables' lists them")
        return table


def actor_count(run: RunState, name: str) -> int:
    """The actor's hit points (``hp``, ``max_hp``) or condition, 0 with no actor."""
    index = None if run.actor is None else member_index(run.party, run.actor)
    if index is None:
        return 0
    member = run.party[index]
    if name in ("hp", "max_hp"):
        return int(getattr(member, name))
    condition = run.procedure.party.conditions[name]
    return member.condition(name, condition.start)


_COMPUTED: dict[str, Callable[[RunState], Any]] = {
    "turn": lambda run: run.turn,
    "days_away": lambda run: run.trip.away or 0,
    "expedition": lambda run: run.trip.number,
    "light": lambda run: light_level(run.procedure, run.lights),
    "lit": lambda run: len(run.lights),
    "resting": lambda run: run.action is not None and run.action.resting,
    "action": lambda run: run.action.name if run.action else "",
    "encounters": lambda run: run.encounters,
    "minutes": lambda run: run.turn * (run.procedure.minutes or 0),
    "party_size": lambda run: len(run.party),
    # outside ``members:``, a member's names read the actor's (nothing if none is named)
    "member": lambda run: run.actor or "",
    "hp": lambda run: actor_count(run, "hp"),
    "max_hp": lambda run: actor_count(run, "max_hp"),
    "party_down": lambda run: sum(1 for member in run.party if member.hp == 0),
    # the map (solo.engine.rooms): 0 / '' where the party is in no known room
    "room": lambda run: run.dungeon.here or "",
    "room_exits": lambda run: 0 if run.dungeon.here is None  # (off the map: no room)
    else map_value(run.dungeon, "room_exits") or 0,
    "rooms_to_exit": lambda run: map_value(run.dungeon, "rooms_to_exit", run.others_out())
    or 0,
    "rooms_known": lambda run: len(run.dungeon.rooms),
    # the traps the map knows there (solo.engine.room_traps): those found on its doors; all
    "room_traps_found": lambda run: room_traps.found(run.dungeon),
    "room_traps": lambda run: room_traps.known(run.dungeon),
    # a key or a generator gives the rooms (solo.engine.dungeon_named's values name it)
    "rooms_given": lambda run: bool(run.values.get("dungeon_key") or run.values.get("dungeon")),
    # the room the party is in came onto the map during this command (entered first now)
    "room_new": lambda run: run.dungeon.here is not None
    and run.map_before.room(run.dungeon.here) is None,
    "way_out": lambda run: way_text(run.dungeon, run.way_out()),
}
"""Names whose value the run works out when an expression reads them."""
