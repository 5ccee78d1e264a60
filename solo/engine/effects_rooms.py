"""The ``room`` effect: a procedure changes the room the party is in, on the map (D12's
collapse takes an exit away, Delving's dungeon shift marks the room it changes). Where the
party is in no room (no map is kept), it does nothing."""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.room_commands import changed
from solo.engine.run import Handler, RunState, whole
from solo.rules.effects import RoomChange

__all__ = ["change_room", "HANDLERS"]


def change_room(run: RunState, effect: RoomChange) -> None:
    """Set, add or take away the status words, then take ``block`` exits away."""
    dungeon = run.dungeon
    if dungeon.current is None:
        return
    if effect.status:
        sign = effect.status[0][0]
        mode = "add" if sign == "+" else "remove" if sign == "-" else "set"
        dungeon = change.set_status(dungeon, (word.lstrip("+-") for word in effect.status),
                                    mode)
    if effect.block is not None:
        count = whole("room: block", effect.block.evaluate(run.scope))
        dungeon = change.block_exits(dungeon, max(0, count))
    changed(run, dungeon)


HANDLERS: dict[type, Handler] = {RoomChange: change_room}
"""The effects this module carries out."""
