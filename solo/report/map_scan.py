"""The records that change the map, found in a journal's bytes without reading the rest: the
quick reading of :mod:`solo.report.map_story` for a journal as solo writes it.

A crawl's records mostly leave the map as it was (they name the last whole map, ``"map"``,
and nothing else of it), and its whole maps mostly repeat what the changes before them
built (solo writes one now and then, so that resuming reads back only that far). The
reports need neither read: :func:`map_records` finds the records that hold a map's keys
(``"dungeon"``, ``"rooms"``) by a plain search of the bytes, reads each one's header and
changes as JSON, and keeps each whole map as its bytes (:class:`RawMap`), which the story
reads only where the changes before it do not explain it, byte for byte.

None, whenever some record holding one of those keys is not where and as solo writes it:
the story is then read the careful way, record by record.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Mapping, Sequence
from itertools import compress, count
from typing import Any

from solo.journal.record import PREFIX
from solo.journal.record_schema import (
    EVENTS_KEY,
    MAP_AT_KEY,
    MAP_CHANGES_KEY,
    WHOLE_MAP_KEY,
)

__all__ = ["KnownRooms", "RawMap", "map_records", "read_pieces", "room_text"]

_START = b'\n' + PREFIX.encode() + b'{"v":2,"step":'  # a record in solo's layout, its line
_HEADER_AT = len(b'\n' + PREFIX.encode())  # where its JSON begins
_WHOLE = f'"{WHOLE_MAP_KEY}":{{'.encode()
_CHANGES = f'"{MAP_CHANGES_KEY}":{{'.encode()
_EVENTS = f',"{EVENTS_KEY}":'.encode()  # what follows the map's keys in a record (every
# record that names the map has events; no string holds a key's quotes unescaped)
_KEYS = {True: [MAP_AT_KEY], False: [MAP_AT_KEY, MAP_CHANGES_KEY]}  # a header's last keys
_ROOM_START = b'{"id":'  # (no string holds it: its quotes would be escaped)
_ROOMS = b',"rooms":['  # a whole map's rooms, after where the party is
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # as a record
_ANGLES = str.maketrans({"<": "\\u003c", ">": "\\u003e"})  # is written (solo.journal.record)


def room_text(data: Any) -> bytes:
    """A room's data as a record writes it (what a whole map's bytes are compared with)."""
    text = _ENCODE(data)
    return (text.translate(_ANGLES) if "<" in text or ">" in text else text).encode()


class KnownRooms:
    """The rooms the records have given so far: each one's data as the last record gave it,
    by id, in the order they were first given, and each one's text as a record writes it
    (:func:`room_text`), made when first asked for, together for all the rooms given
    since."""

    __slots__ = ("rooms", "_texts", "_stale", "_joined")

    def __init__(self) -> None:
        self.rooms: dict[Any, Any] = {}
        self._texts: dict[Any, bytes] = {}
        self._stale: dict[Any, None] = {}  # the rooms given since the texts were made
        self._joined: bytes | None = b""

    def note(self, listed: Any) -> None:
        """Note the data of each room a record lists (what cannot be a room is left for
        :func:`~solo.engine.room_changes.apply_all` to refuse)."""
        if isinstance(listed, list):
            for item in listed:
                if isinstance(item, Mapping):
                    key = item.get("id")
                    self.rooms[key] = item
                    self._stale[key] = None
                    self._joined = None

    def again(self, listed: Any) -> KnownRooms:
        """The rooms of a whole map that lists ``listed``: a room it keeps as it was here
        keeps its text."""
        known = KnownRooms()
        known.note(listed)
        for key, data in known.rooms.items():
            text = self._texts.get(key)
            if text is not None and key not in self._stale and self.rooms.get(key) == data:
                known._texts[key] = text
                del known._stale[key]
        if known._stale:  # (the texts made here: in the rooms' order)
            known._texts = {key: known._texts.get(key, b"") for key in known.rooms}
        return known

    def texts(self) -> list[bytes]:
        """Each room's text, in order."""
        self._make()
        return list(self._texts.values())

    def joined(self) -> bytes:
        """Every room's text, in order, parted by commas (as a whole map lists them)."""
        if self._joined is None:
            self._make()
            self._joined = b",".join(self._texts.values())
        return self._joined

    def _make(self) -> None:
        """The texts of the rooms given since they were last made: written all at once,
        as one list, when each room's data begins with its id (so the list parts where
        each room begins, and nowhere else if it parts into as many), else one by one."""
        if not self._stale:
            return
        keys = list(self._stale)
        data = [self.rooms[key] for key in keys]
        texts: list[bytes] | None = None
        if all(type(room) is dict and next(iter(room), None) == "id" for room in data):
            texts = room_text(data)[1:-1].split(b"," + _ROOM_START)
            if len(texts) == len(keys):
                texts[1:] = [_ROOM_START + text for text in texts[1:]]
            else:
                texts = None
        if texts is None:
            texts = [room_text(room) for room in data]
        for key, text in zip(keys, texts, strict=True):  # (a new room: after the others,
            self._texts[key] = text  # as it was given after them)
        self._stale.clear()


class RawMap:
    """A whole map as its record's bytes keep it, read as JSON only when asked."""

    __slots__ = ("text",)

    def __init__(self, text: bytes) -> None:
        self.text = text

    def read(self) -> Any:
        """The whole map as JSON data; ValueError if its bytes are not JSON."""
        return json.loads(self.text)

    def as_changes(self, known: KnownRooms) -> dict[str, Any] | None:
        """The whole map as the changes it makes to a map of the ``known`` rooms (each as
        its text writes it, :func:`room_text`), in order: where the party is, the way out
        and the room before, and the rooms it lists otherwise, in place or after those
        (what an entry that changes the map and keeps the whole map writes); None when it
        lists fewer or in another order, or its bytes say so in any other way (it is then
        read whole)."""
        text = self.text
        at, end = text.find(_ROOMS), text.rfind(b"]")  # (where the party is, before the
        if at < 0 or end < at or not text.startswith(b'{"here":'):  # rooms, holds no key)
            return None
        try:
            rest = json.loads(text[:at] + text[end + 1:])
        except ValueError:
            return None
        if isinstance(rest, dict) and "rooms" not in rest \
                and end - at - len(_ROOMS) == len(joined := known.joined()) \
                and text.startswith(joined, at + len(_ROOMS)):
            # every room as the changes built it, byte for byte (a crawl's whole maps
            # mostly are): only where the party is, the way out and the room before
            return {key: rest.get(key) for key in ("here", "out", "from")}
        body = text[at + len(_ROOMS):end]
        ids, texts = list(known.rooms), known.texts()
        pieces = body.split(b"," + _ROOM_START) if body else []  # each room, as solo
        if not isinstance(rest, dict) or "rooms" in rest or len(pieces) < len(texts) \
                or (pieces and not pieces[0].startswith(_ROOM_START)):  # writes them
            return None
        pieces[1:] = [_ROOM_START + piece for piece in pieces[1:]]
        # a piece like its room's text is that room (a piece cut inside a room is not
        # whole JSON, as a room's text is); the others are read, all at once
        differ = [*compress(count(), map(operator.ne, pieces, texts)),
                  *range(len(texts), len(pieces))]
        try:
            read = json.loads(b"[" + b",".join([pieces[index] for index in differ]) + b"]")
        except ValueError:
            return None
        if len(read) != len(differ) or not all(isinstance(room, dict) for room in read):
            return None
        in_place = len(differ) - (len(pieces) - len(texts))  # the rest are new rooms
        if [room.get("id") for room in read[:in_place]] != \
                [ids[index] for index in differ[:in_place]] \
                or not _new_ids([room.get("id") for room in read[in_place:]], ids):
            return None
        changes = {key: rest.get(key) for key in ("here", "out", "from")}
        if read:
            changes["rooms"] = read
        return changes


def _new_ids(new: list[Any], ids: Sequence[Any]) -> bool:
    """Whether the rooms after the map's are all new, each once."""
    try:
        return len(set(new)) == len(new) and not set(new) & set(ids)
    except TypeError:  # an id that is a list or a mapping
        return False


def map_records(text: bytes) -> list[dict[str, Any]] | None:
    """The records of ``text`` that hold a whole map (as a :class:`RawMap`) or changes, each
    with its header, in the file's order; None when one of them is not as solo writes it."""
    places: dict[int, tuple[int, int]] = {}  # by where its key stands: the record's start
    # and the end of the map's data
    wholes: list[tuple[int, int]] = []  # where each whole map's bytes begin and end
    at = _next_key(text, _WHOLE, 0)
    while at != -1:
        place = _place(text, at, _WHOLE)
        if place is None:
            return None
        places[at] = place
        wholes.append((at, place[1]))
        at = _next_key(text, _WHOLE, place[1])
    spans = iter(wholes)
    span = next(spans, None)
    at = _next_key(text, _CHANGES, 0)
    while at != -1:
        while span is not None and span[1] <= at:
            span = next(spans, None)
        if span is not None and span[0] <= at:  # a whole map's own rooms
            at = _next_key(text, _CHANGES, span[1])
            continue
        place = _place(text, at, _CHANGES)
        if place is None:
            return None
        places[at] = place
        at = _next_key(text, _CHANGES, place[1])  # (past the rooms the changes list)
    return _read(text, places, {at for at, _ in wholes})


def _read(text: bytes, places: dict[int, tuple[int, int]], wholes: set[int]) -> \
        list[dict[str, Any]] | None:
    """The records at ``places`` read as JSON all at once (a change record's header with its
    changes, a whole map's header alone, its map kept as bytes), in the file's order."""
    order = sorted(places)
    return read_pieces([(text[places[at][0] + _HEADER_AT:at - 1 if at in wholes
                              else places[at][1]] + b"}",
                         text[at + len(_WHOLE) - 1:places[at][1]] if at in wholes else None)
                        for at in order])


def read_pieces(pieces: Sequence[tuple[bytes, bytes | None]]) -> list[dict[str, Any]] | None:
    """The records that hold a map, each given as its JSON up to its events less the whole
    map, and the whole map's bytes (None for changes), read as JSON all at once, each whole
    map kept as a :class:`RawMap`; None when one of them is not as solo writes it."""
    try:
        read = json.loads(b"[" + b",".join(head for head, _ in pieces) + b"]")
    except ValueError:
        return None
    if not isinstance(read, list) or len(read) != len(pieces):
        return None
    for record, (_, whole) in zip(read, pieces, strict=True):
        if not isinstance(record, dict) or \
                list(record)[-2 if whole is None else -1:] != _KEYS[whole is not None]:
            return None  # the map's keys stand right after the step of the last whole map
        if whole is not None:
            record[WHOLE_MAP_KEY] = RawMap(whole)
    return read


def _next_key(text: bytes, key: bytes, start: int) -> int:
    """Where ``key``'s name next stands in ``text`` from ``start`` as a key (-1: nowhere).
    The same name as a whole string value (a table's entry, say) is passed over; followed by
    anything else (a record in another layout, a quote in prose), -2, which no record
    holds."""
    name = key[:-2]
    at = text.find(name, start)
    while at >= 0:
        follows = text[at + len(name):at + len(name) + 1]
        if follows == b":":
            return at
        if follows not in (b",", b"}", b"]"):
            return -2
        at = text.find(name, at + len(name))
    return -1


def _place(text: bytes, at: int, key: bytes) -> tuple[int, int] | None:
    """Where the record whose map key ``key`` stands at ``at`` begins, and where the map's
    data ends; None when the key is not a map's key in a record as solo writes it."""
    start = text.rfind(_START, 0, at) if at >= 0 else -1
    if start < 0 or not text.startswith(key, at) or text.find(b"\n", start + 1, at) >= 0 \
            or not text.startswith(b",", at - 1):
        return None
    end = text.find(_EVENTS, at)  # (where a record has none, the next record's: what lies
    if end < 0:  # between is no JSON, and is refused when it is read)
        return None
    return start, end
