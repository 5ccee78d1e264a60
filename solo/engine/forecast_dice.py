"""The forecast's own dice: every way the dice can fall, or a sample of them.

A forecast plays the pure engine forward from a state with dice of its own, never the
journal's. Where the tree of every way the dice can fall is small, it is walked whole
(:func:`every_way`): each path is played again with :class:`Replay` dice that answer a
fixed prefix of faces and then the lowest face of each new die, so the chance of each
outcome is exact (a :class:`~fractions.Fraction`). Where the tree is too big, the same
play runs ``n`` times on a seeded ``random.Random`` (:func:`sample`) and the chance is an
estimate with its standard error (:class:`Chance`).

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

__all__ = ["Chance", "Replay", "every_way", "sample", "plain_world", "chance_of",
           "estimate", "odds_of", "PROBES"]

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


class Replay(random.Random):
    """Dice that answer ``prefix`` face by face, then the lowest face of each new die,
    noting every die's faces. A draw that is no die (``random()``) makes the path
    unknowable: ``opaque`` is set, and :func:`every_way` gives up."""

    def __init__(self, prefix: list[int]) -> None:
        super().__init__(0)
        self.faces = prefix
        self.sides: list[tuple[int, int]] = []
        self.opaque = False

    def randint(self, a: int, b: int) -> int:
        index = len(self.sides)
        self.sides.append((a, b))
        if index < len(self.faces):
            return self.faces[index]
        self.faces.append(a)
        return a

    def random(self) -> float:
        self.opaque = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.opaque = True
        return super().getrandbits(k)


def every_way(play: Callable[[random.Random], T], limit: int,
              stop: Callable[[], bool] | None = None
              ) -> tuple[list[tuple[Fraction, T]], int] | None:
    """Each outcome of ``play`` with its exact chance, one per way the dice can fall, and
    the plays it took; None if there are more than ``limit`` ways, if ``stop()`` says so
    before the last, or if a draw no die made came. An error ``play`` raises on the first
    way is raised."""
    prefix: list[int] = []
    found: list[tuple[Fraction, T]] = []
    while True:
        dice = Replay(prefix)
        outcome = play(dice)
        if dice.opaque:
            return None
        chance = Fraction(1)
        for low, high in dice.sides:
            chance /= high - low + 1
        found.append((chance, outcome))
        faces = dice.faces[:len(dice.sides)]
        while faces and faces[-1] == dice.sides[len(faces) - 1][1]:
            faces.pop()
        if not faces:
            return found, len(found)
        if len(found) >= limit or (stop is not None and stop()):
            return None
        faces[-1] += 1
        prefix = faces


def sample(play: Callable[[random.Random], T], rng: random.Random, plays: int) -> list[T]:
    """``plays`` outcomes of ``play``, each on the forecast's own dice ``rng``."""
    return [play(rng) for _ in range(plays)]


class _Counting(random.Random):
    """Dice seeded from the forecast's own, counting the ways the dice of one play could
    have fallen (the product of their sides: Knuth's estimate of a tree's size)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.ways = 1

    def randint(self, a: int, b: int) -> int:
        self.ways *= b - a + 1
        return super().randint(a, b)


PROBES = 12
"""Plays made first to guess how many ways the dice can fall."""


def odds_of(play: Callable[[random.Random], T], rng: random.Random, turns: int,
            spent: Callable[[], int], least: int = 20
            ) -> tuple[list[tuple[Fraction | int, T]], bool]:
    """The outcomes of ``play`` weighted by chance, and whether they are exact.

    Every way the dice can fall, when a few plays first (``PROBES``) suggest they fit in
    ``turns`` (``spent()`` counts the turns played); else, or if they turn out not
    to, as many plays on the forecast's own dice as the ``turns`` left allow (at least
    ``least``), each of weight 1."""
    start = spent()
    probes: list[T] = []
    ways = 0
    for _ in range(PROBES):
        dice = _Counting(rng.getrandbits(64))
        probes.append(play(dice))
        ways += dice.ways
    per_play = max((spent() - start) / PROBES, 1.0)
    if ways / PROBES * per_play <= turns:
        found = every_way(play, turns, lambda: spent() - start >= turns * 3 // 5)
        if found is not None:
            return list(found[0]), True
    more = max(int((turns - (spent() - start)) / per_play), least - PROBES)
    outcomes = probes + [play(rng) for _ in range(more)]
    return [(1, outcome) for outcome in outcomes], False


def chance_of(ways: Iterable[tuple[Fraction | int, T]], test: Callable[[T], bool]) -> Chance:
    """The exact chance that ``test`` holds, from every way (``every_way``)."""
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
