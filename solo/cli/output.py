"""Where ``solo export -o`` writes: a file replaced whole, or a device, pipe or stdout as is.

* ``-`` is standard output;
* a symlink is written through, to its target;
* a device or a FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is opened and written
  directly, never replaced;
* a regular file or a new path is written whole or not at all (a temp file, then rename),
  and never over the journal itself or over another solo journal.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from solo.environment import Environment
from solo.errors import JournalError, SoloError, UsageError
from solo.terminal import printable

__all__ = ["write_report", "format_for", "write_new_file"]

_STDOUT = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


def format_for(output: str | None, chosen: str | None) -> str:
    """The export format: ``--format`` if given, else the output's extension, else md."""
    if chosen:
        return chosen
    if output and output != "-" and Path(output).suffix.lower() in (".html", ".htm"):
        return "html"
    return "md"


def write_report(journal: Path, output: str | None, text: str, env: Environment) -> None:
    """Write ``text`` where ``output`` says (None or ``-``: the environment's stdout)."""
    if output is None or output in _STDOUT:
        _to_stdout(text, env)
        return
    target = Path(os.path.realpath(output))  # through any symlink, to what it names
    try:
        status = os.stat(target)
    except FileNotFoundError:
        status = None
    except OSError as err:
        raise JournalError(f"cannot write {output}: {err.strerror}") from None
    if status is not None and stat.S_ISDIR(status.st_mode):
        raise JournalError(f"{output} is a folder; name a file to write")
    if status is not None and not stat.S_ISREG(status.st_mode):
        _to_device(output, target, text)
        return
    _refuse_journals(journal, Path(output), target)
    write_output(target, text)


def _to_stdout(text: str, env: Environment) -> None:
    if env.stdout_isatty:
        text = printable(text)
    env.stdout.write(text)
    env.stdout.flush()


def _to_device(name: str, target: Path, text: str) -> None:
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NOCTTY)
    except OSError as err:
        raise JournalError(f"cannot write {name}: {err.strerror}") from None
    try:
        if os.isatty(fd):
            text = printable(text)
        data = text.encode("utf-8")
        while data:
            written = os.write(fd, data)
            data = data[written:]
    except OSError as err:
        raise JournalError(f"cannot write {name}: {err.strerror}") from None
    finally:
        os.close(fd)


def _refuse_journals(journal: Path, shown: Path, target: Path) -> None:
    """Never write the report over the journal itself, or over any other journal."""
    from solo.journal.store import read_meta

    try:
        same = target.exists() and os.path.samefile(target, journal)
    except OSError:
        same = False
    if same:
        raise UsageError(f"{shown} is the journal itself; choose another output file")
    if target.is_file():
        try:
            read_meta(target)
        except JournalError:
            return
        raise UsageError(f"{shown} is a solo journal; it was left untouched "
                         "(choose another output file)")


def write_output(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` whole or not at all: a temp file beside it, then replace."""
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as err:
        raise JournalError(f"cannot write {target}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException as err:  # Ctrl-C too: no half-written temp file left behind
        try:
            os.unlink(temp)
        except OSError:
            pass
        if not isinstance(err, OSError):
            raise
        raise JournalError(f"cannot write {target}: {err.strerror}") from None


def write_new_file(path: Path, text: str, another: str) -> None:
    """Write ``text`` to ``path``, a file that must not exist yet: solo never overwrites the
    player's file; ``another`` says how to name another one."""
    try:
        with path.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except FileExistsError:
        raise SoloError(f"{path} already exists; solo will not overwrite it "
                        f"({another})") from None
    except OSError as err:
        raise SoloError(f"cannot write {path} ({err.strerror})") from None
