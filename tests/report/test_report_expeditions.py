"""The reports show each expedition of a journal that has several (days away, rooms,
encounters, what was found, who fell), and ``stats --json`` gives their figures."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fake_env import solo

EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"


def test_stats_json_gives_the_figures_of_each_expedition():
    figures = json.loads(solo("stats", str(EXAMPLES / "d12-expeditions.md"), "--json").out)
    rows = figures["expeditions"]
    assert [row["expedition"] for row in rows] == [1, 2, 3]
    assert [row["days_before"] for row in rows] == [0, 7, 2]
    assert [row["rooms_new"] for row in rows] == [3, 1, 1]
    assert sum(row["turns"] for row in rows) == figures["turns"]
    assert sum(row["encounters"] for row in rows) == figures["encounters"]


def test_the_reports_show_each_expedition():
    journal = str(EXAMPLES / "d12-expeditions.md")
    md = solo("export", journal, "--format", "md").out
    section = md[md.index("### Expeditions"):].split("\n\n")[1].splitlines()
    assert len(section) == 3
    assert section[1].startswith("2. Expedition 2 (after 7 days outside): ")
    assert "struck off" in section[0] and "1 new room" in section[2]
    html = solo("export", journal, "--format", "html").out
    assert "Expeditions (3)" in html and "Expedition 2 (after 7 days outside)" in html


def test_what_was_found_and_who_fell(tmp_path: Path):
    journal = tmp_path / "trip.md"
    script = ("party add Wren hp 4\nparty add Ott hp 6\nenter 2\nroom +looted\n"
              "Wren: hurt 4\nleave\n")
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "2", stdin=script)
    assert done.code == 0, done.err
    [row] = json.loads(solo("stats", str(journal), "--json").out)["expeditions"]
    assert row["looted"] == ["R1"] and row["fallen"] == ["Wren"] and row["ended"]
    md = solo("export", str(journal), "--format", "md").out
    assert "found R1" in md and "fallen: Wren" in md


def test_a_crawl_that_never_left_has_no_expedition_section():
    journal = str(EXAMPLES / "d12-tension.md")
    assert "expeditions" not in json.loads(solo("stats", journal, "--json").out)
    assert "### Expeditions" not in solo("export", journal, "--format", "md").out


def test_who_fell_stays_fallen_after_the_rest_outside_heals_them(tmp_path: Path):
    journal = tmp_path / "fall.md"
    script = "enter\nenter\nenter\nleave 5 dangerous\nwait 1\n"
    done = solo("new", str(journal), "--system", "dungeon-turn", "--seed", "5",
                "--party", "Wren", stdin=script)
    assert done.code == 0, done.err
    assert "Expedition 1 is over: 3 turns (0:30), 3 rooms known (3 new), 1 encounter, " \
           "fallen: Wren." in journal.read_text()  # the journal's word, which the figures keep
    [row] = json.loads(solo("stats", str(journal), "--json").out)["expeditions"]
    assert row["fallen"] == ["Wren"] and row["days_after"] == 1
    assert "; fallen: Wren; the party came out, 1 day outside since" in solo(
        "export", str(journal), "--format", "md").out


def test_stats_text_gives_a_line_per_expedition_as_the_report_does():
    journal = str(EXAMPLES / "d12-expeditions.md")
    lines = solo("stats", journal).out.splitlines()
    report = solo("export", journal, "--format", "md").out
    section = report[report.index("### Expeditions"):].split("\n\n")[1].splitlines()
    shown = [line for line in lines if line.startswith("Expedition ")]
    assert [f"{number}. {line}" for number, line in enumerate(shown, 1)] == section
    assert lines.index(shown[-1]) < lines.index(next(line for line in lines
                                                     if line.startswith("Wren: ")))
    assert not [line for line in solo("stats", str(EXAMPLES / "d12-tension.md")).out
                .splitlines() if line.startswith("Expedition")]


def test_the_charts_show_a_week_away_s_reset_and_rest_where_the_return_starts(tmp_path: Path):
    """Tension settles and Wren heals while the party is outside: the charts keep the last
    turn inside as the party left it, and show the changes on the first turn back; a
    journal that ends outside (or just back in) charts no turn with them: the danger's
    line ends at the last turn played, and Wren's heal counts toward the next (in the
    charts; the words say it was outside, after turn 1)."""
    journal = tmp_path / "week.md"
    script = "enter 2\nnoise\nnoise\nWren: hurt 3\nleave\nwait 7\nWren: heal 3\n"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "3", "--party",
                "Wren", stdin=script)
    assert done.code == 0, done.err
    assert "Tension 0/10] -2: a week away" in journal.read_text()  # reset while outside
    md = solo("export", str(journal), "--format", "md").out
    assert "    line [2]" in md and "- Wren: 8 → 5 (turn 1) → 8 (outside, after turn 1)" in md
    assert solo("play", str(journal), stdin="return\n").code == 0
    assert "    line [2]" in solo("export", str(journal), "--format", "md").out
    assert solo("play", str(journal), stdin="enter 2\n").code == 0
    rows = json.loads(solo("stats", str(journal), "--json").out)["expeditions"]
    assert [row["turns"] for row in rows] == [1, 1]  # turn 1 inside, then turn 2 after
    md = solo("export", str(journal), "--format", "md").out
    assert "    line [2, 0]" in md and "- Wren: 8 → 5 (turn 1) → 8 (outside, after turn 1)" in md
    html = solo("export", str(journal), "--format", "html").out
    chart = html[html.index('<figure class="chart">'):]
    points = chart[chart.index('points="') + 8:].split('"')[0].split()
    heights = [float(point.split(",")[1]) for point in points]  # start, turn 1, turn 2
    assert heights[1] < heights[0] == heights[2]  # up to 2 in turn 1, back to 0 in turn 2
