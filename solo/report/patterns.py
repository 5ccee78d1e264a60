"""The regular expressions that find the records in a journal and what the figures count in
them, made from the record's schema (:mod:`solo.journal.record_schema`), in ``bytes``;
and :func:`counted_events`, which reads the counted events of one record as JSON data.

A record is read whatever the order of its keys and the spacing between them: the
expressions only find where each record, its header's step, kind and turn, and its events
stand (a JSON string is always skipped whole, so nothing a player typed is read as a key);
every value is then read as JSON.
"""

from __future__ import annotations

import json
import re
from typing import Any

from solo.journal.record import PREFIX, SUFFIX
from solo.journal.record_schema import (
    COUNTED_EVENTS,
    EVENTS_KEY,
    EXTRA_FIELDS,
    HEADER_FIELDS,
    STATE_KEY,
    TOP_KEYS,
    TrackerMove,
    event_type,
    read_move,
)

__all__ = ["RECORD_LINE", "RECORD_GROUPS", "HIT", "LAST_ENCOUNTER", "counted_events",
           "json_events", "split_counted", "unquote"]

_STRING = rb'"[^"\\]*(?:\\.[^"\\]*)*"'  # a JSON string, runs of plain characters between escapes
_NUMBER = rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_SCALAR = rb"(?:" + _STRING + rb"|" + _NUMBER + rb"|true|false|null)"
_CAPTURED = ("step", "kind", "turn")  # the header fields every record's figures need
_VALUE = {int: rb"-?\d+", str: _STRING, list: rb"\[[-\d \t\r,\[\]]*\]"}
_WS = rb"[ \t\r]*"  # JSON's spaces but the line break: a record is one line
_CAPTURE = {int: rb"(\d+)", str: rb'"(\w*)"'}


def _key(name: str) -> bytes:
    return re.escape(json.dumps(name)).encode()


def _writer_layout() -> bytes:
    """A record exactly as solo writes it (:func:`~solo.journal.record.make_record`): the
    header fields in their order, any extras, the events, the state last."""
    header = b",".join(_key(field.key) + b":" + (_CAPTURE[field.type] if field.key in _CAPTURED
                                                  else _VALUE[field.type])
                       for field in HEADER_FIELDS)
    extra = rb'(?:"\w+":(?:' + b"|".join(_VALUE.values()) + rb"),)*"
    return (rb"\{" + header + b"," + extra + _key(EVENTS_KEY) + rb":(\[(?:[^\]\n]*\])*?),"
            + _key(STATE_KEY) + rb":\{[^\n]*\}\}")


def _any_layout() -> bytes:
    """A record with its keys in any order and any spacing: each member is one of the
    header fields the figures need (captured), the events (captured), the state or the
    player's dice (skipped), or any other key with a plain value. A skipped object or
    array ends at a closing bracket followed by another of the record's keys or by the
    record's end; one that ended too early leaves members that do not fit, and the match
    takes the next closing bracket instead."""
    end = (rb"(?=" + _WS + rb"(?:," + _WS + rb'"(?:'
           + b"|".join(re.escape(key.encode()) for key in TOP_KEYS)
           + rb')"' + _WS + rb":|\}" + re.escape(SUFFIX.encode()) + rb"))")
    fields = {field.key: field for field in (*HEADER_FIELDS, *EXTRA_FIELDS)}

    def member(key: str, value: bytes) -> bytes:
        return re.escape(key.encode()) + b'"' + _WS + b":" + _WS + value

    named = [member(key, _CAPTURE[fields[key].type]) for key in _CAPTURED]
    named += [member(EVENTS_KEY, rb"(\[(?:[^\]\n]*\])*?)" + end),
              member(STATE_KEY, rb"\{(?:[^}\n]*\})*?" + end),
              member("typed", _VALUE[list])]
    others = (rb"(?!(?:" + b"|".join(re.escape(key.encode()) for key in
                                     (*_CAPTURED, EVENTS_KEY, STATE_KEY, "typed"))
              + rb')")' + _STRING[1:] + _WS + b":" + _WS + _SCALAR)
    one = rb'"(?:' + b"|".join([*named, others]) + rb")"
    return (rb"\{" + _WS + rb"(?:" + one + _WS + rb"(?:," + _WS + rb'(?=")|(?=\})))*\}')


RECORD_LINE = re.compile(rb"\n" + re.escape(PREFIX.encode()) + rb"((?:" + _writer_layout()
                         + rb")|(?:" + _any_layout() + rb")|\{[^\n]*?\})"
                         + re.escape(SUFFIX.encode()) + rb"(?=\n|\Z)")
"""A record on a line of its own, as solo writes it or with its keys in any order and any
spacing. Groups: the record's JSON; then step, kind, turn and events of a record in solo's
layout; then the same of a record in another order; all four None for a line whose record
only JSON can read (or none can)."""
RECORD_GROUPS = RECORD_LINE.groups

HIT = re.compile(rb'"t"\s*:\s*"(' + b"|".join(name.encode() for name in COUNTED_EVENTS)
                 + rb')"')
"""Where an event the figures count names its type (a string can never hold ``"t":"``
unescaped, so every match is the key of an event)."""

LAST_ENCOUNTER = re.compile(rb'"last_encounter"\s*:\s*\[\s*(' + _STRING + rb")\s*,\s*(\d+)\s*\]")
"""The state's last encounter: its table and entry (no other part of a record has the key)."""


def unquote(text: str | bytes) -> str:
    """A JSON string's text (with its quotes), escapes read."""
    try:
        value = json.loads(text)
    except ValueError:
        return ""
    return value if isinstance(value, str) else ""


def json_events(raw: str | bytes | None) -> list[dict[str, Any]]:
    """A record's events from their JSON text (those that are objects)."""
    try:
        loaded = json.loads(raw or "[]")
    except ValueError:
        return []
    return [event for event in loaded if isinstance(event, dict)] \
        if isinstance(loaded, list) else []


def counted_events(events: bytes) -> tuple[list[dict[str, Any]], list[TrackerMove]]:
    """The events the figures count in one record's events (their JSON text), but the
    tracker moves, which come apart, as data: each counted event is a flat object, read
    whole from the brace before its type to the brace after; where that is not one
    whole event (a brace in a string), every event is read."""
    found, kinds = [], []
    for match in HIT.finditer(events):
        start = events.rfind(b"{", 0, match.start())
        end = events.find(b"}", match.end())
        found.append(events[start:end + 1] if start >= 0 and end >= 0 else b"")
        kinds.append(match[1].decode())
    try:
        read = json.loads(b"[" + b",".join(found) + b"]")
    except ValueError:
        read = None
    if read is None or len(read) != len(kinds) or any(
            not isinstance(event, dict) or event.get("t") != kind
            for event, kind in zip(read, kinds, strict=False)):
        read = [event for event in json_events(events) if event_type(event) in COUNTED_EVENTS]
    return split_counted(read)


def split_counted(events: list[dict[str, Any]]
                  ) -> tuple[list[dict[str, Any]], list[TrackerMove]]:
    """Counted events apart from the tracker moves among them (each read by the schema)."""
    moves = [move for move in map(read_move, (event for event in events
                                              if event_type(event) == "TrackerChanged"))
             if move is not None]
    return [event for event in events if event_type(event) != "TrackerChanged"], moves
