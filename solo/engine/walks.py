"""Walking the map: ``go ROOM`` along the shortest known way, ``back`` along the party's
trail, and an action that goes back to a known room (Trespasser's ``backtrack R1``) more
than one room away.

What a walk costs is the procedure's own rule (its ``walk:``, :class:`~solo.rules.procedure.
Walk`): the walk is cut into stages of so many rooms, and each stage plays the command the
procedure names with the party in the stage's last room (Trespasser: a backtrack for each
area; Delving: one turn at walking pace). A procedure that names none walks for free. An
encounter in a stage ends the walk there, and says so. A walk that cannot be made is
refused before anything happens (:func:`solo.engine.room_changes.walk_route`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solo.engine import room_changes as change
from solo.engine.arguments import parse_arguments
from solo.engine.events import ActedNote, Said, acted
from solo.engine.interpreter import Run
from solo.engine.requests import Act, GoBack, GoTo
from solo.engine.room_commands import room_changed
from solo.engine.rooms import map_value
from solo.errors import UsageError
from solo.rules.procedure import Action, Procedure
from solo.rules.world import World

__all__ = ["SHOWN_ROOMS", "way_for", "walk_request", "walk_action", "stages", "walk_help"]

SHOWN_ROOMS = 8
"""The most rooms a walk's line names one by one (a longer walk names its first and last)."""


def walk_help(procedure: Procedure) -> str:
    """What a walk through known rooms costs in ``procedure``, in a sentence for help."""
    walk = procedure.walk
    if walk is None:
        return (f"In {procedure.name} a walk through known rooms costs nothing: no turn "
                "passes, no light burns and nothing is rolled (its rules say nothing of it).")
    size = ("the whole walk" if walk.rooms == 0 else "each room" if walk.rooms == 1
            else f"each {walk.rooms} rooms")
    return (f"In {procedure.name}, {size} of a walk plays '{walk.play}'"
            + (f": {walk.reading}" if walk.reading else ".")).rstrip(".") + "."


def way_for(run: Run, request: GoTo | GoBack) -> list[str]:
    """The rooms ``request`` walks through, its goal last; a UsageError naming why not."""
    dungeon = run.dungeon
    if isinstance(request, GoBack):
        return change.walk_route(dungeon, change.back_target(dungeon))
    return change.walk_route(dungeon, change.find_way(dungeon, request.where))


def stages(way: Sequence[str], rooms: int) -> list[list[str]]:
    """``way`` cut into stages of ``rooms`` rooms (0: one stage)."""
    size = rooms or len(way)
    return [list(way[at:at + size]) for at in range(0, len(way), size)]


def walk_request(world: World, run: Run, request: GoTo | GoBack) -> None:
    """``go`` or ``back``: free where the procedure names no cost, else its stages."""
    way = way_for(run, request)
    walk = world.procedure.walk
    run.set_action(None)
    if walk is None:
        run.events.append(acted(request.text, run.actor, request.shown))
        _step(run, way)
        return
    run.events.append(ActedNote(request.text, run.actor))
    action_word = walk.play.split()[0]
    action = world.procedure.action_named(action_word)
    assert action is not None  # (the procedure file is checked when it loads)
    _stages(run, way, walk.rooms, action, lambda: _read_play(world, run, walk.play),
            lambda stage: walk.play)


def walk_action(world: World, run: Run, request: Act) -> bool:
    """An action that goes back to a known room more than one room away walks there, one
    room a play of the action (its round, its checks) and stops at an encounter: True
    when it did so, False when the move is one room or none (the usual way)."""
    if request.move != "back" or run.dungeon.current is None or not run.record:
        return False
    where = request.to or request.direction
    if where is None and not run.dungeon.trail:
        return False  # nowhere to go back to: the action says so (move_for)
    target = change.find_way(run.dungeon, where) if where is not None \
        else change.back_target(run.dungeon)
    way = change.walk_route(run.dungeon, target)
    if len(way) < 2:
        return False
    action = world.procedure.actions[request.action]
    _stages(run, way, 1, action, lambda: dict(request.arguments),
            lambda stage: f"{request.text.split()[0]} {stage[-1]}")
    return True


def _read_play(world: World, run: Run, play: str) -> Mapping[str, Any]:
    """The arguments of the walk's ``play`` line (one of the procedure's actions and its
    words), read with the party where it is now (an argument the map gives reads the room
    the stage ends in): as the action's command reads them, without the command table
    (a layer above this one)."""
    words = play.split()
    action = world.procedure.action_named(words[0]) if words else None
    if action is None:  # pragma: no cover - the file's check names an action
        raise UsageError(f"the walk's command {play!r} is not one of the procedure's actions")
    defaults = {arg.name: value for arg in action.args if arg.map is not None
                for value in [map_value(run.dungeon, arg.map)] if value is not None}
    return parse_arguments(action, words[1:], defaults)


def _stages(run: Run, way: Sequence[str], rooms: int, action: Action,
            arguments: Callable[[], Mapping[str, Any]],
            line: Callable[[Sequence[str]], str]) -> None:
    """The stages of a walk, each the ``action`` played (its ``arguments`` read once the
    party has moved, its ``line`` as the journal shows it) with the party moved to the
    stage's last room; an encounter ends the walk where it happens."""
    walked = stages(way, rooms)
    for number, stage in enumerate(walked, 1):
        met = run.encounters
        _step(run, stage, announce=False)
        moved = run.events.pop()
        start = len(run.events)
        run.act(action, arguments(), line(stage))
        at = start + 1 if len(run.events) > start else start
        run.events[at:at] = _passed(stage) + [moved]
        if run.encounters != met and number < len(walked):
            left = len(way) - way.index(stage[-1]) - 1
            run.events.append(Said(
                f"The encounter stops the walk in {stage[-1]}: {way[-1]} is {left} more "
                f"room{'s' if left != 1 else ''} on ('go {way[-1]}' goes on)."))
            return


def _passed(stage: Sequence[str]) -> list[Said]:
    """A line naming the rooms a stage walks through before its last, if any."""
    if len(stage) < 2:
        return []
    passed = stage[:-1]
    named = ", ".join(passed) if len(passed) <= SHOWN_ROOMS else (
        f"{', '.join(passed[:SHOWN_ROOMS - 2])}, … {passed[-1]} ({len(passed)} rooms)")
    return [Said(f"The party walks through {named} to {stage[-1]}.")]


def _step(run: Run, way: Sequence[str], announce: bool = True) -> None:
    """The party walks ``way``; the room it ends in is shown (and, with ``announce``, the
    rooms it walked through)."""
    run.dungeon = change.walk(run.dungeon, way)
    if announce:
        run.events.extend(_passed(way))
    run.events.append(room_changed(run.dungeon, run.dungeon.here, "back"))
