"""One reader for every whole number the player types.

Python's ``str.isdigit()`` says yes to ``²`` and ``①``, which ``int()`` then refuses, and
``int()`` itself reads ``٣`` (an Arabic-Indic three) and ``1_000``. A number the player
types is read here instead: ASCII digits only, an optional sign where a sign makes sense,
at most :data:`MAX_DIGITS` digits. Anything else is not a number, and the caller asks again
or says so; it never raises.
"""

from __future__ import annotations

import re

__all__ = ["MAX_DIGITS", "whole_number", "number_between"]

MAX_DIGITS = 30
"""The most digits a typed number may have (a seed needs ten; a die face, one or two)."""

_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_SIGNED = re.compile(rf"[-+]?[0-9]{{1,{MAX_DIGITS}}}")


def whole_number(text: str, signed: bool = False) -> int | None:
    """The whole number ``text`` spells in ASCII digits (a leading ``+`` or ``-`` too when
    ``signed``), spaces around it ignored; None for anything else."""
    text = text.strip(" \t\r\n")
    found = (_SIGNED if signed else _UNSIGNED).fullmatch(text)
    return int(text) if found else None


def number_between(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` spells when it is from ``low`` to ``high``; else None."""
    number = whole_number(text, signed=low < 0)
    return number if number is not None and low <= number <= high else None
