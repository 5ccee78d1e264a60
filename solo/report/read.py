"""Read a journal back for ``solo export`` and ``solo stats``, from its hidden records.

Every figure comes from the records (:mod:`solo.journal.record_types`): the events each
entry made and the state after it, each record decoded once by the one typed decoder
(:class:`~solo.report.records.Records`). Nothing here reads the rendered Lonelog or the
player's prose for figures; prose is only quoted, under an encounter met in the same turn.
Entries taken back with ``undo`` are marked as retracted and left out of every count.
"""

from __future__ import annotations

import gc
import operator
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import compress, islice, pairwise
from pathlib import Path
from typing import Any

from solo.errors import JournalError, SoloError
from solo.journal.front_matter import prose_lines
from solo.journal.record_schema import LEGACY_KIND
from solo.journal.record_split import journal_bytes
from solo.journal.record_types import (
    Answered,
    Encountered,
    LightChanged,
    Struck,
    TimePassed,
    TrackerChanged,
    TurnPassed,
)
from solo.journal.store import line_numbers, read_meta
from solo.report.expeditions import expeditions, explored
from solo.report.model import Crawl, Danger, Encounter, Question
from solo.report.records import Records, indices_of
from solo.rules.catalog import load_system

__all__ = ["gc_paused", "read_journal"]

_TIME_PASSED = (TimePassed, TurnPassed)  # a turn passed, as the reports read it or whole


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector while building many small objects that hold no
    cycles: on a long journal its passes would cost more than the reading."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_procedure(system: str):
    try:
        return load_system(system)
    except SoloError:
        return None


def read_journal(path: Path) -> Crawl:
    """Read ``path`` (refusing anything but a solo journal) into a Crawl."""
    meta = read_meta(path)
    try:  # (read as bytes: a text with one arrow in it takes two bytes a character)
        data = journal_bytes(path.read_bytes())
    except OSError as err:
        raise JournalError(f"cannot read {path}: {err.strerror}") from None
    with gc_paused():
        records = Records(data)
        crawl = _figures(path, meta, records)
    crawl.records = records
    crawl.snapshots = len(records.kinds)
    crawl.garbled = line_numbers(data, records.garbled)  # each unreadable one's line
    crawl.duplicates, crawl.out_of_place = records.duplicates, records.out_of_place
    if records.order_at:  # (the lines of those, for the notice)
        crawl.order_lines = (line_numbers(data, records.order_at[0]),
                             line_numbers(data, records.order_at[1]))
    return crawl


def _older_how(event: LightChanged) -> str:
    """What a light event of a journal written before ``how`` did, from its states."""
    before, after = event.before, event.after
    return "lit" if before == "unlit" else "burnt" if after in ("out", "burnt out") \
        else "doused" if after == "doused" and before != "doused" else ""


def _figures(path: Path, meta: dict[str, Any], records: Records) -> Crawl:
    system = str(meta.get("system", ""))
    procedure = _load_procedure(system) if system else None
    kinds, turn_of, kept = records.kinds, records.turns, records.kept
    live = records.live()
    unit = procedure.clock_unit if procedure is not None else "turn"
    minutes = procedure.minutes if procedure is not None else next(
        (event.minutes for index in live for event in kept[index].ev
         if isinstance(event, _TIME_PASSED) and event.minutes is not None), None)
    turns = turn_of[-1] if turn_of else 0

    encounters: list[Encounter] = []
    questions: list[Question] = []
    lit: dict[str, int] = {}
    signs = 0
    gone = dict.fromkeys(("burnt", "doused", "blown"), 0)  # the lights gone out, by how
    met_at: list[tuple[int, list[Encounter]]] = []  # each record that met encounters
    struck_before: dict[str, set[int]] = {}
    met_before = 0
    narrations = indices_of(kinds, "narration")
    moves: dict[int, list[TrackerChanged]] = {}  # each record's tracker moves, for the danger
    standing = set(live) if len(live) != len(kinds) else None
    tally = records.tally()
    sign_rolls = dict(tally.sign_rolls)
    for index, counted in tally.eventful.items():
        if standing is not None and index not in standing:
            continue
        record = kept[index]
        kind = record.kind
        turn = turn_of[index]
        if kind == LEGACY_KIND:  # format 1: no events, the state says
            state = records.state(index)
            met_here = _legacy_encounters(procedure, state, turn, met_before)
            count = state.get("encounters")
            met_before = count if isinstance(count, int) else met_before
        elif kind == "narration":
            continue
        else:
            met_here = []
        struck = kind == LEGACY_KIND
        sign_events = 0
        for event in counted:
            match event:
                case TrackerChanged(after=int()):
                    moves.setdefault(index, []).append(event)
                case Struck():
                    struck = True
                case Encountered(status="met" | "foreshadowed"):
                    met_here.append(Encounter(turn, event.text, event.status == "foreshadowed",
                                              step=record.step))
                case Encountered(status="sign"):
                    sign_events += 1
                case Encountered(status="struck-sign"):  # its sign result foretold nothing
                    sign_rolls[index] = sign_rolls.get(index, 0) - 1
                case LightChanged():
                    how = {"over": "doused"}.get(event.how, event.how) or _older_how(event)
                    if how == "lit":
                        lit[event.label] = lit.get(event.label, 0) + 1
                    else:  # ("over": put out as the expedition ended, so doused)
                        gone[how] = gone.get(how, 0) + 1
                case Answered():
                    questions.append(Question(turn, event.question, event.odds, event.text,
                                              event.event))
        signs += max(sign_rolls.pop(index, 0), sign_events)  # (a sign told twice: once)
        if met_here:
            met_here[-1].named_in = index
            encounters.extend(met_here)
            met_at.append((index, met_here))
        if struck:
            struck_before = _strike(encounters, records.state(index).get("struck"),
                                    struck_before, records)

    signs += sum(sign_rolls.values())
    _note_encounters(records, met_at, narrations if standing is None
                     else [index for index in narrations if index in standing])
    system_name = procedure.name if procedure is not None else (system or "unknown")
    system_id = procedure.id if procedure is not None else Path(system).name
    return Crawl(path=path, meta=meta, title=str(meta["title"]),
                 system_id=system_id, system_name=system_name, unit=unit, minutes_per_turn=minutes,
                 turns=turns, danger=_danger(procedure, records, live, turns, moves),
                 encounters=encounters, signs=signs, lights_lit=lit, burnt_out=gone["burnt"],
                 put_out=gone["doused"], blown_out=gone["blown"], results=tally.results,
                 expeditions=expeditions(records, live, procedure, path.parent),
                 explored=explored(records, live[-1], procedure, path.parent) if live else None,
                 questions=questions, snapshots=0, garbled=[],
                 retracted=len(records.retracted), procedure=procedure)


def _note_encounters(records: Records, met_at: list[tuple[int, list[Encounter]]],
                     narrations: list[int]) -> None:
    """Note on the encounters of each record that met some the player's words in the first
    narration typed after it and before the next move (a command that passed time, or met
    more): words typed after that are about the move."""
    kinds, kept, turn_of = records.kinds, records.kept, records.turns
    for number, (index, met) in enumerate(met_at):
        after = bisect_right(narrations, index)
        if after == len(narrations) or (number + 1 < len(met_at)
                                        and met_at[number + 1][0] < narrations[after]):
            continue
        narration = narrations[after]
        turn = turn_of[narration]
        if any(turn_of[between] != turn or (kinds[between] == "command" and any(
                type(event) in _TIME_PASSED for event in kept[between].ev))
               for between in range(index + 1, narration)):
            continue
        note = " ".join(" ".join(prose_lines(records.prose(narration))).split())
        if note:
            for encounter in met:
                if encounter.turn == turn:
                    encounter.note = note if len(note) <= 160 else note[:157].rstrip() + "…"


def _legacy_encounters(procedure, state: dict[str, Any], turn: int,
                       before: int) -> list[Encounter]:
    """A format-1 entry has no events: an encounter shows as the state's count going up."""
    count = state.get("encounters")
    last = state.get("last_encounter")
    if not isinstance(count, int) or count <= before or not isinstance(last, list):
        return []
    text = f"{last[0]} #{last[1]}"
    if procedure is not None and last[0] in procedure.tables:
        rows = procedure.tables[last[0]].entries
        if isinstance(last[1], int) and 0 <= last[1] < len(rows):
            text = rows[last[1]].text
    return [Encounter(turn, text)]


def _strike(encounters: list[Encounter], struck: Any, before: dict[str, set[int]],
            records: Records) -> dict[str, set[int]]:
    """Mark the encounter whose table entry was newly struck off as defeated (the entry
    read, as a strike asks, from the state of the record that met it)."""
    now: dict[str, set[int]] = {}
    if isinstance(struck, dict):
        for table, indices in struck.items():
            if isinstance(indices, list):
                now[str(table)] = {index for index in indices if isinstance(index, int)}
    for table, indices in now.items():
        for index in indices - before.get(table, set()):
            for encounter in reversed(encounters):
                if not encounter.defeated and encounter.named_in is not None \
                        and records.last_encounter(encounter.named_in) == (table, index):
                    encounter.defeated = True
                    break
    return now


def _value(state: dict[str, Any], name: str) -> int | None:
    values = state.get("values")
    value = values.get(name) if isinstance(values, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _danger(procedure, records: Records, live: list[int], turns: int,
            moves: dict[int, list[TrackerChanged]]) -> Danger | None:
    kinds = records.kinds
    if procedure is not None:
        name = procedure.danger
        if name is None:
            return None
        tracker = procedure.trackers[name]
        label, maximum, start = tracker.label, tracker.maximum, tracker.start
    else:  # an unknown procedure: the first clock the events moved is the danger
        changes = [move for index in live for move in moves.get(index, ())]
        clock = next((move for move in changes if move.notation == "Clock"),
                     next(iter(changes), None))
        if clock is None:
            return None
        name, label, maximum = clock.tracker, clock.label, clock.maximum
        start = clock.before if clock.before is not None else 0
    if kinds and kinds[0] in ("start", LEGACY_KIND):
        first = _value(records.state(0), name)
        start = first if first is not None else start

    moved = {index: mine for index, tracked in moves.items() if (mine := [
        move.after for move in tracked if move.tracker == name and move.after is not None])}
    values, peaks, current, peak = _track(start, moved, _turning(live, records), records, name,
                                          live)
    values.extend([current] * (turns + 1 - len(values)))  # (nothing when there are enough)
    peaks.extend([None] * (turns + 1 - len(peaks)))
    done = [value if high is None else max(high, value)
            for value, high in zip(values, peaks, strict=True)]
    last = records.state(len(kinds) - 1).get("values") if kinds else None
    hidden = (procedure is not None and isinstance(last, dict)
              and procedure.trackers[name].shown_when is not None
              and _kept_hidden(procedure.trackers[name], last))
    return Danger(label=label, maximum=maximum, start=start, peak=peak, end=current,
                  per_turn=values[1:turns + 1], turn_peaks=done[1:turns + 1], hidden=hidden,
                  hidden_from=_hidden_from(procedure.trackers[name], records, live)
                  if hidden and procedure is not None else 0)


def _hidden_from(tracker, records: Records, live: list[int]) -> int:
    """The turn since whose end a tracker hidden at the journal's end has been kept hidden
    (0: from the start): back from the end, the last state that showed it, read from the
    states (a setting, or whatever changed what its ``shown:`` reads)."""
    for later, index in pairwise(reversed(live)):
        values = records.state(index).get("values")
        if not isinstance(values, dict) or not _kept_hidden(tracker, values):
            return records.turns[later]
    return 0


def _kept_hidden(tracker, values: dict) -> bool:
    """Whether the journal's last state keeps ``tracker`` behind the screen."""
    try:
        return tracker.hidden(values)
    except Exception:  # noqa: BLE001 - a state that does not read: the track is shown
        return False


_Track = tuple[list[int], list[int | None], int, int]  # values, peaks, current, peak


def _turning(live: list[int], records: Records) -> list[int]:
    """The records standing that the danger's track must look at beyond those that moved
    it: the format-1 ones (their state says) and those whose turn goes back (an undo or a
    hand edit); between them the track holds its value."""
    turn_of = records.turns
    played = turn_of if len(live) == len(turn_of) else [turn_of[index] for index in live]
    back = compress(islice(live, 1, None), map(operator.gt, played, islice(played, 1, None)))
    legacy = indices_of(records.kinds, LEGACY_KIND)
    if legacy and len(live) != len(turn_of):
        standing = set(live)
        legacy = [index for index in legacy if index in standing]
    return [*back, *legacy]


def _track(start: int, moved: dict[int, list[int]], looked_at: list[int],
           records: Records, name: str, live: list[int]) -> _Track:
    """The danger's track, from the records standing that moved it, those :func:`_turning`
    names (turns going back: an undo, a hand edit) and those after a step left out (a bad
    record: their state says), each in its turn inside (``Records.turns_inside``)."""
    kinds, turn_of, steps = records.kinds, records.turns_inside(live), records.steps
    standing = set(live) if len(live) != len(kinds) else range(len(kinds))
    gaps = {at for at, (a, b) in enumerate(pairwise(steps), 1) if b > a + 1 and at in standing}
    values: list[int] = [start]
    peaks: list[int | None] = [start]
    current = peak = start
    previous_turn = -1
    for index in sorted({*looked_at, *gaps, *(index for index in moved if index in standing)}):
        written = moved.get(index, [])
        turn, legacy = turn_of[index], kinds[index] == LEGACY_KIND or index in gaps
        if not written and turn == previous_turn and not legacy:
            continue  # nothing moved and the clock stood still: nothing to do
        previous_turn = turn
        after = _value(records.state(index), name) if legacy else None
        if after is None:
            after = written[-1] if written else current
        if turn < len(values) - 1:  # the clock went back (an undo or a hand edit): follow it
            del values[turn + 1:], peaks[turn + 1:]
        values.extend([current] * (turn + 1 - len(values)))
        peaks.extend([None] * (turn + 1 - len(peaks)))
        if written or after != current:
            seen = [*written, after]
            high = peaks[turn]
            peaks[turn] = max(seen) if high is None else max(high, *seen)
            peak = max(peak, *seen)
        current = values[turn] = after
    return values, peaks, current, peak
