"""What ``rooms`` shows: every room the party knows, in the order found, with its
status, description and exits, the room the party is in and the way out marked.

Pure: reads the state's dungeon (:mod:`solo.engine.rooms`), never the journal. Every
piece of the player's text goes through :func:`solo.terminal.printable`.
"""

from __future__ import annotations

from solo.engine.room_changes import exit_text
from solo.engine.rooms import Dungeon
from solo.terminal import printable

__all__ = ["rooms_lines", "TRAIL_SHOWN"]

TRAIL_SHOWN = 6
"""How many rooms of the way back the list names (the nearest first)."""


def rooms_lines(dungeon: Dungeon, explored: str | None = None) -> list[str]:
    """One line per known room; a line saying how to begin when there is none. In a keyed
    dungeon, ``explored`` (``9 of 23 rooms, 2 of 4 secrets``) ends the list."""
    if not dungeon.rooms:
        if explored:
            return [f"No rooms yet: the procedure's 'enter' goes into the key's entrance "
                    f"(explored: {explored})."]
        return ["No rooms yet: the procedure's 'enter' goes into the first one, and "
                "'room NAME, exits N E' describes it."]
    lines = []
    for room in dungeon.rooms:
        marks = [mark for mark, shown in (("here", room.id == dungeon.here),
                                          ("way out", room.id == dungeon.way_out)) if shown]
        head = room.id + (f" ({', '.join(marks)})" if marks else "")
        parts = [head, room.description or "—", ", ".join(room.status) or "—"]
        seen = [exit_text(exit) for exit in room.exits if exit.seen]  # (not a hidden way)
        if seen:
            parts.append("exits " + ", ".join(seen))
        lines.append(printable(" · ".join(parts)))
    steps = dungeon.rooms_to_exit()
    if steps is not None and dungeon.here != dungeon.way_out:
        lines.append(f"{steps} room{'s' if steps != 1 else ''} to the way out, by the "
                     "shortest known way.")
    if dungeon.trail:
        way = list(reversed(dungeon.trail))
        more = len(way) - TRAIL_SHOWN
        shown = ", ".join(way[:TRAIL_SHOWN]) + (f" and {more} more" if more > 0 else "")
        lines.append(printable(f"'back' retraces the way the party came: {shown}."))
    if explored:
        lines.append(f"Explored: {explored}.")
    return lines
