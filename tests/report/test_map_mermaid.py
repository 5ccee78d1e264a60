"""The md report's map: a Mermaid flowchart that Mermaid's own parser reads as the rooms
and passages of the dungeon, whatever the player wrote, in colours that read on GitHub's
light and dark pages."""

from __future__ import annotations

import json
import re
import subprocess

from hypothesis import given, settings
from map_dungeons import HOSTILE, big_dungeon, dungeons, hostile_rooms, twelve_rooms
from node_tools import mermaid_folder, mermaid_parse, script

from solo.engine.map_layout import layout
from solo.engine.rooms import Dungeon, Exit, Room
from solo.report.map_mermaid import (
    COLUMN,
    FONT,
    MAX_LINKS,
    MAX_TEXT,
    map_init,
    map_note,
    map_width,
    mermaid_map,
)
from solo.report.palette import INK, LINE, PAPER, contrast
from solo.terminal import printable
from tests.suite_profile import scaled

LIGHT_PAGE, DARK_PAGE = "#ffffff", "#0d1117"  # GitHub's light and dark backgrounds
MERMAID_LIMIT = 50_000  # Mermaid refuses a longer diagram

_GRAPH = """
import { JSDOM } from 'jsdom';
const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window; globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
const text = await new Promise((ok) => {
  let t = ''; process.stdin.on('data', (c) => t += c); process.stdin.on('end', () => ok(t));
});
await mermaid.parse(text);
const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
const nodes = [...diagram.db.getVertices().values()].map(
  (v) => ({id: v.id, text: v.text, shape: v.type, classes: v.classes}));
const links = diagram.db.getEdges().map(
  (e) => ({start: e.start, end: e.end, stroke: e.stroke, text: e.text}));
const classes = Object.fromEntries([...diagram.db.getClasses().entries()].map(
  ([name, c]) => [name, c.styles]));
console.log(JSON.stringify({nodes, links, classes}));
"""


def graph(chart: str) -> dict:
    """What Mermaid makes of the chart: its nodes (label text decoded), links and classes."""
    folder = mermaid_folder()
    done = subprocess.run(["node", str(script("map_graph.mjs", _GRAPH))], input=chart,
                          capture_output=True, text=True, timeout=300, cwd=folder)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    for node in found["nodes"]:  # Mermaid holds entities as ﬂ°°NN¶ß until it draws
        node["text"] = re.sub(r"ﬂ°°(\d+)¶ß", lambda m: chr(int(m.group(1))), node["text"])
    return found


def test_mermaid_reads_the_sample_as_its_rooms_and_passages():
    chart = mermaid_map(twelve_rooms())
    assert chart.splitlines()[:2] == [map_init(), "flowchart TD"]  # (5 ranks: too wide LR)
    [parsed] = mermaid_parse([chart])
    assert parsed["ok"], parsed
    assert parsed["type"] == "flowchart-v2" and parsed["config"]["theme"] == "base"
    found = graph(chart)
    labels = {node["text"].split(":")[0]: node for node in found["nodes"]}
    assert sorted(labels) == sorted(f"R{n}" for n in range(1, 13))
    assert labels["R8"]["text"] == "R8: Stair head<br>you are here, 1 unexplored exit"
    assert labels["R8"]["classes"] == ["here"] and labels["R8"]["shape"] == "stadium"
    assert labels["R1"]["classes"] == ["wayOut"] and "way out" in labels["R1"]["text"]
    assert labels["R2"]["text"] == "R2: Guard room<br>cleared, looted"
    node_room = {node["id"]: name for name, node in labels.items()}
    links = {frozenset((node_room[link["start"]], node_room[link["end"]])): link
             for link in found["links"]}
    assert len(links) == len(found["links"]) == 13
    assert links[frozenset(("R10", "R11"))]["stroke"] == "dotted"  # the secret door
    assert links[frozenset(("R8", "R9"))]["text"] == "stair"
    assert links[frozenset(("R2", "R5"))]["stroke"] == "normal"  # the loop closes


def test_hostile_text_stays_inside_its_labels():
    dungeon = hostile_rooms()
    chart = mermaid_map(dungeon)
    for piece in ("-->", "<script>", '"quoted"', "]|", "\x1b", "\u202e", "%%"):
        assert piece not in chart.split("\n", 1)[1], piece
    [parsed] = mermaid_parse([chart])
    assert parsed["ok"], parsed
    found = graph(chart)
    assert len(found["nodes"]) == 13 and len(found["links"]) == 14
    first = " ".join(f"R1 {HOSTILE}".split())
    texts = [node["text"] for node in found["nodes"]]
    assert any(text.startswith(f"R1: {printable(first[:39])}…") for text in texts)
    odd = next(text for text in texts if text.startswith("x]|"))
    assert odd.startswith(printable("x]|\x1b[2J<b>: "))


def test_the_colours_read_on_white_and_on_github_dark():
    chart = mermaid_map(twelve_rooms())
    styles = dict(re.findall(r"^    classDef (\w+) (.*)$", chart, re.M))
    assert set(styles) == {"here", "wayOut", "room"}
    for name, style in styles.items():
        values = dict(part.split(":") for part in style.split(","))
        assert contrast(values["color"], values["fill"]) >= 4.5, name  # WCAG AA text
        for page in (LIGHT_PAGE, DARK_PAGE):  # its fill or its border stands out on each page
            assert max(contrast(values["fill"], page), contrast(values["stroke"], page)) >= 3
    assert f"linkStyle default stroke:{LINE}" in chart
    assert min(contrast(LINE, LIGHT_PAGE), contrast(LINE, DARK_PAGE)) >= 3
    assert contrast(INK, PAPER) >= 4.5


def test_a_big_dungeon_stays_within_mermaid_s_limits():
    chart = mermaid_map(big_dungeon())
    assert len(chart) <= MERMAID_LIMIT
    many = tuple(Room(f"R{n}", f"{HOSTILE} 漢字 " * 4,
                      exits=tuple(Exit(None, f"R{m}") for m in range(n + 1, 41)))
                 for n in range(1, 41))
    crowded = mermaid_map(Dungeon(many, here="R1", way_out="R1"))
    assert len(layout(Dungeon(many)).edges) == 780 > MAX_LINKS
    assert len(crowded) <= MAX_TEXT
    results = mermaid_parse([chart, crowded])
    assert all(result["ok"] for result in results), results
    found = graph(crowded)
    assert len(found["links"]) == MAX_LINKS
    assert any(node["text"] == "280 more passages not drawn" for node in found["nodes"])


def test_mermaid_refuses_what_the_map_must_never_write():
    """The parser used above really checks: a label broken by a quote is refused."""
    [result] = mermaid_parse(['flowchart LR\n    r0["a "quoted" b"] --- r1["c"]'])
    assert not result["ok"]


_NODE = re.compile(r'^    (r\d+|empty|more)(\["|\(\["|\[\[")[A-Za-z0-9 #;]*(<br/>[A-Za-z0-9 #;]*)?'
                   r'("\]|"\]\)|"\]\])$')
_LINK = re.compile(r"^    r\d+ (---|-\.-)(\|stair\|)? r\d+$")
_STYLE = re.compile(r"^    (classDef \w+ [a-z:#0-9,-]+|class [r0-9,]+ \w+|linkStyle default .*)$")


@settings(max_examples=scaled(150), deadline=None)
@given(dungeons())
def test_any_dungeon_writes_only_lines_of_solo_s_own_shapes(dungeon):
    lines = mermaid_map(dungeon).splitlines()
    assert lines[:2] in ([map_init(), "flowchart LR"], [map_init(), "flowchart TD"])
    for line in lines[2:]:
        assert _NODE.match(line) or _LINK.match(line) or _STYLE.match(line), line


# -- a map that fits GitHub's column (#37 item 6) -----------------------------------------------
def chain(count: int) -> Dungeon:
    """``count`` rooms one after another, as a crawl that never turns back finds them."""
    return Dungeon(tuple(Room(f"R{n}", f"Hall number {n} of the long way down",
                              exits=(Exit("E", f"R{n + 1}"),) if n < count else ())
                         for n in range(1, count + 1)), here=f"R{count}", way_out="R1")


def letters(dungeon: Dungeon) -> float:
    """The size Mermaid's letters show at in GitHub's column (a wider chart is shrunk)."""
    return FONT * min(1.0, COLUMN / map_width(dungeon))


def test_a_long_chain_runs_down_the_page_at_full_size():
    for count in (13, 20, 57):
        chart = mermaid_map(chain(count))
        assert chart.splitlines()[1] == "flowchart TD"
        assert letters(chain(count)) == FONT and map_note(chain(count)) == []


def test_twenty_room_crawls_keep_their_words_legible_or_say_where_to_see_them():
    legible = 0
    for seed in range(1, 11):
        dungeon = big_dungeon(20, seed)  # (bushier than a crawl: rooms off any of 8 before)
        if letters(dungeon) >= 10:
            legible += 1
            assert map_note(dungeon) == []
        else:
            assert "solo export --format html" in "".join(map_note(dungeon))
    assert legible >= 8
    assert letters(twelve_rooms()) == FONT  # (top down: three rooms across at most)


def test_the_narrower_way_is_taken():
    wide = Dungeon(tuple(Room(f"R{n}", exits=tuple(Exit(None, f"R{m}") for m in range(2, 9))
                              if n == 1 else ()) for n in range(1, 9)))  # a hub of 7 rooms
    assert mermaid_map(wide).splitlines()[1] == "flowchart LR"  # two ranks: left to right
    assert letters(wide) == FONT


def test_mermaid_reads_the_rooms_sizes_and_spacing_from_the_chart():
    [parsed] = mermaid_parse([mermaid_map(chain(20))])
    assert parsed["ok"], parsed
    assert parsed["config"]["flowchart"]["wrappingWidth"] == 150
    assert parsed["config"]["flowchart"]["nodeSpacing"] == 30


def test_a_map_too_wide_for_the_page_says_where_to_see_it():
    crowded = big_dungeon(300)
    assert letters(crowded) < 10 and "solo export --format html" in map_note(crowded)[1]
    assert map_note(chain(57)) == []
