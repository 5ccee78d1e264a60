"""The journal's text as HTML: solo's own blocks directly, any other by markdown-it-py.

A journal's body is what :mod:`solo.journal.notation` writes, blocks parted by blank lines:
``#`` headings (a scene's: ``### S12 *Turn 12 · 2:00*``), fences of Lonelog notation
(drawn as ``mech`` boxes, :func:`solo.report.html_inline.fence_html`) and the player's
narration, a line each; and whatever the player added by hand.

The text comes as pieces (each entry's text), each cut at its blank lines once; no block
runs across two pieces. Each different block is looked at once, and three shapes, most of
a journal, are rendered directly:

* a scene heading as solo writes it (:data:`_SCENE`);
* a fence of three backticks, closed, with no other line of three backticks (the lines of
  all the fences looked up together, :class:`solo.report.html_inline.FenceLines`);
* a heading or a paragraph of one line, plain words or one emphasis
  (:func:`solo.report.html_inline.quick_inline`).

A piece with any other block is rendered whole by markdown-it-py
(:data:`solo.report.html_inline.MARKDOWN`), which makes the same HTML of those shapes.
Each step is linear in the text: a pass over it, a map over its blocks or markdown-it's
own parse (every pattern here matches a line with a single repeat, and nothing is tried
twice).

The caller may class the fences of some pieces and give some scene headings (``### S12
…``, never another heading) their own opening tag. The work is done in UTF-8 bytes.
"""

from __future__ import annotations

import operator
import re
from bisect import bisect_left
from collections.abc import Callable, Mapping
from itertools import accumulate, chain, compress, count, repeat

from solo.report.html_inline import MARKDOWN, FenceLines, fence_html, quick_inline
from solo.report.model import RETRACTED_MARK

__all__ = ["blocks_html", "pieces_html", "PIECE"]

PIECE = b"\x00"
"""What parts the pieces of a text given to :func:`blocks_html` whole."""

# control characters shown as U+FFFD, NUL among them (but those Python counts as line breaks,
# which a journal's prose keeps as typed: tests/test_line_breaks.py)
_CONTROLS = bytes([*range(0, 9), *range(14, 28), 31, 127])
_CONTROL = re.compile(b"[%s]" % re.escape(_CONTROLS))
_REPLACEMENT = "\ufffd".encode()
# a scene heading as solo writes it: the words in its emphasis begin and end with a letter
# or a digit, and hold nothing that markdown-it would read or escape
_SCENE = re.compile(rb"### (S[0-9]+) \*([A-Za-z0-9](?:[^*\n\\`_&!\[\]<>\"\r~]*[A-Za-z0-9])?)\*")
_SCENE_HTML = b"<h3>%s <em>%s</em></h3>\n"
_SCENE_OPEN = re.compile(rb"<h3>S([0-9]+) ")  # (a scene heading's HTML, however rendered)
_FENCE, _FENCE_OPEN, _FENCE_CLOSE = b"```", b"```\n", b"\n```"
# a paragraph of one line that is plain: it starts with a letter or a quote and ends with
# something printed, and holds no byte markdown-it would read
_PLAIN = re.compile(rb"[A-Za-z\"'(][^\n\\`*_&!\[\]<\r~]*(?<=[!-~])")
_PLAIN_HTML = b"<p>%s</p>\n"
_EMPHASIS_FIRST = re.compile(rb"\*[A-Za-z0-9]")  # a paragraph that opens with emphasis
_MECH = b'<div class="mech">'
_STRUCK = b'<p class="retracted">'
_UNDO_MARK = MARKDOWN.render(RETRACTED_MARK).encode()  # (not struck through with its entry)


def blocks_html(doc: bytes, mechanics: Mapping[int, str] | None = None,
                h3_tags: Callable[[list[int], list[int]], dict[int, bytes]] | None = None) -> str:
    """``doc`` (UTF-8 Markdown, pieces parted by :data:`PIECE`, each but the first starting
    a line and each but the last ending one) as HTML, each block's HTML ending its line.
    ``mechanics`` gives the fences of some pieces (by number) their own class (a piece whose
    class names ``retracted`` has its paragraphs struck through too); ``h3_tags`` is given
    the piece and the number (``S12``: 12) of each scene heading and gives some of them (by
    their place among those headings) their own opening tag."""
    pieces = doc.split(PIECE)
    lines = [piece[:-1] if piece.endswith(b"\n") else piece for piece in pieces[:-1]]
    parts = pieces_html([*lines, pieces[-1]], mechanics, h3_tags)
    return b"".join(parts).decode("utf-8", errors="replace")


def pieces_html(pieces: list[bytes], mechanics: Mapping[int, str] | None = None,
                h3_tags: Callable[[list[int], list[int]], dict[int, bytes]] | None = None
                ) -> list[bytes]:
    """The same of a text given as its pieces (each but the last less the line break that
    ends it, as :meth:`solo.report.records.Records.pieces` gives an entry's text; a
    NUL in them shown as U+FFFD), in UTF-8, as parts to join."""
    journal = _Blocks(pieces)
    for piece, name in (mechanics or {}).items():
        journal.classed(piece, name)
    if h3_tags is not None:
        journal.tagged(h3_tags)
    return journal.html


class _Blocks:
    """A text's pieces, each cut at its blank lines, and each block's HTML. A piece with a
    block of no quick shape is rendered whole, into the place of its first block."""

    def __init__(self, pieces: list[bytes]) -> None:
        pieces = _readable(pieces)  # (blank lines at a piece's ends part no blocks)
        cut = list(map(bytes.split, map(bytes.strip, pieces, repeat(b"\n")), repeat(b"\n\n")))
        self.blocks = list(chain.from_iterable(cut))
        self.ends = list(accumulate(map(len, cut)))  # where each piece's blocks end
        self.piece_of = list(chain.from_iterable(map(repeat, count(), map(len, cut))))
        self.lines = FenceLines()
        quick = _quick_blocks(set(self.blocks), self.lines)
        html = list(map(quick.__getitem__, self.blocks))
        rendered: dict[bytes, bytes] = {}  # each different piece rendered once
        self.whole: list[int] = []  # the first block of each piece rendered whole
        odd = list(compress(count(), map(operator.is_, html, repeat(None)))) \
            if None in quick.values() else []
        for index in odd:
            if html[index] is None:  # (not if its piece was rendered whole for another)
                number = self.piece_of[index]
                start, end = self.span(number)
                piece = pieces[number]
                if piece not in rendered:
                    rendered[piece] = self.rendered(piece)
                html[start:end] = [rendered[piece], *repeat(b"", end - start - 1)]
                self.whole.append(start)
        self.html: list[bytes] = html  # type: ignore[assignment]  # (no None is left)

    def span(self, piece: int) -> tuple[int, int]:
        """The blocks of piece ``piece``: from its first to after its last."""
        return self.ends[piece - 1] if piece > 0 else 0, self.ends[piece]

    def rendered(self, piece: bytes) -> bytes:
        """A piece's text rendered by markdown-it."""
        text = piece.decode("utf-8", errors="replace")
        return MARKDOWN.render(text, {"lines": self.lines}).encode()

    def classed(self, piece: int, name: str) -> None:
        """The fences of piece ``piece`` classed ``name``, and its paragraphs struck through
        (the undo mark after them aside) where ``name`` says it was taken back."""
        if not 0 <= piece < len(self.ends):
            return
        start, end = self.span(piece)
        opening = b'<div class="%s">' % name.encode()
        struck = "retracted" in name.split()
        for index in range(start, end):
            html = self.html[index].replace(_MECH, opening)
            if struck and b"<p>" in html:
                html = html.replace(b"<p>", _STRUCK).replace(
                    _UNDO_MARK.replace(b"<p>", _STRUCK), _UNDO_MARK)
            self.html[index] = html

    def tagged(self, h3_tags: Callable[[list[int], list[int]], dict[int, bytes]]) -> None:
        """Some scene headings given their own opening tag by ``h3_tags``, which is told
        each one's piece and number. (A block holds one heading at most, at its start, but
        for a piece rendered whole.)"""
        html, whole = self.html, set(self.whole)
        counts: list[int] = list(map(bool, map(_SCENE_OPEN.match, html)))
        for index in whole:
            counts[index] = len(_SCENE_OPEN.findall(html[index]))
        places = list(compress(count(), counts))  # each heading's block
        if any(counts[index] > 1 for index in whole):
            places = [index for index in places for _ in range(counts[index])]
        numbers = map(_SCENE_OPEN.findall, map(html.__getitem__, dict.fromkeys(places)))
        tags = h3_tags(list(map(self.piece_of.__getitem__, places)),
                       list(map(int, chain.from_iterable(numbers))))
        for number in sorted(tags, reverse=True):  # (the last first: a tag moves no earlier one)
            if 0 <= number < len(places):
                index, tag = places[number], tags[number]
                html[index] = tag + html[index][4:] if index not in whole \
                    else _nth_replaced(html[index], tag, number - bisect_left(places, index))


def _readable(pieces: list[bytes]) -> list[bytes]:
    """The pieces with their line breaks as markdown-it reads them, and their control
    characters (NUL among them) as U+FFFD."""
    text = b"".join(pieces)
    if b"\r" in text:
        pieces = [piece.replace(b"\r\n", b"\n").replace(b"\r", b"\n") for piece in pieces]
    if len(text.translate(None, _CONTROLS)) != len(text):
        pieces = [_CONTROL.sub(_REPLACEMENT, piece) for piece in pieces]
    return pieces


def _nth_replaced(html: bytes, tag: bytes, nth: int) -> bytes:
    """``html`` with the ``<h3>`` of its ``nth`` (from 0) scene heading made ``tag``."""
    at = [found.start() for found in _SCENE_OPEN.finditer(html)][nth]
    return html[:at] + tag + html[at + 4:]


def _quick_blocks(blocks: set[bytes], lines: FenceLines) -> dict[bytes, bytes | None]:
    """Each (different) block's HTML where it has a quick shape, None where not: the scene
    headings, the fences as solo writes them (a line of three backticks first and last, and
    no other line that could close them; their lines looked up together), the others one by
    one."""
    scenes = filter(None, map(_SCENE.fullmatch, blocks))
    html: dict[bytes, bytes | None] = {scene.string: _SCENE_HTML % scene.groups()
                                       for scene in scenes}
    rest = blocks.difference(html)
    fences = [block for block in rest if block.startswith(_FENCE_OPEN)
              and block.endswith(_FENCE_CLOSE) and block.count(_FENCE) == 2]
    fence_lines = [block[4:-4].split(b"\n") for block in fences]
    lines.learn(chain.from_iterable(fence_lines))
    html.update(zip(fences, map(fence_html, fence_lines, repeat(lines)), strict=True))
    for block in rest.difference(fences):
        html[block] = _quick_block(block)
    return html


def _quick_block(block: bytes) -> bytes | None:
    """A block other than a scene heading or a fence as HTML, if it is a heading or a
    paragraph of one line of plain words (or one emphasis); None if not."""
    block = block.strip(b"\n")
    if not block:
        return b""
    if _PLAIN.fullmatch(block):
        return _PLAIN_HTML % block.replace(b'"', b"&quot;").replace(b">", b"&gt;")
    if b"\n" in block:
        return None
    if _EMPHASIS_FIRST.match(block):  # (no list item, no rule: a paragraph)
        level, text = 0, block
    elif block.startswith(b"#"):
        marks, _, text = block.partition(b" ")
        level = len(marks)
        if level > 6 or marks != b"#" * level or text.endswith(b"#"):
            return None
    else:
        return None
    decoded = text.decode("utf-8", errors="replace")
    inline = quick_inline(decoded) if decoded and decoded == decoded.strip() else None
    if inline is None:
        return None
    return _PLAIN_HTML % inline.encode() if level == 0 \
        else b"<h%d>%s</h%d>\n" % (level, inline.encode(), level)
