"""A title made into a name for a file or an id, one way for journals and imported keys:
lower case, accents dropped where a letter has an ASCII base (Café → cafe), other scripts
kept (Ночь → ночь), every run of other characters one hyphen."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["slugify"]


def slugify(title: str, fallback: str = "crawl", length: int = 60) -> str:
    """``title`` as a name of at most ``length`` characters (``fallback`` if none is left)."""
    pairs = [(char, "".join(part for part in unicodedata.normalize("NFKD", char)
                            if not unicodedata.combining(part)))
             for char in unicodedata.normalize("NFC", title.lower())]
    letters = "".join(bare if bare.isascii() else char for char, bare in pairs)
    return re.sub(r"[\W_]+", "-", letters).strip("-")[:length].rstrip("-") or fallback
