"""Playing a script through a real play session: as the report tests need (:func:`played`:
each line a command, one of ``commands``, whose refusals write nothing and are passed over;
``undo``; or the player's prose), or an open session whose lines were all commands
(:func:`started`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from solo.errors import SoloError
from solo.play.session import Session
from solo.play.start import create_journal_file


def played(path: Path, system: str, lines: Iterable[str], seed: int, *, commands: Sequence[str],
           title: str = "A played crawl", party: Sequence[str] = ()) -> str:
    """A new journal at ``path`` for ``system`` with ``seed``, ``lines`` played into it; its
    text."""
    create_journal_file(str(path), system, title, seed, [], party=list(party))
    session = Session(path)
    try:
        for line in lines:
            if line == "undo":
                session.undo()
            elif line.split(" ", 1)[0] in commands:
                try:
                    session.handle(line)
                except SoloError:  # refused (nothing to strike yet…): nothing written
                    pass
            else:
                session.narrate(line)
    finally:
        session.close()
    return path.read_text(encoding="utf-8")


def started(folder: Path, system: str, lines: Iterable[str], seed: int = 1) -> Session:
    """A session of a new journal in ``folder`` for ``system`` with ``seed``, ``lines``
    handled as commands; left open (the caller closes it)."""
    path = create_journal_file(str(folder / f"{system}.md"), system, "A started crawl", seed, [])
    session = Session(path)
    for line in lines:
        session.handle(line)
    return session
