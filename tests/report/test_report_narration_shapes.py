"""Narration that CommonMark (and GitHub's or Obsidian's Markdown) would read as structure at
a line's start shows as typed in every reader: in the journal and the md report as a
Markdown viewer renders them (markdown-it-py, with tables and footnotes on), in the html
report and in ``solo search``, the escapes solo wrote never shown."""

from __future__ import annotations

import html
from pathlib import Path

from markdown_it import MarkdownIt
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from tests.fake_env import solo

SHAPES = ("[Ott]: ready", "[GM]: https://example.com", '[Wren]: "Run!"', "[^1]: a footnote",
          "***", "_ _ _", "- - -", "---", "===", "1) first", "2. second", "+ plus", "| a | b |",
          "|---|---|", "<div>", "# not a heading", "[a]:b")
"""Each a whole line of narration, after a line of prose (a setext underline's place)."""


def _viewer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": True}).enable("table").use(
        footnote_plugin).use(front_matter_plugin)


def test_structure_shaped_narration_shows_as_typed_everywhere(tmp_path: Path):
    journal = tmp_path / "j.md"
    lines = ["light torch", "enter", "The stair goes down.", *SHAPES, "    four spaces in"]
    made = solo("new", str(journal), "--system", "delving", "--seed", "7", "--dungeon",
                "classic", stdin="\n".join(lines) + "\n")
    assert made.code == 0, made.err
    md = solo("export", str(journal), "--format", "md")
    page = solo("export", str(journal), "--format", "html")
    assert md.code == page.code == 0, md.err + page.err
    for text in (journal.read_text(encoding="utf-8"), md.out):
        shown, kinds = _viewer().render(text), {token.type for token in _viewer().parse(text)}
        for shape in (*SHAPES, "four spaces in"):  # (a line's outer spaces are not kept)
            assert f"<p>{html.escape(shape)}</p>" in shown, shape
        assert not kinds & {"hr", "footnote_block_open", "code_block", "table_open"}, kinds
    for shape in SHAPES:
        assert f"<p>{html.escape(shape)}</p>" in page.out, shape
    found = solo("search", "Ott", str(journal))
    assert found.code == 0 and found.out.strip().endswith("narration: [Ott]: ready"), found.out
    assert solo("search", "_", str(journal)).out.strip().endswith("narration: _ _ _")
