"""A keyed dungeon's exit that leads out (the key's ``to: out``; ``enter`` refuses it and
names 'leave') is shown as a way out by every view, never as an unexplored exit: the rooms
list writes it ``S(out)``; the terminal map, the Markdown (Mermaid) and html (SVG) maps do
not count or draw it as unexplored."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.fake_env import solo

KEY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "keys" / "bell-abbey.yaml"


@pytest.fixture(scope="module")
def abbey(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """R1 entered (its exits S, out of the abbey; N and E, ways on), and what the views
    said there."""
    journal = tmp_path_factory.mktemp("way-out") / "abbey.md"
    run = solo("new", str(journal), "--system", "d12-tension", "--seed", "7",
               "--dungeon", str(KEY), stdin="enter\nrooms\nmap\n")
    assert run.code == 0, run.err
    return journal, run.out



def test_the_rooms_list_shows_the_exit_leading_out(abbey: tuple[Path, str]):
    assert "R1 (here, way out) · Cellar stair · active · exits S(out), N, E" in abbey[1]


def test_the_terminal_map_does_not_call_the_way_out_unexplored(abbey: tuple[Path, str]):
    out = abbey[1]
    assert "unexplored: N, E" in out and "unexplored: S" not in out
    assert "?" not in out.split("Map of 1 room")[1].split("@ R1")[0].splitlines()[-1]


def test_the_markdown_map_counts_only_the_ways_on(abbey: tuple[Path, str]):
    md = solo("export", str(abbey[0]), "--format", "md").out
    assert "2 unexplored exits" in md and "3 unexplored exits" not in md


def test_the_html_map_draws_only_the_ways_on(abbey: tuple[Path, str]):
    page = solo("export", str(abbey[0]), "--format", "html").out
    assert sorted(re.findall(r"an unexplored exit (\w+)", page)) == ["E", "N"]
    assert "2 exits lead nowhere known yet" in page


def test_the_rooms_tag_writes_the_way_out_as_the_rooms_list_does(abbey: tuple[Path, str]):
    """Lonelog's exits take a word in brackets after the way (``E:R7(secret)``): the tag
    the journal keeps says which exit leads out, as ``rooms`` and the key do."""
    journal, out = abbey
    assert "[R:1|active|Cellar stair|exits S(out), N, E]" in out
    assert "exits S, " not in journal.read_text(encoding="utf-8")


def test_a_later_sitting_opens_with_the_way_out_in_its_dungeon_status(tmp_path: Path):
    journal = tmp_path / "abbey.md"
    assert solo("new", str(journal), "--system", "d12-tension", "--seed", "7",
                "--dungeon", str(KEY), stdin="enter\n").code == 0
    assert solo("play", str(journal), stdin="linger\n").code == 0
    block = journal.read_text(encoding="utf-8").split("[DUNGEON STATUS]")[1]
    assert block.split("[/DUNGEON STATUS]")[0].strip() == \
        "[R:1|active|Cellar stair|exits S(out), N, E]"
    status = solo("status", str(journal), "--json").out
    assert json.loads(status)["room"]["exits"] == ["S(out)", "N", "E"]
