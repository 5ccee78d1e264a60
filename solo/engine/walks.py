"""Walking the map: ``go ROOM`` along the shortest known way, ``back`` along the party's
trail, and an action that goes back to a known room (Trespasser's ``backtrack R1``) more
than one room away, or through a trapped door (so that it springs).

What a walk costs is the procedure's own rule (its ``walk:``, :class:`~solo.rules.procedure.
Walk`): the walk is cut into stages of so many rooms, and each stage plays the command the
procedure names with the party in the stage's last room (Trespasser: a backtrack for each
area; Delving: one turn at walking pace). A procedure that names none walks for free. An
encounter in a stage ends the walk there, and says so. A walk that cannot be made is
refused before anything happens (:func:`solo.engine.room_changes.walk_route`).

A walk goes only where a step may go (:attr:`solo.engine.rooms.Exit.passable`): through
ways the party knows whose doors are not shut, each the way it leads. When the only way
meets a stuck or locked door, the walk goes as far as that door and stops, naming the door
and the action that opens it (refused outright when the door is in the room the party is
in, as a step through it is). A trapped door on the way springs as a step through it would
(or is found, where the procedure finds traps as the party moves), and is open after.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from solo.engine import room_changes as change
from solo.engine.arguments import parse_arguments
from solo.engine.dungeon_refusals import door_refusal
from solo.engine.dungeon_rolls import traps_found
from solo.engine.events import ActedNote, Event, Said, acted
from solo.engine.interpreter import Run
from solo.engine.requests import Act, GoBack, GoTo
from solo.engine.room_commands import room_changed
from solo.engine.rooms import DIRECTIONS, Dungeon, Exit, Room
from solo.engine.way_out import map_value
from solo.errors import UsageError
from solo.rules.procedure import Action, Procedure
from solo.rules.world import World

__all__ = ["Way", "plan", "way_for", "walk_request", "walk_action", "stages", "walk_help"]


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


class Way(NamedTuple):
    """The rooms a walk goes through, its goal last (or the last room before a shut door),
    and the shut door it stops before (None: it gets there): the room it is in, and the
    exit."""

    rooms: list[str]
    shut: tuple[Room, Exit] | None = None


def _locked_rooms(dungeon: Dungeon) -> frozenset[str]:
    return frozenset(room.id for room in dungeon.rooms
                     if any(word in change.BARRED for word in room.status))


def plan(run: Run, target: str) -> Way:
    """The way the party walks to the known room ``target``: the shortest it may pass, else
    the shortest through shut doors as far as the first of them; a UsageError naming why
    not (the door and the action that opens it, when it is in the room the party is in)."""
    dungeon = run.dungeon
    try:
        return Way(change.walk_route(dungeon, target))
    except UsageError as error:
        refused = error
    at = dungeon.current
    through = dungeon.route(at.id, target, _locked_rooms(dungeon), shut=True) \
        if at is not None else None
    for count, step in enumerate(through or ()):
        assert at is not None
        doors = [exit for exit in at.exits if exit.to == step and exit.seen]
        if not any(exit.passable for exit in doors):
            if count == 0:
                raise door_refusal(at, doors[0], run.procedure)
            return Way(list(through[:count]) if through else [], (at, doors[0]))
        at = dungeon.room(step)
    raise refused


def _target(run: Run, where: str) -> str:
    """The known room ``where`` names (:func:`solo.engine.room_changes.find_way`; ``out``:
    the nearest way out, :mod:`solo.engine.way_out`); a shut door in that direction is
    refused by name, with the action that opens it."""
    room = run.dungeon.current
    word = where.strip().upper()
    way = run.way_out() if word == "OUT" else None
    if way is not None:
        return way.room
    if room is not None and word in DIRECTIONS:
        shut = next((exit for exit in room.exits
                     if exit.direction == word and exit.seen and exit.barred), None)
        if shut is not None:
            raise door_refusal(room, shut, run.procedure)
    return change.find_way(run.dungeon, where)


def way_for(run: Run, request: GoTo | GoBack) -> Way:
    """The way ``request`` walks (:func:`plan`); a UsageError naming why not."""
    if not isinstance(request, GoBack):
        return plan(run, _target(run, request.where))
    return _back(run, change.back_target(run.dungeon))


def _back(run: Run, target: str) -> Way:
    """The way back to ``target``, the last room on the party's trail (:func:`plan`); a
    refusal says so when the party came by a way that leads one way only."""
    dungeon = run.dungeon
    try:
        return plan(run, target)
    except UsageError as error:
        here, came = dungeon.current, dungeon.room(target)
        if here is None or came is None or target in here.ways() or \
                here.id not in came.ways() or dungeon.route(here.id, target, shut=True) is None:
            raise  # (no way back at all: the refusal says the way leads one way only)
        raise UsageError(f"the party came into {here.id} from {target} by a way that leads "
                         f"one way only, and {error}") from None


def stages(way: Sequence[str], rooms: int) -> list[list[str]]:
    """``way`` cut into stages of ``rooms`` rooms (0: one stage)."""
    size = rooms or len(way)
    return [list(way[at:at + size]) for at in range(0, len(way), size)]


def walk_request(world: World, run: Run, request: GoTo | GoBack) -> None:
    """``go`` or ``back``: free where the procedure names no cost, else its stages."""
    way = way_for(run, request)
    walk = world.procedure.walk
    run.set_action(None)
    again = request.text if isinstance(request, GoTo) \
        else f"go {change.back_target(run.dungeon)}"  # (once stopped, the way on)
    if walk is None:
        run.events.append(acted(request.text, run.actor, request.shown))
        _step(run, way.rooms)
        _stopped(run, way, again)
        return
    run.events.append(ActedNote(request.text, run.actor))
    action_word = walk.play.split()[0]
    action = world.procedure.action_named(action_word)
    assert action is not None  # (the procedure file is checked when it loads)
    if _stages(run, way.rooms, walk.rooms, action,
               lambda: _read_play(world, run, walk.play), lambda stage: walk.play):
        _stopped(run, way, again)


def walk_action(world: World, run: Run, request: Act) -> bool:
    """An action that goes back to a known room more than one room away walks there, one
    room a play of the action (its round, its checks) and stops at an encounter: True
    when it did so, False when the move is one room or none (the usual way)."""
    if request.move != "back" or run.dungeon.current is None or not run.record:
        return False
    where = request.to or request.direction
    if where is None and not run.dungeon.trail:
        return False  # nowhere to go back to: the action says so (move_for)
    if where is not None:
        target = _target(run, where)
        way = plan(run, target)
    else:
        target = change.back_target(run.dungeon)
        way = _back(run, target)
    step = len(way.rooms) == 1 and way.shut is None
    if step and not _trapped(run.dungeon, way.rooms[0]):
        return False  # (one room: the action's own move, which the plan has let through)
    action = world.procedure.actions[request.action]
    word = request.text.split()[0]
    if _stages(run, way.rooms, 1, action, lambda: dict(request.arguments),
               lambda stage: request.text if step else f"{word} {stage[-1]}"):
        _stopped(run, way, f"{word} {target}")
    return True


def _stopped(run: Run, way: Way, again: str) -> None:
    """The line that says a walk stopped before a shut door: which, what opens it, and the
    command (``again``) that goes on once it is open."""
    if way.shut is None:
        return
    room, exit = way.shut
    why = door_refusal(room, exit, run.procedure)
    run.events.append(Said(f"The walk stops in {room.id}: {why}; then '{again}' goes on."))


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
                for value in [map_value(run.dungeon, arg.map, run.others_out())]
                if value is not None}
    return parse_arguments(action, words[1:], defaults)


def _stages(run: Run, way: Sequence[str], rooms: int, action: Action,
            arguments: Callable[[], Mapping[str, Any]],
            line: Callable[[Sequence[str]], str]) -> bool:
    """The stages of a walk, each the ``action`` played (its ``arguments`` read once the
    party has moved, its ``line`` as the journal shows it) with the party moved to the
    stage's last room, the rooms it walked into shown after the action's line; an
    encounter ends the walk where it happens (False: it did before the last stage)."""
    walked = stages(way, rooms)
    for number, stage in enumerate(walked, 1):
        met = run.encounters
        moved = _step(run, stage, announce=False)
        start = len(run.events)
        run.act(action, arguments(), line(stage))
        at = start + 1 if len(run.events) > start else start
        run.events[at:at] = _met(run, moved)  # (a trap read at the stage's pace)
        if run.encounters != met and number < len(walked):
            left = len(way) - way.index(stage[-1]) - 1
            run.events.append(Said(
                f"The encounter stops the walk in {stage[-1]}: {way[-1]} is {left} more "
                f"room{'s' if left != 1 else ''} on ('go {way[-1]}' goes on)."))
            return False
    return True


class _Trap(NamedTuple):
    """A trapped door a walk went through (the room it is in, and the exit), before it is
    said whether it sprang: that reads the party's pace once the stage's play set it."""

    room: Room
    exit: Exit


def _met(run: Run, walked: Sequence[Event | _Trap]) -> list[Event]:
    """``walked`` with each trap on it sprung, or found where the procedure finds traps as
    the party moves now (Delving: a walk is at walking pace, which springs every trap)."""
    found = traps_found(run)
    return [change.spring(*each, found) if isinstance(each, _Trap) else each
            for each in walked]


def _step(run: Run, way: Sequence[str], announce: bool = True) -> list[Event | _Trap]:
    """The party walks ``way``: each room it walks into is shown, in order (``[#R:3]``),
    after the trapped door it went through on the way there, if any; with ``announce`` in
    the run's events, else given back. Every room is its own event, so the record names
    each room the walk entered, as a step's does (the reports' route reads them)."""
    walked: list[Event | _Trap] = []
    for room_id in way:
        walked.extend(_cross(run, room_id))
        run.dungeon = change.go_to(run.dungeon, room_id)
        walked.append(room_changed(run.dungeon, room_id, "back"))
    if announce:
        run.events.extend(_met(run, walked))
        return []
    return walked


def _trapped(dungeon: Dungeon, to: str) -> bool:
    """Whether the step from the room the party is in to ``to`` goes through a trapped
    door (none open there)."""
    room = dungeon.current
    doors = [exit.door for exit in room.exits if exit.to == to and exit.passable] \
        if room is not None else []
    return bool(doors) and all(door == "trapped" for door in doors)


def _cross(run: Run, to: str) -> list[_Trap]:
    """The party steps from the room it is in to ``to``, through a way it may pass (an
    open one before a trapped one): a trapped door is met (:func:`_met`) and is open
    after, from both sides, as a step into a new room leaves it."""
    dungeon = run.dungeon
    room = dungeon.current
    assert room is not None
    ways = [at for at, exit in enumerate(room.exits) if exit.to == to and exit.passable]
    at = min(ways, key=lambda at: room.exits[at].door == "trapped", default=None)
    if at is None or room.exits[at].door != "trapped":
        return []
    trap = _Trap(room, room.exits[at])
    dungeon = dungeon.with_room(room._replace(exits=tuple(
        each._replace(door="") if place == at else each
        for place, each in enumerate(room.exits))))
    other = dungeon.room(to)
    if other is not None and any(each.to == room.id and each.door == "trapped"
                                 for each in other.exits):
        dungeon = dungeon.with_room(other._replace(exits=tuple(
            each._replace(door="") if each.to == room.id and each.door == "trapped"
            else each for each in other.exits)))
    run.dungeon = dungeon
    return [trap]
