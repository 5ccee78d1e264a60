"""A file that holds no table is refused where a tables file is expected (``solo check``,
``solo new --tables``), in one line saying what was expected; a note without a table in the
player's oracles folder is passed over, as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.fake_env import solo

OMENS = "## Omens\n\n| d6 | Omen |\n|----|------|\n| 1-3 | a crow |\n| 4-6 | a candle |\n"
NO_TABLE = "no dice table here: expected a Markdown table whose first header cell names the dice"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _journal() -> str:
    made = solo("new", "journal.md", "--system", "d12-tension", "--seed", "1",
                stdin="enter 1\nThe hall is | cold | and | dark |.\n")
    assert made.code == 0, made.err
    return "journal.md"


@pytest.mark.parametrize("name, text", [("empty.md", ""), ("hello.md", "hello world\n"),
                                        ("other.md", "| a | b |\n|---|---|\n| 1 | 2 |\n")])
def test_check_refuses_markdown_without_a_dice_table(name, text):
    Path(name).write_text(text, encoding="utf-8")
    done = solo("check", name)
    assert done.code == 1 and done.out == ""
    assert done.error_line() == f"solo: error: {name}: {NO_TABLE}, such as | d6 | Result |"


def test_check_refuses_a_journal_and_passes_real_tables():
    journal = _journal()
    Path("omens.md").write_text(OMENS, encoding="utf-8")
    done = solo("check", journal, "omens.md")
    assert done.code == 1
    assert done.out == "omens.md: ok (tables)\n"
    assert NO_TABLE in done.error_line()


@pytest.mark.parametrize("name, text, says", [
    ("hello.md", "hello world\n", NO_TABLE),
    ("empty.md", "", NO_TABLE),
    ("notes.yaml", "hello world\n", "expected 'kind:' to be procedure, tables"),
    ("empty-tables.yaml", "kind: tables\ntables: {}\n", "expected a mapping of table names"),
])
def test_new_refuses_tables_files_without_a_table(name, text, says):
    Path(name).write_text(text, encoding="utf-8")
    done = solo("new", "j.md", "--system", "d12-tension", "--tables", name)
    assert done.code == 1 and says in done.error_line()
    assert not Path("j.md").exists()


def test_new_refuses_a_procedure_as_a_tables_file():
    from solo.rules.catalog import system_files

    done = solo("new", "j.md", "--system", "d12-tension", "--tables",
                str(system_files()["classic"]))
    assert done.code == 1
    assert "expected a tables file (kind: tables, or Markdown dice tables), not a procedure " \
        "file" in done.error_line()
    assert not Path("j.md").exists()


def test_a_note_without_a_table_in_the_oracles_folder_is_passed_over():
    oracles = Path(os.environ["XDG_CONFIG_HOME"]) / "solo" / "oracles"
    oracles.mkdir(parents=True)
    (oracles / "notes.md").write_text("What I keep in mind.\n", encoding="utf-8")
    done = solo("new", "j.md", "--system", "d12-tension", "--seed", "1", stdin="enter 1\n")
    assert done.code == 0, done.err


def test_markdown_tables_given_to_new_are_rolled_and_kept_on_resuming():
    Path("omens.md").write_text(OMENS, encoding="utf-8")
    done = solo("new", "j.md", "--system", "d12-tension", "--seed", "1", "--tables",
                "omens.md", stdin="table omens\n")
    assert done.code == 0, done.err
    again = solo("play", "j.md", stdin="table omens\n")
    assert again.code == 0, again.err
    rolled = [line for line in Path("j.md").read_text(encoding="utf-8").splitlines()
              if line.startswith("tbl: Omens d6=")]
    assert len(rolled) == 2


def test_a_moved_procedure_or_tables_file_is_named_with_what_to_do():
    assert solo("new-procedure", "mine").code == 0
    assert solo("new", "m.md", "--system", "mine.yaml").code == 0
    Path("omens.md").write_text(OMENS)
    assert solo("new", "t.md", "--system", "d12-tension", "--tables", "omens.md").code == 0
    Path("mine.yaml").rename("x.yaml")
    Path("omens.md").rename("y.md")
    for journal, key, what, name in (("m.md", "system", "procedure", "mine.yaml"),
                                     ("t.md", "tables", "tables", "omens.md")):
        for command in ("play", "status", "odds"):  # (export needs neither)
            done = solo(command, journal)
            assert done.code == 1, (journal, command)
            assert done.error_line() == (
                f"solo: error: {journal}: the {what} file its front matter names ({key}: "
                f"{Path(name).resolve()}) is missing; put it back there, or edit '{key}:' to "
                "name where it is now")
    Path("x.yaml").rename("mine.yaml")
    assert solo("play", "m.md", stdin="The hall.\n").code == 0
