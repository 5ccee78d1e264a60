"""The journal in the html report: its text cut at the records, rendered as HTML.

The text between one record and the next is the entry that record ends (its heading,
its notation, the player's words), so the records say what each piece is: an entry
taken back with ``undo`` has its mechanics struck through and a mark after it (the md
report's mark), one that met an encounter has its mechanics marked, and the scene heading
of each turn that a command's record says it wrote (``### S12 …`` in its text, 12 its
``scene``; the last such, after any the player typed) becomes that turn's anchor. The
journal is never parsed back into events: the pieces are rendered in one go by
:mod:`solo.report.html_blocks`, told which pieces' mechanics and headings to mark.

The pieces stand in the file's order (the md report's), cut at the records' own places, a
record that cannot be read cut out with the rest (:meth:`solo.report.records.Records.pieces`);
what the records say of an entry goes to the piece its record ends, and a duplicate's piece
(a record pasted again) is shown as it stands, unmarked.
"""

from __future__ import annotations

import operator
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, count

from solo.journal.front_matter import title_span, uncommented
from solo.journal.record_types import Encountered
from solo.report.html_blocks import pieces_html
from solo.report.model import RETRACTED_MARK, Crawl
from solo.report.records import Records

__all__ = ["JournalHtml", "journal_html"]

_MARK = b"\n\n\n" + RETRACTED_MARK.encode()  # (after the entry's last line, a blank one)
_ANCHOR = b'<h3 class="turn" id="turn-%d">'


@dataclass
class JournalHtml:
    parts: list[bytes]  # the HTML in UTF-8, to join
    anchored: set[int] = field(default_factory=set)  # the turns with an id (``turn-N``)


def journal_html(crawl: Crawl) -> JournalHtml:
    """The journal after its front matter and title, as HTML (in UTF-8, in parts)."""
    records = crawl.records
    if records is None:
        return JournalHtml(pieces_html([b""]))
    pieces = uncommented(records.pieces())  # (a list of its own, less the hidden comments)
    past, start, end = title_span(pieces[0])  # (less the front matter and the title: the
    pieces[0] = pieces[0][past:start] + pieces[0][end:]  # page's header shows it)
    piece_of, record_of = records.places()
    for index in records.retracted:
        pieces[piece_of[index]] += _MARK
    mechanics = {piece_of[index]: name for index, name in _mechanics(records).items()}
    anchors = _Anchors(records, record_of)
    return JournalHtml(pieces_html(pieces, mechanics, anchors.tags), anchors.turns)


def _mechanics(records: Records) -> dict[int, str]:
    """The class of the mechanics of each entry that met an encounter (one struck off
    before it was met aside) or was taken back."""
    met = {index for index, events in records.tally().eventful.items() for event in events
           if type(event) is Encountered and event.status != "struck"}
    return {index: "mech" + (" retracted" if index in records.retracted else "")
            + (" met" if index in met else "") for index in met | records.retracted}


class _Anchors:
    """Each turn's id goes to its first entry's scene heading of solo's: the last ``### S12 …``
    heading in the text of a command of that turn (solo's own comes after the player's words),
    numbered as the scene its record says the command began (its ``scene``; a duplicate's
    piece, of record -1, is of no command)."""

    def __init__(self, records: Records, record_of: Sequence[int]) -> None:
        self.turns_of = records.turns  # (and the scene each record's command began; -1: none)
        self.wrote = [*(kept.scene_number if kept.kind == "command" else -1
                        for kept in records.kept), -1]
        self.record_of = record_of  # (the record that ends each piece but the last)
        self.turns: set[int] = set()

    def tags(self, pieces: list[int], numbers: list[int]) -> dict[int, bytes]:
        """The opening tag of the headings that take an id, given the piece and number of
        each (in order; the text after the last record is a piece of no entry)."""
        ends = list(map(self.record_of.__getitem__,
                        pieces[:bisect_left(pieces, len(self.record_of))]))
        own = map(operator.eq, map(self.wrote.__getitem__, ends), numbers)
        last = dict(compress(zip(ends, count()), own))  # (each entry's last heading of solo's)
        turns = map(self.turns_of.__getitem__, reversed(last))  # (a turn's earliest entry's:
        first = dict(zip(turns, reversed(last.values()), strict=True))  # after undo, or moved)
        self.turns = set(first)
        return dict(zip(first.values(), map(_ANCHOR.__mod__, first), strict=True))
