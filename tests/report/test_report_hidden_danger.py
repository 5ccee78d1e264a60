"""A danger tracker kept behind the screen (``set show_tension false``) is hidden in
``solo stats`` and ``stats --json`` as in the exports, unless ``--reveal``, and the summary
says from which turn it was hidden."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.fake_env import solo

MOVES = "light torch\n" + "linger\n" * 6 + "set show_tension false\n" + "linger\n" * 6


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hidden") / "crawl.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "3", "--party", "Wren",
                stdin=MOVES)
    assert done.code == 0, done.err
    return path


def test_stats_hide_tension_and_say_from_which_turn(journal: Path):
    shown = solo("stats", str(journal))
    assert shown.code == 0, shown.err
    line = next(line for line in shown.out.splitlines() if line.startswith("Danger:"))
    assert line == "Danger: Tension kept hidden from turn 7 (stats --reveal shows it)"
    assert "peak" not in shown.out and "Tension:" not in shown.out


def test_stats_json_keeps_no_figure_of_a_hidden_tension(journal: Path):
    figures = json.loads(solo("stats", str(journal), "--json").out)
    assert figures["danger"]["hidden"] is True
    assert figures["danger"]["hidden_from_turn"] == 7
    assert not {"start", "peak", "end"} & set(figures["danger"])
    text = json.dumps(figures)
    assert "d10" not in text and not re.search(r"Tension \d", text)  # no roll, no value


def test_reveal_shows_tension_in_stats_and_json(journal: Path):
    shown = solo("stats", str(journal), "--reveal").out
    assert any(line.startswith("Tension: start 0, peak") for line in shown.splitlines())
    figures = json.loads(solo("stats", str(journal), "--json", "--reveal").out)
    assert figures["danger"]["label"] == "Tension" and "peak" in figures["danger"]


def test_the_exports_say_from_which_turn_too(journal: Path):
    md = solo("export", str(journal), "--format", "md").out
    assert "Tension kept hidden from turn 7 (export --reveal shows it)" in md


def test_hidden_from_the_start(tmp_path: Path):
    path = tmp_path / "crawl.md"
    solo("new", str(path), "--system", "d12-tension", "--seed", "3", "--party", "Wren",
         stdin="set show_tension false\nlight torch\n" + "linger\n" * 4)
    assert "Tension kept hidden from the start" in solo("stats", str(path)).out
