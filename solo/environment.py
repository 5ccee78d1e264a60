"""What solo runs in: its streams, whether each is a terminal, the clock and ``--traceback``.

The command line builds one :class:`Environment` from ``sys`` (:meth:`Environment.default`)
and hands it down; everything that reads input, prints, asks "is this a terminal?" or stamps a
date takes it from there, never from ``sys`` or ``time`` directly. A test builds its own, with
``io.StringIO`` streams, fixed answers to "is this a terminal?" and a fixed clock, and runs
``solo`` in-process.

A plain class, not a dataclass: ``solo --version`` and ``solo roll`` import this module, and
must not pay for ``dataclasses`` or ``typing``.
"""

from __future__ import annotations

import io
import os
import sys
import time

TYPE_CHECKING = False  # typing itself is not imported at run time (start-up speed)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import BinaryIO, TextIO

__all__ = ["Environment"]


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):  # no such method, or a closed stream
        return False


class Environment:
    """The streams solo reads and writes, and the few facts about the world it asks for.
    Made once and never changed (:meth:`replace` makes another)."""

    __slots__ = ("stdin", "stdout", "stderr", "stdin_bytes", "stdin_isatty", "stdout_isatty",
                 "stderr_isatty", "clock", "traceback")

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO
    stdin_bytes: BinaryIO  # the bytes under stdin: batch play keeps bad UTF-8 as U+FFFD
    stdin_isatty: bool
    stdout_isatty: bool
    stderr_isatty: bool
    clock: Callable[[], float]  # seconds since 1970, for dates (SOURCE_DATE_EPOCH still wins)
    traceback: bool  # solo --traceback: a bug's Python traceback, not only its one line

    def __init__(self, stdin: TextIO, stdout: TextIO, stderr: TextIO, stdin_bytes: BinaryIO,
                 *, stdin_isatty: bool = False, stdout_isatty: bool = False,
                 stderr_isatty: bool = False, clock: Callable[[], float] = time.time,
                 traceback: bool = False) -> None:
        values = {"stdin": stdin, "stdout": stdout, "stderr": stderr,
                  "stdin_bytes": stdin_bytes, "stdin_isatty": stdin_isatty,
                  "stdout_isatty": stdout_isatty, "stderr_isatty": stderr_isatty,
                  "clock": clock, "traceback": traceback}
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"an Environment is not changed ({name}); make another with "
                             "replace()")

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Environment({fields})"

    @classmethod
    def default(cls) -> Environment:
        """The real one, from ``sys``. A closed stdin (``<&-``) reads as empty."""
        stdin = sys.stdin
        if stdin is None:
            stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as solo
        return cls(stdin, sys.stdout, sys.stderr, getattr(stdin, "buffer", None) or io.BytesIO(),
                   stdin_isatty=_isatty(stdin), stdout_isatty=_isatty(sys.stdout),
                   stderr_isatty=_isatty(sys.stderr))

    def replace(self, **changes: object) -> Environment:
        """Another environment, like this one but for ``changes``."""
        values = {name: getattr(self, name) for name in self.__slots__}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"an Environment has no {', '.join(sorted(unknown))}")
        values.update(changes)
        return Environment(**values)

    @property
    def at_terminal(self) -> bool:
        """Both stdin and stdout are a terminal: solo may ask questions and open its prompt."""
        return self.stdin_isatty and self.stdout_isatty

    def say(self, text: str = "") -> None:
        """One line on stdout."""
        self.stdout.write(text + "\n")

    def warn(self, text: str = "") -> None:
        """One line on stderr, at once."""
        self.stderr.write(text + "\n")
        self.stderr.flush()
