"""A play session: one open journal, its world and state, and the commands a player types.

Shared by the interactive REPL and batch mode. Commands that change the crawl go
through the pure engine; their events are rendered and appended to the journal, and only
then is the state in memory moved on. Each append is fsync'd at once, or in batch mode
with its group of lines (solo.play.batch), before the player sees its result.
"""

from __future__ import annotations

import difflib
import random
import textwrap
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from solo import defaults
from solo.engine import core as engine
from solo.engine.state import State
from solo.errors import JournalError, SoloError, UsageError
from solo.journal.notation import (
    Line,
    clock_text,
    mechanics_block,
    narration_block,
    note,
    one_line,
    render_events,
    scene_heading,
    session_heading,
)
from solo.journal.record import make_record, record_comment
from solo.journal.store import Journal, JournalChanged, Tail, find_record, read_meta, read_tail
from solo.play.clock import now_text
from solo.play.commands_table import SESSION, TOOLS, command_table
from solo.play.line import LINE_RULE, NARRATION_MARKS, clean, odds_names, parse_line
from solo.play.physical import DICE_MODES, AskDie, TypedDice
from solo.rules import oracle_styles
from solo.rules.catalog import load_world
from solo.terminal import printable

_HELD_BYTES = 4 * 1024 * 1024  # how much of a sitting solo keeps to put back after an editor

__all__ = ["Session", "Reply", "SESSION_COMMANDS", "BUILTIN_HELP",
           "NARRATION_MARKS"]

# The table of commands lives in solo.play.commands_table; these names stay for old imports.
BUILTIN_HELP = {name: (command.usage, command.help) for name, command in TOOLS.items()}


@dataclass(frozen=True)
class Reply:
    lines: tuple[str, ...] = ()
    quit: bool = False


@dataclass(frozen=True)
class SessionCommand:
    name: str
    usage: str
    help: str
    run: Callable[[Session, str], Reply]


SESSION_COMMANDS: dict[str, SessionCommand] = {}


def session_command(name: str):
    """Give a session command of the table (solo.play.commands_table.SESSION) its code."""
    def register(function: Callable[[Session, str], Reply]):
        command = SESSION[name]
        entry = SessionCommand(name, command.usage, command.help, function)
        for word in (name, *command.aliases):
            SESSION_COMMANDS[word] = entry
        return function
    return register


class Session:
    """An open journal being played."""

    def __init__(self, path: Path, durable: bool = True) -> None:
        self.path = path
        self.meta = read_meta(path)
        tables = [Path(name) for name in self.meta.get("tables") or []]
        base = path.parent
        self.world = load_world(self.meta["system"],
                                [name if name.is_absolute() else base / name for name in tables])
        self.journal = Journal(path, durable)
        self.notices: list[str] = []
        try:
            self._resume(read_tail(path))
        except SoloError:
            self.journal.close()
            raise
        self.seed = int(self.meta["seed"])
        # this sitting's latest entries, to put back if an editor's stale copy drops them
        self.written: deque[tuple[int, str]] = deque()
        self.written_bytes = 0
        self.ask_die: AskDie | None = None  # how to ask the player for a die (physical dice)
        self.sitting_open = False  # whether this sitting's session heading is written

    def _resume(self, tail: Tail) -> None:
        record = tail.record
        try:
            state = State.from_json(record["state"])
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as err:
            raise JournalError(f"{self.path}: the last state record cannot be read ({err}); "
                               "the journal was left untouched") from None
        state = self._front_matter_party(record["state"], state, tell=True)
        # The procedure may have been edited since the journal began: fit the state to it.
        self.state: State
        self.state, reconciled = engine.reconcile(self.world, state)
        self.notices.extend(reconciled)
        self.live = int(record.get("live", state.step))
        # commands drawn so far: each command's dice come from the seed and this count, so
        # narration and undo never change what the dice say
        self.draws = int(record.get("draws", state.step))
        dice = record.get("dice", self.meta.get("dice", "solo"))
        self.dice = dice if dice in DICE_MODES else "solo"
        live = record if self.live == record.get("step") else find_record(self.path, self.live)
        self.last_command = str((live or {}).get("cmd", ""))
        self.session_number = int(record.get("session", 0) or 0)
        self.scene = int(record.get("scene", state.turn) or 0)
        self.lead = ("\n" if tail.needs_newline else "") + tail.closers
        if tail.torn:
            self.notices.append("The journal's last entry has no readable record (cut off by "
                                "a crash, or edited by hand). Its text is kept; play resumes "
                                "from the entry before it.")

    def _front_matter_party(self, recorded: Mapping[str, Any], state: State,
                            tell: bool = False) -> State:
        """A state recorded before members lived in the state (its record has no 'party'
        at all): the members the front matter names (``solo new --party``) join it at the
        procedure's hit points, as ``solo new`` would make them now."""
        names = self.meta.get("party")
        if "party" in recorded or state.party or not names or not isinstance(names, list):
            return state
        try:
            members = engine.new_members(self.world, [str(name) for name in names])
        except UsageError as error:
            if tell:
                self.notices.append(f"The party named at the top of the journal cannot join "
                                    f"({error}); add members with 'party add NAME'.")
            return state
        if tell:
            self.notices.append("This journal began before solo kept its members: "
                                + ", ".join(member.name for member in members)
                                + (" joins" if len(members) == 1 else " join")
                                + " at full hit points ('party' lists them).")
        return replace(state, party=members)

    @property
    def procedure(self):
        return self.world.procedure

    def close(self) -> None:
        self.journal.close()

    # -- what the player sees ------------------------------------------------------------
    def where(self, width: int | None = None) -> str:
        """Where the party stands in the procedure and what it expects next; with
        ``width``, shortened to fit that many columns."""
        procedure = self.procedure
        moves = [name for name, action in procedure.actions.items()
                 if action.group == "procedure"]
        place = self._place()
        place = place[0].upper() + place[1:]
        expected = f"next: {', '.join(moves)}"
        if procedure.prompt is not None:
            try:
                expected = engine.render(self.world, self.state, procedure.prompt)
            except Exception:  # a prompt naming something unknown: the plain list
                pass
        expected = " ".join(clean(expected).split())
        full = f"{place} · {expected} · or narrate, ask, roll, help"
        if width is None or len(full) <= width:
            return full
        short = f"{place} · {expected}"
        if len(short) <= width:
            return short
        return short[:width - 1].rsplit(" ", 1)[0].rstrip(",·; ") + "…"

    def toolbar(self) -> str:
        """The status bar: title, the same turn number as the prompt's, danger, trackers,
        light. A state the procedure no longer matches shows, never raises."""
        try:
            return self._toolbar()
        except Exception as error:  # noqa: BLE001 - redrawn on every key: never raise here
            return f"{self.meta.get('title', self.path.stem)} │ (cannot show the state: " \
                f"{type(error).__name__})"

    def _toolbar(self) -> str:
        procedure = self.procedure
        parts = [str(self.meta.get("title", self.path.stem)), self._place()]
        danger = engine.danger_value(self.world, self.state)
        if danger and self._showing(procedure.danger):
            label, value, maximum = danger
            parts.append(f"{label} {value}" + (f"/{maximum}" if maximum is not None else ""))
        for name, tracker in procedure.trackers.items():
            if tracker.shown and name != procedure.danger and self._showing(name):
                parts.append(f"{tracker.label} {self.state.values[name]}")
        parts.append(self._light_summary())
        for member in self.state.party:
            marks = self.procedure.party.marks(member.conditions)
            parts.append(f"{member.name} {member.hp}/{member.max_hp}"
                         + (f" {'/'.join(marks)}" if marks else "")
                         + ("!" if member.hp == 0 else ""))
        return printable(" │ ".join(parts))

    def _place(self) -> str:
        """The turn the prompt and the status bar name: the next one, or, in a procedure
        whose characters act inside a round (Trespasser), the round under way."""
        procedure = self.procedure
        turn, unit = self.state.turn, procedure.clock_unit
        elapsed = clock_text(turn, procedure.minutes)
        if turn and any(action.group == "character" for action in procedure.actions.values()):
            return f"{unit} {turn} under way" + (f" ({elapsed})" if elapsed else "")
        return f"{unit} {turn + 1}" + (f" (after {elapsed})" if elapsed and turn else "")

    def _showing(self, tracker: str | None) -> bool:
        """A setting ``show_<tracker>: false`` keeps that tracker out of the status bar
        (it is still tracked and journaled)."""
        return self.state.values.get(f"show_{tracker}") is not False

    def _light_summary(self) -> str:
        if not self.state.lights:
            return "dark"
        shown = []
        for light in self.state.lights:
            label = self.procedure.lights[light.kind].label
            shown.append(f"{label} {light.remaining}t" if light.remaining is not None else label)
        return "light: " + ", ".join(shown)

    def completion_words(self) -> list[str]:
        """Command words, and each one-word member's name with its colon (``Wren:``)."""
        members = {f"{member.name}:" for member in self.state.party if " " not in member.name}
        return sorted(set(command_table(self.procedure)) | {"light"} | members)

    # -- handling a line --------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Play one line by the line rule (solo.play.line): a command that parses whole, or
        narration. Several lines (a paste) are played one by one."""
        pieces = line.splitlines() or [""]
        if len(pieces) > 1:
            shown: list[str] = []
            for piece in pieces:
                reply = self.handle(piece)
                shown.extend(reply.lines)
                if reply.quit:
                    return Reply(tuple(shown), quit=True)
            return Reply(tuple(shown))
        parsed = parse_line(self.world, self.state, line)
        if parsed.kind == "empty":
            return Reply()
        if parsed.kind == "narration":
            return self.narrate(parsed.text)
        if parsed.kind == "session":
            return SESSION_COMMANDS[parsed.name].run(self, parsed.rest)
        if parsed.kind == "show":
            return Reply((self._show(parsed.name),))
        if parsed.kind == "dice":
            return self.set_dice(parsed.rest)
        return self.perform(parsed.text, parsed.actor)

    def _show(self, name: str) -> str:
        values = self.state.values
        if name == "party":
            return "\n".join(self.party_lines())
        if name == "chaos":
            chaos = values.get("chaos", defaults.CHAOS)
            if chaos == "follow":
                return (f"Chaos follows {self.procedure.danger}: now "
                        f"{engine.effective_chaos(self.world, self.state)}")
            return f"Chaos: {chaos} (chaos N sets it, 1-9)"
        return (f"Oracle style: {values.get('oracle', defaults.ORACLE_STYLE)} (choose one of "
                f"{', '.join(sorted(self.world.styles))})")

    # -- writing to the journal (the only methods that append) -------------------------------
    def narrate(self, text: str) -> Reply:
        """Write the player's own words into the journal: prose, or notation kept as typed."""
        state = replace(self.state, step=self.state.step + 1, prev=self.state.step)
        self._entry("narration", narration_block(text), state, "", ())
        self.state, self.live = state, state.step
        self.last_command = ""
        return Reply(self.take_notices())

    def perform(self, text: str, actor: str | None = None) -> Reply:
        """Run an engine command (a procedure action or a tool), for member ``actor`` if
        given, journal it, then move on."""
        text = one_line(text)
        seed = f"{self.seed}:{self.draws}"
        rng = TypedDice(seed, self.ask_die) if self.dice == "physical" and self.ask_die \
            else random.Random(seed)
        result = engine.perform(self.world, self.state, text, rng, actor)
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
        if typed:
            extra["typed"] = [list(die) for die in typed]
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
        if target < 0:
            raise UsageError("nothing to undo")
        record = find_record(self.path, target)
        if record is None:
            raise JournalError("cannot find the state before the last entry in the journal")
        try:
            earlier = self._front_matter_party(record["state"], State.from_json(record["state"]))
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            raise JournalError(f"the state record of entry {target} cannot be read; "
                               "nothing was taken back") from None
        undone = self.live
        taken = self.last_command or "the narration"
        if self.live == 0 or target < 0:
            raise UsageError("nothing to undo")
        restored = replace(earlier, values={**self.state.values, **earlier.values},
                           step=self.state.step + 1, prev=earlier.prev)
        line = Line(note(f"undo: took back {taken}"), "note")
        self._entry("undo", mechanics_block([line]), restored, "undo", (),
                    extra={"undid": undone, "live": target})
        self.state, self.live = restored, target
        self.last_command = str(record.get("cmd", ""))
        dice = record.get("dice", self.meta.get("dice", "solo"))
        self.dice = dice if dice in DICE_MODES else "solo"
        return Reply((*self.take_notices(), line))

    def _entry(self, kind: str, body: str, state: State, command: str, events,
               heading: str = "", extra: dict | None = None) -> None:
        """Append one entry: headings, its Markdown, and its hidden record."""
        if self.dice != self.meta.get("dice", "solo") and "dice" not in (extra or {}):
            extra = {**(extra or {}), "dice": self.dice}  # a mode set in play lasts
        recorded = state.to_json()
        if "party" not in recorded and self.meta.get("party"):
            recorded["party"] = []  # all gone: not a journal from before members (above)
        record = make_record(step=state.step, kind=kind, command=command, draws=self.draws,
                             session=self.session_number + (0 if self.sitting_open else 1),
                             scene=self.scene + (1 if heading else 0), turn=state.turn,
                             events=events, state=recorded,
                             extra={"live": state.step, **(extra or {})}
                             if kind != "command" else extra)
        parts = []
        if not self.sitting_open:
            parts.append(session_heading(self.session_number + 1, now_text()[:10]))
        parts += [part for part in (heading, body) if part]
        text = self.lead + "\n" + "\n\n".join([*parts, record_comment(record)]) + "\n"
        self._append(state.step, text)
        self.lead = ""
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
        if missing or tail.closers or tail.needs_newline:
            self._append_raw(("\n" if tail.needs_newline else "") + tail.closers + missing)

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

    def party_lines(self) -> list[str]:
        """Each member: hit points and conditions, the fallen flagged."""
        if not self.state.party:
            return ["No one is named in the party yet: party add NAME [hp N]."]
        lines = []
        for member in self.state.party:
            marks = self.procedure.party.marks(member.conditions, member.own)
            lines.append(f"{member.name}: HP {member.hp}/{member.max_hp}"
                         + (f", {', '.join(marks)}" if marks else "")
                         + (" — DOWN" if member.hp == 0 else ""))
        return lines

    def status_lines(self) -> list[str]:
        state, procedure = self.state, self.procedure
        lines = [f"{self.meta.get('title')} — {procedure.name} ({procedure.id})",
                 f"{procedure.clock_unit.capitalize()}s played: {state.turn}"
                 + (f", {clock_text(state.turn, procedure.minutes)} elapsed"
                    if procedure.minutes else "")]
        for name, tracker in procedure.trackers.items():
            if tracker.shown:
                of = f"/{tracker.maximum}" if tracker.maximum is not None else ""
                band = engine.level_of(self.world, state, name)
                lines.append(f"{tracker.label}: {state.values[name]}{of}"
                             + (f" ({band})" if band else ""))
        uncounted = []
        for name, supply in procedure.supplies.items():
            if name in state.supplies:
                lines.append(f"{supply.label}: {state.supplies[name]}")
            else:
                uncounted.append(name)
        if uncounted:
            lines.append(f"Not counted: {', '.join(uncounted)} ('supply NAME N' counts one)")
        if state.party:
            lines.extend(self.party_lines())
        level = engine.light_of(self.world, state)
        lines.append(f"Light: {level}" + (f" ({self._light_summary()})" if state.lights
                                          else ", nothing lit"))
        lines.append(f"Encounters met: {state.encounters}")
        if state.foreshadowed:
            lines.append("A sign foretells the next encounter.")
        chaos = state.values.get("chaos", defaults.CHAOS)
        lines.append(f"Oracle: {state.values.get('oracle', defaults.ORACLE_STYLE)}, chaos {chaos}"
                     + (f" (now {engine.effective_chaos(self.world, state)})"
                        if chaos == "follow" else ""))
        settings = [f"{name}={state.values[name]}" for name in procedure.settings]
        if settings:
            lines.append("Settings: " + ", ".join(settings))
        return lines

    def help_lines(self, topic: str) -> list[str]:
        procedure = self.procedure
        topic = topic.strip().lower()
        table = command_table(procedure)
        if topic:
            command = table.get(topic) or (TOOLS["light"] if topic == "light" else None)
            if command is None:
                close = difflib.get_close_matches(topic, sorted(table), n=1, cutoff=0.6)
                hint = f"did you mean {close[0]}? " if close else ""
                raise UsageError(f"no command {topic!r}; {hint}type 'help' for the list")
            lines = [f"{command.usage} — {command.help}"]
            if command.kind == "action":
                action = procedure.action_named(command.name)
                assert action is not None
                for arg in action.args:
                    choices = f" ({'/'.join(arg.choice_names)})" if arg.choices else ""
                    default = f", default {arg.default}" if arg.default is not None else ""
                    lines.append(f"  {arg.name}{choices}: {arg.help}{default}")
                if action.aliases:
                    lines.append(f"  also: {', '.join(action.aliases)}")
            elif command.name == "ask":
                lines.extend(self._odds_help())
            elif command.aliases:
                lines.append(f"  also: {', '.join(command.aliases)}")
            return lines
        groups: dict[str, list[str]] = {}
        for name, action in procedure.actions.items():
            groups.setdefault(action.group, []).append(name)
        titles = {"procedure": "The turn", "event": "What happened (moves the trackers)",
                  "character": "Character actions"}
        lines = [f"{procedure.name}:"]
        for group, names in groups.items():
            lines.append(f"  {titles.get(group, group.capitalize())}: {', '.join(names)}")
        lines.append(f"  Tools: {', '.join(TOOLS)}")
        lines.append(f"  Look-ups and session: {', '.join(SESSION)}")
        lines.extend(textwrap.wrap(LINE_RULE, 78))
        lines.append("help COMMAND tells more.")
        return lines

    def _odds_help(self) -> list[str]:
        try:
            style = oracle_styles.get_style(self.world.styles,
                                     str(self.state.values.get("oracle", defaults.ORACLE_STYLE)))
        except SoloError:
            return []
        names = [level.name for level in style.odds]
        lines = [f"  Odds ({style.name}, default {style.default_odds}): " + ", ".join(names)]
        aliases = [name for name in odds_names(style) if name not in names]
        if aliases:
            lines.append("  also understood: " + ", ".join(aliases))
        return [wrapped for line in lines
                for wrapped in textwrap.wrap(line, 78, subsequent_indent="    ")]


@session_command("help")
def _help(session: Session, text: str) -> Reply:
    return Reply(tuple(session.help_lines(text)))


@session_command("status")
def _status(session: Session, text: str) -> Reply:
    return Reply(tuple(session.status_lines()))


@session_command("lights")
def _lights(session: Session, text: str) -> Reply:
    if not session.state.lights:
        return Reply(("Nothing is lit: the party is in the dark.",))
    lines = []
    for light in session.state.lights:
        label = session.procedure.lights[light.kind].label
        left = "no time limit" if light.remaining is None else f"{light.remaining} turns left"
        lines.append(f"{label}: {left}" + (" (dimmed)" if light.dimmed else ""))
    return Reply(tuple(lines))


@session_command("tables")
def _tables(session: Session, text: str) -> Reply:
    return Reply(tuple(f"{name}: {session.world.table(name).title}"
                       for name in session.world.table_names()))


@session_command("steps")
def _steps(session: Session, text: str) -> Reply:
    steps = session.procedure.steps
    return Reply(tuple(f"{index}. {step}" for index, step in enumerate(steps, 1)))


@session_command("undo")
def _undo(session: Session, text: str) -> Reply:
    return session.undo()


@session_command("quit")
def _quit(session: Session, text: str) -> Reply:
    return Reply(("Saved. Resume with: solo play " + str(session.path),), quit=True)
