"""Batch mode: commands read line by line (a file or a pipe), results printed as they come."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TextIO

from solo.errors import SoloError
from solo.session import Session

__all__ = ["run_batch"]


def _print_lines(lines: Iterable[str], out: TextIO) -> None:
    for line in lines:
        print(line, file=out)
    out.flush()


def run_batch(session: Session, lines: Iterable[str], out: TextIO = sys.stdout,
              err: TextIO = sys.stderr) -> int:
    """Play ``lines`` in order; a bad line is reported on ``err`` and play goes on."""
    _print_lines(session.notices, err)
    for line in lines:
        try:
            reply = session.handle(line.rstrip("\n"))
        except SoloError as error:
            print(f"solo: error: {error}", file=err)
            err.flush()
            continue
        _print_lines(reply.lines, out)
        if reply.quit:
            break
    return 0
