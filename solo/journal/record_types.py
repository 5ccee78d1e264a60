"""The hidden record as typed data, and the one decoder every reader uses.

A record is one JSON object in an HTML comment (:mod:`solo.journal.record`). It is declared
here once, as :class:`Record` with its events a tagged union on ``"t"``
(:data:`RecordEvent`), and decoded by msgspec's JSON decoder: keys in any order, any
spacing, keys the types do not name passed over. The state and the map are kept as their
JSON bytes (:class:`msgspec.Raw`), read only by the readers that need them
(:func:`json_data`).

A journal is cut into its records once (:func:`split_records`): each comment that begins
a line (maybe indented) with ``<!-- solo`` runs to the next ``-->``. A record an editor
wrapped over lines is the same record: its lines are joined, then decoded
(:func:`unwrapped`). A record that does not decode (a field of another type, cut off, a
key renamed, nested deeper than any solo writes, a lone surrogate escape) is no record:
:func:`decode` gives None and the reader names it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import accumulate, chain, repeat
from operator import add, attrgetter, getitem
from typing import Any

import msgspec

__all__ = ["RollData", "Acted", "TurnPassed", "Rolled", "Checked", "TableRolled",
           "TrackerChanged", "LightChanged", "Encountered", "Said", "Struck", "Answered",
           "MemberChanged", "PartyChanged", "RoomChanged", "RecordEvent", "Record",
           "Span", "split_records", "decode", "decode_comment", "json_data", "state_of",
           "unwrapped", "BAD_DATA"]

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
    summary: str = ""
    text: str = ""
    event: str | None = None


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


_RECORD = msgspec.json.Decoder(Record)
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


PREFIX = b"<!-- solo "
LEGACY_PREFIX = b"<!-- solo:state "
_LINE = re.compile(rb"\n([ \t]*)<!-- solo(:state)?([ \t\r\n][^\n]*)")
"""A record's first line: its indent, whether it is a format-1 snapshot, and the rest of
the line (found from the line break before it: a search from each line's start would
cost seven times as much)."""


class Span(msgspec.Struct, gc=False):
    """Where one record's comment sits in a journal's bytes: ``line`` its line's start,
    ``start`` its ``<!--``, ``end`` past its ``-->`` (and the spaces after it, to the line
    break), ``body`` its JSON (its lines joined, where that made it read), ``legacy``
    whether it is a format-1 snapshot; ``record`` the decoded record, None when it does
    not read."""

    line: int
    start: int
    end: int
    body: bytes | memoryview
    legacy: bool
    record: Record | None = None


class Cut:
    """A journal's bytes cut at its records, as parallel lists in the file's order (see
    :class:`Span` for what each holds); ``cut_off`` whether the last record runs to no
    ``-->``."""

    __slots__ = ("lines", "starts", "ends", "bodies", "legacy", "records", "cut_off")

    def __init__(self, data: bytes) -> None:
        first = data.lstrip(b" \t").startswith(b"<!-- solo")  # a record on the first line
        text = b"\n" + data if first else data  # (each found from the line break before it)
        parts = _LINE.split(text)
        prose, indents, kinds, rests = parts[0::4], parts[1::4], parts[2::4], parts[3::4]
        self.legacy: list[bool] = [kind is not None for kind in kinds]
        # where each piece ends: the text before a record, then the record's first line
        ends = list(accumulate(chain.from_iterable(zip(  # (one more text than records)
            map(len, prose), map(add, map(len, rests), map(add, map(len, indents), map(
                _OPENING.__getitem__, self.legacy))), strict=False))))
        shift = -1 if first else 0
        self.lines = list(map(add, ends[0::2], repeat(1 + shift)))
        self.starts = list(map(add, self.lines, map(len, indents)))
        self.ends = list(map(add, ends[1::2], repeat(shift)))
        stripped = list(map(bytes.rstrip, rests))
        self.bodies: list[bytes | memoryview] = [rest[:-3] for rest in stripped]
        self.cut_off = False
        if not all(map(bytes.endswith, stripped, repeat(b"-->"))):  # over several lines
            self._over_lines(data, stripped)
        try:  # (all at once, where every record reads as solo writes it)
            if True in self.legacy:
                raise ValueError("format 1")
            records: list[Record | None] = list(map(_RECORD.decode, self.bodies))
            if not _whole(records):  # type: ignore[arg-type]
                raise ValueError("a record to look at again")
        except BAD_DATA:
            records = list(map(decode, self.bodies, self.legacy))
        self.records = records
        if None in self.records:
            self._joined(data)

    def _over_lines(self, data: bytes, stripped: list[bytes]) -> None:
        """The records that do not end on their first line: each runs to the next ``-->``
        (a record cut off, and any after it, is none)."""
        for index, rest in enumerate(stripped):
            if rest.endswith(b"-->"):
                continue
            begin = self.starts[index] + len(LEGACY_PREFIX if self.legacy[index] else PREFIX) - 1
            close = data.find(b"-->", begin)
            if close < 0:
                for column in (self.lines, self.starts, self.ends, self.bodies, self.legacy):
                    del column[index:]
                self.cut_off = True
                return
            end = close + 3
            line_end = data.find(b"\n", end)
            line_end = len(data) if line_end < 0 else line_end
            self.ends[index] = line_end if not data[end:line_end].strip() else end
            self.bodies[index] = data[begin:close]

    def _joined(self, data: bytes) -> None:
        """Decode again each record that did not read but runs over several lines, its
        lines joined (:func:`unwrapped`)."""
        for index, record in enumerate(self.records):
            body = self.bodies[index]
            if record is not None or b"\n" not in body:
                continue
            for joined in unwrapped(bytes(body)):
                record = decode(joined, self.legacy[index])
                if record is not None:
                    self.records[index], self.bodies[index] = record, joined
                    break

    def spans(self) -> list[Span]:
        return list(map(Span, self.lines, self.starts, self.ends, self.bodies, self.legacy,
                        self.records))


_OBJECT = ord("{")


def _whole(records: list[Record]) -> bool:
    """Whether records decoded all at once need no second look: every state an object,
    every turn given (looked at in C, not a record at a time in Python)."""
    return None not in map(_TURN_OF, records) and all(map(_OBJECT.__eq__, map(
        getitem, map(memoryview, map(_STATE_OF, records)), repeat(0))))  # type: ignore[arg-type]


_TURN_OF, _STATE_OF = attrgetter("turn"), attrgetter("state")


_OPENING = (len(b"\n<!-- solo"), len(b"\n<!-- solo:state"))  # a record's line, before the rest


def split_records(data: bytes) -> tuple[list[Span], bool]:
    """Every record comment in ``data``, in the file's order, each decoded (a wrapped one
    joined first), and whether the last one runs to no ``-->`` (cut off)."""
    cut = Cut(data)
    return cut.spans(), cut.cut_off


def unwrapped(body: bytes) -> list[bytes]:
    """The ways a record an editor wrapped over lines joins again, likeliest first: where
    most lines are as long as each other (a hard wrap at a width, counted in characters or
    in bytes), a line of that length with nothing and any other with a space (a wrap at a
    space); then all with nothing, then all with a space."""
    lines = body.split(b"\n")
    if len(lines) < 2:
        return []
    inner = lines[:-1]
    hard: list[bool] = [False] * len(inner)
    for lengths in ([len(line.decode("utf-8", "replace")) for line in inner],
                    list(map(len, inner))):
        width = max(set(lengths), key=lengths.count)
        if lengths.count(width) > 1 and 2 * lengths.count(width) >= len(inner):
            hard = [length == width for length in lengths]
            break
    pieces: list[bytes] = [lines[0]]
    for cut, line in zip(hard, lines[1:], strict=True):
        if cut:
            pieces.append(line)
        else:
            pieces[-1] = pieces[-1].rstrip(b" \t\r")
            pieces.append(b" " + line.lstrip(b" \t"))
    spaced = b" ".join(line.strip(b" \t\r") for line in lines)
    return [b"".join(pieces), b"".join(lines), spaced]


def decode_comment(text: str) -> Record | None:
    """The record in one comment's text (``<!-- solo {…} -->``, maybe wrapped over lines);
    None when it is not one, or does not read."""
    spans, _ = split_records(text.strip().encode("utf-8", "surrogatepass"))
    return spans[0].record if len(spans) == 1 else None


def events_of(records: Sequence[Record]) -> list[RecordEvent]:
    """Every event of ``records``, in order."""
    return [event for record in records for event in record.ev]
