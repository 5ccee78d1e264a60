"""The pure engine: (world, state, command, rng) -> (new state, events).

No I/O, no prompts, no clock. Every random number comes from the ``rng``
passed in, so the same seed and the same commands always give the same result.

:func:`read` reads one typed command into its request (by the command's entry),
:func:`perform` carries out a request. The rest of the engine's public face is
gathered here from the modules that do each job, so callers import it from one place:
the state to start from and what is read off one (:mod:`solo.engine.world_state`), what
the player types (:mod:`solo.engine.arguments`), the engine's own commands
(:mod:`solo.engine.tool_commands`), a resumed state fitted to the procedure
(:mod:`solo.engine.reconcile`), and a game kept in memory (:mod:`solo.engine.game`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from solo.engine.arguments import (
    MAX_DIGITS,
    check_member_name,
    member_settings,
    parse_arguments,
    quote,
    split_member,
    supply_named,
    whole_number,
)
from solo.engine.carry_out import carry_out
from solo.engine.command_table import ENGINE_COMMANDS, command_table, read
from solo.engine.effects_party import act_as
from solo.engine.events import Event
from solo.engine.game import Game
from solo.engine.procedure_errors import procedure_error
from solo.engine.reconcile import reconcile
from solo.engine.requests import Act, Request
from solo.engine.run import RunState
from solo.engine.state import State
from solo.engine.world_state import (
    danger_value,
    effective_chaos,
    follow_members,
    level_of,
    light_of,
    new_members,
    new_run,
    render,
    start,
    way_out,
)
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["Result", "start", "perform", "carried_out", "read", "command_table", "parse_arguments",
           "ENGINE_COMMANDS", "danger_value", "effective_chaos", "level_of", "render",
           "whole_number", "MAX_DIGITS", "light_of", "procedure_error", "reconcile", "Game",
           "check_member_name", "supply_named", "split_member", "new_members",
           "member_settings", "way_out", "follow_members"]


@dataclass(frozen=True)
class Result:
    state: State
    events: tuple[Event, ...]
    outcomes: tuple[str, ...] = ()


def perform(world: World, state: State, request: Request, rng: random.Random) -> Result:
    """Carry out one request, for its member if it names one (``Wren: search``).
    Raises UsageError (nothing changes) if it cannot be done now."""
    run = carried_out(world, state, request, rng)
    return Result(run.finish(), tuple(run.events), tuple(run.outcomes))


def carried_out(world: World, state: State, request: Request, rng: random.Random,
                record: bool = True) -> RunState:
    """The run of one request carried out (as its member's, if it names one), its events
    recorded unless ``record`` is false (the forecast reads the state alone). Raises
    UsageError if it cannot be done now."""
    actor = request.actor
    if actor is not None:
        found = state.member(actor)
        if found is None:
            raise UsageError(f"no one called {quote(actor)} in the party; 'party' lists it")
        actor = found.name
    action = world.procedure.actions[request.action] if isinstance(request, Act) else None
    run = new_run(world, state, action, rng)
    run.record = record
    act_as(run, actor)
    carry_out(world, run, request)
    return run
