"""Issue 20's first "done when", at a real terminal: a D12, a Dungeon Turn and a Trespasser
crawl typed into ``solo`` on a pseudo-terminal through twelve rooms with a loop and two dead
ends (the scripts of tests/play/test_rooms_crawls.py), in two sittings.

What a player at the terminal would notice: the rules read the map on the screen (D12's
check counts the room's exits and its breeze names the way out through the loop, Dungeon
Turn's ``leave`` counts the rooms to the exit, Trespasser backtracks to known areas);
``map`` draws every room; the journal is the one the same lines give in batch, its room tags
read by lonelog.nvim's tag pattern; the second sitting opens with a ``[DUNGEON STATUS]``
block of all twelve rooms; and the md report's map is a Mermaid flowchart Mermaid reads as
the twelve rooms with the loop, the html report's an SVG the suite's HTML checks pass.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import pytest

from solo.engine.map_layout import text_cells
from solo.engine.rooms import Dungeon
from solo.play.resume import resume_file
from tests.e2e.pty_terminal import Terminal
from tests.fake_env import run_here
from tests.journal.test_rooms_notation import nvim_tags
from tests.play.test_rooms_crawls import (
    D12_FIRST,
    D12_SECOND,
    D12_SEED,
    DT_FIRST,
    DT_SECOND,
    TRESPASSER_FIRST,
    TRESPASSER_SECOND,
)
from tests.report.test_map_mermaid import graph
from tests.report.test_report_html import parse

pytestmark = pytest.mark.e2e  # the REPL on a real terminal (a pty): only a process shows it

SVG = "{http://www.w3.org/2000/svg}"
SYSTEMS = {"d12-tension": (D12_SEED, D12_FIRST, D12_SECOND),
           "dungeon-turn": (7, DT_FIRST, DT_SECOND),
           "trespasser": (7, TRESPASSER_FIRST, TRESPASSER_SECOND)}


def shows(line: str) -> str:
    """What the screen shows once ``line`` was played."""
    if line.startswith("room "):
        return "[R:"
    if line == "back" or line.startswith("go "):  # a walk, each stage the procedure's own
        return f"(note: {line})"
    return {"rooms": "R1 (", "map": "Map of", "undo": "undo: took back"}.get(line, f"@ {line}")


def sitting(folder: Path, lines: list[str], *args: str) -> str:
    terminal = Terminal(folder, *args, lines=40)
    try:
        terminal.wait_for("solo>")
        for line in lines:
            terminal.type_line(line, shows(line))
    except BaseException:
        terminal.process.kill()
        raise
    return terminal.end()


@dataclass(frozen=True)
class Typed:
    path: Path
    first: str  # what the terminal showed in each sitting
    second: str
    after_first: Dungeon


@pytest.fixture(scope="module")
def typed(tmp_path_factory) -> dict[str, Typed]:
    found = {}
    for system, (seed, first, second) in SYSTEMS.items():
        folder = tmp_path_factory.mktemp(system)
        one = sitting(folder, [*first, "map"], "new", "crawl.md", "--system", system,
                      "--seed", str(seed), "--title", "Crawl")
        after_first = resume_file(folder / "crawl.md").state.dungeon
        two = sitting(folder, ["rooms", "map", *second], "play", "crawl.md")
        found[system] = Typed(folder / "crawl.md", one, two, after_first)
    return found


def test_the_rules_read_the_map_on_the_screen(typed):
    d12 = typed["d12-tension"].first
    assert "Random encounter (exits 1, Tension" in d12  # the dead end R3, entered with 1
    assert "The breeze blows from the way out: S to R10, 3 rooms in all." in d12
    leave = typed["dungeon-turn"].first.split("@ leave 2 arduous", 1)[1]
    assert "Leaving the dungeon (arduous journey, DC 16" in leave  # 10 + 2 + 4 rooms
    again = typed["dungeon-turn"].second.split("@ leave 2 arduous", 1)[1]
    assert "DC 16" in again.split("@ leave 2 0 arduous")[0]  # read off the resumed map
    trespasser = typed["trespasser"].first
    for command, tag in (("backtrack R1", "[#R:1]"), ("backtrack E", "[#R:11]"),
                         ("backtrack R9", "[#R:9]")):
        assert trespasser.split(f"@ {command}\n", 1)[1].startswith(f"{tag}\n")


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_map_draws_every_room_within_80_columns_with_the_party_marked(typed, system):
    out = system == "dungeon-turn"  # (its first sitting ends with the leave roll: outside)
    for shown in (typed[system].first, typed[system].second):
        drawn = ("Map of" + shown.rsplit("Map of", 1)[1]).split("\n")
        drawn = drawn[:next(index for index, line in enumerate(drawn)
                            if line.startswith("* other state")) + 1]
        assert drawn[0].startswith("Map of 12 rooms; the party is outside the dungeon (it left "
                                   "from R12)." if out else
                                   "Map of 12 rooms; you are in R12; the way out, R1,")
        assert max(map(text_cells, drawn)) <= 80
        key = [line[1:].split()[0] for line in drawn
               if re.match(r"[ @] R\d+ ", line)]
        assert key == [f"R{number}" for number in range(1, 13)]
        marked = [line for line in drawn if line.startswith("@ R12 ")]
        assert [line.count("you are here") for line in marked] == ([] if out else [1])
        assert any("R12" in line and "║" in line for line in drawn) is not out  # double box


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_terminal_journals_what_the_same_lines_give_in_batch(typed, system, tmp_path):
    seed, first, second = SYSTEMS[system]
    done = run_here("new", "crawl.md", "--system", system, "--seed", str(seed), "--title",
                    "Crawl", cwd=tmp_path, stdin="\n".join([*first, "map"]) + "\n")
    assert done.returncode == 0, done.stderr
    done = run_here("play", "crawl.md", cwd=tmp_path,
                    stdin="\n".join(["rooms", "map", *second]) + "\n")
    assert done.returncode == 0, done.stderr
    assert typed[system].path.read_text() == (tmp_path / "crawl.md").read_text()


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_journal_tags_twelve_rooms_and_the_second_sitting_opens_with_them(typed, system):
    text = typed[system].path.read_text()
    first, second = text.split("## Session 2", 1)
    named = {name for line in first.splitlines() for kind, name, _, reference in nvim_tags(line)
             if kind == "R" and not reference}
    assert named == {str(number) for number in range(1, 13)}
    lines = second.splitlines()
    block = lines[lines.index("[DUNGEON STATUS]") + 1:lines.index("[/DUNGEON STATUS]")]
    tags = [tag for line in block for tag in nvim_tags(line)]
    dungeon = typed[system].after_first
    assert [name for _, name, _, _ in tags] == [room.id[1:] for room in dungeon.rooms]
    assert [fields[0] for _, _, fields, _ in tags] == [", ".join(room.status)
                                                        for room in dungeon.rooms]


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_md_report_s_map_is_a_flowchart_mermaid_reads_as_the_rooms(typed, system):
    md = run_here("export", str(typed[system].path), "--format", "md",
                  cwd=typed[system].path.parent)
    assert md.returncode == 0, md.stderr
    chart = md.stdout.split("### Map\n\n```mermaid\n", 1)[1].split("```", 1)[0]
    drawn = graph(chart)  # Mermaid's own parser, through node (skips where node is missing)
    dungeon = resume_file(typed[system].path).state.dungeon
    labels = {node["id"]: re.split(r"[:<]", node["text"], maxsplit=1)[0]
              for node in drawn["nodes"]}
    assert sorted(labels.values()) == sorted(room.id for room in dungeon.rooms)
    links = {frozenset((labels[link["start"]], labels[link["end"]])) for link in drawn["links"]}
    assert links == {frozenset((room.id, to)) for room in dungeon.rooms for to in room.leads_to()}
    assert frozenset(("R1", "R11")) in links  # the loop


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_html_report_s_map_is_a_self_contained_accessible_svg(typed, system):
    html = run_here("export", str(typed[system].path), "--format", "html",
                    cwd=typed[system].path.parent)
    assert html.returncode == 0, html.stderr
    page = parse(html.stdout)
    assert not page.unbalanced and not page.open
    assert "script" not in {tag for tag, _, _ in page.elements}
    svg = html.stdout.split('<figure class="map">', 1)[1].split("</svg>", 1)[0] + "</svg>"
    root = ElementTree.fromstring(svg[svg.index("<svg"):])
    title, desc = list(root)[:2]  # (inline in the page, its namespace named for pandoc)
    assert (title.tag, desc.tag) == (f"{SVG}title", f"{SVG}desc") and root.get("role") == "img"
    dungeon = resume_file(typed[system].path).state.dungeon  # (D12's last sitting undid R12)
    assert title.text == f"Map of the dungeon: {len(dungeon.rooms)} rooms"
    assert f"You are in {dungeon.here}" in desc.text
    names = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert not names & {"script", "foreignObject", "image", "use", "a"}
    assert all(not name.lower().startswith("on") and not name.endswith("href")
               for element in root.iter() for name in element.attrib)
    rooms = [group for group in root.iter(f"{SVG}g") if "room" in group.get("class", "").split()]
    assert len(rooms) == len(dungeon.rooms) >= 11
