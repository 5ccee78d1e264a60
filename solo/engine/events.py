"""What the engine says happened. The journal and the screen only render these.

Events are immutable named tuples rather than frozen dataclasses: a busy turn makes half
a dozen of them, and a named tuple is built three times faster, which ``solo simulate``
feels. Each is still a distinct type: an event equals only an event of its own type with
the same fields (a plain tuple would equal any tuple of the same values). The journal
records events by type name and field names, so both stay stable.
"""

from __future__ import annotations

from typing import NamedTuple

from solo.rules.dice import Roll

__all__ = ["MemberChanged", "PartyChanged", "Acted", "TurnPassed", "Rolled", "Checked",
           "TableRolled", "TrackerChanged", "LightChanged", "Encountered", "Said", "Struck",
           "Answered", "RoomChanged", "Event"]


class Acted(NamedTuple):
    """The player's command, as typed, the member it is for (``Wren: search`` is Wren's),
    if it names one, and how the journal shows it: ``action`` (``@``), ``note`` or ``own
    line`` (its result line says it all) — :data:`solo.engine.requests.Request.shown`."""

    command: str
    actor: str | None = None
    shown: str = "action"


class TurnPassed(NamedTuple):
    turn: int
    minutes: int | None


class Rolled(NamedTuple):
    label: str
    roll: Roll
    plus: int = 0

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class Checked(NamedTuple):
    label: str
    roll: Roll
    plus: int
    success: bool

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class TableRolled(NamedTuple):
    table: str
    title: str
    roll: Roll
    plus: int
    entry_id: str
    text: str
    inline: tuple[Roll, ...] = ()
    hidden: bool | None = None  # True: the plus reads a tracker kept behind the screen

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class TrackerChanged(NamedTuple):
    tracker: str
    label: str
    before: int
    after: int
    reason: str
    notation: str = "Track"
    maximum: int | None = None
    hidden: bool | None = None  # True: the tracker is kept behind the screen


class LightChanged(NamedTuple):
    """A light source lit, changed or gone out. ``how`` says what happened, for the
    reports: ``lit`` (a fresh one), ``relit`` (a doused one again), ``burnt`` (burnt
    out, spent), ``doused`` (put out, to be lit again), ``blown`` (blown out: running,
    wind), ``over`` (put out as the expedition ends); empty for a change that leaves it
    burning (dimmed, halved, refilled, its usage die stepped)."""

    kind: str
    label: str
    before: str
    after: str
    reason: str
    how: str = ""


class Encountered(NamedTuple):
    """An encounter met (or a sign of one found, or a struck-off one rolled again)."""

    table: str
    text: str
    status: str  # "met", "sign", "foreshadowed", "struck"


class Said(NamedTuple):
    text: str


class Struck(NamedTuple):
    table: str
    text: str


class Answered(NamedTuple):
    """An oracle's answer (``text``: ``Yes, but…``) and the dice behind it, as data: the
    rolls (``labels`` names each, as the meaning oracle's Action and Subject; ``pluses``
    what was added to each), the deciding ``value`` against ``target`` by ``method``, and
    the random event it raised. The journal's ``d:`` line is rendered from them."""

    question: str
    style: str
    odds: str
    text: str
    event: str | None = None
    rolls: tuple[Roll, ...] = ()
    value: int = 0
    target: int | None = None
    method: str = ""
    random_event: bool = False
    labels: tuple[str, ...] = ()
    pluses: tuple[int, ...] = ()


class MemberChanged(NamedTuple):
    """A member's hit points (``what`` is ``hp``) or one of their conditions moved;
    ``hp``, ``max_hp`` and ``marks`` (the conditions as the tag shows them) are the
    member's after the change."""

    name: str
    what: str
    label: str
    before: int
    after: int
    reason: str
    hp: int
    max_hp: int
    marks: tuple[str, ...] = ()


class PartyChanged(NamedTuple):
    """A member joined (``joined``) or left the party, with their hit points and marks."""

    name: str
    joined: bool
    hp: int
    max_hp: int
    marks: tuple[str, ...] = ()


def _same_event(self: tuple, other: object) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_event(self: tuple, other: object) -> bool:
    return not _same_event(self, other)


def _hash_event(self: tuple) -> int:
    return hash((type(self).__name__, tuple.__hash__(self)))


for _kind in (Acted, TurnPassed, Rolled, Checked, TableRolled, TrackerChanged, LightChanged,
              Encountered, Said, Struck, Answered, MemberChanged, PartyChanged):
    _kind.__eq__ = _same_event  # type: ignore[method-assign]
    _kind.__ne__ = _other_event  # type: ignore[method-assign,assignment]
    _kind.__hash__ = _hash_event  # type: ignore[method-assign]
del _kind

class RoomChanged(NamedTuple):
    """The party entered a room, came back to one, or one changed (``how``: ``new``,
    ``back`` or ``changed``). ``exits`` are written as Lonelog writes them (``N:R2``,
    ``E``, ``R4``, ``E:R7(secret)``)."""

    room: str
    how: str
    status: tuple[str, ...] = ()
    description: str = ""
    exits: tuple[str, ...] = ()


Event = (Acted | TurnPassed | Rolled | Checked | TableRolled | TrackerChanged | LightChanged
         | Encountered | Said | Struck | Answered | MemberChanged | PartyChanged | RoomChanged)
