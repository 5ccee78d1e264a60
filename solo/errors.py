"""One base error for everything solo reports to a person, with structured subclasses."""

from __future__ import annotations

__all__ = [
    "SoloError",
    "UsageError",
    "DiceError",
    "RulesError",
    "JournalError",
    "OracleError",
]


class SoloError(Exception):
    """An error with a one-line message meant for the player. Exit code 1."""

    exit_code = 1


class UsageError(SoloError):
    """The command line or a REPL command was used wrongly. Exit code 2."""

    exit_code = 2


class DiceError(SoloError):
    """A dice expression is malformed or over solo's limits."""


class RulesError(SoloError):
    """A procedure or tables file is malformed; the message names file, line and key."""

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 key: str | None = None) -> None:
        self.file = file
        self.line = line
        self.key = key
        where = ""
        if file:
            where = file
            if line is not None:
                where += f":{line}"
            where += ": "
        if key:
            where += f"{_printable(key)}: "
        super().__init__(_printable(where + message))


def _printable(text: str) -> str:
    """Keep a message on one line: control characters are shown escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else char.encode("unicode_escape").decode()
                   for char in text)


class JournalError(SoloError):
    """A journal cannot be read, written, locked or resumed."""


class OracleError(SoloError):
    """An oracle question names an unknown style or odds."""
