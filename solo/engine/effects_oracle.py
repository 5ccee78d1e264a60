"""The oracle inside a run: its chaos factor, a question put to it, and the ``ask``
effect (``then`` on a yes, ``otherwise`` on a no)."""

from __future__ import annotations

from solo import defaults
from solo.engine import oracle
from solo.engine.compiled_parts import CompileFunction, Compiler, Step
from solo.engine.events import Answered, RollData
from solo.engine.run import RunState
from solo.rules import oracle_styles
from solo.rules.effect_model import Ask

__all__ = ["ask", "chaos", "compile_ask", "COMPILERS"]


def ask(run: RunState, question: str, odds: str | None, style_name: str | None = None
        ) -> oracle.Answer:
    """Ask the oracle in the journal's style (or ``style_name``) at the current chaos."""
    style = oracle_styles.get_style(run.styles, style_name or str(run.values.get("oracle",
                                                                          defaults.ORACLE_STYLE)))
    run.about(f"Oracle: {question}")
    answer = oracle.ask(style, run.rng, odds, chaos(run), run.tables)
    run.events.append(answered(question, style.name, answer))
    return answer


def answered(question: str, style: str, answer: oracle.Answer) -> Answered:
    """The event of an oracle's answer, its dice as data."""
    return Answered(question, style, answer.odds, answer.text, answer.event,
                    tuple([RollData.of(roll) for roll in answer.rolls]),
                    answer.value, answer.target, answer.method, answer.random_event)


def chaos(run: RunState) -> int:
    """The oracle's chaos factor: the ``chaos`` value, or the danger tracker's if it
    follows it; the default while that tracker is behind the screen (its target would
    tell the tracker's value)."""
    value = run.values.get("chaos", defaults.CHAOS)
    if value == "follow":
        name = run.procedure.danger
        if not name or run.hides(frozenset({name})):
            return defaults.CHAOS
        maximum = run.procedure.trackers[name].maximum
        return oracle.chaos_from_danger(int(run.values[name]), maximum or 10)
    return int(value)


def compile_ask(compiler: Compiler, effect: Ask) -> Step:
    """Ask the oracle the effect's question; bind ``answer`` and run the branch it picks."""
    question, odds = effect.question.render, effect.odds
    then, otherwise = compiler.steps(effect.then), compiler.steps(effect.otherwise)

    def ask_oracle(run: RunState) -> None:
        chosen = None if odds is None else odds.render(run.scope)
        answer = ask(run, question(run.scope), chosen)
        run.bind("answer", "yes" if answer.yes else "no")
        if answer.yes:
            then(run)
        else:
            otherwise(run)

    return ask_oracle


COMPILERS: dict[type, CompileFunction] = {Ask: compile_ask}
"""The effects this module carries out, each with its one compile function."""
