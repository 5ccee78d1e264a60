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
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from solo.errors import DiceError
from solo.rules import dice
from solo.rules.dice import Expression
from solo.rules.expr import Expr, ExprError, compile_expr
from solo.rules.schema import check_keys
from solo.rules.yamlfile import Document

__all__ = ["Entry", "Table", "parse_table", "parse_tables_file", "expand_inline_dice",
           "has_inline_dice", "slug"]

_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:[-–]\s*(-?\d+)\s*)?$")
_INLINE_DICE = re.compile(r"(?<![\w%])(\d*[dD]\d+(?:\s*[+-]\s*\d+(?![dD\d]))?)(?![\w%])")


@dataclass(frozen=True)
class Entry:
    """One row of a table: the totals it covers, its text, a short id, and engine effects."""

    low: int
    high: int
    text: str
    id: str
    effects: tuple[Any, ...] = ()

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
        if _RANGE.match(ref) and "-" not in ref.strip()[1:] and len(ref) <= 16:
            return self.index_for(int(ref))
        return None


def slug(text: str, limit: int = 40) -> str:
    """A lower-case, hyphenated short name for ``text``."""
    words = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return words[:limit].rstrip("-") or "entry"


def has_inline_dice(text: str) -> bool:
    """Whether :func:`expand_inline_dice` rolls anything for ``text``."""
    return _INLINE_DICE.search(text) is not None


def expand_inline_dice(text: str, rng) -> tuple[str, list[dice.Roll]]:
    """Roll every dice expression inside ``text``: ``1d4 goblins`` -> ``3 goblins``."""
    if text in _NO_DICE:
        return text, []
    rolls: list[dice.Roll] = []
    pieces: list[str] = []
    at = 0
    for match in _INLINE_DICE.finditer(text):
        result = dice.roll(match.group(1).replace(" ", ""), rng)
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


EffectsParser = Callable[[Document, tuple, Any], tuple]


def parse_table(doc: Document, path: tuple, name: str, raw: Any,
                parse_effects: EffectsParser | None = None) -> Table:
    """Validate one table definition found at ``path`` in ``doc``."""
    if not isinstance(raw, Mapping):
        raise doc.error(path, "expected a table: a mapping with 'dice' and 'entries'")
    check_keys(doc, path, raw, "table")
    dice_text = raw.get("dice")
    if not isinstance(dice_text, str):
        raise doc.error(path + ("dice",), "expected a dice expression such as d12 or 2d6")
    try:
        dice.parse(dice_text)
    except DiceError as err:
        raise doc.error(path + ("dice",), str(err)) from None
    plus = raw.get("plus")
    if plus is not None:
        if not isinstance(plus, (str, int)) or isinstance(plus, bool):
            raise doc.error(path + ("plus",), "expected an expression such as tension")
        try:
            compiled = compile_expr(plus)
            doc.expressions.append((path + ("plus",), compiled))
            doc.numeric.append((path + ("plus",), compiled, "a table's plus needs a number"))
        except ExprError as err:
            raise doc.error(path + ("plus",), str(err)) from None
    entries_raw = raw.get("entries")
    if not isinstance(entries_raw, Mapping) or not entries_raw:
        raise doc.error(path + ("entries",), "expected a mapping of rolls (4 or 1-4) to entries")
    entries = [_parse_entry(doc, path + ("entries", key), key, value, parse_effects)
               for key, value in entries_raw.items()]
    entries.sort(key=lambda entry: entry.low)
    for before, after in zip(entries, entries[1:], strict=False):
        if after.low <= before.high:
            raise doc.error(path + ("entries", after.span),
                            f"overlaps {before.span}; each roll may appear only once")
        if after.low != before.high + 1:
            raise doc.error(path + ("entries", after.span),
                            f"gap: nothing covers {before.high + 1}-{after.low - 1}")
    title = raw.get("title", name)
    return Table(name=name, title=str(title), dice=dice_text,
                 plus=None if plus is None else str(plus),
                 entries=tuple(entries), source=doc.file)


def _parse_entry(doc: Document, path: tuple, key: Any, value: Any,
                 parse_effects: EffectsParser | None) -> Entry:
    match = _RANGE.match(str(key)) if isinstance(key, (int, str)) else None
    if match is None or isinstance(key, bool):
        raise doc.error(path, "expected a roll such as 4 or a range such as 1-4")
    if max(len(match.group(1)), len(match.group(2) or "")) > 16:
        raise doc.error(path, "a roll of at most 15 digits")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if high < low:
        raise doc.error(path, f"range {key} runs backwards")
    effects: tuple = ()
    if isinstance(value, str):
        text, entry_id = value, slug(value)
    elif isinstance(value, Mapping):
        check_keys(doc, path, value, "entry")
        raw_text = value.get("text")
        if not isinstance(raw_text, str):
            raise doc.error(path + ("text",), "expected the entry's text")
        text = raw_text
        entry_id = str(value.get("id", slug(text)))
        if not isinstance(entry_id, str):
            raise doc.error(path + ("id",), "expected a short name")
        if "effects" in value:
            if parse_effects is None:
                raise doc.error(path + ("effects",), "effects belong in procedure files")
            effects = parse_effects(doc, path + ("effects",), value["effects"])
    else:
        raise doc.error(path, "expected the entry's text, or a mapping with text")
    return Entry(low=low, high=high, text=text, id=entry_id, effects=effects)


def parse_tables_file(doc: Document) -> dict[str, Table]:
    """The tables of a ``kind: tables`` file."""
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "tables":
        raise doc.error(("kind",), "expected 'kind: tables' at the top of a tables file")
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, Mapping) or not raw_tables:
        raise doc.error(("tables",), "expected a mapping of table names to tables")
    return {str(name): parse_table(doc, ("tables", name), str(name), raw)
            for name, raw in raw_tables.items()}
