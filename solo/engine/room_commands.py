"""The dungeon's own commands, carried out: ``room`` (describe the room the party is in,
its exits, its status) and ``go`` / ``back`` (move to a known room), and the moves a
procedure action makes (into a new room, or back to a known one).

Each change is made by :mod:`solo.engine.room_changes` on the run's dungeon and shown by a
:class:`~solo.engine.events.RoomChanged` event: the room's whole tag when it is new or
changed, a reference (``[#R:2]``) when the party comes back to it.
"""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.arguments import quote
from solo.engine.dungeon_named import active
from solo.engine.dungeon_refusals import refuse_hidden, refuse_shut
from solo.engine.dungeon_rolls import Rolled, roll_new, traps_found
from solo.engine.events import Event, RoomChanged, Said
from solo.engine.key_rooms import KEY, active_key, enter_key_room, found_ids
from solo.engine.requests import Act, MarkRoom, NameWayOut, NoteRoom
from solo.engine.room_exits import describe
from solo.engine.rooms import HIDDEN, Dungeon
from solo.engine.run import RunState
from solo.errors import UsageError
from solo.rules.key_reveal import hidden_here
from solo.rules.world import World

__all__ = ["note_room", "mark_room", "name_way_out", "move_for", "room_changed",
           "changed", "secrets_here"]


def room_changed(dungeon: Dungeon, room_id: str | None, how: str) -> RoomChanged:
    room = dungeon.room(room_id)
    if room is None:  # pragma: no cover - every caller names a room it just made or found
        raise UsageError(f"no room {room_id!r} on the map")
    return change.room_event(room, how)


def changed(run: RunState, dungeon: Dungeon, how: str = "changed") -> None:
    """The run's dungeon becomes ``dungeon``, and each room that changed is shown."""
    before = run.dungeon
    run.dungeon = dungeon
    for room in dungeon.changed_rooms(before):
        if before.room(room.id) != room:
            run.events.append(change.room_event(room, "new" if before.room(room.id) is None
                                                else how, run.out_of(room)))


def secrets_here(world: World, run: RunState) -> int | None:
    """How many secrets a search of the room the party is in would find, where the map
    knows: the key's (its secret ways and hidden things not found yet), or a rolled room's
    secret ways. None where it does not (no room, or rooms the player types): then the
    player says."""
    room = run.dungeon.current
    if room is None:
        return None
    key = active_key(world, run.values)
    if key is not None:
        return len(hidden_here(key, room.id, found_ids(run.values))) if room.id in key else 0
    if active(world, run.values) is not None:
        return sum(1 for exit in room.exits if exit.door == HIDDEN)
    return None


def note_room(world: World, run: RunState, request: NoteRoom) -> None:
    if request.description is None and not request.exits:
        raise UsageError("room: describe the room, give its exits or its status")
    refuse_hidden(run, (exit.direction for exit in request.exits))  # (a search finds it)
    key = active_key(world, run.values)
    dungeon = describe(run.dungeon, request.description, request.exits,
                       key is not None and run.dungeon.here in key)
    if dungeon == run.dungeon:  # what the line says is on the map already: say what
        said = [f"is described as {quote(request.description)}"] if request.description else []
        if request.exits:
            said.append(f"has the exit{'s' * (len(request.exits) > 1)} "
                        + ", ".join(map(change.exit_text, request.exits)))
        raise UsageError(f"nothing to change: {dungeon.here} {' and '.join(said)} already; "
                         "'rooms' lists the map")
    changed(run, dungeon)


def mark_room(world: World, run: RunState, request: MarkRoom) -> None:
    dungeon = change.set_status(run.dungeon, request.words, request.mode)
    if dungeon.current == run.dungeon.current:
        raise UsageError(f"{dungeon.here} is {', '.join(dungeon.current.status)} already"
                         if dungeon.current is not None and dungeon.current.status
                         else "nothing to change")
    changed(run, dungeon)


def name_way_out(world: World, run: RunState, request: NameWayOut) -> None:
    """The room the party is in becomes the dungeon's exit (the one the party came in by
    is, until the player names another): what ``rooms_to_exit`` and ``way_out`` count to."""
    here = run.dungeon.here
    if here is None:
        raise UsageError("the party is in no room yet; 'enter' goes into the first one")
    if run.dungeon.way_out == here:
        raise UsageError(f"{here} is the way out already")
    run.dungeon = run.dungeon.placed(here, here, run.dungeon.previous)
    run.events.append(Said(f"{here} is the way out now."))


def move_for(run: RunState, request: Act, world: World | None = None
             ) -> tuple[tuple[Event, ...], Rolled | None]:
    """The move a procedure action makes before its effects, as the events that show it:
    into a new room (``new``), linked to the one the party leaves (whose tag is given again
    when the way it took is new to it), or back to a known one (``back``: the room ``to``
    names, else the one the party came from; where there is none, it stays, and says so).
    Nothing when the action makes no move, or when it goes back and no map is kept (the
    party is in no room), or in ``solo simulate``. Into a new room with no exits typed,
    in a journal that names a generator, the room is rolled (:mod:`solo.engine.dungeon_rolls`:
    its table rolls come first) and what the rules read of it is given too."""
    if not run.record:  # solo simulate keeps no map: its turns would only fill it
        return (), None
    if request.move == "new":
        left = run.dungeon.current
        back_word = next((action.name for action in run.procedure.actions.values()
                          if action.room == "back"), "go")
        if world is not None and run.values.get(KEY):
            if request.exits_typed:
                raise UsageError("the key gives this dungeon's rooms and exits: move without "
                                 "typing exits ('room exits …' opens a door the key shuts)")
            rolled = enter_key_room(world, run, request.direction, back_word)
            if rolled is not None:
                return tuple(rolled.events), rolled
        if world is not None and not request.exits_typed:
            rolled = roll_new(world, run, request.direction, request.to, back_word)
            if rolled is not None:
                return tuple(rolled.events), rolled
        refuse_shut(run, request.direction, back_word)
        taken = change.way_on(left, request.direction, back_word) if left else None
        sprung = () if left is None or taken is None or left.exits[taken].door != "trapped" \
            else (change.spring(left, left.exits[taken], traps_found(run)),)
        dungeon = change.enter_new(run.dungeon, request.direction,
                                   request.exits if request.exits is not None else 0,
                                   request.to, back_word, found=traps_found(run))
        run.dungeon = dungeon
        entered = room_changed(dungeon, dungeon.here, "new")
        if left is None or dungeon.room(left.id) == left:
            return (*sprung, entered), None
        return (*sprung, entered, room_changed(dungeon, left.id, "changed")), None
    if request.move == "back" and run.dungeon.current is not None:
        if request.direction is not None or request.to is not None:
            where = request.to or request.direction or ""
            dungeon = change.walk(run.dungeon, change.walk_route(
                run.dungeon, change.find_way(run.dungeon, where)))
        elif not run.dungeon.trail:
            return (Said(f"No other known room to go back to: the party stays in "
                         f"{run.dungeon.here}."),), None
        else:
            dungeon = change.go_back(run.dungeon)
        run.dungeon = dungeon
        return (room_changed(dungeon, dungeon.here, "back"),), None
    return (), None
