"""Keys at the prompt around a line handed back, a die asked for and a reply printing: what
Ctrl-D and Ctrl-C do there (a QA pass on a real terminal), driven through a pipe."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from solo.play.repl import run_interactive
from solo.play.session import Session
from solo.play.start import create_journal_file


def _session(tmp_path: Path, dice: str = "solo") -> Session:
    return Session(create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Keys", 14, [],
                                       dice=dice))


def _drive(session: Session, keys: str, output: PlainTextOutput | None = None
           ) -> tuple[int, str]:
    """``keys`` typed at the prompt: the exit code and what the screen showed."""
    screen = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # then the end of input: a test can never hang
        with create_app_session(input=pipe, output=DummyOutput()):
            code = run_interactive(session, input=pipe,
                                   output=output or PlainTextOutput(screen))
    shown = (output.stdout if output else screen).getvalue()  # type: ignore[attr-defined]
    return code, shown.replace("\r\n", "\n")


def _played(tmp_path: Path, keys: str, dice: str = "solo") -> tuple[int, str, str]:
    """``keys`` typed at a new journal's prompt: the exit code, the screen, the journal."""
    session = _session(tmp_path, dice=dice)
    try:
        code, screen = _drive(session, keys)
        return code, screen, session.path.read_text()
    finally:
        session.close()


def test_ctrl_d_on_a_refused_line_handed_back_saves_and_quits(tmp_path: Path):
    """The refused line came back in the input and Ctrl-D did nothing; what was typed next
    was glued onto it (``go R9quit``)."""
    code, screen, text = _played(tmp_path, "enter 3\rgo R9\r\x04The hall is cold.\r")
    assert code == 0
    assert ("solo: error: no room 'R9' on the map; 'rooms' lists them; the line is back in "
            "the input to edit (Ctrl-C clears it)") in screen
    assert "Not played: the line handed back.\nSaved. Resume with: solo play" in screen
    assert "R9The" not in screen and "go R9" not in text and "The hall" not in text
    assert "@ enter 3" in text


def test_ctrl_d_on_the_lines_of_a_paste_handed_back_saves_and_quits(tmp_path: Path):
    code, screen, _ = _played(tmp_path,
                              "enter 3\r\x1b[200~go R9\nThe hall is dark.\x1b[201~\r\x04")
    assert code == 0
    assert "the lines are back in the input to edit (Ctrl-C clears it)" in screen
    assert "Not played: the lines handed back.\nSaved." in screen


def test_ctrl_d_at_the_end_of_a_line_typed_says_how_to_quit(tmp_path: Path):
    """Where Ctrl-D deletes nothing (the cursor at the end of the line), one line says what
    it does and how to clear the line; the line stays as typed."""
    code, screen, text = _played(tmp_path, "The hall\x04\x1b[D\x04\x03\x04")
    assert code == 0
    hint = "solo: Ctrl-D saves and quits at an empty line; Ctrl-C clears this one"
    assert screen.count(hint) == 1  # (not where Ctrl-D deletes the letter after)
    assert "Saved. Resume with" in screen and "The hal" not in text


def test_ctrl_c_while_a_reply_prints_says_the_journal_is_saved_and_exits_130(tmp_path: Path):
    """A Ctrl-C while the reply of a line played was printing fell past the REPL: exit 130
    without 'Saved. Resume with'."""
    class Interrupted(PlainTextOutput):
        def write(self, data: str) -> None:
            if "@ enter 3" in data:
                raise KeyboardInterrupt  # Ctrl-C as the reply prints
            super().write(data)

    session = _session(tmp_path)
    screen = io.StringIO()
    try:
        try:
            code, _ = _drive(session, "enter 3\rlinger\r", Interrupted(screen))
        except KeyboardInterrupt:  # (as a failure of this test, not the end of the run)
            pytest.fail("the Ctrl-C went past the REPL")
        text = session.path.read_text()
    finally:
        session.close()
    assert code == 130
    assert f"Saved. Resume with: solo play {session.path}" in screen.getvalue()
    assert "@ enter 3" in text and "linger" not in text


def test_ctrl_d_at_a_die_stops_the_command_as_ctrl_c_does(tmp_path: Path):
    """At a terminal Ctrl-D at a die said 'the input ended', then play went on."""
    code, screen, text = _played(tmp_path, "roll d10\r\x04\x04", dice="physical")
    assert code == 0
    assert ("solo: stopped (Ctrl-D) while solo waited for a d10; nothing was recorded; the "
            "line is back in the input to edit (Ctrl-C clears it)") in screen
    assert "input ended" not in screen and "Roll d10" not in text
