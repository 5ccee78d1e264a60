"""The md report shows an oracle question's words, its answer and the random event it raised
as they were typed or drawn: a Markdown viewer (markdown-it-py, CommonMark) formats none of
them, and the html report shows the same text."""

from __future__ import annotations

import html
import json
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tests.fake_env import run_here

MARKED = "# A *star* _falls_ [here](x) <b>now</b> `tick` ~~gone~~ &amp; \\o/"
"""Text a Markdown viewer would format, were it not escaped."""

EVENTS = ("kind: tables\ntables:\n  event-focus:\n    title: Focus\n    dice: d100\n"
          f"    entries:\n      1-100: {json.dumps(MARKED)}\n")
"""The player's own event table, in place of the shipped one: every event is MARKED."""


def _listed(markdown: str, heading: str) -> list[list[Token]]:
    """The inline tokens of each item of the list under ``### heading``."""
    tokens = MarkdownIt("commonmark").parse(markdown)
    start = next(index for index, token in enumerate(tokens)
                 if token.type == "inline" and token.content == heading)
    items: list[list[Token]] = []
    for token in tokens[start + 2:]:
        if token.type in ("heading_open", "ordered_list_close"):
            break
        if token.type == "inline":
            items.append(token.children or [])
    return items


def test_questions_answers_and_random_events_show_as_typed(tmp_path: Path):
    (tmp_path / "events.yaml").write_text(EVENTS)
    made = run_here("new", "j.md", "--system", "d12-tension", "--seed", "8", "--tables",
                    "events.yaml", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    asked = "".join(f"ask Is _it_ *{n}* [here] <i>? very likely\n" for n in range(1, 11))
    played = run_here("play", "j.md", cwd=tmp_path, stdin="chaos 9\n" + asked)
    assert played.returncode == 0, played.stderr
    journal = tmp_path / "j.md"  # an answer edited by hand in the record: kept as typed too
    journal.write_text(journal.read_text().replace('"text":"Yes', '"text":"`Yes` *so*', 1))
    markdown = run_here("export", "j.md", cwd=tmp_path).stdout
    items = _listed(markdown, "Oracle questions")
    assert len(items) == 10
    shown = ["".join(token.content for token in item) for item in items]
    assert all(token.type == "text" for item in items for token in item)  # nothing formatted
    assert shown[0].startswith("Turn 0: Is _it_ *1* [here] <i>? (very likely) → `Yes` *so*")
    raised = [text for text in shown if "; random event: " in text]
    assert raised and all(text.endswith("; random event: " + MARKED) for text in raised)
    page = run_here("export", "j.md", "--format", "html", cwd=tmp_path).stdout
    assert f"; random event: {html.escape(MARKED)}</li>" in page
    assert "<strong>`Yes` *so*" in page


def test_a_question_is_read_as_narration_is_its_comments_hidden(tmp_path: Path):
    """An Obsidian comment (``%% … %%``) in a question is hidden in both reports' Oracle
    lists, as in narration; a ``%%`` that closes nothing is shown, and opens no comment in
    the md report (which would hide the rest of it in Obsidian)."""
    asked = "ask Is it %%really%% hostile? likely\nask Is it 100%% safe? likely\n"
    made = run_here("new", "j.md", "--system", "d12-tension", "--seed", "9", cwd=tmp_path,
                    stdin=asked + "The %%secret%% door.\n")
    assert made.returncode == 0, made.stderr
    markdown = run_here("export", "j.md", cwd=tmp_path).stdout
    shown = ["".join(token.content for token in item)
             for item in _listed(markdown, "Oracle questions")]
    assert shown[0].startswith("Turn 0: Is it  hostile? (likely) → ")
    assert shown[1].startswith("Turn 0: Is it 100%% safe? (likely) → ")
    assert "100\\%\\% safe" in markdown and "The  door." in markdown
    page = run_here("export", "j.md", "--format", "html", cwd=tmp_path).stdout
    listed = page[page.index("<h3>Oracle questions"):page.index("</ol>", page.index(
        "<h3>Oracle questions"))]
    assert "really" not in listed and "Is it hostile? (likely)" in listed
    assert "Is it 100%% safe? (likely)" in listed
