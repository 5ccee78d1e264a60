"""One table of every command a player can type: solo's session commands, its tools and
the procedure's actions.

The tools and actions are the engine's entries (:mod:`solo.engine.commands`,
:mod:`solo.engine.tool_grammar`); this module adds the session's own: look-ups and
session steps that are never journaled as commands. Help, completion, the line rule
(:mod:`solo.play.line`) and ``solo check`` all read this table, so a word means the same
thing everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from solo.engine.command_table import command_table as engine_table
from solo.engine.commands import Command, first_word
from solo.engine.requests import Request, SessionStep
from solo.engine.state import State
from solo.engine.tool_grammar import TOOLS
from solo.errors import UsageError
from solo.rules.procedure import PerProcedure, Procedure
from solo.rules.world import World

__all__ = ["Command", "SESSION", "TOOLS", "RESERVED", "command_table", "command_words"]


def _session_step(max_words: int):
    def parse(command: Command, world: World, state: State, rest: str) -> Request:
        if len(rest.split()) > max_words:
            raise UsageError(f"'{command.name}' takes " + (
                "no words after it" if max_words == 0 else f"at most {max_words} word after it"))
        return SessionStep(command.name, rest)
    return parse


def _command_words(world: World, state: State) -> Sequence[str]:
    return command_words(world.procedure)


def _session(name: str, usage: str, help: str, aliases: tuple[str, ...] = (),
             max_words: int = 0, takes: tuple[str, ...] = ()) -> Command:
    """A session command; ``takes``, the words it may take (help: the command words)."""
    return Command(name, usage, help, "session", _session_step(max_words), first_word(
        _command_words if name == "help" else lambda world, state: takes), aliases)


SESSION: dict[str, Command] = {command.name: command for command in (
    _session("help", "help [COMMAND]", "List the commands, or explain one.", ("?",), 1),
    _session("status", "status", "Show the party's state: time, trackers, light."),
    _session("lights", "lights", "Show what is burning and for how long (or: light)."),
    _session("tables", "tables [all]", "List this crawl's tables, which 'table NAME' rolls "
             "('tables all': every table solo has).", (), 1, ("all",)),
    _session("steps", "steps", "Show the turn procedure, step by step."),
    _session("rooms", "rooms", "List the rooms the party knows: status, description, exits, "
             "and the way out."),
    _session("map", "map", "Draw the rooms the party knows, the one it is in marked."),
    _session("recap", "recap", "Say where the crawl stands: the last scene and your last "
             "words, where the party is, the books (members, lights, supplies, trackers) and "
             "what comes next; a sitting opens with it."),
    _session("odds", "odds [on|off]", "Show the odds before choosing: what each move brings "
             "this turn, how long the lights last, the danger's next turns (solo's own dice, "
             "never the journal's); 'odds off' takes them out of the status bar.", (), 1,
             ("on", "off")),
    _session("undo", "undo", "Take back the last entry, whatever it was (the journal keeps "
             "a note)."),
    _session("quit", "quit", "Save and leave (Ctrl-D does the same).", ("exit",)),
)}

# The words no procedure may take for an action: they would be shadowed.
RESERVED: frozenset[str] = frozenset(
    word for command in (*SESSION.values(), *TOOLS.values())
    for word in (command.name, *command.aliases))

def _made(procedure: Procedure) -> dict[str, Command]:
    table = dict(engine_table(procedure))
    for command in SESSION.values():
        for word in (command.name, *command.aliases):
            table[word] = command
    return table


command_table = PerProcedure(_made)
"""Every word a player may start a command with, mapped to its command (built once per
loaded procedure, which never changes; do not modify the result). solo's own words come
first: a procedure action of the same name is shadowed (``solo check`` refuses such a
procedure)."""


def command_words(procedure: Procedure) -> list[str]:
    """Every command word, sorted (completion and 'did you mean' read this)."""
    return sorted(command_table(procedure))
