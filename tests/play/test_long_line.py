"""A long line at the prompt (issue 40, fault 5): a paste the terminal does not bracket is
read as one paste, and a line is held to 64 KiB, the player told once. The memory itself is
measured through a real pty by bench/bench_long_line.py."""

from __future__ import annotations

import io
import re
import threading
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys
from prompt_toolkit.output.vt100 import Vt100_Output

from solo.play.long_lines import LIMIT, RUN, TOO_LONG, _runs
from solo.play.repl import run_interactive
from solo.play.session import Session
from solo.play.start import create_journal_file


def drive(path: Path, keys: str) -> str:
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")
    session = Session(path)
    try:
        with create_pipe_input() as pipe:
            def send() -> None:  # more than a pipe holds: written as the REPL reads
                pipe.send_text(keys)
                pipe.close()

            sender = threading.Thread(target=send)
            sender.start()
            with create_app_session(input=pipe, output=output):
                assert run_interactive(session, input=pipe, output=output) == 0
            sender.join()
    finally:
        session.close()
    return re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]", "", screen.getvalue())


def narration(path: Path) -> list[str]:
    """The journal's prose lines of some length (the narration), in order."""
    text = re.sub(r"<!-- solo .*? -->", "", path.read_text())
    return [line for line in text.splitlines() if len(line) > 40 and not line.startswith("*")]


def test_a_long_unbracketed_paste_keeps_64_kib_and_says_so_once(tmp_path):
    path = create_journal_file(str(tmp_path / "j.md"), "trespasser", "Long", 1, [])
    words = ("We wait by the door and listen. " * 4000)[:100_000]
    screen = drive(path, words + "\r" + words[:70_000] + "\r\x04")
    kept = narration(path)
    assert [len(line) for line in kept] == [LIMIT - 1, LIMIT - 1]  # the last space stripped
    assert kept[0] == words[:LIMIT].strip()
    assert screen.count(TOO_LONG[:40]) == 1


def test_typing_still_goes_key_by_key(tmp_path):
    path = create_journal_file(str(tmp_path / "j.md"), "trespasser", "Short", 1, [])
    drive(path, "light torch\radvance\rThe hall is cold and wet.\r\x04")
    text = path.read_text()
    assert "@ light torch" in text and "@ advance" in text
    assert "\nThe hall is cold and wet.\n" in text


def presses(text: str) -> list[KeyPress]:
    return [KeyPress(Keys.ControlM, "\r") if char == "\r" else KeyPress(char, char)
            for char in text]


def test_a_fast_run_of_characters_is_one_paste_and_enter_stays_a_key():
    long = "x" * RUN
    keys = _runs(presses("ab\r" + long + "\r" + "cd"))
    assert [press.key for press in keys] == ["a", "b", Keys.ControlM, Keys.BracketedPaste,
                                             Keys.ControlM, "c", "d"]
    assert keys[3].data == long
    assert _runs(presses("short")) == presses("short")
