"""The journal's header: its YAML front matter, described once, read and written.

:data:`FIELDS` is the one description of the header: each key solo writes, what it holds,
and whether a journal needs it. Every command that reads a journal (play, stats, export,
status, bare ``solo``) reads the header through :func:`read_header`, which checks each of
those keys against it; a wrong one is one line naming the key and what it should be
(``C.md: front matter: tables must be a list of table files, not 5``), and nothing is
written. Any other key is the player's own (Obsidian's ``tags``, ``aliases``,
``cssclasses``, or anything else): it is kept as it is, and written back whenever solo
writes a header from one it read.

The front matter is read as Obsidian and other YAML 1.2 readers read it
(:mod:`solo.journal.yaml12`), between a ``---`` first line and a ``---`` or ``...`` line,
either with trailing spaces. It is written (:func:`render_front_matter`) so that YAML 1.1
and 1.2 readers read the same values: every string either would read as something else is
quoted, and ``created`` is an unquoted date and time in UTC, which Obsidian shows as a date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timezone
from typing import Any

from solo import defaults
from solo.errors import JournalError, SoloError
from solo.journal.yaml12 import YamlProblem, dump_both, load_core
from solo.rules.numbers import whole_number
from solo.terminal import printable

__all__ = ["Field", "FIELDS", "HeaderError", "FrontMatter", "find_front_matter",
           "read_header", "render_front_matter", "obsidian_tags",
           "DICE_MODES", "JOURNAL_FORMAT", "READABLE_FORMATS", "TITLE_LIMIT"]

JOURNAL_FORMAT = 2
READABLE_FORMATS = (1, 2)
TITLE_LIMIT = 65_536
"""The longest title, in characters (64 Ki)."""
DICE_MODES = defaults.DICE_MODES


class HeaderError(SoloError):
    """A solo journal whose header solo cannot use as it stands. Not a JournalError: the
    file *is* a journal, so nothing may take it for some other file and write over it."""


# -- the description --------------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One key of the header: what it holds (the error's words), how it is checked."""

    name: str
    holds: str
    kind: str
    required: bool = False


FIELDS: tuple[Field, ...] = (
    Field("title", f"text of at most {TITLE_LIMIT:,} characters", "title"),
    Field("system", "a procedure id or a procedure file", "name", required=True),
    Field("seed", "a whole number", "whole", required=True),
    Field("created", "a date and time like 2023-11-14T10:30:00", "datetime"),
    Field("tags", "Obsidian's tags (the player's to change)", "any"),
    Field("tables", "a list of table files", "names"),
    Field("party", "a list of member names", "names"),
    Field("oracle", "the name of an oracle style", "name"),
    Field("dice", " or ".join(DICE_MODES), "dice"),
    Field("solo", "the journal format, " + " or ".join(map(str, READABLE_FORMATS)), "format",
          required=True),
)
"""Every key solo writes, in the order it writes them."""


class _Wrong(SoloError):
    """A value that is not what its field holds (``why`` replaces the shown value)."""

    def __init__(self, why: str | None = None) -> None:
        super().__init__(why)
        self.why = why


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _Wrong
    return value


def _title(value: Any) -> str:
    if isinstance(value, str) and len(value) > TITLE_LIMIT:
        raise _Wrong(f"{len(value):,} characters")
    return _text(value)


def _name(value: Any) -> str:
    if not _text(value).strip():
        raise _Wrong
    return value


def _whole(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    number = whole_number(value, signed=True) if isinstance(value, str) else None
    if number is None:
        raise _Wrong
    return number


_DATETIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}(?:[Tt ][0-9]{2}:[0-9]{2}(?::[0-9]{2}"
                       r"(?:\.[0-9]+)?)?(?:[ \t]*(?:Z|z|[-+][0-9]{2}(?::?[0-9]{2})?))?)?")


def _datetime(value: Any) -> str:
    if not _DATETIME.fullmatch(_text(value).strip()):
        raise _Wrong
    return value.strip()


def _names(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip()
                                              for item in value):
        raise _Wrong
    return value


def _dice(value: Any) -> str:
    if value not in DICE_MODES:
        raise _Wrong
    return str(value)


def _format(value: Any) -> int:
    number = _whole(value)
    if number > max(READABLE_FORMATS):
        raise _Wrong(f"{number}: a newer solo wrote this journal; update solo to play it")
    if number not in READABLE_FORMATS:
        raise _Wrong
    return number


_KINDS: dict[str, Callable[[Any], Any]] = {
    "title": _title, "name": _name, "whole": _whole, "datetime": _datetime, "names": _names,
    "dice": _dice, "format": _format, "any": lambda value: value,
}


def _shown(value: Any) -> str:
    """A value as the player wrote it, on one short line."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif value is None:
        text = "null"
    elif isinstance(value, str):
        text = repr(value)
    else:
        text = dump_both(value, flow=True).strip()
        text = text[:-4].rstrip() if text.endswith("\n...") else text
        text = " ".join(text.split())
    return printable(text if len(text) <= 60 else text[:59] + "…")


def _checked(meta: dict[Any, Any], name: str) -> dict[str, Any]:
    """The header with solo's keys checked and made plain (a quoted seed read as a number;
    an empty optional key dropped); the player's own keys as they are, in their places."""
    fields = {field.name: field for field in FIELDS}
    for field in FIELDS:
        if field.required and meta.get(field.name) is None:
            raise HeaderError(f"{name}: front matter: {field.name} is missing; it should be "
                              f"{field.holds}")
    checked: dict[str, Any] = {}
    for key, value in meta.items():
        known = fields.get(key) if isinstance(key, str) else None
        if known is None or known.kind == "any":  # the player's own
            checked[key] = value
            continue
        if value is None or value == "" and known.name == "title":
            continue  # left empty (as Obsidian leaves a cleared property)
        try:
            checked[key] = _KINDS[known.kind](value)
        except _Wrong as wrong:
            raise HeaderError(f"{name}: front matter: {key} must be {known.holds}, not "
                              f"{wrong.why or _shown(value)}") from None
    return checked


# -- finding it ---------------------------------------------------------------------------------
_OPEN = re.compile(r"^---[ \t]*$", re.M)
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.M)
_SOLO_KEY = re.compile(r"^solo[ \t]*:", re.M)


@dataclass(frozen=True)
class FrontMatter:
    """Where the front matter is: its YAML, the line its opening fence is on (1-based) and
    the offset just past its closing fence's line."""

    yaml: str
    line: int
    end: int


def find_front_matter(text: str, anywhere: bool = False) -> FrontMatter | None:
    """The front matter at the top of ``text`` (LF line ends); with ``anywhere``, the first
    block between fence lines further down that holds a ``solo:`` key."""
    for opening in _OPEN.finditer(text):
        if opening.start() > 0 and not anywhere:
            return None
        start = opening.end() + 1
        closing = _CLOSE.search(text, start) if start <= len(text) else None
        if closing is None:
            return None
        found = FrontMatter(text[start:closing.start()], text.count("\n", 0, opening.start())
                            + 1, min(len(text), closing.end() + 1))
        if opening.start() == 0 or _SOLO_KEY.search(found.yaml):
            return found
    return None


def _looks_like_solo(text: str) -> bool:
    """Whether a block between fence lines further down is a solo header (and not two
    horizontal rules around a line that begins with ``solo:``)."""
    try:
        meta = load_core(text)
    except YamlProblem:
        return False
    return isinstance(meta, dict) and "solo" in meta and "system" in meta


def read_header(text: str, name: str) -> dict[str, Any]:
    """The header of the journal whose text (LF line ends, no BOM) begins with ``text``,
    checked against :data:`FIELDS`. JournalError when it is no solo journal at all;
    HeaderError, one line, when it is one solo cannot read as it stands."""
    not_journal = JournalError(f"{name} is not a solo journal (no solo front matter); "
                               "it was left untouched")
    found = find_front_matter(text)
    if found is None:
        lower = find_front_matter(text, anywhere=True)
        if lower is not None and lower.line > 1 and _looks_like_solo(lower.yaml):
            raise HeaderError(f"{name}: the front matter begins on line {lower.line}, below "
                              "other text; move the lines above it to after its closing "
                              "--- (a journal must begin with ---); the file was left "
                              "untouched")
        if text.startswith("---") and _SOLO_KEY.search(text[:64 * 1024]):
            raise HeaderError(f"{name}: front matter: no closing --- line; add one after "
                              "the header; the file was left untouched")
        raise not_journal
    try:
        meta = load_core(found.yaml)
    except YamlProblem as problem:
        if not _SOLO_KEY.search(found.yaml):
            raise not_journal from None
        where = f" (line {found.line + problem.line})" if problem.line else ""
        raise HeaderError(printable(f"{name}: front matter: not valid YAML{where}: "
                                    f"{problem.problem[:120]}; the file was left "
                                    "untouched")) from None
    if isinstance(meta, dict) and "solo" not in meta and "\n<!-- solo" in text:  # (line gone)
        raise HeaderError(f"{name}: front matter: solo is missing; add the line 'solo: "
                          f"{1 if '<!-- solo:state' in text else JOURNAL_FORMAT}' (the journal's "
                          "format); the file was left untouched")
    if not isinstance(meta, dict) or "solo" not in meta:
        raise not_journal
    return _checked(meta, name)


# -- writing it ---------------------------------------------------------------------------------
def _created_value(value: Any) -> Any:
    """``created`` as a value the dumper writes unquoted (a datetime or a date) when it is
    one; an older journal's ``2023-11-14T22:13:20Z`` is the same moment, in UTC."""
    if not isinstance(value, str) or not _DATETIME.fullmatch(value.strip()):
        return value
    text = value.strip()
    if len(text) == 10:
        return date.fromisoformat(text)
    stamp = re.sub(r"[ \t]*[Zz]$", "+00:00", text[:10] + "T" + text[11:])
    stamp = re.sub(r"([-+][0-9]{2})([0-9]{2})$", r"\1:\2", stamp)
    stamp = re.sub(r"[ \t]+([-+])", r"\1", stamp)
    stamp = re.sub(r"\.([0-9]{6})[0-9]+", r".\1", stamp)
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return value
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc).replace(tzinfo=None)
    return moment


def obsidian_tags(system_id: str) -> list[str]:
    """A new journal's tags: ``[solo, dungeon-crawl, <procedure id>]``, the id made a valid
    Obsidian tag (letters, digits, ``_``, ``-`` and ``/``, not all digits)."""
    tag = re.sub(r"[^\w/-]+", "-", system_id).strip("-/")
    tags = ["solo", "dungeon-crawl"]
    if tag and not tag.isdigit() and tag not in tags:
        tags.append(tag)
    return tags


_EXACT_IN_JAVASCRIPT = 2 ** 53
"""Obsidian reads a number into a JavaScript double: past this, a seed would come back
another number."""


def _written(key: Any, value: Any) -> Any:
    if key == "created":
        return _created_value(value)
    if key == "seed" and isinstance(value, int) and abs(value) >= _EXACT_IN_JAVASCRIPT:
        return str(value)  # quoted, so Obsidian keeps every digit (solo reads it back)
    return value


def render_front_matter(meta: Mapping[Any, Any]) -> str:
    """``meta`` as front matter between ``---`` lines, keys in their order: solo's values
    as every YAML reader reads them alike, the player's own as they were read."""
    values = {key: _written(key, value) for key, value in meta.items()}
    return f"---\n{dump_both(values) if values else ''}---\n"
