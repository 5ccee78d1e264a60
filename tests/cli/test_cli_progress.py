"""Long runs at a terminal: ``solo simulate`` and ``solo export`` say how far they have got.

At a terminal, a run that goes on over a second shows one progress line on stderr, redrawn
in place and wiped at the end; when stderr is not a terminal nothing shows. The figures and
reports are the same either way. Ctrl-C stops a run with one line on stderr and exit code
130, no traceback, and an export to a file leaves no file behind, whole or half-written.

In-process runs get a clock that moves (``fake_env``'s stands still) and a stderr that is
a terminal; Ctrl-C is a KeyboardInterrupt raised where a real one could land. One run is a
real process on a pty, sent SIGINT.
"""

from __future__ import annotations

import itertools
import os
import select
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from solo.cli.progress import DELAY, WIDTH, WIPE
from solo.engine.simulate import simulate
from solo.environment import Environment
from solo.rules.catalog import load_world
from tests.fake_env import CLOCK, fake_env, solo


def ticking(step: float) -> Callable[[], float]:
    """A clock that moves ``step`` seconds each time it is read."""
    times = itertools.count(CLOCK, step)
    return lambda: next(times)


def at_terminal(clock: Callable[[], float], stdin: str = "") -> Environment:
    """stdin and stdout piped, stderr a terminal, the clock given."""
    return fake_env(stdin).replace(stderr_isatty=True, clock=clock)


def progress_lines(err: str) -> list[str]:
    """The progress lines drawn on stderr (each begins with the wipe)."""
    return [piece for piece in err.split(WIPE) if piece and "\n" not in piece]


SIMULATE = ("simulate", "--system", "classic", "--turns", "30000", "--seed", "5")


def test_a_long_simulate_at_a_terminal_shows_its_progress_and_wipes_it():
    plain = solo(*SIMULATE)
    shown = solo(*SIMULATE, env=at_terminal(ticking(0.3)))
    assert shown.code == plain.code == 0
    assert shown.out == plain.out  # the same figures
    lines = progress_lines(shown.err)
    assert lines and lines[0].startswith("simulate: ") and lines[-1].endswith("%)")
    assert "of 30,000 turns" in lines[0]
    counts = [int(line.split()[1].replace(",", "")) for line in lines]
    assert counts == sorted(counts) and 0 < counts[-1] < 30000
    assert shown.err.endswith(WIPE)  # nothing left on the line for the next prompt
    assert all(len(line) <= WIDTH for line in lines)


@pytest.mark.parametrize("where", ["stderr piped", "stderr a terminal, run short"])
def test_nothing_shows_when_piped_or_quick(where: str):
    if where == "stderr piped":
        env = fake_env().replace(clock=ticking(10.0), stdout_isatty=True)
    else:
        env = at_terminal(ticking(DELAY / 1000))  # the whole run well under a second
    done = solo(*SIMULATE, env=env)
    assert done.code == 0 and done.err == ""
    assert done.out == solo(*SIMULATE).out


@pytest.mark.parametrize("system, script, turns, takes_time", [
    ("classic", [], 10000, True),
    ("delving", ["move walk", "move run"], 9001, True),  # actions of other lengths
    ("trespasser", ["advance", "hide"], 5000, True),
    ("d12-tension", ["roll d6"], 7000, False),  # no time passes: as many commands as turns
])
def test_the_progress_hook_changes_no_figure(system: str, script: list[str], turns: int,
                                             takes_time: bool):
    seen: list[int] = []
    plain = simulate(load_world(system), turns, 11, script=script)
    hooked = simulate(load_world(system), turns, 11, script=script, progress=seen.append,
                      every=1000)
    assert hooked == plain
    assert seen == sorted(seen) and all(0 < count < turns for count in seen)
    if takes_time:  # told after every 1,000 turns or so (an action may take several)
        assert plain.turns == turns and len(seen) >= turns // 1000 - 2
        assert all(later - earlier < 1100 for earlier, later in zip(seen, seen[1:], strict=False))
    else:
        assert plain.commands == turns


def _journal(tmp_path: Path) -> Path:
    path = tmp_path / "j.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "3", "--title", "P",
                stdin="enter 3\nenter 2\nThe bones clatter.\nenter 4\n")
    assert done.code == 0, done.err
    return path


def test_a_long_export_at_a_terminal_says_which_part_it_is_at(tmp_path: Path):
    journal = _journal(tmp_path)
    plain = solo("export", str(journal), "-o", str(tmp_path / "plain.html"))
    shown = solo("export", str(journal), "-o", str(tmp_path / "shown.html"),
                 env=at_terminal(ticking(DELAY)))
    assert shown.code == plain.code == 0 and plain.err == ""
    assert (tmp_path / "shown.html").read_text() == (tmp_path / "plain.html").read_text()
    lines = progress_lines(shown.err)
    assert [line.split(": ", 1)[1] for line in lines] == [
        "reading", "rendering html", "writing shown.html"][-len(lines):]
    assert len(lines) >= 2 and lines[0].startswith("export /") and "…" in lines[0]
    assert lines[0].split(": ")[0].endswith("/j.md")  # a long path keeps its file's name
    assert shown.err.endswith(WIPE)


def test_a_large_journal_shows_its_export_from_the_start(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    journal = _journal(tmp_path)
    monkeypatch.setattr("solo.cli.long_runs.LONG_EXPORT", journal.stat().st_size)
    out = tmp_path / "r.md"
    shown = solo("export", str(journal), "-o", str(out), env=at_terminal(lambda: CLOCK))
    assert [line.split(": ", 1)[1] for line in progress_lines(shown.err)] == [
        "reading", "rendering md", "writing r.md"]
    monkeypatch.setattr("solo.cli.long_runs.LONG_EXPORT", journal.stat().st_size + 1)
    assert solo("export", str(journal), "-o", str(out), env=at_terminal(lambda: CLOCK)).err == ""


def test_an_export_to_the_screen_wipes_its_line_before_the_report(tmp_path: Path):
    journal = _journal(tmp_path)
    env = at_terminal(ticking(DELAY)).replace(stdout_isatty=True)
    shown = solo("export", str(journal), env=env)
    assert shown.code == 0
    assert shown.err.endswith(WIPE) and "writing" not in shown.err
    assert shown.out == solo("export", str(journal)).out


class Interrupting:
    """A clock that raises KeyboardInterrupt (Ctrl-C) when read the ``at``-th time."""

    def __init__(self, at: int) -> None:
        self.at, self.reads = at, 0

    def __call__(self) -> float:
        self.reads += 1
        if self.reads == self.at:
            raise KeyboardInterrupt
        return CLOCK + self.reads * DELAY


@pytest.mark.parametrize("at", [2, 3, 4])  # reading, rendering, writing
def test_ctrl_c_during_an_export_leaves_no_file(tmp_path: Path, at: int):
    journal = _journal(tmp_path)
    out = tmp_path / "out" / "report.html"
    out.parent.mkdir()
    done = solo("export", str(journal), "-o", str(out), env=at_terminal(Interrupting(at)))
    assert done.code == 130
    assert done.err.split(WIPE)[-1] == f"solo: interrupted; {out} was not written\n"
    assert list(out.parent.iterdir()) == []


def test_ctrl_c_while_the_file_is_written_leaves_no_temp_file(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch):
    journal = _journal(tmp_path)
    out = tmp_path / "out" / "report.md"
    out.parent.mkdir()
    out.write_text("the report before\n")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("solo.cli.output.os.replace", interrupted)
    done = solo("export", str(journal), "-o", str(out))
    assert done.code == 130 and done.err == f"solo: interrupted; {out} was not written\n"
    assert list(out.parent.iterdir()) == [out] and out.read_text() == "the report before\n"


def test_ctrl_c_during_a_simulate_in_process():
    clock = Interrupting(6)
    done = solo(*SIMULATE, env=at_terminal(clock))
    assert done.code == 130 and done.out == ""
    assert done.err.split(WIPE)[-1].startswith("solo: interrupted after ")
    assert done.err.endswith(" of 30,000 turns; nothing was printed\n")


def _read_for(fd: int, seconds: float, until: bytes | None = None) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while time.monotonic() < end and (until is None or until not in seen):
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            seen += chunk
    return seen


def _interruptible() -> None:
    """In the child: Ctrl-C as a terminal delivers it. A job started in the background by a
    shell (a CI runner may start the suite so) inherits SIGINT ignored, and Python then
    leaves it ignored; a player at a terminal never has it so."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
