"""The prompt's history belongs to one crawl: a new crawl where a deleted journal was starts
empty, and a crawl keeps its history from one sitting to the next (a QA pass on a real
terminal: the new crawl offered the old one's lines in grey)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.play.prompt_history import history, history_path
from solo.play.repl import run_interactive
from solo.play.session import Session
from solo.play.start import create_journal_file


def _sitting(path: Path, keys: str) -> Path:
    """One sitting at the prompt on the journal at ``path``: its history file."""
    session = Session(path)
    try:
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            pipe.close()
            with create_app_session(input=pipe, output=DummyOutput()):
                assert run_interactive(session, input=pipe, output=DummyOutput()) == 0
        return history_path(session)
    finally:
        session.close()


def _lines(path: Path) -> list[str]:
    session = Session(path)
    try:
        return list(history(session).load_history_strings())
    finally:
        session.close()


def test_a_new_crawl_in_a_deleted_journals_place_starts_with_no_history(tmp_path: Path):
    journal = str(tmp_path / "j.md")
    first = _sitting(create_journal_file(journal, "d12-tension", "Old", 6, []),
                     "A secret line of the first crawl.\r\x04")
    os.remove(journal)
    second = _sitting(create_journal_file(journal, "exploration", "New", 7, []), "\x04")
    assert first != second
    assert _lines(Path(journal)) == []
    assert "A secret line of the first crawl." in first.read_text()


def test_a_crawl_keeps_its_history_from_one_sitting_to_the_next(tmp_path: Path):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Crawl", 6, [])
    _sitting(path, "The first sitting.\r\x04")
    _sitting(path, "The second sitting.\r\x04")
    assert _lines(path) == ["The second sitting.", "The first sitting."]


def _old_history(path: Path, line: str, mtime: float | None = None) -> Path:
    """A history file as solo kept it before crawls were told apart: named by the path
    alone (``j-`` and the first 12 hex digits of the SHA-1 of the resolved path)."""
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
    old = Path(os.environ["XDG_STATE_HOME"]) / "solo" / "histories" / f"{path.stem}-{digest}"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(f"\n# 2023-11-15 10:00:00\n+{line}\n")
    if mtime is not None:
        os.utime(old, (mtime, mtime))
    return old


def test_the_history_of_a_crawl_played_before_crawls_were_told_apart_is_kept(tmp_path):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Crawl", 6, [])
    old = _old_history(path, "enter 3")  # written now: after the crawl was created
    assert _lines(path) == ["enter 3"]
    assert not old.exists()  # moved to the crawl's own file, read from there on


def test_an_old_history_written_before_the_crawl_began_is_not_its_own(tmp_path):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Crawl", 6, [])
    created = 1700000000  # (SOURCE_DATE_EPOCH in the tests: the crawl's 'created')
    old = _old_history(path, "A deleted crawl's line.", mtime=created - 60)
    assert _lines(path) == []
    assert old.exists()  # left alone
