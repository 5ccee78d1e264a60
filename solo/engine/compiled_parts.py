"""What every effect's compile function shares: the :data:`Step` an effect becomes, the
empty step, what a compile function may ask of the program it is part of
(:class:`Compiler`), the closures that roll dice exactly as
:func:`solo.rules.dice.roll` does, with the same calls on the ``rng``, the value of an
expression known when compiled (:func:`constant_of`), and the step of a condition that
reads one name straight from the scope (:func:`branch_of`).

A step is a function of the run it works on; it is compiled once per procedure (for runs
that record, and for runs that do not), so it keeps nothing of one run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from solo.engine.run import RunState, whole
from solo.errors import SoloError
from solo.rules import dice
from solo.rules.effect_model import Effect, Template
from solo.rules.expr import Expr
from solo.rules.expr_eval import mismatch, name_missing
from solo.rules.procedure import Procedure
from solo.rules.tables import Table

__all__ = ["Step", "Roller", "Compiler", "CompileFunction", "nothing", "roller", "keep",
           "plus", "reason_of", "NOT_CONSTANT", "constant_of", "branch_of"]

Step = Callable[[RunState], None]
"""One effect, or a list of them, compiled: carry it out on the run given."""
Roller = Callable[[RunState], "int | dice.Roll"]
"""Rolls a dice expression: its Roll, or only its face for a single die not recorded."""

MAX_TEXTS = 1000
"""The most rendered dice texts a roller remembers the single die of."""


def nothing(run: RunState) -> None:
    """The step of an empty effect list (and of what only the journal reads, when the
    run records nothing)."""


class Compiler(Protocol):
    """What compiling one effect may ask of the program it is part of
    (:class:`solo.engine.compiled.Program`)."""

    procedure: Procedure
    record: bool
    """Whether the steps are for runs that record events (play) or not (``solo simulate``)."""

    def steps(self, effects: Iterable[Effect]) -> Step:
        """The step of an effect list (each ``when`` guard included)."""
        ...

    def routine(self, name: str) -> Step:
        """The step of routine ``name`` (one that finds it when run, while it compiles)."""
        ...

    def table(self, name: str) -> Table | None:
        """The table ``name`` names for this program's runs, or None."""
        ...

    def entry_steps(self, table: Table) -> list[Step]:
        """The step of each of ``table``'s entries' effects (filled once compiled)."""
        ...


CompileFunction = Callable[[Any, Any], Step]
"""An effect kind's one implementation: ``(compiler, effect) -> step``."""

NOT_CONSTANT: Any = object()
"""What :func:`constant_of` gives for an expression whose value is not known before it runs."""


def constant_of(expr: Expr) -> Any:
    """The value ``expr`` always has, when it reads no name (``0``, ``'out'``,
    ``min(2, 3)``): the built-in functions read nothing else, so it is the same in every
    scope. :data:`NOT_CONSTANT` when it reads a name, or when working it out fails (the
    error is then raised where the effect runs, as without this)."""
    if expr.names:
        return NOT_CONSTANT
    try:
        return expr.evaluate({})
    except Exception:  # noqa: BLE001 - raised again, and only, when the effect runs
        return NOT_CONSTANT


def branch_of(condition: Expr, then: Step, otherwise: Step) -> Step | None:
    """The step running ``then`` if ``condition`` holds, else ``otherwise``, for a
    condition that reads one name (``resting``) or compares one with a constant
    (``fatigue_due == 1``): it reads the name straight from the scope and compares, as
    its ``evaluate`` would, with the same errors. None for any other condition."""
    shape = condition.shape
    if shape is None:
        return None
    text, name = condition.text, shape[-2 if shape[0] == "compare" else 1]
    if shape[0] == "name":
        def if_name(run: RunState) -> None:
            try:
                value = run.scope[name]
            except KeyError as missing:
                name_missing(missing, name, text)
            if value:
                then(run)
            elif otherwise is not nothing:
                otherwise(run)

        return if_name
    symbol, compare, constant = shape[1], shape[2], shape[4]
    if symbol == "==":
        def if_equal(run: RunState) -> None:
            try:
                value = run.scope[name]
            except KeyError as missing:
                name_missing(missing, name, text)
            if value == constant:
                then(run)
            elif otherwise is not nothing:
                otherwise(run)

        return if_equal

    def if_compared(run: RunState) -> None:
        try:
            value = run.scope[name]
        except KeyError as missing:
            name_missing(missing, name, text)
        try:
            held = compare(value, constant)
        except TypeError:
            mismatch(f"'{symbol}'", (value, constant), text)
        if held:
            then(run)
        elif otherwise is not nothing:
            otherwise(run)

    return if_compared


def reason_of(compiler: Compiler, template: Template | None
              ) -> Callable[[RunState], str] | None:
    """The reason a change journals (its template filled in, else the action's name);
    None when the run records nothing, so that no one works it out."""
    if not compiler.record:
        return None
    if template is None:
        return RunState.default_reason
    render = template.render
    return lambda run: render(run.scope)


def roller(template: Template, record: bool) -> Roller:
    """Roll the dice ``template`` names with the calls :func:`solo.rules.dice.roll` makes
    on the ``rng``. For a run that records, always a Roll (the journal shows it);
    otherwise a single die is one face straight from the ``rng``, with no Roll made. The
    roll is kept for ``dice`` by :func:`keep`, after the plus, as play keeps it."""
    if not template.fields:
        try:
            expression = dice.parse(template.text)
        except SoloError:  # refused when rolled, as the text is
            text = template.text
            return lambda run: dice.roll(text, run.rng)
        sides = None if record else dice.single_die(expression)
        if sides is None:
            return lambda run: dice.roll(expression, run.rng)

        def one_die(run: RunState) -> int:
            below = run.randbelow
            return below(sides) + 1 if below is not None else run.rng.randint(1, sides)

        return one_die
    render = template.render
    if record:
        return lambda run: dice.roll(render(run.scope), run.rng)
    singles: dict[str, int | None] = {}  # dice text -> sides of a single die (or None)

    def roll_text(run: RunState) -> int | dice.Roll:
        text = render(run.scope)
        sides = singles.get(text, 0)
        if sides == 0:
            sides = dice.single_die(dice.parse(text))
            if len(singles) < MAX_TEXTS:
                singles[text] = sides
        below = run.randbelow
        if sides is not None and below is not None:
            return below(sides) + 1
        return dice.roll(text, run.rng)

    return roll_text


def keep(run: RunState, rolled: int | dice.Roll) -> int:
    """Keep the last roll for ``dice`` (its Roll, or the one face a single die showed);
    its total."""
    if type(rolled) is int:
        run.last_roll = None
        run.last_dice = (rolled,)
        return rolled
    run.last_roll = rolled  # type: ignore[assignment]
    return rolled.total  # type: ignore[union-attr]


def plus(expr: Expr | None, what: str) -> Callable[[Mapping[str, Any]], int] | None:
    """The value of a roll's plus ``expr`` in a scope (None without one); ``what`` names
    it in an error."""
    if expr is None:
        return None
    evaluate = expr.evaluate

    def value(scope: Mapping[str, Any]) -> int:
        number = evaluate(scope)
        return number if type(number) is int else whole(what, number)

    return value
