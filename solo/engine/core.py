"""The pure engine: (world, state, command, rng) -> (new state, events).

No I/O, no prompts, no clock. Every random number comes from the ``rng``
passed in, so the same seed and the same commands always give the same result.

:func:`perform` carries out one command line. The rest of the engine's public face is
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
from solo.engine.effects_party import act_as
from solo.engine.events import Acted, Event
from solo.engine.game import Game
from solo.engine.procedure_errors import procedure_error, unknown_name_error
from solo.engine.reconcile import reconcile
from solo.engine.state import State
from solo.engine.tool_commands import ENGINE_COMMANDS, TOOL_COMMANDS
from solo.engine.world_state import (
    danger_value,
    effective_chaos,
    level_of,
    light_of,
    new_members,
    new_run,
    render,
    start,
)
from solo.errors import UsageError
from solo.rules.procedure import Action
from solo.rules.world import World

__all__ = ["Result", "start", "perform", "unknown_name_error", "parse_arguments",
           "ENGINE_COMMANDS", "danger_value", "effective_chaos", "level_of", "render",
           "whole_number", "MAX_DIGITS", "light_of", "procedure_error", "reconcile", "Game",
           "check_member_name", "supply_named", "split_member", "new_members",
           "member_settings"]


@dataclass(frozen=True)
class Result:
    state: State
    events: tuple[Event, ...]
    outcomes: tuple[str, ...] = ()


def perform(world: World, state: State, line: str, rng: random.Random,
            actor: str | None = None) -> Result:
    """Carry out one command line, for member ``actor`` if given (``Wren: search``).
    Raises UsageError (nothing changes) if it is not valid."""
    words = line.split()
    if not words:
        raise UsageError("empty command")
    if actor is not None:
        found = state.member(actor)
        if found is None:
            raise UsageError(f"no one called {quote(actor)} in the party; 'party' lists it")
        actor = found.name
    name, rest = words[0].lower(), words[1:]
    action = world.procedure.action_named(name)
    try:
        if action is not None:
            return _perform_action(world, state, action, rest, line, rng, actor)
        handler = TOOL_COMMANDS.get(name)
        if handler is None:
            raise UsageError(f"unknown command {quote(name)}; type 'help' for the list")
        run = new_run(world, state, rng=rng)
        act_as(run, actor)
        run.events.append(Acted(line.strip(), actor))
        handler(world, run, line.strip()[len(words[0]):].strip())
        return Result(run.finish(), tuple(run.events))
    except Exception as error:
        raise procedure_error(world, error) from error


def _perform_action(world: World, state: State, action: Action, words: list[str], line: str,
                    rng: random.Random, actor: str | None = None) -> Result:
    run = new_run(world, state, action, rng)
    act_as(run, actor)
    run.act(action, parse_arguments(action, words), line.strip())
    return Result(run.finish(), tuple(run.events), tuple(run.outcomes))
