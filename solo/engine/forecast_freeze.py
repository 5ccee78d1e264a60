"""The engine's state at a die, frozen for comparing: two ways that reach a die with the
same frozen state have the same future (:mod:`solo.engine.forecast_tree`).

The state's parts (values, lights, rooms, a roll) are frozen by value, each as a small
number (a token, equal for equal values); the compiled procedure, shared by every play,
by identity, kept alive so that no two objects share an id while the freezer lives; a
run by its working state, less what no move reads. Anything else cannot be told whole
(:class:`Unmergeable`), and the die is then played out, never merged.

What it relies on in the engine (each held by tests/engine/test_forecast_frames.py,
which fails loudly where a change of the engine would otherwise make the count slower
or, worse, merge ways that differ):

- The frames between a die and the count's own play are the engine's functions (files
  under ``solo/engine/`` and ``solo/rules/dice.py``, no comprehension: one may hold what
  its locals do not show), and each holds all it will read in its locals (closure cells
  included). A frame of anything else makes the die untold (the forecast_tree ``key``
  None): played out, slower, still exact; the test asks that no die of any shipped
  procedure's moves is untold.
- Objects of ``solo.`` modules (the compiled procedure: its steps, tables, expressions)
  and the engine's functions held in a frame never change during a count: they are
  compared by identity. So is a module's own builtin function (``operator.ge``). A
  mutable object of the engine held in a frame would be merged wrongly.
- The parts of a ``RunState`` this module names (:data:`_SHARED_RUN`, :data:`_NAMED`,
  :data:`_SKIPPED_RUN`, :data:`_LAST_ROLL`, ``encounters``, ``foreshadowed``,
  ``locals``) are a run's own attributes, and what it leaves out is read by no move
  (see each list). Any other attribute is frozen whole.
- What :mod:`solo.engine.forecast_faces` reads of particular frames' locals
  (:data:`~solo.engine.forecast_faces.FRAMES_READ`).

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from types import BuiltinFunctionType, CodeType, FunctionType, MethodType, ModuleType
from typing import Any

from msgspec import Struct
from msgspec.structs import astuple

from solo.engine.run import RunState, Scope

__all__ = ["Freezer", "Unmergeable", "PLAIN", "CHECK_NAMES", "RUN_PARTS"]

CHECK_NAMES = frozenset({"roll", "natural"})
"""The names a check binds after its roll."""
PLAIN = (int, str, bool, float, type(None), Fraction, bytes, CodeType)
_VALUED = frozenset({"solo.engine.state", "solo.engine.rooms", "solo.rules.dice"})
_LAST_ROLL = frozenset({"last_roll", "last_dice"})
"""The dice of a run's last roll, which only the name ``dice`` reads."""
_SHARED_RUN = frozenset({"procedure", "tables", "styles", "_program"})
"""What of a run is the world's, the same object for every run: compared by identity."""
_NAMED = frozenset({"outcomes", "turn_outcomes_start"})
"""The outcomes a run names (and where this turn's begin): kept when the count reads them."""
_SKIPPED_RUN = frozenset({"rng", "randbelow", "scope", "events", "last_encounter",
                          "outcomes", "turn_outcomes_start", "foretold", "rooms_out",
                          "exits_out", "key_secrets"})
"""What of a run no move reads: its dice, its names (its values and locals, compared
already), its events (compared as the count asks), the last encounter met (read only by
``strike``, a tool), the outcomes named (which only name outcomes), the words of a
foretold encounter and how the world finds a key's ways out (the world's, reading only
the values and the map, compared already). (Which entry a sign foretold is kept as its
table only: the entry is met whatever it is, and only named.)"""


RUN_PARTS = _SHARED_RUN | _NAMED | _SKIPPED_RUN | _LAST_ROLL | {
    "encounters", "foreshadowed", "locals", "state"}
"""Every attribute of a run this module names: each must be a run's own."""


_KINDS: dict[type, str] = {}
"""How :meth:`Freezer.freeze` freezes a value of each type met that is no plain value
and no container (:func:`_kind_of`), found once for the type."""


def _kind_of(kind: type) -> str:
    """How a value of ``kind`` is frozen: by value (a state's part), as an event, a named
    tuple, the dice, the names, a run, a method, by identity (``same``: the compiled
    procedure, a module's builtin function) or not at all (``none``)."""
    module = kind.__module__
    for how, test in (("valued", module in _VALUED), ("struct", issubclass(kind, Struct)),
                      ("tuple", issubclass(kind, tuple)),
                      ("dice", issubclass(kind, random.Random)),
                      ("scope", issubclass(kind, Scope)), ("run", issubclass(kind, RunState)),
                      ("method", kind is MethodType),
                      ("same", kind is FunctionType or module.startswith("solo.")),
                      ("builtin", kind is BuiltinFunctionType)):
        if test:
            return how
    return "none"


class Unmergeable(BaseException):
    """A state that cannot be frozen for comparing: the die is played out, not merged. A
    signal of the count, as the tree's are, never an error a player sees."""


class Freezer:
    """Values frozen for comparing: the engine's state parts as one small number each
    (a token, equal for equal values), the compiled procedure by identity (kept alive,
    so that no two objects share an id while the freezer lives)."""

    def __init__(self, events: Callable[[list], Hashable] | None = None) -> None:
        self.events = events
        self.unread = False  # no rule reads the last roll's dice (the name ``dice``)
        self.dead = False  # at a check's own die: its last ``roll`` and ``natural`` unread
        self.rolls_unread = False  # ``roll`` and ``natural`` read only by checks' tests
        self.counted = True  # an expression reads ``encounters``, the count met so far
        self.hidden: dict[int, list] = {}  # a run's lists left out (its events, outcomes)
        self.named = False  # the count reads the outcomes a move names: kept, not left out
        self.by_name = False  # counting each name's chance: the earlier turns' left out
        self.names_at: tuple[tuple[str, ...], int] | None = None
        """Counting each name's chance (forecast_tree.shares): the names the run at
        the last die frozen has named, and where this turn's begin."""
        self.read: frozenset[str] | None = None  # the names expressions read (None: all)
        self.tail: Any = None  # the procedure's forecast_live.Locals (None: every local kept)
        self.frames: list = []  # the frames at this die, each with its live locals, its locals
        self.frozen: dict[int, tuple[Any, Hashable]] = {}
        """What is frozen by its object, kept alive (its id stays its own): an immutable
        value's token, and the identity of what is compared by it."""
        self.tokens: dict[Hashable, int] = {}  # one small number for each value

    def intern(self, frozen: Hashable) -> int:
        """One small number for a frozen value."""
        return self.tokens.setdefault(frozen, len(self.tokens))

    def freeze(self, value: Any, seen: dict[int, Hashable]) -> Hashable:
        kind = type(value)
        if kind in PLAIN:
            return value
        known = self.frozen.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        if kind is tuple or kind is list:
            if kind is list and id(value) in self.hidden:
                return "hidden"
            if all(type(item) in PLAIN for item in value):
                return (kind.__name__, tuple(value))
            return (kind.__name__, *(self.freeze(item, seen) for item in value))
        if kind is dict:
            if all(type(item) in PLAIN for item in value.values()):  # names and numbers
                return ("dict", tuple(value.items()))
            return ("dict", *((self.freeze(name, seen), self.freeze(item, seen))
                              for name, item in value.items()))
        if kind is frozenset or kind is set:
            return (kind.__name__, frozenset(self.freeze(item, seen) for item in value))
        how = _KINDS.get(kind)
        if how is None:
            how = _KINDS[kind] = _kind_of(kind)
        if how == "same":
            return self._same(value)  # the compiled procedure: shared, never changed
        if how == "valued":
            return self._valued(value, kind, seen)
        if how == "struct":  # an event, or a roll as an event keeps it
            return (kind, *(self.freeze(item, seen) for item in astuple(value)))
        if how == "tuple":  # a named tuple
            return (kind, *(self.freeze(item, seen) for item in value))
        if how == "run":
            return self._run(value, seen)
        if how == "dice" or how == "scope":  # the run's names: made from its values,
            return how  # locals, turn and action, each compared with the run
        if how == "method":
            return ("method", self._same(value.__func__), self.freeze(value.__self__, seen))
        if how == "builtin" and type(value.__self__) is ModuleType:
            return self._same(value)  # a module's own function (operator.ge): no state
        raise Unmergeable

    def _valued(self, value: Any, kind: type, seen: dict[int, Hashable]) -> Hashable:
        """An immutable part of the state (a light, a room, the map) or a roll: one small
        number for each value, kept for the object."""
        known = self.frozen.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        fields = getattr(value, "__dataclass_fields__", None)
        frozen: Hashable
        if fields is not None:
            if not value.__dataclass_params__.frozen:
                raise Unmergeable
            frozen = (kind, *(self.freeze(getattr(value, name), seen)
                              for name, field in fields.items() if field.compare))
        elif isinstance(value, tuple):
            frozen = (kind, *(self.freeze(item, seen) for item in value))
        elif hasattr(kind, "_key"):  # the dice's frozen records
            frozen = value
        else:
            raise Unmergeable
        token = self.tokens.setdefault(frozen, len(self.tokens))
        self.frozen[id(value)] = (value, token)  # kept alive: its id stays its own
        return token

    def _same(self, value: Any) -> Hashable:
        known = self.frozen.get(id(value))
        if known is None or known[0] is not value:
            known = self.frozen[id(value)] = (value, ("same", id(value)))
        return known[1]

    def _run(self, run: RunState, seen: dict[int, Hashable]) -> Hashable:
        known = seen.get(id(run))
        if known is not None:
            return known
        seen[id(run)] = ("run", object())  # a run seen again from inside itself: no
        # other play's state is the same (not kept alive by its id: it holds the dice)
        parts: list[Hashable] = []
        dead = self.dead or self.rolls_unread
        for name, item in run.__dict__.items():
            if name in _SHARED_RUN:
                parts.append((name, self._same(item)))
            elif name in _NAMED and self.named:
                if name == "outcomes":  # what is read of them: all of them as a set (the
                    # count's outcome), and this turn's in order (a later one replaces);
                    # counting each name's chance, the earlier turns' are the count's
                    start = run.turn_outcomes_start
                    self.hidden[id(item)] = item
                    if self.by_name:
                        self.names_at = (tuple(item), start)
                        parts.append((name, tuple(item[start:])))
                    else:
                        parts.append((name, frozenset(item[:start]), tuple(item[start:])))
            elif name in _SKIPPED_RUN or (self.unread or self.dead) and name in _LAST_ROLL:
                if type(item) is list:  # the same list held in a frame: left out there too
                    self.hidden[id(item)] = item
                continue
            elif name == "encounters" and not self.counted:  # only whether one came
                parts.append((name, item > run.state.encounters))
            elif name == "foreshadowed":  # which entry a sign foretold only names it
                parts.append((name, item[0] if item else None))
            elif name == "locals" and (dead or self.read is not None or self.tail is not None):
                read, tail = self.read, self.tail  # a local no expression reads changes
                live = None if tail is None or tail.droppable.isdisjoint(item) \
                    else tail.at(self.frames)  # (nothing to come, nor one read no more)
                parts.append((name, self.freeze({
                    local: value for local, value in item.items()
                    if not (dead and local in CHECK_NAMES) and (read is None or local in read)
                    and (live is None or local in live)}, seen)))
            else:
                parts.append((name, self.freeze(item, seen)))
        parts.append(("events", self.events(run.events) if self.events is not None
                      else self.freeze(run.events, seen)))
        frozen = ("run", *parts)
        seen[id(run)] = frozen
        return frozen


