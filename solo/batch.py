"""Batch mode: commands read line by line (a file or a pipe), results printed as they come.

Bytes that are not UTF-8 are decoded with U+FFFD in their place, so a Latin-1 file
plays every line. Each error names its line (``line 12: …``) and play goes on; the
run exits 1 if any line failed.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TextIO

from solo.errors import SoloError
from solo.internal import internal_error_lines
from solo.session import Session
from solo.terminal import printable

__all__ = ["run_batch", "decode_line"]


def decode_line(raw: str | bytes) -> str:
    """One input line as text: invalid UTF-8 becomes U+FFFD, the line break is dropped."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", errors="replace")
    return raw.rstrip("\r\n")


def _print_lines(lines: Iterable[str], out: TextIO) -> None:
    """A reply's lines, made safe for a terminal, in one write."""
    shown = list(lines)
    if shown:
        out.write(printable("\n".join(shown)) + "\n")
    out.flush()


def run_batch(session: Session, lines: Iterable[str | bytes], out: TextIO = sys.stdout,
              err: TextIO = sys.stderr) -> int:
    """Play ``lines`` in order; a bad line is reported on ``err`` with its number and play
    goes on. Returns 1 if any line failed, else 0."""
    _print_lines(session.notices, err)
    failed = False
    numbered = iter(enumerate(lines, 1))

    def ask_die(sides: int, problem: str | None) -> str:
        """Physical dice in a script: the next line is the face (empty: solo rolls it)."""
        if problem:
            _print_lines([f"solo: {problem}; the next line is read instead"], err)
        try:
            return decode_line(next(numbered)[1])
        except StopIteration:
            raise EOFError from None

    session.ask_die = ask_die
    for number, raw in numbered:
        try:
            reply = session.handle(decode_line(raw))
        except SoloError as error:
            failed = True
            _print_lines([f"solo: error: line {number}: {error}"], err)
            continue
        except Exception as error:  # a bug: say so, keep the journal, take the next line
            failed = True
            _print_lines(internal_error_lines(error, f"line {number}: "), err)
            continue
        _print_lines(reply.lines, out)
        if reply.quit:
            break
    return 1 if failed else 0
