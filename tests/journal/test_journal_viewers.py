"""The journal as other Markdown programs read it (issue 37, item 8, the journal's side).

* Raw HTML in narration (``<div hidden>``) cannot hide what follows: markdown-it-py, as VS
  Code's preview reads it (raw HTML on), shows every heading and every notation block.
* The date line follows ``## Session N`` with no blank line, as Lonelog's own example
  writes it; journals written before still resume.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from mdit_py_plugins.front_matter import front_matter_plugin

from solo.engine import events
from solo.journal import notation
from solo.journal.notation import narration_block
from solo.play.resume import resume_file
from tests.fake_env import solo

DATA = Path(__file__).resolve().parents[1] / "data"
HIDING = ["We wait by the door. <div hidden>", "<details><summary>x</summary>",
          "Then <style>h3{display:none}</style> silence.", "It reads <!-- and stops",
          "A rune: <script>", "<textarea>", "</p><div hidden>"]


def rendered(text: str) -> tuple[str, list]:
    md = MarkdownIt("commonmark", {"html": True}).use(front_matter_plugin)
    return md.render(text), md.parse(text)


def test_raw_html_in_narration_hides_nothing_that_follows(tmp_path):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "trespasser", "--seed", "3").code == 0
    lines = ["light torch"]
    for number, hiding in enumerate(HIDING):
        lines += [hiding, "advance" if number % 2 else "stay", "=> the hall is quiet"]
    assert solo("play", str(path), stdin="\n".join(lines) + "\n").code == 0
    text = path.read_text()
    html, tokens = rendered(text)
    scenes = re.findall(r"^### (S\d+ .*)$", text, re.M)
    assert len(scenes) == len(HIDING)
    for scene in scenes:  # every scene heading is a heading of the page
        assert f"<h3>{scene.replace('*', '', 1).rsplit('*', 1)[0]}" in html.replace(
            "<em>", "").replace("</em>", "")
    shown = [token for token in tokens if token.type in ("html_inline", "html_block")
             and not token.content.startswith("<!-- solo ")]
    assert shown == [], "the player's words became raw HTML"
    for hiding in HIDING:  # and the words themselves are shown as typed
        assert hiding.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in html
    assert html.count("<pre><code>") == text.count("\n```\n") // 2


@pytest.mark.parametrize(("typed", "journaled"), [
    ("We wait. <div hidden>", "We wait. \\<div hidden>"),
    ("a `<b>` code span", "a `<b>` code span"),
    ("already \\<i> escaped", "already \\<i> escaped"),
    ("two slashes \\\\<i>", "two slashes \\\\\\<i>"),
    ("less than: 2 < 3", "less than: 2 < 3"),
    ("<pre>", "\\<pre>"),
])
def test_narration_escapes_each_angle_that_could_open_html(typed, journaled):
    assert narration_block(typed) == journaled
    html, tokens = rendered(journaled)
    assert not [token for token in tokens if token.type.startswith("html")]


def test_the_date_line_follows_the_session_heading(tmp_path):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "delving", "--seed", "3",
                stdin="explore\n").code == 0
    assert solo("play", str(path), stdin="explore\n").code == 0
    text = path.read_text()
    assert re.findall(r"^## Session (\d+)\n\*Date: \d{4}-\d\d-\d\d\*\n", text, re.M) == ["1", "2"]
    html, _ = rendered(text)
    assert "<h2>Session 1</h2>\n<p><em>Date: " in html


@pytest.mark.parametrize("name", sorted(path.name for path in DATA.glob("*.md")))
def test_journals_written_before_still_resume_and_play(tmp_path, name):
    path = tmp_path / name
    path.write_bytes((DATA / name).read_bytes())
    before = resume_file(path).state
    played = solo("play", str(path), stdin="We go on. <b>\n")
    assert played.code == 0, played.err
    after = resume_file(path).state
    assert after.step == before.step + 1 and after.turn == before.turn
    assert "\nWe go on. \\<b>\n" in path.read_text()


def test_a_track_with_a_maximum_writes_it(tmp_path):
    """Lonelog's ``[Track:Name X/Y]``: Dungeon Turn's Fatigue (0-2) shows its maximum."""
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "dungeon-turn", "--seed", "3",
                stdin="set fatigue 1\n").code == 0
    assert "[Track:Fatigue 1/2]" in path.read_text()


def test_every_kind_of_event_has_its_way_of_reading_in_the_journal():
    """The table of how events read names each event type the engine makes, so a new
    event without its Lonelog line fails here, not in a player's crawl. (A command is an
    ``Acted`` of the type that says how it shows: each has its row.)"""
    made = {*typing.get_args(events.Event), events.ActedNote, events.ActedOwnLine}
    assert made == set(notation._LINES)
