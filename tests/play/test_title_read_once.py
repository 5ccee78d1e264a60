"""The crawl's title is read one way everywhere a player sees it (``solo status``, the
sitting's ``status`` and bar, ``stats``, both reports): after a rename of the ``title``
property (Obsidian's property editor) or of the ``# `` heading (any text editor), the
one the player changed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.play.session import Session
from tests.fake_env import solo


@pytest.fixture(autouse=True)
def _wide_bar(monkeypatch):
    monkeypatch.setattr("solo.play.session.WIDTH", 200)  # (room in the bar for the title)


def _crawl(path: Path, *title: str) -> Path:
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "3", *title,
                stdin="enter 2\n")
    assert done.code == 0, done.err
    return path


def _edit(path: Path, pattern: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(pattern, new, text, count=1, flags=re.M), encoding="utf-8")


def _titles(path: Path) -> list[str]:
    """The title as each view shows it."""
    md = solo("export", str(path), "--format", "md").out
    html = solo("export", str(path), "--format", "html").out
    session = Session(path)
    try:
        inside = [session.handle("status").lines[0].split(" — ")[0],
                  session.toolbar().split(" │ ")[-1].strip()]
    finally:
        session.close()
    return [solo("status", str(path)).out.split(" — ")[0], *inside,
            solo("stats", str(path)).out.splitlines()[0],
            re.search(r"(?m)^title: (.*)", md)[1], re.search(r"(?m)^# (.*)", md)[1],
            re.search(r"<h1>(.*)</h1>", html)[1]]


@pytest.mark.parametrize("title", [("--title", "The Crypt of Ash"), ()])
@pytest.mark.parametrize("edited", ["property", "heading"])
def test_a_rename_of_either_holds_everywhere_on_a_journal_named_by_solo(tmp_path, title, edited):
    slug = "the-crypt-of-ash" if title else "a-d12-dungeon-crawl-system-crawl"
    path = _crawl(tmp_path / f"{slug}.md", *title)
    if edited == "property":  # (as Obsidian's property editor leaves it: the heading as was)
        _edit(path, r"^title: .*", "title: The Ash Vault")
    else:
        _edit(path, r"^# .*", "# The Ash Vault")
    assert _titles(path) == ["The Ash Vault"] * 7


def test_a_numbered_journal_name_still_tells_which_was_renamed(tmp_path):
    path = _crawl(tmp_path / "the-crypt-of-ash-2.md", "--title", "The Crypt of Ash")
    _edit(path, r"^title: .*", "title: The Ash Vault")
    assert set(_titles(path)) == {"The Ash Vault"}


def test_where_the_file_s_name_cannot_tell_the_heading_holds_everywhere(tmp_path):
    path = _crawl(tmp_path / "mine.md", "--title", "The Crypt of Ash")
    _edit(path, r"^title: .*", "title: The Ash Vault")
    assert set(_titles(path)) == {"The Crypt of Ash"}


def test_without_a_title_property_the_heading_is_the_title_everywhere(tmp_path):
    path = _crawl(tmp_path / "mine.md", "--title", "The Crypt of Ash")
    _edit(path, r"^title: .*\n", "")
    assert set(_titles(path)) == {"The Crypt of Ash"}
    _edit(path, r"^# .*\n", "")
    assert set(_titles(path)) == {"mine"}  # (with neither: the file's name)


def test_agreeing_titles_read_exactly_as_the_property_says(tmp_path):
    """A title with Markdown in it: the heading holds it escaped, the property as typed."""
    path = _crawl(tmp_path / "mine.md", "--title", "Ash <b> & a*b*")
    assert solo("stats", str(path)).out.splitlines()[0] == "Ash <b> & a*b*"
