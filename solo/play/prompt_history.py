"""The prompt's history: what was typed in a crawl, kept for its next sittings.

Each crawl has a file under the XDG state folder; Up and the grey suggestions read it.
"""

from __future__ import annotations

import hashlib
import os
from datetime import datetime, timezone
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from solo.play.session import Session
from solo.rules.paths import user_state_dir

__all__ = ["history", "history_path"]


def history_path(session: Session) -> Path:
    """Each crawl has its own history file, under the XDG state folder, named by its
    journal's path and what its front matter says of its start (when, the procedure, the
    seed): a new crawl in the place of a deleted one starts with an empty history."""
    meta = session.meta
    return _history_file(session.path, *(str(meta.get(key, "")) for key in
                                          ("created", "system", "seed")))


def _history_file(journal: Path, *crawl: str) -> Path:
    """The history file of the crawl ``crawl`` names at ``journal`` (no ``crawl``: the one
    solo kept for every crawl at that path before it told them apart)."""
    key = "\0".join((str(journal.resolve()), *crawl))
    digest = hashlib.sha1(key.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    stem = "".join(char if char.isalnum() or char in "-_" else "_" for char in journal.stem)[:40]
    return user_state_dir() / "histories" / f"{stem}-{digest}"


def _adopt_old_history(session: Session, path: Path) -> None:
    """A history kept by the journal's path alone becomes this crawl's (moved to ``path``)
    when it was written after the crawl was created: a deleted crawl's is left behind."""
    old = _history_file(session.path)
    if path.exists() or not old.exists():
        return
    try:
        created = datetime.fromisoformat(str(session.meta.get("created", ""))[:19])
    except ValueError:
        return
    if old.stat().st_mtime >= created.replace(tzinfo=timezone.utc).timestamp():
        os.replace(old, path)


def history(session: Session) -> History:
    """The crawl's history at the prompt, in memory where its file cannot be kept."""
    try:
        path = history_path(session)
        path.parent.mkdir(parents=True, exist_ok=True)
        _adopt_old_history(session, path)
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()
