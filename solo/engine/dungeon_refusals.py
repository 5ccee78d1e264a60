"""Why a move or a door's opener is refused in a dungeon a generator or a key gives, and
what each refusal names to do instead: the door's own opener (:data:`OPENERS`), with why
it may not be taken yet where its rules say (Trespasser's characters act only in a round
without an encounter); the search that finds a secret way (:data:`FINDERS`, as
:func:`finder` types it); the nearest room with a way on; a free direction for ``room
exits`` to name, never one a hidden way takes: that way is the search's to find, and
naming it there is refused (:func:`refuse_hidden`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solo.engine import room_changes as change
from solo.engine.arguments import required_words
from solo.engine.room_exits import door_name, named_unnamed
from solo.engine.rooms import DIRECTIONS, Dungeon, Exit, Room
from solo.engine.run import RunState
from solo.errors import UsageError
from solo.rules.expr import ExprError
from solo.rules.procedure import Action, Procedure

__all__ = ["OPENERS", "FINDERS", "DISARMERS", "SEEKS", "finder", "door_refusal",
           "refuse_shut", "refuse_hidden", "dead_end"]

OPENERS: Mapping[str, tuple[str, ...]] = {
    "break-door": ("stuck", "locked"),   # D12: the party broke a door down (Tension +1)
    "batter-door": ("stuck", "locked"),  # Trespasser: Might | Athletics, always Loud
    "force-door": ("stuck", "locked"),   # Exploration: a STR check against the door
    "pick-lock": ("locked",),            # Trespasser and Exploration: a lock picked
}
"""The procedures' own actions that open a door, and the doors each opens: the one named by
its direction (``break-door S``), else the one such door of the room the party is in (a
check the action rolls must succeed)."""

FINDERS = ("find-secret", "search")
"""The actions that find a room's secret ways and the traps on its doors (a check the
action rolls must succeed), each what it
:func:`~solo.engine.dungeon_rolls.seeks`."""

DISARMERS = ("disarm-trap",)
"""The actions that get around a trap: the first one on a door of the room not found yet is
found by it (:func:`~solo.engine.room_traps.disarm`), unless the player says ``another``."""

SEEKS = "seeks"
"""The value a search's target sets (a choice of its argument: Dungeon Turn's ``search
traps``) to say what it looks for: ``secrets`` (secret ways, and what a key hides),
``traps`` (trapped doors), or anything else for what the map does not keep (a trap on one
object). A search whose target sets none looks for both."""


def finder(procedure: Procedure, name: str) -> str:
    """The search ``name`` as the player types it to find secret ways: with the target
    that seeks them, if it takes one (``search secret-doors``), and what it cannot be typed
    without (Trespasser's roll: ``search success|failure|feature``)."""
    action = procedure.actions[name]
    target = next((f" {choice}" for arg in action.args for choice, sets in arg.choices
                   if dict(sets).get(SEEKS) == "secrets"), "")
    return f"{name}{target}{required_words(action)}"


def _free_direction(room: Room) -> str | None:
    """The first direction no exit of ``room`` takes, a hidden one's included: ``room
    exits`` may name it (never the one a hidden way takes, which only a search finds)."""
    used = {exit.direction for exit in room.exits}
    return next((direction for direction in DIRECTIONS if direction not in used), None)


def refuse_hidden(run: RunState, directions: Iterable[str | None]) -> None:
    """Refuse a way the party names (``room exits N``, ``enter N 3``) in a direction where
    the room it is in has a hidden one: that is the procedure's search's to find."""
    room = run.dungeon.current
    hidden = {exit.direction for exit in room.exits if not exit.seen} if room else set()
    for direction in (direction for direction in directions if direction in hidden):
        assert room is not None
        raise _hidden_refusal(room, direction, run.procedure)


def _hidden_refusal(room: Room, direction: str | None, procedure: Procedure) -> UsageError:
    finders = [f"'{finder(procedure, name)}' searches the room" for name in FINDERS
               if name in procedure.actions][:1]
    free = _free_direction(room)
    elsewhere = [f"'room exits {free}' names one elsewhere"] if free else []
    return UsageError(f"{room.id} has no exit {direction} the party knows of, and none can "
                      "be named there: " + "; ".join([*finders, *elsewhere] or ["'rooms' "
                                                      "lists its exits"]))


def _not_now(action: Action, scope: Mapping[str, Any] | None) -> str:
    """Why ``action`` may not be taken now, as its refusal says ('': it may, or no
    ``scope`` to tell by)."""
    try:
        if scope is None or action.allowed is None or action.allowed.evaluate(scope):
            return ""
    except ExprError:  # (a name only the action's own arguments give: it may be)
        return ""
    return f". {action.refusal.render(scope)}" if action.refusal else ""


def door_refusal(room: Room, exit: Exit, procedure: Procedure,
                 scope: Mapping[str, Any] | None = None) -> UsageError:
    """Why the party cannot go through ``exit``: its door is shut, and what opens it: the
    procedure's own action, with the door's direction, and why that action may not be
    taken yet, if ``scope`` (the run's, now) says it may not (Trespasser's characters act
    only in a round without an encounter); where the procedure has none, the player says
    the party opened it with ``room exits`` and its direction (or the room it leads to). A
    door with no direction is named ``?`` (``?(stuck)`` where the words need its kind)."""
    openers = [name for name, doors in OPENERS.items()
               if exit.door in doors and name in procedure.actions]
    if openers:
        shut = sum(1 for other in room.exits if other.door in OPENERS[openers[0]])
        said = f" {exit.direction}" if exit.direction else "" if shut == 1 \
            else f" {named_unnamed(room, exit, OPENERS[openers[0]])}"
        return UsageError(f"{door_name(room, exit)} is {exit.door}: " + " or ".join(
            f"'{name}{said}{required_words(procedure.actions[name])}'" for name in openers)
            + " opens it first" + (_not_now(procedure.actions[openers[0]], scope) or ""))
    where = exit.direction or exit.to or named_unnamed(room, exit)
    return UsageError(f"{door_name(room, exit)} is {exit.door}: once the party has "
                      f"opened it, 'room exits {where}' says so")


def refuse_shut(run: RunState, direction: str | None, back_word: str = "go") -> None:
    """Refuse, by name, a move into a new room through a shut door of the room the party
    is in (the exit :func:`~solo.engine.room_changes.way_on` takes)."""
    room = run.dungeon.current
    if room is None:
        return
    refuse_hidden(run, (direction,))
    index = change.way_on(room, direction, back_word)
    if index is not None and room.exits[index].barred:
        raise door_refusal(room, room.exits[index], run.procedure, run.scope)


def dead_end(dungeon: Dungeon, room: Room, procedure: Procedure) -> UsageError:
    """Why a rolled room has no way on: the search that may find one, and the nearest
    known room that has one that the party may walk to, as ``go`` walks (each room's own
    exits it may pass, never through a room marked locked)."""
    barred = frozenset(other.id for other in dungeon.rooms
                       if any(word in change.BARRED for word in other.status))

    def next_rooms(at: str) -> Iterable[str]:  # (a locked room may be gone to, not through)
        here = dungeon.room(at) if at == room.id or at not in barred else None
        return (to for to in here.ways() if dungeon.room(to) is not None) if here else ()

    steps = dungeon.steps(room.id, next_rooms)
    onward = [(steps[other.id], index, other.id) for index, other in enumerate(dungeon.rooms)
              if other.id in steps and other.id != room.id
              and any(exit.to is None and exit.seen for exit in other.exits)]
    finders = [name for name in FINDERS if name in procedure.actions]
    ways = [f"'{finder(procedure, finders[0])}' may find a secret way"] if finders else []
    if onward:
        ways.append(f"'go {min(onward)[2]}' walks to the nearest room with one")
    free = _free_direction(room)
    if free is not None:
        ways.append(f"'room exits {free}' names one")
    return UsageError(f"{room.id} has no way on that leads nowhere yet: " + "; ".join(ways))
