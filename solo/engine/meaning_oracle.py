"""``ask meaning``: the meaning oracle (an action and a subject, each its own d66 roll, from
``oracles/meaning.md`` or a player's table of that name), journaled as an oracle's answer
(``? What is behind the door? (meaning)`` then ``d: Action d66=35, Subject d66=42 ->
Betray / A promise``)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from solo.engine.events import Answered
from solo.engine.requests import AskMeaning
from solo.engine.run import RunState
from solo.engine.table_draws import draw_event
from solo.errors import RulesError, UsageError
from solo.rules.meaning import MEANING_TABLE, roll_meaning
from solo.rules.tables import Table
from solo.rules.world import World

__all__ = ["ask_meaning", "meaning_answer"]


def ask_meaning(world: World, run: RunState, request: AskMeaning) -> None:
    run.events.append(meaning_answer({**world.procedure.tables, **world.tables}, run.rng,
                                     request.question))


def meaning_answer(tables: Mapping[str, Table], rng: random.Random, question: str) -> Answered:
    """The meaning oracle's answer to ``question`` (an action and a subject rolled on the
    ``meaning`` table of ``tables``), at the prompt and for ``solo ask meaning``."""
    try:
        meaning = roll_meaning(tables, rng)
    except RulesError as error:
        raise UsageError(str(error)) from None
    draws = [draw for draw in meaning.draws if draw.table == MEANING_TABLE]
    return Answered(
        question or "What does it mean?", "meaning", "", meaning.text,
        rolls=tuple(draw_event(draw).roll for draw in draws), method="meaning",
        labels=tuple((draw.column or draw.title).capitalize() for draw in draws),
        pluses=tuple(draw.plus for draw in draws))
