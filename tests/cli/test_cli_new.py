"""``solo new`` in-process, where the journal cannot be made: each refusal one line, exit 1
(2 for what was typed wrong), and nothing left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solo.journal.header import TITLE_LIMIT
from tests.fake_env import solo


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")


def test_an_existing_journal_is_never_started_over():
    assert solo("new", "j.md", "--system", "classic", stdin="explore\n").code == 0
    before = Path("j.md").read_text()
    again = solo("new", "j.md", "--system", "classic", stdin="explore\n")
    assert again.code == 1
    assert again.error_line() == ("solo: error: j.md already exists; continue it with: "
                                  "solo play j.md")
    assert Path("j.md").read_text() == before


def test_an_existing_file_that_is_no_journal_is_not_sent_to_play():
    Path("notes.md").write_text("# notes\n")
    refused = solo("new", "notes.md", "--system", "d12-tension")
    assert refused.code == 1
    assert refused.error_line() == ("solo: error: notes.md already exists and is not a solo "
                                    "journal; it was left untouched: choose another name for "
                                    "the new one")
    assert Path("notes.md").read_text() == "# notes\n"


def test_a_folder_or_a_file_in_the_way_is_one_line_and_leaves_nothing():
    Path("dir.md").mkdir()
    folder = solo("new", "dir.md", "--system", "classic")
    assert folder.code == 1 and "dir.md is a folder, not a journal file" in folder.error_line()
    Path("plain").write_text("a file\n")
    below = solo("new", "plain/j.md", "--system", "classic")
    assert below.code == 1 and below.error_line() == ("solo: error: cannot create plain/j.md: "
                                                      "plain is a file, not a folder")
    assert solo("new", "plain/deeper/j.md", "--system", "classic").error_line().endswith(
        ": plain is a file, not a folder")
    assert sorted(os.listdir()) == ["dir.md", "plain"] and os.listdir("dir.md") == []


def test_a_journals_file_where_the_folder_goes_is_named_not_file_exists():
    Path("journals").write_text("a file\n")
    for args in (("new", "--system", "delving"), ()):
        done = solo(*args)
        assert done.code == 1, args
        assert done.error_line().startswith("solo: error: cannot create journals/a-"), args
        assert done.error_line().endswith(".md: journals is a file, not a folder"), args
    assert os.listdir() == ["journals"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_device_or_a_pipe_is_no_journal_to_start_nor_to_continue():
    os.mkfifo("pipe.md")
    for name in ("/dev/null", "pipe.md"):
        done = solo("new", name, "--system", "delving")
        assert done.code == 1, name
        assert done.error_line() == (f"solo: error: {name} is not a regular file (a pipe or a "
                                     "device?); a journal is a Markdown file"), name
        assert "solo play" not in done.err


def test_a_title_past_the_limit_is_refused_before_any_file():
    done = solo("new", "j.md", "--system", "classic", "--title", "x" * (TITLE_LIMIT + 1))
    assert done.code == 2 and "the title is too long" in done.error_line()
    assert not Path("j.md").exists()


@pytest.mark.parametrize("title", ["", "   "])
def test_an_empty_title_is_refused_before_any_file(title):
    """A title typed empty is refused (exit 2, one line), never swapped for the default."""
    done = solo("new", "j.md", "--system", "classic", "--title", title)
    assert done.code == 2
    assert done.error_line().startswith("solo: error: argument --title: a title cannot be "
                                        "empty; leave --title out for the default")
    assert not Path("j.md").exists()
    kept = solo("new", "k.md", "--system", "classic", "--title", " Deep Halls ")
    assert kept.code == 0 and "title: ' Deep Halls '" in Path("k.md").read_text()


def test_an_unknown_procedure_or_oracle_is_refused_before_any_file():
    system = solo("new", "j.md", "--system", "nope")
    assert system.code == 2 and "choose one of" in system.error_line()
    oracle = solo("new", "j.md", "--system", "classic", "--oracle", "tarot")
    assert oracle.code == 2 and "tarot" in oracle.error_line()
    assert not Path("j.md").exists()


@pytest.mark.parametrize(("typed", "style"), [("IRONSWORN", "ironsworn"), ("Opse", "opse")])
def test_an_oracle_typed_in_another_case_is_saved_and_played_as_that_style(typed, style):
    done = solo("new", "j.md", "--system", "delving", "--seed", "1", "--oracle", typed,
                stdin="ask Is it? likely\n")
    assert done.code == 0, done.err
    assert "unknown" not in done.err
    text = Path("j.md").read_text()
    assert f"oracle: {style}\n" in text and f"(likely, {style})" in text

def test_a_dungeon_setting_given_twice_is_refused_not_laid_over():
    twice = ("--dungeon-set", "doors=open", "--dungeon-set", "doors=barred")
    refused = solo("new", "j.md", "--system", "d12-tension", "--dungeon", "classic", *twice)
    assert refused.code == 2 and not Path("j.md").exists()
    assert refused.error_line() == ("solo: error: the dungeon setting 'doors' is given twice; "
                                    "give it once")
    assert solo("simulate", "--system", "d12-tension", "--dungeon", "classic", *twice).code == 2
    assert solo("new", "j.md", "--system", "d12-tension", "--dungeon", "classic").code == 0
    at_prompt = solo("play", "j.md", stdin="set dungeon classic doors=open doors=barred\n")
    assert at_prompt.code == 1 and "'doors' is given twice" in at_prompt.err
    assert "doors=barred" not in Path("j.md").read_text()


@pytest.mark.parametrize(("title", "name"), [
    ("Café/Ünïcode: a b", "cafe-unicode-a-b.md"), ("The ﬁre Straße", "the-fire-straße.md"),
    ("Подземелье", "подземелье.md"), ("地下牢", "地下牢.md"), ("🐉 ***", "crawl.md")])
def test_a_titles_letters_make_its_file_name(title, name):
    done = solo("new", "--system", "delving", "--title", title)
    assert done.code == 0, done.err
    assert done.err == f"New journal: journals/{name}\n"
    assert solo("play", f"journals/{name}", stdin="The hall.\n").code == 0
