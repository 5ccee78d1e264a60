"""Starting and resuming crawls: ``solo new``, ``solo play`` and bare ``solo``."""

from __future__ import annotations

import os
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from solo.errors import UsageError

__all__ = ["create_journal_file", "create_and_play", "play", "home", "now_text",
           "JOURNALS_DIR"]

JOURNALS_DIR = Path("journals")


def now_text() -> str:
    """The time solo writes: SOURCE_DATE_EPOCH when set (reproducible journals), else now."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        seconds = int(epoch) if epoch else int(time.time())
    except ValueError:
        raise UsageError("SOURCE_DATE_EPOCH must be a whole number of seconds") from None
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _free_path(title: str) -> Path:
    from solo.journal import slugify

    base = JOURNALS_DIR / f"{slugify(title)}.md"
    candidate, number = base, 2
    while candidate.exists():
        candidate = base.with_name(f"{base.stem}-{number}.md")
        number += 1
    return candidate


def create_journal_file(journal: str | None, system: str, title: str | None, seed: int | None,
                        tables: list[str], oracle_style: str = "mythic",
                        party: list[str] | None = None) -> Path:
    """Check everything, then write a new journal; returns its path."""
    from solo import engine, oracle
    from solo.catalog import load_world
    from solo.journal import JOURNAL_FORMAT, create_journal
    from solo.notation import title_block
    from solo.record import start_record

    world = load_world(system, [Path(name) for name in tables])
    oracle.get_style(world.styles, oracle_style)
    title = title or f"A {world.procedure.name} crawl"
    path = Path(journal) if journal else _free_path(title)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    meta = {"title": title, "system": world.procedure.id if Path(system).suffix not in
            (".yaml", ".yml") else str(Path(system).resolve()),
            "seed": seed, "created": now_text(),
            "tables": [str(Path(name).resolve()) for name in tables], "party": list(party or []),
            "oracle": oracle_style, "solo": JOURNAL_FORMAT}
    create_journal(path, meta, title_block(title, world.procedure.name, seed),
                   start_record(engine.start(world, oracle_style).to_json()))
    return path


def create_and_play(journal: str | None, system: str, title: str | None, seed: int | None,
                    tables: list[str], oracle_style: str = "mythic",
                    party: list[str] | None = None) -> int:
    path = create_journal_file(journal, system, title, seed, tables, oracle_style, party)
    print(f"New journal: {path}", file=sys.stderr)
    return play(path)


def play(path: Path) -> int:
    from solo.session import Session

    session = Session(path)
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            from solo.repl import run_interactive

            return run_interactive(session)
        from solo.batch import run_batch

        return run_batch(session, sys.stdin)
    finally:
        session.close()


def _latest_journal() -> Path | None:
    if not JOURNALS_DIR.is_dir():
        return None
    candidates = sorted(JOURNALS_DIR.glob("*.md"), key=lambda path: path.stat().st_mtime,
                        reverse=True)
    from solo.errors import JournalError
    from solo.journal import read_meta

    for path in candidates:
        try:
            read_meta(path)
        except JournalError:
            continue
        return path
    return None


def _ask(question: str, default: str) -> str:
    try:
        answer = input(f"{question} [{default}] ").strip()
    except EOFError:
        return default
    return answer or default


def home() -> int:
    """Bare ``solo``: resume the latest journal, or start a crawl, asking as little as possible."""
    latest = _latest_journal()
    interactive = sys.stdin.isatty()
    if latest is not None:
        if not interactive:
            return play(latest)
        from solo.journal import read_meta

        title = read_meta(latest).get("title", latest.stem)
        choice = _ask(f"Resume '{title}' ({latest})? y = resume, n = start a new crawl", "y")
        if choice.lower().startswith("y"):
            return play(latest)
    system, title = "d12-tension", None
    if interactive:
        from solo.catalog import load_system, system_ids

        ids = system_ids()
        print("Procedures:")
        for index, ident in enumerate(ids, 1):
            print(f"  {index}. {ident} — {load_system(ident).name}")
        default = str(ids.index(system) + 1) if system in ids else "1"
        picked = _ask("Which procedure? (number or id)", default)
        if picked.isdigit() and 1 <= int(picked) <= len(ids):
            system = ids[int(picked) - 1]
        elif picked in ids:
            system = picked
        else:
            raise UsageError(f"no procedure {picked!r}; choose one of: {', '.join(ids)}")
        title = _ask("Title of the crawl?", "The Nameless Dungeon")
    return create_and_play(None, system, title, None, [])
