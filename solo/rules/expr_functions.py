"""The built-in functions of expressions: their values, how many values each takes,
and the type each call gives.

``min``, ``max`` and ``abs`` take numbers (``min``/``max`` also words, never both);
``count(dice, 1)``, ``highest(dice)`` and ``lowest(dice)`` read the dice of a roll.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solo.rules.expr_types import ExprError, Typer, Types, kinds_of, unite

__all__ = ["FUNCTIONS", "ARITY", "EXPLAIN", "call_type"]


def _count(values: Any, wanted: Any) -> int:
    if not isinstance(values, tuple):
        raise ExprError("count() takes the dice of a roll first, such as count(dice, 1)")
    return values.count(wanted)


def _highest(values: Any) -> int:
    if not isinstance(values, tuple):
        raise ExprError("highest() takes the dice of a roll, such as highest(dice)")
    return max(values, default=0)


def _lowest(values: Any) -> int:
    if not isinstance(values, tuple):
        raise ExprError("lowest() takes the dice of a roll, such as lowest(dice)")
    return min(values, default=0)


def _same_kind(name: str, values: tuple) -> None:
    words = [isinstance(value, str) for value in values]
    if any(words) and not all(words):
        raise ExprError(f"{name}() cannot compare numbers with words")


FUNCTIONS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs,
                                            "count": _count, "highest": _highest,
                                            "lowest": _lowest}
ARITY = {"abs": (1, 1), "min": (2, 99), "max": (2, 99), "count": (2, 2), "highest": (1, 1),
         "lowest": (1, 1)}
"""The fewest and most values each function takes."""
EXPLAIN: dict[str, Callable[[str, tuple], None]] = {"min": _same_kind, "max": _same_kind}
"""What raises a clearer ExprError, given a function's name and values, when the function
fails with a TypeError (``min(1, 'a')``); a plain mismatch is said otherwise."""


def call_type(name: str, typers: Sequence[Typer]) -> Typer:
    """The typer of a call to the function ``name`` with arguments of these typers."""

    def typer(types: Types) -> str:
        given = [kind(types) for kind in typers]
        if name in ("count", "highest", "lowest"):
            if kinds_of(given[0]) - {"dice"}:
                raise ExprError(f"{name}() takes the dice of a roll, such as "
                                f"{name}(dice{', 1' if name == 'count' else ''})")
            if name == "count" and kinds_of(given[1]) - {"num"}:
                raise ExprError("count() counts dice showing a number")
            return "int"
        if "dice" in kinds_of(*given):
            raise ExprError(f"{name}() needs numbers, not the dice of a roll")
        if len(kinds_of(*given)) > 1:
            raise ExprError(f"{name}() mixes numbers and words")
        if name == "abs" and kinds_of(*given) - {"num"}:
            raise ExprError("abs() needs a number")
        return unite(*given)

    return typer
