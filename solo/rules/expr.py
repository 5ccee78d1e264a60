"""A tiny, safe expression language for procedure files.

Procedure files say things like ``roll <= exits or roll <= tension``,
``turn % 2 == 0`` or ``min(20, 10 + travel + rooms)``. This module parses such
text into a closure over a mapping of names; nothing is ever passed to ``eval``.

Grammar (lowest precedence first)::

    expr    := or ('if' or 'else' expr)?
    or      := and ('or' and)*
    and     := not ('and' not)*
    not     := 'not' not | compare
    compare := sum (('<='|'<'|'>='|'>'|'=='|'!=') sum)?
    sum     := product (('+'|'-') product)*
    product := unary (('*'|'//'|'%') unary)*
    unary   := '-' unary | atom
    atom    := INT | 'text' | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'

Functions: ``min``, ``max``, ``abs``, and for the dice of a roll ``count(dice, 1)``,
``highest(dice)`` and ``lowest(dice)``. Names are looked up in the mapping passed at
evaluation time; ``true``/``false`` are the booleans.

Each compiled expression also carries ``typer``: given the type of each name (``int``,
``bool``, ``str``, ``dice`` or ``any``) it gives the expression's type, or raises an
ExprError for a word where a number belongs. ``solo check`` runs it before play; play
itself keeps only the cheap guards (no word is ever repeated by ``*``).

Working an expression out raises ExprError, and only ExprError, for what the procedure
file got wrong: a name read before it has a value, a word where a number belongs, a
division by zero. Any other exception from ``evaluate`` is a bug in solo, never the file's.

This module's one job is the way in: :func:`compile_expr` and the :class:`Expr` it
gives. The parser is :mod:`solo.rules.expr_parser`, the closures it builds
:mod:`solo.rules.expr_eval`, the built-in functions :mod:`solo.rules.expr_functions`, the
value types and ExprError :mod:`solo.rules.expr_types`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from solo.rules.expr_parser import Parser
from solo.rules.expr_types import Evaluator, ExprError, Scope, Typer, Types

__all__ = ["ExprError", "Expr", "compile_expr", "constant", "MAX_LENGTH"]

MAX_LENGTH = 500
MAX_NUMBER = 10**15
"""The largest number an expression may write (as the state may hold)."""


@dataclass(frozen=True)
class Expr:
    """A compiled expression: call ``evaluate(scope)``; ``names`` lists the names it reads."""

    text: str
    evaluate: Evaluator = field(compare=False, repr=False)
    names: frozenset[str] = frozenset()
    typer: Typer = field(default=lambda types: "any", compare=False, repr=False)
    shape: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    """``("name", name)`` for an expression that reads one name, ``("compare", symbol,
    operator, name, constant)`` for ``name OP constant`` (``evaluate`` does just that, and
    raises the same errors); None for any other (:meth:`Parser.shape`)."""

    def type_in(self, types: Types) -> str:
        """The expression's type given the names' types; ExprError if it mixes kinds."""
        try:
            return self.typer(types)
        except ExprError as error:
            raise ExprError(f"{self.text!r}: {error}") from None

    def __call__(self, scope: Scope) -> Any:
        return self.evaluate(scope)


def constant(value: Any) -> Expr:
    """An expression that always gives ``value`` (a word stays a word, not a name)."""
    return Expr(repr(value), lambda scope: value)


@lru_cache(maxsize=2048)
def compile_expr(text: str | int | bool) -> Expr:
    """Parse ``text`` once; raises ExprError with the position of the problem."""
    if isinstance(text, bool):
        value = text
        return Expr(str(text).lower(), lambda scope: value, typer=lambda types: "bool")
    if isinstance(text, int):
        if abs(text) > MAX_NUMBER:
            raise ExprError(f"the number {str(text)[:20]}… is too large; the limit is "
                            f"{MAX_NUMBER:,}")
        number = text
        return Expr(str(text), lambda scope: number, typer=lambda types: "int")
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression is {len(text)} characters long; the limit is {MAX_LENGTH}")
    parser = Parser(text)
    evaluate = parser.parse()
    return Expr(text, evaluate, frozenset(parser.names), parser.types[evaluate],
                parser.shape(evaluate))
