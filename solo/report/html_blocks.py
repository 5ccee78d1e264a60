"""The journal's text, in the shapes solo writes, as HTML: done in bulk, a pass at a time.

A journal's body is what :mod:`solo.journal.notation` writes: ``#`` headings, fences of
Lonelog notation and prose paragraphs (the player's narration, escaped so that it stays
one paragraph, and whatever the player added by hand). That needs no general Markdown
parser, only these three blocks:

* a fence (```` ``` ```` or ``~~~``, closed by a line of the same, or by the end of the
  piece it is in) becomes a ``mech`` box, each line a ``div`` classed by its Lonelog mark;
* an ATX heading (``#`` to ``######``) becomes ``h1`` to ``h6``;
* any other run of lines becomes a paragraph.

Everything is HTML-escaped first; a heading's or a paragraph's text then goes through
the inline rules of :mod:`solo.report.html_inline`, but for the common shapes (plain text,
or one emphasised span) that are rendered together. Each step is one split, join or
replacement over the whole text, in bytes, or a map of a C function over a list: a long
journal is rendered by a few dozen passes in C, not by Python going line by line. A fence
met again, or a line of notation, is rendered once. The shapes solo writes take the
shortest way (fences of three backticks, one-line blocks); any other text, the general
one.

Bytes \\x00 to \\x03 mark places in the text: \\x00 parts the pieces the caller joined (no
block runs across one, and the caller may mark the pieces' fences and headings), \\x01
parts what is rendered together, \\x02 holds the place of a text rendered on its own and
\\x03 that of a ``###`` heading (a scene's: most of a journal's texts), rendered apart. (The
journal's own \\x01 to \\x03, control characters HTML has no use for, show as U+FFFD.)
"""

from __future__ import annotations

import operator
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Mapping
from itertools import accumulate, compress, count, repeat

from solo.report.html_inline import inline_html

__all__ = ["blocks_html", "blocks_parts", "lined_parts", "PIECE"]

PIECE = b"\x00"
"""What parts the pieces given to :func:`blocks_html` (no block runs across one)."""

_PART = b"\x01"
_ESCAPES = ((b"&", b"&amp;"), (b"<", b"&lt;"), (b">", b"&gt;"), (b'"', b"&quot;"))
_ODD = b"\x02"  # where a text of no simple shape goes
_HEAD = b"\x03"  # where a ### heading goes, when they are rendered apart
_H3 = re.compile(rb"\n###[ \t]+([^\n]*)")  # a ### heading at the start of its line: its text
_ANY_H3 = re.compile(rb"\n {0,3}###(?=[ \t\n]|\Z)")
_MARKS = (_PART, _ODD, _HEAD)
# scene headings (\x03-parted) as solo writes them: "S12 *Turn 12 · 2:00*", the words
# between the asterisks of no special character, a letter or digit at either end
# (the words taken at once up to the closing asterisk, then a look back for its letter or
# digit: no backtracking, word by word)
_SCENE = rb"S[0-9]+ \*[A-Za-z0-9][^*_`\\&!\n\x03]*+(?<=[A-Za-z0-9])\*"
_SCENES = re.compile(rb"(?:%s\x03)*%s" % (_SCENE, _SCENE))
_MECH = b'<div class="mech">'
_JOIN = b"\n\x01"  # what joins the fences (and the texts) rendered together: a line of its own
_SOLO_FENCE = b"\n```"
_UNCLOSED = re.compile(rb"\x01(?!\n)")  # a text after a fence, not on a line of its own
# any fence: its opening line, its lines (none with a piece mark), its closing line if any
_FENCE = re.compile(
    rb"\n( {0,3})(?:(`{3,})[^`\n]*|(~{3,})[^\n]*)"
    rb"((?:\n(?! {0,3}(?:\2`*|\3~*)[ \t]*\n)[^\n\x00]*(?=\n))*)"
    rb"(?:\n {0,3}(?:\2`*|\3~*)[ \t]*(?=\n))?")
_FENCE_GROUPS = 4  # its indent, its backticks or its tildes, its lines

# each fence line by the Lonelog mark it begins with (solo.journal.notation.line_kind)
_LINE_START = re.compile(rb"\n(@|\?|d:|tbl:|gen:|-&gt;|=&gt;|\(|)")
_LINE_KINDS = ((b"@", b"action"), (b"?", b"question"), (b"d:", b"roll"), (b"tbl:", b"table"),
               (b"gen:", b"table"), (b"-&gt;", b"result"), (b"=&gt;", b"result"),
               (b"(", b"note"), (b"", b"text"))
_LINE_OPEN = {mark: b'<div class="l %s">%s' % (kind, mark) for mark, kind in _LINE_KINDS}
_FENCE_PART = b'</div>\n\x01<div class="mech">'  # the line that parts two fences, as HTML

# a heading (its level, its text) or a one-line paragraph; and a paragraph of many lines
# (a blank line or a mark, the most of the lines, are passed over first)
_LINE_BLOCK = re.compile(rb"\n(?=[^\n\x00\x01\x03])(?: {0,3}(#{1,6})(?:[ \t]+|(?=\n))"
                         rb"|[ \t]*(?=[^\s\x00\x01\x03]))"
                         rb"([^\n]*)")
_BLOCK = re.compile(rb"\n(?=[^\n\x00\x01\x03])(?: {0,3}(#{1,6})(?:[ \t]+|[ \t]*(?=\n))"
                    rb"|[ \t]*(?=[^\s\x00\x01\x03]))"
                    rb"((?(1)[^\n]*|[^\n]+(?:\n(?! {0,3}#{1,6}(?:[ \t]|\n))[ \t]*[^\s\x00\x01\x03]"
                    rb"[^\n]*)*))")
_BLOCK_OPEN: dict[bytes | None, bytes] = {
    None: b"<p>", **{b"#" * level: b"<h%d>" % level for level in range(1, 7)}}
_BLOCK_CLOSE: dict[bytes | None, bytes] = {
    None: b"</p>\n", **{b"#" * level: b"</h%d>\n" % level for level in range(1, 7)}}

# inline text that needs nothing but its escaping, or one *emphasis* besides: no _, `, \,
# entity, image or line break; no other asterisk; and no blank or # at the end (which a
# paragraph or a heading drops). The pair's asterisks must open and close by the spec's
# rules whatever is around: the first followed by a letter or digit (or by anything
# printed, at the start or after a space), the second after a letter or digit (or after
# anything printed, at the end or before a space). (The text is escaped: &lt; &gt; &quot;
# stand as they are.)
_ORDINARY = rb"[^*_`\\&!\n\x01]*(?:(?:&(?:lt|gt|quot);|!(?!\[))[^*_`\\&!\n\x01]*)*"
_PRINTED = rb"[!-)+-~]"  # an ASCII character, neither blank nor an asterisk
_SIMPLE_TEXT = (rb"%(o)s(?:\*(?:(?=[A-Za-z0-9])|(?:(?<=^\*)|(?<=[ \x01]\*))(?=%(p)s))%(o)s"
                rb"(?:(?<=[A-Za-z0-9])|(?<=%(p)s)(?=\*(?:$|[ \x01])))\*%(o)s)?(?<![ \t#])"
                % {b"o": _ORDINARY, b"p": _PRINTED})
_SIMPLE = re.compile(_SIMPLE_TEXT)
# the same for many texts at once, \x01-parted: their bytes that are not ordinary, which
# must be pairs of asterisks (or none) in each; and each pair's asterisks
_UNORDINARY = bytes(byte for byte in range(256) if byte not in b"*_`\\\n\x01")
_PAIRS = re.compile(rb"(?:\*\*)?(?:\x01(?:\*\*)?)*")
_PAIRED = re.compile(
    rb"(?:[^*]*\*(?:(?=[A-Za-z0-9])|(?:(?<=^\*)|(?<=[ \x01]\*))(?=%(p)s))[^*]*"
    rb"(?:(?<=[A-Za-z0-9])|(?<=%(p)s)(?=\*(?:$|[ \x01])))\*)*[^*]*" % {b"p": _PRINTED})
_BLANK_END = re.compile(rb"\x01(?<=[ \t#]\x01)")
# a fence not as solo writes it: words after its backticks, no lines, a blank last line
_ODD_FENCE = re.compile(rb"\x01(?:(?!\n)|(?=\n\x01)|(?<=\n\n\x01))")


def blocks_html(doc: bytes, mechanics: Mapping[int, str] | None = None,
                h3_tags: Callable[[list[int]], Mapping[int, bytes]] | None = None) -> str:
    """``doc`` (UTF-8 Markdown, pieces parted by :data:`PIECE`, each but the first starting
    a line and each but the last ending one) as HTML, each block's HTML ending its line.
    ``mechanics`` gives the fences of some pieces (by number) their own class; ``h3_tags``
    is given the piece of each ``###`` heading and gives some of them (by their number
    among those headings) their own opening tag."""
    return b"".join(blocks_parts(doc, mechanics, h3_tags)).decode("utf-8", errors="replace")


def blocks_parts(doc: bytes, mechanics: Mapping[int, str] | None = None,
                 h3_tags: Callable[[list[int]], Mapping[int, bytes]] | None = None
                 ) -> list[bytes]:
    """The same in UTF-8, as parts to join: the page is joined and decoded once, which is
    faster than decoding each part. (Each part is cut from the text at an ASCII byte, so no
    character spans two parts.)"""
    return lined_parts(b"".join((b"\n", doc, b"\n")), mechanics, h3_tags)


def lined_parts(text: bytes, mechanics: Mapping[int, str] | None = None,
                h3_tags: Callable[[list[int]], Mapping[int, bytes]] | None = None
                ) -> list[bytes]:
    """:func:`blocks_parts` of a ``doc`` given with a line break before and after it (as
    ``text``: a copy fewer)."""
    for mark in _MARKS:  # the marks used here cannot come from the text
        if mark in text:
            text = text.replace(mark, "\ufffd".encode())
    parts = text.split(_SOLO_FENCE)  # (escaping changes no backtick and no line break)
    fences = _solo_fences_html(parts[1::2]) if len(parts) % 2 else None
    if fences is not None:
        texts = parts[::2]
        joined = _JOIN.join(texts)
        if _no_other_fence(joined):
            html: list[bytes] = [b""] * len(parts)
            html[::2] = _texts_html(_escaped(joined), h3_tags)
            html[1::2] = _classed(fences, texts, mechanics)
            return html
    parts = _FENCE.split(_escaped(text))
    step = _FENCE_GROUPS + 1
    texts = parts[::step]
    fences = _fences_html(list(map(_fence_lines, parts[1::step], parts[step - 1::step])))
    html = [b""] * len(parts)
    html[::step] = _texts_html(_JOIN.join(texts), h3_tags)
    html[step - 1::step] = _classed(fences, texts, mechanics)
    return html


def _escaped(text: bytes) -> bytes:
    """Text with ``& < > "`` escaped, as markdown-it escapes text (a fence's ' apart)."""
    for char, escaped in _ESCAPES:
        if char in text:
            text = text.replace(char, escaped)
    return text


def _fence_lines(indent: bytes, lines: bytes) -> bytes:
    """A fence's lines as shown: as many spaces as its opening line's taken off each, its
    trailing empty lines dropped (but one line there is)."""
    if indent:
        lines = re.sub(rb"\n {1,%d}" % len(indent), b"\n", lines)
    return lines.rstrip(b"\n") or b"\n"


def _no_other_fence(texts: bytes) -> bool:
    """Whether the lines of three backticks the text was cut at are all of its fences, as
    solo writes them: each closed by a line of three backticks alone (what follows starts
    on a line of its own), and no fence of another kind in the texts between."""
    return _UNCLOSED.search(texts) is None and b" ```" not in texts and b"~~~" not in texts


def _solo_fences_html(fences: list[bytes]) -> list[bytes] | None:
    """The fences (not yet escaped) as :func:`_fences_html` renders them, or None unless
    every one is as solo writes it: one line at least, the last not blank, none that would
    close it."""
    distinct = list(set(fences))
    lines = _JOIN.join([b"", *distinct, b"\n"])
    if PIECE in lines or _ODD_FENCE.search(lines) or (b"`" in lines and b" ```" in lines):
        return None
    rendered = _lines_html(lines, escape=True)
    if len(rendered) != len(distinct):  # (a fence with words after its backticks)
        return None
    return list(map(dict(zip(distinct, rendered, strict=True)).__getitem__, fences))


def _fences_html(fences: list[bytes]) -> list[bytes]:
    """Each fence's lines (each after a line break) as a ``mech`` box of lines classed by
    their Lonelog mark. (A long journal's fences repeat: each is rendered once.)"""
    distinct = list(set(fences))
    rendered = _lines_html(_JOIN.join([b"", *distinct, b"\n"]))
    return list(map(dict(zip(distinct, rendered, strict=True)).__getitem__, fences))


def _lines_html(lines: bytes, escape: bool = False) -> list[bytes]:
    """Fences' lines, each fence after a \\x01 line and one more after the last, as
    ``mech`` boxes; ``escape``: the lines are not yet escaped. (The fences hold few
    different lines: each is rendered once, and escaped once.)"""
    every = lines.split(b"\n")
    known = list(set(every))
    shown = b"\n".join(known)
    pieces = _LINE_START.split(b"\n" + (_escaped(shown) if escape else shown)
                               .replace(b"'", b"&#x27;"))
    html = dict(zip(known, map(bytes.__add__, map(_LINE_OPEN.__getitem__, pieces[1::2]),
                               map(bytes.__add__, pieces[2::2], repeat(b"</div>"))),
                    strict=True))
    html[_PART] = _FENCE_PART
    return b"".join(map(html.__getitem__, every)).split(_PART)[1:-1]


def _classed(fences: list[bytes], texts: list[bytes],
             mechanics: Mapping[int, str] | None) -> list[bytes]:
    """The fences, those of the pieces ``mechanics`` names with its class. (Fence ``n``
    follows text ``n``: its piece is the number of piece marks up to there.)"""
    if not mechanics:
        return fences
    pieces = list(accumulate(map(bytes.count, texts[:len(fences)], repeat(PIECE))))
    for piece, name in mechanics.items():
        for number in range(bisect_left(pieces, piece), bisect_right(pieces, piece)):
            fences[number] = fences[number].replace(_MECH, b'<div class="%s">' % name.encode(),
                                                    1)
    return fences


def _texts_html(text: bytes,
                h3_tags: Callable[[list[int]], Mapping[int, bytes]] | None) -> list[bytes]:
    """The texts between fences (each but the first after a \\x01 line; each starting a
    line): their headings and paragraphs as HTML. The ``###`` headings (a journal's scene
    headings, most of its texts) are taken out first when all are at the start of their
    line, each leaving a \\x03 line, and rendered together."""
    if b"\n###" not in text:
        return _blocks_html(text, h3_tags).split(_PART)
    cut = _H3.split(text)
    rests, heads = cut[::2], cut[1::2]
    rest = b"\n\x03".join(rests)
    if not heads or b"###" in rest and _ANY_H3.search(rest):  # (one indented, or empty)
        return _blocks_html(text, h3_tags).split(_PART)
    distinct = list(dict.fromkeys(rests))  # (the same few again and again: _between_html)
    opens: Iterable[bytes] = repeat(_BLOCK_OPEN[b"###"], len(heads))
    if h3_tags is not None:  # heading n's piece: the piece marks before it
        marks = dict(zip(distinct, map(bytes.count, distinct, repeat(PIECE)), strict=True))
        tags = h3_tags(list(accumulate(map(marks.__getitem__, rests[:-1]))))
        if len(tags) == len(heads) and next(reversed(tags)) == len(heads) - 1:
            opens = tags.values()  # every heading takes an id (each in order, as they are)
        elif tags:
            opens = map(tags.get, range(len(heads)), opens)  # (as long as the headings)
    heads_html = _heads_html(heads)
    between = _between_html(rests, distinct)
    html = [b""] * (len(between) + 3 * len(heads))  # between, opening tag, text, closing tag
    html[::4], html[1::4], html[2::4] = between, opens, heads_html
    html[3::4] = repeat(_BLOCK_CLOSE[b"###"], len(heads))
    return b"".join(html).split(_PART)


def _between_html(rests: list[bytes], distinct: list[bytes]) -> list[bytes]:
    """The texts between ``###`` headings (each but the first after a heading's line), as
    HTML: each different one rendered once (they are blank lines, fence places and the
    same few paragraphs, again and again). Each is rendered after a \\x03 line as in the
    whole text, the first first; the last ends a line, so it renders alike wherever it
    stands. (``distinct``: each different one, in the order they first come.)"""
    if len(distinct) == len(rests) or not rests[-1].endswith(b"\n"):
        return _blocks_html(b"\n\x03".join(rests), None).split(_HEAD)
    rendered = _blocks_html(b"\n\x03".join(distinct), None).split(_HEAD)
    return list(map(dict(zip(distinct, rendered, strict=True)).__getitem__, rests))


def _heads_html(heads: list[bytes]) -> list[bytes]:
    """Headings' texts as HTML: those of a simple shape together, the others one by one.
    (Scene headings as solo writes them, one emphasis after the scene's number, take the
    shortest way.)"""
    joined = _HEAD.join(heads)
    if _SCENES.fullmatch(joined):
        return joined.replace(b" *", b" <em>").replace(b"*\x03", b"</em>\x03") \
            .removesuffix(b"*").__add__(b"</em>").split(_HEAD)
    texts = heads
    odd = [] if _all_simple(_PART.join(heads)) else \
        [index for index, simple in enumerate(map(_SIMPLE.fullmatch, heads)) if not simple]
    if odd:
        texts = list(heads)
        for index in odd:
            texts[index] = _ODD
        joined = _HEAD.join(texts)
    if b"*" in joined:  # every asterisk is one of a pair in a simple text: open, close
        halves = joined.split(b"*")
        html = [b""] * (2 * len(halves) - 1)
        html[::2], html[1::2] = halves, [b"<em>", b"</em>"] * (len(halves) // 2)
        joined = b"".join(html)
    rendered = joined.split(_HEAD)
    for index in odd:
        rendered[index] = _inline(heads[index], True)
    return rendered


def _blocks_html(text: bytes,
                 h3_tags: Callable[[list[int]], Mapping[int, bytes]] | None) -> bytes:
    """Texts' headings and paragraphs as HTML, \\x01 and \\x03 lines kept as they are."""
    parts = _LINE_BLOCK.split(text)
    if b"" in parts[3::3]:  # two lines in a row: maybe a paragraph of many lines
        parts = _BLOCK.split(text)
    levels, texts = parts[1::3], parts[2::3]
    opens: Iterable[bytes] = map(_BLOCK_OPEN.__getitem__, levels)
    numbers = list(compress(count(), map(operator.eq, levels, repeat(b"###"))))
    if h3_tags is not None and numbers:  # block n's piece: the piece marks before it
        pieces = list(accumulate(map(bytes.count, parts[:-1:3], repeat(PIECE))))
        tags = h3_tags(list(map(pieces.__getitem__, numbers)))
        by_block = dict(zip(map(numbers.__getitem__, tags), tags.values(), strict=True))
        opens = map(by_block.get, count(), opens)
    odd = [] if _all_simple(_PART.join(texts)) else \
        [index for index, simple in enumerate(map(_SIMPLE.fullmatch, texts)) if not simple]
    if odd:  # rendered one by one, put in after the rest
        texts = list(texts)
        for index in odd:
            texts[index] = _ODD
    html = [b""] * (len(parts) + len(levels))  # between, opening tag, text, closing tag
    html[::4] = map(bytes.translate, parts[::3], repeat(None), repeat(b" \t\n\x00"))
    html[1::4], html[2::4] = opens, texts
    html[3::4] = map(_BLOCK_CLOSE.__getitem__, levels)
    joined = b"".join(html)
    if b"*" in joined:  # every asterisk is one of a pair in a simple text: open, close
        halves = joined.split(b"*")
        html = [b""] * (2 * len(halves) - 1)
        html[::2], html[1::2] = halves, [b"<em>", b"</em>"] * (len(halves) // 2)
        joined = b"".join(html)
    if odd:
        cut = joined.split(_ODD)
        html = [b""] * (2 * len(cut) - 1)
        html[::2] = cut
        html[1::2] = [_inline(parts[3 * index + 2], levels[index] is not None)
                      for index in odd]
        joined = b"".join(html)
    return joined


def _all_simple(texts: bytes) -> bool:
    """Whether every one of these texts (\\x01-parted) is of a simple shape."""
    return _PAIRS.fullmatch(texts.translate(None, _UNORDINARY)) is not None \
        and b"&amp;" not in texts and b"![" not in texts \
        and not texts.endswith((b" ", b"\t", b"#")) and _BLANK_END.search(texts) is None \
        and (b"*" not in texts or _PAIRED.fullmatch(texts) is not None)


_CLOSING_HASHES = re.compile(r"(?:^|[ \t]+)#+[ \t]*$")


def _inline(text: bytes, heading: bool) -> bytes:
    """Inline text of no simple shape, rendered by the inline rules."""
    source = text.decode("utf-8", errors="replace").replace("&lt;", "<") \
        .replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    source = source.strip(" \t")  # (a line's leading blanks go with its break, inline)
    if heading:
        source = _CLOSING_HASHES.sub("", source)
    return inline_html(source).encode()
