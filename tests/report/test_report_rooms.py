"""The reports tell the dungeon (issue 20): the rooms found, cleared and looted, the route,
where each encounter happened, a Mermaid map in the md report and an SVG map in the html
one, all read from the records that keep the map."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from tests.fake_env import solo

MOVES = """enter 3
room entry hall, exits N E S
enter N 2
room cleared
room +looted
back
enter E 1
undo
enter E 2
room exits N
linger
"""


def crawl(tmp_path: Path, moves: str = MOVES) -> Path:
    journal = tmp_path / "crawl.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--title", "Rooms", "--seed",
                "4", stdin=moves)
    assert done.code == 0, done.err
    return journal


def test_stats_count_the_rooms_and_follow_the_route_without_what_was_taken_back(tmp_path):
    journal = crawl(tmp_path)
    figures = json.loads(solo("stats", str(journal), "--json").out)
    rooms = figures["rooms"]
    assert (rooms["rooms"], rooms["cleared"], rooms["looted"]) == (3, 1, 1)
    assert rooms["route"] == ["R1", "R2", "R1", "R3"]  # the undone 'enter E 1' left no trace
    assert len(rooms["encounter_rooms"]) == len(figures["encounter_list"])
    assert set(rooms["encounter_rooms"]) <= {"R1", "R2", "R3"}
    text = solo("stats", str(journal)).out
    assert "Rooms: 3 found, 1 cleared, 1 looted; route R1 → R2 → R1 → R3 (3 moves)" in text


def test_the_md_report_draws_the_map_and_the_html_report_an_accessible_svg(tmp_path):
    journal = crawl(tmp_path)
    md = solo("export", str(journal), "--format", "md").out
    assert "### Map\n\n```mermaid\n" in md and "flowchart" in md.split("### Map", 1)[1]
    html = solo("export", str(journal), "--format", "html").out
    svg = html.split('<figure class="map">', 1)[1].split("</svg>", 1)[0] + "</svg>"
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "", 1)  # (fetches
    # nothing: the namespace only names it, for pandoc and image readers)
    tree = ElementTree.fromstring(svg)
    names = {element.tag.rsplit("}", 1)[-1] for element in tree.iter()}
    assert {"title", "desc"} <= names and "script" not in names
    assert "3 found, 1 cleared, 1 looted" in html


def test_a_crawl_without_rooms_reports_as_before(tmp_path):
    journal = tmp_path / "plain.md"
    assert solo("new", str(journal), "--system", "d12-tension", "--seed", "4",
                stdin="linger\nlinger\n").code == 0
    assert "rooms" not in json.loads(solo("stats", str(journal), "--json").out)
    assert "### Map" not in solo("export", str(journal), "--format", "md").out
