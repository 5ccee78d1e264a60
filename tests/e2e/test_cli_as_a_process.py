"""What only a process of `solo` proves about its command line: the console script itself
(`--version`, `--help`), exit codes and one-line errors as a shell sees them, `--traceback`,
a FIFO as a journal, a real terminal's escapes, Ctrl-C on a pty, stdin closed, six parallel
starts, and a driving program reading each reply on a pipe. Moved here from the feature
files so that no test outside tests/e2e starts solo."""

from __future__ import annotations

import os
import queue
import select
import shlex
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from solo import __version__
from solo.cli.progress import WIPE
from solo.journal.store import read_meta
from solo.play.batch import GROUP
from solo.play.resume import resume_file as resume
from tests import e2e
from tests.cli.test_cli import (
    _journal,
    one_line_error,
)
from tests.cli.test_cli_inprocess import escaped_title
from tests.cli.test_cli_progress import (
    _interruptible,
    _read_for,
)
from tests.e2e import SOLO
from tests.e2e.test_faults import SOLO as SOLO_MODULE
from tests.e2e.test_faults import _env
from tests.play.test_batch_groups import (
    _lines_until,
    new_journal,
)
from tests.play.test_play import (
    MOVES,
    new_crawl,
)

pytestmark = pytest.mark.e2e  # every test here starts solo as a process


@pytest.mark.e2e
def test_a_program_that_waits_for_each_reply_gets_it_and_it_is_saved(tmp_path: Path):
    """A driver sends one line and waits for its reply: solo answers each line before it
    waits for the next (no group holds it back), and what it answered is on disk."""
    path = new_journal(tmp_path)
    process = subprocess.Popen([*SOLO_MODULE, "play", str(path)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               cwd=tmp_path, env=_env())
    replies: queue.Queue = queue.Queue()
    reader = threading.Thread(target=_lines_until, args=(process.stdout, replies),
                              daemon=True)
    reader.start()
    try:
        for turn in range(1, 6):
            process.stdin.write(b"enter 2\n")
            process.stdin.flush()
            while not (line := replies.get(timeout=60)).startswith("@ enter 2"):
                assert line is not None, "solo stopped"
            assert resume(path).state.turn == turn  # shown, so saved
    finally:
        process.stdin.close()
        process.wait(timeout=60)
    assert process.returncode == 0


@pytest.mark.e2e
def test_replies_and_errors_come_out_in_the_order_of_the_lines(tmp_path: Path):
    """With stdout and stderr on one pipe (2>&1), a line's error sits between the replies
    of the lines around it, across group boundaries."""
    new_journal(tmp_path)
    lines = ["enter 2"] * (GROUP - 1) + ["entr 2"] + ["enter 2"] * 3 + ["ligth torch", "enter 2"]
    done = subprocess.run([*SOLO_MODULE, "play", "j.md"], input="\n".join(lines) + "\n",
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          cwd=tmp_path, env=_env(), timeout=120)
    assert done.returncode == 1
    shown = [line for line in done.stdout.splitlines()
             if line.startswith(("@ enter 2", "solo: error:"))]
    expected = ["@ enter 2"] * (GROUP - 1) + [f"solo: error: line {GROUP}"] \
        + ["@ enter 2"] * 3 + [f"solo: error: line {GROUP + 4}"] + ["@ enter 2"]
    assert len(shown) == len(expected)
    assert [line[:len(want)] for line, want in zip(shown, expected, strict=True)] == expected


@pytest.mark.e2e
def test_play_with_stdin_closed_plays_nothing_and_keeps_the_journal(tmp_path: Path):
    """``solo play J <&-`` (no standard input at all) is an empty script, not a crash."""
    _, journal = new_crawl(tmp_path, MOVES[:3])
    before = journal.read_bytes()
    command = [SOLO] if SOLO else [sys.executable, "-m", "solo"]
    done = subprocess.run(["sh", "-c", shlex.join([*command, "play", str(journal)]) + " <&-"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "" and journal.read_bytes() == before


@pytest.mark.e2e
def test_six_parallel_starts_with_one_title_make_six_journals(tmp_path: Path):
    command = [SOLO, "new", "--system", "d12-tension", "--title", "Same"]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    starts = [subprocess.Popen(command, cwd=tmp_path, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=environment) for _ in range(6)]
    said = []
    for start in starts:
        out, err = start.communicate(timeout=120)
        assert start.returncode == 0, err
        said += [line for line in err.splitlines() if line.startswith("New journal: ")]
    names = sorted(path.name for path in (tmp_path / "journals").iterdir())
    assert names == ["same-2.md", "same-3.md", "same-4.md", "same-5.md", "same-6.md",
                     "same.md"]
    assert sorted(said) == sorted(f"New journal: journals/{name}" for name in names)
    seeds = set()
    for name in names:
        path = tmp_path / "journals" / name
        meta = read_meta(path)
        assert meta["title"] == "Same" and resume(path).state.step == 0
        seeds.add(meta["seed"])
    assert len(seeds) == 6  # six crawls, each its own


@pytest.mark.e2e
@pytest.mark.skipif(SOLO is None, reason="the solo command is not installed")
def test_ctrl_c_stops_a_long_simulate_on_a_terminal_with_exit_130(tmp_path: Path):
    master, slave = os.openpty()
    try:
        process = subprocess.Popen([SOLO, "simulate", "--system", "classic", "--turns",
                                    "10000000"], cwd=tmp_path, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=slave,
                                   preexec_fn=_interruptible)
        os.close(slave)
        seen = _read_for(master, 60, until=b"simulate: ")  # shown after about a second
        assert b"simulate: " in seen and process.poll() is None
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=60)
        seen += _read_for(master, 2)
    finally:
        os.close(master)
    assert process.returncode == 130
    assert out == b""
    text = seen.decode()
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    last = text.split(WIPE)[-1]
    assert last.startswith("solo: interrupted after ") and last.count("\n") == 1
    assert last.rstrip().endswith("of 10,000,000 turns; nothing was printed")


@pytest.mark.e2e
def test_version_and_help(tmp_path: Path):
    assert e2e.run_solo("--version", cwd=tmp_path).stdout.strip() == f"solo {__version__}"
    help_text = e2e.run_solo("--help", cwd=tmp_path)
    assert help_text.returncode == 0
    for command in ("new", "play", "roll", "ask", "systems", "check", "simulate", "export"):
        assert command in help_text.stdout


@pytest.mark.e2e
def test_usage_errors_exit_2_in_one_line(tmp_path: Path):
    for args in (("frobnicate",), ("simulate",), ("roll", "d6", "--seed", "x")):
        result = e2e.run_solo(*args, cwd=tmp_path)
        assert result.returncode == 2, args
        one_line_error(result)


@pytest.mark.e2e
def test_traceback_only_on_request(tmp_path: Path):
    result = e2e.run_solo("--traceback", "roll", "2d", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" in result.stderr  # the usage code kept


@pytest.mark.e2e
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_standard_output_is_one_line_not_a_bug(tmp_path: Path):
    command = [e2e.SOLO] if e2e.SOLO else [sys.executable, "-m", "solo"]
    for args in (["--version"], ["roll", "2d6"], ["systems"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run([*command, *args], cwd=tmp_path, stdout=full, text=True,
                                  stderr=subprocess.PIPE, timeout=60, check=False)
        assert (done.returncode, done.stderr) == (
            1, "solo: error: cannot write to standard output: No space left on device\n"), args


@pytest.mark.e2e
def test_a_fifo_as_a_journal_is_refused_without_hanging(tmp_path: Path):
    fifo = tmp_path / "f.md"
    os.mkfifo(fifo)
    for command in ("play", "export", "stats"):
        done = e2e.run_solo(command, "f.md", cwd=tmp_path, timeout=30)
        assert done.returncode == 1 and "not a regular file" in done.stderr


@pytest.mark.e2e
def test_stats_and_export_to_a_terminal_show_no_raw_escapes(tmp_path: Path):
    escaped_title(_journal(tmp_path, title="Evil"))
    for args in (("stats", "j.md"), ("export", "j.md")):
        master, slave = os.openpty()
        try:
            done = subprocess.run([SOLO, *args], cwd=tmp_path, stdin=subprocess.DEVNULL,
                                  stdout=slave, stderr=subprocess.PIPE, timeout=60)
            os.close(slave)
            seen = b""
            while True:
                ready, _, _ = select.select([master], [], [], 1)
                if not ready:
                    break
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
        finally:
            os.close(master)
        assert done.returncode == 0, done.stderr
        assert b"pwned" in seen and b"\x1b]0" not in seen and b"\x07" not in seen
