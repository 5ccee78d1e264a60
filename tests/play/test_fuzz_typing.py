"""Fuzzing what the player types, through batch mode (``solo play``, in-process) and the real
REPL (a prompt_toolkit session on pipe input), for every shipped procedure.

Lines mix real commands with random and huge (5,000-digit) arguments, bytes that are not
UTF-8, encoded surrogates, control characters and escape sequences, and multi-line pastes
joined by every line separator. The promise: zero internal errors, the session goes on to
the last line, and the journal stays valid UTF-8 with no raw control character, resuming
cleanly. 300 lines per procedure and mode in the full profile, a quarter by default;
``SOLO_FUZZ_SCALE`` multiplies the line counts (5 gives over 10,000 lines).
"""

from __future__ import annotations

import io
import random
import re
import threading
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from solo.play.commands_table import command_words
from solo.play.line import split_lines
from solo.play.repl import run_interactive
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules.catalog import load_world, system_ids
from tests.fake_env import run_here
from tests.suite_profile import scaled

LINES = max(50, scaled(300))  # per procedure, per mode (tests/suite_profile.py)
HUGE = "9" * 5000
SEPARATORS = ["\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "\r\n"]
NASTY = ["\x1b]0;pwned\x07", "\x1b[31m", "\x1b[2J", "\x00", "\x7f", "\x9b", "\t", "\u202e",
         "\ufeff", "\x08"]
BAD_BYTES = [b"\xe9", b"\xff\xfe", b"\xed\xa0\x80", b"\xc3", b"\x80\x80", b"\xf4\x90\x80\x80"]

_RAW_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\ud800-\udfff]")


def _arguments(world) -> list[str]:
    procedure = world.procedure
    words = [choice for action in procedure.actions.values() for arg in action.args
             for choice in arg.choice_names]
    words += list(procedure.lights) + list(procedure.trackers) + list(procedure.settings)
    words += world.table_names() + sorted(world.styles)
    words += ["1", "0", "-1", "12", "2d6", "d20+3", "4d6kh3", "?", "likely", "follow", "x",
              "=", "name=3", HUGE, f"+{HUGE}", f"-{HUGE}", f"{HUGE}d6", f"d{HUGE}",
              f"pace={HUGE}", "Is it locked?", "nonsense?", "true"]
    return words


def fuzz_lines(world, rng: random.Random, count: int) -> list[bytes]:
    """``count`` input lines (as bytes, without their newline)."""
    commands = [word for word in command_words(world.procedure) if word not in ("quit", "exit")]
    arguments = _arguments(world)

    def command() -> str:
        words = [rng.choice(commands)] + [rng.choice(arguments) for _ in range(rng.randint(0, 3))]
        return " ".join(words)

    def prose() -> str:
        return rng.choice(["The hall is cold.", "Light glints off the water.",
                           "Undo the ropes.", "Quit stalling!", "advnace", "stya", "ligth t",
                           "« Où est la clé ? »", "🗝️ a key", "@ table x", "=> forged",
                           "<!-- solo {} -->", "```", "## Turn 99", "> quoted"])

    def text_line() -> str:
        line = command() if rng.random() < 0.6 else prose()
        if rng.random() < 0.3:
            cut = rng.randint(0, len(line))
            line = line[:cut] + rng.choice(NASTY) + line[cut:]
        return line

    lines: list[bytes] = []
    while len(lines) < count:
        roll = rng.random()
        if roll < 0.15:  # a paste of several lines, joined by an odd separator
            parts = [text_line() for _ in range(rng.randint(2, 4))]
            lines.append(rng.choice(SEPARATORS).join(parts).encode("utf-8"))
        elif roll < 0.3:  # bytes that are not UTF-8 (an encoded surrogate among them)
            line = text_line().encode("utf-8")
            cut = rng.randint(0, len(line))
            lines.append(line[:cut] + rng.choice(BAD_BYTES) + line[cut:])
        else:
            lines.append(text_line().encode("utf-8"))
    return lines


def _check_journal(path: Path) -> None:
    text = path.read_bytes().decode("utf-8")  # valid UTF-8, or this raises
    body = text.split("\n---\n", 1)[-1]
    assert not _RAW_CONTROL.search(body), "a raw control character reached the journal"
    state = resume(path).state
    session = Session(path)
    try:
        assert session.state == state
    finally:
        session.close()


SYSTEMS = system_ids()


@pytest.mark.parametrize("system", SYSTEMS)
def test_batch_mode_survives_every_fuzzed_line(system: str, tmp_path: Path):
    world = load_world(system)
    lines = fuzz_lines(world, random.Random(f"batch:{system}"), LINES)
    path = create_journal_file(str(tmp_path / "j.md"), system, "Fuzz", 7, [])
    script = b"\n".join(lines) + b"\n"
    done = run_here("play", str(path), cwd=tmp_path, stdin=script)
    errors = done.stderr.decode("utf-8", errors="replace")
    assert done.returncode in (0, 1), errors[-2000:]
    assert "internal error" not in errors and "Traceback" not in errors, \
        [line for line in errors.splitlines() if "internal" in line][:3]
    assert b"\x1b" not in done.stdout and b"\x07" not in done.stdout
    # Every error names a line of the script, counted where solo cuts lines (a paste
    # joined by "\r" or "\r\n" is several lines; by U+2028, one line refused).
    numbers = [int(n) for n in re.findall(r"solo: error: line (\d+):", errors)]
    assert all(1 <= n <= len(split_lines(script)) for n in numbers)
    _check_journal(path)


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_repl_survives_every_fuzzed_line(system: str, tmp_path: Path):
    world = load_world(system)
    lines = fuzz_lines(world, random.Random(f"repl:{system}"), LINES)
    path = create_journal_file(str(tmp_path / "j.md"), system, "Fuzz", 7, [])
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=40, columns=120), term="xterm")
    session = Session(path)
    try:
        with create_pipe_input() as pipe:
            def feed() -> None:  # from a thread: the pipe holds only so much at once
                for line in lines:
                    # Each line arrives as a paste (bytes as they are), then Enter; Ctrl-C
                    # clears whatever a refused line left in the input.
                    safe = line.replace(b"\x1b[201~", b"")
                    pipe.send_bytes(b"\x1b[200~" + safe + b"\x1b[201~\r\x03")
                pipe.send_text("status\r\x04")
                pipe.close()

            feeder = threading.Thread(target=feed, daemon=True)
            feeder.start()
            with create_app_session(input=pipe, output=output):
                code = run_interactive(session, input=pipe, output=output)
            feeder.join(timeout=60)
    finally:
        session.close()
    shown = screen.getvalue()
    assert code == 0
    assert "internal error" not in shown, \
        [line for line in shown.splitlines() if "internal error" in line][:3]
    assert "Saved. Resume with" in shown  # it reached the final Ctrl-D
    _check_journal(path)
