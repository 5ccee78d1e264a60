"""The md report finds the end of the front matter as the header reader does: a journal
whose header an editor closed with ``...`` or wrote with spaces after ``---`` does not get
its raw header repeated in the report's body."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import run_here


def _reshape(text: str, opening: str, closing: str) -> str:
    end = text.index("\n---\n", 3)
    return opening + text[3:end] + "\n" + closing + "\n" + text[end + 5:]


@pytest.mark.parametrize(("opening", "closing"), [("---   ", "..."), ("---", "...  "),
                                                  ("---\t", "---  ")])
def test_the_header_is_shown_once_whatever_fences_the_editor_wrote(tmp_path: Path, opening,
                                                                    closing):
    run_here("new", "J.md", "--system", "d12-tension", "--seed", "3", "--title", "Tide",
             cwd=tmp_path, stdin="enter\nA damp room.\n")
    journal = tmp_path / "J.md"
    journal.write_text(_reshape(journal.read_text(encoding="utf-8"), opening, closing),
                       encoding="utf-8")
    report = run_here("export", "J.md", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert report.stdout.count("seed: 3") == 1
    assert report.stdout.count("system: d12-tension") == 1
    assert "A damp room." in report.stdout
