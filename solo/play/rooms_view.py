"""What ``rooms`` shows: every room the party knows, in the order found, with its
status, description and exits, the room the party is in and the way out marked.

Pure: reads the state's dungeon (:mod:`solo.engine.rooms`), never the journal. Every
piece of the player's text goes through :func:`solo.terminal.printable`.
"""

from __future__ import annotations

from solo.engine.room_changes import exit_texts, walk_route
from solo.engine.rooms import Dungeon
from solo.engine.way_out import WayOut, nearest
from solo.errors import UsageError
from solo.terminal import printable

__all__ = ["rooms_lines", "TRAIL_SHOWN"]

TRAIL_SHOWN = 6
"""How many rooms of the way back the list names (the nearest first)."""


def rooms_lines(dungeon: Dungeon, explored: str | None = None,
                out: frozenset[tuple[str, int]] = frozenset(),
                way: WayOut | None = None, outside: bool = False) -> list[str]:
    """One line per known room; a line saying how to begin when there is none. In a keyed
    dungeon, ``explored`` (``9 of 23 rooms, 2 of 4 secrets``) ends the list, and each exit
    of ``out`` (a room's id and the exit's place, :func:`solo.engine.key_views.ways_out`)
    is shown leading out (``S(out)``, as a key writes it). ``way``: the nearest way out
    (:func:`solo.engine.world_state.way_out`; by default the dungeon's own). ``outside``:
    the party is out of the dungeon (between expeditions), in no room."""
    if not dungeon.rooms:
        if explored:
            return [f"No rooms yet: the procedure's 'enter' goes into the key's entrance "
                    f"(explored: {explored})."]
        return ["No rooms yet: the procedure's 'enter' goes into the first one, and "
                "'room NAME, exits N E' describes it."]
    lines = []
    for room in dungeon.rooms:
        marks = [mark for mark, shown in (("here", room.id == dungeon.here and not outside),
                                          ("way out", room.id == dungeon.way_out)) if shown]
        head = room.id + (f" ({', '.join(marks)})" if marks else "")
        parts = [head, room.description or "—", ", ".join(room.status) or "—"]
        seen = [text + ("(out)" if (room.id, index) in out else "")
                for index, text in exit_texts(room).items()]  # (not a hidden way)
        if seen:
            parts.append("exits " + ", ".join(seen))
        lines.append(printable(" · ".join(parts)))
    way = way if way is not None else nearest(dungeon)
    if outside:
        lines.append(printable(f"The party is outside the dungeon (it left from "
                               f"{dungeon.here})."))
    elif way is not None and way.steps:
        which = "the way out" if way.room == dungeon.way_out \
            else f"the nearest way out, in {way.room}"
        lines.append(f"{way.steps} room{'s' if way.steps != 1 else ''} to {which}, by the "
                     "shortest known way.")
    if dungeon.trail and not outside:
        lines.append(printable(_back_line(dungeon)))
    if explored:
        lines.append(f"Explored: {explored}.")
    return lines


def _back_line(dungeon: Dungeon) -> str:
    """What ``back`` would do now, as :mod:`solo.engine.walks` walks it: retrace the way the
    party came; walk as far as a shut door on it; or be refused (why)."""
    way = list(reversed(dungeon.trail))
    try:
        walk_route(dungeon, way[0])
    except UsageError as error:
        here = dungeon.current
        through = dungeon.route(here.id, way[0], shut=True) if here is not None else None
        if here is None or not through:
            return f"'back' does not go to {way[0]} now: {error}."
        at = here
        for step in through:
            doors = [exit for exit in at.exits if exit.to == step and exit.seen]
            if not any(exit.passable for exit in doors):
                door = doors[0]
                where = f"the door {door.direction} of {at.id}" if door.direction \
                    else f"a door of {at.id}"
                if at is here:
                    return (f"'back' does not go to {way[0]} now: {where} is shut "
                            f"({door.door}), to be opened first.")
                return f"'back' walks toward {way[0]} as far as {where}, which is shut."
            at = dungeon.room(step) or at
        return f"'back' does not go to {way[0]} now: {error}."  # pragma: no cover
    more = len(way) - TRAIL_SHOWN
    shown = ", ".join(way[:TRAIL_SHOWN]) + (f" and {more} more" if more > 0 else "")
    return f"'back' retraces the way the party came: {shown}."
