"""A long line at the prompt, in bounded memory.

prompt_toolkit handles a paste that the terminal does not bracket key by key: each
character is its own key press, and each press schedules the buffer's background tasks
(suggestion, completion, validation) and a new copy of the whole line, so a line of 100,000
characters needed gigabytes (issue 40). Two things keep it small:

* :class:`PasteRuns` wraps the terminal's input: a run of plain characters that arrives in
  one read (:data:`RUN` or more: faster than anyone types) is handed on as one paste, as a
  bracketed paste would be. Typing, Enter and every other key pass as they are.
* :func:`keep_within` holds a line to :data:`LIMIT` characters: what goes past it is cut
  off, and the player is told once a sitting.

Only the REPL imports this module (and so prompt_toolkit).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

__all__ = ["PasteRuns", "keep_within", "LIMIT", "RUN", "TOO_LONG"]

LIMIT = 64 * 1024
"""The most characters one line may hold at the prompt (a line of narration rarely needs
more than a few hundred)."""

RUN = 64
"""Plain characters arriving in one read, at least this many, are a paste."""

TOO_LONG = (f"solo: a line holds at most {LIMIT:,} characters; the rest of it was left out "
            "(a longer text goes in as several lines)")


def _runs(keys: list[KeyPress]) -> list[KeyPress]:
    """``keys`` with each run of :data:`RUN` or more plain characters made one paste."""
    if len(keys) < RUN:
        return keys
    out: list[KeyPress] = []
    run: list[str] = []

    def close() -> None:
        if len(run) >= RUN:
            text = "".join(run)
            out.append(KeyPress(Keys.BracketedPaste, text))
        else:
            out.extend(KeyPress(char, char) for char in run)
        run.clear()

    for press in keys:
        key = press.key
        if not isinstance(key, Keys) and len(key) == 1 and press.data == key:
            run.append(key)
            continue
        close()
        out.append(press)
    close()
    return out


class PasteRuns(Input):
    """The terminal's input, with each fast run of characters read as one paste
    (see the module's docstring); everything else is the wrapped input's own."""

    def __init__(self, inner: Input) -> None:
        self.inner = inner

    def fileno(self) -> int:
        return self.inner.fileno()

    def typeahead_hash(self) -> str:
        return self.inner.typeahead_hash()

    def read_keys(self) -> list[KeyPress]:
        return _runs(self.inner.read_keys())

    def flush_keys(self) -> list[KeyPress]:
        return _runs(self.inner.flush_keys())

    def flush(self) -> None:
        self.inner.flush()

    @property
    def closed(self) -> bool:
        return self.inner.closed

    def raw_mode(self) -> AbstractContextManager[None]:
        return self.inner.raw_mode()

    def cooked_mode(self) -> AbstractContextManager[None]:
        return self.inner.cooked_mode()

    def attach(self, input_ready_callback: Callable[[], None]) -> AbstractContextManager[None]:
        return self.inner.attach(input_ready_callback)

    def detach(self) -> AbstractContextManager[None]:
        return self.inner.detach()

    def close(self) -> None:
        self.inner.close()


def keep_within(buffer: Buffer, told: Callable[[], None], limit: int = LIMIT) -> None:
    """Hold ``buffer`` to ``limit`` characters: text past it is cut off as it comes, and
    ``told`` is called each time (the caller says so once)."""

    def cut(changed: Buffer) -> None:
        text = changed.text
        if len(text) > limit:
            changed.document = Document(text[:limit], min(changed.cursor_position, limit))
            told()

    buffer.on_text_changed += cut
