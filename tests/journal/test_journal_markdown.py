"""The journal as other programs read it: rendered by markdown-it-py (CommonMark, raw HTML on,
as GitHub and Obsidian show it), whatever the player typed before.

The structure must hold: every hidden record stays one hidden HTML comment, every entry's
notation stays inside its fence, the only headings are the title, the sessions and the
scenes solo wrote, and nothing the player typed becomes a fence, an HTML block or a heading.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from solo.journal.notation import LONELOG_MARKS
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here
from tests.suite_profile import scaled

HOSTILE = [
    "```",
    "~~~",
    "<pre>",
    "<!-- a comment that never ends",
    "-->",
    "## Turn 99 · 16:30",
    "### S99 *Round 99 · 16:30*",
    "# A new title",
    "- => Encounter: a dragon",
    "=> Encounter: a dragon",
    "<!-- solo {\"v\":2,\"step\":999,\"kind\":\"command\",\"state\":{}} -->",
    "    indented like code",
    "> a quote",
    "1. a list",
    "-",
    "+",
    "---",
    "<div>",
    "<script>alert(1)</script>",
    "[note]: https://example.com",
    "Plain words with `backticks` and ``` inside.",
]
COMMANDS = {
    "d12-tension": ["light torch", "enter 3", "noise", "ask Is it safe --> here? likely",
                    "enter 2", "roll 2d6 damage", "table d12-environment", "undo", "enter 2"],
    "trespasser": ["light torch", "advance", "hide success 1", "ask Is it --!> over?",
                   "advance", "undo", "stay"],
}


def _html_md() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).use(front_matter_plugin)


COMMAND_WORDS = ("light", "enter", "noise", "ask", "roll", "table", "advance", "hide", "stay")


def play(path: Path, system: str, lines: list[str], narration: tuple[str, ...] = ()) -> None:
    """Play ``lines``: commands through the engine, the rest (and ``narration``) as prose."""
    create_journal_file(str(path), system, "Markdown", 5, [])
    session = Session(path)
    try:
        for line in lines:
            first = line.split(" ", 1)[0]
            if line == "undo" and line not in narration:  # narration is prose, even 'undo'
                session.undo()
            elif line in HOSTILE or line in narration or first not in COMMAND_WORDS:
                session.narrate(line)
            else:
                session.handle(line)
    finally:
        session.close()


def check_structure(text: str) -> None:
    """What a CommonMark viewer shows of the journal keeps solo's structure."""
    tokens = _html_md().parse(text)
    comments = [token for token in tokens if token.type == "html_block"
                and token.content.startswith("<!-- solo")]
    records = re.findall(r"^<!-- solo .*-->$", text, re.M)
    assert len(comments) == len(records), "a record is not its own hidden comment"
    for token in comments:  # each comment block holds exactly one record, closed
        assert token.content.rstrip("\n").endswith("-->")
        assert token.content.count("-->") == 1 and token.content.count("<!--") == 1
    shown = " ".join(token.content for token in tokens
                     if token.type in ("inline", "fence", "code_block")
                     or (token.type == "html_block" and not token.content.startswith("<!--")))
    for record in records:  # solo's own records: none shows (the player's words may quote one)
        assert record[len("<!-- solo "):][:60] not in shown, "hidden state is visible"
    headings = [tokens[index + 1].content for index, token in enumerate(tokens)
                if token.type == "heading_open"]
    for heading in headings:
        assert heading == "Markdown" or re.fullmatch(r"Session \d+", heading) \
            or re.fullmatch(r"S\d+ \*(Turn|Round)s? [\d–]+( · \d+:\d\d)?\*", heading), heading
    assert not [token for token in tokens if token.type.endswith("list_open")], "a list"
    fences = [token for token in tokens if token.type == "fence"]
    for fence in fences:
        assert fence.info == ""
        for line in fence.content.rstrip("\n").split("\n"):
            assert line.startswith(LONELOG_MARKS), f"notation outside its place: {line!r}"
    assert not [token for token in tokens if token.type == "code_block"], "indented code"


@pytest.mark.parametrize("system", sorted(COMMANDS))
def test_hostile_narration_never_changes_the_structure(tmp_path: Path, system: str):
    lines = []
    for index, command in enumerate(COMMANDS[system]):
        lines += [HOSTILE[index % len(HOSTILE)], command,
                  HOSTILE[(index * 7 + 3) % len(HOSTILE)]]
    lines += HOSTILE
    path = tmp_path / "j.md"
    play(path, system, lines)
    text = path.read_text()
    check_structure(text)
    # the scene headings are solo's own, each with its own id (an undo never repeats one)
    scenes = re.findall(r"^### (S\d+) ", text, re.M)
    assert scenes and len(scenes) == len(set(scenes))
    assert "\\## Turn 99" in text and "\\```" in text and "\\<pre>" in text


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(narration=st.lists(st.text(min_size=1, max_size=40), min_size=1, max_size=6))
def test_any_narration_keeps_the_structure(tmp_path_factory, narration):
    path = tmp_path_factory.mktemp("any") / "j.md"
    lines = []
    for text in narration:
        lines += [text, "enter 2"]
    play(path, "d12-tension", lines, narration=tuple(narration))
    check_structure(path.read_text())


def test_state_never_holds_a_comment_end(tmp_path: Path):
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["ask Does the --> hold --!> now? likely", "enter 2"])
    for line in path.read_text().splitlines():
        if line.startswith("<!-- solo "):
            body = line[len("<!-- solo "):-len(" -->")]
            assert "-->" not in body and "--!>" not in body and "<" not in body
            assert json.loads(body)["state"]


def test_lonelog_the_player_writes_is_kept_exactly(tmp_path: Path):
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["=> The guard falls", "@ I sneak past", "? Is it locked?",
                               "[N:Jonah|friendly]", "(note: house rule)"])
    text = path.read_text()
    for line in ["=> The guard falls", "@ I sneak past", "? Is it locked?",
                 "[N:Jonah|friendly]", "(note: house rule)"]:
        assert f"```\n{line}\n```" in text
    assert "\\=>" not in text and "\\@" not in text


def test_prose_opening_with_a_link_stays_prose_a_viewer_links(tmp_path: Path):
    path = tmp_path / "j.md"
    lines = ["[[Wren]] draws her sword.", "[Wren](wren.md) draws her sword."]
    play(path, "d12-tension", lines)
    text = path.read_text()
    for line in lines:
        assert f"\n{line}\n" in text and f"```\n{line}" not in text
    assert '<a href="wren.md">Wren</a> draws her sword.' in _html_md().render(text)


def test_a_torn_tail_is_closed_before_the_next_entry(tmp_path: Path):
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["enter 2"])
    with open(path, "a") as handle:  # a crash mid-entry: a fence and a record left open
        handle.write('\n### S2 *Turn 2 · 0:20*\n\n```\n@ enter 2\n```\n\n<!-- solo {"v":2,"st')
    session = Session(path)
    try:
        assert any("cut off" in notice for notice in session.notices)
        session.handle("enter 3")
        session.narrate("After the crash, the hall is quiet.")
    finally:
        session.close()
    text = path.read_text()
    tokens = _html_md().parse(text)
    shown = " ".join(token.content for token in tokens if token.type == "inline")
    assert "After the crash, the hall is quiet." in shown  # not swallowed by the open comment
    assert any(token.type == "fence" and "@ enter 3" in token.content for token in tokens)


def test_a_torn_fence_is_closed_too(tmp_path: Path):
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["enter 2"])
    with open(path, "a") as handle:
        handle.write("\n```\n@ enter 2\nd: Dungeon ev")
    session = Session(path)
    try:
        session.narrate("Words after the tear.")
    finally:
        session.close()
    tokens = _html_md().parse(path.read_text())
    assert "Words after the tear." in [token.content for token in tokens
                                       if token.type == "inline"]


def test_a_lonelog_block_the_player_closed_at_the_end_is_prose_not_a_tear(tmp_path: Path):
    """The Lonelog notation lives in code blocks: one the player added by hand after the
    last entry, closed, is theirs (no warning of a crash), and play goes on after it."""
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["enter 2"])
    block = "\n```\n@ I pry the altar open myself\n=> A hidden key!\n```\n"
    with open(path, "a") as handle:
        handle.write(block)
    session = Session(path)
    try:
        assert not any("cut off" in notice or "no readable record" in notice
                       for notice in session.notices), session.notices
        assert session.state.turn == 1
        session.handle("enter 3")
    finally:
        session.close()
    text = path.read_text()
    assert block + "\n" in text and "@ enter 3" in text.split(block)[1]


# -- reports read the records, never the text ------------------------------------------------
def _stats(path: Path) -> dict:
    done = run_here("stats", str(path), "--json", cwd=path.parent)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


SPOOFS = ["=> Encounter: a dragon", "- => Encounter: a dragon", "## Turn 99 · 16:30",
          "### S99 *Turn 99 · 16:30*", "? Is this a question? (likely, mythic)",
          "=> [Clock:Tension 10/10] +10: spoofed", "=> [Inv:Torch|lit] lit by the party"]


def test_narration_cannot_change_the_figures(tmp_path: Path):
    moves = ["light torch", "enter 3", "enter 2", "noise", "enter 3", "enter 2"]
    plain, spoofed = tmp_path / "plain.md", tmp_path / "spoofed.md"
    play(plain, "d12-tension", moves)
    play(spoofed, "d12-tension", [line for move in moves for line in (move, *SPOOFS)],
         narration=tuple(SPOOFS))
    assert _stats(plain) == {**_stats(spoofed), "snapshots": _stats(plain)["snapshots"]}


def test_a_procedure_saying_encounter_is_not_counted_twice(tmp_path: Path):
    procedure = (Path(__file__).resolve().parents[2] / "solo" / "systems" / "classic.yaml")
    text = procedure.read_text().replace(
        'say: "In the dark the party can barely feel its way forward."',
        'say: "Encounter: the dark itself (not one)."')
    assert "Encounter: the dark itself" in text
    mine = tmp_path / "mine.yaml"
    mine.write_text(text.replace("id: classic", "id: mine"))
    done = run_here("new", "j.md", "--system", str(mine), "--seed", "3", cwd=tmp_path,
                    stdin="explore\nexplore\nexplore\nexplore\n")
    assert done.returncode == 0, done.stderr
    journal = (tmp_path / "j.md").read_text()
    assert "(note: Encounter: the dark itself (not one).)" in journal
    met = journal.count('"t":"Encountered","table"')
    assert _stats(tmp_path / "j.md")["encounters"] == met - journal.count('"status":"sign"') \
        - journal.count('"status":"struck"')


def test_retracted_entries_are_marked_in_both_reports_and_not_counted(tmp_path: Path):
    path = tmp_path / "j.md"
    play(path, "d12-tension", ["enter 2", "noise", "A line taken back.", "undo", "undo",
                               "enter 3"])
    figures = _stats(path)
    assert figures["danger"]["peak"] == 0  # the noise was taken back
    md = run_here("export", str(path), cwd=tmp_path).stdout
    assert md.count("*(taken back with undo)*") == 2
    html = run_here("export", str(path), "--format", "html", cwd=tmp_path).stdout
    assert html.count('class="mech retracted"') == 1  # the noise (the narration is prose)
    assert html.count("<em>(taken back with undo)</em>") == 2
    assert len(re.findall(r"^### S\d+ ", path.read_text(), re.M)) == \
        len(set(re.findall(r"^### (S\d+) ", path.read_text(), re.M)))


def test_encounter_notes_come_from_the_same_turn_only(tmp_path: Path):
    path = tmp_path / "j.md"
    lines = []
    for turn in range(12):
        lines += ["enter 3", f"Narration of turn {turn + 1}."]
    play(path, "d12-tension", lines)
    figures = _stats(path)
    assert figures["encounters"] >= 1
    for encounter in figures["encounter_list"]:
        assert encounter["note"] == f"Narration of turn {encounter['turn']}."


# -- what a Lonelog tool reads -----------------------------------------------------------------
TAG = re.compile(r"\[(?P<kind>[A-Za-z#]+):(?P<name>[^\]|]+?)(?:\|(?P<fields>[^\]]*))?\]")


def lonelog_reading(text: str) -> dict:
    """A reading of the journal as the spec describes it for digital Markdown: sessions are
    ``##`` headings, scenes ``### S<n>``, and tags are read from the fenced notation;
    ``last`` holds each tag's latest fields (``last["PC"]["Wren"] == ["HP 6/8", "tired"]``)."""
    tokens = _html_md().parse(text)
    headings = [(token.tag, tokens[index + 1].content) for index, token in enumerate(tokens)
                if token.type == "heading_open"]
    tags: dict[str, set[str]] = {}
    last: dict[str, dict[str, list[str]]] = {}
    for token in tokens:
        if token.type == "fence":
            for found in TAG.finditer(token.content):
                name = re.sub(r" -?\d+(?:/\d+)?$", "", found["name"].strip())  # [Clock:X 3/10]
                tags.setdefault(found["kind"], set()).add(name)
                last.setdefault(found["kind"], {})[name] = (
                    found["fields"].split("|") if found["fields"] else [])
    return {"sessions": [text for tag, text in headings if tag == "h2"],
            "scenes": [text.split(" ", 1)[0] for tag, text in headings if tag == "h3"],
            "tags": tags, "last": last}


def test_a_lonelog_reading_finds_the_scenes_and_one_torch(tmp_path: Path):
    path = tmp_path / "j.md"
    moves = ["light torch", "enter 2", "noise", "enter 3", "enter 2", "enter 3", "enter 2",
             "enter 3", "light torch", "enter 2"]
    play(path, "d12-tension", moves)
    session = Session(path)
    try:
        session.handle("enter 2")  # a second sitting
    finally:
        session.close()
    reading = lonelog_reading(path.read_text())
    assert reading["sessions"] == ["Session 1", "Session 2"]
    assert reading["scenes"] == [f"S{n}" for n in range(1, 9)]
    assert reading["tags"]["Inv"] == {"Torch"}  # lit, out, lit again: one item
    assert reading["tags"]["Clock"] == {"Tension"}


def test_supplies_are_written_as_resource_tags(tmp_path: Path):
    """The Resource Tracking add-on's form: ``[Inv:Item|quantity]``."""
    from solo.engine.events import TrackerChanged
    from solo.journal.notation import event_lines

    line = event_lines(TrackerChanged("torches", "Torches", 3, 2, "one used", "Inv"))[0]
    assert line == "=> [Inv:Torches|2] -1: one used" and line.kind == "result"
    clock = event_lines(TrackerChanged("alarm", "Alarm", 1, 2, "noise", "Clock", 10))[0]
    assert clock == "=> [Clock:Alarm 2/10] +1: noise"


@pytest.mark.parametrize("title", ["Esc <b>", "<div hidden>The Vault", "The <!-- Vault"])
def test_a_title_is_shown_as_typed_never_read_as_html(tmp_path: Path, title: str):
    """The title heading is the player's words: a ``<`` that could open raw HTML is
    escaped there as in their prose (``# Esc <b>`` made the rest of the heading bold, and
    ``<div hidden>`` hid it in GitHub and Obsidian)."""
    path = create_journal_file(str(tmp_path / "t.md"), "classic", title, 5, [])
    tokens = _html_md().parse(path.read_text(encoding="utf-8"))
    heading = next(index for index, token in enumerate(tokens) if token.tag == "h1")
    inline = tokens[heading + 1]
    assert [child.type for child in inline.children or []] == ["text"]
    assert inline.children[0].content == title


def test_a_title_and_question_with_html_read_as_typed_in_every_report(tmp_path: Path):
    """The reports' title is the player's (``Esc <b>``, not the heading's ``Esc \\<b>``), and
    the md report's heading and question list show it as typed, never as raw HTML."""
    path = create_journal_file(str(tmp_path / "t.md"), "classic", "Esc <b>", 5, [])
    session = Session(path)
    try:
        session.handle("ask Is the <div hidden> door open?")
    finally:
        session.close()
    done = run_here("stats", str(path), "--json", cwd=tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout)["title"] == "Esc <b>"
    tokens = _html_md().parse(run_here("export", str(path), cwd=tmp_path).stdout)
    assert not [token for token in tokens if "html" in token.type] and not [
        child for token in tokens for child in token.children or [] if "html" in child.type]
    shown = ["".join(child.content for child in token.children or [])
             for token in tokens if token.type == "inline"]  # (the text a viewer shows)
    assert "Esc <b>" in shown and any("Is the <div hidden> door open?" in text for text in shown)


QUOTED = r"Is it a_b_c or a*b*c, `x` [l](u) ~~s~~ &amp; <i> \* __b__ ~~?"


def test_the_md_summary_shows_questions_as_typed_never_formatted(tmp_path: Path):
    """The summary's list of questions is the player's words set literally, as the journal
    shows them in its fences: no emphasis, code, link, strike-through, entity or raw HTML."""
    path = create_journal_file(str(tmp_path / "t.md"), "d12-tension", None, 5, [])
    session = Session(path)
    try:
        session.handle(f"ask {QUOTED}")
    finally:
        session.close()
    tokens = _html_md().parse(run_here("export", str(path), cwd=tmp_path).stdout)
    asked = next(token for token in tokens if token.type == "inline"
                 and token.content.startswith("Turn 0: Is it"))
    assert [child.type for child in asked.children or []] == ["text"]
    assert asked.children[0].content.split(": ", 1)[1].startswith(QUOTED + " ")


def test_the_md_report_gives_the_oracle_style_in_play_at_the_end(tmp_path: Path):
    """The header's ``oracle`` is the style the crawl began with; the report's, the last."""
    path = create_journal_file(str(tmp_path / "t.md"), "d12-tension", None, 5, [])
    session = Session(path)
    try:
        session.handle("oracle opse")
    finally:
        session.close()
    assert "\noracle: mythic\n" in path.read_text(encoding="utf-8")
    front = run_here("export", str(path), cwd=tmp_path).stdout.split("\n---\n")[0]
    assert "\noracle: opse" in front and "mythic" not in front
