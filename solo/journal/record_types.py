"""The hidden record as typed data, and the one decoder every reader uses.

A record is one JSON object in an HTML comment (:mod:`solo.journal.record`). It is declared
here once, as :class:`Record` with its events a tagged union on ``"t"``
(:data:`RecordEvent`), and decoded by msgspec's JSON decoder: keys in any order, any
spacing, keys the types do not name passed over. The state and the map are kept as their
JSON bytes (:class:`msgspec.Raw`), read only by the readers that need them
(:func:`json_data`).

A journal is cut into its records once (:mod:`solo.journal.record_split`). A record that
does not decode (a field of another type, cut off, a
key renamed, nested deeper than any solo writes, a lone surrogate escape) is no record:
:func:`decode` gives None and the reader names it.
"""

from __future__ import annotations

from typing import Any

import msgspec

__all__ = ["RollData", "Acted", "TurnPassed", "Rolled", "Checked", "TableRolled",
           "TrackerChanged", "LightChanged", "Encountered", "Said", "Struck", "Answered",
           "MemberChanged", "PartyChanged", "RoomChanged", "RecordEvent", "Record", "decode",
           "json_data", "state_of", "BAD_DATA", "RECORD_DECODER", "REPORT_DECODER",
           "ReportRecord"]

BAD_DATA = (msgspec.DecodeError, msgspec.ValidationError, RecursionError, ValueError,
            TypeError)
"""What decoding a record, or a part of one, raises when it does not read."""


class RollData(msgspec.Struct, frozen=True, gc=False):
    """A roll as a record keeps it: its expression, total, every die, and the places of
    the dice it dropped."""

    x: str = ""
    n: int = 0
    d: tuple[int, ...] = ()
    drop: tuple[int, ...] = ()


class _Event(msgspec.Struct, frozen=True, gc=False, tag_field="t", tag=True):
    """An event of the record (its type name under ``"t"``)."""


class Acted(_Event, frozen=True):
    command: str = ""
    actor: str | None = None


class TurnPassed(_Event, frozen=True):
    turn: int = 0
    minutes: int | None = None


class Rolled(_Event, frozen=True):
    label: str = ""
    roll: RollData = RollData()
    plus: int = 0


class Checked(_Event, frozen=True):
    label: str = ""
    roll: RollData = RollData()
    plus: int = 0
    success: bool = False


class TableRolled(_Event, frozen=True):
    table: str = ""
    title: str = ""
    roll: RollData = RollData()
    plus: int = 0
    entry_id: str = ""
    text: str = ""
    inline: tuple[RollData, ...] = ()
    hidden: bool | None = None


class TrackerChanged(_Event, frozen=True):
    tracker: str = ""
    label: str = ""
    before: int | None = None
    after: int | None = None
    reason: str = ""
    notation: str = "Track"
    maximum: int | None = None
    hidden: bool | None = None


class LightChanged(_Event, frozen=True):
    kind: str = ""
    label: str = ""
    before: str = ""
    after: str = ""
    reason: str = ""
    how: str = ""  # lit, relit, burnt, doused, blown, over (empty: still burning, or older)


class Encountered(_Event, frozen=True):
    table: str = ""
    text: str = ""
    status: str = ""


class Said(_Event, frozen=True):
    text: str = ""


class Struck(_Event, frozen=True):
    table: str = ""
    text: str = ""


class Answered(_Event, frozen=True):
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


class MemberChanged(_Event, frozen=True):
    name: str = ""
    what: str = ""
    label: str = ""
    before: int = 0
    after: int = 0
    reason: str = ""
    hp: int = 0
    max_hp: int = 0
    marks: tuple[str, ...] = ()


class PartyChanged(_Event, frozen=True):
    name: str = ""
    joined: bool = False
    hp: int = 0
    max_hp: int = 0
    marks: tuple[str, ...] = ()


class RoomChanged(_Event, frozen=True):
    room: str = ""
    how: str = ""
    status: tuple[str, ...] = ()
    description: str = ""
    exits: tuple[str, ...] = ()


RecordEvent = (Acted | TurnPassed | Rolled | Checked | TableRolled | TrackerChanged
               | LightChanged | Encountered | Said | Struck | Answered | MemberChanged
               | PartyChanged | RoomChanged)
"""An event as a record keeps it: one type per engine event, of the same name and fields
(:mod:`solo.engine.events`), its rolls as :class:`RollData`."""

_NONE = msgspec.Raw()  # a Raw field the record does not have


class Record(msgspec.Struct, frozen=True, gc=False):
    """One record: the header (:data:`solo.journal.record_schema.HEADER_FIELDS`), the
    extras, the map's keys, the events and the state, typed. ``draws``, ``scene`` and
    ``live`` default to another field (:meth:`drawn`, …); ``turn`` to the state's."""

    step: int
    state: msgspec.Raw
    v: int = 2
    kind: str = ""
    cmd: str = ""
    draws: int | None = None
    session: int = 0
    scene: int | None = None
    turn: int | None = None
    live: int | None = None
    undid: int | None = None
    dice: str | None = None
    typed: tuple[tuple[int, ...], ...] = ()
    map: int | None = None
    dungeon: msgspec.Raw = _NONE
    rooms: msgspec.Raw = _NONE
    ev: tuple[RecordEvent, ...] = ()

    @property
    def drawn(self) -> int:
        return self.step if self.draws is None else self.draws

    @property
    def scene_number(self) -> int:
        return self.at_turn if self.scene is None else self.scene

    @property
    def standing(self) -> int:
        """The entry whose state stands after this one (``live``, else this one)."""
        return self.step if self.live is None else self.live

    @property
    def at_turn(self) -> int:
        return self.turn if self.turn is not None else 0

    def whole_map(self) -> Any:
        """The whole map it keeps (decoded; None if none, ``...`` if it does not read)."""
        return json_data(self.dungeon)

    def map_changes(self) -> Any:
        """The changes to the map it keeps (decoded; None if none, ``...`` if unreadable)."""
        return json_data(self.rooms)


class _Legacy(msgspec.Struct, frozen=True):
    """A format-1 snapshot (``<!-- solo:state {…} -->``): the state itself."""

    step: int
    turn: int
    cmd: str = ""


class _Turn(msgspec.Struct):
    turn: int


class _Passed(_Event, frozen=True):
    """An event the reports read nothing of: its fields passed over, not decoded."""


class _Acted(_Passed, frozen=True, tag="Acted"):
    pass


class _Rolled(_Passed, frozen=True, tag="Rolled"):
    pass


class _Checked(_Passed, frozen=True, tag="Checked"):
    pass


class _Said(_Passed, frozen=True, tag="Said"):
    pass


class TableResult(_Passed, frozen=True, tag="TableRolled"):
    """A table roll as the reports read it: the table and the result it gave (its roll,
    title and inline rolls passed over)."""

    table: str = ""
    entry_id: str = ""
    text: str = ""


class ReportRecord(Record, frozen=True, gc=False):
    """A record as the reports read it: the same record, the events whose fields no report
    reads (the command typed, a plain roll or check, a note, a table's dice) decoded
    without them, which msgspec passes over cheaply."""

    ev: tuple[_Acted | TurnPassed | _Rolled | _Checked | TableResult | TrackerChanged
              | LightChanged | Encountered | _Said | Struck | Answered | MemberChanged
              | PartyChanged | RoomChanged, ...] = ()  # type: ignore[assignment]


_RECORD = RECORD_DECODER = msgspec.json.Decoder(Record)
REPORT_DECODER = msgspec.json.Decoder(ReportRecord)
_LEGACY = msgspec.json.Decoder(_Legacy)
_TURN = msgspec.json.Decoder(_Turn)
_ANY = msgspec.json.Decoder()


def json_data(raw: msgspec.Raw) -> Any:
    """A Raw field's JSON data: None when the record has none, ``...`` when it does not
    read (a hand edit)."""
    if not raw:
        return None
    try:
        return _ANY.decode(raw)
    except BAD_DATA:
        return ...


def state_of(record: Record) -> dict[str, Any] | None:
    """A record's state as JSON data; None if it does not read as an object."""
    state = json_data(record.state)
    return state if isinstance(state, dict) else None


def decode(body: bytes | memoryview, legacy: bool = False) -> Record | None:
    """The record whose JSON is ``body`` (a format-1 snapshot's when ``legacy``); None
    when it is no readable record: not JSON, a field of another type, no whole-number
    step, no state object, or deeper than any solo writes."""
    try:
        if legacy:
            snapshot = _LEGACY.decode(body)
            whole = bytes(body).strip()
            if not whole.startswith(b"{"):
                return None
            return Record(snapshot.step, msgspec.Raw(whole), v=1, kind="legacy", cmd=snapshot.cmd,
                          turn=snapshot.turn)
        record = _RECORD.decode(body)
        if memoryview(record.state)[:1] != b"{":
            return None
        if record.turn is None:  # the state's turn, then
            record = msgspec.structs.replace(record, turn=_TURN.decode(record.state).turn)
        return record
    except BAD_DATA:
        return None
