"""The party and its supplies in ``solo stats`` and both export formats, read from the
recorded events and states (never from the journal's English), through the installed
``solo``."""

from __future__ import annotations

import json
import re
from pathlib import Path

from markdown_it import MarkdownIt

from tests.fake_env import run_here, solo
from tests.report.test_report_reordered import resave, sorted_spaced

PARTY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "party.yaml"
# seed 4 with these lines: a trap takes 3 of Wren's 6 HP, turn 3's saves tire both, the rest
# eats the only ration and heals Wren back, two traps put Brother Ott down
MOVES = ["supply ration 1", "explore", "explore", "Wren: trap", "explore", "rest", "rest",
         "Brother Ott: trap", "Brother Ott: trap"]


def _journal(tmp_path: Path, moves: list[str]) -> Path:
    path = tmp_path / "party.md"
    made = run_here("new", str(path), "--system", str(PARTY), "--seed", "4", "--party", "Wren",
                    "--party", "Brother Ott", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    played = run_here("play", str(path), cwd=tmp_path, stdin="\n".join(moves) + "\n")
    assert played.returncode == 0, played.stderr
    return path


def _stats(path: Path) -> dict:
    result = run_here("stats", str(path), "--json", cwd=path.parent)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_stats_follow_each_members_hit_points_and_the_supplies(tmp_path: Path):
    figures = _stats(_journal(tmp_path, MOVES))
    wren, ott = figures["party"]
    assert (wren["name"], wren["start_hp"], wren["lowest"], wren["end_hp"]) == ("Wren", 6, 3, 6)
    assert wren["hp_track"] == [[2, 3], [4, 6]]
    assert (ott["end_hp"], ott["downs"]) == (0, 1)
    assert ott["hp_track"] == [[5, 3], [5, 0]]
    assert figures["supplies"] == [{"label": "Rations", "start": None, "end": 0, "used": 1,
                                    "added": 1}]


def test_an_undone_hurt_is_left_out_of_the_party_figures(tmp_path: Path):
    figures = _stats(_journal(tmp_path, [*MOVES[:4], "undo"]))
    assert figures["party"][0]["hp_track"] == [] and figures["party"][0]["end_hp"] == 6


def test_a_journal_without_a_party_reports_none(tmp_path: Path):
    path = tmp_path / "plain.md"
    run_here("new", str(path), "--system", "d12-tension", "--seed", "1", cwd=tmp_path)
    run_here("play", str(path), cwd=tmp_path, stdin="enter 2\n")
    assert _stats(path)["party"] == [] and _stats(path)["supplies"] == []
    exported = run_here("export", str(path), cwd=tmp_path).stdout
    assert "### Party" not in exported


def test_the_markdown_report_has_a_party_section_with_hp_over_time(tmp_path: Path):
    path = _journal(tmp_path, MOVES)
    text = run_here("export", str(path), cwd=tmp_path).stdout
    tokens = MarkdownIt("commonmark").parse(text)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert "Party" in headings and "Supplies" in headings
    section = text.split("### Party", 1)[1].split("## Journal", 1)[0]
    assert "- **Wren:** HP 6 → 6 of 6, lowest 3" in section
    assert "- **Brother Ott:** HP 6 → 0 of 6, down at 0 HP 1×" in section
    assert "- Wren: 6 → 3 (turn 2) → 6 (turn 4)" in section
    assert "- **Rations:** not counted at first → 0 (1 used, 1 added)" in section


def test_the_html_report_tables_the_party_and_supplies(tmp_path: Path):
    path = _journal(tmp_path, MOVES)
    out = tmp_path / "report.html"
    assert run_here("export", str(path), "--format", "html", "-o", str(out),
                    cwd=tmp_path).returncode == 0
    html = out.read_text()
    party = re.search(r'<table class="party">(.*?)</table>', html, re.S)
    assert party is not None
    assert "<th scope=\"row\">Brother Ott</th><td>HP 6 → 0 of 6, down at 0 HP 1×</td>" \
        in party[1]
    assert '<table class="supplies">' in html


def test_narration_that_looks_like_a_member_tag_changes_no_figure(tmp_path: Path):
    path = _journal(tmp_path, [*MOVES[:4], '=> [PC:Wren|HP 0/6] Wren is down at 0 HP'])
    wren = _stats(path)["party"][0]
    assert (wren["end_hp"], wren["downs"]) == (3, 0)


def test_supplies_without_a_party_get_their_own_section_only(tmp_path: Path):
    path = tmp_path / "delving.md"
    run_here("new", str(path), "--system", "delving", "--seed", "1", cwd=tmp_path)
    run_here("play", str(path), cwd=tmp_path, stdin="light candle\nexplore\n")
    text = run_here("export", str(path), cwd=tmp_path).stdout
    assert "### Party" not in text
    assert "- **Candles:** 10 → 9 (1 used)" in text


def test_a_party_re_saved_by_a_json_tool_reads_the_same(tmp_path: Path):
    """The party's story is the same when a JSON tool re-saved every record."""
    path = _journal(tmp_path, MOVES)
    resaved = tmp_path / "resaved.md"
    resaved.write_text(resave(path.read_text(encoding="utf-8"), sorted_spaced),
                       encoding="utf-8")
    assert _stats(path)["party"]
    assert _stats(resaved)["party"] == _stats(path)["party"]


def test_a_mark_the_rules_clear_quietly_is_gone_from_the_reports(tmp_path: Path):
    # trespasser's 'acted' is cleared at the round's end without a line in the journal
    journal = tmp_path / "acted.md"
    script = "advance\nWren: search success\nWren: hurt 2\nadvance\nstay\n"
    done = solo("new", str(journal), "--system", "trespasser", "--seed", "4", "--party", "Wren",
                stdin=script)
    assert done.code == 0, done.err
    assert "[PC:Wren|HP 6/8|acted]" in journal.read_text()  # it was marked, then cleared
    [member] = json.loads(solo("status", str(journal), "--json").out)["party"]
    assert member["marks"] == []
    [row] = json.loads(solo("stats", str(journal), "--json").out)["party"]
    assert row["marks"] == [] and row["end_hp"] == 6
    assert "Wren: HP 8 → 6 of 8\n" in solo("stats", str(journal)).out
    assert "- **Wren:** HP 8 → 6 of 8\n" in solo("export", str(journal), "--format", "md").out
    assert "<td>HP 8 → 6 of 8</td>" in solo("export", str(journal), "--format", "html").out


def test_a_member_who_leaves_and_joins_again_keeps_the_first_stay(tmp_path: Path):
    """Wren, hurt to 0, leaves and comes back at full HP: the reports tell both stays, the
    first with its hurts and its fall, the second from the turn Wren came back."""
    path = tmp_path / "back.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "5", "--party", "Wren",
                stdin="hurt 4\nlinger\nhurt 4\nlinger\nparty remove Wren\nlinger\n"
                      "party add Wren\n").code == 0
    first, again = _stats(path)["party"]
    assert (first["name"], first["start_hp"], first["end_hp"], first["lowest"],
            first["downs"], first["joined"], first["left"]) == ("Wren", 8, 0, 0, 1, None, 2)
    assert first["hp_track"] == [[0, 4], [1, 0]]
    assert (again["name"], again["start_hp"], again["end_hp"], again["downs"],
            again["joined"], again["left"]) == ("Wren", 8, 8, 0, 3, None)
    report = solo("export", str(path)).out
    assert "- **Wren:** HP 8 → 0 of 8, down at 0 HP 1×; left in turn 2" in report
    assert "- **Wren:** HP 8 → 8 of 8; joined in turn 3" in report
    html = solo("export", str(path), "--format", "html").out
    assert html.count('<p class="who">Wren</p>') == 2  # an HP chart for each stay


def test_the_md_reports_front_matter_lists_the_party_at_the_end(tmp_path: Path):
    """The journal's header keeps the party the crawl began with; the md report's gives the
    members at the end, as its oracle line gives the style at the end."""
    path = tmp_path / "n.md"
    assert solo("new", str(path), "--system", "delving", "--seed", "1", "--party", "Wren",
                "--party", "Bo", stdin="party add Élodie\nparty remove Bo\n").code == 0
    assert "\nparty: [Wren, Bo]\n" in path.read_text(encoding="utf-8")
    report = solo("export", str(path)).out
    assert "\nparty: [Wren, Élodie]\n" in report.split("\n---\n")[0] + "\n"
    assert solo("play", str(path), stdin="party remove Wren\nparty remove Élodie\n"
                "explore\n").code == 0
    assert "\nparty: []\n" in solo("export", str(path)).out.split("\n---\n")[0] + "\n"


def test_what_happens_outside_is_said_outside_and_charted_within_the_turns_played(tmp_path):
    """A heal and a member who joins at camp, after the last turn played: the words say
    outside, after that turn (no turn never played is named), and the HP charts' axis ends
    at the turns played, as the danger chart's does."""
    journal = tmp_path / "camp.md"
    script = "light torch\nenter\nWren: hurt 3\nleave 1 arduous\nparty add Zed hp 6\nwait\n"
    done = solo("new", str(journal), "--system", "dungeon-turn", "--seed", "21", "--party",
                "Wren", "--dungeon", "classic", stdin=script)
    assert done.code == 0, done.err
    md = solo("export", str(journal), "--format", "md").out
    assert "**Turns:** 1 turn," in md and "(turn 2)" not in md and "turn 2" not in md
    assert "- Wren: 8 → 5 (turn 1) → 8 (outside, after turn 1)" in md
    assert "- **Zed:** HP 6 → 6 of 6; joined outside, after turn 1" in md
    html = solo("export", str(journal), "--format", "html").out
    figure = html[html.index('<figure class="chart hp">'):]
    figure = figure[:figure.index("</figure>")]
    ticks = re.findall(r'dominant-baseline="hanging">(\d+)</text>', figure)
    assert ticks and max(map(int, ticks)) == 1, ticks
    assert "joined outside, after turn 1" in figure
