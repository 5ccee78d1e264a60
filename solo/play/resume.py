"""Resuming a journal: the state its last readable record holds, fitted to the procedure
as it is now, and the notices that tell the player what resuming found.

Pure reading: nothing here writes the journal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, get_args

import msgspec

from solo.engine import core as engine
from solo.engine.events import Event
from solo.engine.state import State
from solo.errors import JournalError, UsageError
from solo.journal.map_records import map_from
from solo.journal.notation import one_line
from solo.journal.record import RECORD_VERSION
from solo.journal.record_order import in_step_order, scan_records
from solo.journal.record_split import Span, open_constructs
from solo.journal.record_types import Record, json_data, state_of
from solo.journal.store import Tail, find_record, read_meta, read_tail
from solo.journal.undo_chain import stands_for
from solo.play.dungeon_world import fitted as fitted_world
from solo.play.dungeon_world import stock_dungeon
from solo.play.physical import DICE_MODES
from solo.rules.catalog import load_world
from solo.rules.world import World

__all__ = ["Resumed", "resume", "resume_file", "journal_world", "front_matter_party",
           "dice_mode", "written_later", "standing_entry", "map_gap",
           "refuse_map_gap",
           "left_out", "left_out_note", "torn_note"]

_UNREADABLE = (ValueError, TypeError, KeyError, IndexError, AttributeError)
_EVENTS = frozenset(kind.__struct_config__.tag for kind in get_args(Event))


@dataclass(frozen=True)
class Resumed:
    """Where a journal stands: its state and the counts its records carry on.

    ``live`` is the entry whose state is current (undo moves it back), ``draws`` the
    commands drawn so far (each command's dice come from the seed and this count, so
    narration and undo never change what the dice say), ``lead`` what the next entry
    must begin with to close the text a crash or an editor left open.
    """

    state: State
    live: int
    draws: int
    dice: str
    last_command: str
    session_number: int
    scene: int
    lead: str
    notices: tuple[str, ...]
    map_at: int | None = None  # the step of the last record that keeps the whole map
    torn: bool = False  # the last entry has no readable record (kept, and said)
    world: World | None = None
    """The world the journal plays, stocked with the generator or key it names (and a
    key's own wandering table in place of the procedure's encounter table)."""


def journal_world(path: Path, meta: Mapping[str, Any]) -> World:
    """The procedure and tables a journal plays (table files named relative to it)."""
    tables = [Path(name) for name in meta.get("tables") or []]
    tables = [name if name.is_absolute() else path.parent / name for name in tables]
    system = str(meta["system"])
    files = [("tables", name) for name in tables]
    if Path(system).suffix in (".yaml", ".yml"):  # a procedure file, not an id
        files.insert(0, ("system", Path(system)))
    for key, name in files:
        if not name.exists():  # moved or deleted since: say which file, and what to do
            raise JournalError(f"{path}: the {'procedure' if key == 'system' else 'tables'} "
                               f"file its front matter names ({key}: {name}) is missing; put "
                               f"it back there, or edit '{key}:' to name where it is now")
    try:
        return load_world(system, tables)
    except UsageError as error:  # (the file is at fault, not the command line: exit 1)
        raise JournalError(f"{path}: its front matter: {error}") from None


def resume_file(path: Path) -> Resumed:
    """Where the journal at ``path`` stands, read as a sitting reads it (nothing written)."""
    meta = read_meta(path)
    return resume(journal_world(path, meta), meta, path, read_tail(path))


def resume(world: World, meta: Mapping[str, Any], path: Path, tail: Tail) -> Resumed:
    """The journal at ``path`` as its tail (read once, into typed records) leaves it: the
    state of its highest step (the last record, unless a copied or moved record stands
    after it), the map its records keep, the order of its steps. Raises JournalError if
    that state record cannot be read (the journal is left untouched)."""
    newer = written_later(tail)
    if newer:
        raise JournalError(f"{path}: its last entry has {newer}, as a newer solo writes; "
                           "upgrade solo (or mend the record by hand) to continue it; the "
                           "journal was left untouched")
    scan = scan_records(tail.records, tail.lines())
    if tail.window and scan.note():  # its lines count from the file's top; near its end,
        return resume(world, meta, path, read_tail(path, least=1 << 62))  # a copy looks moved
    record = scan.latest if scan.latest is not None else tail.last
    notices = [scan.note()] if scan.note() else []
    recorded = state_of(record)
    try:
        state = State.from_json(recorded)  # type: ignore[arg-type]
    except _UNREADABLE as err:
        raise JournalError(f"{path}: the last state record cannot be read ({err}); "
                           "the journal was left untouched") from None
    state, joined = front_matter_party(world, meta, recorded or {}, state)
    if joined:
        notices.append(joined)
    else:
        notices.extend(added_by_hand(path, meta, state))
    if tail.window and any(left_out(tail.spans)):  # its line counts from the file's top
        return resume(world, meta, path, read_tail(path, least=1 << 62))
    counted = in_step_order(tail.records)
    map_at: int | None = None
    if record.map is not None:
        read = map_from([kept for kept in counted if kept.step <= record.step])
        if read.whole_at is None and tail.window:  # no whole map reads near the end
            return resume(world, meta, path, read_tail(path, least=1 << 62))
        refuse_map_gap(path, tail, read.whole_at)
        state = replace(state, dungeon=read.dungeon)
        map_at = read.whole_at
        if read.note():
            notices.append(read.note())
    notices.extend(stock_dungeon(world, state.values, path))
    world = fitted_world(world, state.values)  # a key's own wandering table, if it has one
    # The procedure may have been edited since the journal began: fit the state to it.
    fitted, reconciled = engine.reconcile(world, state)
    notices.extend(reconciled)
    live, last_command = standing_entry(path, counted, record.standing)
    notices.extend(note for note in (left_out_note(tail),) if note)
    if tail.torn:
        notices.append(torn_note(path, tail))
    return Resumed(state=fitted, live=live, draws=record.drawn,
                   dice=dice_mode({"dice": record.dice} if record.dice is not None else {},
                                  meta),
                   last_command=last_command,
                   session_number=record.session,
                   scene=record.scene_number,
                   lead=("\n" if tail.needs_newline else "") + tail.closers,
                   notices=tuple(notices), map_at=map_at, torn=tail.torn, world=world)


_MAP_FIELD = re.compile(rb'"(?:rooms|dungeon)"\s*:\s*[\[{]')
"""A record's map changes or whole map (a state's ``"dungeon": "classic"`` is neither)."""


def refuse_map_gap(path: Path, tail: Tail, whole_at: int | None,
                   upto: int | None = None) -> None:
    """Raise JournalError, naming its line, if the map read from the whole map at step
    ``whole_at`` up to step ``upto`` (None: the last readable record) lacks what a record
    in ``tail`` that does not read changed (:func:`map_gap`); the journal is untouched."""
    gap = map_gap(tail, whole_at, upto)
    if gap and tail.window:  # its line counts from the file's top
        gap = map_gap(read_tail(path, least=1 << 62), whole_at, upto)
    if gap:
        raise JournalError(
            f"{path}: the record at line {gap} cannot be read (a curly quote where a "
            "straight one belongs, or the file saved in another encoding than UTF-8?), "
            "and the map needs what its entry changed: playing on would lose that for "
            "good. Mend the record, or delete its comment to go on without it; the "
            "journal was left untouched")


def map_gap(tail: Tail, whole_at: int | None, upto: int | None = None) -> int:
    """The line of the first record in ``tail`` that does not read, stands between the
    whole map the map is read from (step ``whole_at``) and the last readable record (of
    those up to step ``upto``, if given), leaves a step missing there (:func:`left_out`),
    and whose text names rooms or a whole map (or is cut before its state) (0: none). The
    map is read without what that entry changed, and a sitting's first entry (or an undo)
    keeps the whole map: played on, the change would be gone even once the record is
    mended."""
    spans = tail.spans
    last = max(index for index, span in enumerate(spans) if span.record is not None
               and (upto is None or span.record.step <= upto))
    first = max((index for index, span in enumerate(spans[:last + 1]) if span.record is not None
                 and span.record.step == whole_at and span.record.dungeon), default=-1)
    for run in left_out(spans[first + 1:last + 1], whole_at):
        for span in run:
            text = bytes(span.body)
            if _MAP_FIELD.search(text) or b"state" not in text:
                return tail.text.count(b"\n", 0, span.line) + 1
    return 0


def left_out(spans: Sequence[Span], step: int | None = None) -> Iterator[list[Span]]:
    """Each run of records in ``spans`` that do not read and leave a step missing before
    the readable record after them (``step``: that of the record before ``spans``; None:
    none, or not known). A record cut off by a crash and written again leaves no step
    missing; one after the last readable record is a torn entry, resumed before."""
    run: list[Span] = []
    for span in spans:
        if span.record is None:
            run.append(span)
            continue
        if run and (step is None or span.record.step > step + 1):
            yield run
        run, step = [], span.record.step


def left_out_note(tail: Tail) -> str:
    """What to tell the player of the records in ``tail`` that do not read and leave a
    step missing ('' when none does): play goes on, the reports leave them out."""
    first = next(index for index, span in enumerate(tail.spans) if span.record is not None)
    lines = [tail.text.count(b"\n", 0, run[0].line) + 1
             for run in left_out(tail.spans[first:])]
    if not lines:
        return ""
    return (f"The record{'s' if len(lines) > 1 else ''} at line "
            f"{', '.join(map(str, lines[:5]))}{' …' if len(lines) > 5 else ''} cannot be read "
            "(a curly quote where a straight one belongs?): play goes on from the state the "
            "later records keep, but the reports leave out what "
            + ("those entries did until they are" if len(lines) > 1 else
               "its entry did until it is") + " mended.")


def torn_note(path: Path, tail: Tail) -> str:
    """What to tell the player of the end of the journal at ``path`` when its ``tail`` is
    torn: a last record that does not read, or was cut off (play resumes from the entry
    before it), or else a fence or comment the player left open, and the line it opens at
    (solo's next entry closes it first)."""
    if tail.window:  # its line counts from the file's top
        tail = read_tail(path, least=1 << 62)
    end = tail.spans[-1].end
    lines = tail.text[end:].decode("utf-8", errors="replace").split("\n")
    fence, _ = open_constructs("\n".join(lines))
    opens = len(lines) - 1  # the last line the text after the record is closed before
    while opens > 0 and any(open_constructs("\n".join(lines[:opens]))):
        opens -= 1  # (from the end: what is left open was opened near it, as a rule)
    if tail.spans[-1].record is None or not fence and lines[opens].lstrip().startswith(
            "<!-- solo"):
        return ("The journal's last entry has no readable record (cut off by a crash, or "
                "edited by hand). Its text is kept; play resumes from the entry before it.")
    line, recorded = (tail.text.count(b"\n", 0, at) + 1 for at in (end, tail.spans[-1].line))
    return (f"The journal ends with {'a code fence (```)' if fence else 'a comment (<!--)'} "
            f"opened at line {line + opens} and never closed (edited by hand, or an entry cut "
            "off by a crash): its text is kept as typed, solo closes it before its next entry, "
            f"and play goes on from the last entry solo recorded (its record at line {recorded}).")


def standing_entry(path: Path, records: Sequence[Record], step: int) -> tuple[int, str]:
    """The entry that the record of ``step`` stands for (an undo's: the entry whose state
    it put back, :func:`solo.journal.undo_chain.stands_for`) and its command ('' for
    narration); ``records`` those read (in step order), the journal at ``path`` the rest."""
    found = next((record for record in reversed(records) if record.step == step), None)
    if found is not None and found.kind == "undo":  # (as an earlier solo wrote an undo's)
        by_step = {record.step: record for record in records}
        step = stands_for(step, by_step)
        found = by_step.get(step)
    return step, found.cmd if found is not None else str(
        (find_record(path, step) or {}).get("cmd", ""))


def written_later(tail: Tail) -> str:
    """What marks the records from the last readable one on as written by a later solo:
    a record format above this one's, or an event this version does not know ('' when
    none does). Resuming before them would fork the journal: a later entry left behind."""
    last = max(index for index, span in enumerate(tail.spans) if span.record is not None)
    for span in tail.spans[last:]:
        data = json_data(msgspec.Raw(span.body))
        if not isinstance(data, dict):
            continue  # not JSON at all: cut off by a crash or an editor, not a later format
        events = data.get("ev")
        events = events if isinstance(events, list) else []
        unknown = sorted({str(event.get("t")) for event in events
                          if isinstance(event, dict) and event.get("t") not in _EVENTS})
        if isinstance(data.get("v"), int) and data["v"] > RECORD_VERSION:
            return f"record format {data['v']} (this solo writes {RECORD_VERSION})"
        if unknown:
            return "events this solo does not know (" + ", ".join(unknown) + ")"
    return ""


def front_matter_party(world: World, meta: Mapping[str, Any], recorded: Mapping[str, Any],
                       state: State) -> tuple[State, str]:
    """A state recorded before members lived in the state (its record has no 'party'
    at all): the members the front matter names (``solo new --party``) join it at the
    procedure's hit points, as ``solo new`` would make them now. Returns the state and
    what to tell the player ('' when nothing changed and nothing went wrong)."""
    names = meta.get("party")
    if "party" in recorded or state.party or not names or not isinstance(names, list):
        return state, ""
    try:
        members = engine.new_members(world, [str(name) for name in names])
    except UsageError as error:
        return state, (f"The party named at the top of the journal cannot join "
                       f"({error}); add members with 'party add NAME'.")
    return replace(state, party=members), (
        "This journal began before solo kept its members: "
        + ", ".join(member.name for member in members)
        + (" joins" if len(members) == 1 else " join")
        + " at full hit points ('party' lists them).")


def added_by_hand(path: Path, meta: Mapping[str, Any], state: State) -> list[str]:
    """A notice for names in the header's ``party`` (added there by hand, in Obsidian say)
    that are neither in the party now nor among those the crawl began with: solo reads that
    property only when a crawl begins, so it says so and how to add them."""
    names = meta.get("party")
    if not isinstance(names, list) or not names:
        return []
    known = {member.name.casefold() for member in state.party}
    fresh = [str(name) for name in names if str(name).casefold() not in known]
    if not fresh:
        return []
    first = find_record(path, 0)
    state_at_start = first.get("state") if isinstance(first, dict) else None
    began = state_at_start.get("party") if isinstance(state_at_start, dict) else None
    began = began if isinstance(began, list) else []
    began_with = {str(member.get("name", "")).casefold() for member in began
                  if isinstance(member, dict)}
    fresh = [name for name in fresh if name.casefold() not in began_with]
    if not fresh:
        return []
    shown = ", ".join(one_line(name)[:40] for name in fresh[:5]) + (
        f" and {len(fresh) - 5} more" if len(fresh) > 5 else "")
    how = f"'party add {one_line(fresh[0])[:40]}'" if len(fresh) == 1 else "'party add NAME'"
    return [f"The journal's header names {shown} in its party, but solo reads that list "
            f"only when a crawl begins and keeps the party in play: add them with {how}."]


def dice_mode(record: Mapping[str, Any], meta: Mapping[str, Any]) -> str:
    """The dice mode an entry's record leaves in force (the front matter's by default)."""
    dice = record.get("dice", meta.get("dice", "solo"))
    return dice if dice in DICE_MODES else "solo"
