"""The status bar as a terminal shows it (the QA pass at a real terminal): its forecast is
the figure ``odds`` gives for the same move, and the bar fits the screen's width, the
parts that matter most kept longest."""

from __future__ import annotations

import pytest

from solo.engine.forecast import same_action
from solo.engine.map_layout import text_cells
from solo.play import prompt_text
from solo.play.odds_view import odds_lines, odds_status
from solo.play.status_bar import fit_bar
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


PARTS = dict(forecast="enter 2: encounter 1 in 6", place="turn 4 (after 0:30)",
             danger=["Tension 3/10"], trackers=["Fatigue 1"], light="light: Torch 5t",
             members=["Wren 6/8", "Brother Ott 4/9"], party="party 10/17",
             brief=["Wren 6/8", "Ott 4/9"], title="The Sunken Halls of the Drowned King")


@pytest.mark.parametrize("width, shown", [
    (200, "enter 2: encounter 1 in 6 │ turn 4 (after 0:30) │ Tension 3/10 │ light: Torch 5t"
          " │ Wren 6/8 │ Brother Ott 4/9 │ Fatigue 1 │ The Sunken Halls of the Drowned King"),
    (80, "enter 2: encounter 1 in 6 │ turn 4 (after 0:30) │ Tension 3/10 │ light: Torch 5t"),
    (66, "enter 2: encounter 1 in 6 │ turn 4 (after 0:30) │ Tension 3/10"),
    (50, "enter 2: encounter 1 in 6 │ turn 4 │ Tension 3/10"),
    (40, "enter 2: encounter 1 in 6 │ turn 4"),
    (30, "enter 2: encounter 1 in 6"),
    (20, "enter 2: encounter…"),
])
def test_the_bar_keeps_what_matters_most_at_each_width(width, shown):
    bar = fit_bar(**PARTS, width=width)
    assert bar == shown
    assert len(bar) <= width


@pytest.mark.parametrize("width", [200, 145, 120, 80, 60, 30])  # (145: it fitted by letters)
def test_a_title_in_wide_characters_is_counted_in_columns(width):
    """A CJK title takes two columns a character, as the terminal draws it: counted one a
    character, the bar ran past the screen."""
    parts = {**PARTS, "title": "沈んだ王の水没した広間と龍の巣"}
    bar = fit_bar(**parts, width=width)
    assert text_cells(bar) <= width
    if width == 200:
        assert bar.endswith(" │ 沈んだ王の水没した広間と龍の巣")


def test_a_sittings_bar_fits_the_screen_the_prompt_draws_on(tmp_path):
    """The REPL's bar is Session.toolbar, drawn by prompt_toolkit: it takes the width of
    the screen the prompt is drawn on, not a fixed 80 columns."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.application.current import set_app
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output import DummyOutput

    from solo.play.session import Session
    from tests.fake_env import solo

    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "4",
                "--title", "The Sunken Halls of the Drowned King",
                stdin="enter 3\nlight torch\n").code == 0

    class Screen(DummyOutput):
        def __init__(self, columns: int) -> None:
            self.columns = columns

        def get_size(self) -> Size:
            return Size(rows=24, columns=self.columns)

    session = Session(path)
    try:
        shown = {}
        for columns in (30, 50, 200):
            with set_app(Application(output=Screen(columns))):
                shown[columns] = session.toolbar()
        assert session.toolbar() == prompt_text.toolbar(
            session.world, session.state, "The Sunken Halls of the Drowned King")  # 80
    finally:
        session.close()
    assert shown[30] == "enter 2: encounter 1 in 6"
    assert shown[50] == "enter 2: encounter 1 in 6 │ turn 2 │ Tension 0/10"
    assert shown[200].endswith("│ light: Torch │ The Sunken Halls of the Drowned King")
