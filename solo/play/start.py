"""Starting and resuming crawls: ``solo new``, ``solo play`` and bare ``solo``."""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from solo import defaults
from solo.engine import core as engine
from solo.engine.dungeon_named import key_values, parse_settings, start_values
from solo.environment import Environment
from solo.errors import JournalError, SoloError, UsageError
from solo.journal.create import create_journal
from solo.journal.header import JOURNAL_FORMAT, HeaderError, obsidian_tags
from solo.journal.notation import member_tag, note, title_block
from solo.journal.record import start_record
from solo.journal.store import read_meta
from solo.play.batch import run_batch
from solo.play.clock import now_text
from solo.play.dungeon_world import checked_key, with_key_rooms
from solo.play.party_from import carry_party
from solo.play.session import Session
from solo.rules import oracle_styles
from solo.rules.catalog import load_system, load_world, stock_generator, system_ids
from solo.rules.key_marks import room_marks
from solo.rules.key_shelf import is_key_file, key_name
from solo.rules.numbers import number_between
from solo.slugs import slugify
from solo.terminal import printable

Interactive = Callable[[Session, Environment], int]
"""Plays a session at a terminal (the REPL), given by the command line, which imports
prompt_toolkit only when a terminal is there."""

__all__ = ["create_journal_file", "create_and_play", "play", "home", "now_text",
           "ask_procedure", "JOURNALS_DIR"]

JOURNALS_DIR = Path("journals")


def default_title(procedure: str) -> str:
    """The title of a crawl the player gave none (``solo new``, bare ``solo``): ``A Delving
    crawl``, ``An Overloaded encounter die crawl`` (an before a vowel)."""
    return f"{'An' if procedure[:1] in set('AEIOUaeiou') else 'A'} {procedure} crawl"


def create_journal_file(journal: str | None, system: str, title: str | None, seed: int | None,
                        tables: list[str], oracle_style: str = defaults.ORACLE_STYLE,
                        party: list[str] | None = None, dice: str = "solo",
                        clock: Callable[[], float] = time.time,
                        dungeon: tuple[str | None, list[str]] = (None, []),
                        party_from: str | None = None) -> Path:
    """Check everything, then write a new journal; returns its path. Without a path, the
    journal is journals/<title>.md, or the first free numbered name after it: each
    ``solo new`` gets a file of its own, however many start at once. ``clock`` dates it
    (unless SOURCE_DATE_EPOCH is set). ``dungeon``: the generator of new rooms and its
    settings (``doors=barred``), kept in the start record's state (and every state after)."""
    world = load_world(system, [Path(name) for name in tables])
    path = Path(journal) if journal else JOURNALS_DIR / f"{slugify(title or '')}.md"
    marks: dict[str, str] = {}
    if dungeon[0] and is_key_file(dungeon[0]):  # a prepared dungeon: its key, checked
        if dungeon[1]:
            raise UsageError("--dungeon-set is for a generator; a key has no settings")
        key = checked_key(world, Path(dungeon[0]))
        generated = key_values(key, key_name(dungeon[0], path.parent))
        marks = room_marks(key)
    else:
        if dungeon[0]:
            stock_generator(world, dungeon[0])
        generated = start_values(world, dungeon[0], parse_settings(dungeon[1]))
    oracle_styles.get_style(world.styles, oracle_style)
    title = title or default_title(world.procedure.name)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    meta = {"title": title, "system": world.procedure.id if Path(system).suffix not in
            (".yaml", ".yml") else str(Path(system).resolve()),
            "seed": seed,
            "created": now_text(clock).removesuffix("Z"),  # UTC, as Obsidian's date-time form
            "tags": obsidian_tags(world.procedure.id),
            "tables": [str(Path(name).resolve()) for name in tables], "party": [],
            "oracle": oracle_style, "solo": JOURNAL_FORMAT}
    if dice != "solo":
        meta["dice"] = dice
    state = engine.start(world, oracle_style, party or ())
    if generated:
        state = replace(state, values={**state.values, **generated})
    carried = None
    if party_from is not None:  # the party of another journal (solo.play.party_from)
        if party:
            raise UsageError("give --party or --party-from, not both")
        carried = carry_party(Path(party_from), world)
        state = engine.follow_members(world, carried.into(state))[0]
    meta["party"] = [member.name for member in state.party]  # (as the state keeps them)
    tags = [member_tag(member.name, member.hp, member.max_hp,
                       world.procedure.party.marks(member.conditions, member.own))
            for member in state.party] + ([note(carried.note)] if carried else [])
    path = Path(journal) if journal else JOURNALS_DIR / f"{slugify(title)}.md"
    record = start_record(state.to_json())
    if marks:  # the key's room marks, for the notice if it is edited (solo.rules.key_marks)
        record = with_key_rooms(record, marks)
    try:
        return create_journal(path, meta, title_block(title, world.procedure.name, seed, tags),
                              record, next_free=not journal)
    except JournalError:
        _refuse_other_file(path)
        raise


def _refuse_other_file(path: Path) -> None:
    """A JournalError if ``path`` is a file that is no journal: 'solo play' it would fail."""
    if not path.is_file():
        return
    try:
        read_meta(path)
    except HeaderError:  # a journal whose header needs fixing: play says what to fix
        return
    except JournalError:
        raise JournalError(f"{path} already exists and is not a solo journal; it was left "
                           "untouched: choose another name for the new one") from None


def create_and_play(journal: str | None, system: str, title: str | None, seed: int | None,
                    tables: list[str], oracle_style: str = defaults.ORACLE_STYLE,
                    party: list[str] | None = None, dice: str = "solo", *,
                    interactive: Interactive, env: Environment,
                    dungeon: tuple[str | None, list[str]] = (None, []),
                    party_from: str | None = None) -> int:
    path = create_journal_file(journal, system, title, seed, tables, oracle_style, party,
                               dice, env.clock, dungeon, party_from)
    env.warn(f"New journal: {printable(str(path))}")
    return play(path, interactive, env)


def play(path: Path, interactive: Interactive, env: Environment) -> int:
    """Play the journal at ``path``: at a terminal, at the prompt; otherwise the lines of
    stdin, one command each (batch mode)."""
    session = Session(path)
    try:
        if env.at_terminal:
            return interactive(session, env)  # the REPL: the CLI loads prompt_toolkit only then
        return run_batch(session, env.stdin_bytes, env.stdout, env.stderr,
                         traceback=env.traceback)
    finally:
        session.close()


def _latest_journal() -> Path | None:
    """The journal in journals/ saved last. One whose header is wrong counts too: resuming
    it says what to fix, rather than starting another crawl without a word."""
    if not JOURNALS_DIR.is_dir():
        return None
    dated = []
    for path in JOURNALS_DIR.glob("*.md"):
        try:  # a dangling symlink, a FIFO or a folder named *.md is no journal
            status = path.stat()
        except OSError:
            continue
        if stat.S_ISREG(status.st_mode):
            dated.append((status.st_mtime, path))
    candidates = [path for _, path in sorted(dated, key=lambda item: item[0], reverse=True)]
    for path in candidates:
        try:
            read_meta(path)
        except HeaderError:
            return path
        except JournalError:
            continue
        return path
    return None


def _ask(question: str, default: str, env: Environment) -> str:
    """One set-up question. Ctrl-D (the end of input) leaves without a crawl: an error,
    exit 1 (Ctrl-C is 130)."""
    env.stdout.write(f"{question} [{default}] ")
    env.stdout.flush()
    line = env.stdin.readline()
    if not line:
        env.say()
        raise SoloError("the input ended before an answer; no crawl was started or resumed")
    return line.strip() or default


def ask_procedure(default: str, env: Environment) -> str:
    """At a terminal: list the procedures and ask which one, until the answer is one."""
    ids = system_ids()
    default_answer = str(ids.index(default) + 1) if default in ids else "1"
    while True:
        env.say("Procedures:")
        for index, ident in enumerate(ids, 1):
            env.say(f"  {index}. {ident} — {printable(load_system(ident).name)}")
        picked = _ask("Which procedure? (number or id)", default_answer, env)
        number = number_between(picked, 1, len(ids))
        if number is not None:
            return ids[number - 1]
        if picked in ids:
            return picked
        env.warn(printable(f"solo: no procedure {picked[:40]!r}; answer with a number from 1 "
                           f"to {len(ids)} or an id"))


def _resume(question: str, env: Environment) -> bool:
    """Whether to resume: y, yes or Enter resume; n or no start a new crawl; else ask again."""
    while True:
        answer = _ask(question, "y", env).lower()
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        env.warn("solo: answer y (resume) or n (start a new crawl)")


def home(interactive: Interactive, env: Environment) -> int:
    """Bare ``solo``: resume the latest journal, or start a crawl, asking as little as possible."""
    latest = _latest_journal()
    at_terminal = env.stdin_isatty
    if latest is not None:
        shown = printable(str(read_meta(latest).get("title", latest.stem)))
        if not at_terminal:  # asks nothing, but says which crawl the lines are played in
            env.warn(f"Resuming '{shown}' ({printable(str(latest))})")
            return play(latest, interactive, env)
        if _resume(f"Resume '{shown}' ({printable(str(latest))})? y = resume, n = start a "
                   "new crawl", env):
            return play(latest, interactive, env)
    system, title = "d12-tension", None  # type: str, str | None
    if at_terminal:
        system = ask_procedure(system, env)
        title = _ask("Title of the crawl?", default_title(load_system(system).name), env)
    return create_and_play(None, system, title, None, [], interactive=interactive, env=env)
