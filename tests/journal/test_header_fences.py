"""Front matter as editors save it: ``...`` to close it, trailing spaces on a fence or on
every line, a number in quotes. Each resumes as if solo had saved it. Notes pasted above the
front matter get one line saying where it is and how to fix it, and the file is untouched.
Journals written by earlier versions keep resuming."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from solo.journal.header import FIELDS
from solo.journal.store import read_meta
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here

DATA = Path(__file__).resolve().parents[1] / "data"


def _journal(folder: Path) -> Path:
    path = folder / "J.md"
    create_journal_file(str(path), "d12-tension", "Hand-saved", 21, [], party=["Wren"])
    session = Session(path)
    try:
        session.handle("enter")
    finally:
        session.close()
    return path


def _solo_fields(meta: dict) -> dict:
    return {field.name: meta.get(field.name) for field in FIELDS}


_CLOSING = re.compile(r"\n(?:---|\.\.\.)[ \t]*\n")


def _end(text: str) -> int:
    """Where the front matter's closing line ends."""
    found = _CLOSING.search(text, 3)
    assert found is not None
    return found.end()


def _closing_dots(text: str) -> str:
    found = _CLOSING.search(text, 3)
    assert found is not None
    return text[:found.start()] + "\n...\n" + text[found.end():]


def _opening_spaces(text: str) -> str:
    return "---   " + text[3:]


def _trailing_spaces(text: str) -> str:
    end = _end(text)
    return re.sub(r"\n", " \n", text[:end]) + text[end:]


def _quoted_seed(text: str) -> str:
    return text.replace("\nseed: 21\n", "\nseed: '21'\n", 1)


def _everything(text: str) -> str:
    return _quoted_seed(_opening_spaces(_trailing_spaces(_closing_dots(text))))


def _crlf_and_tabs(text: str) -> str:
    end = _end(text)
    return (re.sub(r"\n", "\t\n", text[:end]) + text[end:]).replace("\n", "\r\n")


SHAPES = {"'...' closes it": _closing_dots, "'---   ' opens it": _opening_spaces,
          "trailing spaces on every line": _trailing_spaces, "seed: '21'": _quoted_seed,
          "all four at once": _everything, "CRLF and trailing tabs": _crlf_and_tabs}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_what_an_editor_saves_resumes_as_if_solo_saved_it(tmp_path: Path, shape: str):
    path = _journal(tmp_path)
    meta, state = read_meta(path), resume(path).state
    path.write_bytes(SHAPES[shape](path.read_text()).encode())
    assert _solo_fields(read_meta(path)) == _solo_fields(meta)
    session = Session(path)
    try:
        assert session.state == state and session.seed == 21
        assert session.handle("status").lines[0].startswith("Hand-saved — D12")
        session.handle("linger")  # and play goes on
    finally:
        session.close()
    assert resume(path).state.turn == state.turn + 1


def test_the_issues_shapes_through_the_installed_solo(tmp_path: Path):
    made = run_here("new", "J.md", "--system", "d12-tension", "--seed", "21", "--title", "T",
                    cwd=tmp_path, stdin="enter\n")
    assert made.returncode == 0, made.stderr
    path = tmp_path / "J.md"
    before = run_here("play", "J.md", cwd=tmp_path, stdin="status\n")
    path.write_text(_everything(path.read_text()))
    after = run_here("play", "J.md", cwd=tmp_path, stdin="status\n")
    assert after.returncode == 0, after.stderr
    assert after.stdout == before.stdout and after.stdout.startswith("T — D12")
    stats = run_here("stats", "J.md", cwd=tmp_path)
    assert stats.returncode == 0 and stats.stdout.startswith("T\n")


@pytest.mark.parametrize("command", [["play"], ["stats"], ["export"],
                                     ["export", "--format", "html"]])
def test_notes_pasted_above_the_front_matter_get_one_line_and_the_file_is_untouched(
        tmp_path: Path, command: list[str]):
    path = _journal(tmp_path)
    path.write_text("Notes for next time:\n- find the key\n\n" + path.read_text())
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    done = run_here(*command, "J.md", cwd=tmp_path, stdin="enter\n")
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert lines == ["solo: error: J.md: the front matter begins on line 4, below other "
                     "text; move the lines above it to after its closing --- (a journal must "
                     "begin with ---); the file was left untouched"]
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_following_that_advice_makes_it_resume(tmp_path: Path):
    path = _journal(tmp_path)
    state = resume(path).state
    text = path.read_text()
    path.write_text("Notes for next time\n\n" + text)
    end = text.index("\n---\n") + 5
    path.write_text(text[:end] + "Notes for next time\n\n" + text[end:])
    session = Session(path)
    try:
        assert session.state == state
    finally:
        session.close()


@pytest.mark.parametrize(("header", "words"), [
    ("---\ntitle: [unclosed\nsystem: classic\nseed: 1\nsolo: 2\n---\n",
     "J.md: front matter: not valid YAML (line 3): did not find expected"),
    ("---\ntitle: T\nsystem: classic\nseed: 1\nsolo: 2\nseed: 2\n---\n",
     "J.md: front matter: not valid YAML (line 6): the key 'seed' is written twice"),
    ("---\ntitle: T\nsystem: classic\nseed: 1\nsolo: 2\n\n# T\n",
     "J.md: front matter: no closing --- line"),
    ("---\ntitle: T\nsystem: classic\nseed: 1\nsolo: 9\n---\n",
     "J.md: front matter: solo must be the journal format, 1 or 2, not 9: a newer solo "
     "wrote this journal; update solo to play it"),
    ("---\ntitle: T\nsystem: classic\nsolo: 2\n---\n",
     "J.md: front matter: seed is missing; it should be a whole number"),
    ("---\ntitle: &a [*a]\nsystem: classic\nseed: 1\nsolo: 2\n---\n",
     "J.md: front matter: not valid YAML (line 2): an alias that refers to itself"),
])
def test_a_solo_header_that_cannot_be_read_is_one_line(tmp_path: Path, header: str,
                                                         words: str):
    path = tmp_path / "J.md"
    path.write_text(header + "\n# T\n")
    before = path.read_bytes()
    for command in (["play"], ["stats"], ["export"]):
        done = run_here(*command, "J.md", cwd=tmp_path, stdin="enter\n")
        assert done.returncode == 1
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("solo: error: " + words), lines
    assert path.read_bytes() == before


def test_notes_between_horizontal_rules_are_no_journal_pasted_below(tmp_path: Path):
    path = tmp_path / "notes.md"
    path.write_text("# Notes\n\n---\n\nsolo: a game I play alone\n\n---\n\nMore.\n")
    done = run_here("stats", "notes.md", cwd=tmp_path)
    assert done.returncode == 1
    assert "notes.md is not a solo journal" in done.stderr


def test_a_file_with_no_solo_key_is_still_no_journal(tmp_path: Path):
    path = tmp_path / "notes.md"
    path.write_text("---\ntitle: My notes\ntags: [x]\n---\n\nNot a journal.\n")
    done = run_here("play", "notes.md", cwd=tmp_path, stdin="enter\n")
    assert done.returncode == 1
    assert "notes.md is not a solo journal" in done.stderr


@pytest.mark.parametrize(("name", "title", "party"), [
    ("format1-trespasser.md", "Example: trespasser", []),
    ("format1-party-names.md", "Format one party", ["Brother Ott"]),
    ("format2-party-names.md", "Before members", ["Wren", "Brother Ott"]),
])
def test_journals_of_earlier_versions_read_as_before(tmp_path: Path, name: str, title: str,
                                                      party: list[str]):
    path = tmp_path / name
    shutil.copyfile(DATA / name, path)
    meta = read_meta(path)
    assert (meta["title"], meta["system"], meta["party"], meta["tables"]) \
        == (title, "trespasser", party, [])
    assert meta["created"] == "2023-11-14T22:13:20Z"  # a string, as written
    session = Session(path)
    try:
        assert session.handle("status").lines[0].startswith(f"{title} — Trespasser")
    finally:
        session.close()


@pytest.mark.parametrize("source, line", [(None, "solo: 2"),
                                          ("format1-trespasser.md", "solo: 1")])
def test_a_journal_whose_solo_line_was_removed_is_told_what_to_add(tmp_path, source, line):
    path = _journal(tmp_path) if source is None else Path(shutil.copy(DATA / source, tmp_path))
    text = path.read_text()
    assert f"\n{line}\n" in text
    path.write_text(text.replace(f"\n{line}\n", "\n", 1))
    before = path.read_bytes()
    for command in ("status", "play", "export"):
        done = run_here(command, str(path), cwd=tmp_path)
        assert done.returncode == 1, done.stderr
        assert f"{path.name}: front matter: solo is missing; add the line '{line}' (the " \
            "journal's format); the file was left untouched" in done.stderr
        assert "not a solo journal" not in done.stderr and path.read_bytes() == before


def test_a_note_with_front_matter_and_no_records_is_still_no_journal(tmp_path):
    path = tmp_path / "note.md"
    path.write_text("---\nsystem: d12-tension\ntitle: Notes\n---\n\nJust notes.\n")
    done = run_here("status", str(path), cwd=tmp_path)
    assert done.returncode == 1 and "is not a solo journal" in done.stderr
