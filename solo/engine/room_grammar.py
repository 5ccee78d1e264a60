"""The commands that keep the dungeon, each with its grammar: ``room`` (describe the room
the party is in, its exits, its status) and ``go`` / ``back`` (move to a known room).
Entering a new room is the procedure's own action (its ``enter``)."""

from __future__ import annotations

from collections.abc import Sequence

from solo.engine.commands import Command, first_word
from solo.engine.key_views import exits_given, ways_back
from solo.engine.requests import GoBack, GoTo, MarkRoom, NameWayOut, NoteRoom, Request
from solo.engine.room_changes import MAX_EXITS, STATUS_WORDS, check_description
from solo.engine.room_exits import OPENED, question, unnamed_words
from solo.engine.rooms import DIRECTIONS, ROOM_ID, Exit
from solo.engine.state import State
from solo.engine.world_state import way_out
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["ROOM_TOOLS", "read_exits"]


def read_exits(words: Sequence[str]) -> tuple[Exit, ...]:
    """``N E S`` as exits in those directions, ``N:R2`` (or ``R2``) as one leading to a known
    room, ``E(secret)`` as a secret one, ``E(locked)``, ``E(stuck)`` or ``E(trapped)`` as
    one with such a door, ``3`` as three exits with no direction given, ``?`` as the room's
    shut door with no direction, opened (``?(stuck)``: its stuck one; ``?2``: the second
    ``?`` of its exits)."""
    if len(words) == 1 and words[0].isdigit():
        count = int(words[0])
        if count > MAX_EXITS:
            raise UsageError(f"a room has at most {MAX_EXITS} exits")
        return (Exit(),) * count
    exits: list[Exit] = []
    for word in words:
        exits.append(_exit(word.strip(",")))
        if exits[-1].direction is not None and [exit.direction for exit in exits].count(
                exits[-1].direction) > 1:
            raise UsageError(f"the exit {exits[-1].direction} is named twice")
        if len(exits) > MAX_EXITS:
            raise UsageError(f"a room has at most {MAX_EXITS} exits")
    return tuple(exits)


_TYPED_DOORS = {"(LOCKED)": "locked", "(STUCK)": "stuck", "(TRAPPED)": "trapped"}
"""A door the player names on an exit (``E(locked)``): shut until opened, as a rolled one."""


def _exit(word: str) -> Exit:
    kind = question(word)
    if kind is not None:  # the shut door with no direction (of that kind), opened
        return Exit(door=OPENED + kind)
    text = word.upper()
    secret = text.endswith("(SECRET)")
    text = text.removesuffix("(SECRET)")
    door = next((kind for mark, kind in _TYPED_DOORS.items() if text.endswith(mark)), "")
    if door:
        text = text[:text.rindex("(")]
    direction, colon, to = text.partition(":")
    if not colon and ROOM_ID.fullmatch(direction):
        direction, to = "", direction
    if direction and direction not in DIRECTIONS or (colon and not ROOM_ID.fullmatch(to)):
        raise UsageError(f"no exit {word[:12]!r}: use {' '.join(DIRECTIONS)}, N:R2 for one "
                         "that leads to a known room, or a number of exits")
    return Exit(direction or None, to or None, secret, door)


def _room(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    if not words:
        raise UsageError(f"{command.usage}: describe the room, give its exits or its status")
    if [word.lower() for word in words] == ["way", "out"]:
        return NameWayOut()
    if words[0] in ("+", "-"):  # a sign with its status cut off, not a description
        raise UsageError("name the status: 'room +looted' adds one, 'room -locked' takes one "
                         "away")
    if all(word[0] in "+-" and len(word) > 1 for word in words):
        modes = {"add" if word[0] == "+" else "remove" for word in words}
        if len(modes) > 1:
            raise UsageError("add (+) or take away (-) statuses, not both in one line")
        return MarkRoom(tuple(word[1:].lower() for word in words), modes.pop())
    if all(word.lower() in STATUS_WORDS for word in words):
        return MarkRoom(tuple(word.lower() for word in words))
    description, _, exits = rest.partition("exits")
    if exits and description.strip() and not description.rstrip().endswith(","):
        description, exits = rest, ""  # 'exits' inside a description, not after a comma
    text = description.strip().rstrip(",").strip()
    return NoteRoom(check_description(text) if text else None, read_exits(exits.split()))


def _room_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    """The words ``room`` may go on with: after ``exits``, the directions not given yet (in
    a key's room, only its own: :func:`exits_given`) and ``?``; after statuses, the others
    (after ``+looted``, ``+`` ones the room has not; after ``-looted``, the room's own,
    which it offers first too); ``out`` after ``way``; ``exits`` after a comma."""
    said = [word.lower() for word in typed]
    room = state.dungeon.current
    if not said:
        return ["exits", "way out", *STATUS_WORDS, *DIRECTIONS,
                *(f"-{status}" for status in (room.status if room else ()))]
    if "exits" in said:
        given = {word.upper().partition("(")[0] for word in said[said.index("exits") + 1:]}
        ways = exits_given(world, state.values, state.dungeon)
        return [way for way in (*(DIRECTIONS if ways is None else ways), *unnamed_words(room))
                if way not in given]
    own = room.status if room else ()
    for sign, statuses in (("", STATUS_WORDS), ("-", own),
                           ("+", [word for word in STATUS_WORDS if word not in own])):
        if all(word[:len(sign)] == sign and word[len(sign):] in statuses for word in said):
            return [sign + status for status in statuses if sign + status not in said]
    return ["out"] if said == ["way"] else ["exits"] if said[-1].endswith(",") else ()


def _go(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    if len(words) != 1:
        raise UsageError(f"{command.usage}: a direction ({' '.join(DIRECTIONS)}), a known "
                         "room such as R2, or out (the way out)")
    return GoTo(words[0])  # (as typed, for the refusal to quote: the walk reads any case)


def _go_words(world: World, state: State) -> Sequence[str]:
    """Where ``go`` may lead from the room the party is in: its exits to known rooms, the
    way out (when one is known and the party is not there: ``go out`` is refused then),
    the other known rooms (:func:`ways_back`; in no room yet: nowhere)."""
    way = way_out(world, state.values, state.dungeon)
    return ways_back(state.dungeon, *(("out",) if way is not None and way.steps else ()))


def _back(command: Command, world: World, state: State, rest: str) -> Request:
    if rest.strip():
        raise UsageError(f"'{command.name}' takes no words after it; 'go R2' goes to a room")
    return GoBack()


ROOM_TOOLS: dict[str, Command] = {command.name: command for command in (
    Command("room", "room [DESCRIPTION][, exits N E S] | room STATUS | room +STATUS | "
            "room way out", "Describe the room the party is in and its exits, or mark it: "
            "'room library, exits N E S', 'room cleared', 'room +looted'; 'room way out' makes "
            "it the dungeon's exit. 'room exits E' says the party opened the door E, 'room "
            "exits ?' the shut door with no direction ('?2' the second ? of the exits line); "
            "'room exits N(stuck)', N(locked) or "
            "N(trapped) gives a door of that kind (a trap springs as the party goes through, "
            "unless found first).", "tool", _room, _room_words),
    Command("go", "go DIRECTION|ROOM|out", "Go through a known exit, or walk to any known "
            "room by the shortest known way: 'go N', 'go R2', 'go out' (to the way out). "
            "What a walk costs is the procedure's rule (below).", "tool", _go,
            first_word(_go_words)),
    Command("back", "back", "Go back one room the way the party came; again and again, "
            "it retraces the whole way.", "tool", _back),
)}
"""The dungeon's own commands, by their words."""
