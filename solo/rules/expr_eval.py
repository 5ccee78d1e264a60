"""The closures that work an expression out, and the ExprError each raises when the
procedure's values do not fit it.

Two things can go wrong while an expression a procedure file wrote is worked out: it reads
a name that has no value yet (a ``let`` of another command, say), or it meets a word, the
dice of a roll or no value at all where a number belongs (a routine's parameter can be
given anything). Each closure here catches exactly those, where they happen: the
``KeyError`` of the one name it reads, the ``TypeError`` of the one operator or function it
applies to values already worked out. Anything else (a ``KeyError`` for another key, an
error inside the code that computes a name's value) is a bug in solo and passes through
untouched, so it is never taken for a fault of the procedure file.

Every closure takes the expression's whole text (``text``), which its error quotes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn

from solo.rules.expr_types import Evaluator, ExprError, Scope

__all__ = ["read_name", "compare_name", "compare_with", "compare_names", "negate_name",
           "negate", "apply", "multiply", "divide", "minus", "call", "choose", "either",
           "both", "name_missing", "mismatch"]

Operator = Callable[[Any, Any], Any]


def name_missing(missing: KeyError, name: str, text: str) -> NoReturn:
    """Raise the ExprError for ``name`` read before it has a value; re-raise ``missing``
    itself when it is not about ``name`` (solo's own code failed to find something)."""
    if missing.args[:1] != (name,):
        raise missing
    where = "" if text == name else f" in {text!r}"
    raise ExprError(f"unknown name {name!r}{where}; give it a value before this reads it "
                    "(a tracker, a setting, an argument, or set/let)") from None


def mismatch(what: str, values: tuple[Any, ...], text: str) -> NoReturn:
    """Raise the ExprError for ``what`` (an operator, a function) given values it cannot
    work with: a word, the dice of a roll, no value."""
    kinds = " and ".join(dict.fromkeys(_kind(value) for value in values))
    raise ExprError(f"{what} cannot work with {kinds} in {text!r}") from None


def _kind(value: Any) -> str:
    if isinstance(value, (int, bool)):
        return "a number"
    if isinstance(value, str):
        return "a word"
    if isinstance(value, tuple):
        return "the dice of a roll"
    if value is None:
        return "no value (a routine's parameter given none)"
    return f"a {type(value).__name__}"


def read_name(name: str, text: str) -> Evaluator:
    def read(scope: Scope) -> Any:
        try:
            return scope[name]
        except KeyError as missing:
            name_missing(missing, name, text)

    return read


def compare_name(compare: Operator, symbol: str, name: str, value: Any, text: str
                 ) -> Evaluator:
    """``name OP constant``, reading the name directly."""
    def test(scope: Scope) -> Any:
        try:
            left = scope[name]
        except KeyError as missing:
            name_missing(missing, name, text)
        try:
            return compare(left, value)
        except TypeError:
            mismatch(f"'{symbol}'", (left, value), text)

    return test


def compare_with(compare: Operator, symbol: str, first: Evaluator, value: Any, text: str
                 ) -> Evaluator:
    """``expression OP constant``, the constant not called for."""
    def test(scope: Scope) -> Any:
        left = first(scope)
        try:
            return compare(left, value)
        except TypeError:
            mismatch(f"'{symbol}'", (left, value), text)

    return test


def compare_names(compare: Operator, symbol: str, name: str, other: str, text: str
                  ) -> Evaluator:
    """``name OP name``, reading both names directly."""
    def test(scope: Scope) -> Any:
        try:
            left = scope[name]
        except KeyError as missing:
            name_missing(missing, name, text)
        try:
            right = scope[other]
        except KeyError as missing:
            name_missing(missing, other, text)
        try:
            return compare(left, right)
        except TypeError:
            mismatch(f"'{symbol}'", (left, right), text)

    return test


def negate_name(name: str, text: str) -> Evaluator:
    def negation(scope: Scope) -> bool:
        try:
            return not scope[name]
        except KeyError as missing:
            name_missing(missing, name, text)

    return negation


def negate(inner: Evaluator) -> Evaluator:
    return lambda scope: not inner(scope)


def apply(function: Operator, symbol: str, first: Evaluator, second: Evaluator, text: str
          ) -> Evaluator:
    """A binary operator (``+``, ``-``, a comparison) on two values."""
    def applied(scope: Scope) -> Any:
        left, right = first(scope), second(scope)
        try:
            return function(left, right)
        except TypeError:
            mismatch(f"'{symbol}'", (left, right), text)

    return applied


def multiply(first: Evaluator, second: Evaluator, text: str) -> Evaluator:
    """``*``, which never repeats a word (``'ab' * 10**9`` would fill the memory)."""
    def multiplied(scope: Scope) -> Any:
        left, right = first(scope), second(scope)
        if isinstance(left, str) or isinstance(right, str):
            raise ExprError("'*' needs numbers: a word cannot be multiplied")
        try:
            return left * right
        except TypeError:
            mismatch("'*'", (left, right), text)

    return multiplied


def divide(function: Operator, symbol: str, first: Evaluator, second: Evaluator, text: str
           ) -> Evaluator:
    """``//`` or ``%``, refusing a divisor of zero."""
    def divided(scope: Scope) -> Any:
        left, divisor = first(scope), second(scope)
        if divisor == 0:
            raise ExprError(f"division by zero in '{symbol}'")
        try:
            return function(left, divisor)
        except TypeError:
            mismatch(f"'{symbol}'", (left, divisor), text)

    return divided


def minus(inner: Evaluator, text: str) -> Evaluator:
    def negative(scope: Scope) -> Any:
        value = inner(scope)
        try:
            return -value
        except TypeError:
            mismatch("'-'", (value,), text)

    return negative


def call(name: str, function: Callable[..., Any], arguments: list[Evaluator], text: str,
         explain: Callable[[str, tuple], None] | None = None) -> Evaluator:
    """Call the built-in ``function`` with the arguments' values (one or two without a
    generator); a TypeError it raises is ``explain``-ed (when given), else a mismatch."""
    what = f"{name}()"

    def refuse(values: tuple[Any, ...]) -> NoReturn:
        if explain is not None:
            explain(name, values)
        mismatch(what, values, text)

    if len(arguments) == 1:
        only = arguments[0]

        def call_one(scope: Scope) -> Any:
            value = only(scope)
            try:
                return function(value)
            except TypeError:
                refuse((value,))

        return call_one
    if len(arguments) == 2:
        first, second = arguments

        def call_two(scope: Scope) -> Any:
            left, right = first(scope), second(scope)
            try:
                return function(left, right)
            except TypeError:
                refuse((left, right))

        return call_two

    def call_many(scope: Scope) -> Any:
        values = [argument(scope) for argument in arguments]
        try:
            return function(*values)
        except TypeError:
            refuse(tuple(values))

    return call_many


def choose(condition: Evaluator, chosen: Evaluator, other: Evaluator) -> Evaluator:
    return lambda scope: chosen(scope) if condition(scope) else other(scope)


def either(first: Evaluator, second: Evaluator) -> Evaluator:
    return lambda scope: first(scope) or second(scope)


def both(first: Evaluator, second: Evaluator) -> Evaluator:
    return lambda scope: first(scope) and second(scope)
