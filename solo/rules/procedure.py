"""A procedure (``kind: procedure``) as frozen dataclasses; :mod:`solo.rules.procedure_file`
reads the file into them.

A procedure composes the building blocks: a clock, trackers with bounds,
settings, light sources, tables, routines, actions and two hooks
(``on_action`` before every action that takes time, ``each_turn`` once per
turn that passes). docs/procedures.md is the guide to the format.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Generic, TypeVar

from solo.rules.effect_model import Effect, Template
from solo.rules.expr import Expr
from solo.rules.settings_file import SettingValues
from solo.rules.tables import Table

__all__ = ["PerProcedure", "Tracker",
           "LightKind", "SupplyKind", "PartyRules", "DEFAULT_HP",
           "USAGE_DICE", "Arg",
           "Action", "Walk", "Between", "Restock", "LEAVE_BY_WALKING", "Procedure",
           "LIGHT_LEVELS", "ROOM_MOVES", "MAP_VALUES", "parts_of"]

LIGHT_LEVELS = ("bright", "dim")
ROOM_MOVES = ("new", "back")
"""The moves an action may make on the map: into a new room, or back to a known one."""
MAP_VALUES = ("room_exits", "rooms_to_exit")
"""What the map can give an argument left out: the exits of the room the party is in, and
the rooms between it and the dungeon's exit by the shortest known way."""
USAGE_DICE = ("d4", "d6", "d8", "d10", "d12", "d20")
"""A usage die steps down this ladder, one size at a time, and is spent below d4."""


@dataclass(frozen=True)
class Tracker:
    name: str
    label: str
    start: int = 0
    minimum: int | None = None
    maximum: int | None = None
    notation: str = "Track"
    shown: bool = True  # false: never journaled (a hidden counter)
    reading: str = ""
    levels: tuple[tuple[str, int], ...] = ()  # (name, lowest value), lowest first
    shown_when: Expr | None = None  # ``shown: show_tension``: kept behind the screen while false
    quiet: bool = False
    """A party condition only: the procedure's changes to it write no journal line of
    their own (it is kept, and shown in the member's tag and in ``status``)."""
    most: bool = False
    """``party: most``: while members are named, the tracker is the largest of their own
    counts of the party condition of the same name (the most fatigued member's)."""
    joins_fresh: bool = False
    """``joins: start`` (a party condition only): the first member named starts at
    ``start``, not at the count the party had (Delving's damage taken: they took none)."""

    def hidden(self, scope: Mapping[str, Any]) -> bool:
        """Whether the tracker is kept behind the screen in ``scope`` (its value shown
        nowhere, but still tracked and recorded)."""
        return not self.shown or (self.shown_when is not None
                                  and not self.shown_when.evaluate(scope))

    def level(self, value: int) -> str | None:
        """The named band ``value`` falls in (None if the tracker has no levels)."""
        found = None
        for name, low in self.levels:
            if value >= low:
                found = name
        return found if found is not None else (self.levels[0][0] if self.levels else None)

    def clamp(self, value: int) -> int:
        if self.minimum is not None and value < self.minimum:
            return self.minimum
        if self.maximum is not None and value > self.maximum:
            return self.maximum
        return value


@dataclass(frozen=True)
class LightKind:
    name: str
    label: str
    turns: int | Expr | None
    """How long a fresh source burns: turns, None for no limit, or an expression read
    when one is lit or refilled (its value the turns, 0 for no limit)."""
    level: str = "bright"
    reading: str = ""
    die: str | None = None  # a usage die each source starts with (d6, d8…)
    uses: str | None = None  # the supply one fresh source of this kind takes
    refill: str | None = None  # the supply a refill takes


@dataclass(frozen=True)
class SupplyKind:
    """A count of spare things the party carries: torches, oil flasks, candles. A supply
    whose ``start`` is None is not counted (never runs out) until the player says how
    many the party carries."""

    name: str
    label: str
    start: int | None = 0
    reading: str = ""


DEFAULT_HP = 8
"""A member's hit points when neither the command nor the procedure says."""


@dataclass(frozen=True)
class PartyRules:
    """What each named member carries: hit points to start with, the conditions counted
    per member (each bounded like a tracker), and what happens at 0 HP."""

    hp: int = DEFAULT_HP
    conditions: Mapping[str, Tracker] = field(default_factory=dict)
    down: tuple[Effect, ...] = ()

    def marks(self, conditions: tuple[tuple[str, int], ...],
              own: tuple[tuple[str, int], ...] = ()) -> tuple[str, ...]:
        """A member's conditions as they are shown: a level's name (``tired``), or the
        label and count (``Fatigue 2``); those at their start, or no longer counted, are
        left out. Then their own settings, signed (``con_bonus +2``)."""
        shown = []
        for name, value in conditions:
            condition = self.conditions.get(name)
            if condition is None or value == condition.start:
                continue
            level = condition.level(value) if condition.levels else None
            shown.append(level.lower() if level else f"{condition.label} {value}")
        shown.extend(f"{name} {value:+d}" for name, value in own)
        return tuple(shown)


@dataclass(frozen=True)
class Arg:
    """One argument of an action: a whole number, or a choice that may set values."""

    name: str
    kind: str
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    help: str = ""
    map: str | None = None
    """What the map gives when the argument is not typed (:data:`MAP_VALUES`)."""

    @property
    def choice_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.choices)


@dataclass(frozen=True)
class Action:
    name: str
    help: str
    group: str = "procedure"
    time: Expr | None = None
    args: tuple[Arg, ...] = ()
    effects: tuple[Effect, ...] = ()
    resting: bool = False
    allowed: Expr | None = None
    refusal: Template | None = None
    """What the player is told when ``allowed`` is false (a template: ``{member} has
    acted``); None: a plain "is not possible now"."""
    aliases: tuple[str, ...] = ()
    room: str | None = None
    """The move it makes on the map (:data:`ROOM_MOVES`), or None."""


@dataclass(frozen=True)
class Walk:
    """What a walk through known rooms costs: the command line each stage plays (its first
    word an action), how many rooms a stage covers (0: the whole walk) and the reading."""

    play: str
    rooms: int = 1
    reading: str = ""


LEAVE_BY_WALKING = "walk"
"""``between: leave: walk``: the party gets out by walking the known way to the way out."""


@dataclass(frozen=True)
class Restock:
    """Struck-off encounters coming back while the party is away: once the days away reach
    ``after``, each struck-off entry rolls ``dice`` and is back where ``success`` holds (an
    expression on ``roll``)."""

    after: int
    dice: str
    success: Expr
    label: str = ""


@dataclass(frozen=True)
class Between:
    """What happens between expeditions (the ``between:`` block): how the party gets out
    (``leave``: :data:`LEAVE_BY_WALKING`, or the action whose play ends the expedition),
    the effects run when it is out (``on_leave``), on each day outside (``each_day``,
    ``days_away`` counting that day) and when it goes back in (``on_return``), struck-off
    encounters coming back (``restock``) and what the party may buy and for how much."""

    leave: str = LEAVE_BY_WALKING
    on_leave: tuple[Effect, ...] = ()
    each_day: tuple[Effect, ...] = ()
    on_return: tuple[Effect, ...] = ()
    restock: Restock | None = None
    prices: Mapping[str, int] = field(default_factory=dict)
    currency: str = "gp"
    reading: str = ""


@dataclass(frozen=True)
class Procedure:
    id: str
    name: str
    file: str
    clock_unit: str = "turn"
    minutes: int | None = 10
    danger: str | None = None
    trackers: Mapping[str, Tracker] = None  # type: ignore[assignment]
    settings: Mapping[str, Any] = None  # type: ignore[assignment]
    setting_values: Mapping[str, SettingValues] = None  # type: ignore[assignment]
    """What each setting that declares its values takes (``choices``, ``min``, ``max``)."""
    lights: Mapping[str, LightKind] = None  # type: ignore[assignment]
    tables: Mapping[str, Table] = None  # type: ignore[assignment]
    encounters: str | None = None
    routines: Mapping[str, tuple[Effect, ...]] = None  # type: ignore[assignment]
    params: Mapping[str, tuple[tuple[str, Any], ...]] = None  # type: ignore[assignment]
    supplies: Mapping[str, SupplyKind] = None  # type: ignore[assignment]
    party: PartyRules = PartyRules()
    actions: Mapping[str, Action] = None  # type: ignore[assignment]
    on_action: tuple[Effect, ...] = ()
    each_turn: tuple[Effect, ...] = ()
    steps: tuple[str, ...] = ()
    simulate: str = ""
    enter: str | None = None
    """The action the word ``enter`` plays, going into a new room (None: the procedure's
    own ``enter``, or the first action that goes into a new room)."""
    walk: Walk | None = None
    """What walking through known rooms costs (None: nothing)."""
    between: Between = field(default_factory=Between)
    """What happens between expeditions (the default: leave by walking, days do nothing)."""
    summary: str = ""
    source: str = ""
    prompt: Template | None = None

    def __post_init__(self) -> None:
        for name in ("trackers", "settings", "setting_values",
                     "lights", "tables", "routines", "actions",
                     "params", "supplies"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, {})

    def action_named(self, word: str) -> Action | None:
        word = word.lower()
        if word in self.actions:
            return self.actions[word]
        for action in self.actions.values():
            if word in action.aliases:
                return action
        return None


_Made = TypeVar("_Made")


class PerProcedure(Generic[_Made]):
    """What is made once from a loaded procedure (its command table, say) and kept while the
    procedure lives: found by the procedure's identity (a procedure holds dicts, so it is
    not hashable) and dropped when the procedure is collected, so a long process that loads
    many procedures keeps only the tables of those still in use."""

    def __init__(self, make: Callable[[Procedure], _Made]) -> None:
        self._make = make
        self._made: dict[int, tuple[weakref.ref[Procedure], _Made]] = {}

    def __call__(self, procedure: Procedure) -> _Made:
        key = id(procedure)
        found = self._made.get(key)
        if found is not None and found[0]() is procedure:
            return found[1]
        made = self._make(procedure)
        self._made[key] = (weakref.ref(procedure, partial(self._forget, key)), made)
        return made

    def _forget(self, key: int, _gone: object) -> None:
        self._made.pop(key, None)

    def __len__(self) -> int:
        return len(self._made)


def parts_of(roots: list[object], opaque: tuple[type, ...] = (),
             more: Callable[[object], list[object]] | None = None) -> Iterator[object]:
    """Every part of ``roots`` once, the last root first: each expression (not opened),
    then each other part before the parts it holds (a dict's values, a sequence's items, a
    dataclass's fields, and what ``more`` adds for it); plain values and ``opaque`` types
    are passed over. The one walk of a procedure's effects, tables and expressions."""
    stack = list(roots)
    met: set[int] = set()
    while stack:
        item = stack.pop()
        if isinstance(item, Expr):
            yield item
            continue
        if id(item) in met or isinstance(item, (str, int, float, bool, type(None), *opaque)):
            continue
        met.add(id(item))
        yield item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, frozenset, set)):
            stack.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            stack.extend(getattr(item, field) for field in item.__dataclass_fields__)
        if more is not None:
            stack.extend(more(item))
