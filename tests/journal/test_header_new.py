"""Each ``solo new`` gets a file of its own: the name is chosen and the file made in one
step (O_EXCL), so starts at the same moment take the next free names; a folder is refused
as a folder; a journal named on the command line is never written over."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.journal.create import create_journal, numbered
from solo.journal.store import read_meta
from solo.play.resume import resume_file as resume
from tests.e2e import SOLO
from tests.fake_env import run_solo


@pytest.mark.e2e
def test_six_parallel_starts_with_one_title_make_six_journals(tmp_path: Path):
    command = [SOLO, "new", "--system", "d12-tension", "--title", "Same"]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    starts = [subprocess.Popen(command, cwd=tmp_path, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment) for _ in range(6)]
    said = []
    for start in starts:
        out, err = start.communicate(timeout=120)
        assert start.returncode == 0, err
        said += [line for line in err.splitlines() if line.startswith("New journal: ")]
    names = sorted(path.name for path in (tmp_path / "journals").iterdir())
    assert names == ["same-2.md", "same-3.md", "same-4.md", "same-5.md", "same-6.md",
                     "same.md"]
    assert sorted(said) == sorted(f"New journal: journals/{name}" for name in names)
    seeds = set()
    for name in names:
        path = tmp_path / "journals" / name
        meta = read_meta(path)
        assert meta["title"] == "Same" and resume(path).state.step == 0
        seeds.add(meta["seed"])
    assert len(seeds) == 6  # six crawls, each its own


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
    first = run_solo("new", "J.md", "--system", "classic", "--seed", "1", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    before = (tmp_path / "J.md").read_bytes()
    again = run_solo("new", "J.md", "--system", "classic", "--seed", "2", cwd=tmp_path)
    assert again.returncode == 1
    assert again.stderr.strip().splitlines() == [
        "solo: error: J.md already exists; continue it with: solo play J.md"]
    assert (tmp_path / "J.md").read_bytes() == before


def test_a_folder_given_as_the_journal_is_refused_as_a_folder(tmp_path: Path):
    (tmp_path / "dir.md").mkdir()
    (tmp_path / "dir.md" / "inside.txt").write_text("kept\n")
    done = run_solo("new", "dir.md", "--system", "d12-tension", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "solo: error: dir.md is a folder, not a journal file; give the journal a file name "
        "(such as dir.md/crawl.md)"]
    assert [path.name for path in (tmp_path / "dir.md").iterdir()] == ["inside.txt"]
    played = run_solo("play", "dir.md", cwd=tmp_path, stdin="enter\n")
    assert played.returncode == 1 and "dir.md is a folder, not a journal file" in played.stderr


def test_every_name_taken_is_one_clear_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("solo.journal.create.FREE_NAMES", 3)
    base = tmp_path / "crawl.md"
    for number in (1, 2, 3):
        numbered(base, number).write_text("taken\n")
    meta = {"title": "T", "system": "classic", "seed": 1, "solo": 2}
    with pytest.raises(JournalError, match="the next 2 numbered names are all taken"):
        create_journal(base, meta, "# T", {"v": 2, "step": 0}, next_free=True)
