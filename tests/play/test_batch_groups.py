"""Batch play saves its entries in groups (one fsync for up to solo.play.batch.GROUP lines, and
before every wait for input), and prints a line's reply only once its group is on disk.
What a player or a driving program sees must not change: the same replies in the same
order, the same journal, an answer to every line before solo waits for the next, and
nothing shown as played that is not saved."""

from __future__ import annotations

import errno
import io
import os
import queue
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from solo.play.batch import GROUP, run_batch
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here

SCRIPT = ["light torch", "enter 2", "We reach a flooded stair.", "enter 3", "ask Is it deep?",
          "entr 2", "enter 2", "undo", "roll 2d6", "noise", "status", "enter 4"]


def new_journal(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return create_journal_file(str(folder / "j.md"), "d12-tension", "Groups", 11, [])


def play(path: Path, lines, group: int = GROUP) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    session = Session(path)
    try:
        code = run_batch(session, lines, out, err, group=group)
    finally:
        session.close()
    return code, out.getvalue(), err.getvalue()


def test_grouped_saving_changes_nothing_the_player_sees(tmp_path: Path, monkeypatch):
    """Played in groups or one fsync a line, the same script gives the same replies, the
    same errors and a byte-identical journal."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    lines = [f"{line}\n" for line in SCRIPT * 14]  # 168 lines: more than two groups
    one, grouped = new_journal(tmp_path / "one"), new_journal(tmp_path / "grouped")
    by_line = play(one, lines, group=1)
    in_groups = play(grouped, lines)
    assert by_line[0] == in_groups[0] == 1  # "entr 2" is a typo each time
    assert by_line[1] == in_groups[1] and by_line[1].count("@ enter 2") == 28
    assert by_line[2] == in_groups[2] and by_line[2].count("solo: error: line ") == 14
    assert one.read_bytes() == grouped.read_bytes()


def _lines_until(stream, found: queue.Queue) -> None:
    for line in iter(stream.readline, b""):
        found.put(line.decode())
    found.put(None)






def test_a_failed_fsync_takes_the_unsaved_lines_back_and_stops(tmp_path: Path, monkeypatch):
    """The disk fails the second group's fsync: that group's entries are taken back out of
    the journal, none of its replies is shown, one line says which lines were not saved,
    and the journal resumes at the end of the first group."""
    path = new_journal(tmp_path)
    session = Session(path)
    real_fsync, calls = os.fsync, []

    def failing_fsync(fd: int) -> None:
        if fd == session.journal.fd:
            calls.append(fd)
            if len(calls) == 2:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", failing_fsync)
    out, err = io.StringIO(), io.StringIO()
    try:
        code = run_batch(session, ["enter 2\n"] * (3 * GROUP), out, err)
    finally:
        session.close()
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert code == 1
    assert out.getvalue().count("@ enter 2") == GROUP
    errors = err.getvalue().splitlines()
    assert errors == [f"solo: error: lines {GROUP + 1}-{2 * GROUP} not saved, and play "
                      f"stopped there: could not save to {path}: Input/output error; they "
                      "are not in the journal, play them again once that is fixed"]
    assert resume(path).state.turn == GROUP
    assert path.read_text().count('"cmd":"enter 2"') == GROUP
    again = run_here("play", str(path), cwd=tmp_path, stdin="enter 2\n")
    assert again.returncode == 0, again.stderr
    assert resume(path).state.turn == GROUP + 1


def _then(lines: list[str], action) -> Iterator[str]:
    """``lines``, then ``action()`` once solo asks for the line after the last."""
    yield from lines
    action()


@pytest.mark.parametrize("copy", ["current", "stale"])
def test_an_editor_replacing_the_file_before_the_group_is_saved(tmp_path: Path, copy: str):
    """An editor saves by rename after solo wrote a group's entries but before their fsync
    (with the file as it is, or with a copy older than the group): the group's entries end
    up once each in the file at the path, after the player's edit, and solo says so."""
    path = new_journal(tmp_path)
    stale = path.read_text()

    def editor_saves() -> None:
        text = (path.read_text() if copy == "current" else stale) + "\nThe player's note.\n"
        (tmp_path / ".j.md.tmp").write_text(text)
        os.replace(tmp_path / ".j.md.tmp", path)

    code, out, err = play(path, _then(["enter 2\n"] * 10, editor_saves))
    assert code == 0, err
    assert out.count("@ enter 2") == 10 and "changed on disk by another program" in out
    text = path.read_text()
    assert "The player's note." in text and text.count('"cmd":"enter 2"') == 10
    assert resume(path).state.turn == 10
    again = run_here("play", str(path), cwd=tmp_path, stdin="enter 2\n")
    assert again.returncode == 0, again.stderr  # the lock followed the file


def test_lines_after_quit_are_counted_on_stderr_not_played(tmp_path: Path):
    path = new_journal(tmp_path)
    code, out, err = play(path, io.BytesIO(b"quit\nlinger\n\nThe party rests here.\n"))
    assert code == 0 and out.startswith("Saved.")
    assert err == "solo: quit at line 1: the 2 lines after it were not played\n"
    assert "linger" not in path.read_text() and "rests here" not in path.read_text()
    assert play(path, io.BytesIO(b"quit\n\n"))[2] == ""


def test_quit_does_not_wait_for_lines_still_to_come(tmp_path: Path):
    path = new_journal(tmp_path)
    read, write = os.pipe()
    os.write(write, b"quit\nlinger\n")
    done = threading.Event()
    closer = threading.Thread(target=lambda: (done.wait(60), os.close(write)))
    closer.start()  # the writer stays there until play is over (or a minute, if it waited)
    try:
        with open(read, "rb") as piped:
            code, _, err = play(path, piped)
    finally:
        done.set()
        closer.join()
    assert code == 0
    assert err == "solo: quit at line 1: the lines after it (1 so far) were not played\n"
