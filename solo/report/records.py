"""A journal's hidden records as the reports read them: :class:`Records`.

The journal's bytes are cut into records once and each is decoded by the one typed decoder
(:class:`solo.journal.record_split.Cut`): keys in any order, any spacing, a record
an editor wrapped over lines joined first. A record that does not decode is *garbled*:
the reports name it and leave it out. The records are counted in step order, each step
once (:func:`~solo.journal.record_order.step_order`): a record pasted twice counts once,
one moved counts in its place; an entry taken back with ``undo`` is *retracted*.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress, count, pairwise, repeat
from operator import attrgetter, is_, is_not
from typing import Any, NamedTuple

from solo.journal.record_order import StepOrder, step_order
from solo.journal.record_schema import LEGACY_KIND
from solo.journal.record_split import Cut, body_data
from solo.journal.record_types import (
    REPORT_DECODER,
    Answered,
    Encountered,
    LightChanged,
    MemberChanged,
    PartyChanged,
    Record,
    RecordEvent,
    Struck,
    TableResult,
    TableRolled,
    TrackerChanged,
)
from solo.journal.undo_chain import taken_back

__all__ = ["COUNTED", "SIGN_IDS", "Records", "StepOrder", "Tally", "indices_of",
           "step_order"]


_STEP, _KIND, _TURN = attrgetter("step"), attrgetter("kind"), attrgetter("turn")


class Tally(NamedTuple):
    """What one pass over every record's events finds: ``eventful`` the records (by index,
    in order) with an event the figures look at one by one (:data:`COUNTED`), and those
    events, or of format 1 (whose state says what happened), retracted ones too; of the
    records standing, each table's results (by entry id, else text) counted and the table
    results that are signs of an encounter (:data:`SIGN_IDS`), by record."""

    eventful: dict[int, list[RecordEvent]]
    results: dict[str, dict[str, int]]
    sign_rolls: dict[int, int]


COUNTED = frozenset({Struck, Encountered, LightChanged, Answered, TrackerChanged,
                     MemberChanged, PartyChanged})
"""The events the figures look at one by one (table results are counted in the pass)."""

SIGN_IDS = frozenset({"sign", "signs"})
"""A table result with one of these ids is a sign of an encounter (Exploration's hazard
die, Dungeon Turn's, Delving's): one, with the Encountered event it may make (none if that
says the creature was struck off)."""

_TABLES = frozenset({TableRolled, TableResult})


class Records:
    """Every readable record of a journal, counted in step order (each step once) as
    parallel lists, one index a record: ``kept`` the records, ``kinds``, ``steps`` and
    ``turns`` theirs, ``retracted`` the indices an undo took back. ``garbled`` holds where
    each record that does not decode begins (its line's start); ``duplicates`` and
    ``out_of_place`` the steps of records left out as repeating a step, or counted in
    their place though found after a later step. The journal's text is cut at every
    record comment, readable or not (:meth:`body`, :meth:`pieces`)."""

    def __init__(self, data: bytes) -> None:
        self.text = data
        cut = Cut(data, REPORT_DECODER)
        self._bodies, self._legacy = cut.bodies, cut.legacy
        self.garbled: list[int] = []
        self._lines, self._ends = cut.lines, cut.ends  # every record comment's
        self.head = data[:max(cut.lines[0] - 1, 0)] if cut.lines else data  # (= texts()[0])
        self._good: Sequence[int] = range(len(cut.records))  # each readable one's place
        if None in cut.records:  # records that do not decode: named, left out, cut out
            self.garbled = list(compress(cut.lines, map(is_, cut.records, repeat(None))))
            self._good = list(compress(count(), map(is_not, cut.records, repeat(None))))
            self._ends = _ends_of_garbled(data, cut)
        in_file: list[Record] = list(filter(None, cut.records))
        steps = list(map(_STEP, in_file))
        order = step_order(steps)
        self._at: Sequence[int] = range(len(in_file)) if order is None else order.kept
        self._of: Sequence[int] = self._at if order is None else order.place_of
        self.duplicates = [] if order is None else [steps[index] for index in order.duplicates]
        self.out_of_place = [] if order is None \
            else [steps[index] for index in order.out_of_place]
        self.order_at = [[cut.lines[self._good[index]] for index in part]  # (where those begin)
                         for part in ((order.duplicates, order.out_of_place) if order else ())]
        self.kept: list[Record] = in_file if order is None \
            else [in_file[index] for index in order.kept]
        self.kinds = list(map(_KIND, self.kept))
        self.steps = steps if order is None else list(map(_STEP, self.kept))
        self.turns = list(map(_TURN, self.kept))  # (decoding gives every record its turn)
        self.retracted = _retracted(self.kept)
        self._texts: list[bytes] | None = None
        self._cut: list[bytes] | None = None  # (the pieces, where some record is garbled)
        self._states: dict[int, dict[str, Any]] = {}
        self._tally: Tally | None = None

    # -- one record, by its index among those counted ------------------------------------
    def state(self, index: int) -> dict[str, Any]:
        """The state after record ``index`` (``{}`` where it does not read), read from the
        record's text: the records are decoded with their states passed over."""
        state = self._states.get(index)
        if state is None:
            place = self._good[self._at[index]]
            data = body_data(self._bodies[place], self._legacy[place]).get("state")
            state = self._states[index] = data if isinstance(data, dict) else {}
        return state

    def tally(self) -> Tally:
        """Every record's events looked at once (:class:`Tally`)."""
        if self._tally is None:
            eventful: dict[int, list[RecordEvent]] = {}
            signs: dict[int, int] = {}
            counted: dict[tuple[str, str], int] = {}
            kinds, retracted = self.kinds, self.retracted
            every = not retracted and "undo" not in kinds
            for index, record in enumerate(self.kept):
                standing = every or (index not in retracted and kinds[index] != "undo")
                mine: list[RecordEvent] | None = [] if kinds[index] == LEGACY_KIND else None
                for event in record.ev:
                    kind = type(event)
                    if kind in _TABLES and standing:
                        rolled: TableResult = event  # type: ignore[assignment]
                        result = (rolled.table, rolled.entry_id or rolled.text)
                        counted[result] = counted.get(result, 0) + 1
                        if result[1] in SIGN_IDS:
                            signs[index] = signs.get(index, 0) + 1
                    elif kind in COUNTED:
                        if mine is None:
                            mine = [event]
                        else:
                            mine.append(event)
                if mine is not None:
                    eventful[index] = mine
            results: dict[str, dict[str, int]] = {}
            for (table, entry), times in counted.items():
                results.setdefault(table, {})[entry] = times
            self._tally = Tally(eventful, results, signs)
        return self._tally

    def live(self) -> list[int]:
        """The records still standing: neither retracted nor an undo."""
        kinds, retracted = self.kinds, self.retracted
        if not retracted and "undo" not in kinds:
            return list(range(len(kinds)))
        return [index for index in range(len(kinds))
                if index not in retracted and kinds[index] != "undo"]

    def turns_inside(self, live: list[int]) -> list[int]:
        """Each record's turn as the charts place it (``live``: the records standing): what
        was done outside, after the party left and before its next turn inside (a week
        away's rest and reset), in that next turn (past the last one played, if none yet)."""
        turns, out, played = list(self.turns), False, self.turns
        if live and "trip" in self.state(live[-1]):  # (the party left, some time)
            for before, index in pairwise(live):
                trip = self.state(before).get("trip")  # (its last: the days outside, or None)
                out = (isinstance(trip, list) and trip[4:] not in ([], [None])) \
                    or (out and played[index] == played[before])
                turns[index] += out
        return turns

    def last_encounter(self, index: int) -> tuple[str, int] | None:
        """The table entry of the state's last encounter after record ``index``."""
        match self.state(index).get("last_encounter"):
            case [str() as table, int() as entry] if not isinstance(entry, bool):
                return table, entry
        return None

    # -- the text around the records ------------------------------------------------------
    def texts(self) -> list[bytes]:
        """The text before each record comment (readable or not, in the file's order), less
        the line break that ends it, and the text after the last one."""
        if self._texts is None:
            data, previous = self.text, 0
            texts = []
            for line, end in zip(self._lines, self._ends, strict=True):
                texts.append(data[previous:max(line - 1, previous)])
                previous = end
            texts.append(data[previous:])
            self._texts = texts
        return self._texts

    def pieces(self) -> list[bytes]:
        """The text before each readable record (in the file's order) since the readable
        one before it, any unreadable one cut out, less the line break that ends it; and
        the text after the last one."""
        texts, good = self.texts(), self._good
        if self.garbled and self._cut is None:
            self._cut = [_cut_out(texts[after + 1:place + 1], set(), b"") if place > after + 1
                         else texts[place] for after, place
                         in zip([-1, *good], [*good, len(texts) - 1], strict=True)]
        return self._cut or texts

    def places(self) -> tuple[Sequence[int], Sequence[int]]:
        """The piece (:meth:`pieces`) each record counted ends, and the record (its index
        among those counted; -1: a duplicate, left out) that ends each piece but the last."""
        return self._at, self._of

    def prose(self, index: int) -> bytes:
        """The text of record ``index``: what stands before it, since the record before it,
        with its line break."""
        place = self._at[index]
        if self.garbled or self._texts is not None:
            return self.pieces()[place] + b"\n"
        previous = self._ends[place - 1] if place else 0
        return self.text[previous:max(self._lines[place] - 1, previous)] + b"\n"

    def body(self, mark: bytes, each: Callable[[list[bytes]], list[bytes]] = list) -> bytes:
        """The journal with every record comment cut out (``mark`` where a retracted one
        stood), ``each`` done to the texts between them."""
        retracted = {self._good[self._at[index]] for index in self.retracted}
        return _cut_out(each(self.texts()), retracted, mark)


def _ends_of_garbled(data: bytes, cut: Cut) -> list[int]:
    """Where each record comment ends, as far as it is cut out: an unreadable one that runs
    past the next record's line ends with its own line."""
    ends = list(cut.ends)
    for index, record in enumerate(cut.records):
        following = cut.lines[index + 1] if index + 1 < len(cut.lines) else len(data)
        if record is None and ends[index] > following:
            line_end = data.find(b"\n", cut.starts[index])
            ends[index] = len(data) if line_end < 0 else line_end
    return ends


def _retracted(records: list[Record]) -> set[int]:
    """The records (in step order, each step once) that an undo took back."""
    kinds = [record.kind for record in records]
    gone = taken_back(records) if "undo" in kinds else set()
    taken = {index for index, record in enumerate(records) if record.step in gone}
    if "legacy" in kinds:
        for index in indices_of(kinds, "legacy"):
            if records[index].cmd.lower() == "undo":
                _legacy_undo(records, index, taken)
    return taken


def _legacy_undo(records: list[Record], undo: int, taken: set[int]) -> None:
    """Format 1 undo: it took back the latest entry still standing before it."""
    for index in range(undo - 1, -1, -1):
        record = records[index]
        if index not in taken and record.kind == "legacy" \
                and record.cmd.lower() not in ("undo", "start"):
            taken.add(index)
            return


def _cut_out(prose: list[bytes], retracted: set[int], mark: bytes) -> bytes:
    """The journal with every record cut out (``prose``: the text before each record,
    less its line break, and after the last; ``mark`` where a retracted one stood). solo
    writes a blank line before each record and a line break after it: each record goes
    with one of each, so the entries around it keep one blank line between (and a mark
    stands as a paragraph of its own)."""
    if len(prose) == 1:
        return prose[0]

    def after_record(text: bytes) -> bytes:  # past the line break that ends the record
        return text[1:] if text.startswith(b"\n") else text

    first = prose[0]
    pieces = [first if first.endswith(b"\n") else first + b"\n"]
    for text in prose[1:-1]:
        text = after_record(text)
        pieces.append(text if text.endswith(b"\n") or not text else text + b"\n")
    for index in sorted(retracted, reverse=True):  # the mark: its blank line
        pieces[index] = (first + b"\n") if index == 0 else after_record(prose[index] + b"\n")
        pieces.insert(index + 1, mark)
    pieces.append(after_record(prose[-1]))
    return b"".join(pieces)


def indices_of(values: Sequence[str], value: str) -> list[int]:
    """Where ``value`` stands in ``values`` (found in C, not a Python loop)."""
    return list(compress(count(), map(value.__eq__, values)))

