"""The ways a handful of dice may show, for the odds' count of them
(:mod:`solo.engine.forecast_tree`): in no order, each with how many ordered ways show it,
or summed. Found once for each count and size of dice.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import comb, factorial, prod

__all__ = ["MULTISETS", "dice_summing", "multisets_count", "multisets", "sums"]


def dice_summing(total: int, count: int, sides: int) -> tuple[int, ...]:
    """``count`` dice of ``sides`` that add to ``total``: the highest first."""
    faces = []
    left = total - count
    for _ in range(count):
        face = min(sides - 1, left)
        faces.append(face + 1)
        left -= face
    return tuple(faces)


MULTISETS = 1000
"""The most ways a handful of dice may show (in no order) to be drawn at once."""


def multisets_count(count: int, sides: int) -> int:
    return comb(count + sides - 1, count)


_KNOWN_MULTISETS: dict[tuple[int, int], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def multisets(count: int, sides: int
               ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Each way ``count`` dice of ``sides`` may show, in no order (highest first), and how
    many of the ordered ways show it."""
    known = _KNOWN_MULTISETS.get((count, sides))
    if known is None:
        faces = tuple(tuple(sorted(shown, reverse=True)) for shown in
                      combinations_with_replacement(range(1, sides + 1), count))
        weights = tuple(factorial(count) // prod(factorial(shown.count(face))
                                                 for face in set(shown))
                        for shown in faces)
        known = _KNOWN_MULTISETS[(count, sides)] = (faces, weights)
    return known


_KNOWN_SUMS: dict[tuple[int, int], tuple[int, ...]] = {}


def sums(count: int, sides: int) -> tuple[int, ...]:
    """How many ways ``count`` dice of ``sides`` add to each sum from ``count`` up."""
    known = _KNOWN_SUMS.get((count, sides))
    if known is None:
        ways = [1]
        for _ in range(count):
            following = [0] * (len(ways) + sides - 1)
            for total, many in enumerate(ways):
                for face in range(sides):
                    following[total + face] += many
            ways = following
        known = _KNOWN_SUMS[(count, sides)] = tuple(ways)
    return known
