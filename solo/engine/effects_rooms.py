"""The ``room`` effect: a procedure changes the room the party is in, on the map (D12's
collapse takes an exit away, Delving's dungeon shift marks the room it changes, Dungeon
Turn's hidden door opens by itself). Where the party is in no room (no map is kept), it
does nothing."""

from __future__ import annotations

from solo.engine import room_changes as change
from solo.engine.compiled_parts import CompileFunction, Compiler, Step
from solo.engine.dungeon_named import DUNGEON
from solo.engine.events import Said
from solo.engine.room_commands import changed
from solo.engine.rooms import HIDDEN
from solo.engine.run import RunState, whole
from solo.rules.effect_model import RoomChange

__all__ = ["compile_room", "COMPILERS"]


def compile_room(compiler: Compiler, effect: RoomChange) -> Step:
    """Set, add or take away the status words, take ``block`` exits away, then open
    ``reveal`` of its hidden ways."""
    words = tuple(word.lstrip("+-") for word in effect.status)
    mode = ("add" if effect.status[0][0] == "+" else "remove" if effect.status[0][0] == "-"
            else "set") if effect.status else "set"
    block, reveal = effect.block, effect.reveal

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
        if reveal is not None:
            open_hidden(run, whole("room: reveal", reveal.evaluate(run.scope)))

    return change_room


def open_hidden(run: RunState, count: int) -> None:
    """Up to ``count`` hidden ways of the room the party is in open by themselves: a key's
    secret ways (found from now on), or the secret ways a generator rolled. Where a key or
    a generator gives the room and it hides none, that is said; in a room the player maps,
    solo cannot know, and says nothing."""
    opened = run.key_secrets(run, count) if run.key_secrets is not None else None
    given = opened is not None or bool(run.values.get(DUNGEON))  # a key's room, a rolled one
    room = run.dungeon.current
    if opened is None and room is not None:
        exits = list(room.exits)
        places = [index for index, exit in enumerate(exits) if exit.door == HIDDEN]
        for index in places[:max(0, count)]:
            exits[index] = exits[index]._replace(door="")
            where = f" {exits[index].direction}" if exits[index].direction else ""
            run.events.append(Said(f"A secret way{where} of {room.id} opens by itself."))
        opened = bool(places) and count > 0
        if opened:
            changed(run, run.dungeon.with_room(room._replace(exits=tuple(exits))))
    if not opened and room is not None and given and count > 0:
        run.events.append(Said(f"{room.id} hides no secret way: nothing opens."))


COMPILERS: dict[type, CompileFunction] = {RoomChange: compile_room}
"""The effects this module carries out, each with its one compile function."""
