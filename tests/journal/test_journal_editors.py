"""The journal is the player's file too: whatever an editor or a sync tool does to it between
(or during) sessions, solo resumes at the right state, keeps the player's edits and never
loses or misplaces an entry of its own."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here

MOVES = ["light torch", "enter 3", "noise", "enter 2", "combat-normal", "enter 4"]


def played(tmp_path: Path, moves=MOVES, name: str = "j.md") -> tuple[Path, Session]:
    """A journal played with ``moves``; returns it and the finished session's state."""
    path = tmp_path / name
    create_journal_file(str(path), "d12-tension", "Editors", 7, [])
    session = Session(path)
    try:
        for move in moves:
            session.handle(move)
        session.narrate("The stair ends in black water.")
    finally:
        session.close()
    return path, session


def resumes_to(path: Path, state) -> None:
    again = Session(path)
    try:
        assert again.state == state
        assert not again.notices, again.notices
        again.handle("enter 2")  # and play goes on
    finally:
        again.close()
    assert resume(path).state.turn == state.turn + 1


def test_crlf_line_ends(tmp_path: Path):
    path, session = played(tmp_path)
    path.write_bytes(path.read_bytes().replace(b"\n", b"\r\n"))
    resumes_to(path, session.state)
    assert b"\n" not in path.read_bytes().replace(b"\r\n", b"")  # solo wrote CRLF too
    assert run_here("stats", str(path), cwd=tmp_path).returncode == 0


def test_a_byte_order_mark(tmp_path: Path):
    path, session = played(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    resumes_to(path, session.state)
    listed = run_here("stats", str(path), cwd=tmp_path)
    assert listed.returncode == 0 and "Editors" in listed.stdout


def test_trailing_spaces_stripped_and_last_newline_missing(tmp_path: Path):
    path, session = played(tmp_path)
    text = "\n".join(line.rstrip() for line in path.read_text().split("\n")).rstrip("\n")
    path.write_text(text)
    resumes_to(path, session.state)
    assert "\n\n## Session 2" in path.read_text()  # the next entry starts on its own line


def test_a_reformatted_and_reindented_record(tmp_path: Path):
    path, session = played(tmp_path)
    text = path.read_text()
    last = re.findall(r"^<!-- solo (.*) -->$", text, re.M)[-1]
    pretty = "  <!-- solo\n" + json.dumps(json.loads(last), indent=4) + "\n  -->"
    path.write_text(text.replace(f"<!-- solo {last} -->", pretty))
    resumes_to(path, session.state)


def test_prose_added_anywhere_and_a_typo_fixed_stay(tmp_path: Path):
    path, session = played(tmp_path)
    text = path.read_text().replace("black water", "black wter")  # the typo, then its fix
    text = text.replace("## Session 1\n", "## Session 1\n\nWe set out at dawn.\n", 1)
    path.write_text(text.replace("black wter", "dark water") + "\nA note at the end.\n")
    resumes_to(path, session.state)
    after = path.read_text()
    assert "We set out at dawn." in after and "dark water" in after
    assert "A note at the end." in after


def test_an_editor_saving_by_rename_during_a_session(tmp_path: Path):
    """The editor writes a new file (with the player's edit) and renames it over the journal
    while solo holds the old one open: solo follows the path and loses nothing."""
    path, _ = played(tmp_path)
    session = Session(path)
    try:
        session.handle("enter 2")
        edited = path.read_text() + "\nA line the player added in the editor.\n"
        temp = tmp_path / ".j.md.swp"
        temp.write_text(edited)
        os.replace(temp, path)  # the old file is now unlinked; solo still holds it
        reply = session.handle("linger 1")
        assert any("changed on disk" in line for line in reply.lines)
        session.handle("enter 1")
        state = session.state
        # the lock moved with the file: a second session on the path is refused
        with pytest.raises(JournalError, match="already open"):
            Session(path)
    finally:
        session.close()
    text = path.read_text()
    assert "A line the player added in the editor." in text
    assert resume(path).state == state
    assert text.count('"cmd":"linger 1"') == 1 and text.count('"cmd":"enter 1"') == 1


def test_an_editor_with_a_stale_copy_overwriting_solos_entries(tmp_path: Path):
    """The editor opened the journal before solo's last entries and saves its old copy over
    it: solo puts its own missing entries back after the player's text."""
    path, _ = played(tmp_path)
    stale = path.read_text()
    session = Session(path)
    try:
        session.handle("enter 2")
        session.narrate("Solo wrote this; the stale copy lacks it.")
        path.write_text(stale + "\nThe player's edit in the stale copy.\n")  # in place
        session.handle("enter 3")
        state = session.state
    finally:
        session.close()
    text = path.read_text()
    assert "The player's edit in the stale copy." in text
    assert "Solo wrote this; the stale copy lacks it." in text
    assert resume(path).state == state
    steps = [json.loads(body)["step"] for body in re.findall(r"^<!-- solo (.*) -->$", text,
                                                                re.M)]
    assert steps == sorted(set(steps)), "an entry was written twice or out of order"


@pytest.mark.parametrize(("cut", "strip"), [("### S", False), ("### S", True),
                                             ("@ enter 2", False)],
                         ids=["at the scene heading", "trailing newlines stripped",
                              "inside the fence"])
def test_an_entry_cut_away_after_its_session_heading_is_put_back_with_one_heading(
        tmp_path: Path, cut: str, strip: bool):
    """The player deletes the sitting's first entry from its scene heading on while solo
    plays: solo puts the entry back, and its session heading (which the file kept) stands
    once, the session snapshot too."""
    path, _ = played(tmp_path)
    session = Session(path)
    try:
        session.handle("enter 2")
        text = path.read_text()
        kept = text[:text.rindex(cut)]
        path.write_text(kept.rstrip("\n") if strip else kept)
        session.narrate("The torch burns low.")
        session.handle("enter 3")
        state = session.state
    finally:
        session.close()
    text = path.read_text()
    assert text.count("## Session 2\n") == 1 and text.count("[DUNGEON STATUS]") == 1
    assert text.count('"cmd":"enter 2"') == 2  # the first sitting's and this one's
    assert "\n\n\n\n" not in text
    assert resume(path).state == state


def test_a_journal_deleted_during_a_session_is_put_back(tmp_path: Path):
    path, _ = played(tmp_path)
    session = Session(path)
    try:
        session.handle("enter 2")
        path.unlink()
        session.handle("enter 3")
        state = session.state
    finally:
        session.close()
    assert resume(path).state == state


# -- journals written by the first version ---------------------------------------------------
FORMAT_1 = Path(__file__).resolve().parents[1] / "data" / "format1-trespasser.md"


def test_a_format_1_journal_resumes_counts_and_exports(tmp_path: Path):
    path = tmp_path / "old.md"
    path.write_bytes(FORMAT_1.read_bytes())
    before = json.loads(run_here("stats", str(path), "--json", cwd=tmp_path).stdout)
    # the figures the first version's report gave for this crawl
    assert (before["turns"], before["encounters"]) == (8, 2)
    assert (before["danger"]["start"], before["danger"]["peak"], before["danger"]["end"]) \
        == (0, 3, 1)
    last = resume(path).state
    played = run_here("play", str(path), cwd=tmp_path, stdin="advance\nWe go on.\nstatus\n")
    assert played.returncode == 0, played.stderr
    assert "Rounds played: 9" in played.stdout
    text = path.read_text()
    assert text.startswith(FORMAT_1.read_text())  # nothing of the old entries rewritten
    assert "\n## Session 1\n" in text and "\n### S9 *Round 9" in text
    assert resume(path).state.turn == last.turn + 1
    after = json.loads(run_here("stats", str(path), "--json", cwd=tmp_path).stdout)
    assert after["turns"] == 9 and after["encounters"] >= 2
    exported = run_here("export", str(path), cwd=tmp_path)
    assert exported.returncode == 0 and "<!--" not in exported.stdout
    assert "We go on." in exported.stdout
