"""The status bar as a terminal shows it (the QA pass at a real terminal): its forecast is
the figure ``odds`` gives for the same move, and the bar fits the screen's width, the
parts that matter most kept longest."""

from __future__ import annotations

import pytest

from solo.engine.forecast import same_action
from solo.play import prompt_text
from solo.play.odds_view import odds_lines, odds_status
from solo.rules.catalog import system_ids
from tests.engine_states import played, world_of


def _row(lines: list[str], word: str) -> list[str]:
    """The figures of ``odds``'s row for the move ``word`` (``encounter 1 in 6``, ...)."""
    for line in lines[1:]:
        if line.startswith("  ") and line.split()[0] == word:
            return line.split("  ")[-1].strip().split(" · ")
    raise AssertionError(f"no row for {word} in {lines}")


def _agrees(system: str, *lines: str) -> str:
    world = world_of(system)
    state = played(system, *lines)
    bar = prompt_text.toolbar(world, state, "The Deep Halls", 200)
    forecast = odds_status(world, state)
    assert forecast and bar.startswith(forecast + " │ "), (bar, forecast)
    line, said = forecast.split(": ", 1)
    assert line == same_action(world, state)
    figure = said.split(" · ")[0]  # a new room's own trap and locked door after it
    assert figure in _row(odds_lines(world, state), line.split()[0]), (system, forecast)
    return forecast


def test_the_d12_bar_reads_the_new_rooms_exits_as_odds_and_the_rule_do():
    """The QA's crawl: a room of 3 exits entered; the bar forecasts the usual 'enter 2'.
    The check is a d12 at or under the new room's 2 exits (Tension 0): 2 in 12, not the
    3 in 12 of the room the party stands in."""
    assert _agrees("d12-tension", "enter 3") == "enter 2: encounter 1 in 6"


@pytest.mark.parametrize("system", system_ids())
def test_the_bars_forecast_is_the_figure_odds_gives_its_move(system):
    usual = world_of(system).procedure.simulate
    _agrees(system, usual)
    _agrees(system, "light torch", usual, usual)  # a light too: the likelier may be it
