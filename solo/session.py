"""A play session: one open journal, its world and state, and the commands a player types.

Shared by the interactive REPL and batch mode. Commands that change the crawl go
through the pure engine; their events are rendered, appended to the journal and
fsync'd, and only then is the state in memory moved on.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from solo import engine
from solo.catalog import load_world
from solo.errors import JournalError, SoloError, UsageError
from solo.journal import Journal, JournalChanged, Tail, find_record, read_meta, read_tail
from solo.notation import (
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
from solo.physical import DICE_MODES, AskDie, TypedDice
from solo.record import make_record, record_comment
from solo.state import State

_HELD_BYTES = 4 * 1024 * 1024  # how much of a sitting solo keeps to put back after an editor

__all__ = ["Session", "Reply", "SESSION_COMMANDS", "BUILTIN_HELP",
           "NARRATION_MARKS"]

NARRATION_MARKS = ('"', "'", "“", "*", "_", ">", "(")

BUILTIN_HELP = {
    "light": ("light KIND", "Light a source (torch, lantern, candle…); 'lights' shows them."),
    "douse": ("douse KIND", "Put out a burning source."),
    "strike": ("strike [TABLE ENTRY]", "Strike a defeated encounter off its table "
               "(the last one met, by default)."),
    "set": ("set NAME VALUE", "Set a setting, or a tracker (+N/-N to move it)."),
    "roll": ("roll EXPR [why]", "Roll dice, such as 2d6, 4d6kh3 or d20+3."),
    "table": ("table NAME", "Roll on a table; 'tables' lists them."),
    "ask": ("ask QUESTION? [ODDS]", "Ask the oracle a yes/no question; odds default to 50/50."),
    "chaos": ("chaos N|follow", "Set the oracle's chaos (1-9), or let it follow the danger."),
    "oracle": ("oracle STYLE", "Choose the oracle style: mythic, ironsworn or opse."),
}


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


def session_command(name: str, usage: str, help: str, aliases: tuple[str, ...] = ()):
    """Register a session command; help and completion are built from this registry."""
    def register(function: Callable[[Session, str], Reply]):
        entry = SessionCommand(name, usage, help, function)
        for word in (name, *aliases):
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

    @property
    def procedure(self):
        return self.world.procedure

    def close(self) -> None:
        self.journal.close()

    # -- what the player sees ------------------------------------------------------------
    def where(self) -> str:
        """Where the party stands in the procedure and what it expects next."""
        procedure = self.procedure
        unit = procedure.clock_unit
        moves = [name for name, action in procedure.actions.items()
                 if action.group == "procedure"]
        elapsed = clock_text(self.state.turn, procedure.minutes)
        place = f"{unit.capitalize()} {self.state.turn + 1}" + (
            f" (after {elapsed})" if elapsed and self.state.turn else "")
        expected = f"next: {', '.join(moves)}"
        if procedure.prompt is not None:
            try:
                expected = engine.render(self.world, self.state, procedure.prompt)
            except (KeyError, SoloError):
                pass  # a prompt naming something unknown: fall back to the plain list
        return f"{place} · {expected} · or narrate, ask, roll, help"

    def toolbar(self) -> str:
        procedure = self.procedure
        parts = [str(self.meta.get("title", self.path.stem)),
                 f"{procedure.clock_unit} {self.state.turn}"]
        elapsed = clock_text(self.state.turn, procedure.minutes)
        if elapsed:
            parts[-1] += f" ({elapsed})"
        danger = engine.danger_value(self.world, self.state)
        if danger:
            label, value, maximum = danger
            parts.append(f"{label} {value}" + (f"/{maximum}" if maximum is not None else ""))
        for name, tracker in procedure.trackers.items():
            if tracker.shown and name != procedure.danger:
                parts.append(f"{tracker.label} {self.state.values[name]}")
        parts.append(self._light_summary())
        return " │ ".join(parts)

    def _light_summary(self) -> str:
        if not self.state.lights:
            return "dark"
        shown = []
        for light in self.state.lights:
            label = self.procedure.lights[light.kind].label
            shown.append(f"{label} {light.remaining}t" if light.remaining is not None else label)
        return "light: " + ", ".join(shown)

    def completion_words(self) -> list[str]:
        words = set(SESSION_COMMANDS) | set(BUILTIN_HELP)
        for name, action in self.procedure.actions.items():
            words.add(name)
            words.update(action.aliases)
        return sorted(words)

    # -- handling a line --------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        text = line.strip()
        if not text:
            return Reply()
        first = text.split()[0].lower()
        if first in SESSION_COMMANDS and not (first == "light" and len(text.split()) > 1):
            return SESSION_COMMANDS[first].run(self, text[len(first):].strip())
        if text.startswith(NARRATION_MARKS) or not self._is_engine_command(first):
            return self.narrate(text)
        return self.perform(text)

    def _is_engine_command(self, word: str) -> bool:
        return word in engine.ENGINE_COMMANDS or self.procedure.action_named(word) is not None

    # -- writing to the journal (the only methods that append) -------------------------------
    def narrate(self, text: str) -> Reply:
        """Write the player's own words into the journal: prose, or notation kept as typed."""
        state = replace(self.state, step=self.state.step + 1, prev=self.state.step)
        self._entry("narration", narration_block(text), state, "", ())
        self.state, self.live = state, state.step
        self.last_command = ""
        return Reply(self._take_notices())

    def perform(self, text: str) -> Reply:
        """Run an engine command (a procedure action or a tool), journal it, then move on."""
        text = one_line(text)
        seed = f"{self.seed}:{self.draws}"
        rng = TypedDice(seed, self.ask_die) if self.dice == "physical" and self.ask_die \
            else random.Random(seed)
        result = engine.perform(self.world, self.state, text, rng)
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
        return Reply((*self._take_notices(), *shown))

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
        return Reply((*self._take_notices(), line))

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
            earlier = State.from_json(record["state"])
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
        return Reply((*self._take_notices(), line))

    def _entry(self, kind: str, body: str, state: State, command: str, events,
               heading: str = "", extra: dict | None = None) -> None:
        """Append one entry: headings, its Markdown, and its hidden record."""
        if self.dice != self.meta.get("dice", "solo") and "dice" not in (extra or {}):
            extra = {**(extra or {}), "dice": self.dice}  # a mode set in play lasts
        record = make_record(step=state.step, kind=kind, command=command, draws=self.draws,
                             session=self.session_number + (0 if self.sitting_open else 1),
                             scene=self.scene + (1 if heading else 0), turn=state.turn,
                             events=events, state=state.to_json(),
                             extra={"live": state.step, **(extra or {})}
                             if kind != "command" else extra)
        parts = []
        if not self.sitting_open:
            from solo.play import now_text

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
        raise JournalError(f"{self.path} keeps changing under solo; close the program that "
                           "is writing it and try again")

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
            raise JournalError(f"{self.path} keeps changing under solo; close the program "
                               "that is writing it and try again") from None

    def _take_notices(self) -> tuple[str, ...]:
        notices, self.notices = tuple(self.notices), []
        return notices

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
        for name, supply in procedure.supplies.items():
            lines.append(f"{supply.label}: {state.supplies.get(name, 0)}")
        level = engine.light_of(self.world, state)
        lines.append(f"Light: {level}" + (f" ({self._light_summary()})" if state.lights
                                          else ", nothing lit"))
        lines.append(f"Encounters met: {state.encounters}")
        if state.foreshadowed:
            lines.append("A sign foretells the next encounter.")
        chaos = state.values.get("chaos", 5)
        lines.append(f"Oracle: {state.values.get('oracle', 'mythic')}, chaos {chaos}"
                     + (f" (now {engine.effective_chaos(self.world, state)})"
                        if chaos == "follow" else ""))
        settings = [f"{name}={state.values[name]}" for name in procedure.settings]
        if settings:
            lines.append("Settings: " + ", ".join(settings))
        return lines

    def help_lines(self, topic: str) -> list[str]:
        procedure = self.procedure
        topic = topic.strip().lower()
        if topic:
            action = procedure.action_named(topic)
            if action is not None:
                args = " ".join(f"[{arg.name}]" for arg in action.args)
                lines = [f"{action.name} {args}".strip() + f" — {action.help}"]
                for arg in action.args:
                    choices = f" ({'/'.join(arg.choice_names)})" if arg.choices else ""
                    default = f", default {arg.default}" if arg.default is not None else ""
                    lines.append(f"  {arg.name}{choices}: {arg.help}{default}")
                return lines
            if topic in BUILTIN_HELP:
                usage, text = BUILTIN_HELP[topic]
                return [f"{usage} — {text}"]
            if topic in SESSION_COMMANDS:
                entry = SESSION_COMMANDS[topic]
                return [f"{entry.usage} — {entry.help}"]
            raise UsageError(f"no command {topic!r}; type 'help' for the list")
        groups: dict[str, list[str]] = {}
        for name, action in procedure.actions.items():
            groups.setdefault(action.group, []).append(name)
        titles = {"procedure": "The turn", "event": "What happened (moves the trackers)",
                  "character": "Character actions"}
        lines = [f"{procedure.name}:"]
        for group, names in groups.items():
            lines.append(f"  {titles.get(group, group.capitalize())}: {', '.join(names)}")
        lines.append(f"  Tools: {', '.join(BUILTIN_HELP)}")
        lines.append(f"  Session: {', '.join(sorted({c.name for c in SESSION_COMMANDS.values()}))}")
        lines.append("Any other line is narration and goes into the journal as prose.")
        lines.append("help COMMAND tells more.")
        return lines


@session_command("help", "help [COMMAND]", "List the commands, or explain one.", ("?",))
def _help(session: Session, text: str) -> Reply:
    return Reply(tuple(session.help_lines(text)))


@session_command("status", "status", "Show the party's state: time, trackers, light.")
def _status(session: Session, text: str) -> Reply:
    return Reply(tuple(session.status_lines()))


@session_command("lights", "lights", "Show what is burning and for how long.", ("light",))
def _lights(session: Session, text: str) -> Reply:
    if not session.state.lights:
        return Reply(("Nothing is lit: the party is in the dark.",))
    lines = []
    for light in session.state.lights:
        label = session.procedure.lights[light.kind].label
        left = "no time limit" if light.remaining is None else f"{light.remaining} turns left"
        lines.append(f"{label}: {left}" + (" (dimmed)" if light.dimmed else ""))
    return Reply(tuple(lines))


@session_command("tables", "tables", "List the tables 'table NAME' can roll.")
def _tables(session: Session, text: str) -> Reply:
    return Reply(tuple(f"{name}: {session.world.table(name).title}"
                       for name in session.world.table_names()))


@session_command("steps", "steps", "Show the turn procedure, step by step.")
def _steps(session: Session, text: str) -> Reply:
    steps = session.procedure.steps
    return Reply(tuple(f"{index}. {step}" for index, step in enumerate(steps, 1)))


@session_command("undo", "undo", "Take back the last command (the journal keeps a note).")
def _undo(session: Session, text: str) -> Reply:
    return session.undo()


@session_command("quit", "quit", "Save and leave (Ctrl-D does the same).", ("exit",))
def _quit(session: Session, text: str) -> Reply:
    return Reply(("Saved. Resume with: solo play " + str(session.path),), quit=True)
