"""solo export (md, html) and solo stats, on journals written by ``solo``'s command line."""

from __future__ import annotations

import html
import json
import re
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.fake_env import run_here

ROOT = Path(__file__).resolve().parents[2]

CRAWL = """\
light torch
enter 3
The stair ends in black water. *Mara* lifts the torch high.
enter 2
noise
enter 4
A tripwire, strung at ankle height. We step over it.
disarm-trap
enter 3
ask Is the door locked? likely
enter 2
enter 1
enter 3
combat-normal
The skeletons fall apart, bones clattering down the steps.
strike
enter 2
enter 3
enter 4
combat-escaped
enter 2
find-secret
enter 3
ask Is anyone following us?
enter 2
"""

HOSTILE = ("<script>alert(1)</script> and <img src=x onerror=alert(1)> and "
           "[click](javascript:alert(1)) and [again](JaVaScRiPt:alert(2)) and "
           "<javascript:alert(3)> and ![pic](https://example.com/x.png) and "
           '<a href="https://example.com" onclick="alert(4)">link</a>')


def solo(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess:
    return run_here(*args, cwd=cwd, stdin=stdin)


def new_journal(folder: Path, commands: str, system: str = "d12-tension", seed: int = 11,
                title: str = "The Sunken Crypt") -> Path:
    done = solo("new", "--system", system, "--title", title, "--seed", str(seed),
                cwd=folder, stdin=commands)
    assert done.returncode == 0, done.stderr
    (journal,) = (folder / "journals").glob("*.md")
    return journal


# -- an independent reading of the journal, to check the report against ---------------------
def records(text: str) -> list[dict]:
    return [json.loads(line[len("<!-- solo "):-len(" -->")]) for line in text.splitlines()
            if line.startswith("<!-- solo {")]


def snapshots(text: str) -> list[dict]:
    """The state after each entry still standing, read straight from the hidden records."""
    records = [json.loads(line[len("<!-- solo "):-len(" -->")]) for line in text.splitlines()
               if line.startswith("<!-- solo {")]
    undone = {record.get("undid") for record in records}
    return [record["state"] for record in records
            if record["step"] not in undone and record["kind"] != "undo"]


def expected(text: str, tracker: str = "tension", label: str = "Tension") -> dict:
    states = snapshots(text)
    turns = states[-1]["turn"]
    per_turn = {}
    for state in states:
        per_turn[state["turn"]] = state["values"][tracker]
    values, current = [], states[0]["values"][tracker]
    for turn in range(1, turns + 1):
        current = per_turn.get(turn, current)
        values.append(current)
    written = [int(v) for v in re.findall(rf"\[(?:Track|Clock):{label} (\d+)/", text)]
    return {"turns": turns, "encounters": len(re.findall(r"^=> Encounter", text, re.M)),
            "start": states[0]["values"][tracker],
            "peak": max([state["values"][tracker] for state in states] + written),
            "end": states[-1]["values"][tracker], "per_turn": values,
            "questions": len(re.findall(r"^\? ", text, re.M))}


@pytest.fixture
def crawl(tmp_path: Path) -> Path:
    journal = new_journal(tmp_path, CRAWL)
    text = journal.read_text()
    assert "=> Encounter" in text and "=> Struck off" in text  # the seed gives what we test
    return journal


# -- Markdown -----------------------------------------------------------------------------------
def test_markdown_export_has_the_summary_chart_and_narration(crawl: Path):
    text = crawl.read_text()
    want = expected(text)
    done = solo("export", str(crawl), cwd=crawl.parent)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "solo:state" not in out and "<!--" not in out
    assert f"**Turns:** {want['turns']} turns, " in out
    assert f"{want['turns'] * 10 // 60}:{want['turns'] * 10 % 60:02d} of game time" in out
    assert re.search(rf"\*\*Encounters:\*\* {want['encounters']}\b", out)
    assert (f"**Tension:** start {want['start']}, peak {want['peak']}, end {want['end']} "
            "(of 10)") in out
    assert f"**Oracle questions:** {want['questions']}" in out
    assert "lit Torch ×1" in out
    assert re.search(r"1\. Turn \d+: Is the door locked\? \(likely\) → (Yes|No)", out)
    for narration in ("The stair ends in black water. *Mara* lifts the torch high.",
                      "A tripwire, strung at ankle height. We step over it."):
        assert narration in out
    assert "defeated (struck off)" in out
    # the skeletons' narration came three turns after that encounter: not quoted under it
    assert "“The skeletons fall apart" not in out
    chart = re.search(r"```mermaid\n(.*?)\n```", out, re.S)
    assert chart is not None
    body = chart.group(1)
    assert body.splitlines()[1] == "xychart-beta"  # after the colours line
    values = [int(v) for v in re.search(r"^\s*line \[(.*)\]$", body, re.M).group(1).split(",")]
    assert len(values) == want["turns"]
    assert values == want["per_turn"]
    axis = re.search(r'x-axis "Turn" \[(.*)\]', body).group(1)
    assert [int(v) for v in axis.split(",")] == list(range(1, want["turns"] + 1))
    front = out.split("---\n")[1]
    assert "title: The Sunken Crypt" in front and "solo:" not in front and "tables:" not in front


def test_markdown_keeps_lonelog_lines_and_drops_every_snapshot(crawl: Path):
    out = solo("export", str(crawl), "--format", "md", cwd=crawl.parent).stdout
    journal_lines = [line for line in crawl.read_text().splitlines()
                     if line.startswith(("@ ", "=> ", "d: ", "tbl: ", "? "))]
    assert all(line in out.splitlines() for line in journal_lines)  # hard breaks kept too
    assert "\n\n\n" not in out


def test_markdown_to_a_file_replaces_it_whole(crawl: Path):
    target = crawl.parent / "report.md"
    target.write_text("old report\n")
    done = solo("export", str(crawl), "-o", str(target), cwd=crawl.parent)
    assert done.returncode == 0 and done.stdout == ""
    assert target.read_text().startswith("---\ntitle: The Sunken Crypt\n")
    assert sorted(path.name for path in crawl.parent.iterdir()) == ["report.md",
                                                                      "the-sunken-crypt.md"]


# -- HTML ---------------------------------------------------------------------------------------
class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.styles: list[str] = []
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_style = tag == "style"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        (self.styles if self._in_style else self.text).append(data)


def parse_page(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def test_html_escapes_hostile_narration_and_requests_nothing(tmp_path: Path):
    commands = CRAWL.replace("The stair ends in black water. *Mara* lifts the torch high.",
                             HOSTILE)
    journal = new_journal(tmp_path, commands)
    # kept whole, each '<' that could open HTML escaped for Markdown viewers (issue 37)
    assert HOSTILE.replace("<", "\\<") in journal.read_text()
    target = tmp_path / "report.html"
    done = solo("export", str(journal), "--format", "html", "-o", str(target), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    html = target.read_text()
    page = parse_page(html)
    tags = [tag for tag, _ in page.tags]
    for forbidden in ("script", "iframe", "object", "embed", "link", "base", "form", "img"):
        assert forbidden not in tags
    for tag, attrs in page.tags:
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name)
            if (tag, name) == ("svg", "xmlns"):  # (names the SVG namespace, fetches nothing)
                assert value == "http://www.w3.org/2000/svg"
                continue
            value = (value or "").strip().lower()
            assert "http:" not in value and "https:" not in value, (tag, name, value)
            assert "javascript:" not in value, (tag, name, value)
            if name in ("href", "src", "action", "xlink:href", "srcset", "poster"):
                assert value.startswith(("#", "data:")), (tag, name, value)
    assert "example.com/x.png" not in html  # an image in the narration becomes its alt text
    assert not any("url(" in style or "@import" in style for style in page.styles)
    csp = [attrs for tag, attrs in page.tags
           if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"]
    assert csp and csp[0]["content"].startswith("default-src 'none'")
    text = "".join(page.text)
    assert "<script>alert(1)</script>" in text and "<img src=x onerror=alert(1)>" in text
    assert "[click](javascript:alert(1))" in text and "[pic]" in text
    assert "svg" in tags


def test_html_has_summary_chart_with_encounters_and_set_apart_mechanics(crawl: Path):
    want = expected(crawl.read_text())
    html = solo("export", str(crawl), "--format", "html", cwd=crawl.parent).stdout
    page = parse_page(html)
    assert html.startswith("<!DOCTYPE html>")
    title = [i for i, (tag, _) in enumerate(page.tags) if tag == "title"]
    assert title and "The Sunken Crypt" in page.text
    markers = [attrs for tag, attrs in page.tags
               if tag == "circle" and "enc" in (attrs.get("class") or "")]
    encounter_turns = {record["state"]["turn"] for record in records(crawl.read_text())
                       if any(event["t"] == "Encountered" and event["status"] == "met"
                              for event in record["ev"])}
    assert len(markers) == len(encounter_turns) >= 1
    line = [attrs for tag, attrs in page.tags if tag == "polyline"]
    assert len(line) == 1 and len(line[0]["points"].split()) == want["turns"] + 1
    mechanics = [attrs for tag, attrs in page.tags if "mech" in (attrs.get("class") or "")]
    assert len(mechanics) >= want["turns"]
    assert re.search(r'<div class="mech"><div class="l action">@ light torch</div>', html)
    assert "<p>The stair ends in black water. <em>Mara</em> lifts the torch high.</p>" in html
    assert "solo:state" not in html
    assert f"<dt>Tension</dt><dd>start {want['start']}, peak {want['peak']}" in html
    assert 'id="turn-1"' in html and 'href="#turn-4"' in html


# -- stats --------------------------------------------------------------------------------------
def test_stats_json_figures(crawl: Path):
    want = expected(crawl.read_text())
    done = solo("stats", str(crawl), "--json", cwd=crawl.parent)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["turns"] == want["turns"]
    assert data["encounters"] == want["encounters"] == len(data["encounter_list"])
    assert data["system"] == "d12-tension" and data["system_name"] == "D12 Dungeon Crawl System"
    assert data["minutes"] == want["turns"] * 10 and data["unit"] == "turn"
    assert data["danger"] == {"label": "Tension", "start": want["start"], "peak": want["peak"],
                              "end": want["end"], "max": 10}
    assert data["lights"]["lit"] == {"Torch": 1}
    assert data["questions"] == want["questions"] == 2
    assert data["question_list"][0] == {"turn": 4, "question": "Is the door locked?",
                                        "odds": "likely", "answer": "No", "event": None}
    assert sum(item["defeated"] for item in data["encounter_list"]) == 1
    assert data["garbled_snapshots"] == 0


def test_random_events_stay_with_their_questions(tmp_path: Path):
    journal = new_journal(tmp_path, "chaos 9\n" + "".join(f"ask Q{n}? very likely\n"
                                                           for n in range(1, 31)), seed=8)
    raised = dict(re.findall(r"^\? (Q\d+\?) .*\nd: .*random event \(d100=\d+\): (.*)$",
                             journal.read_text(), flags=re.M))
    assert len(raised) >= 2
    listed = json.loads(solo("stats", str(journal), "--json", cwd=tmp_path).stdout)
    events = {item["question"]: item["event"] for item in listed["question_list"]}
    assert {question: event for question, event in events.items() if event} == raised
    report = solo("export", str(journal), cwd=tmp_path).stdout
    page = solo("export", str(journal), "--format", "html", cwd=tmp_path).stdout
    for question, event in raised.items():
        assert re.search(rf"\d\. Turn \d+: {re.escape(question)} .*→ .*; random event: "
                         + re.escape(event) + "$", report, flags=re.M)
        assert f"; random event: {html.escape(event)}</li>" in page


def test_stats_plain_lines(crawl: Path):
    want = expected(crawl.read_text())
    done = solo("stats", str(crawl), cwd=crawl.parent)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[0] == "The Sunken Crypt"
    assert f"Turns: {want['turns']} turns, " in done.stdout
    assert f"Tension: start {want['start']}, peak {want['peak']}, end {want['end']} (of 10)" \
        in lines


def test_trespasser_alarm_peaks_within_a_round(tmp_path: Path):
    journal = new_journal(tmp_path, "light torch\n" + "advance\nloud\nloud\nadvance\n" * 6,
                          system="trespasser", seed=3, title="Tres")
    text = journal.read_text()
    want = expected(text, "alarm", "Alarm")
    assert 0 in want["per_turn"]  # a round that ended on an encounter resetting the Alarm
    data = json.loads(solo("stats", str(journal), "--json", cwd=tmp_path).stdout)
    assert data["unit"] == "round" and data["turns"] == want["turns"] == 12
    assert data["danger"]["label"] == "Alarm"
    assert data["danger"]["peak"] == want["peak"]
    assert data["encounters"] == want["encounters"] >= 1
    out = solo("export", str(journal), cwd=tmp_path).stdout
    assert "**Alarm:** start 0" in out and "**Rounds:** 12 rounds" in out
    values = re.search(r"line \[(.*)\]", out).group(1).split(", ")
    assert [int(v) for v in values] == want["per_turn"]
    page = parse_page(solo("export", str(journal), "--format", "html", cwd=tmp_path).stdout)
    rises = [attrs for tag, attrs in page.tags if tag == "line" and attrs.get("class") == "peak"]
    sections = re.split(r"^### S\d+ \*Round \d+.*$", text, flags=re.M)[1:]
    higher = [max(map(int, re.findall(r"\[Clock:Alarm (\d+)/", section)), default=-1) > end
              for section, end in zip(sections, want["per_turn"], strict=True)]
    assert len(rises) == sum(higher) >= 1


def test_a_procedure_without_danger_still_reports(tmp_path: Path):
    journal = new_journal(tmp_path, "light torch\n" + "explore\n" * 6, system="delving")
    data = json.loads(solo("stats", str(journal), "--json", cwd=tmp_path).stdout)
    assert data["danger"] is None and data["turns"] == 6
    assert "xychart-beta" not in solo("export", str(journal), cwd=tmp_path).stdout
    assert "<svg" in solo("export", str(journal), "--format", "html", cwd=tmp_path).stdout


def test_strike_by_name_marks_the_encounter_it_names(tmp_path: Path):
    commands = CRAWL.replace("strike\n", "ask Is it dead?\n") \
        + "strike d12-encounters lost-adventurer\n"
    journal = new_journal(tmp_path, commands, seed=4)  # meets the lost adventurer, then goblins
    data = json.loads(solo("stats", str(journal), "--json", cwd=tmp_path).stdout)
    met = data["encounter_list"]
    named = [e["text"] for e in met if "adventurer" in e["text"]]
    assert named
    assert [e["text"] for e in met if e["defeated"]] == named[-1:]


# -- hand edits and bad input -------------------------------------------------------------------
def test_hand_edited_journal_still_exports(crawl: Path):
    text = crawl.read_text()
    lines = text.splitlines()
    records = [i for i, line in enumerate(lines) if line.startswith("<!-- solo {")]
    lines[records[len(records) // 2]] = lines[records[len(records) // 2]][:60]  # cut short
    lines[records[-1]] = lines[records[-1]].replace("}} -->", "} -->")        # garbled last
    edited = "\n".join(lines) + "\n\nWe camp here. Nobody sleeps well.\n\n=> The door creaks.\n"
    edited = edited.replace("The stair ends in black water.", "The stair ends in dark water.")
    crawl.write_text(edited)
    readable = [json.loads(line[len("<!-- solo "):-len(" -->")]) for line in lines
                if line.startswith("<!-- solo {") and line.endswith("}} -->")]
    data = json.loads(solo("stats", str(crawl), "--json", cwd=crawl.parent).stdout)
    assert data["garbled_snapshots"] == 2  # cut short, and one whose JSON no longer closes
    assert data["garbled_lines"] == [records[len(records) // 2] + 1, records[-1] + 1]
    assert data["snapshots"] == len(readable) == len(records) - 2
    assert data["turns"] == readable[-1]["state"]["turn"]
    md = solo("export", str(crawl), cwd=crawl.parent)
    assert md.returncode == 0 and "dark water" in md.stdout and "<!--" not in md.stdout
    assert "We camp here." in md.stdout and "=> The door creaks." in md.stdout
    html = solo("export", str(crawl), "--format", "html", cwd=crawl.parent)
    assert html.returncode == 0 and "dark water" in html.stdout
    assert "solo {" not in html.stdout


def test_unknown_procedure_falls_back_to_the_first_tracker(crawl: Path):
    want = expected(crawl.read_text())
    crawl.write_text(crawl.read_text().replace("system: d12-tension", "system: my-homebrew", 1))
    data = json.loads(solo("stats", str(crawl), "--json", cwd=crawl.parent).stdout)
    assert data["system"] == "my-homebrew" and data["turns"] == want["turns"]
    assert data["danger"]["label"] == "Tension" and data["danger"]["end"] == want["end"]
    assert data["minutes"] == want["turns"] * 10  # read from the recorded turns' length


def test_undone_entries_do_not_count(tmp_path: Path):
    journal = new_journal(tmp_path, "enter 3\nnoise\nundo\nundo\nenter 2\nenter 2\n")
    assert journal.read_text().count("(note: undo: took back") == 2
    data = json.loads(solo("stats", str(journal), "--json", cwd=tmp_path).stdout)
    assert data["turns"] == 2
    assert "[Clock:Tension 1/10]" in journal.read_text()
    assert data["danger"]["peak"] == 0 and data["danger"]["end"] == 0  # the noise was taken back
    out = solo("export", str(journal), cwd=tmp_path).stdout
    assert re.search(r"line \[0, 0\]", out)


@pytest.mark.parametrize("command", [["export"], ["export", "--format", "html"], ["stats"],
                                     ["stats", "--json"]])
def test_a_file_that_is_not_a_journal_is_refused_untouched(tmp_path: Path, command):
    notes = tmp_path / "notes.md"
    notes.write_text("# Shopping\n\n- rope\n- torches\n")
    before = (notes.read_bytes(), notes.stat().st_mtime_ns)
    done = solo(*command, str(notes), cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stderr.startswith("solo: error: ") and "not a solo journal" in done.stderr
    assert (notes.read_bytes(), notes.stat().st_mtime_ns) == before


def test_export_never_writes_over_a_journal(crawl: Path):
    before = crawl.read_bytes()
    done = solo("export", str(crawl), "-o", str(crawl), cwd=crawl.parent)
    assert done.returncode != 0 and len(done.stderr.strip().splitlines()) == 1
    assert crawl.read_bytes() == before


def test_missing_journal_is_one_line(tmp_path: Path):
    done = solo("stats", str(tmp_path / "nope.md"), cwd=tmp_path)
    assert done.returncode == 1 and len(done.stderr.strip().splitlines()) == 1


# -- speed --------------------------------------------------------------------------------------
