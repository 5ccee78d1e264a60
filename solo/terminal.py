"""Text from a journal or a procedure made safe to print on a terminal."""

from __future__ import annotations

import unicodedata

__all__ = ["printable"]

_KEPT = "\n\t"


def printable(text: str) -> str:
    """``text`` with every control character (escape sequences included), lone surrogate
    and bidirectional override shown escaped (``\\x1b``), so printing it can never move
    the cursor, retitle the terminal or garble what follows. Line breaks and tabs stay."""
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text
    out = []
    for char in text:
        if char in _KEPT or char.isprintable() or char == " ":
            out.append(char)
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cs") or char in "\u2028\u2029" or (
                category == "Cf" and unicodedata.bidirectional(char) in
                ("LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI")):
            out.append(char.encode("unicode_escape", "backslashreplace").decode("ascii"))
        else:
            out.append(char)  # other format characters (joiners in emoji) are harmless
    return "".join(out)
