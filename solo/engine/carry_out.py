"""Carrying out one request on a run: the one place where a request meets the rules.

A procedure action goes to :meth:`solo.engine.interpreter.Run.act` (its guard, its effects,
its turns); a walk on the map (``go``, ``back``, an action going back further than one
room) to :mod:`solo.engine.walks`; a tool to its handler
(:data:`solo.engine.tool_commands.TOOL_COMMANDS`), after the
:class:`~solo.engine.events.Acted` event that says how the journal shows it. Both the
single command (:func:`solo.engine.core.perform`) and a game kept in memory
(:class:`solo.engine.game.Game`) come through here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.engine import dungeon_rolls, expedition, room_traps
from solo.engine.arguments import quote, required_words
from solo.engine.effects_tables import meet_rolled_encounter
from solo.engine.events import Checked, TurnPassed, acted
from solo.engine.expedition import carry_trip, refuse_outside
from solo.engine.expedition_requests import TripRequest
from solo.engine.interpreter import Run
from solo.engine.key_rooms import search_key
from solo.engine.procedure_errors import procedure_error
from solo.engine.requests import Act, GoBack, GoTo, Request
from solo.engine.room_commands import move_for, secrets_here
from solo.engine.tool_commands import TOOL_COMMANDS
from solo.engine.walks import walk_action, walk_request
from solo.errors import UsageError
from solo.rules.expr import ExprError
from solo.rules.procedure import Action
from solo.rules.world import World

__all__ = ["carry_out", "FOUND", "TRAPS"]

FOUND = "found"
"""The argument of a search whose finds the map counts (D12's ``find-secret``): where a key
or a rolled room says what is hidden, solo gives it that count (the player's, elsewhere),
and the search finds it whatever the dice of its linger said."""

TRAPS = "traps"
"""The argument of such a search that counts the traps it finds on the doors of the room
(D12's): solo gives it the map's count, the room's trapped doors not found yet."""


def _found(world: World, run: Run, action: Action, arguments: Mapping[str, Any]
           ) -> dict[str, int]:
    """What a search here finds, where the map knows and the action counts it (``found``,
    ``traps``); a count typed (not the argument's default) that the map contradicts is
    refused."""
    counts = {FOUND: lambda: secrets_here(world, run),
              TRAPS: lambda: None if run.dungeon.current is None
              else room_traps.unfound(run.dungeon.current)}
    typed = {FOUND: "the found count is for rooms the player types", TRAPS: "the map counts "
             "the room's trapped doors, typed ones too: 'room exits E(trapped)' types one"}
    known: dict[str, int] = {}
    for arg in action.args:
        count = counts[arg.name]() if arg.name in counts else None
        if count is None:
            continue
        if arguments.get(arg.name) not in (arg.default, count):
            raise UsageError(f"the map knows what a search here finds: "
                             f"'{action.name}{required_words(action)}' searches "
                             f"({typed[arg.name]})")
        known[arg.name] = count
    return known


def _own_check_held(run: Run, action: Action, arguments: Mapping[str, Any],
                    known: bool) -> bool:
    """Whether the action's own check held. Where the player rolls it (an argument whose
    choices include success and failure: solo does not know the characters' skills),
    their result; else the last check its effects rolled, if any (not one of
    ``on_action`` before them, nor one its turns roll after them, such as a surprise
    check the hazard die calls for). A search whose finds the map counts (``known``)
    rolls no check of its own: a linger's encounter check is not it. A door opens, a
    search finds, only then, and only once all its turns have passed (an encounter may
    cut a two-turn search short: :attr:`~solo.engine.interpreter.Run.cut_short`)."""
    if run.cut_short:
        return False
    if any(arguments.get(arg.name) == "failure" and "success" in arg.choice_names
           for arg in action.args):
        return False
    if known:
        return True
    held = True
    for event in run.events[run.own_start:]:
        if type(event) is TurnPassed:
            break
        if type(event) is Checked:
            held = event.success
    return held


def carry_out(world: World, run: Run, request: Request) -> None:
    """Carry out ``request`` on ``run`` (as ``run.actor``, if set). A UsageError if it
    cannot be done now; a fault of the procedure file as an ExprError naming the file
    (its cause kept); anything else is a bug in solo and passes through whole."""
    try:
        refuse_outside(run, request)  # the party out of the dungeon: only the town's words
        if isinstance(request, TripRequest):
            carry_trip(world, run, request, walk_request)
            return
        if isinstance(request, Act):
            if walk_action(world, run, request):  # back to a room more than one away
                return
            door = dungeon_rolls.door_to_open(run, request.action, request.direction)
            moved, rolled = move_for(run, request, world)  # first: the rules read the room
            start = len(run.events)
            action = world.procedure.actions[request.action]
            arguments = request.arguments
            if rolled is not None:  # the room's own exits; an encounter it holds
                arguments = dungeon_rolls.move_arguments(action, arguments, rolled.exits,
                                                         rolled.preset)
            known = _found(world, run, action, arguments)
            arguments = {**arguments, **known}
            run.act(action, arguments, request.text)
            if rolled is not None and rolled.preset:
                meet_rolled_encounter(run, start, rolled.encounter)
            held = _own_check_held(run, action, arguments, bool(known))
            dungeon_rolls.after_action(world, run, request.action, held, door,  # doors, traps
                                       run.cut_short)
            search_key(world, run, request.action, held)
            if moved:  # shown right after the action that made the move
                at = start + 1 if len(run.events) > start else start
                run.events[at:at] = moved
            expedition.after_action(world, run, request)  # the way out ends the expedition
            return
        if isinstance(request, (GoTo, GoBack)):  # a walk: what it costs is the procedure's
            walk_request(world, run, request)
            return
        handler = TOOL_COMMANDS.get(type(request))
        if handler is None:
            raise UsageError(f"{quote(request.text)} is not a command the engine carries out")
        run.set_action(None)
        run.events.append(acted(request.text, run.actor, request.shown))
        handler(world, run, request)
    except (ExprError, RecursionError) as error:  # a fault of the procedure file
        raise procedure_error(world, error) from error
