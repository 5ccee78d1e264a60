"""A fake :class:`~solo.environment.Environment` for running ``solo`` in-process: text
streams in memory, a fixed answer to "is this a terminal?", a stopped clock."""

from __future__ import annotations

import io
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from solo.cli.main import main
from solo.environment import Environment

CLOCK = 1700000000.0  # 2023-11-14T22:13:20Z
CLOCK_TEXT = "2023-11-14T22:13:20"


def fake_env(stdin: str | bytes = "", *, tty: bool = False, clock: float = CLOCK,
             traceback: bool = False) -> Environment:
    """``stdin`` (text or bytes) as input, readable as text and as bytes; StringIO outputs;
    every stream a terminal if ``tty``, else none; the clock stopped at ``clock``."""
    data = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    raw = io.BytesIO(data)
    return Environment(io.TextIOWrapper(raw, encoding="utf-8", newline=""), io.StringIO(),
                       io.StringIO(), raw, stdin_isatty=tty, stdout_isatty=tty, stderr_isatty=tty,
                       clock=lambda: clock, traceback=traceback)


@dataclass
class Run:
    """What one in-process run of ``solo`` did: its exit code and what it printed."""

    code: int
    out: str
    err: str

    def error_line(self) -> str:
        """stderr's one line, which must be an error (and no traceback)."""
        lines = self.err.strip().splitlines()
        assert len(lines) == 1, self.err
        assert lines[0].startswith("solo: error: "), self.err
        return lines[0]


def solo(*args: str, stdin: str | bytes = "", tty: bool = False,
         env: Environment | None = None) -> Run:
    """Run ``solo ARGS`` in this process, in a fake environment."""
    env = env or fake_env(stdin, tty=tty)
    code = main(list(args), env)
    return Run(code, env.stdout.getvalue(), env.stderr.getvalue())  # type: ignore[attr-defined]


def run_here(*args: str, cwd: Path | str, stdin: str | bytes = "", env: dict | None = None,
             timeout: float | None = None) -> subprocess.CompletedProcess:
    """``solo ARGS`` here, in this process, as :func:`tests.e2e.run_solo` runs it in another: in
    folder ``cwd``, with ``env`` laid over the environment variables, ``stdin`` piped in (no
    terminal). Gives what a process would: ``returncode``, ``stdout`` and ``stderr`` (bytes,
    UTF-8, if ``stdin`` was given as bytes, as ``subprocess.run`` without ``text``); the
    working folder and the variables are put back afterwards. ``timeout`` is not used (no
    process to stop); it is taken so that a call reads the same either way."""
    del timeout
    folder, saved = os.getcwd(), dict(os.environ)
    os.chdir(cwd)
    os.environ.update({"SOURCE_DATE_EPOCH": "1700000000", **(env or {})})
    try:
        done = solo(*map(str, args), stdin=stdin)
    finally:
        os.chdir(folder)
        os.environ.clear()
        os.environ.update(saved)
    out: str | bytes = done.out
    err: str | bytes = done.err
    if isinstance(stdin, bytes):
        out, err = done.out.encode("utf-8", "surrogateescape"), done.err.encode("utf-8",
                                                                                "surrogateescape")
    return subprocess.CompletedProcess(["solo", *map(str, args)], done.code, out, err)
