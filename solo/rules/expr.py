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
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NoReturn

from solo.errors import SoloError

__all__ = ["ExprError", "Expr", "compile_expr", "constant", "MAX_LENGTH"]

MAX_LENGTH = 500
MAX_DEPTH = 40
MAX_NUMBER = 10**15
"""The largest number an expression may write (as the state may hold)."""

Scope = Mapping[str, Any]
Evaluator = Callable[[Scope], Any]
Types = Mapping[str, str]
Typer = Callable[[Types], str]
NUMERIC = frozenset({"int", "bool"})


class ExprError(SoloError):
    """An expression cannot be read, or names something unknown."""


@dataclass(frozen=True)
class Expr:
    """A compiled expression: call ``evaluate(scope)``; ``names`` lists the names it reads."""

    text: str
    evaluate: Evaluator = field(compare=False, repr=False)
    names: frozenset[str] = frozenset()
    typer: Typer = field(default=lambda types: "any", compare=False, repr=False)

    def type_in(self, types: Types) -> str:
        """The expression's type given the names' types; ExprError if it mixes kinds."""
        try:
            return self.typer(types)
        except ExprError as error:
            raise ExprError(f"{self.text!r}: {error}") from None

    def __call__(self, scope: Scope) -> Any:
        try:
            return self.evaluate(scope)
        except KeyError as missing:
            raise ExprError(f"unknown name {missing.args[0]!r} in an expression") from None


_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|('[^']*'|\"[^\"]*\")"
                    r"|(<=|>=|==|!=|//|[-+*%<>(),]))")
_COMPARE = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt,
            "==": operator.eq, "!=": operator.ne}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod,
          "//": operator.floordiv}
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


def _min(*values: Any) -> Any:
    _same_kind("min", values)
    return min(values)


def _max(*values: Any) -> Any:
    _same_kind("max", values)
    return max(values)


def _same_kind(name: str, values: tuple) -> None:
    if len(values) == 2:  # the common case, without a loop
        if isinstance(values[0], str) is isinstance(values[1], str):
            return
    else:
        words = [isinstance(value, str) for value in values]
        if all(words) or not any(words):
            return
    raise ExprError(f"{name}() cannot compare numbers with words")


_FUNCTIONS: dict[str, Callable[..., Any]] = {"min": _min, "max": _max, "abs": abs,
                                             "count": _count, "highest": _highest,
                                             "lowest": _lowest}
_ARITY = {"abs": (1, 1), "min": (2, 99), "max": (2, 99), "count": (2, 2), "highest": (1, 1),
          "lowest": (1, 1)}
_KEYWORDS = {"and", "or", "not", "if", "else", "true", "false"}


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
    parser = _Parser(text)
    evaluate = parser.parse()
    return Expr(text, evaluate, frozenset(parser.names), parser.types[evaluate])


def _kinds(*types: str) -> set[str]:
    return {"num" if kind in NUMERIC else kind for kind in types if kind != "any"}


def _unite(*types: str) -> str:
    """The type of a value that may come from any of ``types``."""
    known = set(types)
    if len(known) == 1:
        return known.pop()
    if known <= NUMERIC:
        return "int"
    return "any"


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = self._tokenize(text)
        self.pos = 0
        self.depth = 0
        self.names: set[str] = set()
        # What simple evaluators stand for, so comparisons can read names directly:
        # evaluator -> ("name", name) or ("value", constant).
        self.simple: dict[Evaluator, tuple[str, Any]] = {}
        self.types: dict[Evaluator, Typer] = {}

    def _tokenize(self, text: str) -> list[tuple[str, str, int]]:
        tokens = []
        index = 0
        while index < len(text):
            if text[index:].strip() == "":
                break
            match = _TOKEN.match(text, index)
            if not match:
                self._fail(f"unexpected {text[index:].strip()[0]!r}", index)
            number, name, string, symbol = match.groups()
            start = match.start(match.lastindex or 0)
            if number is not None:
                if len(number) > 15:
                    self._fail(f"the number {number[:20]}… is too large (at most 15 digits)",
                               start)
                tokens.append(("int", number, start))
            elif name is not None:
                tokens.append(("kw" if name in _KEYWORDS else "name", name, start))
            elif string is not None:
                tokens.append(("str", string[1:-1], start))
            else:
                tokens.append(("op", symbol, start))
            index = match.end()
        tokens.append(("end", "", len(text)))
        return tokens

    def _fail(self, message: str, position: int) -> NoReturn:
        raise ExprError(f"cannot read expression {self.text!r}: {message} at position {position}")

    def _typed(self, evaluator: Evaluator, typer: Typer) -> Evaluator:
        self.types[evaluator] = typer
        return evaluator

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.pos]

    def accept(self, value: str) -> bool:
        kind, text, _ = self.tokens[self.pos]
        if kind in ("op", "kw") and text == value:
            self.pos += 1
            return True
        return False

    def expect(self, value: str) -> None:
        if not self.accept(value):
            kind, text, where = self.peek()
            self._fail(f"expected {value!r}, found {text or 'the end'!r}", where)

    def parse(self) -> Evaluator:
        result = self.expression()
        kind, text, where = self.peek()
        if kind != "end":
            self._fail(f"unexpected {text!r}", where)
        return result

    def expression(self) -> Evaluator:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self._fail("nested too deeply", self.peek()[2])
        value = self.disjunction()
        if self.accept("if"):
            condition = self.disjunction()
            self.expect("else")
            other = self.expression()
            chosen = value
            kinds = (self.types[chosen], self.types[condition], self.types[other])
            value = self._typed(_choose(condition, chosen, other), _choose_type(kinds))
        self.depth -= 1
        return value

    def _logic(self, first: Evaluator, second: Evaluator, evaluator: Evaluator) -> Evaluator:
        a, b = self.types[first], self.types[second]
        return self._typed(evaluator, lambda t: _unite(a(t), b(t)))

    def disjunction(self) -> Evaluator:
        left = self.conjunction()
        while self.accept("or"):
            first, second = left, self.conjunction()
            left = self._logic(first, second, _either(first, second))
        return left

    def conjunction(self) -> Evaluator:
        left = self.negation()
        while self.accept("and"):
            first, second = left, self.negation()
            left = self._logic(first, second, _both(first, second))
        return left

    def negation(self) -> Evaluator:
        if self.accept("not"):
            inner = self.negation()
            typer = self.types[inner]
            simple = self.simple.get(inner)
            if simple and simple[0] == "name":
                name = simple[1]
                return self._typed(lambda s: not s[name], lambda t: (typer(t), "bool")[1])
            return self._typed(lambda s: not inner(s), lambda t: (typer(t), "bool")[1])
        return self.comparison()

    def comparison(self) -> Evaluator:
        left = self.sum()
        kind, text, _ = self.peek()
        if kind == "op" and text in _COMPARE:
            self.pos += 1
            compare, right = _COMPARE[text], self.sum()
            a, b = self.types[left], self.types[right]
            ordered = text not in ("==", "!=")

            def typer(types: Types, symbol: str = text) -> str:
                kinds = _kinds(a(types), b(types))
                if ordered and len(kinds) > 1:
                    raise ExprError(f"'{symbol}' compares a number with a word")
                return "bool"

            return self._typed(self._compare(compare, left, right), typer)
        return left

    def _compare(self, compare, left: Evaluator, right: Evaluator) -> Evaluator:
        """A comparison; ``name OP constant`` and ``name OP name`` skip a call per side."""
        first, second = self.simple.get(left), self.simple.get(right)
        if first and second and first[0] == "name":
            name = first[1]
            if second[0] == "value":
                value = second[1]
                return lambda s: compare(s[name], value)
            other = second[1]
            return lambda s: compare(s[name], s[other])
        return lambda s: compare(left(s), right(s))

    def _arith_type(self, symbol: str, first: Evaluator, second: Evaluator) -> Typer:
        a, b = self.types[first], self.types[second]

        def typer(types: Types) -> str:
            left, right = a(types), b(types)
            kinds = _kinds(left, right)
            if "dice" in kinds:
                raise ExprError(f"'{symbol}' needs numbers; use count(dice, N) or "
                                "highest(dice) for the dice of a roll")
            if symbol == "+" and kinds == {"str"}:
                return "str"
            if "str" in kinds:
                if symbol == "+":
                    raise ExprError("'+' adds a number to a word")
                raise ExprError(f"'{symbol}' needs numbers, not a word")
            return "int" if not {left, right} - NUMERIC else "any"

        return typer

    def sum(self) -> Evaluator:
        left = self.product()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            symbol = self.tokens[self.pos][1]
            apply = _ARITH[symbol]
            self.pos += 1
            first, second = left, self.product()
            left = self._typed(_apply(apply, first, second),
                               self._arith_type(symbol, first, second))
        return left

    def product(self) -> Evaluator:
        left = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "//", "%"):
            symbol = self.tokens[self.pos][1]
            self.pos += 1
            first, second = left, self.unary()
            if symbol == "*":
                evaluator = _multiply(first, second)
            else:
                evaluator = _safe_division(symbol, first, second)
            left = self._typed(evaluator, self._arith_type(symbol, first, second))
        return left

    def unary(self) -> Evaluator:
        if self.accept("-"):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self._fail("nested too deeply", self.peek()[2])
            inner = self.unary()
            self.depth -= 1
            typer = self.types[inner]

            def negative(types: Types) -> str:
                if _kinds(typer(types)) - {"num"}:
                    raise ExprError("'-' needs a number, not a word")
                return "int"

            return self._typed(lambda s: -inner(s), negative)
        return self.atom()

    def atom(self) -> Evaluator:
        kind, text, where = self.peek()
        self.pos += 1
        if kind == "int":
            number = int(text)
            return self._typed(self._remember(lambda s: number, "value", number),
                               lambda t: "int")
        if kind == "str":
            return self._typed(self._remember(lambda s: text, "value", text), lambda t: "str")
        if kind == "kw" and text in ("true", "false"):
            flag = text == "true"
            return self._typed(lambda s: flag, lambda t: "bool")
        if kind == "op" and text == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if kind == "name":
            if self.accept("("):
                return self.call(text, where)
            self.names.add(text)
            return self._typed(self._remember(lambda s: s[text], "name", text),
                               lambda t: t.get(text, "any"))
        self._fail(f"unexpected {text or 'end'!r}", where)
        raise AssertionError  # pragma: no cover

    def _remember(self, evaluator: Evaluator, kind: str, value: Any) -> Evaluator:
        self.simple[evaluator] = (kind, value)
        return evaluator

    def call(self, name: str, where: int) -> Evaluator:
        function = _FUNCTIONS.get(name)
        if function is None:
            self._fail(f"unknown function {name!r} (known: {', '.join(_FUNCTIONS)})", where)
        arguments = [self.expression()]
        while self.accept(","):
            arguments.append(self.expression())
        self.expect(")")
        low, high = _ARITY[name]
        if not low <= len(arguments) <= high:
            wanted = "one value" if high == 1 else (
                "two values" if low == high else "two or more values")
            self._fail(f"{name} takes {wanted}", where)
        typers = [self.types[argument] for argument in arguments]

        def typer(types: Types) -> str:
            kinds = [kind(types) for kind in typers]
            if name in ("count", "highest", "lowest"):
                if _kinds(kinds[0]) - {"dice"}:
                    raise ExprError(f"{name}() takes the dice of a roll, such as "
                                    f"{name}(dice{', 1' if name == 'count' else ''})")
                if name == "count" and _kinds(kinds[1]) - {"num"}:
                    raise ExprError("count() counts dice showing a number")
                return "int"
            if "dice" in _kinds(*kinds):
                raise ExprError(f"{name}() needs numbers, not the dice of a roll")
            if len(_kinds(*kinds)) > 1:
                raise ExprError(f"{name}() mixes numbers and words")
            if name == "abs" and _kinds(*kinds) - {"num"}:
                raise ExprError("abs() needs a number")
            return _unite(*kinds)

        return self._typed(_call(function, arguments), typer)


def _call(function: Callable[..., Any], arguments: list[Evaluator]) -> Evaluator:
    """Call ``function`` with the arguments' values (one or two without a generator)."""
    if len(arguments) == 1:
        only = arguments[0]
        return lambda s: function(only(s))
    if len(arguments) == 2:
        first, second = arguments
        return lambda s: function(first(s), second(s))
    return lambda s: function(*[argument(s) for argument in arguments])


def _choose(condition: Evaluator, chosen: Evaluator, other: Evaluator) -> Evaluator:
    return lambda s: chosen(s) if condition(s) else other(s)


def _choose_type(kinds: tuple[Typer, Typer, Typer]) -> Typer:
    def typer(types: Types) -> str:
        kinds[1](types)
        return _unite(kinds[0](types), kinds[2](types))

    return typer


def _either(first: Evaluator, second: Evaluator) -> Evaluator:
    return lambda s: first(s) or second(s)


def _both(first: Evaluator, second: Evaluator) -> Evaluator:
    return lambda s: first(s) and second(s)


def _apply(function: Callable[[Any, Any], Any], first: Evaluator, second: Evaluator
           ) -> Evaluator:
    return lambda s: function(first(s), second(s))


def _multiply(first: Evaluator, second: Evaluator) -> Evaluator:
    def multiply(scope: Scope) -> Any:
        left, right = first(scope), second(scope)
        if isinstance(left, str) or isinstance(right, str):
            raise ExprError("'*' needs numbers: a word cannot be multiplied")
        return left * right

    return multiply


def _safe_division(symbol: str, first: Evaluator, second: Evaluator) -> Evaluator:
    apply = _ARITH[symbol]

    def divide(scope: Scope) -> Any:
        divisor = second(scope)
        if divisor == 0:
            raise ExprError(f"division by zero in '{symbol}'")
        return apply(first(scope), divisor)

    return divide
