"""The engine's table of commands: every word that starts a procedure action or a tool,
and reading a typed command by its entry (:mod:`solo.engine.commands`)."""

from __future__ import annotations

from solo.engine.arguments import quote
from solo.engine.commands import Command, action_commands
from solo.engine.expedition_grammar import trip_commands
from solo.engine.requests import Request
from solo.engine.state import State
from solo.engine.tool_grammar import TOOLS
from solo.errors import UsageError
from solo.rules.procedure import PerProcedure, Procedure
from solo.rules.world import World

__all__ = ["ENGINE_COMMANDS", "command_table", "read"]

ENGINE_COMMANDS = tuple(TOOLS)
"""The engine's own commands beside a procedure's actions (defined once, by their entries)."""


def _made(procedure: Procedure) -> dict[str, Command]:
    table = action_commands(procedure)
    table.update(TOOLS)
    trip_commands(procedure, table)  # leave, wait, return, buy: where no action has them
    return table


command_table = PerProcedure(_made)
"""Every word that starts an engine command (a procedure action or a tool), mapped to its
entry; solo's own tools shadow an action of the same name (``solo check`` refuses such a
procedure). Built once per loaded procedure: do not modify the result."""


def read(world: World, state: State, text: str, actor: str | None = None) -> Request:
    """One engine command typed as ``text`` (``explore``, ``roll 2d6``), read by its
    entry; a UsageError if no command starts so or its words do not fit."""
    words = text.split()
    if not words:
        raise UsageError("empty command")
    command = command_table(world.procedure).get(words[0].lower())
    if command is None:
        raise UsageError(f"unknown command {quote(words[0])}; use one of the procedure's "
                         f"actions ({', '.join(list(world.procedure.actions)[:4])}…) or "
                         f"{', '.join(ENGINE_COMMANDS)}")
    return command.read(world, state, text.strip()[len(words[0]):].strip(), actor,
                        text.strip())
