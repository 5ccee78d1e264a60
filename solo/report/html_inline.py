"""The player's Markdown as HTML, by markdown-it-py, set up so that nothing typed becomes markup.

A journal holds the player's prose between the structure solo writes. Its Markdown is
rendered by markdown-it-py: CommonMark, GitHub's tables and ``~~strikethrough~~``, and:

* raw HTML stays the text it is (``html`` off): ``<div hidden>`` shows as typed;
* links, autolinks and link definitions stay the text they are: the page points nowhere;
* an image shows as its alt text in brackets, so the page never fetches anything;
* a fence is a ``mech`` box of lines, each classed by its Lonelog mark
  (:func:`fence_html`), as solo's own notation is drawn.

Every character of the text comes out HTML-escaped. markdown-it-py's parsing is linear in
its input, and the few shapes that make most of a journal (plain words, a scene heading's
one emphasis) are rendered without it (:func:`quick_inline`), to the same HTML.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml

from solo.journal.notation import line_kind

__all__ = ["MARKDOWN", "FenceLines", "fence_html", "inline_html", "quick_inline"]


class FenceLines(dict[bytes, bytes]):
    """Each notation line's HTML (in UTF-8), made the first time the line is met (a
    journal's fences hold few different lines, again and again)."""

    def __missing__(self, line: bytes) -> bytes:
        self.learn([line])
        return self[line]

    def learn(self, lines: Iterable[bytes]) -> None:
        """The HTML of each of ``lines`` not yet known, made together."""
        new = list(set(lines).difference(self))
        if not new:
            return
        texts = b"\n".join(new).decode("utf-8", errors="replace")
        shown = escapeHtml(texts).replace("'", "&#x27;").encode().split(b"\n")
        kinds = map(line_kind, texts.split("\n"))
        self.update(zip(new, map(b'<div class="l %s">%s</div>'.__mod__,
                                 zip(map(str.encode, kinds), shown, strict=True)), strict=True))


def fence_html(lines: Iterable[bytes], known: FenceLines | None = None) -> bytes:
    """A fence's lines (in UTF-8) as a ``mech`` box, a ``div`` for each line classed by its
    mark (``known``: the lines met before, to render each different line once)."""
    shown = map((FenceLines() if known is None else known).__getitem__, lines)
    return b'<div class="mech">%s</div>\n' % b"".join(shown)


def _fence(renderer: Any, tokens: Sequence[Any], index: int, options: Any, env: Any) -> str:
    """A fence in markdown-it's output (``env`` may hold the :class:`FenceLines` known)."""
    lines = tokens[index].content.rstrip("\n").encode().split(b"\n")
    return fence_html(lines, env.get("lines")).decode()


def _image(renderer: Any, tokens: Sequence[Any], index: int, options: Any, env: Any) -> str:
    """An image as its alt text in brackets: the page fetches nothing."""
    alt = " ".join(renderer.renderInlineAsText(tokens[index].children or [], options,
                                               env).split())
    return f'<span class="img-alt">[{escapeHtml(alt or "image")}]</span>'


MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"]).disable(
    ["html_block", "html_inline", "link", "autolink", "reference"])
"""markdown-it-py as the report renders the player's Markdown."""
MARKDOWN.add_render_rule("fence", _fence)
MARKDOWN.add_render_rule("image", _image)

# the characters that can start inline Markdown, or that markdown-it changes
_INLINE_MARKS = frozenset("\\`*_&![]<~\n\r\x00")


def quick_inline(text: str) -> str | None:
    """The inline HTML of ``text`` (a heading's or a one-line paragraph's, trimmed), when it
    is plain words or plain words with one ``*emphasis*`` whose ends are letters or digits
    (a scene heading as solo writes it): exactly what markdown-it makes of it, in a few
    string operations. None for any other text."""
    if _INLINE_MARKS.isdisjoint(text):
        return escapeHtml(text)
    if text.count("*") != 2 or not _INLINE_MARKS.isdisjoint(text.replace("*", "")):
        return None
    before, middle, after = text.split("*")
    if not (middle[:1].isalnum() and middle[-1:].isalnum()):
        return None
    return f"{escapeHtml(before)}<em>{escapeHtml(middle)}</em>{escapeHtml(after)}"


def inline_html(text: str) -> str:
    """One paragraph's (or heading's) text, its lines already stripped, as inline HTML."""
    quick = quick_inline(text)
    return quick if quick is not None else MARKDOWN.renderInline(text)
