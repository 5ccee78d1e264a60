"""Progress on stderr for a run that takes a while (``solo simulate``, ``solo export``).

At a terminal, once a run has gone on for :data:`DELAY` seconds, one line on stderr says
how far it has got ("simulate: 1,200,000 of 10,000,000 turns (12%)", "export big.md:
rendering html"), redrawn in place at most every :data:`REFRESH` seconds and wiped when the
run ends, so the output and the next prompt start on a clean line. When stderr is not a
terminal (a pipe, a file, a test's stream) nothing is shown and nothing is measured.

The time is the environment's clock (:class:`~solo.environment.Environment`), so a test
shows progress by giving a clock that moves. Ctrl-C while it shows: :meth:`Progress.wipe`
clears the line before the command says it was interrupted.
"""

from __future__ import annotations

from solo.environment import Environment
from solo.terminal import printable

__all__ = ["Progress", "DELAY", "REFRESH", "WIPE", "WIDTH"]

DELAY = 1.0  # seconds a run goes on before its progress shows
REFRESH = 0.1  # seconds between two redraws
WIPE = "\r\x1b[K"  # back to the line's start, and clear it
WIDTH = 79  # at most this many characters in the line


class Progress:
    """One run's progress line. ``shown`` says whether it is drawn (stderr a terminal)."""

    def __init__(self, env: Environment, label: str, *, long: bool = False) -> None:
        """``long``: the run is known to be long (a large file): shown from the start."""
        self.env = env
        self.label = printable(label)
        self.shown = env.stderr_isatty
        self.drawn = False  # a line is on the screen now
        self.start = self.last = env.clock() if self.shown else 0.0
        if long:
            self.start -= DELAY

    def turns(self, done: int, total: int) -> None:
        """So many turns of ``total`` played (a simulation's hook)."""
        if self.shown:
            self._draw(f"{done:,} of {total:,} turns ({done * 100 // max(total, 1)}%)")

    def phase(self, name: str) -> None:
        """The run has begun its next part ("reading", "rendering html"…)."""
        if self.shown:
            self._draw(name, at_once=True)

    def _draw(self, what: str, at_once: bool = False) -> None:
        now = self.env.clock()
        if now - self.start < DELAY or (not at_once and now - self.last < REFRESH):
            return
        self.last = now
        what = printable(what)
        line = f"{_clipped(self.label, WIDTH - len(what) - 2)}: {what}"
        if len(line) > WIDTH:  # one row of the narrowest terminal: the wipe clears it all
            line = line[:WIDTH - 1] + "…"
        self.drawn = True  # first: a Ctrl-C that lands in the write still wipes the line
        self.env.stderr.write(WIPE + line)
        self.env.stderr.flush()

    def wipe(self) -> None:
        """Clear the line if one is drawn (before the run's output or its last words)."""
        if self.drawn:
            self.env.stderr.write(WIPE)
            self.env.stderr.flush()
            self.drawn = False


def _clipped(label: str, room: int) -> str:
    """``label`` in at most ``room`` characters (at least 12): its start and its end kept
    (a journal's name ends a path)."""
    room = max(room, 12)
    if len(label) <= room:
        return label
    head = room // 3
    return label[:head] + "…" + label[len(label) - (room - head - 1):]
