"""The regular expressions that find the records in a journal and what the figures count in
them, made from the record's schema (:mod:`solo.journal.record_schema`), in ``bytes``;
and :func:`counted_events`, which reads the counted events of records in another layout as
JSON data.

A record is read whatever the order of its keys and the spacing between them: the
expressions only find where each record, its header's step, kind, command and turn, and its
events stand (a JSON string is always skipped whole, so nothing a player typed is read as a
key); every value is then read as JSON. A record as solo writes it is found so by the one
split of the whole file (:data:`RECORD_LINE`, its header's fields in their order, then the
extras and the map's keys it has); records a tool re-saved, by the split their learned
layout makes (:mod:`solo.report.record_shapes`); a record no layout fits, by
:data:`ANY_ORDER` on its own. In solo's layout, the counted events are found in place
(:data:`COUNTED_IN_PLACE`, each one whole) and read as JSON all at once.
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
    MAP_CHANGES_KEY,
    MAP_FIELDS,
    PASSED_OVER,
    STATE_KEY,
    TYPE_KEY,
    WHOLE_MAP_KEY,
    Field,
)

__all__ = ["nested_value", "RECORD_LINE", "RECORD_GROUPS", "RECORD_GROUP", "ANY_ORDER", "CAPTURED",
           "EVENTS_START", "STATE_AFTER_EVENTS", "HIT", "COUNTED_IN_PLACE", "LAST_ENCOUNTER",
           "json_events", "unquote"]

_STRING = rb'"[^"\\]*(?:\\.[^"\\]*)*"'  # a JSON string, runs of plain characters between escapes
_NUMBER = rb"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_SCALAR = rb"(?:" + _STRING + rb"|" + _NUMBER + rb"|true|false|null)"
_CAPTURED = ("step", "kind", "cmd", "turn")  # the header fields the figures read
_VALUE = {int: rb"-?\d+", str: _STRING, list: rb"\[[-\d \t\r,\[\]]*\]"}
_WRITTEN = {**_VALUE, int: rb"\d+"}  # solo writes no number below 0 in a record's header
_WS = rb"[ \t\r]*"  # JSON's spaces but the line break: a record is one line
_HEADER = {field.key: field for field in (*HEADER_FIELDS, *EXTRA_FIELDS)}


def _captured(layout: str, key: str) -> bytes:
    """A header field the figures read, as a named group (``solo_step``, ``cmd``…): a
    whole number, a word without its quotes (the kind), or the command's JSON string."""
    group = b"(?P<" + f"{layout}{key}".encode() + b">"
    if key == "cmd":
        return group + _STRING + b")"
    return b'"' + group + rb'\w*)"' if _HEADER[key].type is str else group + rb"\d+)"


def _key(name: str) -> bytes:
    return re.escape(json.dumps(name)).encode()


def _writer_layout() -> bytes:
    """A record exactly as solo writes it (:func:`~solo.journal.record.make_record`): the
    header fields in their order, then the extras and the map's keys that it has (each a
    key of the schema, with a value of its type), then the events and the state (found
    apart by :data:`STATE_AFTER_EVENTS`)."""
    header = b",".join(_key(field.key) + b":" + (_captured("solo_", field.key)
                                                  if field.key in _CAPTURED
                                                  else _WRITTEN[field.type])
                       for field in HEADER_FIELDS)
    # a map's whole or its changes: an object, the last before the events (no unescaped
    # '},"ev":[' can stand in a string, and the events' key stands only at a record's top:
    # the last such place is the one, found by going to the line's end and back, which
    # costs far less than trying the events' key after each character of a map)
    values = {**_WRITTEN, dict: rb"\{[^\n]*\}(?=," + _key(EVENTS_KEY) + rb":\[)"}
    def value(field: Field) -> bytes:  # (a map's, captured: solo_dungeon, solo_rooms)
        return b"(?P<solo_" + field.key.encode() + b">" + values[dict] + b")" \
            if field.type is dict else values[field.type]

    extra = (rb"(?:(?:" + b"|".join(_key(field.key) + b":" + value(field)
                                    for field in (*EXTRA_FIELDS, *MAP_FIELDS)) + rb"),)*")
    return rb"\{" + header + b"," + extra + _key(EVENTS_KEY) + rb":\[[^\n]*\}\}"


_NESTING = 8  # the deepest an object or array skipped whole may nest (a record's are 4)


def nested_value(opening: bytes, closing: bytes) -> bytes:
    """An object (``opening`` ``{``) or an array (``[``) whose brackets nest at most
    :data:`_NESTING` deep, skipped whole by its brackets without going back (possessive
    runs). A bracket in a string is counted too: where that leaves the brackets unpaired
    the record does not match (and is read as JSON); it can never end a value early and
    still match, for no member can start inside a string (its quotes are escaped)."""
    inner = b"(?!)"  # (nothing: the innermost level holds no bracket)
    for _ in range(_NESTING):
        inner = rb"[\[{][^][{}\n]*+(?:" + inner + rb"[^][{}\n]*+)*+[\]}]"
    return (re.escape(opening) + rb"[^][{}\n]*+(?:" + inner + rb"[^][{}\n]*+)*+"
            + re.escape(closing))


def _any_layout() -> bytes:
    """A record with its keys in any order and any spacing: each member is one of the
    header fields the figures need (captured), the events (captured), the state or the
    map (skipped whole, by their brackets), the player's dice, or any other key with a
    plain value. (A bracket of the wrong kind closing a skipped value is not checked: JSON
    reads the record later, where that matters.)"""
    def member(key: str, value: bytes) -> bytes:
        return re.escape(key.encode()) + b'"' + _WS + b":" + _WS + value

    skipped = nested_value(b"{", b"}")
    named = [member(key, _captured("", key)) for key in _CAPTURED]
    named += [member(EVENTS_KEY, b"(?P<events>" + nested_value(b"[", b"]") + b")"),
              member(STATE_KEY, skipped),
              member(WHOLE_MAP_KEY, b"(?P<" + WHOLE_MAP_KEY.encode() + b">" + skipped + b")"),
              member(MAP_CHANGES_KEY,
                     b"(?P<" + MAP_CHANGES_KEY.encode() + b">" + skipped + b")"),
              member("typed", _VALUE[list])]
    others = (rb"(?!(?:" + b"|".join(re.escape(key.encode()) for key in
                                     (*_CAPTURED, EVENTS_KEY, STATE_KEY, "typed",
                                      WHOLE_MAP_KEY, MAP_CHANGES_KEY))
              + rb')")' + _STRING[1:] + _WS + b":" + _WS + _SCALAR)
    one = rb'"(?:' + b"|".join([*named, others]) + rb")"
    return (rb"\{" + _WS + rb"(?:" + one + _WS + rb"(?:," + _WS + rb'(?=")|(?=\})))*\}')


RECORD_LINE = re.compile(rb"\n" + re.escape(PREFIX.encode()) + rb"((?:" + _writer_layout()
                         + rb")|\{[^\n]*\})" + re.escape(SUFFIX.encode()) + rb"(?=\n|\Z)")
"""A record on a line of its own. Groups: the record's JSON; then the step, kind, command
(its JSON string) and turn of a record in solo's layout (see :data:`RECORD_GROUP`), all
None for a record in another layout (read by :data:`ANY_ORDER`, or as JSON)."""

ANY_ORDER = re.compile(_any_layout())
"""A record's JSON with its keys in any order and any spacing (``fullmatch``): its step,
kind, command and turn, its events and its map (``dungeon``, ``rooms``) as named groups
(``step``, ``kind``…, ``events``); None for a record only JSON can read."""

EVENTS_START = b"," + json.dumps(EVENTS_KEY).encode() + b":["
STATE_AFTER_EVENTS = b"]," + json.dumps(STATE_KEY).encode() + b":{"
"""Where the events begin and end in a record in solo's layout (the first of each: no
header field, extra or event holds them)."""
RECORD_GROUPS = RECORD_LINE.groups
RECORD_GROUP: dict[str, int] = RECORD_LINE.groupindex  # type: ignore[assignment]
"""Each named group's number: ``solo_<key>`` for each key of :data:`CAPTURED`."""
CAPTURED = _CAPTURED

HIT = re.compile(_key(TYPE_KEY) + rb'\s*:\s*"('
                 + b"|".join(name.encode() for name in COUNTED_EVENTS) + rb')"')
"""Where an event the figures count names its type (a string can never hold ``"t":"``
unescaped, so every match is the key of an event)."""


def _counted_in_place() -> bytes:
    """A counted event as solo writes it: its type first, right after the object's brace,
    then only keys with a plain value, to the object's end (the type and the fields
    captured, the braces left out). An event of a counted type any other way (a key
    first, a value that is an object or a list) is found too, with nothing captured; one
    in solo's layout that counts for nothing (:data:`PASSED_OVER`) is not found at all."""
    names = [name.encode() for name in COUNTED_EVENTS]
    lead = _key(TYPE_KEY) + b':"'
    member = rb',"\w+":' + _SCALAR

    def placed(name: bytes) -> bytes:
        return name + b'"(?<=\\{' + lead + name + b'")'

    def passed(name: str, key: str, value: Any) -> bytes:  # that key's last value is that
        said = b"," + _key(key) + b":" + re.escape(json.dumps(value).encode())
        return (placed(name.encode()) + b"(?:" + member + b")*?" + said
                + b"(?:,(?!" + _key(key) + b":)" + member[1:] + rb")*\}")

    skipped = b"|".join(passed(name, key, value) for name, (key, value) in PASSED_OVER.items())
    return (lead + b"(?!" + skipped + rb")(?:((?:" + b"|".join(map(placed, names)) + b")(?:"
            + member + rb")*)\}|(?:" + b"|".join(names) + rb')")')


COUNTED_IN_PLACE = re.compile(_counted_in_place())
"""Every counted event in the events of a record in solo's layout (``findall``): each one's
JSON without its braces, from its type on (``Encountered","table":…``), or ``b""`` for one
written some other way (then only JSON can read that record's events). Starting with the
type's key, the search skips ahead to each event as fast as C can."""

LAST_ENCOUNTER = re.compile(rb'"last_encounter"\s*:\s*\[\s*(' + _STRING + rb")\s*,\s*(\d+)\s*\]")
"""The state's last encounter: its table and entry (no other part of a record has the key)."""


def unquote(text: str | bytes) -> str:
    """A JSON string's text (with its quotes), escapes read ("" if it is not one)."""
    if type(text) is bytes and len(text) > 1 and text[0] == text[-1] == 34 \
            and b"\\" not in text and b'"' not in text[1:-1] and min(text) >= 32:
        try:  # (no escape in it, as most are: its bytes between the quotes are its text)
            return text[1:-1].decode("utf-8", "surrogatepass")
        except UnicodeDecodeError:
            return ""
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
