"""Records re-saved by a JSON tool, read about as fast as solo's own: each record's keys in the
order the journal's own records show, learned from them.

A tool that re-saves a journal's records (sorting their keys, spacing them out) writes every
record alike. So the reader learns the *order* of the keys from the journal's first record
(read as JSON) and makes one expression for it: each key's value matched by its type in
the record's schema (:mod:`solo.journal.record_schema`), in the spacing the record shows.
The journal is then cut apart at its records by one split in C, as one in solo's own
layout is, and nothing but each record's header, events and map is read.

- Keys sorted (a tool that sorts them), or in solo's own order (one that keeps the order
  and spaces the keys out): every key of the schema in that order, those a record may
  lack (:data:`REQUIRED` aside) optional.
- Any other order: just the keys of that record, each required (a record with other keys
  is learned on its own, by :class:`Shapes`).

The events and the state are skipped to the last place where the keys after them can
stand. That is their own end: the keys ``ev`` and ``state`` stand only at a record's top
(tests pin it for every record solo writes), and each is required, so no value can take in
another. A map (``dungeon``, ``rooms``), which a record may lack, is matched by its
brackets (:func:`~solo.report.patterns.nested_value`). A record no learned expression fits
is left to the caller.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Sequence
from itertools import compress
from typing import Any, NamedTuple

from solo.journal.record import PREFIX, SUFFIX
from solo.journal.record_schema import (
    EVENTS_KEY,
    EXTRA_FIELDS,
    HEADER_FIELDS,
    MAP_AT_KEY,
    MAP_CHANGES_KEY,
    STATE_KEY,
    TOP_KEYS,
    WHOLE_MAP_KEY,
)
from solo.report.patterns import nested_value

__all__ = ["REQUIRED", "MAX_SHAPES", "CAPTURED_GROUPS", "Layout", "Shapes",
           "learned_layout", "line_pattern"]

REQUIRED = ("step", "kind", "cmd", "turn", EVENTS_KEY, STATE_KEY)
"""The keys the fast reading needs: a record without one of them is read as JSON."""
MAX_SHAPES = 32  # orders learned a journal: past them (each record its own order), no more
CAPTURED_GROUPS = ("step", "kind", "cmd", "turn", "events", WHOLE_MAP_KEY, MAP_CHANGES_KEY)
"""The named groups of every learned expression (None where a record lacks the key)."""

_STRING = rb'"[^"\\]*+(?:\\.[^"\\]*+)*+"'  # a JSON string (quotes are escaped inside)
_WS = rb"[ \t\r]*+"  # JSON's spaces but the line break: a record is one line
_SCHEMA = {field.key: field.type for field in (*HEADER_FIELDS, *EXTRA_FIELDS)}
_MAP = nested_value(b"{", b"}")
_VALUES: dict[str, bytes] = {
    "step": rb"(?P<step>\d+)", "turn": rb"(?P<turn>\d+)", "kind": rb'"(?P<kind>\w*)"',
    "cmd": rb"(?P<cmd>" + _STRING + rb")",
    EVENTS_KEY: rb"(?P<events>\[[^\n]*\])", STATE_KEY: rb"\{[^\n]*\}",
    WHOLE_MAP_KEY: b"(?P<" + WHOLE_MAP_KEY.encode() + b">" + _MAP + b")",
    MAP_CHANGES_KEY: b"(?P<" + MAP_CHANGES_KEY.encode() + b">" + _MAP + b")",
    MAP_AT_KEY: rb"\d+",
}
_BY_TYPE = {int: rb"-?\d+", str: _STRING, list: rb"\[[-\d \t\r,\[\]]*+\]"}
_SPACINGS: tuple[tuple[bytes, bytes, bytes], ...] = (
    (b"", b", ", b": "),  # Python's json, and most tools that space a record out
    (b"", b",", b":"),  # a tool that writes JSON tight (JavaScript's, jq -c)
    (_WS, _WS + b"," + _WS, _WS + b":" + _WS),  # any other spacing
)
"""The spacings an order is tried with, in turn (inside the braces, between members, and
between a key and its value): a spacing written out is read faster than any spacing."""


class Layout(NamedTuple):
    """How the records stand in a journal's lines: the expression that splits the journal
    at them (:func:`line_pattern`), and the split's group of each field read (the step,
    kind, command and turn; the events and the map's whole and changes, or None where
    they are found in place)."""

    line: re.Pattern[bytes]
    header: tuple[int, int, int, int]
    events: int | None = None
    maps: tuple[int, int] | None = None


def line_pattern(record: bytes) -> re.Pattern[bytes]:
    """A record on a line of its own, ``record`` the expression of its JSON: the split's
    first group is the JSON of any record, the others ``record``'s groups (None for a
    record that does not fit it)."""
    return re.compile(rb"\n" + re.escape(PREFIX.encode()) + rb"((?:" + record
                      + rb")|\{[^\n]*\})" + re.escape(SUFFIX.encode()) + rb"(?=\n|\Z)")


def learned_layout(body: bytes) -> Layout | None:
    """The layout of records shaped as ``body`` (one record's JSON, read to learn its keys'
    order and spacing); None when it is not a record this reading can place."""
    source = _learn(body)
    if source is None:
        return None
    line = line_pattern(source)
    group = line.groupindex
    return Layout(line, (group["step"], group["kind"], group["cmd"], group["turn"]),
                  group["events"], (group[WHOLE_MAP_KEY], group[MAP_CHANGES_KEY]))


class Shapes:
    """The orders learned so far in one journal, for the records the journal's layout did
    not fit (each learned from the first of them that no order learned so far fits)."""

    def __init__(self) -> None:
        self._learned: set[bytes] = set()

    def match_all(self, bodies: Sequence[bytes]) -> list[re.Match[bytes] | None]:
        """Each record's match (``bodies``: their JSON), None for a record that cannot be
        read so."""
        found: list[re.Match[bytes] | None] = [None] * len(bodies)
        left = list(range(len(bodies)))
        while left and len(self._learned) < MAX_SHAPES:
            source = _learn(bodies[left[0]])
            if source is None or source in self._learned:
                del left[0]  # not a record, or a value of another type than its schema's
                continue
            self._learned.add(source)
            pattern = re.compile(source)
            matched = list(map(pattern.fullmatch, map(bodies.__getitem__, left)))
            for index, match in zip(left, matched, strict=True):
                found[index] = match
            left = list(compress(left, map(operator.not_, matched)))
        return found


def _learn(body: bytes) -> bytes | None:
    """The expression for records ordered and spaced as ``body``, which it fits; None when
    ``body`` is not a record this reading can place."""
    try:
        record: Any = json.loads(body)
    except ValueError:
        return None
    if not isinstance(record, dict):
        return None
    keys = tuple(record)
    order, exact = _order(keys)
    for spacing in _SPACINGS:
        source = _source(order, spacing, exact)
        if source is None:
            return None
        if re.fullmatch(source, body):
            return source
    return None


def _order(keys: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """The order of every key a record of the journal may have, as ``keys`` (one record's)
    show it, and whether only these keys can be read: sorted, or solo's own order (every
    key of the schema), or else just these keys."""
    if list(keys) == sorted(keys):
        return tuple(sorted(TOP_KEYS)), False
    place = {key: index for index, key in enumerate(TOP_KEYS)}
    places = [place.get(key, -1) for key in keys]
    if -1 not in places and places == sorted(places):
        return TOP_KEYS, False
    return tuple(keys), True


def _quoted(key: str) -> bytes:
    return re.escape(json.dumps(key).encode())


def _value(key: str) -> bytes | None:
    if key in _VALUES:
        return _VALUES[key]
    kind = _SCHEMA.get(key)
    return _BY_TYPE.get(kind) if kind is not None else None


def _source(order: Sequence[str], spacing: tuple[bytes, bytes, bytes],
            exact: bool) -> bytes | None:
    """The expression for a record with keys in ``order`` (each but :data:`REQUIRED` may be
    left out, unless ``exact``), spaced as ``spacing`` says, with every group of
    :data:`CAPTURED_GROUPS`; None when some key is not one of a record's, or one the
    reading needs is missing."""
    if not set(REQUIRED) <= set(order):
        return None
    inside, comma, colon = spacing
    members: list[tuple[bytes, bool]] = []
    for key in order:
        value = _value(key)
        if value is None:
            return None
        members.append((_quoted(key) + colon + value, not exact and key not in REQUIRED))
    first = next(index for index, (_, optional) in enumerate(members) if not optional)
    # the keys before the first one required, each with the comma after it; the rest, each
    # with the comma before it
    body = b"".join(b"(?:" + member + comma + b")?" for member, _ in members[:first])
    body += members[first][0]
    body += b"".join(b"(?:" + comma + member + b")" + (b"?" if optional else b"")
                     for member, optional in members[first + 1:])
    named = {"events" if key == EVENTS_KEY else key for key in order}
    # a group the order lacks, which never takes part (so it reads None)
    never = b"".join(b"(?:(?!)(?P<" + name.encode() + b">))?"
                     for name in CAPTURED_GROUPS if name not in named)
    return rb"\{" + inside + body + inside + rb"\}" + never
