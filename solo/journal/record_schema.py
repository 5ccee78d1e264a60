"""The hidden record's shape, defined once: every key solo writes in a record, its type and
its default, and the data shape of each event in ``ev``. The writer
(:func:`solo.journal.record.make_record`) builds records from it, and every reader (resume,
the reports) reads a record through :func:`read_header` and the event readers here, never
with keys and defaults of its own.

A record is one JSON object, read as JSON data whatever the order of its keys or the
spacing between them (a JSON tool may re-save it so)::

    {"v":2,"step":3,"kind":"command","cmd":"advance","draws":3,"session":1,"scene":2,
     "turn":2, …extras…, "ev":[…], "state":{…}}

Journals of format 1 wrote ``<!-- solo:state {…} -->``: the state alone, read as a record of
``v`` 1, kind ``legacy``, with its step, turn and command taken from that state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from solo.engine import events as engine_events

__all__ = ["Field", "HEADER_FIELDS", "EXTRA_FIELDS", "MAP_FIELDS", "WHOLE_MAP_KEY",
           "MAP_CHANGES_KEY", "MAP_AT_KEY", "EVENTS_KEY", "STATE_KEY", "TOP_KEYS",
           "RecordHeader", "read_header", "read_field", "header_of", "legacy_record",
           "EVENT_FIELDS",
           "ROLL_KEYS", "NOT_RECORDED", "LEFT_OUT_WHEN_NONE", "EncounteredData",
           "LightChangedData", "AnsweredData", "TrackerMove", "read_encountered",
           "read_light", "read_answered", "read_move", "COUNTED_EVENTS", "event_type",
           "LEGACY_KIND", "TYPE_KEY", "MOVE_EVENT", "PASSED_OVER"]


@dataclass(frozen=True)
class Field:
    """One key of a record: its name, its JSON type (``int``, ``str`` or ``list``), its value
    when the record has none (or one of another type), and what it means. A default taken
    from another field names it in ``default_from``."""

    key: str
    type: type
    default: Any
    doc: str
    default_from: str | None = None


HEADER_FIELDS: tuple[Field, ...] = (
    Field("v", int, 2, "the record's format: 2 (a format-1 snapshot reads as 1)"),
    Field("step", int, None, "the entry's number: 0 for the start, one more each entry "
          "(required)"),
    Field("kind", str, "", "start, command, narration, setting or undo (legacy: format 1)"),
    Field("cmd", str, "", "the line as the player typed it (a narration's: 'narration')"),
    Field("draws", int, None, "commands played so far: the dice's seed goes on from it",
          default_from="step"),
    Field("session", int, 0, "the number of the sitting (## Session N) the entry is in"),
    Field("scene", int, None, "the number of the last scene heading (### S<n>)",
          default_from="turn"),
    Field("turn", int, None, "the turn after the entry (the state's turn when absent)"),
)
"""The header every record of format 2 has, in the order solo writes it."""

EXTRA_FIELDS: tuple[Field, ...] = (
    Field("live", int, None, "the entry whose state stands after this one (undo moves it "
          "back); written by every entry but a command", default_from="step"),
    Field("undid", int, None, "an undo's record: the step of the entry it took back"),
    Field("dice", str, None, "the dice mode in force (solo or physical) when it is not the "
          "front matter's"),
    Field("typed", list, (), "the dice the player typed at the table, as [sides, face]"),
)
"""Keys written only where they mean something, after the header and before the events."""

MAP_FIELDS: tuple[Field, ...] = (
    Field("map", int, None, "the step of the last record that keeps the whole map (every "
          "record once the party knows a room)"),
    Field("dungeon", dict, None, "the whole map: every room, where the party is, the way out "
          "and the room before (at each sitting's first entry, after an undo that changed "
          "the map, and when the changes written since outweigh it)"),
    Field("rooms", dict, None, "what the entry changed of the map: the rooms added or "
          "changed, where the party is"),
)
"""The map's keys (solo.journal.map_records), after the extras and before the events."""
MAP_AT_KEY, WHOLE_MAP_KEY, MAP_CHANGES_KEY = (field.key for field in MAP_FIELDS)

EVENTS_KEY = "ev"  # the engine's events, as EVENT_FIELDS gives their data (a list)
STATE_KEY = "state"  # the full state after the entry (an object: State.to_json)
TOP_KEYS: tuple[str, ...] = (*(field.key for field in HEADER_FIELDS),
                             *(field.key for field in EXTRA_FIELDS),
                             *(field.key for field in MAP_FIELDS), EVENTS_KEY, STATE_KEY)
"""Every key of a record, in the order solo writes them."""

LEGACY_KIND = "legacy"


@dataclass(frozen=True, slots=True)
class RecordHeader:
    """A record's header and extras, read and typed (every default filled in)."""

    v: int
    step: int
    kind: str
    cmd: str
    draws: int
    session: int
    scene: int
    turn: int
    live: int
    undid: int | None
    dice: str | None
    typed: tuple[tuple[int, ...], ...]


def _typed(value: Any, kind: type) -> bool:
    if kind is int:
        return type(value) is int
    return isinstance(value, kind)


def read_header(record: Mapping[str, Any]) -> RecordHeader | None:
    """The header of a parsed record (``json.loads`` of one), typed, with every default
    filled in; None when it gives no whole-number step and turn (a record no reader can
    place). The turn falls back on the state's."""
    state = record.get(STATE_KEY)
    values: dict[str, Any] = {}
    for field in (*HEADER_FIELDS, *EXTRA_FIELDS):
        value = record.get(field.key)
        if value is None and field.key == "turn" and isinstance(state, Mapping):
            value = state.get("turn")
        values[field.key] = value if value is not None and _typed(value, field.type) \
            else field.default
    if values["step"] is None or values["turn"] is None:
        return None
    for field in (*HEADER_FIELDS, *EXTRA_FIELDS):
        if field.default_from is not None and values[field.key] is None:
            values[field.key] = values[field.default_from]
    values["typed"] = tuple(tuple(die) for die in values["typed"]
                            if isinstance(die, list)
                            and all(type(face) is int for face in die))
    return RecordHeader(**values)


_FIELDS = {field.key: field for field in (*HEADER_FIELDS, *EXTRA_FIELDS)}


def read_field(record: Mapping[str, Any], key: str) -> Any:
    """One header field of a parsed record, typed, its default where it has none (a field
    whose default comes from another gives None)."""
    field = _FIELDS[key]
    value = record.get(key)
    return value if value is not None and _typed(value, field.type) else field.default


def header_of(record: Mapping[str, Any]) -> RecordHeader:
    """:func:`read_header` for a record known to be readable (resume's last record): its
    step and turn fall back on the state's, then on 0."""
    header = read_header(record)
    if header is not None:
        return header
    state = record.get(STATE_KEY)
    state = state if isinstance(state, Mapping) else {}
    whole = {key: value for key in ("step", "turn")
             if type(value := record.get(key, state.get(key))) is int}
    return read_header({**record, "step": whole.get("step", 0), "turn": whole.get("turn", 0)}) \
        or RecordHeader(2, 0, "", "", 0, 0, 0, 0, 0, None, None, ())


def legacy_record(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """A format-1 snapshot (``<!-- solo:state {…} -->``) as a record: the state itself, with
    the command it kept in ``cmd``."""
    return {"v": 1, "step": snapshot.get("step"), "kind": LEGACY_KIND,
            "cmd": snapshot.get("cmd", ""), EVENTS_KEY: [], STATE_KEY: dict(snapshot)}


# -- the events ---------------------------------------------------------------------------

TYPE_KEY = "t"
"""The key of an event's type name, which solo writes first."""

NOT_RECORDED = frozenset({"shown"})
"""Fields of an event that only the screen and the notation read (how a command is shown
follows from its word, which the record keeps): never written."""

LEFT_OUT_WHEN_NONE = frozenset({"actor", "hidden"})
"""Fields newer than format 2's first journals: left out while empty, so those records
read (and the examples replay) the same."""

ROLL_KEYS = ("x", "n", "d", "drop")
"""A roll's data: its expression, its total, every die, and the places of the dice it
dropped (written only when some were)."""


def _event_fields() -> dict[str, tuple[str, ...]]:
    kinds = [getattr(engine_events, name) for name in engine_events.__all__ if name != "Event"]
    return {kind.__name__: tuple(name for name in (
        [field.name for field in dataclasses.fields(kind)] if dataclasses.is_dataclass(kind)
        else kind._fields) if name not in NOT_RECORDED) for kind in kinds}


EVENT_FIELDS: dict[str, tuple[str, ...]] = _event_fields()
"""Each event's data: ``{"t": <type name>, <field>: <value>…}``, with these fields (an
event's ``roll`` as :data:`ROLL_KEYS`, a tuple as a list)."""

COUNTED_EVENTS = ("Encountered", "LightChanged", "Answered", "Struck", "TrackerChanged")
"""The events the reports' figures count (every other is read only where shown)."""

MOVE_EVENT = "TrackerChanged"
"""The counted event that moves a tracker (read by :func:`read_move`)."""

PASSED_OVER: dict[str, tuple[str, Any]] = {"Encountered": ("status", "struck")}
"""Counted events that count for nothing, by type: the field and the value that say so (an
encounter rolled again whose table entry is struck off: no one was met)."""


class EncounteredData(NamedTuple):
    table: str
    text: str
    status: str


class LightChangedData(NamedTuple):
    label: str
    before: str
    after: str


class AnsweredData(NamedTuple):
    question: str
    odds: str
    text: str


class TrackerMove(NamedTuple):
    """A tracker's move: its name, its label, its value after, and how the journal tags
    it (``Clock``, ``Track``, ``Inv``), with its maximum when it has one."""

    tracker: str
    label: str
    before: int | None
    after: int
    notation: str
    maximum: int | None


def event_type(event: Mapping[str, Any]) -> str:
    """An event's type name (``""`` for data that is none)."""
    kind = event.get(TYPE_KEY)
    return kind if isinstance(kind, str) else ""


def _text(value: Any) -> str:
    return value if type(value) is str else ""


def _whole(value: Any) -> int | None:
    return value if type(value) is int else None


# The readers below run once for every event a report counts: each reads its fields with
# one look-up apiece and builds its tuple directly.
_new = tuple.__new__  # a NamedTuple from its values, without the call through its __new__


def read_encountered(event: Mapping[str, Any]) -> EncounteredData:
    get = event.get
    return _new(EncounteredData, (_text(get("table")), _text(get("text")),
                                  _text(get("status"))))


def read_light(event: Mapping[str, Any]) -> LightChangedData:
    get = event.get
    return _new(LightChangedData, (_text(get("label")), _text(get("before")),
                                   _text(get("after"))))


def read_answered(event: Mapping[str, Any]) -> AnsweredData:
    get = event.get
    return _new(AnsweredData, (_text(get("question")), _text(get("odds")),
                               _text(get("text"))))


def read_move(event: Mapping[str, Any]) -> TrackerMove | None:
    """A TrackerChanged event's move; None when it has no whole-number value after."""
    get = event.get
    after = get("after")
    if type(after) is not int:
        return None
    tracker = get("tracker")
    return _new(TrackerMove, (tracker if isinstance(tracker, str) else str(tracker),
                              _text(get("label")), _whole(get("before")), after,
                              _text(get("notation")), _whole(get("maximum"))))
