"""A play session: one open journal, its world and state, and the commands a player types.

Shared by the interactive REPL and batch mode. Commands that change the crawl go
through the pure engine; their events are rendered, appended to the journal and
fsync'd, and only then is the state in memory moved on.
"""

from __future__ import annotations

import difflib
import random
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from solo import engine, oracle
from solo.catalog import load_world
from solo.commands_table import SESSION, TOOLS, command_table
from solo.errors import JournalError, SoloError, UsageError
from solo.interpreter import Run, light_level
from solo.journal import Journal, iter_snapshots, read_meta, resume, snapshot_line
from solo.line import LINE_RULE, NARRATION_MARKS, clean, odds_names, parse_line
from solo.render import clock_text, render_events, turn_heading
from solo.state import State
from solo.terminal import printable

__all__ = ["Session", "Reply", "escape_narration", "SESSION_COMMANDS", "BUILTIN_HELP",
           "NARRATION_MARKS"]

# The table of commands lives in solo.commands_table; these names stay for old imports.
BUILTIN_HELP = {name: (command.usage, command.help) for name, command in TOOLS.items()}


_LOOKS_LIKE_MECHANICS = re.compile(r"^(@|\?|->|=>|<!--|\[|(?:d|tbl):)")


def escape_narration(text: str) -> str:
    """Narration is prose: a line that would read as a Lonelog mechanic or a snapshot gets
    a Markdown backslash (shown as typed in any viewer, never taken for solo's own lines).
    Line separators other than newline become spaces, so a line stays one line."""
    text = " ".join(text.splitlines())
    match = _LOOKS_LIKE_MECHANICS.match(text)
    if not match:
        return text
    if text[0].isalpha():  # d: and tbl: -> d\: and tbl\:
        colon = text.index(":")
        return text[:colon] + "\\" + text[colon:]
    return "\\" + text


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
    """Give a session command of the table (solo.commands_table.SESSION) its code."""
    def register(function: Callable[[Session, str], Reply]):
        command = SESSION[name]
        entry = SessionCommand(name, command.usage, command.help, function)
        for word in (name, *command.aliases):
            SESSION_COMMANDS[word] = entry
        return function
    return register


class Session:
    """An open journal being played."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.meta = read_meta(path)
        tables = [Path(name) for name in self.meta.get("tables") or []]
        base = path.parent
        self.world = load_world(self.meta["system"],
                                [name if name.is_absolute() else base / name for name in tables])
        self.journal = Journal(path)
        try:
            resumed = resume(path)
        except SoloError:
            self.journal.close()
            raise
        # A procedure may have gained trackers or settings since the journal began.
        defaults = engine.start(self.world).values
        self.state: State = replace(resumed.state, values={**defaults, **resumed.state.values})
        self.last_command = resumed.command
        self.seed = int(self.meta["seed"])
        self.notices: list[str] = []
        self.pending_newline = resumed.needs_newline
        if resumed.torn:
            self.notices.append("The last entry was cut off (a crash while writing?). Its text "
                                "is kept; play resumes from the last complete entry.")

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
        unit = procedure.clock_unit
        moves = [name for name, action in procedure.actions.items()
                 if action.group == "procedure"]
        elapsed = clock_text(self.state.turn, procedure.minutes)
        place = f"{unit.capitalize()} {self.state.turn + 1}" + (
            f" (after {elapsed})" if elapsed and self.state.turn else "")
        expected = f"next: {', '.join(moves)}"
        if procedure.prompt is not None:
            try:
                expected = procedure.prompt.render(Run(procedure, self.world.tables,
                                                       self.state, random.Random(0)).scope)
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
        parts = [str(self.meta.get("title", self.path.stem)),
                 f"{procedure.clock_unit} {self.state.turn + 1}"]
        elapsed = clock_text(self.state.turn, procedure.minutes)
        if elapsed and self.state.turn:
            parts[-1] += f" (after {elapsed})"
        danger = engine.danger_value(self.world, self.state)
        if danger:
            label, value, maximum = danger
            parts.append(f"{label} {value}" + (f"/{maximum}" if maximum is not None else ""))
        for name, tracker in procedure.trackers.items():
            if tracker.shown and name != procedure.danger:
                parts.append(f"{tracker.label} {self.state.values[name]}")
        parts.append(self._light_summary())
        return printable(" │ ".join(parts))

    def _light_summary(self) -> str:
        if not self.state.lights:
            return "dark"
        shown = []
        for light in self.state.lights:
            label = self.procedure.lights[light.kind].label
            shown.append(f"{label} {light.remaining}t" if light.remaining is not None else label)
        return "light: " + ", ".join(shown)

    def completion_words(self) -> list[str]:
        return sorted(set(command_table(self.procedure)) | {"light"})

    # -- handling a line --------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Play one line by the line rule (solo.line): a command that parses whole, or
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
        return self.perform(parsed.text)

    def _show(self, name: str) -> str:
        values = self.state.values
        if name == "chaos":
            chaos = values.get("chaos", 5)
            if chaos == "follow":
                return (f"Chaos follows {self.procedure.danger}: now "
                        f"{engine.effective_chaos(self.world, self.state)}")
            return f"Chaos: {chaos} (chaos N sets it, 1-9)"
        return (f"Oracle style: {values.get('oracle', 'mythic')} (choose one of "
                f"{', '.join(sorted(self.world.styles))})")

    # -- writing to the journal (the only methods that append) -------------------------------
    def narrate(self, text: str) -> Reply:
        """Write the player's own words into the journal as prose."""
        self._write(f"\n{escape_narration(text)}\n")
        return Reply()

    def perform(self, text: str) -> Reply:
        """Run an engine command (a procedure action or a tool), journal it, then move on."""
        rng = random.Random(f"{self.seed}:{self.state.step}")
        result = engine.perform(self.world, self.state, text, rng)
        lines = render_events(result.events)
        before, after = self.state.turn, result.state.turn
        heading = ""
        if after > before:
            heading = turn_heading(self.procedure.clock_unit, before + 1, after,
                                   self.procedure.minutes) + "\n\n"
        entry = "\n" + heading + "  \n".join(lines) + "\n\n" \
            + snapshot_line(result.state, text) + "\n"
        self._write(entry)
        self.state = result.state
        self.last_command = text
        shown = ([heading.strip()] if heading else []) + lines
        return Reply(tuple(shown))

    def _write(self, text: str) -> None:
        if self.pending_newline:
            text = "\n" + text
        self.journal.append(text)
        self.pending_newline = False

    def undo(self) -> Reply:
        target = self.state.prev
        if target < 0:
            raise UsageError("nothing to undo")
        for state, command, _ in iter_snapshots(self.path):
            if state.step == target:
                restored = replace(state, step=self.state.step + 1, prev=state.prev)
                entry = (f"\n@ undo  \n=> Took back: {self.last_command} "
                         "(it stays in the journal above)\n\n"
                         + snapshot_line(restored, command) + "\n")
                self._write(entry)
                taken = self.last_command
                self.state = restored
                self.last_command = command
                return Reply((f"=> Took back: {taken}",))
        raise JournalError("cannot find the state before the last command in the journal")

    def status_lines(self) -> list[str]:
        state, procedure = self.state, self.procedure
        lines = [f"{self.meta.get('title')} — {procedure.name} ({procedure.id})",
                 f"{procedure.clock_unit.capitalize()}s played: {state.turn}"
                 + (f", {clock_text(state.turn, procedure.minutes)} elapsed"
                    if procedure.minutes else "")]
        for name, tracker in procedure.trackers.items():
            if tracker.shown:
                of = f"/{tracker.maximum}" if tracker.maximum is not None else ""
                lines.append(f"{tracker.label}: {state.values[name]}{of}")
        level = light_level(procedure, state.lights)
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
            style = oracle.get_style(self.world.styles,
                                     str(self.state.values.get("oracle", "mythic")))
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
