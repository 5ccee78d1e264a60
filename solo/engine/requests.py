"""What the player asked for, read once: each command becomes one of these values.

The command table (:mod:`solo.engine.commands`) reads the typed words into a request; from
then on nothing reads the words again. The engine (:func:`solo.engine.core.perform`) carries
out a request, the journal's notation shows it by its :attr:`Request.shown`, and the
session keeps :attr:`Request.text` (the words as typed) for the record.

Every request carries the words it was read from and the member it is for
(``Wren: search``), if any. The rest of its fields are typed: numbers are ints, names
are the procedure's own spelling, a dice expression is parsed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from solo.engine.rooms import Exit
from solo.rules.dice import Expression

__all__ = ["Request", "Act", "Light", "Douse", "Strike", "SetTracker", "SetSupply",
           "SetSetting", "SetDice", "Roll", "RollOn", "Ask", "SetChaos", "ChooseOracle",
           "AddMember", "SetMember", "RemoveMember", "CountSupply", "ChangeHitPoints",
           "Show", "SessionStep", "NoteRoom", "MarkRoom", "NameWayOut", "GoTo", "GoBack",
           "SetDungeon", "AskMeaning", "ACTION", "NOTE", "OWN_LINE"]

ACTION = "action"
"""Shown as ``@ text``: the party attempts something in the fiction."""
NOTE = "note"
"""Shown as ``(note: text)``: the player works a tool."""
OWN_LINE = "own line"
"""Not shown itself: the result line it makes (``d:``, ``tbl:``, ``?``, a tag) says it all."""


@dataclass(frozen=True, kw_only=True)
class Request:
    """One command, read. ``text`` is the command as typed (without the member's name);
    ``actor`` the member it is for, if any."""

    text: str = ""
    actor: str | None = None
    shown: ClassVar[str] = NOTE
    journaled: ClassVar[bool] = True
    """False: a look-up or a step of the session, never carried out by the engine."""


@dataclass(frozen=True)
class Act(Request):
    """A procedure action with its arguments matched (``explore``, ``enter exits=3``),
    and the move it makes on the map: ``new`` (into a new room, through the exit
    ``direction`` of the room left, with ``exits`` exits in all, its id ``to`` if the
    player gave one), ``back`` (to the known
    room ``to`` or through ``direction``, else to the room the party came from) or None."""

    action: str
    arguments: Mapping[str, Any] = field(default_factory=dict)
    move: str | None = None
    direction: str | None = None
    exits: int | None = None
    to: str | None = None
    exits_typed: bool = False
    """Whether the player typed the exits (else a generator, if the journal has one, rolls
    the new room)."""
    shown: ClassVar[str] = ACTION


@dataclass(frozen=True)
class Light(Request):
    kind: str
    shown: ClassVar[str] = ACTION  # the party lights it, in the fiction


@dataclass(frozen=True)
class Douse(Request):
    kind: str
    shown: ClassVar[str] = ACTION


@dataclass(frozen=True)
class Strike(Request):
    """Strike an entry off a table: the one named, or (both None) the last encounter met."""

    table: str | None = None
    entry: int | None = None


@dataclass(frozen=True)
class SetTracker(Request):
    name: str
    number: int
    relative: bool = False  # +N / -N moves it


@dataclass(frozen=True)
class SetSupply(Request):
    name: str
    number: int
    relative: bool = False


@dataclass(frozen=True)
class SetSetting(Request):
    name: str
    value: bool | int | str


@dataclass(frozen=True)
class SetDice(Request):
    """``set dice physical|solo``: who rolls the dice (the session's, not the engine's)."""

    mode: str
    journaled: ClassVar[bool] = False


@dataclass(frozen=True)
class Roll(Request):
    expression: Expression
    why: str = ""
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class RollOn(Request):
    table: str
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class Ask(Request):
    """A yes/no question for the oracle; ``style`` None means the game's current style."""

    question: str
    odds: str | None = None
    style: str | None = None
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class SetChaos(Request):
    """The oracle's chaos: a level from 1 to 9, or ``follow`` the danger tracker."""

    level: int | str


@dataclass(frozen=True)
class ChooseOracle(Request):
    style: str


@dataclass(frozen=True)
class AddMember(Request):
    name: str
    counts: Mapping[str, int] = field(default_factory=dict)
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class SetMember(Request):
    name: str
    counts: Mapping[str, int] = field(default_factory=dict)
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class RemoveMember(Request):
    name: str
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class CountSupply(Request):
    name: str
    number: int
    relative: bool = False
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class ChangeHitPoints(Request):
    """``hurt N`` (sign -1) or ``heal N`` (sign +1): the member named, else each member."""

    amount: int
    sign: int
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class Show(Request):
    """A tool typed bare that only shows something (``party``, ``chaos``, ``oracle``,
    ``light``): a look-up, never journaled."""

    name: str
    journaled: ClassVar[bool] = False


@dataclass(frozen=True)
class SessionStep(Request):
    """A session command (``help``, ``status``, ``undo``, ``quit``…) and the words after it."""

    name: str
    rest: str = ""
    journaled: ClassVar[bool] = False


@dataclass(frozen=True)
class NoteRoom(Request):
    """``room library, exits N E S``: the current room's description (None: kept) and
    exits in those directions (None: an exit with no direction given)."""

    description: str | None = None
    exits: tuple[Exit, ...] = ()
    shown: ClassVar[str] = OWN_LINE  # the room's tag says it all


@dataclass(frozen=True)
class MarkRoom(Request):
    """``room cleared`` (``set``), ``room +looted`` (``add``), ``room -looted`` (``remove``)."""

    words: tuple[str, ...]
    mode: str = "set"
    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class NameWayOut(Request):
    """``room way out``: the room the party is in becomes the dungeon's exit."""

    shown: ClassVar[str] = OWN_LINE


@dataclass(frozen=True)
class GoTo(Request):
    """``go N``, ``go R2``: through a known exit, to a known room."""

    where: str
    shown: ClassVar[str] = ACTION


@dataclass(frozen=True)
class GoBack(Request):
    """``back``: to the room the party came from."""

    shown: ClassVar[str] = ACTION


@dataclass(frozen=True)
class SetDungeon(Request):
    """``set dungeon classic doors=barred``: the generator that rolls new rooms from now on
    ('' for none), and its settings as the player gave them."""

    generator: str
    settings: str = ""


@dataclass(frozen=True)
class AskMeaning(Request):
    """``ask meaning [QUESTION]``: an action and a subject for what the player asks."""

    question: str = ""
    shown: ClassVar[str] = OWN_LINE
