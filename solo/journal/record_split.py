"""A journal cut into its records, once, each decoded by the one typed decoder
(:mod:`solo.journal.record_types`).

Each comment that begins a line (maybe indented) with ``<!-- solo`` is a record, running to
the ``-->`` that ends its line, else to the next ``-->``: one pass over the file finds each
and decodes it as it goes (:class:`Cut`). A record an editor wrapped over lines is the
same record: where it does not read as it stands, its lines are joined, then decoded
(:func:`unwrapped`); no other path reads it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from itertools import repeat
from operator import attrgetter, getitem
from typing import Any

import msgspec

from solo.journal.record_schema import legacy_record
from solo.journal.record_types import BAD_DATA, RECORD_DECODER, Record, decode, json_data

__all__ = ["PREFIX", "LEGACY_PREFIX", "Span", "Cut", "split_records", "unwrapped",
           "journal_bytes", "span_data", "body_data", "open_constructs"]


def journal_bytes(data: bytes) -> bytes:
    """A journal's bytes as an editor may have saved them, made solo's: a BOM dropped,
    CRLF or CR line ends made LF."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data


def span_data(span: Span) -> dict[str, Any]:
    """A readable record's JSON data (a format-1 snapshot's as a record of format 1)."""
    return body_data(span.body, span.legacy)


def body_data(body: bytes | memoryview, legacy: bool) -> dict[str, Any]:
    """The JSON data of a readable record's text (``body``; a format-1 snapshot's, when
    ``legacy``, as a record of format 1)."""
    data = json_data(msgspec.Raw(body))
    return legacy_record(data) if legacy else data


PREFIX = b"<!-- solo "
LEGACY_PREFIX = b"<!-- solo:state "
_OPEN = b"<!-- solo"
_SPACES = frozenset(b" \t\r\n")  # what follows a record's opening
_OBJECT, _STATE, _TURN = ord("{"), attrgetter("state"), attrgetter("turn")
_CLOSE = re.compile(rb"-\n?-\n?>")  # a comment's end, a line break maybe inside it


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
    ``-->``. A record begins a line (maybe indented) with ``<!-- solo`` and a space (or
    ``<!-- solo:state``, format 1) and runs to the ``-->`` that ends its line, else to
    the next ``-->``; each is decoded by ``decoder`` as it is found, and where it does not
    read, by :func:`decode` (its lines joined first, where it runs over several)."""

    __slots__ = ("lines", "starts", "ends", "bodies", "legacy", "records", "cut_off")

    def __init__(self, data: bytes, decoder: msgspec.json.Decoder = RECORD_DECODER) -> None:
        self.cut_off = False
        found: list[tuple[int, int, int, bytes | memoryview, bool]] = []
        view, find, size, read = memoryview(data), data.find, len(data), decoder.decode
        at = find(_OPEN)
        while at >= 0:
            eol = find(b"\n", at)
            if eol < 0:
                eol = size
            line = at if at == 0 or data[at - 1] == 10 else data.rfind(b"\n", 0, at) + 1
            legacy = data.startswith(b":state", at + 9)
            begin = at + 15 if legacy else at + 9
            if begin >= size or data[begin] not in _SPACES \
                    or (line != at and data[line:at].strip(b" \t")):
                at = find(_OPEN, eol)  # not a record: a line that does not begin with one
                continue
            if data.endswith(b"-->", begin, eol):  # one line, as solo writes it
                body: bytes | memoryview = view[begin:eol - 3]
                end = eol
            else:
                body, end = self._rest(data, begin, eol)
            found.append((line, at, size if end < 0 else end, body, legacy))
            if end < 0:  # cut off (no -->): a record that does not read, named as one
                self.cut_off = True
                break
            at = find(_OPEN, eol)
        self.lines, self.starts, self.ends, self.bodies, self.legacy = \
            (list(column) for column in zip(*found, strict=True)) if found else ([], [], [], [], [])
        records = self._decoded(read)
        if decoder is RECORD_DECODER:  # (a state typed by the reports' decoder is checked)
            states: Iterator[memoryview] = map(memoryview, map(_STATE, filter(None, records)))
            if not all(map(_OBJECT.__eq__, map(getitem, states, repeat(0)))):  # (in C)
                records = [record if record is None or memoryview(record.state)[0] == _OBJECT
                           else None for record in records]  # a state that is no object
        self.records = records

    def _decoded(self, read: Callable[[bytes | memoryview], Record]) -> list[Record | None]:
        """Each record decoded by ``read``, all in one go (in C) as far as they read; one
        that does not, or of format 1, or with no turn of its own, by :func:`decode` (its
        lines joined, where it runs over several)."""
        bodies = self.bodies
        records: list[Record | None] = []
        left = iter(bodies) if True not in self.legacy else iter(())
        while len(records) < len(bodies):
            try:  # (a list extended from an iterator keeps what it got before a failure)
                records.extend(map(read, left))
            except BAD_DATA:
                pass
            if len(records) < len(bodies):
                index = len(records)
                record = decode(bodies[index], self.legacy[index])
                body = bodies[index]
                if record is None and isinstance(body, bytes) and b"\n" in body:  # wrapped
                    bodies[index], record = _joined(body)
                records.append(record)
        if None in map(_TURN, filter(None, records)):  # (the state's turn, then)
            records = [decode(body) if record is not None and record.turn is None else record
                       for record, body in zip(records, bodies, strict=True)]
        return records

    @staticmethod
    def _rest(data: bytes, begin: int, eol: int) -> tuple[bytes, int]:
        """The body of a record that does not end its first line with ``-->``, and its end
        (past the spaces after its ``-->`` to the line break): to the ``-->`` on its line
        before other text, else the next one (-1: none, the record is cut off)."""
        rest = data[begin:eol].rstrip()
        if rest.endswith(b"-->"):
            return rest[:-3], eol
        close = _CLOSE.search(data, begin)  # (an editor's wrap may break the -->)
        if close is None:
            return b"", -1
        end = close.end()
        line_end = data.find(b"\n", end)
        line_end = len(data) if line_end < 0 else line_end
        return data[begin:close.start()], line_end if not data[end:line_end].strip() else end

    def spans(self) -> list[Span]:
        return list(map(Span, self.lines, self.starts, self.ends, self.bodies, self.legacy,
                        self.records))


def _joined(body: bytes) -> tuple[bytes, Record | None]:
    """A record over several lines, its lines joined as :func:`unwrapped` says, and what
    it decodes to (the body as it was and None when no way reads)."""
    for joined in unwrapped(body):
        record = decode(joined)
        if record is not None:
            return joined, record
    return body, None


def split_records(data: bytes) -> tuple[list[Span], bool]:
    """Every record comment in ``data``, in the file's order, each decoded (a wrapped one
    joined first), and whether the last one runs to no ``-->`` (cut off)."""
    cut = Cut(data)
    return cut.spans(), cut.cut_off


def unwrapped(body: bytes) -> Iterator[bytes]:
    """The ways a wrapped record joins again, likeliest first: all with nothing where each
    line is as long (a hard wrap) or one ends in a space (cut after it: ``fold -s``); where
    two or more are as long, those with nothing and the rest with a space (a wrap at a
    space, which took it); then all with nothing, then all with a space."""
    lines = body.split(b"\n")
    if len(lines) < 2:
        return
    inner = lines[:-1]
    lengths = list(map(len, inner))
    if len(set(lengths[1:])) > 1 and not body.isascii():  # a wrap in characters, perhaps
        lengths = [len(line.decode("utf-8", "replace")) for line in inner]
    rest = lengths[1:]  # (the first line holds the comment's opening too, maybe indented)
    width = max(rest, default=0)
    alike = len(rest) + (lengths[0] + len(_OPEN) == width)  # the lines seen that long
    if (alike >= 2 and rest.count(width) == len(rest)) or b" \n" in body or b"\t\n" in body:
        yield b"".join(lines)
    hard = [length == width and rest.count(width) > 1 for length in lengths]
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


def open_constructs(text: str) -> tuple[bool, bool]:
    """Whether ``text`` (what follows the last record) leaves a fence or a comment open."""
    in_fence = in_comment = False
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
            in_fence = True
        elif bare.startswith("<!--"):
            in_comment = "-->" not in bare[4:]
    return in_fence, in_comment
