"""Batch mode: commands read line by line (a file or a pipe), results printed as they come.

Bytes that are not UTF-8 are decoded with U+FFFD in their place, so a Latin-1 file
plays every line. Each error names its line (``line 12: …``) and play goes on; the
run exits 1 if any line failed.

Saving in groups: each line's entry is written to the journal as it is played, and the
entries are fsync'd together, after at most :data:`GROUP` lines and whenever solo is about
to wait for more input. A line's reply (or error) is printed only once that group is on
disk, so nothing is ever shown as played that is not saved, and a program that sends a
line and waits for its reply gets it at once. If the fsync fails, the group's entries are
taken back out of the journal, solo says which lines were not saved, and play stops there.
"""

from __future__ import annotations

import select
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from solo import defaults
from solo.errors import JournalError, SoloError, UsageError
from solo.internal import internal_error_lines
from solo.play.line import split_lines
from solo.play.physical import face_of, not_a_face
from solo.play.session import Session
from solo.terminal import printable

__all__ = ["run_batch", "decode_line", "GROUP"]

GROUP = defaults.BATCH_GROUP  # lines played between two fsyncs at most
_CHUNK = 1 << 16  # bytes read from the input at a time


def decode_line(raw: str | bytes) -> str:
    """One input line as text: invalid UTF-8 becomes U+FFFD, a line end left on it is
    dropped."""
    if isinstance(raw, bytes):
        raw = raw.decode("utf-8", errors="replace")
    return raw.rstrip("\r\n")


def _shown(lines: Iterable[str]) -> str:
    """A reply's lines, made safe for a terminal, as one text ('' for none)."""
    text = "\n".join(lines)
    return printable(text) + "\n" if text else ""


def _input_lines(source: Iterable[str | bytes], before_wait: Callable[[], bool]
                 ) -> Iterator[str | bytes]:
    """The lines of ``source``, cut where the line rule cuts (solo.play.line.split_lines:
    ``\\n``, ``\\r\\n`` or ``\\r``). From a binary stream (``read1``), read in chunks,
    calling ``before_wait`` before each read, since a read may wait for the player: if it
    says False, the lines end there."""
    read1 = getattr(source, "read1", None)
    if read1 is None:
        for item in source:
            # (the same call twice: each branch gives split_lines one type, as AnyStr needs)
            cut = split_lines(item) if isinstance(item, str) else split_lines(item)
            yield from cut or [item]
        return
    buffer = b""
    after_cr = False  # the last chunk ended with \r: a \n starting the next one ends no line
    while True:
        if not before_wait():
            return
        chunk = read1(_CHUNK)
        if not chunk:
            break
        if after_cr and chunk.startswith(b"\n"):
            chunk = chunk[1:]
        after_cr = chunk.endswith(b"\r")
        lines = split_lines(buffer + chunk + b"\0")  # the \0 keeps an unended last line
        buffer = lines.pop()[:-1]
        yield from lines
    if buffer:
        yield buffer


def _ready(source: object) -> bool:
    """Whether a read of ``source`` gives what is there (lines or the end) without waiting."""
    try:
        fd = source.fileno()  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):  # in memory: never waits
        return True
    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):  # (not a pollable file here): do not risk a wait
        return False


def _unplayed(number: int, numbered: Iterable[tuple[int, str | bytes]],
              waits: Callable[[], bool]) -> str:
    """What a script's quit at line ``number`` left unplayed ('' if nothing): the lines of
    ``numbered`` that are not blank, and whether more may come (``waits()``, once those are
    read)."""
    count = sum(bool(decode_line(raw).strip()) for _, raw in numbered)
    more = waits()
    if not count and not more:
        return ""
    said = (f"the lines after it ({count} so far) were" if more else
            "the 1 line after it was" if count == 1 else f"the {count} lines after it were")
    return f"solo: quit at line {number}: {said} not played\n"


class _Numbered:
    """The input's lines with their numbers, one of which may be given back to be read
    again (a line a die waited for that was no face)."""

    def __init__(self, lines: Iterable[str | bytes]) -> None:
        self.lines = enumerate(lines, 1)
        self.back: tuple[int, str | bytes] | None = None

    def __iter__(self) -> _Numbered:
        return self

    def __next__(self) -> tuple[int, str | bytes]:
        if self.back is not None:
            item, self.back = self.back, None
            return item
        return next(self.lines)


class NotSaved(JournalError):
    """A group's fsync failed: its entries were taken back, and play stops."""


class _Group:
    """The lines played since the journal was last fsync'd, and what they will print."""

    def __init__(self, session: Session, out: TextIO, err: TextIO, size: int,
                 traceback: bool = False) -> None:
        self.session, self.out, self.err, self.size = session, out, err, size
        self.traceback = traceback
        self.first = 0  # the number of the group's first line (0: the group is empty)
        self.last = 0
        self.held: list[tuple[TextIO, str]] = []
        self.failed = False

    def add(self, number: int, stream: TextIO, text: str) -> None:
        """Line ``number`` was played; ``text`` is what it prints once it is saved."""
        self.first, self.last = self.first or number, number
        self.say(stream, text)
        if self.last - self.first + 1 >= self.size:
            self.settle()

    def say(self, stream: TextIO, text: str) -> None:
        """Print ``text`` after what the group's lines print."""
        if text:
            self.held.append((stream, text))

    def error(self, number: int, error: Exception) -> None:
        self.failed = True
        lines = ([f"solo: error: line {number}: {error}"] if isinstance(error, SoloError)
                 else internal_error_lines(error, f"line {number}: ",
                                           traceback=self.traceback))
        self.add(number, self.err, _shown(lines))

    def settle(self) -> None:
        """fsync the group's entries, then print what its lines said, in their order."""
        if not self.first and not self.held:
            return
        first, last, held = self.first, self.last, self.held
        self.first, self.last, self.held = 0, 0, []
        try:
            self.session.save()
        except JournalError as error:
            lines = f"line {first}" if first == last else f"lines {first}-{last}"
            raise NotSaved(f"{lines} not saved, and play stopped there: {error}; they are "
                           "not in the journal, play them again once that is fixed") from None
        notices = self.session.take_notices()  # an editor changed the file meanwhile
        if notices:
            held.append((self.out, _shown(notices)))
        stream: TextIO | None = None
        for target, text in held:
            if stream is not None and target is not stream:
                stream.flush()
            target.write(text)
            stream = target
        self.out.flush()
        self.err.flush()


def run_batch(session: Session, lines: Iterable[str | bytes], out: TextIO, err: TextIO,
              group: int = GROUP, *, traceback: bool = False) -> int:
    """Play ``lines`` in order; a bad line is reported on ``err`` with its number and play
    goes on. Entries are fsync'd ``group`` lines at a time at most (see the module's
    docstring). ``traceback`` shows a bug's trace above its line. Returns 1 if any line
    failed, else 0."""
    err.write(_shown(session.take_notices()))  # what resuming found, said once
    err.flush()
    played = _Group(session, out, err, max(group, 1), traceback)
    quit_at = 0  # the line that quit: the rest is counted as far as it is there, not played
    waits = False  # the count of the rest stopped where a read would wait

    def before_wait() -> bool:
        nonlocal waits
        if quit_at and not _ready(lines):
            waits = True
            return False
        played.settle()
        return True

    numbered = _Numbered(_input_lines(lines, before_wait))

    def ask_die(sides: int, problem: str | None, purpose: str = "") -> str:
        """Physical dice in a script: the next line is the face (empty: solo rolls it). A
        number the die cannot show is an error of its line, and the line after is read for
        the die; a line that is no number at all is no face: the command is not played
        (nothing of it recorded, as when the input ends) and that line is played next."""
        for number, raw in numbered:
            answer = decode_line(raw).strip()
            if not answer or face_of(answer, sides) is not None:
                return answer
            if not answer.lstrip("+-").isnumeric():
                numbered.back = (number, raw)
                raise UsageError(f"not played, nothing of it recorded: it waited for a "
                                 f"d{sides}, and line {number} ({answer[:20]!r}) is not a "
                                 f"face; line {number} is played as a line of its own")
            played.failed = True
            played.say(err, _shown([f"solo: error: line {number}: {not_a_face(answer, sides)}"
                                    f"; the next line is read for the d{sides}"]))
        raise EOFError

    session.ask_die = ask_die
    session.journal.grouped = group > 1
    try:
        for number, raw in numbered:
            try:
                reply = session.handle(decode_line(raw))
            except NotSaved:
                raise
            except Exception as error:  # noqa: BLE001 - said with its line; a bug keeps the journal
                played.error(number, error)
                continue
            played.add(number, out, _shown(reply.lines))
            if reply.quit:
                quit_at = number
                break
        played.settle()
        if quit_at:
            err.write(_unplayed(quit_at, numbered, lambda: waits))
    except NotSaved as error:
        err.write(_shown([f"solo: error: {error}"]))
        err.flush()
        session.close()  # its state is past what the journal holds: nothing more is written
        return 1
    finally:
        if played.first or played.held:  # interrupted (Ctrl-C): what was played is saved
            try:
                played.settle()
            except NotSaved as error:
                err.write(_shown([f"solo: error: {error}"]))
                err.flush()
        session.journal.grouped = False
    return 1 if played.failed else 0
