"""The keys that extended tables and entries add (tables files, generators, Markdown),
checked: compound dice, columns, ``roll``, ``again`` and ``is``. The procedure guide's
table and entry blocks (:mod:`solo.rules.schema`) describe only the keys every table has.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from solo.rules.yamlfile import Document

__all__ = ["EXTENDED_TABLE_KEYS", "EXTENDED_ENTRY_KEYS", "compound_digits",
           "check_extended_keys", "parse_columns", "check_compound_cover", "extended_entry"]

_COMPOUND = re.compile(r"^\s*(?:d(66|666)|(1?d[2-9](?:\s*;\s*1?d[2-9]){1,2}))\s*$", re.I)

EXTENDED_TABLE_KEYS = ("title", "dice", "plus", "entries", "columns")
EXTENDED_ENTRY_KEYS = ("text", "id", "effects", "roll", "again", "is", "weight")
_COMMENTS = ("note", "reading")


def compound_digits(text: str) -> tuple[int, ...]:
    """The sides of each die of compound dice (``d66`` -> (6, 6), ``d4;d8`` -> (4, 8)),
    or () when ``text`` is ordinary dice."""
    match = _COMPOUND.match(text)
    if match is None:
        return ()
    if match.group(1):
        return (6,) * len(match.group(1))
    return tuple(int(part.strip().lstrip("1")[1:]) for part in match.group(2).split(";"))


def check_extended_keys(doc: Document, path: tuple, raw: Mapping[Any, Any],
                         allowed: tuple[str, ...], required: tuple[str, ...]) -> None:
    """The key check of an extended table or entry (whose keys the schema's block, and so
    the procedure guide, does not list)."""
    for key in raw:
        if key not in allowed and key not in _COMMENTS:
            raise doc.error(path + (key,), f"unknown key; expected {', '.join(allowed)}")
    for key in required:
        if key not in raw:
            raise doc.error(path + (key,), f"missing '{key}'")


def parse_columns(doc: Document, path: tuple, raw: Any) -> tuple[str, ...]:
    if raw is None:
        return ()
    if (not isinstance(raw, list) or len(raw) < 2
            or not all(isinstance(name, str) and name.strip() for name in raw)):
        raise doc.error(path + ("columns",), "expected two or more column names: [action, "
                        "subject]")
    if len({name.lower() for name in raw}) != len(raw):
        raise doc.error(path + ("columns",), "each column needs its own name")
    return tuple(name.strip() for name in raw)


def check_compound_cover(doc: Document, path: tuple, dice_text: str, faces: tuple[int, ...],
                         spans: list[tuple[int, int]]) -> None:
    """Every value compound dice can read (``faces``) is covered by one of ``spans``
    (overlaps are refused already)."""
    for value in faces:
        if not any(low <= value <= high for low, high in spans):
            raise doc.error(path + ("entries",), f"gap: nothing covers {value} "
                            f"({dice_text} reads {faces[0]}-{faces[-1]}, each die one digit)")


def extended_entry(doc: Document, path: tuple, value: Mapping[Any, Any]) -> dict[str, Any]:
    """An entry's ``roll``, ``again`` and ``is``, checked."""
    extra: dict[str, Any] = {}
    rolls = value.get("roll")
    if rolls is not None:
        names = [rolls] if isinstance(rolls, str) else rolls
        if (not isinstance(names, list) or not names
                or not all(isinstance(name, str) and name.strip() for name in names)):
            raise doc.error(path + ("roll",), "expected a table's name, or a list of names")
        if len(names) > 12:
            raise doc.error(path + ("roll",), "an entry rolls at most 12 tables")
        extra["rolls"] = tuple(name.strip() for name in names)
    again = value.get("again")
    if again is not None:
        if not isinstance(again, int) or isinstance(again, bool) or not 1 <= again <= 3:
            raise doc.error(path + ("again",), "expected how many more rolls: 1, 2 or 3")
        extra["again"] = again
    tag = value.get("is")
    if tag is not None:
        if isinstance(tag, bool) or not isinstance(tag, (str, int)):
            raise doc.error(path + ("is",), "expected a word (trap, locked) or a number")
        extra["tag"] = tag
    return extra
