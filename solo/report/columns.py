"""The fast reading of a journal's records, when every record is a line of its own:
:class:`Columns`, cut apart by one regular-expression split of the whole file, which reads
the header of each record where its layout puts it. The layout is solo's own
(:data:`~solo.report.patterns.RECORD_LINE`), or, when the journal's first record is in
another (a JSON tool re-saved the records), the one learned from that record
(:mod:`solo.report.record_shapes`). A record the layout does not fit is read on its own:
by the orders learned from such records, by :data:`~solo.report.patterns.ANY_ORDER`, or
as JSON.

The figures' lists are in step order, each step once; the entries, in the file's order.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate, chain, compress, count, repeat
from typing import Any

from solo.journal.record import PREFIX, SUFFIX
from solo.journal.record_schema import (
    MAP_CHANGES_KEY,
    STATE_KEY,
    WHOLE_MAP_KEY,
    read_header,
)
from solo.report.counted import EventTexts, count_events, events_holding
from solo.report.patterns import (
    ANY_ORDER,
    CAPTURED,
    EVENTS_START,
    RECORD_GROUP,
    RECORD_LINE,
    STATE_AFTER_EVENTS,
    unquote,
)
from solo.report.record_shapes import Layout, Shapes, learned_layout
from solo.report.records import Entry, Records, StepOrder, indices_of, step_order

__all__ = ["Columns"]

_AROUND = len(b"\n") + len(PREFIX) + len(SUFFIX)  # a record's line, but its JSON
_WHOLE_KEY = f',"{WHOLE_MAP_KEY}":'.encode()  # before a whole map, in solo's layout
SOLO_LAYOUT = Layout(RECORD_LINE, tuple(RECORD_GROUP[f"solo_{key}"]  # type: ignore[arg-type]
                                        for key in CAPTURED),
                     maps=(RECORD_GROUP[f"solo_{WHOLE_MAP_KEY}"],
                           RECORD_GROUP[f"solo_{MAP_CHANGES_KEY}"]))
"""Records as solo writes them: the step, kind, command and turn in the split's groups,
the events found in place."""
_command = lru_cache(maxsize=1024)(unquote)  # a command's text from its JSON string: a
# crawl's commands are the same few again and again
_FIRST_RECORD = re.compile(rb"\n" + re.escape(PREFIX.encode()) + rb"(\{[^\n]*\})"
                           + re.escape(SUFFIX.encode()) + rb"(?=\n|\Z)")


def _layout_of(data: bytes) -> Layout:
    """solo's layout, unless the journal's first record is in another (a JSON tool re-saved
    the records): then the layout learned from that record, as far as it can be."""
    first = _FIRST_RECORD.search(data)
    if first is None:
        return SOLO_LAYOUT
    own = RECORD_LINE.match(data, first.start())
    if own is not None and own[SOLO_LAYOUT.header[0]] is not None:
        return SOLO_LAYOUT
    return learned_layout(first[1]) or SOLO_LAYOUT


class Columns(Records):
    """A journal whose every record is a line of its own, cut apart by one
    regular-expression split (in C): each record's JSON, its step, kind, command and turn,
    and the text between records; where its events stand, and the counted ones among
    them, found in C too. Nothing is done a record in Python but what the figures need; a
    record in another order is matched on its own, and one no expression can place is
    parsed whole."""

    def __init__(self, data: bytes, parts: list[bytes | None],
                 layout: Layout = SOLO_LAYOUT) -> None:
        self.text = data
        self.layout = layout
        self.read_alone = 0  # records the layout did not fit, each read on its own
        stride = layout.line.groups + 1  # the split's pieces a record: groups, text after
        self._prose: list[bytes] = parts[::stride]  # type: ignore[assignment]
        bodies: list[bytes] = parts[1::stride]  # type: ignore[assignment]
        self._bodies = bodies
        self.entry_count = len(bodies)
        steps_raw, kinds_raw, cmds, turns_raw = (parts[group::stride]
                                                 for group in layout.header)
        self._ev_texts: dict[int, bytes] = {}
        self._maps: dict[int, tuple[bytes | None, bytes | None]] = {}  # (another order's)
        if layout.events is None:  # where each record's events stand in its JSON
            self._ev_starts = list(map(operator.add,
                                       map(bytes.find, bodies, repeat(EVENTS_START)),
                                       repeat(len(EVENTS_START) - 1)))
            self._ev_ends = list(map(operator.add, map(bytes.find, bodies,
                                                       repeat(STATE_AFTER_EVENTS),
                                                       self._ev_starts), repeat(1)))
        else:  # or their text, as the layout's groups give them
            self._ev_starts, self._ev_ends = [-1] * len(bodies), [-1] * len(bodies)
            self._ev_texts = {index: text for index, text
                              in enumerate(parts[layout.events::stride]) if text is not None}
        if layout.maps is not None:  # the map's whole or changes, where a record has them
            whole, changed = (parts[group::stride] for group in layout.maps)
            held = map(operator.or_, map(operator.is_not, whole, repeat(None)),
                       map(operator.is_not, changed, repeat(None)))
            self._maps = {index: (whole[index], changed[index])
                          for index in compress(count(), held)}
        if None in steps_raw:  # some record not in solo's layout: the other order's groups
            self._any_order((steps_raw, kinds_raw, cmds, turns_raw))
        self._parsed: dict[int, dict[str, Any]] = {}
        if None in steps_raw or 0 in self._ev_ends:  # only JSON can read these: parsed whole
            self._read_whole(steps_raw, kinds_raw, cmds, turns_raw)
        self._cmds: list[bytes] = cmds  # type: ignore[assignment]  # each one's JSON string
        self._steps = self.steps = list(map(int, steps_raw))  # type: ignore[arg-type]
        names = {kind: kind.decode() if isinstance(kind, bytes) else str(kind)
                 for kind in set(kinds_raw)}
        self.kinds = list(map(names.__getitem__, kinds_raw))
        self.turns = list(map(int, turns_raw))  # type: ignore[arg-type]
        self.garbled = []
        self.counted, self.moves = {}, {}
        self._count_events()
        self._kinds_in_file, self._turns_in_file = self.kinds, self.turns
        # a record's place in the file, by its place among those counted, and back
        self._at: Sequence[int] = range(self.entry_count)
        self._place_of: Sequence[int] = self._at
        self._starts: list[int] | None = None
        self._retracted_in_file: set[int] = set()
        self.duplicates, self.out_of_place = [], []
        order = step_order(self._steps)
        if order is not None:
            self._in_step_order(order)
        self.retracted = self._retracted() if "undo" in names.values() else set()
        self._retracted_in_file = self.retracted if order is None \
            else {self._at[index] for index in self.retracted}

    def _any_order(self, columns: tuple[list, ...]) -> None:
        """Take the step, kind, command, turn, events and map of the records the journal's
        layout did not fit from the orders learned from them
        (:class:`~solo.report.record_shapes.Shapes`), else from
        :data:`~solo.report.patterns.ANY_ORDER` (a record lacking one of them is left to
        JSON: its step stays None)."""
        elsewhere = list(compress(count(), map(operator.is_, columns[0], repeat(None))))
        self.read_alone = len(elsewhere)
        bodies = list(map(self._bodies.__getitem__, elsewhere))
        shaped = Shapes().match_all(bodies)
        for index, body, match in zip(elsewhere, bodies, shaped, strict=True):
            self._ev_starts[index] = self._ev_ends[index] = -1
            if match is None:
                match = ANY_ORDER.fullmatch(body)
                if match is None:
                    continue
            *values, events = match.group(*CAPTURED, "events")
            if None not in values and events is not None:
                for column, value in zip(columns, values, strict=True):
                    column[index] = value
                self._ev_texts[index] = events
                self._maps[index] = (match[WHOLE_MAP_KEY], match[MAP_CHANGES_KEY])

    def _read_whole(self, steps: list, kinds: list, cmds: list, turns: list) -> None:
        """Read the records the split could not place as JSON (raises ValueError for one
        that is not a readable record)."""
        for index in range(len(steps)):
            if steps[index] is not None and (self._ev_ends[index] != 0
                                             or index in self._ev_texts):
                continue
            record = json.loads(self._bodies[index])
            header = read_header(record) if isinstance(record, dict) else None
            if header is None or not isinstance(record.get("state"), dict):
                raise ValueError("not a readable record")
            steps[index], kinds[index], turns[index] = header.step, header.kind, header.turn
            cmds[index] = json.dumps(header.cmd).encode()
            self._parsed[index] = record
            self._ev_starts[index] = self._ev_ends[index] = -1

    def _head(self, index: int) -> bytes | None:
        """A record in solo's layout without its events and state: its header as JSON."""
        start = self._ev_starts[index]
        return self._bodies[index][:start - len(EVENTS_START) + 1] + b"}" if start >= 0 \
            else None

    def _events_text(self, index: int) -> bytes | None:
        return self._where().text(index)

    def _count_events(self) -> None:
        """What the figures count among each record's events (:mod:`solo.report.counted`)."""
        counted, moves = count_events(self._where())
        self.counted, self.moves = counted, moves

    def _where(self) -> EventTexts:
        return EventTexts(self._bodies, self._ev_starts, self._ev_ends, self._ev_texts,
                          self._parsed)

    def events_holding(self, words: Sequence[bytes]) -> set[int]:
        place_of = self._place_of
        return {place_of[index] for index in events_holding(self._where(), words)
                if place_of[index] >= 0}

    def _in_step_order(self, order: StepOrder) -> None:
        """Count the records ``order`` keeps, in its order (a journal some hand or tool
        damaged: the figures' lists are made again, once)."""
        steps = self._steps
        self._at, self._place_of = order.kept, order.place_of
        self.duplicates = [steps[index] for index in order.duplicates]
        self.out_of_place = [steps[index] for index in order.out_of_place]
        self.kinds = [self.kinds[index] for index in order.kept]
        self.turns = [self.turns[index] for index in order.kept]
        self.steps = [steps[index] for index in order.kept]
        place_of = order.place_of
        self.counted = {place_of[index]: events for index, events in self.counted.items()
                        if place_of[index] >= 0}
        self.moves = {place_of[index]: moves for index, moves in self.moves.items()
                      if place_of[index] >= 0}

    @classmethod
    def scan(cls, data: bytes) -> Columns | None:
        """The columns, or None when some record is not a readable line of its own (an
        editor wrapped or re-indented one, one is damaged, or a format-1 snapshot): every
        ``<!-- solo`` must open a line holding one whole record."""
        layout = _layout_of(data)
        parts = layout.line.split(data)
        if PREFIX.rstrip().encode() in b"".join(parts[::layout.line.groups + 1]):
            return None  # a record not on a line of its own, or a format-1 one
        try:
            return cls(data, parts, layout)
        except ValueError:
            return None

    def _retracted(self) -> set[int]:
        by_step = dict(zip(map(self._steps.__getitem__, self._at), count()))
        taken: set[int] = set()
        for index in indices_of(self.kinds, "undo"):
            undid = self._entry(self._at[index], 0, 0).undid
            target = by_step.get(undid if undid is not None else -1)
            if target is not None and self.kinds[target] != "undo":
                taken.add(target)
        return taken

    def cmd(self, index: int) -> str:
        return _command(self._cmds[self._at[index]])

    def state(self, index: int) -> dict[str, Any]:
        return self._entry(self._at[index], 0, 0).state

    def events(self, index: int) -> list[dict[str, Any]]:
        return self._entry(self._at[index], 0, 0).events

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        return self._entry(self._at[index], 0, 0).last_encounter()

    def prose(self, index: int) -> bytes:
        return self._prose[self._at[index]] + b"\n"

    def proses(self) -> list[bytes]:
        return list(map(operator.add, map(self._prose.__getitem__, self._at), repeat(b"\n")))

    def texts_before(self) -> list[bytes]:
        return list(map(self._prose.__getitem__, self._at))

    def body(self, mark: bytes) -> bytes:
        """The journal with every record cut out (``mark`` where a retracted one stood)."""
        return _cut_out(self._prose, self._retracted_in_file, mark)

    def _record_starts(self) -> list[int]:
        """Where each record's ``<!--`` stands in the text: the text before it and the
        line break, after the record before it."""
        if self._starts is None:
            bodies = self._bodies
            lines = chain([len(b"\n")], map(_AROUND.__add__, map(len, bodies[:-1])))
            self._starts = list(accumulate(map(operator.add,
                                               map(len, self._prose[:len(bodies)]), lines)))
        return self._starts

    def holding(self, key: bytes) -> list[dict[str, Any]]:
        """Records in solo's layout are read up to their events (their header and map),
        all at once; the others whole."""
        bodies = self._bodies
        found = list(compress(count(), map(operator.contains, bodies, repeat(key))))
        heads = [self._head(index) or self._map_head(index) for index in found]
        try:
            read = json.loads(b"[" + b",".join(heads) + b"]") if b"" not in heads else None
        except ValueError:
            read = None
        if isinstance(read, list) and all(isinstance(record, dict) for record in read):
            return read
        records = []
        for index, head in zip(found, heads, strict=True):
            record = self._parsed.get(index)
            if record is None:
                try:
                    record = json.loads(head or bodies[index])
                except ValueError:
                    continue
            if isinstance(record, dict) and (head or isinstance(record.get(STATE_KEY), dict)):
                records.append(record)
        return records

    def map_pieces(self) -> list[tuple[bytes, bytes | None]] | None:
        """Each record in solo's layout that holds a whole map or changes, in the file's
        order: its JSON up to its events, less the whole map, and the whole map's bytes
        (None for changes); None when some record is not in solo's layout."""
        if self.layout is not SOLO_LAYOUT or self.read_alone or self._parsed:
            return None
        pieces: list[tuple[bytes, bytes | None]] = []
        for index in sorted(self._maps):
            whole, _ = self._maps[index]
            if whole is None:
                head = self._head(index)
                if head is None:
                    return None
                pieces.append((head, None))
                continue
            start = self._ev_starts[index]  # (the head would end with the whole map and "}":
            if start < 0:  # the part before it is cut out alone, not copied with the map)
                return None
            end = start - len(EVENTS_START) + 1 - len(whole)
            before = self._bodies[index][:end] if end > 0 else b""
            if not before.endswith(_WHOLE_KEY):
                return None
            pieces.append((before[:-len(_WHOLE_KEY)] + b"}", whole))
        return pieces

    def _map_head(self, index: int) -> bytes:
        """A record in another order, but an undo's (its ``undid``, too, counts): its step,
        turn and map as JSON, from what the journal's layout or :data:`ANY_ORDER` found
        ("" if neither read it)."""
        body = self._bodies[index]
        if index not in self._ev_texts or b'"undid"' in body or b'"state"' not in body:
            return b""
        whole, changed = self._maps.get(index, (None, None))
        return b"".join([b'{"step":%d,"turn":%d' % (self._steps[index],
                                                     self._turns_in_file[index]),
                         b',"%s":%s' % (WHOLE_MAP_KEY.encode(), whole) if whole else b"",
                         b',"%s":%s' % (MAP_CHANGES_KEY.encode(), changed) if changed
                         else b"", b"}"])

    def entries(self) -> list[Entry]:
        starts = self._record_starts()
        return [self._entry(index, start, 0) for index, start in enumerate(starts)]

    def entry(self, index: int) -> Entry:
        """The entry of the record at place ``index`` in the file."""
        return self._entry(index, self._record_starts()[index], 0)

    def _entry(self, index: int, start: int, _: int) -> Entry:
        """Record ``index``'s Entry, its ``<!--`` at ``start`` (0 where only the record's
        data is asked for)."""
        end = start + len(PREFIX) + len(self._bodies[index]) + len(SUFFIX)
        after = 0 if index == 0 else start - len(self._prose[index]) - len(b"\n")
        entry = Entry(start, end, after, self._steps[index], self._kinds_in_file[index],
                      self._turns_in_file[index], body=self._bodies[index],
                      events=self._events_text(index), record=self._parsed.get(index),
                      head=self._head(index))
        entry.retracted = index in self._retracted_in_file
        entry.index = self._place_of[index]
        return entry


def _cut_out(prose: list[bytes], retracted: set[int], mark: bytes) -> bytes:
    """The journal with every record cut out (``prose``: the text between them; ``mark``
    where a retracted one stood). solo writes a blank line before each record and a line
    break after it: each record goes with one of each, so the entries around it keep one
    blank line between (and a mark stands as a paragraph of its own, as the
    record-by-record reading gives)."""
    if len(prose) == 1:
        return prose[0]
    # the text before each record, past the line break after the record before it (the
    # first: all of it), ending one line; the blank line before the record goes with it
    first = prose[0]
    pieces = [first if first.endswith(b"\n") else first + b"\n"]
    pieces += [text[1:] if text.endswith(b"\n") else text[1:] + b"\n" if text else text
               for text in prose[1:-1]]
    for index in sorted(retracted, reverse=True):  # the mark: its blank line
        pieces[index] = (first + b"\n") if index == 0 else (prose[index] + b"\n")[1:]
        pieces.insert(index + 1, mark)
    pieces.append(prose[-1][1:])
    return b"".join(pieces)
