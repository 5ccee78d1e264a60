"""A line of the journal's prose as HTML: the inline Markdown a player types, made safe.

What solo's journal holds between the structure it writes is the player's prose (and
the emphasis of solo's own headings and date lines). This renders the inline part of
CommonMark that such prose uses: emphasis and strong emphasis (``*``, ``_``, by the
spec's delimiter rules), code spans, backslash escapes, entity references and line
breaks. An image becomes its alt text in brackets, so the page never fetches anything;
links, autolinks and raw HTML stay as the text they are. Every character of the text
comes out HTML-escaped: nothing the player wrote can become markup.
"""

from __future__ import annotations

import re
import unicodedata
from html import escape
from html.entities import html5

__all__ = ["inline_html", "text_html"]

_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_WHITESPACE = frozenset(" \t\n\x0b\x0c\r\u00a0\u1680\u202f\u205f\u3000") \
    | frozenset(map(chr, range(0x2000, 0x200B)))
_SPECIAL = re.compile(r"[\\`*_!&\n]")
_ENTITY = re.compile(r"&(?:#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{0,31}));")
_IMAGE = re.compile(r"!\[((?:[^\[\]\\]|\\.)*)\]\(\s*(<[^<>\n]*>|[^\s()<>]*)"
                    r"(?:\s+(?:\"[^\"]*\"|'[^']*'|\([^()]*\)))?\s*\)", re.S)
_REFUSED_SCHEMES = re.compile(r"(?:javascript|vbscript|file|data):", re.I)
_SAFE_IMAGE_DATA = re.compile(r"data:image/(?:gif|png|jpeg|webp);", re.I)
_BACKSLASHED = re.compile(r"\\([!-/:-@\[-`{-~])")


def text_html(text: str) -> str:
    """Text as HTML character data: ``& < > "`` escaped (what markdown-it escapes)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;")


class _Kept(str):
    """Text a backslash escaped: a blank in it is kept at the end of a line."""


class _Run:
    """A run of ``*`` or ``_``: how many are left, and the tags matched on either side."""

    __slots__ = ("char", "count", "length", "can_open", "can_close", "closes", "opens")

    def __init__(self, char: str, length: int, can_open: bool, can_close: bool) -> None:
        self.char, self.count, self.length = char, length, length
        self.can_open, self.can_close = can_open, can_close
        self.closes: list[str] = []  # end tags, innermost first
        self.opens: list[str] = []   # start tags, outermost first

    def __str__(self) -> str:
        return "".join(self.closes) + self.char * self.count + "".join(self.opens)


def _is_punctuation(char: str) -> bool:
    return char in _ASCII_PUNCTUATION or unicodedata.category(char).startswith(("P", "S"))


def _run(text: str, start: int, end: int) -> _Run:
    """The delimiter run ``text[start:end]`` and whether it can open or close emphasis."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    before_space, after_space = before in _WHITESPACE, after in _WHITESPACE
    before_punct, after_punct = _is_punctuation(before), _is_punctuation(after)
    left = not after_space and (not after_punct or before_space or before_punct)
    right = not before_space and (not before_punct or after_space or after_punct)
    if text[start] == "*":
        return _Run("*", end - start, left, right)
    return _Run("_", end - start, left and (not right or before_punct),
                right and (not left or after_punct))


def _match_emphasis(runs: list[_Run]) -> None:
    """The spec's "process emphasis": pair each closing run with the nearest opener that
    may take it, innermost first; the runs between a pair become plain text."""
    gone = [False] * len(runs)  # taken off the stack (indices stay put)
    bottoms: dict[tuple[str, bool, int], int] = {}
    index = 0
    while index < len(runs):
        closer = runs[index]
        if gone[index] or not closer.can_close:
            index += 1
            continue
        key = (closer.char, closer.can_open, closer.length % 3)
        found = -1
        for position in range(index - 1, bottoms.get(key, -1), -1):
            opener = runs[position]
            if gone[position] or opener.char != closer.char or not opener.can_open:
                continue
            odd = (opener.can_close or closer.can_open) \
                and (opener.length + closer.length) % 3 == 0 \
                and not (opener.length % 3 == 0 and closer.length % 3 == 0)
            if not odd:
                found = position
                break
        if found < 0:
            bottoms[key] = index - 1
            gone[index] = not closer.can_open
            index += 1
            continue
        opener = runs[found]
        used = 2 if opener.count >= 2 and closer.count >= 2 else 1
        tag = "strong" if used == 2 else "em"
        opener.count -= used
        closer.count -= used
        opener.opens.insert(0, f"<{tag}>")
        closer.closes.append(f"</{tag}>")
        gone[found + 1:index] = [True] * (index - found - 1)
        gone[found] = opener.count == 0
        if closer.count == 0:
            gone[index] = True
            index += 1


def _entity(match: re.Match[str]) -> str:
    decimal, hexadecimal, name = match.groups()
    if name is not None:
        char = html5.get(name + ";")
        return text_html(char) if char is not None else text_html(match[0])
    code = int(decimal) if decimal is not None else int(hexadecimal, 16)
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return "\ufffd"
    return text_html(chr(code))


def _image(match: re.Match[str]) -> str | None:
    """An image as its alt text in brackets (None when it is no image: a refused scheme)."""
    target = match[2].strip("<>")
    if _REFUSED_SCHEMES.match(target) and not _SAFE_IMAGE_DATA.match(target):
        return None
    alt = _BACKSLASHED.sub(r"\1", match[1]).replace("*", "").replace("_", "")
    return f'<span class="img-alt">[{escape(" ".join(alt.split()) or "image")}]</span>'


def _code_span(text: str, start: int, ticks: int) -> tuple[str, int] | None:
    """The code span opened by ``ticks`` backticks at ``start``, and where it ends."""
    position = start + ticks
    while True:
        found = text.find("`" * ticks, position)
        if found < 0:
            return None
        end = found + ticks
        if text[found - 1] != "`" and (end >= len(text) or text[end] != "`"):
            code = text[start + ticks:found].replace("\n", " ")
            if code.startswith(" ") and code.endswith(" ") and code.strip(" "):
                code = code[1:-1]
            return f"<code>{text_html(code)}</code>", end
        position = end
        while position < len(text) and text[position] == "`":
            position += 1


def inline_html(text: str) -> str:
    """One paragraph's (or heading's) text, its lines already stripped, as inline HTML."""
    pieces: list[str | _Run] = []
    runs: list[_Run] = []
    position = 0
    while True:
        found = _SPECIAL.search(text, position)
        if found is None:
            pieces.append(text_html(text[position:]))
            break
        at = found.start()
        pieces.append(text_html(text[position:at]))
        char = text[at]
        if char == "\\":  # (what it escapes is kept whole: a blank after it is no trailing one)
            following = text[at + 1:at + 2]
            position = at + 2
            if following == "\n":
                pieces.append("<br />\n")
                while position < len(text) and text[position] in " \t":
                    position += 1
            else:
                pieces.append(_Kept(text_html(following if following in _ASCII_PUNCTUATION
                                              else char + following)))
        elif char == "`":
            end = at
            while end < len(text) and text[end] == "`":
                end += 1
            span = _code_span(text, at, end - at)
            pieces.append(span[0] if span else text[at:end])
            position = span[1] if span else end
        elif char in "*_":
            end = at
            while end < len(text) and text[end] == char:
                end += 1
            run = _run(text, at, end)
            pieces.append(run)
            if run.can_open or run.can_close:
                runs.append(run)
            position = end
        elif char == "!":
            image = _IMAGE.match(text, at)
            shown = _image(image) if image else None
            pieces.append(shown if shown is not None else "!")
            position = image.end() if shown is not None and image else at + 1
        elif char == "&":
            entity = _ENTITY.match(text, at)
            pieces.append(_entity(entity) if entity else "&amp;")
            position = entity.end() if entity else at + 1
        else:  # a line break: hard after two spaces, else soft
            last = pieces[-1]
            plain = isinstance(last, str) and not isinstance(last, _Kept)
            hard = plain and last.endswith("  ")  # type: ignore[union-attr]
            if plain:
                pieces[-1] = last.rstrip(" ")  # type: ignore[union-attr]
            pieces.append("<br />\n" if hard else "\n")
            position = at + 1
            while position < len(text) and text[position] in " \t":
                position += 1
    if runs:
        _match_emphasis(runs)
    return "".join(map(str, pieces))
