"""What the engine says happened, declared once: the engine makes these, the journal's
notation renders them, the record keeps them and every reader decodes them back.

Each event is a frozen :class:`msgspec.Struct`, one of a tagged union on ``"t"`` (its type
name), so the record writes an event as ``{"t":"Rolled","label":…,"roll":{…},"plus":0}``
(its fields in the order declared here) and a reader decodes the same type back
(:mod:`solo.journal.record_types`). A Struct is built faster than a named tuple, which a
busy turn and the forecasts feel; an event equals only an event of its own type with the
same fields. The journal records events by type name and field names, so both stay stable.

A field reads back as its default when a record lacks it (a record written before the field
was, or edited by hand): so every field has one, but an ``Acted``'s command and a roll's
text, total and dice, which every record has. A few fields are newer than format 2's first
journals and are left out of the record while they have nothing to say, so those records
(and the examples) stay the same: ``actor`` and ``dropped`` while at their default (their
types ``omit_defaults``), ``hidden`` while :data:`~msgspec.UNSET`. How a command is shown
(``Acted.shown``) is no field: the record never keeps it.

A roll is kept as the record keeps it (:class:`RollData`: its expression's text, total,
every die and the places of those dropped), made from the dice's live
:class:`~solo.rules.dice.Roll` by :meth:`RollData.of`; the notation renders either
(:func:`solo.rules.dice_notation.roll_text`). The live Roll is no Struct: the dice module stays free
of msgspec, whose import would more than double ``solo roll``'s start-up.
"""

from __future__ import annotations

from typing import ClassVar

import msgspec
from msgspec import UNSET, UnsetType

from solo.rules.dice import Roll

__all__ = ["MemberChanged", "PartyChanged", "Acted", "ActedNote", "ActedOwnLine", "acted",
           "TurnPassed", "Rolled", "Checked", "TableRolled", "TrackerChanged", "LightChanged",
           "Encountered", "Said", "Struck", "Answered", "RoomChanged", "Event", "BaseEvent",
           "RollData", "UNSET", "UnsetType"]


class RollData(msgspec.Struct, frozen=True, gc=False, omit_defaults=True,
               rename={"text": "x", "total": "n", "dice": "d", "dropped": "drop"}):
    """A roll as the journal keeps it (``{"x":"4d6kh3","n":14,"d":[5,5,3,4],"drop":[2]}``):
    its expression's text, its total, every die rolled in order (kept or not; a plain number
    rolls none) and the places among them of the dice it dropped (left out when none)."""

    text: str
    total: int
    dice: tuple[int, ...]
    dropped: tuple[int, ...] = ()

    @classmethod
    def of(cls, roll: Roll) -> RollData:
        """The record of a live roll."""
        terms = roll.terms
        if len(terms) == 1:  # the commonest: one term, every die of it kept
            kept = terms[0].kept
            if False not in kept:
                return cls(roll.expression.text, roll.total, terms[0].rolls)
        places = [kept for term in terms for kept in term.kept]
        return cls(roll.expression.text, roll.total, roll.dice,
                   tuple([place for place, kept in enumerate(places) if not kept]))


class BaseEvent(msgspec.Struct, frozen=True, gc=False, tag_field="t", tag=True):
    """An event (its type name under ``"t"`` in the record)."""


class Acted(BaseEvent, frozen=True, omit_defaults=True):
    """The player's command, as typed, and the member it is for (``Wren: search`` is
    Wren's), if it names one. How the journal shows it is its type's ``shown`` (never
    recorded): ``action`` (``@``) for this one, ``note`` for an :class:`ActedNote`, ``own
    line`` (its result line says it all) for an :class:`ActedOwnLine` —
    :data:`solo.engine.requests.Request.shown`; :func:`acted` picks the type. A record's
    ``Acted`` reads back as this one."""

    command: str
    actor: str | None = None
    shown: ClassVar[str] = "action"


class ActedNote(Acted, frozen=True, tag="Acted"):
    """A command the journal shows as a note."""

    shown = "note"


class ActedOwnLine(Acted, frozen=True, tag="Acted"):
    """A command the journal does not show: its result line says it all."""

    shown = "own line"


_ACTED: dict[str, type[Acted]] = {kind.shown: kind for kind in (Acted, ActedNote, ActedOwnLine)}


def acted(command: str, actor: str | None, shown: str) -> Acted:
    """The command ``command`` (for ``actor``), of the type that shows it as ``shown``."""
    return _ACTED[shown](command, actor)


class TurnPassed(BaseEvent, frozen=True):
    turn: int = 0
    minutes: int | None = None


class Rolled(BaseEvent, frozen=True):
    label: str = ""
    roll: RollData = RollData("", 0, ())
    plus: int = 0

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class Checked(BaseEvent, frozen=True):
    label: str = ""
    roll: RollData = RollData("", 0, ())
    plus: int = 0
    success: bool = False

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class TableRolled(BaseEvent, frozen=True):
    table: str = ""
    title: str = ""
    roll: RollData = RollData("", 0, ())
    plus: int = 0
    entry_id: str = ""
    text: str = ""
    inline: tuple[RollData, ...] = ()
    hidden: bool | UnsetType = UNSET  # True: the plus reads a tracker behind the screen

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


class TrackerChanged(BaseEvent, frozen=True):
    """A tracker or a supply moved (``before`` is None only in a record edited so)."""

    tracker: str = ""
    label: str = ""
    before: int | None = None
    after: int = 0
    reason: str = ""
    notation: str = "Track"
    maximum: int | None = None
    hidden: bool | UnsetType = UNSET  # True: the tracker is kept behind the screen


class LightChanged(BaseEvent, frozen=True):
    """A light source lit, changed or gone out. ``how`` says what happened, for the
    reports: ``lit`` (a fresh one), ``relit`` (a doused one again), ``burnt`` (burnt
    out, spent), ``doused`` (put out, to be lit again), ``blown`` (blown out: running,
    wind), ``over`` (put out as the expedition ends); empty for a change that leaves it
    burning (dimmed, halved, refilled, its usage die stepped), or in an older record."""

    kind: str = ""
    label: str = ""
    before: str = ""
    after: str = ""
    reason: str = ""
    how: str = ""


class Encountered(BaseEvent, frozen=True):
    """An encounter met (or a sign of one found, or a struck-off one rolled again)."""

    table: str = ""
    text: str = ""
    status: str = ""  # "met", "sign", "foreshadowed", "struck"


class Said(BaseEvent, frozen=True):
    text: str = ""


class Struck(BaseEvent, frozen=True):
    table: str = ""
    text: str = ""


class Answered(BaseEvent, frozen=True):
    """An oracle's answer (``text``: ``Yes, but…``) and the dice behind it, as data: the
    rolls (``labels`` names each, as the meaning oracle's Action and Subject; ``pluses``
    what was added to each), the deciding ``value`` against ``target`` by ``method``, and
    the random event it raised. The journal's ``d:`` line is rendered from them."""

    question: str = ""
    style: str = ""
    odds: str = ""
    text: str = ""
    event: str | None = None
    rolls: tuple[RollData, ...] = ()
    value: int = 0
    target: int | None = None
    method: str = ""
    random_event: bool = False
    labels: tuple[str, ...] = ()
    pluses: tuple[int, ...] = ()


class MemberChanged(BaseEvent, frozen=True):
    """A member's hit points (``what`` is ``hp``) or one of their conditions moved;
    ``hp``, ``max_hp`` and ``marks`` (the conditions as the tag shows them) are the
    member's after the change."""

    name: str = ""
    what: str = ""
    label: str = ""
    before: int = 0
    after: int = 0
    reason: str = ""
    hp: int = 0
    max_hp: int = 0
    marks: tuple[str, ...] = ()


class PartyChanged(BaseEvent, frozen=True):
    """A member joined (``joined``) or left the party, with their hit points and marks."""

    name: str = ""
    joined: bool = False
    hp: int = 0
    max_hp: int = 0
    marks: tuple[str, ...] = ()


class RoomChanged(BaseEvent, frozen=True):
    """The party entered a room, came back to one, or one changed (``how``: ``new``,
    ``back`` or ``changed``). ``exits`` are written as Lonelog writes them (``N:R2``,
    ``E``, ``R4``, ``E:R7(secret)``)."""

    room: str = ""
    how: str = ""
    status: tuple[str, ...] = ()
    description: str = ""
    exits: tuple[str, ...] = ()


Event = (Acted | TurnPassed | Rolled | Checked | TableRolled | TrackerChanged | LightChanged
         | Encountered | Said | Struck | Answered | MemberChanged | PartyChanged | RoomChanged)
"""Every event, as the record's union decodes it (an ``Acted`` of any showing is an
:class:`Acted`)."""
