"""The hidden record as typed data, and the one decoder every reader uses.

A record is one JSON object in an HTML comment (:mod:`solo.journal.record`). It is declared
here once, as :class:`Record`, its events being the engine's own
(:mod:`solo.engine.events`, re-exported here), a tagged union on ``"t"``
(:data:`RecordEvent`); it is decoded by msgspec's JSON decoder: keys in any order, any
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

from solo.engine.events import (
    Acted,
    Answered,
    Checked,
    Encountered,
    Event,
    LightChanged,
    MemberChanged,
    PartyChanged,
    RollData,
    Rolled,
    RoomChanged,
    Said,
    Struck,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.engine.events import BaseEvent as _Event

__all__ = ["RollData", "Acted", "TurnPassed", "Rolled", "Checked", "TableRolled",
           "TrackerChanged", "LightChanged", "Encountered", "Said", "Struck", "Answered",
           "MemberChanged", "PartyChanged", "RoomChanged", "RecordEvent", "Record", "decode",
           "json_data", "state_of", "BAD_DATA", "RECORD_DECODER", "REPORT_DECODER",
           "ReportRecord", "StateObject", "TableResult", "TimePassed"]

BAD_DATA = (msgspec.DecodeError, msgspec.ValidationError, RecursionError, ValueError,
            TypeError)
"""What decoding a record, or a part of one, raises when it does not read."""


RecordEvent = Event
"""An event as a record keeps it: the engine's own event types (:mod:`solo.engine.events`),
declared once there."""

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
    key_rooms: msgspec.Raw = _NONE
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


class TimePassed(_Passed, frozen=True, tag="TurnPassed"):
    """A turn passed as the reports read it: its minutes (its number passed over: the
    record's own turn says)."""

    minutes: int | None = None


class TableResult(_Passed, frozen=True, tag="TableRolled"):
    """A table roll as the reports read it: the table and the result it gave (its roll,
    title and inline rolls passed over)."""

    table: str = ""
    entry_id: str = ""
    text: str = ""


class StateObject(msgspec.Struct, frozen=True, gc=False):
    """A state as the reports decode it: checked to be an object, its keys passed over."""


class ReportRecord(Record, frozen=True, gc=False):
    """A record as the reports read it: the same record, its state passed over (read from
    the record's text where a figure needs it), and the events whose fields no report
    reads (the command typed, a plain roll or check, a note, a table's dice) decoded
    without them, which msgspec passes over cheaply."""

    state: StateObject  # type: ignore[assignment]
    ev: tuple[_Acted | TimePassed | _Rolled | _Checked | TableResult | TrackerChanged
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
