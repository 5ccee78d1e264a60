"""What of a journal's text is not its story, as the md and html reports (and ``solo search``)
read it: where the front matter ends (as :mod:`solo.journal.header` reads it), the title
heading, the player's own comments, the player's words in an entry's text; and the one reading
of the crawl's title."""

from __future__ import annotations

import re
from collections.abc import Iterable

from solo.journal.header import find_front_matter
from solo.journal.notation import inline_text
from solo.slugs import slugify

__all__ = ["journal_title", "past_front_matter", "prose_lines", "title_span", "uncommented"]

ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a Markdown backslash escape, shown bare
_DEFAULT = re.compile(r"A .+ crawl")  # the title solo gives a crawl started without one
_HEAD_BYTES = 1 << 20  # far past any header (a title is at most 64 KiB)
_TITLE = re.compile(rb"^# .*", re.M)
_COMMENT = rb"(?:<!--(?:(?!-->)[\s\S])*-->|%%(?:(?!%%)[\s\S])*%%)"
# a fence or a code span, as typed, or an escaped character (kept: \1); else a comment, as
# Obsidian (``%% … %%``) and every viewer (``<!-- … -->``) hide it, a block with its blank line
_HIDDEN = re.compile(rb"(?m)(^ {0,3}(`{3,}|~{3,})[^\n]*(?:\n[\s\S]*?^ {0,3}\2[`~]*[ \t\r]*$|"
                     rb"[\s\S]*)|(?<!`)(`+)(?!`)[^\n]*?(?<!`)\3(?!`)|\\[\s\S])|(?<![^\n])"
                     + _COMMENT + rb"[ \t\r]*(?:\n[ \t\r]*\n|\Z)|" + _COMMENT)
_START = re.compile(rb"(?m)^(?= {0,3}(?:```|~~~))|(?=[`\\%<])")  # where a _HIDDEN can start
_OPENING = re.compile(r"\A\s*## Session .*\n\*Date: .*\*\n(?:\s*```\n(?:\[.*\n)*```\n)*")


def past_front_matter(text: bytes) -> int:
    """Where ``text`` goes on after its front matter (0: none), found as the header reader
    finds it (``---`` or ``...`` closing, spaces after a fence); its head read as Latin-1,
    so the offset is in bytes, a CR before a line break the space fence lines allow."""
    found = text.startswith(b"---") and find_front_matter(
        text[:_HEAD_BYTES].replace(b"\r", b" ").decode("latin-1"))
    return found.end if found else 0


def title_span(first: bytes) -> tuple[int, int, int]:
    """Where the front matter ends in ``first`` (a journal's text before its first record),
    and where its own title heading starts and ends: the first line past the front matter
    that starts "# ", its line break left out (an empty span there when it has none)."""
    found = _TITLE.search(first, past := past_front_matter(first))
    return (past, *found.span()) if found else (past, past, past)


def journal_title(head: bytes, title: object, stem: str) -> str:
    """The crawl's title, from its journal's start (``head``) and ``title`` property: the title
    heading's text (as shown) where the two differ, unless only the property differs from how
    solo named the crawl (its default, or the file's name ``stem``); else the file's name."""
    _, start, end = title_span(first := uncommented([head.partition(b"\n<!-- solo")[0]])[0])
    raw = first[start + 2:end].decode("utf-8", errors="replace").strip()
    heading, title = ESCAPED.sub(r"\1", raw), str(title or "")
    named = [_DEFAULT.fullmatch(text) or re.fullmatch(re.escape(slugify(text)) + r"(-\d+)?", stem)
             for text in (heading, title)]  # (each still as solo named the crawl)
    return title if title and (not raw or raw == inline_text(title)
                               or named[0] and not named[1]) else heading or stem


def uncommented(texts: Iterable[bytes]) -> list[bytes]:
    """Markdown texts without the comments a viewer hides (one left open is shown), each one's
    front matter as it is. Most have none: a mark's first byte is looked for first (fast)."""
    texts = list(texts)
    if b"<" in (joined := b"".join(texts)) or b"%" in joined:
        texts = [_uncomment(text) if b"<!--" in text or b"%%" in text else text for text in texts]
    return texts


def _uncomment(text: bytes) -> bytes:
    """``text`` past its front matter as ``_HIDDEN.sub(rb"\\1", …)`` leaves it, in linear time:
    a ``<!--`` past the last ``-->`` (left open) is not tried (each would read on to the end)."""
    kept, shut = [text[:(done := past_front_matter(text))]], text.rfind(b"-->") - 3
    for at in map(re.Match.start, _START.finditer(text, done)):
        if at >= done and (at < shut or text[at] != 60) and (hit := _HIDDEN.match(text, at)):
            kept += text[done:at], hit.group(1) or b""  # (60: "<")
            done = hit.end()
    return b"".join(kept) + text[done:]


def prose_lines(piece: bytes) -> list[str]:
    """The player's words in an entry's text (prose, or own Lonelog) as shown, a line each: not
    solo's opening of a sitting, hidden comments, headings, fence lines, escapes."""
    text = _OPENING.sub("", uncommented([piece])[0].decode(errors="replace"), count=1)
    return [ESCAPED.sub(r"\1", line.strip()) for line in text.split("\n")
            if line.strip() and not line.lstrip().startswith(("#", "```"))]
