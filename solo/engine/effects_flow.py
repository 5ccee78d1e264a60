"""The effects that steer the rest: ``say``, ``if``, ``do`` (a routine, with its
parameters) and ``outcome`` (the name this turn is counted under)."""

from __future__ import annotations

from solo.engine.compiled_parts import CompileFunction, Compiler, Step, branch_of, nothing
from solo.engine.events import Said
from solo.engine.run import RunState
from solo.errors import SoloError
from solo.rules.effect_model import Branch, Do, Outcome, Say

__all__ = ["MAX_CALL_DEPTH", "compile_say", "compile_if", "compile_do", "compile_outcome",
           "COMPILERS"]

MAX_CALL_DEPTH = 50
"""How deeply routines may call each other."""


def compile_say(compiler: Compiler, effect: Say) -> Step:
    """Journal the effect's text (nothing to do for a run that records nothing)."""
    if not compiler.record:
        return nothing
    render = effect.text.render

    def say(run: RunState) -> None:
        run.events.append(Said(render(run.scope)))

    return say


def compile_if(compiler: Compiler, effect: Branch) -> Step:
    """Run ``then`` or ``otherwise`` as the condition says."""
    test = effect.condition.evaluate
    then, otherwise = compiler.steps(effect.then), compiler.steps(effect.otherwise)
    if then is nothing and otherwise is nothing and not compiler.record:
        return nothing  # only says something, to a run that records nothing
    fused = branch_of(effect.condition, then, otherwise)
    if fused is not None:
        return fused
    if otherwise is nothing:
        def when_true(run: RunState) -> None:
            if test(run.scope):
                then(run)

        return when_true
    if then is nothing:
        def when_false(run: RunState) -> None:
            if not test(run.scope):
                otherwise(run)

        return when_false

    def branch(run: RunState) -> None:
        if test(run.scope):
            then(run)
        else:
            otherwise(run)

    return branch


def compile_do(compiler: Compiler, effect: Do) -> Step:
    """Run a routine, its parameters bound to the values given (or their defaults)."""
    given = dict(effect.args)
    params = tuple((name, given.get(name), default)
                   for name, default in compiler.procedure.params.get(effect.routine, ()))
    body = compiler.routine(effect.routine)
    if body is nothing and not params and not compiler.record:
        return nothing  # a routine that only says something, to a run that records nothing

    if not params:
        def do_routine(run: RunState) -> None:
            depth = run.depth = run.depth + 1
            if depth > MAX_CALL_DEPTH:
                raise SoloError("the procedure's routines call each other too deeply "
                                f"(over {MAX_CALL_DEPTH} levels)")
            body(run)
            run.depth = depth - 1

        return do_routine

    def do(run: RunState) -> None:
        run.depth += 1
        if run.depth > MAX_CALL_DEPTH:
            raise SoloError("the procedure's routines call each other too deeply "
                            f"(over {MAX_CALL_DEPTH} levels)")
        for name, expr, default in params:
            run.bind(name, default if expr is None else expr.evaluate(run.scope))
        body(run)
        run.depth -= 1

    return do


def compile_outcome(compiler: Compiler, effect: Outcome) -> Step:
    """Name this turn's outcome, replacing one a table recorded earlier in the same turn."""
    name = effect.name

    def outcome(run: RunState) -> None:
        outcomes = run.outcomes
        if len(outcomes) > run.turn_outcomes_start:
            outcomes[-1] = name
        else:
            outcomes.append(name)

    return outcome


COMPILERS: dict[type, CompileFunction] = {Say: compile_say, Branch: compile_if,
                                          Do: compile_do, Outcome: compile_outcome}
"""The effects this module carries out, each with its one compile function."""
