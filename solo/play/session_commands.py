"""The session commands: look-ups and session steps a player types that are never
journaled as commands (help, status, lights, tables, steps, odds, undo, quit).

Their words, usage and help come from the one table of commands
(:data:`solo.play.commands_table.SESSION`); this module gives each its code, in
:data:`SESSION_COMMANDS`, which the session (:mod:`solo.play.session`) consults for a line
the line rule parsed as a session command.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from solo.engine import core as engine
from solo.engine.key_rooms import active_key
from solo.engine.key_views import drawn, explored_text, ways_out
from solo.engine.state import State
from solo.errors import UsageError
from solo.play.commands_table import SESSION
from solo.play.help_text import help_lines
from solo.play.map_text import map_lines
from solo.play.odds_view import odds_lines, show_odds
from solo.play.reply import Reply
from solo.play.rooms_view import rooms_lines
from solo.play.status import lights_lines, status_lines
from solo.play.tables_view import tables_lines
from solo.rules.world import World

__all__ = ["Sitting", "SessionCommand", "SESSION_COMMANDS", "session_command"]


class Sitting(Protocol):
    """What a session command reads of the session (solo.play.session.Session)."""

    @property
    def path(self) -> Path: ...

    @property
    def meta(self) -> Mapping[str, Any]: ...

    @property
    def world(self) -> World: ...

    @property
    def state(self) -> State: ...

    @property
    def last_command(self) -> str: ...

    def recap(self) -> list[str]: ...

    def undo(self) -> Reply: ...


@dataclass(frozen=True)
class SessionCommand:
    """A session command's word, usage and help, and the code that runs it."""

    name: str
    usage: str
    help: str
    run: Callable[[Sitting, str], Reply]


SESSION_COMMANDS: dict[str, SessionCommand] = {}


def session_command(name: str) -> Callable[[Callable[[Sitting, str], Reply]],
                                           Callable[[Sitting, str], Reply]]:
    """Give a session command of the table (solo.play.commands_table.SESSION) its code,
    under its name and each of its aliases."""
    def register(function: Callable[[Sitting, str], Reply]) -> Callable[[Sitting, str], Reply]:
        command = SESSION[name]
        entry = SessionCommand(name, command.usage, command.help, function)
        for word in (name, *command.aliases):
            SESSION_COMMANDS[word] = entry
        return function
    return register


@session_command("help")
def _help(session: Sitting, text: str) -> Reply:
    return Reply(tuple(help_lines(session.world, session.state, text)))


@session_command("status")
def _status(session: Sitting, text: str) -> Reply:
    return Reply(tuple(status_lines(session.world, session.state, session.meta.get("title"))))


@session_command("lights")
def _lights(session: Sitting, text: str) -> Reply:
    return Reply(tuple(lights_lines(session.world.procedure, session.state)))


@session_command("tables")
def _tables(session: Sitting, text: str) -> Reply:
    word = text.strip().lower()
    if word not in ("", "all"):
        raise UsageError(f"tables takes 'all' or nothing, not {word[:20]!r}")
    return Reply(tuple(tables_lines(session.world, everything=word == "all")))


@session_command("steps")
def _steps(session: Sitting, text: str) -> Reply:
    steps = session.world.procedure.steps
    return Reply(tuple(f"{index}. {step}" for index, step in enumerate(steps, 1)))


@session_command("rooms")
def _rooms(session: Sitting, text: str) -> Reply:
    world, state = session.world, session.state
    return Reply(tuple(rooms_lines(state.dungeon,
                                   explored_text(world, state.values, state.dungeon),
                                   ways_out(active_key(world, state.values),
                                            state.dungeon),
                                   engine.way_out(world, state.values, state.dungeon),
                                   state.trip.outside)))


@session_command("map")
def _map(session: Sitting, text: str) -> Reply:
    dungeon = session.state.dungeon
    if not dungeon.rooms:
        return Reply(tuple(rooms_lines(dungeon)))
    world, values = session.world, session.state.values
    return Reply(tuple(map_lines(drawn(active_key(world, values), dungeon),
                                 way=engine.way_out(world, values, dungeon),
                                 outside=session.state.trip.outside)))


@session_command("recap")
def _recap(session: Sitting, text: str) -> Reply:
    return Reply(tuple(session.recap()))


@session_command("odds")
def _odds(session: Sitting, text: str) -> Reply:
    word = text.strip().lower()
    if word in ("on", "off"):
        show_odds(session.world, word == "on")
        return Reply((f"Odds in the status bar: {word} (for this sitting).",))
    if word:
        raise UsageError(f"odds takes on, off or nothing, not {text.strip()[:20]!r}")
    return Reply(tuple(odds_lines(session.world, session.state, session.last_command)))


@session_command("undo")
def _undo(session: Sitting, text: str) -> Reply:
    return session.undo()


@session_command("quit")
def _quit(session: Sitting, text: str) -> Reply:
    return Reply(("Saved. Resume with: solo play " + str(session.path),), quit=True)
