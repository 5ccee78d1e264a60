"""The ``room`` effect: a procedure changes the room the party is in, on the map (D12's
collapse takes an exit away, Delving's dungeon shift marks the room it changes). Where the
party is in no room (no map is kept), it does nothing."""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.compiled_parts import CompileFunction, Compiler, Step
from solo.engine.room_commands import changed
from solo.engine.run import RunState, whole
from solo.rules.effect_model import RoomChange

__all__ = ["compile_room", "COMPILERS"]


def compile_room(compiler: Compiler, effect: RoomChange) -> Step:
    """Set, add or take away the status words, then take ``block`` exits away."""
    words = tuple(word.lstrip("+-") for word in effect.status)
    mode = ("add" if effect.status[0][0] == "+" else "remove" if effect.status[0][0] == "-"
            else "set") if effect.status else "set"
    block = effect.block

    def change_room(run: RunState) -> None:
        dungeon = run.dungeon
        if dungeon.current is None:
            return
        if words:
            dungeon = change.set_status(dungeon, words, mode)
        if block is not None:
            count = whole("room: block", block.evaluate(run.scope))
            dungeon = change.block_exits(dungeon, max(0, count))
        changed(run, dungeon)

    return change_room


COMPILERS: dict[type, CompileFunction] = {RoomChange: compile_room}
"""The effects this module carries out, each with its one compile function."""
