"""What the figures count among a journal's events, found without reading every event: the
encounters, lights, answers, strikes and tracker moves of each record
(:data:`~solo.journal.record_schema.COUNTED_EVENTS`), and the records whose events hold a
given word at all (what the party's story reads).

In solo's layout the counted events are found in place, one search a record
(:data:`~solo.report.patterns.COUNTED_IN_PLACE`), and read as JSON all at once; in another
layout, by their type in all the records' events at once (:func:`counted_events`); in a
record parsed whole, picked out of its events.
"""

from __future__ import annotations

import json
import operator
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import accumulate, chain, compress, count, repeat
from typing import Any

from solo.journal.record_schema import (
    COUNTED_EVENTS,
    EVENTS_KEY,
    MOVE_EVENT,
    PASSED_OVER,
    TYPE_KEY,
    TrackerMove,
    event_type,
    read_move,
)
from solo.report.patterns import COUNTED_IN_PLACE, HIT, json_events

__all__ = ["EventTexts", "count_events", "events_holding", "counted_events",
           "events_in_place", "json_list", "sort_counted"]


class EventTexts:
    """Where each record's events stand: in its JSON (``bodies``), from ``starts`` to
    ``ends`` (solo's layout: -1 where not), or as their own text (``texts``, by record);
    the records parsed whole (``parsed``)."""

    def __init__(self, bodies: list[bytes], starts: list[int], ends: list[int],
                 texts: Mapping[int, bytes], parsed: Mapping[int, dict[str, Any]]) -> None:
        self.bodies, self.starts, self.ends = bodies, starts, ends
        self.texts, self.parsed = texts, parsed

    def text(self, index: int) -> bytes | None:
        start = self.starts[index]
        if start >= 0:
            return self.bodies[index][start:self.ends[index]]
        return self.texts.get(index)


def count_events(where: EventTexts) -> tuple[dict[int, list[dict[str, Any]]],
                                              dict[int, list[TrackerMove]]]:
    """What the figures count among each record's events (by the record's place in the
    file), and every tracker move."""
    found = list(map(COUNTED_IN_PLACE.findall, where.bodies, where.starts, where.ends)) \
        if len(where.texts) < len(where.bodies) else []
    hits = list(compress(count(), found))
    pieces = list(map(found.__getitem__, hits))
    events = events_in_place(pieces)
    if events is None:  # some event not in solo's layout, or one JSON cannot read
        listed = [_counted_of(where, index, piece) for index, piece in zip(hits, pieces,
                                                                           strict=True)]
        events = list(chain.from_iterable(listed))
        pieces = listed  # (their lengths)
    owners = list(chain.from_iterable(map(repeat, hits, map(len, pieces))))
    placed, others = counted_events(where.texts)
    owners += placed
    events += others
    for index, record in where.parsed.items():
        given = record.get(EVENTS_KEY)
        each = [event for event in (given if isinstance(given, list) else [])
                if isinstance(event, dict)]
        owners += repeat(index, len(each))
        events += each
    counted: dict[int, list[dict[str, Any]]] = {}
    moves: dict[int, list[TrackerMove]] = {}
    sort_counted(owners, events, counted, moves)
    return counted, moves


def _counted_of(where: EventTexts, index: int, pieces: list[bytes]) -> list[dict[str, Any]]:
    """One record's counted events from what the search found, or from all its events
    when that is not each of them in solo's layout."""
    read = events_in_place([pieces])
    if read is not None:
        return read
    return [event for event in json_events(where.text(index))
            if event_type(event) in COUNTED_EVENTS]


def events_holding(where: EventTexts, words: Sequence[bytes]) -> set[int]:
    """The records (by place in the file) whose events' JSON holds one of ``words``, and
    every record parsed whole (a search of the bytes: a word in a string counts too)."""
    found: set[int] = set(where.parsed)
    indices, texts = list(where.texts), list(where.texts.values())
    for word in words:
        at = map(bytes.find, where.bodies, repeat(word), where.starts, where.ends)
        found.update(compress(count(), map(operator.le, repeat(0), at)))
        found.update(compress(indices, map(operator.contains, texts, repeat(word))))
    return found


_OPEN = b"{" + json.dumps(TYPE_KEY).encode() + b':"'  # an event in solo's layout, to its type


def events_in_place(found: list[list[bytes]]) -> list[dict[str, Any]] | None:
    """The counted events in solo's layout that :data:`COUNTED_IN_PLACE` found in each
    record, as data, one list for all (read as JSON all at once); None when some event
    is not in solo's layout or JSON cannot read one."""
    pieces = list(chain.from_iterable(found))
    if b"" in pieces:
        return None
    try:
        return json.loads(b"[" + _OPEN + (b"}," + _OPEN).join(pieces) + b"}]") \
            if pieces else []
    except ValueError:
        return None


def counted_events(texts: Mapping[int, bytes]) -> tuple[list[int], list[dict[str, Any]]]:
    """The events the figures count in each record's events (``texts``: their JSON text,
    by the record's place), as data, with the place of each: every
    such event is found by its type (:data:`HIT`) in all the texts at once, cut out whole
    from its own brace to its own (the braces of a value inside it paired), and all are
    read as JSON at once. Where that does not give each event of a counted type (a brace
    in a string), the record's events are all read."""
    if not texts:
        return [], []
    places = list(texts)
    every = places[-1] == len(places) - 1 and places == list(range(len(places)))
    joined = b"\n".join(texts.values())  # (no record holds a line break)
    ends = list(accumulate(map((1).__add__, map(len, texts.values()))))
    hits = list(HIT.finditer(joined))
    ats, afters = list(map(re.Match.start, hits)), list(map(re.Match.end, hits))
    kinds: list[bytes] = list(map(operator.itemgetter(1), hits))
    owners = list(map(bisect_right, repeat(ends), ats))
    if not every:
        owners = list(map(places.__getitem__, owners))
    # each event from the brace before its type to the brace after: a flat one, whole
    starts = list(map(joined.rfind, repeat(b"{"), repeat(0), ats))
    stops = list(map(joined.find, repeat(b"}"), afters))
    found = list(map(joined.__getitem__, map(slice, starts, map((1).__add__, stops))))
    read = _of_types(found, kinds)
    if read is None:  # a value inside some event: each cut out with its braces paired
        found = list(map(_whole_event, repeat(joined), ats, afters))
        read = _of_types(found, kinds)
    if read is not None:
        return owners, read
    events: list[dict[str, Any]] = []
    placed: list[int] = []
    for place in dict.fromkeys(owners):  # each record with a hit, in order
        pieces = [piece for piece, owner in zip(found, owners, strict=True) if owner == place]
        listed = _counted_or_all(pieces, texts[place])
        events += listed
        placed += repeat(place, len(listed))
    return placed, events


def _of_types(found: list[bytes], kinds: list[bytes]) -> list[dict[str, Any]] | None:
    """The events ``found`` (each one's JSON), read all at once, if each is an object of
    its type in ``kinds``; else None (a slice that is not an event whole)."""
    try:
        read = json.loads(b"[" + b",".join(found) + b"]")
        same = [*map(dict.get, read, repeat("t"))] == [*map(bytes.decode, kinds)]
    except (ValueError, TypeError):  # not JSON, or not an object
        return None
    return read if same else None


def _whole_event(joined: bytes, at: int, after: int) -> bytes:
    """The event whose type stands from ``at`` to ``after``, from its own brace to its own
    (the braces of a value inside it paired)."""
    tally = joined.count
    start = joined.rfind(b"{", 0, at)
    while start > 0 and tally(b"}", start, at) > tally(b"{", start + 1, at):
        start = joined.rfind(b"{", 0, start)  # a value inside the event closed before its type
    end = joined.find(b"}", after)
    while end > 0 and tally(b"{", after, end) > tally(b"}", after, end):
        end = joined.find(b"}", end + 1)  # a value inside the event opens after its type
    return joined[start:end + 1]


def _counted_or_all(pieces: list[bytes], text: bytes) -> list[Any]:
    """One record's counted events from their pieces, or from all its events."""
    listed = json_list(b"[" + b",".join(pieces) + b"]")
    if len(listed) == len(pieces) and all(isinstance(event, dict) for event in listed) \
            and [event.get("t") for event in listed] == \
            [match.decode() for match in HIT.findall(text)]:
        return listed
    return [event for event in json_events(text) if event_type(event) in COUNTED_EVENTS]


def json_list(raw: bytes) -> list[Any]:
    try:
        loaded = json.loads(raw)
    except ValueError:
        return []
    return loaded if isinstance(loaded, list) else []


def sort_counted(owners: list[int], events: list[dict[str, Any]],
                 counted: dict[int, list[dict[str, Any]]],
                 moves: dict[int, list[TrackerMove]]) -> None:
    """Put each event of a counted type (``owners``: the index of the record of each) in
    ``counted`` under its record, but those that count for nothing (:data:`PASSED_OVER`),
    and each tracker move, read by the schema, in ``moves``; in the order they come."""
    for index, event in zip(owners, events, strict=True):
        kind = event_type(event)
        if kind == MOVE_EVENT:
            move = read_move(event)
            if move is not None:
                moves.setdefault(index, []).append(move)
        elif kind in COUNTED_EVENTS:
            passed = PASSED_OVER.get(kind)
            if passed is None or event.get(passed[0]) != passed[1]:
                counted.setdefault(index, []).append(event)
