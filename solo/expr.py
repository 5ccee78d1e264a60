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

Functions: ``min``, ``max``, ``abs``. Names are looked up in the mapping
passed at evaluation time; ``true``/``false`` are the booleans.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from solo.errors import SoloError

__all__ = ["ExprError", "Expr", "compile_expr", "MAX_LENGTH"]

MAX_LENGTH = 500
MAX_DEPTH = 40

Scope = Mapping[str, Any]
Evaluator = Callable[[Scope], Any]


class ExprError(SoloError):
    """An expression cannot be read, or names something unknown."""


@dataclass(frozen=True)
class Expr:
    """A compiled expression: call ``evaluate(scope)``; ``names`` lists the names it reads."""

    text: str
    evaluate: Evaluator = field(compare=False, repr=False)
    names: frozenset[str] = frozenset()

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
_FUNCTIONS: dict[str, Callable[..., Any]] = {"min": min, "max": max, "abs": abs}
_KEYWORDS = {"and", "or", "not", "if", "else", "true", "false"}


@lru_cache(maxsize=2048)
def compile_expr(text: str | int | bool) -> Expr:
    """Parse ``text`` once; raises ExprError with the position of the problem."""
    if isinstance(text, bool):
        value = text
        return Expr(str(text).lower(), lambda scope: value)
    if isinstance(text, int):
        number = text
        return Expr(str(text), lambda scope: number)
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression is {len(text)} characters long; the limit is {MAX_LENGTH}")
    parser = _Parser(text)
    evaluate = parser.parse()
    return Expr(text, evaluate, frozenset(parser.names))


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

    def _fail(self, message: str, position: int) -> None:
        raise ExprError(f"cannot read expression {self.text!r}: {message} at position {position}")

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
            value = lambda s: chosen(s) if condition(s) else other(s)  # noqa: E731
        self.depth -= 1
        return value

    def disjunction(self) -> Evaluator:
        left = self.conjunction()
        while self.accept("or"):
            first, second = left, self.conjunction()
            left = lambda s, a=first, b=second: a(s) or b(s)  # noqa: E731
        return left

    def conjunction(self) -> Evaluator:
        left = self.negation()
        while self.accept("and"):
            first, second = left, self.negation()
            left = lambda s, a=first, b=second: a(s) and b(s)  # noqa: E731
        return left

    def negation(self) -> Evaluator:
        if self.accept("not"):
            inner = self.negation()
            simple = self.simple.get(inner)
            if simple and simple[0] == "name":
                name = simple[1]
                return lambda s: not s[name]
            return lambda s: not inner(s)
        return self.comparison()

    def comparison(self) -> Evaluator:
        left = self.sum()
        kind, text, _ = self.peek()
        if kind == "op" and text in _COMPARE:
            self.pos += 1
            compare, right = _COMPARE[text], self.sum()
            return self._compare(compare, left, right)
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

    def sum(self) -> Evaluator:
        left = self.product()
        while self.peek()[0] == "op" and self.peek()[1] in ("+", "-"):
            apply = _ARITH[self.tokens[self.pos][1]]
            self.pos += 1
            first, second = left, self.product()
            left = lambda s, a=first, b=second, f=apply: f(a(s), b(s))  # noqa: E731
        return left

    def product(self) -> Evaluator:
        left = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "//", "%"):
            symbol = self.tokens[self.pos][1]
            self.pos += 1
            first, second = left, self.unary()
            if symbol == "*":
                left = lambda s, a=first, b=second: a(s) * b(s)  # noqa: E731
            else:
                left = _safe_division(symbol, first, second)
        return left

    def unary(self) -> Evaluator:
        if self.accept("-"):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                self._fail("nested too deeply", self.peek()[2])
            inner = self.unary()
            self.depth -= 1
            return lambda s: -inner(s)
        return self.atom()

    def atom(self) -> Evaluator:
        kind, text, where = self.peek()
        self.pos += 1
        if kind == "int":
            number = int(text)
            return self._remember(lambda s: number, "value", number)
        if kind == "str":
            return self._remember(lambda s: text, "value", text)
        if kind == "kw" and text in ("true", "false"):
            flag = text == "true"
            return lambda s: flag
        if kind == "op" and text == "(":
            inner = self.expression()
            self.expect(")")
            return inner
        if kind == "name":
            if self.accept("("):
                return self.call(text, where)
            self.names.add(text)
            return self._remember(lambda s: s[text], "name", text)
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
        if name == "abs" and len(arguments) != 1:
            self._fail("abs takes one value", where)
        if name in ("min", "max") and len(arguments) < 2:
            self._fail(f"{name} takes two or more values", where)
        return lambda s: function(*(argument(s) for argument in arguments))


def _safe_division(symbol: str, first: Evaluator, second: Evaluator) -> Evaluator:
    apply = _ARITH[symbol]

    def divide(scope: Scope) -> Any:
        divisor = second(scope)
        if divisor == 0:
            raise ExprError(f"division by zero in '{symbol}'")
        return apply(first(scope), divisor)

    return divide
