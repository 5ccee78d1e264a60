"""Each ``solo new`` gets a file of its own: the name is chosen and the file made in one
step (O_EXCL), so starts at the same moment take the next free names; a folder is refused
as a folder; a journal named on the command line is never written over."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.journal.create import create_journal, numbered
from tests.fake_env import run_here


def test_a_taken_name_moves_on_to_the_next_free_one(tmp_path: Path):
    base = tmp_path / "journals" / "crawl.md"
    base.parent.mkdir()
    base.write_text("someone else's notes\n")
    numbered(base, 2).mkdir()  # a folder by that name is taken too
    meta = {"title": "T", "system": "classic", "seed": 1, "solo": 2}
    made = create_journal(base, meta, "# T", {"v": 2, "step": 0}, next_free=True)
    assert made == numbered(base, 3) == tmp_path / "journals" / "crawl-3.md"
    assert base.read_text() == "someone else's notes\n"


def test_a_named_journal_that_exists_is_never_written_over(tmp_path: Path):
    first = run_here("new", "J.md", "--system", "classic", "--seed", "1", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    before = (tmp_path / "J.md").read_bytes()
    again = run_here("new", "J.md", "--system", "classic", "--seed", "2", cwd=tmp_path)
    assert again.returncode == 1
    assert again.stderr.strip().splitlines() == [
        "solo: error: J.md already exists; continue it with: solo play J.md"]
    assert (tmp_path / "J.md").read_bytes() == before


def test_a_folder_given_as_the_journal_is_refused_as_a_folder(tmp_path: Path):
    (tmp_path / "dir.md").mkdir()
    (tmp_path / "dir.md" / "inside.txt").write_text("kept\n")
    done = run_here("new", "dir.md", "--system", "d12-tension", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "solo: error: dir.md is a folder, not a journal file; give the journal a file name "
        "(such as dir.md/crawl.md)"]
    assert [path.name for path in (tmp_path / "dir.md").iterdir()] == ["inside.txt"]
    played = run_here("play", "dir.md", cwd=tmp_path, stdin="enter\n")
    assert played.returncode == 1 and "dir.md is a folder, not a journal file" in played.stderr


def test_every_name_taken_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("solo.journal.create.FREE_NAMES", 3)
    base = tmp_path / "crawl.md"
    for number in (1, 2, 3):
        numbered(base, number).write_text("taken\n")
    meta = {"title": "T", "system": "classic", "seed": 1, "solo": 2}
    with pytest.raises(JournalError, match="the next 2 numbered names are all taken"):
        create_journal(base, meta, "# T", {"v": 2, "step": 0}, next_free=True)
