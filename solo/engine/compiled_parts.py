"""What every compiler of :mod:`solo.engine.compiled` shares: the :data:`Step` each
effect list becomes, the empty step, what a compiler offers the others
(:class:`Compiler`), and the closures that roll dice exactly as
:func:`solo.rules.dice.roll` does, with the same calls on the ``rng``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from solo.engine.interpreter import Run
from solo.engine.run import whole
from solo.rules import dice
from solo.rules.effects import Effect, Template
from solo.rules.expr import Expr

__all__ = ["Step", "Roller", "Compiler", "nothing", "roller", "keep", "plus", "face",
           "below", "total"]

Step = Callable[[], None]
Roller = Callable[[], tuple[int, "dice.Roll | None"]]
"""Rolls a dice expression: its total, and its Roll (None for a single die)."""


def nothing() -> None:
    """The step of an empty effect list."""


class Compiler(Protocol):
    """What compiling one effect may ask of the program it is part of."""

    run: Run
    entries: dict[str, list[Step]]
    """Each table's entries' compiled effects, by table name (filled as they are compiled)."""

    def steps(self, effects: Sequence[Effect]) -> Step: ...

    def interpreted(self, effect: Any) -> Step: ...


def roller(run: Run, template: Template) -> Roller:
    """Roll the dice ``template`` names: a fixed single die straight from the ``rng``
    (the same faces :func:`solo.rules.dice.roll` gives), anything else through it. The roll
    is kept for ``dice`` by :func:`keep`, after the plus, as the interpreter keeps it."""
    rng = run.rng
    if not template.fields:
        expression = dice.parse(template.text)
        sides = dice.single_die(expression)
        if sides is not None:
            one_face = face(rng, sides)
            return lambda: (one_face(), None)
        return lambda: total(dice.roll(expression, rng))
    scope, randbelow = run.scope, below(rng)
    singles: dict[str, int | None] = {}  # dice text -> sides of a single die (or None)

    def roll_text() -> tuple[int, dice.Roll | None]:
        text = template.render(scope)
        sides = singles.get(text, 0)
        if sides == 0:
            expression = dice.parse(text)
            sides = singles[text] = dice.single_die(expression)
        if sides is not None and randbelow is not None:
            return randbelow(sides) + 1, None
        return total(dice.roll(text, rng))

    return roll_text


def keep(run: Run, rolled: int, result: dice.Roll | None) -> None:
    """The last roll, for ``dice``: its Roll, or the one face a single die showed."""
    run.last_roll = result
    if result is None:
        run.last_dice = (rolled,)


def plus(run: Run, expr: Expr | None, what: str) -> Callable[[], int]:
    """The value of a roll's plus ``expr`` (0 without one); ``what`` names it in an error."""
    if expr is None:
        return lambda: 0
    evaluate, scope = expr.evaluate, run.scope

    def value() -> int:
        number = evaluate(scope)
        return number if type(number) is int else whole(what, number)

    return value


def below(rng: random.Random) -> Callable[[int], int] | None:
    """``rng._randbelow`` when ``rng`` is a stock Random (see :func:`face`), else None."""
    return rng._randbelow if dice.stock_random(rng) else None  # type: ignore[attr-defined]


def face(rng: random.Random, sides: int) -> Callable[[], int]:
    """One die of ``sides`` from ``rng``, as :func:`solo.rules.dice.roll` rolls it."""
    if dice.stock_random(rng):
        randbelow = rng._randbelow  # type: ignore[attr-defined]
        return lambda: randbelow(sides) + 1
    randint = rng.randint
    return lambda: randint(1, sides)


def total(result: dice.Roll) -> tuple[int, dice.Roll | None]:
    return result.total, result
