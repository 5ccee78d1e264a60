"""``solo`` on a pseudo-terminal, for the tests that only a real terminal can prove: type
into it, wait for what it draws, read all it drew."""

from __future__ import annotations

import os
import re
import select
import subprocess
import time
from pathlib import Path

from tests.e2e import SOLO


class Terminal:
    """``solo ARGS`` running on a pty. Everything it drew is kept in ``screen``; a wait
    looks only at what came after the last thing waited for, or typed."""

    def __init__(self, cwd: Path, *args: str, lines: int = 30, term: str = "xterm") -> None:
        self.master, slave = os.openpty()
        env = {**os.environ, "TERM": term, "COLUMNS": "100", "LINES": str(lines),
               "SOURCE_DATE_EPOCH": "1700000000", "NO_COLOR": "1",
               "PROMPT_TOOLKIT_NO_CPR": "1"}
        self.process = subprocess.Popen([SOLO, *args], cwd=cwd, stdin=slave, stdout=slave,
                                        stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.screen = b""
        self.unread = 0  # where the next wait starts looking

    def wait_for(self, text: str, timeout: float = 30) -> None:
        wanted, deadline = text.encode(), time.monotonic() + timeout
        while wanted not in self.screen[self.unread:]:
            remaining = deadline - time.monotonic()
            assert remaining > 0, f"{text!r} never came; the end: {self.screen[-800:]!r}"
            ready, _, _ = select.select([self.master], [], [], remaining)
            if ready:
                try:
                    self.screen += os.read(self.master, 65536)
                except OSError:  # the program ended
                    break
        assert wanted in self.screen[self.unread:], f"{text!r} never came"
        self.unread = self.screen.index(wanted, self.unread) + len(wanted)

    def type(self, keys: str) -> None:
        """Type ``keys``; later waits look only at what is drawn after them."""
        self.unread = len(self.screen)
        os.write(self.master, keys.encode())

    def type_line(self, line: str, shows: str | None = None) -> None:
        """Type ``line`` and Enter, then wait for what it shows (``line`` unless told) and
        the next prompt."""
        self.type(line + "\r")
        self.wait_for(shows or line)
        self.wait_for("solo>")

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_: object) -> None:
        """A test that failed leaves no solo running behind it."""
        if self.process.poll() is None:
            self.process.kill()

    def close(self) -> int:
        try:
            return self.process.wait(timeout=20)
        finally:
            os.close(self.master)

    def end(self) -> str:
        """Ctrl-D (save and quit), and the text the terminal showed in all."""
        self.type("\x04")
        self.wait_for("Saved. Resume with")
        assert self.close() == 0
        return plain(self.screen.decode("utf-8", errors="replace"))


def plain(screen: str) -> str:
    """The text the terminal showed: the control sequences and carriage returns left out."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][AB0]|\r", "", screen)
