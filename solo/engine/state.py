"""The party's state between commands: frozen, and round-trippable through JSON.

Light sources are items with state of their own: the turns each has left, whether it is
dimmed, and its usage die if its kind has one. A source the party douses is put aside
(``doused``) with what it had left, and the next ``light`` of that kind takes it up again.
Supplies (spare torches, oil flasks, candles…) are counts the light effects consume.
The party's named members each carry hit points and the procedure's conditions.

A snapshot groups runs of identical sources with a count, so lighting a torch a thousand
times does not make the snapshot a thousand entries long.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solo import defaults
from solo.engine.rooms import Dungeon
from solo.errors import SoloError

__all__ = ["Light", "Member", "State", "Trip", "FIRST_TRIP", "STATE_VERSION", "MAX_VALUE",
           "MAX_TEXT", "MAX_MEMBERS", "StateError", "check_value", "member_index"]

STATE_VERSION = 1
MAX_VALUE = defaults.MAX_VALUE
"""The largest magnitude of a number the state may hold (trackers, supplies, settings)."""
MAX_TEXT = 10_000
"""The longest word or text the state may hold."""


class StateError(SoloError, ValueError):
    """A snapshot value is malformed; the message names the entry. (Still a ValueError for
    the readers that skip any snapshot they cannot read.)"""


@dataclass(frozen=True, slots=True)
class Light:
    """A lit source: its kind, the turns it has left (None: no limit), whether dimmed, and
    its current usage die (``d6``; None when its kind has none)."""

    kind: str
    remaining: int | None
    dimmed: bool = False
    die: str | None = None


@dataclass(frozen=True, slots=True)
class Member:
    """A named member of the party: hit points, the counts of the procedure's conditions
    (``fatigue``…) that differ from where they start, in the procedure's order, and their
    own values of the procedure's number settings (``con_bonus``…), where they have one."""

    name: str
    hp: int
    max_hp: int
    conditions: tuple[tuple[str, int], ...] = ()
    own: tuple[tuple[str, int], ...] = ()  # their own values of the procedure's settings

    def condition(self, name: str, start: int = 0) -> int:
        for key, value in self.conditions:
            if key == name:
                return value
        return start

    def own_value(self, name: str, party: Any) -> Any:
        """Their own value of setting ``name`` (``con_bonus``…), else the party's."""
        for key, value in self.own:
            if key == name:
                return value
        return party


def member_index(members: Sequence[Member], name: str) -> int | None:
    """Where the member called ``name`` (any case, any spaces between its words: an older
    journal's ``a  b`` is ``a b``) stands in ``members``, if anywhere."""
    wanted = " ".join(name.split()).casefold()
    return next((index for index, member in enumerate(members)
                 if " ".join(member.name.split()).casefold() == wanted), None)


MAX_MEMBERS = 50
"""The most members a party may have: more than any table seats."""


@dataclass(frozen=True, slots=True)
class Trip:
    """Where the party is between the dungeon and the world outside: the number of the
    expedition under way (or last ended), the turn, known rooms and encounters it began
    with (its summary counts from them), and ``away``: None while the party is in the
    dungeon, else the days spent outside since it left."""

    number: int = 1
    turn: int = 0
    rooms: int = 0
    encounters: int = 0
    away: int | None = None

    @property
    def outside(self) -> bool:
        return self.away is not None

    def to_json(self) -> list[Any]:
        return [self.number, self.turn, self.rooms, self.encounters, self.away]

    @classmethod
    def from_json(cls, row: Any) -> Trip:
        if not isinstance(row, list) or len(row) != 5:
            raise StateError("snapshot 'trip' must be [number, turn, rooms, encounters, "
                             "days away]")
        number, turn, rooms, encounters, away = row
        return cls(max(1, _index("trip", number)), _index("trip", turn),
                   _index("trip", rooms), _index("trip", encounters),
                   None if away is None else _index("trip", away))


FIRST_TRIP = Trip()


@dataclass(frozen=True)
class State:
    """Everything the engine needs to go on. ``step`` counts commands; ``prev`` is for undo."""

    values: Mapping[str, Any] = field(default_factory=dict)
    turn: int = 0
    step: int = 0
    prev: int = -1
    lights: tuple[Light, ...] = ()
    struck: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    foreshadowed: tuple[str, int] | None = None
    last_encounter: tuple[str, int] | None = None
    encounters: int = 0
    doused: tuple[Light, ...] = ()
    supplies: Mapping[str, int] = field(default_factory=dict)
    foretold: str | None = None  # the text of the foreshadowed encounter, dice rolled
    party: tuple[Member, ...] = ()
    trip: Trip = field(default_factory=lambda: FIRST_TRIP)
    """The expedition under way, or the days spent outside since the last one ended
    (:class:`Trip`)."""
    fallen: tuple[str, ...] = ()
    """The members who went down at 0 hit points in the expedition under way (the line that
    closes it names them), in the order they fell."""
    dungeon: Dungeon = field(default_factory=Dungeon)
    """The rooms the party knows. Not in :meth:`to_json`: a record keeps only the rooms its
    entry changed (:func:`solo.engine.room_changes.changes`), and resume adds them up."""

    def member(self, name: str) -> Member | None:
        """The member called ``name`` (any case), if the party has one."""
        index = member_index(self.party, name)
        return None if index is None else self.party[index]

    def to_json(self) -> dict[str, Any]:
        data = {
            "v": STATE_VERSION, "step": self.step, "prev": self.prev, "turn": self.turn,
            "values": dict(self.values),
            "lights": _grouped(self.lights),
            "struck": {name: list(indices) for name, indices in self.struck.items()},
            "foreshadowed": list(self.foreshadowed) if self.foreshadowed else None,
            "last_encounter": list(self.last_encounter) if self.last_encounter else None,
            "encounters": self.encounters,
        }
        # Keys written only when used, so journals from before them read the same.
        if self.doused:
            data["doused"] = _grouped(self.doused)
        if self.supplies:
            data["supplies"] = dict(self.supplies)
        if self.foretold is not None:
            data["foretold"] = self.foretold
        if self.party:
            data["party"] = [_member_json(member) for member in self.party]
        if self.trip != FIRST_TRIP:
            data["trip"] = self.trip.to_json()
        if self.fallen:
            data["fallen"] = list(self.fallen)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state; raises StateError (a ValueError) naming what is malformed."""
        if not isinstance(data, Mapping):
            raise StateError("the snapshot is not a mapping")
        if data.get("v") != STATE_VERSION:
            raise StateError(f"unknown snapshot version {_short(data.get('v'))}")
        try:
            values = data["values"]
            if not isinstance(values, Mapping):
                raise StateError("snapshot 'values' is not a mapping")
            checked = {str(name): check_value(f"values.{name}", value)
                       for name, value in values.items()}
            struck_raw = data["struck"]
            if not isinstance(struck_raw, Mapping):
                raise StateError("snapshot 'struck' is not a mapping")
            struck = {str(name): tuple(_index(f"struck.{name}", index) for index in
                                       _list(f"struck.{name}", indices))
                      for name, indices in struck_raw.items()}
            supplies_raw = data.get("supplies") or {}
            if not isinstance(supplies_raw, Mapping):
                raise StateError("snapshot 'supplies' is not a mapping")
            supplies = {str(name): _index(f"supplies.{name}", count)
                        for name, count in supplies_raw.items()}
            foretold = data.get("foretold")
            if foretold is not None and not isinstance(foretold, str):
                raise StateError("snapshot 'foretold' is not text")
            return cls(values=checked, turn=_index("turn", data["turn"]),
                       step=_index("step", data["step"]),
                       prev=_whole("prev", data["prev"]),
                       lights=_ungrouped("lights", data["lights"]), struck=struck,
                       foreshadowed=_pair("foreshadowed", data.get("foreshadowed")),
                       last_encounter=_pair("last_encounter", data.get("last_encounter")),
                       encounters=_index("encounters", data["encounters"]),
                       doused=_ungrouped("doused", data.get("doused") or []),
                       supplies=supplies, foretold=foretold,
                       party=_members(data.get("party") or []),
                       trip=Trip.from_json(data["trip"]) if data.get("trip") is not None
                       else FIRST_TRIP, fallen=_names("fallen", data.get("fallen") or []))
        except KeyError as missing:
            raise StateError(f"snapshot has no {missing.args[0]!r}") from None


def check_value(name: str, value: Any) -> int | str | bool:
    """A state value as it may be stored: a bounded whole number, a word, or true/false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) > MAX_VALUE:
            raise StateError(f"{name} is out of range (the limit is {MAX_VALUE:,})")
        return value
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise StateError(f"{name} is {len(value):,} characters long; the limit is "
                             f"{MAX_TEXT:,}")
        return value
    if isinstance(value, float):
        what = "not a finite number" if not math.isfinite(value) else "not a whole number"
        raise StateError(f"{name} is {what} ({_short(value)})")
    raise StateError(f"{name} must be a number, a word or true/false, not {_short(value)}")


def _member_json(member: Member) -> dict[str, Any]:
    data: dict[str, Any] = {"name": member.name, "hp": member.hp, "max": member.max_hp}
    if member.conditions:
        data["c"] = dict(member.conditions)
    if member.own:
        data["s"] = dict(member.own)
    return data


def _members(rows: Any) -> tuple[Member, ...]:
    members: list[Member] = []
    for row in _list("party", rows):
        if not isinstance(row, Mapping) or not isinstance(row.get("name"), str) \
                or not row["name"].strip() or len(row["name"]) > 100:
            raise StateError(f"snapshot 'party' entry {_short(row)} has no usable name")
        name = row["name"]
        counts = []
        for field_name, what in (("c", "conditions"), ("s", "own settings")):
            given = row.get(field_name) or {}
            if not isinstance(given, Mapping):
                raise StateError(f"snapshot 'party': {name}'s {what} are not a mapping")
            counts.append(tuple((str(key), _whole(f"party.{name}.{key}", value))
                                for key, value in given.items()))
        members.append(Member(name, _index(f"party.{name}.hp", row.get("hp")),
                              _index(f"party.{name}.max", row.get("max")), *counts))
    if len(members) > MAX_MEMBERS:
        raise StateError(f"snapshot 'party' has more than {MAX_MEMBERS} members")
    return tuple(members)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateError(f"snapshot '{name}' must be a whole number, not {_short(value)}")
    if abs(value) > MAX_VALUE:
        raise StateError(f"snapshot '{name}' is out of range")
    return value


def _index(name: str, value: Any) -> int:
    number = _whole(name, value)
    if number < 0:
        raise StateError(f"snapshot '{name}' must not be negative")
    return number


def _list(name: str, value: Any) -> list:
    if not isinstance(value, list):
        raise StateError(f"snapshot '{name}' must be a list")
    return value


def _names(name: str, value: Any) -> tuple[str, ...]:
    names = _list(name, value)
    if not all(isinstance(item, str) and 0 < len(item) <= 100 for item in names):
        raise StateError(f"snapshot '{name}' must be a list of names")
    return tuple(names)


def _pair(name: str, value: Any) -> tuple[str, int] | None:
    if not value:
        return None
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str):
        raise StateError(f"snapshot '{name}' must be [table, entry]")
    return value[0], _index(name, value[1])


def _grouped(lights: Iterable[Light]) -> list[list[Any]]:
    """[kind, remaining, dimmed] per source; a run of identical sources shares one row with
    a count. Only neighbours are grouped, so the sources keep their order (effects that
    reach the first N sources reach the same ones after a resume)."""
    runs: list[tuple[Light, int]] = []
    for light in lights:
        if runs and runs[-1][0] == light:
            runs[-1] = (light, runs[-1][1] + 1)
        else:
            runs.append((light, 1))
    rows = []
    for light, count in runs:
        row: list[Any] = [light.kind, light.remaining, light.dimmed]
        if count > 1 or light.die is not None:
            row.append(count)
        if light.die is not None:
            row.append(light.die)
        rows.append(row)
    return rows


MAX_SOURCES = 10_000
"""The most light sources of one state (lit or put aside); more is a malformed snapshot."""


def _ungrouped(name: str, rows: Any) -> tuple[Light, ...]:
    lights: list[Light] = []
    for row in _list(name, rows):
        if not isinstance(row, list) or not 3 <= len(row) <= 5:
            raise StateError(f"snapshot '{name}' rows must be [kind, turns left, dimmed]")
        kind, left, dimmed = row[:3]
        count = _index(name, row[3]) if len(row) > 3 else 1
        die = row[4] if len(row) > 4 else None
        if not isinstance(kind, str) or not isinstance(dimmed, bool):
            raise StateError(f"snapshot '{name}' row {_short(row)} is malformed")
        if die is not None and not isinstance(die, str):
            raise StateError(f"snapshot '{name}' die {_short(die)} is not dice")
        if left is not None and _index(name, left) < 1:
            raise StateError(f"snapshot '{name}': {kind} has {left} turns left")
        if len(lights) + count > MAX_SOURCES:
            raise StateError(f"snapshot '{name}' holds more than {MAX_SOURCES:,} sources")
        lights.extend([Light(kind, left, dimmed, die)] * count)
    return tuple(lights)
