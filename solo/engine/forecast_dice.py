"""The forecast's own dice and its chances: exact, or estimated from a sample.

A forecast plays the pure engine forward from a state with dice of its own, never the
journal's. Where every way the dice can fall is counted
(:mod:`solo.engine.forecast_tree`), a chance is exact (a :class:`~fractions.Fraction`);
where the ways are too many, the same play runs ``n`` times on a seeded
``random.Random`` (:func:`sample`) and the chance is an estimate with its standard error
(:class:`Chance`).

Dice in the text of table entries (``2d4 goblins``) change no rule, only the words, so the
forecast plays a copy of the world whose entries say a number there instead
(:func:`plain_world`): their dice would multiply the tree for nothing.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from solo.rules.tables import Table, expand_inline_dice, has_inline_dice
from solo.rules.world import World

__all__ = ["Chance", "percent", "sample", "plain_world", "chance_of", "estimate", "chance_among",
           "seeded"]

T = TypeVar("T")


@dataclass(frozen=True)
class Chance:
    """A chance: ``exact`` when every way the dice fall was played, else an estimate from
    ``plays`` plays with its standard error ``error``."""

    value: float
    exact: Fraction | None = None
    error: float = 0.0
    plays: int = 0

    @classmethod
    def of(cls, exact: Fraction) -> Chance:
        return cls(float(exact), exact)

    def text(self) -> str:
        """``1 in 6``, ``30%``, or ``~17% ±1.5`` for an estimate."""
        if self.exact is not None:
            fraction = self.exact
            if fraction.numerator == 1 and 2 <= fraction.denominator <= 100:
                return f"1 in {fraction.denominator}"
            return percent(self.value, exact=True)
        return f"~{percent(self.value)} ±{self.error * 100:.1f}"

    def to_json(self) -> dict:
        return {"p": round(self.value, 6), "exact": str(self.exact)
                if self.exact is not None else None, "se": round(self.error, 6),
                "plays": self.plays}


def percent(value: float, exact: bool = False) -> str:
    """A chance in words of a percent: ``30%``, ``2.5%``, ``0%``, ``100%``; an ``exact``
    one to a tenth (``30.6%``), an estimate's whole past 10% (it is not that sure)."""
    share = value * 100
    if share == 0 or share == 100 or share == round(share):
        return f"{round(share)}%"
    if share < 0.1:
        return "<0.1%"
    if share > 99.9:
        return ">99.9%"
    return f"{share:.1f}%" if exact or share < 10 or share > 90 else f"{share:.0f}%"


def estimate(hits: int, plays: int) -> Chance:
    """The chance ``hits`` in ``plays`` suggests, with its standard error (at least
    1/plays, so that no estimate claims certainty)."""
    share = hits / plays
    error = math.sqrt(share * (1 - share) / plays) if 0 < hits < plays else 1 / plays
    return Chance(share, None, error, plays)


def sample(play: Callable[[random.Random], T], rng: random.Random, plays: int) -> list[T]:
    """``plays`` outcomes of ``play``, each on the forecast's own dice ``rng``."""
    return [play(rng) for _ in range(plays)]


def chance_of(ways: Iterable[tuple[Fraction | int, T]], test: Callable[[T], bool]) -> Chance:
    """The exact chance that ``test`` holds, from every way (each with its chance)."""
    return Chance.of(Fraction(sum((chance for chance, outcome in ways if test(outcome)),
                                  Fraction(0))))


class _Lowest(random.Random):
    def randint(self, a: int, b: int) -> int:
        return a


def _plain(table: Table) -> Table:
    if not any(has_inline_dice(entry.text) for entry in table.entries):
        return table
    return dataclasses.replace(table, entries=tuple(
        dataclasses.replace(entry, text=expand_inline_dice(entry.text, _Lowest())[0])
        if has_inline_dice(entry.text) else entry for entry in table.entries))


_PLAIN: dict[int, tuple[World, World]] = {}


def plain_world(world: World) -> World:
    """``world`` with the dice in its table entries' text rolled once for good (the
    lowest faces): the same rules, fewer dice to enumerate. Kept for the last few worlds."""
    kept = _PLAIN.get(id(world))
    if kept is not None and kept[0] is world:
        return kept[1]
    procedure = world.procedure
    plain = dataclasses.replace(
        world, procedure=dataclasses.replace(procedure, tables={
            name: _plain(table) for name, table in procedure.tables.items()}),
        tables={name: _plain(table) for name, table in world.tables.items()})
    if len(_PLAIN) >= 8:
        _PLAIN.pop(next(iter(_PLAIN)))
    _PLAIN[id(world)] = (world, plain)
    return plain


def chance_among(found: list, exact: bool, test) -> Chance:
    """The chance ``test`` holds among ``found``: exact from every way (each with its
    chance), else estimated from plays (each of weight 1)."""
    if exact:
        return chance_of(found, test)
    return estimate(sum(1 for _, outcome in found if test(outcome)), len(found))


ODDS_SEED = 2126
"""The seed of the forecast's own dice: the same state always gets the same forecast."""


def seeded() -> random.Random:
    """The forecast's own dice, always from the same seed (never the journal's)."""
    return random.Random(ODDS_SEED)
