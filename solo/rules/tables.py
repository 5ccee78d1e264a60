"""Range tables: entries keyed by single values or ranges, rolled with dice plus a modifier.

A table file looks like::

    kind: tables
    tables:
      wandering-monsters:
        title: Wandering monsters
        dice: d10
        plus: tension          # optional expression added to the roll
        entries:
          1-4: A lost adventurer
          5-8: 1d4 goblins      # dice inside an entry's text are rolled when it comes up
          9-10:
            text: An ogre
            id: ogre            # optional short name (used in statistics)

Totals past either end clamp to that end. Gaps and overlaps are load errors.

Tables read with ``extended=True`` (tables files, generator files, Markdown tables; never
a procedure's own tables) may also use what generators need; :mod:`solo.rules.table_roll`
rolls them, and :mod:`solo.rules.table_file` reads them and checks their references
when a file loads:

- ``dice: d66`` (or ``d666``, or ``d6;d6``, ``1d4;1d8``): compound dice, each die one
  digit, read as tens and units (``d66`` gives 11-66); only the possible values need
  covering;
- ``entries:`` as a list, each entry with a ``weight`` (default 1): a weighted table,
  rolled as one die with as many sides as the weights add up to;
- ``roll: [other-table]`` on an entry, or ``[[other-table]]`` inside its text: the entry
  rolls those tables too (nesting, at most 10 deep; a cycle is refused when the file loads);
- ``again: 2`` on an entry: roll this table twice more;
- ``is: trap`` on an entry: what it stands for to a generator (a door kind, a content kind,
  a number of exits);
- ``columns: [action, subject]`` with each entry a list of cells: several columns rolled
  together, each with its own roll of the dice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from solo.rules import dice
from solo.rules.dice import Expression
from solo.rules.expr import Expr, compile_expr

__all__ = ["Entry", "Table", "expand_inline_dice", "has_inline_dice", "inline_dice", "slug",
           "LINK",
           "MAX_DEPTH", "RANGE"]

RANGE = re.compile(r"^\s*(-?\d+)\s*(?:[-–]\s*(-?\d+)\s*)?$")
LINK = re.compile(r"\[\[\s*([^\[\]|]+?)\s*\]\]")
"""``[[table name]]`` inside an entry's text: roll that table there (Iron Vault's links)."""
MAX_DEPTH = 10
"""How deeply tables may roll other tables."""
_INLINE_DICE = re.compile(r"(?<![\w%])(\d*[dD]\d+(?:\s*[+-]\s*\d+(?![dD\d]))?)(?![\w%])")


@dataclass(frozen=True)
class Entry:
    """One row of a table: the totals it covers, its text, a short id, and engine effects."""

    low: int
    high: int
    text: str
    id: str
    effects: tuple[Any, ...] = ()
    rolls: tuple[str, ...] = ()
    """Tables this entry rolls too (``roll:``), after the links in its text."""
    again: int = 0
    """How many more times the entry's own table is rolled (``again:``)."""
    tag: str | int | None = None
    """What the entry stands for to a generator (``is:``): a door, a content, a count."""
    cells: tuple[str, ...] = ()
    """Its cells, one a column, in a table with ``columns`` (``text`` joins them)."""

    @property
    def span(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Table:
    """A range table. ``plus`` is an expression (such as ``tension``) added to the roll."""

    name: str
    title: str
    dice: str
    entries: tuple[Entry, ...]
    plus: str | None = None
    source: str = ""
    digits: tuple[int, ...] = ()
    """Compound dice (``d66``): the sides of each die, read as tens, units…; else ()."""
    columns: tuple[str, ...] = ()
    """The columns rolled together (``columns: [action, subject]``); else ()."""

    @property
    def plain(self) -> bool:
        """Whether one roll of ``dice`` picks the entry, as every table did before nesting,
        compound dice and columns (the engine's own roller reads only such tables)."""
        return not self.digits and not self.columns and not any(
            entry.rolls or entry.again or LINK.search(entry.text) for entry in self.entries)

    def faces(self) -> tuple[int, ...]:
        """Every value compound dice can read (``d66``: 11-16, 21-26 … 61-66)."""
        values = [0]
        for sides in self.digits:
            values = [value * 10 + face for value in values for face in range(1, sides + 1)]
        return tuple(values)

    @cached_property
    def expression(self) -> Expression:
        """The table's dice, parsed once."""
        return dice.parse(self.dice)

    @cached_property
    def plus_expr(self) -> Expr | None:
        """The table's modifier, compiled once (None when it has none)."""
        return None if self.plus is None else compile_expr(self.plus)

    @property
    def low(self) -> int:
        return self.entries[0].low

    @property
    def high(self) -> int:
        return self.entries[-1].high

    def index_for(self, total: int) -> int:
        """The index of the entry covering ``total``, clamping past either end."""
        if self.digits:
            for index, entry in enumerate(self.entries):
                if entry.low <= total <= entry.high:
                    return index
        if total <= self.entries[0].high:
            return 0
        if total >= self.entries[-1].low:
            return len(self.entries) - 1
        for index, entry in enumerate(self.entries):
            if entry.low <= total <= entry.high:
                return index
        raise AssertionError("tables are contiguous")  # pragma: no cover

    def find(self, ref: str) -> int | None:
        """An entry index by id, by exact text, or by a number it covers."""
        ref = ref.strip()
        for index, entry in enumerate(self.entries):
            if ref.lower() in (entry.id.lower(), entry.text.lower()):
                return index
        if RANGE.match(ref) and "-" not in ref.strip()[1:] and len(ref) <= 16 \
                and self.low <= int(ref) <= self.high:  # (no number past either end)
            return self.index_for(int(ref))
        return None


def slug(text: str, limit: int = 40) -> str:
    """A lower-case, hyphenated short name for ``text``."""
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:limit].rstrip("-") or "entry"


def has_inline_dice(text: str) -> bool:
    """Whether :func:`expand_inline_dice` rolls anything for ``text``."""
    return _INLINE_DICE.search(text) is not None


def inline_dice(text: str) -> tuple[str, ...]:
    """The dice :func:`expand_inline_dice` rolls for ``text``, in the order it rolls them."""
    return tuple(_dice_of(match) for match in _INLINE_DICE.finditer(text))


def _dice_of(match: re.Match[str]) -> str:
    return match.group(1).replace(" ", "")


def expand_inline_dice(text: str, rng) -> tuple[str, list[dice.Roll]]:
    """Roll every dice expression inside ``text``: ``1d4 goblins`` -> ``3 goblins``."""
    if text in _NO_DICE:
        return text, []
    rolls: list[dice.Roll] = []
    pieces: list[str] = []
    at = 0
    for match in _INLINE_DICE.finditer(text):
        result = dice.roll(_dice_of(match), rng)
        rolls.append(result)
        pieces += [text[at:match.start()], str(result.total)]
        at = match.end()
        if result.total == 1:  # '1 giant ant', not '1 giant ants'
            noun = _NOUN_AFTER.match(text, at)
            if noun:
                pieces.append(text[at:noun.start(2)] + _singular(noun.group(2)))
                at = noun.end(2)
    pieces.append(text[at:])
    if not rolls and len(_NO_DICE) < 10_000:
        _NO_DICE.add(text)
    return "".join(pieces), rolls


_NOUN_AFTER = re.compile(r"((?: (?!(?:of|in|per|for|and|or|to|the|a|an|on|at|with|by)\b)"
                         r"[a-z]+(?<!s)){0,2}) ([a-z]+[^s]s)\b")
"""After a count: up to two words that are no plural, then a plural noun (``giant ants``)."""


def _singular(word: str) -> str:
    """A regular English plural made singular: beetles -> beetle, boxes -> box."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    return word[:-1]


_NO_DICE: set[str] = set()  # texts already seen to hold no dice
