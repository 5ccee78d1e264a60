"""The reports and ``solo search`` find the end of the front matter as the header reader
does: a journal whose header an editor closed with ``...`` or wrote with spaces after ``---``
does not get its raw header repeated in the md report's body, shown in the html report's
journal, or searched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fake_env import run_here

FENCES = [("---   ", "..."), ("---", "...  "), ("---\t", "---  "), ("---", "..."),
          ("---", "---\r\n")]  # (the last: a journal an editor saved with CRLF line ends)


def _reshape(text: str, opening: str, closing: str) -> str:
    end = text.index("\n---\n", 3)
    return opening + text[3:end] + "\n" + closing + "\n" + text[end + 5:]


def _journal(folder: Path, opening: str, closing: str) -> None:
    run_here("new", "J.md", "--system", "d12-tension", "--seed", "3", "--title", "Tide Café",
             cwd=folder, stdin="enter\nA damp room, a café sign.\n")
    journal = folder / "J.md"
    text = _reshape(journal.read_text(encoding="utf-8"), opening, closing.rstrip("\r\n"))
    newline = "\r\n" if closing.endswith("\r\n") else "\n"
    journal.write_bytes(text.replace("\n", newline).encode())


@pytest.mark.parametrize(("opening", "closing"), FENCES)
def test_the_header_is_shown_once_whatever_fences_the_editor_wrote(tmp_path: Path, opening,
                                                                    closing):
    _journal(tmp_path, opening, closing)
    report = run_here("export", "J.md", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert report.stdout.count("seed: 3") == 1
    assert report.stdout.count("system: d12-tension") == 1
    assert "A damp room, a café sign." in report.stdout


@pytest.mark.parametrize(("opening", "closing"), FENCES)
def test_the_html_journal_shows_no_header_whatever_fences_the_editor_wrote(
        tmp_path: Path, opening, closing):
    _journal(tmp_path, opening, closing)
    report = run_here("export", "J.md", "--format", "html", cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    journal = report.stdout[report.stdout.index('<section class="journal">'):]
    assert "<p>A damp room, a café sign.</p>" in journal
    assert "seed: 3" not in journal and "d12-tension" not in journal
    assert "<hr" not in journal and "title:" not in journal


@pytest.mark.parametrize(("opening", "closing"), FENCES)
def test_search_looks_past_the_header_whatever_fences_the_editor_wrote(
        tmp_path: Path, opening, closing):
    _journal(tmp_path, opening, closing)
    for words, found in ((["tide"], []), (["café", "tide"], []), (["damp"], ["narration"]),
                         (["café"], ["narration"])):  # (a word not ASCII read apart)
        search = run_here("search", "--json", *words, "J.md", cwd=tmp_path)
        assert search.returncode == 0, search.stderr
        assert [hit["kind"] for hit in json.loads(search.stdout)["hits"]] == found, words
