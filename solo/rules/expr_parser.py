"""The parser of expressions: text to tokens, tokens to closures, each with its typer.

A recursive descent over the grammar in :mod:`solo.rules.expr`, one method a level.
Each level returns an evaluator (a closure over the scope of names, made by
:mod:`solo.rules.expr_eval`) and records its typer in ``Parser.types``; ``Parser.simple``
remembers which evaluators merely read a name or give a constant, so a comparison can read
those directly.
"""

from __future__ import annotations

import operator
import re
from typing import Any, NoReturn

from solo.rules import expr_eval
from solo.rules.expr_functions import ARITY, EXPLAIN, FUNCTIONS, call_type
from solo.rules.expr_types import (
    NUMERIC,
    Evaluator,
    ExprError,
    Typer,
    Types,
    kinds_of,
    unite,
)

__all__ = ["Parser", "MAX_DEPTH"]

MAX_DEPTH = 40
"""How deeply an expression may nest: brackets, function calls, ``if … else`` and ``-``."""

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|('[^']*'|\"[^\"]*\")"
                    r"|(<=|>=|==|!=|//|[-+*%<>(),]))")
_COMPARE = {"<=": operator.le, "<": operator.lt, ">=": operator.ge, ">": operator.gt,
            "==": operator.eq, "!=": operator.ne}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "%": operator.mod,
          "//": operator.floordiv}
_KEYWORDS = {"and", "or", "not", "if", "else", "true", "false"}


class Parser:
    """Reads one expression's text; ``parse()`` gives its evaluator."""

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
        # ``name OP constant`` comparisons: evaluator -> its shape ("compare", symbol,
        # operator, name, constant)
        self.comparisons: dict[Evaluator, tuple[Any, ...]] = {}

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
            value = self._typed(expr_eval.choose(condition, chosen, other),
                                _choose_type(kinds))
        self.depth -= 1
        return value

    def _logic(self, first: Evaluator, second: Evaluator, either: bool) -> Evaluator:
        """``first or second`` (``either``) or ``first and second``."""
        a, b = self.types[first], self.types[second]
        evaluator = (expr_eval.either if either else expr_eval.both)(first, second)
        return self._typed(evaluator, lambda t: unite(a(t), b(t)))

    def disjunction(self) -> Evaluator:
        left = self.conjunction()
        while self.accept("or"):
            left = self._logic(left, self.conjunction(), True)
        return left

    def conjunction(self) -> Evaluator:
        left = self.negation()
        while self.accept("and"):
            left = self._logic(left, self.negation(), False)
        return left

    def negation(self) -> Evaluator:
        if self.accept("not"):
            inner = self.negation()
            typer = self.types[inner]
            simple = self.simple.get(inner)
            negation = (expr_eval.negate_name(simple[1], self.text)
                        if simple and simple[0] == "name" else expr_eval.negate(inner))
            return self._typed(negation, lambda t: (typer(t), "bool")[1])
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
                kinds = kinds_of(a(types), b(types))
                if ordered and len(kinds) > 1:
                    raise ExprError(f"'{symbol}' compares a number with a word")
                return "bool"

            return self._typed(self._compare(compare, text, left, right), typer)
        return left

    def _compare(self, compare, symbol: str, left: Evaluator, right: Evaluator) -> Evaluator:
        """A comparison; ``name OP constant`` and ``name OP name`` skip a call per side,
        ``expression OP constant`` the constant's."""
        first, second = self.simple.get(left), self.simple.get(right)
        if second and second[0] == "value" and not (first and first[0] == "name"):
            return expr_eval.compare_with(compare, symbol, left, second[1], self.text)
        if not (first and second and first[0] == "name"):
            return expr_eval.apply(compare, symbol, left, right, self.text)
        if second[0] == "name":
            return expr_eval.compare_names(compare, symbol, first[1], second[1], self.text)
        evaluator = expr_eval.compare_name(compare, symbol, first[1], second[1], self.text)
        self.comparisons[evaluator] = ("compare", symbol, compare, first[1], second[1])
        return evaluator

    def _arith_type(self, symbol: str, first: Evaluator, second: Evaluator) -> Typer:
        a, b = self.types[first], self.types[second]

        def typer(types: Types) -> str:
            left, right = a(types), b(types)
            kinds = kinds_of(left, right)
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
            left = self._typed(expr_eval.apply(apply, symbol, first, second, self.text),
                               self._arith_type(symbol, first, second))
        return left

    def product(self) -> Evaluator:
        left = self.unary()
        while self.peek()[0] == "op" and self.peek()[1] in ("*", "//", "%"):
            symbol = self.tokens[self.pos][1]
            self.pos += 1
            first, second = left, self.unary()
            if symbol == "*":
                evaluator = expr_eval.multiply(first, second, self.text)
            else:
                evaluator = expr_eval.divide(_ARITH[symbol], symbol, first, second, self.text)
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
                if kinds_of(typer(types)) - {"num"}:
                    raise ExprError("'-' needs a number, not a word")
                return "int"

            return self._typed(expr_eval.minus(inner, self.text), negative)
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
            return self._typed(self._remember(expr_eval.read_name(text, self.text), "name",
                                              text), lambda t: t.get(text, "any"))
        self._fail(f"unexpected {text or 'end'!r}", where)
        raise AssertionError  # pragma: no cover

    def shape(self, evaluator: Evaluator) -> tuple[Any, ...] | None:
        """What ``evaluator`` does when it only reads a name (``("name", name)``) or
        compares one with a constant (``("compare", symbol, operator, name, constant)``):
        a step may then do it without calling it. None otherwise."""
        compared = self.comparisons.get(evaluator)
        if compared is not None:
            return compared
        simple = self.simple.get(evaluator)
        return simple if simple is not None and simple[0] == "name" else None

    def _remember(self, evaluator: Evaluator, kind: str, value: Any) -> Evaluator:
        self.simple[evaluator] = (kind, value)
        return evaluator

    def call(self, name: str, where: int) -> Evaluator:
        function = FUNCTIONS.get(name)
        if function is None:
            self._fail(f"unknown function {name!r} (known: {', '.join(FUNCTIONS)})", where)
        arguments = [self.expression()]
        while self.accept(","):
            arguments.append(self.expression())
        self.expect(")")
        low, high = ARITY[name]
        if not low <= len(arguments) <= high:
            wanted = "one value" if high == 1 else (
                "two values" if low == high else "two or more values")
            self._fail(f"{name} takes {wanted}", where)
        typers = [self.types[argument] for argument in arguments]
        evaluator = expr_eval.call(name, function, arguments, self.text, EXPLAIN.get(name))
        return self._typed(evaluator, call_type(name, typers))


def _choose_type(typers: tuple[Typer, Typer, Typer]) -> Typer:
    def typer(types: Types) -> str:
        typers[1](types)
        return unite(typers[0](types), typers[2](types))

    return typer

