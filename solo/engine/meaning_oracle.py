"""``ask meaning``: the meaning oracle (an action and a subject, each its own d66 roll, from
``oracles/meaning.md`` or a player's table of that name), journaled as an oracle's answer
(``? What is behind the door? (meaning)`` then ``d: Action d66=35, Subject d66=42 ->
Betray / A promise``)."""

from __future__ import annotations

from solo.engine.events import Answered
from solo.engine.requests import AskMeaning
from solo.engine.run import RunState
from solo.engine.table_draws import draw_event
from solo.errors import RulesError, UsageError
from solo.rules.meaning import MEANING_TABLE, roll_meaning
from solo.rules.world import World

__all__ = ["ask_meaning"]


def ask_meaning(world: World, run: RunState, request: AskMeaning) -> None:
    tables = {**world.procedure.tables, **world.tables}
    try:
        meaning = roll_meaning(tables, run.rng)
    except RulesError as error:
        raise UsageError(str(error)) from None
    draws = [draw for draw in meaning.draws if draw.table == MEANING_TABLE]
    run.events.append(Answered(
        request.question or "What does it mean?", "meaning", "", meaning.text,
        rolls=tuple(draw_event(draw).roll for draw in draws), method="meaning",
        labels=tuple((draw.column or draw.title).capitalize() for draw in draws),
        pluses=tuple(draw.plus for draw in draws)))
