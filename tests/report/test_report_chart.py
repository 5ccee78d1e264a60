"""The html report's chart, as ``solo export --format html`` draws it for a short crawl, a
crawl whose danger rises and falls within a round, a long crawl, and a procedure that keeps
no danger tracker."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fake_env import solo


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


def chart_of(system: str, moves: str, seed: int = 2) -> tuple[str, str]:
    """The chart's SVG and its caption, once ``moves`` are played."""
    assert solo("new", "j.md", "--system", system, "--seed", str(seed), stdin=moves).code == 0
    done = solo("export", "j.md", "--format", "html")
    assert done.code == 0, done.err
    (svg,) = re.findall(r"<svg viewBox=.*?</svg>", done.out, re.S)
    (caption,) = re.findall(r'<figure class="chart">.*?<figcaption>(.*?)</figcaption>',
                            done.out, re.S)  # (the map of the rooms has a caption too)
    return svg, caption


def test_a_rise_within_a_round_is_drawn_dashed_and_encounters_dotted():
    svg, caption = chart_of("trespasser", "advance\n" * 40)
    assert caption.startswith("Alarm at the end of each round;")
    assert "a dashed rise shows a higher Alarm reached within that round" in caption
    assert svg.count('class="peak"') >= 1 and svg.count('<polyline class="line"') == 1
    dots = re.findall(r"<title>Round (\d+): ", svg)
    assert dots and all(1 <= int(turn) <= 40 for turn in dots)
    ticks = [int(value) for value in re.findall(r'text-anchor="middle"[^>]*>(\d+)</text>', svg)]
    assert ticks[0] == 0 and ticks[-1] == 40


def test_a_long_crawl_is_drawn_as_one_stroke_a_stretch_with_a_dot_a_stretch():
    svg, caption = chart_of("trespasser", "advance\n" * 700)
    assert caption.startswith("Alarm over 700 rounds: each stroke spans the lowest and "
                              "highest Alarm of a stretch of rounds;")
    assert svg.count('<path class="band"') == 1 and "<polyline" not in svg
    stretches = re.findall(r"<title>Rounds (\d+)–(\d+): (\d+) encounters?</title>", svg)
    assert stretches
    assert all(1 <= int(low) <= int(high) <= 700 for low, high, _ in stretches)
    assert sum(int(count) for _, _, count in stretches) >= len(stretches)


def test_a_procedure_without_a_danger_tracker_charts_its_encounters_alone():
    svg, caption = chart_of("classic", "explore\n" * 30)
    assert caption.startswith("Encounters by turn: this procedure keeps no danger tracker;")
    assert 'aria-label="Encounters per turn"' in svg
    assert "<polyline" not in svg and 'class="band"' not in svg


def test_a_crawl_not_yet_played_says_so():
    svg, _ = chart_of("trespasser", "")
    assert "No rounds played yet" in svg


def test_a_hidden_danger_s_caption_nests_no_parentheses():
    moves = "set show_tension false\nenter 3\nnoise\nenter 2\ncombat-normal\nlinger\n"
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "9", stdin=moves).code == 0
    page = solo("export", "j.md", "--format", "html").out
    (caption,) = re.findall(r'<figure class="chart">.*?<figcaption>(.*?)</figcaption>', page, re.S)
    assert caption == ("Encounters by turn: Tension kept hidden from the start "
                       "(export --reveal shows it); no encounter met.")
