"""The kinds of value an expression works with, and the error it raises.

An expression's compiled form is a closure over a mapping of names (``Scope``), and
beside it a ``Typer``: given the type of each name (``int``, ``bool``, ``str``, ``dice``
or ``any``) it gives the expression's type. ``kinds_of`` and ``unite`` are the two
rules the typers share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solo.errors import SoloError

__all__ = ["ExprError", "Scope", "Evaluator", "Types", "Typer", "NUMERIC", "kinds_of",
           "unite"]

Scope = Mapping[str, Any]
Evaluator = Callable[[Scope], Any]
Types = Mapping[str, str]
Typer = Callable[[Types], str]
NUMERIC = frozenset({"int", "bool"})


class ExprError(SoloError):
    """An expression cannot be read, or names something unknown."""


def kinds_of(*types: str) -> set[str]:
    """The kinds among ``types``: ``num`` for int and bool, others as named; ``any`` left out."""
    return {"num" if kind in NUMERIC else kind for kind in types if kind != "any"}


def unite(*types: str) -> str:
    """The type of a value that may come from any of ``types``."""
    known = set(types)
    if len(known) == 1:
        return known.pop()
    if known <= NUMERIC:
        return "int"
    return "any"
