"""A journal cut into its records, once, each decoded by the one typed decoder
(:mod:`solo.journal.record_types`).

Each comment that begins a line (maybe indented) with ``<!-- solo`` is a record, running to
the next ``-->``: the whole file is cut by one split at the records' first lines
(:class:`Cut`), and every record decoded at once where all read as solo writes them. A
record an editor wrapped over lines is the same record: its lines are joined, then decoded
(:func:`unwrapped`); no other path reads it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import accumulate, chain, repeat
from operator import add, attrgetter, getitem
from typing import Any

import msgspec

from solo.journal.record_schema import legacy_record
from solo.journal.record_types import BAD_DATA, RECORD_DECODER, Record, decode, json_data

__all__ = ["PREFIX", "LEGACY_PREFIX", "Span", "Cut", "split_records", "unwrapped",
           "decode_comment", "journal_bytes", "span_data", "open_constructs", "placed"]


def journal_bytes(data: bytes) -> bytes:
    """A journal's bytes as an editor may have saved them, made solo's: a BOM dropped,
    CRLF or CR line ends made LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def span_data(span: Span) -> dict[str, Any]:
    """A readable record's JSON data (a format-1 snapshot's as a record of format 1)."""
    data = json_data(msgspec.Raw(span.body))
    if span.legacy:
        return legacy_record(data)
    return data


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

    def __init__(self, data: bytes, decoder: msgspec.json.Decoder = RECORD_DECODER) -> None:
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
        self.records = _decoded(self.bodies, self.legacy, decoder)
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


def _decoded(bodies: list[bytes | memoryview], legacy: list[bool],
             decoder: msgspec.json.Decoder = RECORD_DECODER) -> list[Record | None]:
    """Each record decoded: all at once, in C, as far as they read as solo writes them; a
    record that does not, and one of format 1, on its own (:func:`decode`), and the rest
    at once again from the one after it."""
    if True in legacy:
        return list(map(decode, bodies, legacy))
    records: list[Record | None] = []
    left = iter(bodies)
    while len(records) < len(bodies):
        try:  # (a list extended from an iterator keeps what it got before a failure)
            records.extend(map(decoder.decode, left))
        except BAD_DATA:  # the one that failed, on its own; the rest from the one after
            records.append(decode(bodies[len(records)]))
    if not _whole(records):  # a turn to take from the state, a state that is no object
        records = [record if record is None or _whole([record]) else decode(body)
                   for record, body in zip(records, bodies, strict=True)]
    return records


_OBJECT = ord("{")


def _whole(records: list[Record | None]) -> bool:
    """Whether records decoded all at once need no second look: every state an object,
    every turn given (looked at in C, not a record at a time in Python)."""
    records = [record for record in records if record is not None] \
        if None in records else records
    return None not in map(_TURN_OF, records) and all(map(_OBJECT.__eq__, map(
        getitem, map(memoryview, map(_STATE_OF, records)), repeat(0))))  # type: ignore[arg-type]


_TURN_OF, _STATE_OF = attrgetter("turn"), attrgetter("state")


_OPENING = (len(b"\n<!-- solo"), len(b"\n<!-- solo:state"))  # a record's line, before the rest


def split_records(data: bytes) -> tuple[list[Span], bool]:
    """Every record comment in ``data``, in the file's order, each decoded (a wrapped one
    joined first), and whether the last one runs to no ``-->`` (cut off)."""
    cut = Cut(data)
    return cut.spans(), cut.cut_off


def unwrapped(body: bytes) -> Iterator[bytes]:
    """The ways a record an editor wrapped over lines joins again, likeliest first: where
    most lines are as long as each other (a hard wrap at a width, counted in characters),
    a line of that length with nothing and any other with a space (a wrap at a space);
    then all with nothing, then all with a space."""
    lines = body.split(b"\n")
    if len(lines) < 2:
        return
    inner = lines[:-1]
    lengths = list(map(len, inner))
    if len(set(lengths[1:])) > 1 and not body.isascii():  # a wrap in characters, perhaps
        lengths = [len(line.decode("utf-8", "replace")) for line in inner]
    rest = lengths[1:] or lengths  # (the first line holds the comment's opening too)
    width = max(rest)
    if rest.count(width) == len(rest):  # every line as long: a hard wrap
        yield b"".join(lines)
    hard = [length == width for length in lengths] \
        if rest.count(width) > 1 and 2 * rest.count(width) >= len(rest) \
        else [False] * len(inner)
    pieces: list[bytes] = [lines[0]]
    for cut, line in zip(hard, lines[1:], strict=True):
        if cut:
            pieces.append(line)
        else:
            pieces[-1] = pieces[-1].rstrip(b" \t\r")
            pieces.append(b" " + line.lstrip(b" \t"))
    yield b"".join(pieces)
    yield b"".join(lines)
    yield b" ".join(line.strip(b" \t\r") for line in lines)


def decode_comment(text: str) -> Record | None:
    """The record in one comment's text (``<!-- solo {…} -->``, maybe wrapped over lines);
    None when it is not one, or does not read."""
    spans, _ = split_records(text.strip().encode("utf-8", "surrogatepass"))
    return spans[0].record if len(spans) == 1 else None


def open_constructs(text: str) -> tuple[bool, bool, bool]:
    """Whether ``text`` (what follows the last record) leaves a fence or a comment open,
    and whether it holds anything solo writes (a fence or a record's start)."""
    in_fence = in_comment = solo_text = False
    for line in text.split("\n"):
        bare = line.strip()
        if in_comment:
            if "-->" in bare:
                in_comment = False
            continue
        if in_fence:
            if bare.startswith("```"):
                in_fence = False
            continue
        if bare.startswith("```"):
            in_fence = solo_text = True
        elif bare.startswith("<!--"):
            solo_text = solo_text or bare.startswith("<!-- solo")
            in_comment = "-->" not in bare[4:]
    return in_fence, in_comment, solo_text


def placed(data: bytes, spans: list[Span]) -> tuple[str, list[tuple[int, int, dict[str, Any]]]]:
    """The text of ``data`` and each readable span's place in it, in characters."""
    pieces: list[str] = []
    found = []
    at = chars = 0
    for span in spans:
        for end in (span.start, span.end):
            piece = data[at:end].decode("utf-8", errors="replace")
            pieces.append(piece)
            chars += len(piece)
            at = end
            if end == span.start:
                begin = chars
        if span.record is not None:
            found.append((begin, chars, span_data(span)))
    pieces.append(data[at:].decode("utf-8", errors="replace"))
    return "".join(pieces), found
