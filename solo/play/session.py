"""A play session: one open journal, its world and state, and the lines a player types.

Shared by the interactive REPL and batch mode. The session keeps the sitting: it plays a
line by the line rule (:mod:`solo.play.line`), runs engine commands through the pure engine,
renders their events and appends them to the journal, and only then moves the state in
memory on. Each append is fsync'd at once, or in batch mode with its group of lines
(:mod:`solo.play.batch`), before the player sees its result. What it shows comes from
:mod:`solo.play.prompt_text`, :mod:`solo.play.status` and :mod:`solo.play.help_text`; the
session commands from :mod:`solo.play.session_commands`; resuming from
:mod:`solo.play.resume`.
"""

from __future__ import annotations

import random
import time
from collections import deque
from dataclasses import replace
from pathlib import Path

from solo.engine import core as engine
from solo.engine.dungeon_named import DUNGEON_VALUES
from solo.engine.requests import Request, SessionStep, SetDice, SetDungeon, Show
from solo.engine.state import State
from solo.errors import JournalError, SoloError, UsageError
from solo.journal.map_records import MapLedger, rebuild_map
from solo.journal.notation import (
    Line,
    mechanics_block,
    narration_block,
    note,
    one_line,
    render_events,
    scene_heading,
    session_heading,
)
from solo.journal.record import make_record, record_comment
from solo.journal.record_schema import MAP_AT_KEY
from solo.journal.store import Journal, JournalChanged, Tail, find_record, read_meta, read_tail
from solo.play import prompt_text
from solo.play.clock import now_text
from solo.play.dungeon_world import fitted, key_rooms_of, named_dungeon, stock_dungeon
from solo.play.line import parse_line, split_lines
from solo.play.physical import DICE_MODES, AskDie, TypedDice
from solo.play.recap import last_words, recap_data, recap_lines, snapshot_block
from solo.play.reply import Reply
from solo.play.resume import (
    dice_mode,
    front_matter_party,
    journal_world,
    refuse_map_gap,
    resume,
    standing_entry,
)
from solo.play.session_commands import SESSION_COMMANDS
from solo.play.status import look_up
from solo.play.status_bar import WIDTH
from solo.rules.procedure import Procedure
from solo.rules.world import World

_HELD_BYTES = 4 * 1024 * 1024  # how much of a sitting solo keeps to put back after an editor

__all__ = ["Session", "Reply", "SESSION_COMMANDS"]


class Session:
    """An open journal being played."""

    def __init__(self, path: Path, durable: bool = True) -> None:
        self.path = path
        self.meta = read_meta(path)
        self.world: World = journal_world(path, self.meta)
        self.journal = Journal(path, durable)
        try:
            resumed = resume(self.world, self.meta, path, read_tail(path))
        except SoloError:
            self.journal.close()
            raise
        self.notices: list[str] = list(resumed.notices)  # what resuming found, said once
        self.world = resumed.world or self.world
        self.state: State = resumed.state
        self.live = resumed.live  # the entry whose state is current (undo moves it back)
        # commands drawn so far: each command's dice come from the seed and this count, so
        # narration and undo never change what the dice say
        self.draws = resumed.draws
        self.dice = resumed.dice
        self.last_command = resumed.last_command
        self.session_number = resumed.session_number
        self.scene = resumed.scene
        self.lead = resumed.lead  # what the next entry begins with (closing a torn tail)
        self.seed = int(self.meta["seed"])
        # this sitting's latest entries, to put back if an editor's stale copy drops them
        self.written: deque[tuple[int, str]] = deque()
        self.written_bytes = 0
        self.ask_die: AskDie | None = None  # how to ask the player for a die (physical dice)
        # when a record keeps the whole map (solo.journal.map_records)
        self.map_ledger = MapLedger(resumed.map_at)
        self.sitting_open = False  # whether this sitting's session heading is written

    @property
    def procedure(self) -> Procedure:
        return self.world.procedure

    def close(self) -> None:
        self.journal.close()

    def where(self, width: int | None = None) -> str:
        """Where the party stands and what the procedure expects next (the prompt's line;
        solo.play.prompt_text.where)."""
        return prompt_text.where(self.world, self.state, width)

    def recap(self, now: float | None = None) -> list[str]:
        """Where the crawl stands (the ``recap`` command; a sitting opens with it)."""
        try:
            since = (time.time() if now is None else now) - self.path.stat().st_mtime
        except OSError:
            since = None
        return recap_lines(recap_data(self.world, self.meta, self.state,
                                      session=self.session_number, scene=self.scene,
                                      words=last_words(self.path), since=since))

    def toolbar(self) -> str:
        """The status bar (solo.play.prompt_text.toolbar), fitted to the screen's width
        while a prompt draws it (else solo.play.status_bar.WIDTH); never raises."""
        from prompt_toolkit.application.current import get_app_or_none  # the REPL's own
        app = get_app_or_none()
        width = app.output.get_size().columns if app is not None else WIDTH
        return prompt_text.toolbar(self.world, self.state,
                                   str(self.meta.get("title", self.path.stem)), width)

    # -- handling a line --------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Play one line by the line rule (solo.play.line): a command that parses whole, or
        narration. Several lines (a paste) are played one by one (cut where
        solo.play.line.split_lines cuts)."""
        pieces = split_lines(line) or [""]
        if len(pieces) > 1:
            shown: list[str] = []
            for piece in pieces:
                reply = self.handle(piece)
                shown.extend(reply.lines)
                if reply.quit:
                    return Reply(tuple(shown), quit=True)
            return Reply(tuple(shown))
        parsed = parse_line(self.world, self.state, line)
        request = parsed.request
        if request is None:
            return self.narrate(parsed.text, parsed.hint) if parsed.kind == "narration" \
                else Reply()
        if isinstance(request, SessionStep):
            return SESSION_COMMANDS[request.name].run(self, request.rest)
        if isinstance(request, Show):
            if request.name in SESSION_COMMANDS:  # a bare 'light' is 'lights'
                return SESSION_COMMANDS[request.name].run(self, "")
            return Reply((look_up(self.world, self.state, request.name),))
        if isinstance(request, SetDice):
            return self.set_dice(request.mode)
        return self.perform(request)

    # -- writing to the journal (the only methods that append) -------------------------------
    def narrate(self, text: str, hint: str = "") -> Reply:
        """Journal the player's own words (prose, or notation as typed); show ``hint`` after."""
        state = replace(self.state, step=self.state.step + 1, prev=self.state.step)
        self._entry("narration", narration_block(text), state, "", ())
        self.state, self.live = state, state.step
        self.last_command = ""
        return Reply((*self.take_notices(), *filter(None, [hint])))

    def perform(self, request: Request) -> Reply:
        """Carry out an engine command (a procedure action or a tool), for its member if it
        names one, journal it, then move on."""
        text, actor = one_line(request.text), request.actor
        seed = f"{self.seed}:{self.draws}"
        rng = TypedDice(seed, self.ask_die) if self.dice == "physical" and self.ask_die \
            else random.Random(seed)
        if isinstance(request, SetDungeon):  # read what it names: the engine reads no file
            request = named_dungeon(self.world, request, self.path)
        result = engine.perform(self.world, self.state, request, rng)
        if isinstance(request, SetDungeon):
            self.world = fitted(self.world, result.state.values)
        if actor is not None:
            text = f"{actor}: {text}"  # the record keeps the line as the player typed it
        lines = render_events(result.events)
        typed = getattr(rng, "typed", [])
        if typed:  # the player's own dice, marked as such
            lines.append(Line(note("rolled at the table: " + ", ".join(
                f"d{sides}={face}" for sides, face in typed)), "note"))
        before, after = self.state.turn, result.state.turn
        heading = ""
        if after > before:
            heading = scene_heading(self.scene + 1, self.procedure.clock_unit, before + 1,
                                    after, self.procedure.minutes)
        extra: dict = {"draws": self.draws + 1}
        if result.state.trip.number > self.state.trip.number:
            self.sitting_open = False  # a new expedition opens a new Lonelog session
        if typed:
            extra["typed"] = [list(die) for die in typed]
        marks = key_rooms_of(self.world, self.state.values, result.state.values,
                             result.state.step)
        if marks:
            extra["key_rooms"] = marks
        self._entry("command", mechanics_block(lines) if lines else "", result.state, text,
                    result.events, heading, extra=extra)
        self.draws += 1
        if heading:
            self.scene += 1
        self.state, self.live = result.state, result.state.step
        self.last_command = text
        shown = ([Line(heading, "heading")] if heading else []) + lines
        return Reply((*self.take_notices(), *shown))

    def set_dice(self, mode: str) -> Reply:
        """``physical``: solo asks for every die it would roll; ``solo``: it rolls them."""
        mode = mode.strip().lower()
        if mode not in DICE_MODES:
            raise UsageError(f"dice are {' or '.join(DICE_MODES)}, not {mode[:20]!r}")
        state = replace(self.state, step=self.state.step + 1, prev=self.state.step)
        line = Line(note(f"set dice {mode}"), "note")
        self._entry("setting", mechanics_block([line]), state, f"set dice {mode}", (),
                    extra={"dice": mode})
        self.state, self.live, self.dice = state, state.step, mode
        self.last_command = f"set dice {mode}"
        return Reply((*self.take_notices(), line))

    def undo(self) -> Reply:
        """Take back the last entry still standing, whatever it was (the journal keeps it,
        marked as taken back by this entry's record)."""
        target = self.state.prev
        if target < 0 or self.live == 0:
            raise UsageError("nothing to undo")
        record = find_record(self.path, target)
        if record is None:
            raise JournalError("cannot find the state before the last entry in the journal")
        try:
            earlier, _ = front_matter_party(self.world, self.meta, record["state"],
                                            State.from_json(record["state"]))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            raise JournalError(f"the state record of entry {target} cannot be read; "
                               "nothing was taken back") from None
        undone = self.live
        taken = self.last_command or "the narration"
        dungeon, whole_at, lost = rebuild_map(self.path, record)
        if lost:
            raise JournalError("the map as it was before the last entry cannot be read from "
                               "the journal; nothing was taken back")
        if record.get(MAP_AT_KEY) is not None:  # its whole map would lose a change for good
            refuse_map_gap(self.path, read_tail(self.path, back_to=whole_at), whole_at, target)
        values = {**self.state.values, **earlier.values}
        for name in DUNGEON_VALUES:  # a dungeon named since is taken back with its entry
            if name in values and name not in earlier.values:
                values[name] = ""
        restored = replace(earlier, values=values, step=self.state.step + 1,
                           prev=earlier.prev, dungeon=dungeon)
        self.notices.extend(stock_dungeon(self.world, restored.values, self.path))
        self.world = fitted(self.world, restored.values)
        line = Line(note(f"undo: took back {taken}"), "note")
        # an undo's record stands for the entry whose state it put back: so does this one
        live, command = (target, str(record.get("cmd", ""))) if record.get("kind") != "undo" \
            else standing_entry(self.path, read_tail(self.path, back_to=target).records, target)
        self._entry("undo", mechanics_block([line]), restored, "undo", (),
                    extra={"undid": undone, "live": live})
        self.state, self.live, self.last_command = restored, live, command
        self.dice = dice_mode(record, self.meta)
        return Reply((*self.take_notices(), line))

    def _entry(self, kind: str, body: str, state: State, command: str, events,
               heading: str = "", extra: dict | None = None) -> None:
        """Append one entry: headings, its Markdown, and its hidden record."""
        if self.dice != self.meta.get("dice", "solo") and "dice" not in (extra or {}):
            extra = {**(extra or {}), "dice": self.dice}  # a mode set in play lasts
        recorded = state.to_json()
        if "party" not in recorded and self.meta.get("party"):
            recorded["party"] = []  # all gone: not a journal from before members (resume)
        kept = self.map_ledger.fields(self.state.dungeon, state.dungeon, state.step,
                                      whole=not self.sitting_open or kind == "undo")
        if kept:
            extra = {**(extra or {}), **kept}
        record = make_record(step=state.step, kind=kind, command=command, draws=self.draws,
                             session=self.session_number + (0 if self.sitting_open else 1),
                             scene=self.scene + (1 if heading else 0), turn=state.turn,
                             events=events, state=recorded,
                             extra={"live": state.step, **(extra or {})}
                             if kind != "command" else extra)
        parts = []
        if not self.sitting_open:
            parts.append(session_heading(self.session_number + 1, now_text()[:10]))
            opening = snapshot_block(self.world, self.state) if self.session_number else ""
            if opening:
                parts.append(opening)
        parts += [part for part in (heading, body) if part]
        text = self.lead + "\n" + "\n\n".join([*parts, record_comment(record)]) + "\n"
        self._append(state.step, text)
        self.lead = ""
        self.map_ledger.wrote(kept, len(text))
        if not self.sitting_open:
            self.sitting_open = True
            self.session_number += 1

    def _append(self, step: int, text: str) -> None:
        """Append, making sure the entry lands in the file at the path: if an editor replaced
        or rewrote the file, re-read it and put back whatever of this sitting it lacks."""
        for _ in range(5):
            try:
                self.journal.append(text)
            except JournalChanged as changed:
                if changed.written:
                    self._remember(step, text)
                    text = ""
                self._put_back()
                if not text:
                    return
                continue
            self._remember(step, text)
            return
        raise self._keeps_changing()

    def save(self) -> None:
        """Make sure every entry written so far is on disk, in the file at the path (for
        grouped appends, batch play: solo.play.batch). Raises JournalError if it cannot."""
        for _ in range(5):
            try:
                self.journal.sync()
            except JournalChanged:
                self._put_back()
                continue
            return
        raise self._keeps_changing()

    def _remember(self, step: int, text: str) -> None:
        self.written.append((step, text))
        self.written_bytes += len(text)
        while self.written_bytes > _HELD_BYTES and len(self.written) > 1:
            self.written_bytes -= len(self.written.popleft()[1])

    def _put_back(self) -> None:
        tail = read_tail(self.path)
        last = tail.record.get("step")
        if not isinstance(last, int) or last > self.state.step + 1:
            raise JournalError(f"{self.path} was replaced by a journal solo did not write "
                               "(another session?); stopping here")
        if self.written and last < self.written[0][0] - 1:
            raise JournalError(f"{self.path} was replaced by a copy older than this session's "
                               "last entries solo can put back; nothing more was written, "
                               "restore the journal from your editor's history")
        missing = "".join(text for step, text in self.written if step > last)
        self.notices.append("The journal was changed on disk by another program; solo read it "
                            "again and kept your edits"
                            + (" and put its own missing entries back." if missing else "."))
        text = _put_back_text(tail, missing)
        if text:
            self._append_raw(text)

    def _append_raw(self, text: str) -> None:
        try:
            self.journal.append(text)
        except JournalChanged:
            raise self._keeps_changing() from None

    def _keeps_changing(self) -> JournalError:
        return JournalError(f"{self.path} keeps changing under solo; close the program that "
                            "is writing it and try again")

    def take_notices(self) -> tuple[str, ...]:
        notices, self.notices = tuple(self.notices), []
        return notices


def _put_back_text(tail: Tail, missing: str) -> str:
    """What to append to the file read again (``tail``) to put back ``missing`` (this
    sitting's entries it lacks): the file's open fence or comment closed first, then them;
    but where the file, after its last record, holds nothing but their first whole lines
    (an editor cut the journal inside solo's entry: its session heading kept, say), only
    the rest of them, so that nothing stands twice."""
    end = next(span.end for span in reversed(tail.spans) if span.record is not None)
    after = tail.text[end:].decode("utf-8", errors="replace")
    kept, body = after.strip(), missing.lstrip()
    if not kept or not body.startswith(kept + "\n"):
        return ("\n" if tail.needs_newline else "") + tail.closers + missing
    rest = body[len(kept):]
    newlines = len(rest) - len(rest.lstrip("\n"))
    return "\n" * max(newlines - (len(after) - len(after.rstrip("\n"))), 0) + rest.lstrip("\n")
