"""Roll a table with everything generators need: links to other tables, compound dice,
columns and entries that roll again; and say exactly how likely each outcome is.

Pure: every die comes from the ``random.Random`` passed in, and nothing else is read.
A plain table (one roll of its dice picks the entry: every table solo shipped before
generators) is rolled exactly as the engine's own roller rolls it, the same dice drawn in
the same order: the table's dice, then the dice inside the entry's text.

For an entry that links to other tables, the order is: the table's dice; the dice inside
the entry's own text; each ``[[link]]`` in its text, left to right; each table of its
``roll:`` list; then, for ``again: N``, N more rolls of the same table.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from solo.errors import RulesError
from solo.rules import dice
from solo.rules.table_keys import compound_digits
from solo.rules.tables import LINK, MAX_DEPTH, Entry, Table, expand_inline_dice

__all__ = ["Draw", "TableResult", "roll_on", "dice_odds", "entry_odds", "tag_odds",
           "MAX_DRAWS"]

MAX_DRAWS = 200
"""How many tables one roll may draw on in all, links and rolls again included."""


@dataclass(frozen=True)
class Draw:
    """One roll on one table, as the journal's ``tbl:`` line shows it."""

    table: str
    title: str
    dice: str
    faces: tuple[int, ...]
    """The dice as rolled, in order (for compound dice, one face a digit)."""
    plus: int
    value: int
    """What was read on the table: the dice's total (or digits) plus ``plus``."""
    entry: str
    """The entry's id."""
    text: str
    """The entry's text with its dice rolled and its ``[[links]]`` filled in (the tables of
    its ``roll:`` list and its rolls again are draws of their own)."""
    tag: str | int | None = None
    column: str = ""
    depth: int = 0
    """0 for the table asked for, 1 for a table it rolled, and so on."""


@dataclass(frozen=True)
class TableResult:
    """A table rolled: the text with every link filled in, and every draw it took."""

    table: str
    text: str
    entry: Entry
    draws: tuple[Draw, ...]
    cells: tuple[tuple[str, str], ...] = ()
    """For a table with columns, (column, text) for each column."""

    @property
    def tags(self) -> tuple[str | int, ...]:
        """Every ``is:`` met, in the order rolled (links and rolls again included)."""
        return tuple(draw.tag for draw in self.draws if draw.tag is not None)


class _Roller:
    def __init__(self, tables: Mapping[str, Table], rng: random.Random) -> None:
        self.tables = tables
        self.rng = rng
        self.draws: list[Draw] = []
        self.top: Entry | None = None
        self.cells: list[tuple[str, str]] = []

    def table(self, name: str, asked_by: str | None) -> Table:
        table = self.tables.get(name)
        if table is None:
            where = f"table {asked_by!r} rolls" if asked_by else "no table named"
            raise RulesError(f"{where} {name!r}, which does not exist")
        return table

    def read(self, table: Table) -> tuple[tuple[int, ...], int]:
        """Roll the table's dice: the faces and the value read."""
        if table.digits:
            ask = getattr(self.rng, "digit_dice", None)  # your own dice: each by its digit
            faces = ask(table.digits) if ask is not None else \
                tuple(dice.roll(f"d{sides}", self.rng).total for sides in table.digits)
            return faces, int("".join(map(str, faces)))
        result = dice.roll(table.expression, self.rng)
        return result.dice, result.total

    def roll(self, name: str, plus: int, depth: int, asked_by: str | None = None) -> str:
        table = self.table(name, asked_by)
        if depth > MAX_DEPTH:
            raise RulesError(f"table {name!r} is rolled more than {MAX_DEPTH} tables deep; "
                             "a table's links must end sooner")
        if table.columns:
            parts = [self.column(table, index, plus, depth)
                     for index in range(len(table.columns))]
            if depth == 0:
                self.cells = list(zip(table.columns, parts, strict=True))
            return " / ".join(parts)
        faces, value = self.read(table)
        entry = table.entries[table.index_for(value + plus)]
        if depth == 0:
            self.top = entry
        return self.entry(table, entry, faces, value, plus, depth, entry.text)

    def column(self, table: Table, index: int, plus: int, depth: int) -> str:
        dice.tell_die(self.rng, table.columns[index].capitalize())  # (your own dice: named)
        faces, value = self.read(table)
        dice.tell_die(self.rng, "")
        entry = table.entries[table.index_for(value + plus)]
        if depth == 0 and self.top is None:
            self.top = entry
        return self.entry(table, entry, faces, value, plus, depth, entry.cells[index],
                          table.columns[index])

    def entry(self, table: Table, entry: Entry, faces: tuple[int, ...], value: int,
              plus: int, depth: int, text: str, column: str = "") -> str:
        if len(self.draws) >= MAX_DRAWS:
            first = self.draws[0].table
            raise RulesError(f"table {first!r} rolled more than {MAX_DRAWS} tables in one "
                             "go; its links or rolls again never end")
        linked = LINK.findall(text)
        if linked:  # keep the links out of reach of the inline dice
            text = LINK.sub("\x00", text)
        text, _ = expand_inline_dice(text, self.rng)
        at = len(self.draws)
        self.draws.append(Draw(table.name, table.title, table.dice, faces, plus, value + plus,
                               entry.id, text, entry.tag, column, depth))
        if linked:
            for target in linked:
                text = text.replace("\x00", self.roll(target.strip(), 0, depth + 1, table.name),
                                    1)
            self.draws[at] = dataclasses.replace(self.draws[at], text=text)
        extra = [self.roll(target, 0, depth + 1, table.name) for target in entry.rolls]
        for _ in range(entry.again):
            extra.append(self.roll(table.name, plus, depth + 1))
        return "; ".join(part for part in [text.strip(), *extra] if part)


def roll_on(tables: Mapping[str, Table], name: str, rng: random.Random,
            plus: int = 0) -> TableResult:
    """Roll table ``name`` (found in ``tables``, as are the tables it links to) with
    ``plus`` added to its dice, drawing only from ``rng``.

    Raises RulesError (one line) for a link to a missing table, nesting past 10 tables deep
    or more than 200 draws in all (a table that rolls again without end)."""
    roller = _Roller(tables, rng)
    text = roller.roll(name, plus, 0)
    assert roller.top is not None
    return TableResult(name, text, roller.top, tuple(roller.draws), tuple(roller.cells))


# --- exact odds ---------------------------------------------------------------------------

@lru_cache(maxsize=256)
def dice_odds(text: str) -> tuple[tuple[int, Fraction], ...]:
    """Each total ``text`` can roll with its exact chance, lowest first (plain dice and
    keep/drop of up to 6 dice; compound dice give each reading once)."""
    digits = compound_digits(text)
    if digits:
        count = 1
        for sides in digits:
            count *= sides
        values = [0]
        for sides in digits:
            values = [value * 10 + face for value in values for face in range(1, sides + 1)]
        return tuple((value, Fraction(1, count)) for value in sorted(values))
    odds: dict[int, Fraction] = {0: Fraction(1)}
    for term in dice.parse(text).terms:
        if isinstance(term, dice.Constant):
            step = {term.value * term.sign: Fraction(1)}
        elif isinstance(term, dice.Digits):
            readings = dice_odds(term.text)  # each reading once, by compound_digits
            step = {value * term.sign: chance for value, chance in readings}
        else:
            step = _term_odds(term.count, term.sides, term.mode, term.keep, term.keep_high)
            step = {value * term.sign: chance for value, chance in step.items()}
        combined: dict[int, Fraction] = {}
        for total, chance in odds.items():
            for value, other in step.items():
                combined[total + value] = combined.get(total + value, Fraction(0)) + chance * other
        odds = combined
    return tuple(sorted(odds.items()))


def _term_odds(count: int, sides: int, mode: str, keep: int, high: bool) -> dict[int, Fraction]:
    if mode:
        if sides ** count > 50_000:
            raise RulesError(f"{count}d{sides}{mode}: too many dice to work out exactly")
        odds: dict[int, Fraction] = {}
        share = Fraction(1, sides ** count)
        for faces in itertools.product(range(1, sides + 1), repeat=count):
            total = sum(sorted(faces, reverse=high)[:keep])
            odds[total] = odds.get(total, Fraction(0)) + share
        return odds
    if count * sides > 20_000:
        raise RulesError(f"{count}d{sides}: too many dice to work out exactly")
    odds = {0: Fraction(1)}
    one = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for total, chance in odds.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, Fraction(0)) + chance * one
        odds = nxt
    return odds


def entry_odds(table: Table, plus: int = 0) -> tuple[Fraction, ...]:
    """The exact chance of each of the table's entries (in order) on one roll plus ``plus``,
    totals past either end counting as that end, as the roll does."""
    chances = [Fraction(0)] * len(table.entries)
    for value, chance in dice_odds(table.dice):
        chances[table.index_for(value + plus)] += chance
    return tuple(chances)


def tag_odds(tables: Mapping[str, Table], name: str, tag: str | int, plus: int = 0,
             depth: int = 0) -> Fraction:
    """The exact chance that rolling table ``name`` meets an entry marked ``is: tag``, at
    once or through the tables it links to and its rolls again (each an independent roll;
    a branch past 10 tables deep would be refused, and counts as not meeting it)."""
    memo: dict[tuple[str, int, int], Fraction] = {}

    def met(name: str, plus: int, depth: int) -> Fraction:
        key = (name, plus, depth)
        if key in memo:
            return memo[key]
        table = tables.get(name)
        if table is None or depth > MAX_DEPTH:
            return Fraction(0)
        total = Fraction(0)
        for entry, chance in zip(table.entries, entry_odds(table, plus), strict=True):
            if not chance:
                continue
            if entry.tag == tag:
                total += chance
                continue
            missed = Fraction(1)
            text = " ".join(entry.cells) if entry.cells else entry.text
            for target in [found.strip() for found in LINK.findall(text)] + list(entry.rolls):
                missed *= 1 - met(target, 0, depth + 1)
            for _ in range(entry.again):
                missed *= 1 - met(name, plus, depth + 1)
            total += chance * (1 - missed)
        if table.columns:  # each column its own roll: met on any of them
            total = 1 - (1 - total) ** len(table.columns)
        memo[key] = total
        return total

    return met(name, plus, depth)
