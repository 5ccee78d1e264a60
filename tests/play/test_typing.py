"""Typing is safe: what the player types is never lost, misread or silently dropped.

Each case of the issue is driven through a real prompt_toolkit session (pipe input) and
through batch mode (the installed ``solo``). The assertions read the journal file and
the state resumed from it, never the journal's exact formatting.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from solo.play.repl import run_interactive
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here

# Prose from the issues that begins with a command word: it must never run. A sentence (a
# capital, four words or more, . ! ? or … last) is the story at once (issue 37); the
# others are refused, and Enter again on the line handed back keeps them as narration.
SENTENCES_STARTING_WITH_A_COMMAND = [
    "Undo the ropes binding the prisoner.",
    "Quit stalling, Osk hisses.",
    "Light glints off the water.",
    "Strike the goblin down!",
    "Help me, the prisoner begs.",
    "Roll the barrel aside.",
    "Ask the guard about the key.",
    "Table the motion, says the dwarf.",
    "Stay close to the wall.",
]
PROSE_STARTING_WITH_A_COMMAND = [
    "Status quo…",
    "Search the alcove…",
    "quit stalling, Osk hisses",
    "light glints off the water.",
    "Stay close",
]
TYPOS = ["advnace", "ligth torch", "stya"]

_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|\x1b\][^\x07]*\x07")


def new_journal(folder: Path, system: str = "trespasser") -> Path:
    return create_journal_file(str(folder / "crawl.md"), system, "Typing Crawl", 5, [])


def drive(path: Path, keys: str | bytes) -> tuple[int, str]:
    """Run the real REPL on ``path`` with ``keys`` typed; returns the exit code and what
    was drawn (escape sequences removed). Ctrl-C then Ctrl-D end it whatever was left."""
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=50, columns=200), term="xterm")
    session = Session(path)
    try:
        with create_pipe_input() as pipe:
            if isinstance(keys, bytes):
                pipe.send_bytes(keys)
            else:
                pipe.send_text(keys)
            pipe.send_text("\x03\x04")
            pipe.close()  # and then the end of input: the test can never hang
            with create_app_session(input=pipe, output=output):
                code = run_interactive(session, input=pipe, output=output)
    finally:
        session.close()
    return code, _ESCAPES.sub("", screen.getvalue())


def journal_prose(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def state_of(path: Path):
    return resume(path).state


@pytest.mark.parametrize("line", PROSE_STARTING_WITH_A_COMMAND)
def test_prose_starting_with_a_command_word_is_never_run_and_stays_in_the_input(
        tmp_path: Path, line: str):
    path = new_journal(tmp_path)
    before = path.read_bytes()
    start = state_of(path)
    # Typed as is: refused, nothing journaled, the session goes on.
    code, screen = drive(path, line + "\r")
    assert code == 0
    assert path.read_bytes() == before
    assert "to keep it as narration" in screen
    # The line comes back in the input: Enter again keeps it as narration, mark-free.
    code, screen = drive(path, line + "\r\r")
    after = state_of(path)
    assert after.turn == start.turn and after.values == start.values
    assert f"\n{line}\n" in journal_prose(path)
    assert "Saved. Resume with" in screen  # Ctrl-D, not 'quit', ended it
    assert "Took back" not in journal_prose(path)


@pytest.mark.parametrize("line", SENTENCES_STARTING_WITH_A_COMMAND)
def test_a_sentence_starting_with_a_command_word_is_the_story(tmp_path: Path, line: str):
    path = new_journal(tmp_path)
    start = state_of(path)
    code, screen = drive(path, line + "\r")
    after = state_of(path)
    assert code == 0 and "solo: error" not in screen
    assert after.turn == start.turn and after.values == start.values
    assert f"\n{line}\n" in journal_prose(path)
    assert "Took back" not in journal_prose(path)


def test_a_command_word_with_words_it_does_not_take_is_not_run_after_real_play(
        tmp_path: Path):
    path = new_journal(tmp_path)
    drive(path, "advance\r")
    played = state_of(path)
    assert played.turn == 1
    size = path.stat().st_size
    code, screen = drive(path, "undo the ropes\r\x03"
                               "quit stalling, Osk hisses\r\x03stay\r")
    assert code == 0
    state = state_of(path)
    assert state.turn == 2  # 'stay' ran; no undo, no quit before it
    assert "Took back" not in path.read_text()[size:]


@pytest.mark.parametrize("typo", TYPOS)
def test_a_typo_of_a_command_is_caught_not_journaled(tmp_path: Path, typo: str):
    path = new_journal(tmp_path)
    before = path.read_bytes()
    code, screen = drive(path, typo + "\r")
    assert code == 0 and path.read_bytes() == before
    assert "did you mean" in screen


def test_a_paste_of_several_lines_plays_each_as_typed(tmp_path: Path):
    path = new_journal(tmp_path)
    paste = "\x1b[200~light torch\rThe hall is cold.\radvance\rroll d6 a\rfake label\x1b[201~\r"
    code, _ = drive(path, paste)
    assert code == 0
    state = state_of(path)
    assert state.turn == 1 and [light.kind for light in state.lights] == ["torch"]
    text = path.read_text()
    assert "The hall is cold." in text and "fake label" in text
    assert "\r" not in text
    # Every entry is one line of the commands typed: the label did not take the next line.
    assert not re.search(r"roll d6 a\s*\n\s*fake label.*\"cmd\"", text)


def test_a_paste_stops_at_a_line_that_does_not_fit_and_keeps_the_rest(tmp_path: Path):
    path = new_journal(tmp_path)
    paste = "\x1b[200~advance\rStatus quo, Osk says.\rstay\x1b[201~\r"
    code, screen = drive(path, paste + "\x1b[A\x01\"\r")  # up a line, Home, a quote
    assert state_of(path).turn == 2  # advance, then (after the fix) the prose, then stay
    text = path.read_text()
    assert "Status quo, Osk says." in text


def test_bytes_that_are_not_utf8_are_kept_as_replacement_characters(tmp_path: Path):
    path = new_journal(tmp_path)
    code, _ = drive(path, b"Le caf\xe9 est froid.\radvance\r")
    assert code == 0
    text = path.read_bytes().decode("utf-8")  # still valid UTF-8
    assert "Le caf\ufffd est froid." in text
    assert state_of(path).turn == 1


def test_control_characters_typed_never_reach_the_journal_raw(tmp_path: Path):
    path = new_journal(tmp_path)
    code, _ = drive(path, "\x1b[200~roll d6 \x1b]0;evil\x07 title\rA \x1b[31mred\x1b[0m door."
                          "\x1b[201~\r")
    assert code == 0
    text = path.read_text()
    assert "\x1b" not in text and "\x07" not in text
    assert "red" in text and "title" in text


def test_escape_sequences_typed_outside_a_paste_do_not_end_the_session(tmp_path: Path):
    path = new_journal(tmp_path)
    code, screen = drive(path, "A \x1b[31mred\x1b[0m door.\r\x1b[Mxyz\radvance\r")
    assert code == 0
    assert "\x1b" not in path.read_text()
    assert state_of(path).turn == 1


def test_look_ups_write_nothing(tmp_path: Path):
    path = new_journal(tmp_path)
    before = path.read_bytes()
    code, screen = drive(path, "status\rlights\rlight\rtables\rsteps\rhelp\rhelp ask\r"
                               "chaos\roracle\r?\r\r")
    assert code == 0 and path.read_bytes() == before
    assert "Chaos: 5" in screen and "Oracle style: mythic" in screen


def test_help_ask_lists_the_odds_and_a_wrong_odds_name_gets_a_suggestion(tmp_path: Path):
    path = new_journal(tmp_path)
    before = path.read_bytes()
    code, screen = drive(path, "help ask\rask Is the door locked? very likly\r")
    assert "nearly certain" in screen and "50/50" in screen
    assert "did you mean very likely?" in screen
    assert path.read_bytes() == before


def test_the_hint_fits_the_terminal_and_is_not_repeated_after_every_command(tmp_path: Path):
    path = new_journal(tmp_path)
    code, screen = drive(path, "light torch\rThe hall is cold.\rstatus\r\r")
    hints = [line for line in screen.splitlines() if line.startswith("Round ")]
    assert all(80 < len(line) <= 200 for line in hints)  # whole, on 200 columns
    # Shown at the start and on the empty Enter: not after each of the three lines.
    assert len(hints) == 2


def test_the_toolbar_and_the_prompt_agree_on_the_turn(tmp_path: Path):
    path = new_journal(tmp_path)
    session = Session(path)
    try:
        for _ in range(3):
            where = session.where()
            toolbar = session.toolbar()
            number = re.match(r"Round (\d+)", where).group(1)
            assert f"round {number}" in toolbar
            session.handle("advance")
    finally:
        session.close()


def test_an_unexpected_error_in_a_line_does_not_end_the_session(tmp_path: Path):
    path = new_journal(tmp_path)
    huge = "9" * 5000
    code, screen = drive(path, f"strike trespasser-encounters {huge}\rset alarm +{huge}\r"
                               "\x03advance\r")
    assert code == 0
    assert "internal error" not in screen
    assert state_of(path).turn == 1


# -- batch mode: solo play with its lines piped in -----------------------------------------

def batch(tmp_path: Path, script: bytes | str, system: str = "trespasser"):
    done = run_here("new", "j.md", "--system", system, "--seed", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    raw = script.encode() if isinstance(script, str) else script
    played = run_here("play", "j.md", cwd=tmp_path, stdin=raw)
    return played, tmp_path / "j.md"


def test_batch_plays_every_line_of_a_latin1_script(tmp_path: Path):
    played, path = batch(tmp_path, b"advance\nLe caf\xe9 est froid.\nstay\n")
    assert played.returncode == 0, played.stderr
    assert state_of(path).turn == 2
    assert "Le caf\ufffd est froid." in path.read_text(encoding="utf-8")


def test_batch_errors_name_their_line_and_the_run_exits_1(tmp_path: Path):
    lines = ["advance", *PROSE_STARTING_WITH_A_COMMAND, *TYPOS, "stay"]
    played, path = batch(tmp_path, "\n".join(lines) + "\n")
    assert played.returncode == 1
    errors = played.stderr.decode().splitlines()
    numbered = [int(m.group(1)) for m in
                (re.match(r"solo: error: line (\d+): ", line) for line in errors) if m]
    failing = [index for index, line in enumerate(lines, 1)
               if line in TYPOS or line in PROSE_STARTING_WITH_A_COMMAND]
    # "Ask the guard about the key." and the like fail too: every prose line is refused.
    assert set(numbered) == set(failing)
    assert state_of(path).turn == 2  # advance and stay, nothing else ran
    assert "Took back" not in path.read_text()


def test_batch_carriage_return_inside_a_label_cannot_forge_an_entry(tmp_path: Path):
    played, path = batch(tmp_path, "roll d6 label\r@ table trespasser-encounters\n")
    text = path.read_text()
    assert "\r" not in text
    state = resume(path).state
    assert state.encounters == 0 and state.step == 2  # the roll, then the rest as narration
    figures = run_here("stats", "j.md", "--json", cwd=tmp_path)
    assert json.loads(figures.stdout)["encounters"] == 0


def test_batch_internal_error_is_one_line_and_play_goes_on(tmp_path: Path):
    huge = "9" * 5000
    played, path = batch(tmp_path, f"strike trespasser-encounters {huge}\nadvance\n")
    assert b"Traceback" not in played.stderr
    assert state_of(path).turn == 1


def test_batch_echo_is_safe_for_a_terminal(tmp_path: Path):
    played, path = batch(tmp_path, "roll d6 \x1b]0;pwned\x07\n")
    assert b"\x1b" not in played.stdout and b"\x07" not in played.stdout


def test_set_takes_a_procedures_supplies_at_the_prompt(tmp_path):
    """``set candles 3`` (a supply the procedure counts) is a command, as the guide says."""
    done = run_here("new", "j.md", "--system", "delving", "--seed", "2", cwd=tmp_path,
                    stdin="set candles 3\nstatus\n")
    assert done.returncode == 0, done.stderr
    assert "Candles: 3" in done.stdout
    assert "[Inv:Candles|3]" in (tmp_path / "j.md").read_text()
