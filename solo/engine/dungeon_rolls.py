"""The dungeon that stocks itself: a new room rolled by the journal's generator, and the
doors the rules then read.

A journal names its generator in its state (``dungeon``: an id such as ``classic``, or a
generator file's path; ``dungeon_set``: the player's settings, ``doors=barred``), so
resume, undo and replay find it as they find any value. When the procedure's own move
into a new room (``room: new``) is made and the player typed no exits, the room is rolled
(:func:`solo.rules.generate.roll_room`) from the run's dice: each table roll is journaled
as a ``tbl:`` line, the room gets the rolled kind, description and exits, each exit its
door. What the rules read follows from it: the exits an action counts are the room's own
(a hidden one not counted), a stuck or locked door is opened by the procedure's own
action (:data:`OPENERS`) before the party goes through, a secret way is hidden until a
search finds it (:data:`FINDERS`), a trapped door springs on the party unless found first,
and an encounter rolled is drawn from the procedure's own encounter table: the room holds
it as the party enters, a pre-set encounter as a key's is (:attr:`Rolled.preset`).

Which generator or key the journal names, and ``set dungeon``, are
:mod:`solo.engine.dungeon_named`'s. Generators come from the world, stocked by the play
layer: nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.engine import room_changes as change
from solo.engine import room_traps
from solo.engine.dungeon_named import DUNGEON, KEY, active
from solo.engine.dungeon_refusals import (
    DISARMERS,
    FINDERS,
    OPENERS,
    SEEKS,
    dead_end,
    door_refusal,
    refuse_hidden,
)
from solo.engine.events import Event, Said
from solo.engine.room_exits import door_name, named_unnamed, nothing_to_open, question, unnamed
from solo.engine.rooms import FOUND, HIDDEN, OPPOSITE, Dungeon, Exit, Room
from solo.engine.run import RunState
from solo.engine.table_draws import draw_event
from solo.errors import UsageError
from solo.rules.expr import compile_expr
from solo.rules.generate import GeneratedRoom, RoomContext, roll_room
from solo.rules.procedure import Action
from solo.rules.world import World

__all__ = ["OPENERS", "FINDERS", "SEEKS", "seeks", "door_to_open", "Rolled", "roll_new",
           "after_action", "TRAPS_FOUND", "traps_found", "DEAD_END", "PRESET", "takes_preset",
           "move_arguments"]


def seeks(run: RunState, what: str) -> bool:
    """Whether the search being carried out looks for ``what`` (``secrets`` or ``traps``)."""
    return run.locals.get(SEEKS, what) == what


_DOORS = {"open": ("", False), "stuck": ("stuck", False), "locked": ("locked", False),
          "trapped": ("trapped", False), "secret": (HIDDEN, True)}
"""A generator's door kind as an exit keeps it: its door and whether it is secret."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def door_to_open(run: RunState, action: str, direction: str | None) -> int | None:
    """Which exit of the room the party is in ``action`` opens, if it is an opener: the
    one in ``direction`` (``?``: the one with no direction), else the one shut door of its
    kinds there (None: none, in a room the player types, and the action is only what the
    procedure makes of it). Refused, before the action is carried out, when ``direction``
    names no exit the party knows of or one no such door shuts, when the room has several
    such doors and none is named, or none in a room a key or a generator gives."""
    kinds = OPENERS.get(action)
    room = run.dungeon.current
    if kinds is None:
        return None
    if room is None:
        if direction is not None:
            raise UsageError(f"the party is in no room on the map: '{action}' alone says "
                             "what it did")
        return None
    exits = room.exits
    kind = question(direction or "")
    if kind is not None:
        return unnamed(room, kind, kinds, action)
    if direction is not None:
        index = next((index for index, exit in enumerate(exits)
                      if exit.direction == direction and exit.seen), None)
        if index is None:
            raise UsageError(f"{room.id} has no exit {direction} the party knows of; "
                             "'rooms' lists its exits")
        exit = exits[index]
        if exit.door in kinds:
            return index
        if exit.barred:
            raise door_refusal(room, exit, run.procedure, run.scope)
        raise UsageError(f"the way {direction} of {room.id} is not shut: '{action}' has "
                         "nothing to open there")
    shut = [index for index, exit in enumerate(exits) if exit.door in kinds]
    if len(shut) > 1:  # which? a door with no direction is named '?'
        doors = [f"'{action} {exit.direction or named_unnamed(room, exit, kinds, index)}' "
                 f"({exit.door})" for index, exit in ((index, exits[index]) for index in shut)]
        raise UsageError(f"{room.id} has {len(shut)} shut doors '{action}' can open: name "
                         f"one, {', '.join(doors[:-1])} or {doors[-1]}")
    return shut[0] if shut else nothing_to_open(room, action, kinds, any(
        run.values.get(name) for name in (DUNGEON, KEY)))


DEAD_END = "dungeon_dead_end"
"""The state's value naming the rolled room with no exits at all (a first room rolled a
dead end): going on from it is refused as from any rolled room with no way on, where a
room the player typed with no exits (before ``set dungeon``) makes one."""

PRESET = "preset"
"""The choice a move's ``encounter`` argument takes for a room that holds an encounter as
the party enters it (D12 rolls its events and encounter check only for a room without
one): see :attr:`Rolled.preset`."""


def takes_preset(action: Action) -> bool:
    """Whether ``action``'s move is told that the room it enters holds its encounter."""
    return any(arg.name == "encounter" and PRESET in arg.choice_names for arg in action.args)


def move_arguments(action: Action, arguments: Mapping[str, Any], exits: int | None,
                   preset: bool) -> Mapping[str, Any]:
    """``arguments`` for the move into a rolled or keyed room, as the room makes them: its
    ``exits`` (None: not known yet), if the move takes them; ``encounter: preset`` when
    the room holds one (:func:`takes_preset`)."""
    if exits is not None and any(arg.name == "exits" for arg in action.args):
        arguments = {**arguments, "exits": exits}
    if preset and takes_preset(action):
        arguments = {**arguments, "encounter": PRESET}
    return arguments


@dataclass
class Rolled:
    """What rolling a new room made: the events, the room's exits as the rules count them,
    whether it holds an encounter drawn from the procedure's own table (a generator's
    stocking, a key's ``encounter: roll``), and whether a key named one there
    (``keyed``)."""

    events: list[Event]
    exits: int
    encounter: bool
    keyed: bool = False

    @property
    def preset(self) -> bool:
        """Whether the room holds an encounter as the party enters it: set there before
        the party acts, whether a key named it or the room was stocked with one as it was
        rolled (its contents), so a pre-set encounter for the rules that ask
        (:data:`PRESET`)."""
        return self.encounter or self.keyed


def _through(run: RunState, room: Room, direction: str | None
             ) -> tuple[Room, str | None, list[Event]]:
    """The room the party leaves, with the exit it takes: refused if its door is shut or
    the party knows no exit that way (a hidden one is wall until a search finds it); a
    trapped one springs (and is then open)."""
    events: list[Event] = []
    exits = list(room.exits)
    free = [index for index, exit in enumerate(exits) if exit.to is None]
    # a rolled room's exits are all it has (a room typed with none makes one, as ever)
    rolled = bool(exits) or run.values.get(DEAD_END) == room.id
    if direction is None:  # the first way on the party can take, else the first it sees
        chosen = next((index for index in free if exits[index].seen
                       and not exits[index].barred), None)
        if chosen is None:
            chosen = next((index for index in free if exits[index].seen), None)
        if chosen is None and rolled:
            raise dead_end(run.dungeon, room, run.procedure)
    else:  # the exit named, as the party knows it (a hidden one is wall until found)
        refuse_hidden(run, (direction,))
        chosen = next((index for index in free if exits[index].seen
                       and exits[index].direction == direction), None)
        if chosen is None and rolled and not any(  # (one to a known room: 'go' says so;
                exit.seen and (exit.to is None) == (exit.direction is None)  # one counted)
                and exit.direction in (direction, None) for exit in exits):
            raise UsageError(f"{room.id} has no exit {direction} the party knows of; "
                             f"'rooms' lists its exits, 'room exits {direction}' names one")
    if chosen is None:
        return room, direction, events
    exit = exits[chosen]
    if exit.barred:
        raise door_refusal(room, exit, run.procedure, run.scope)
    found = traps_found(run)
    if exit.door == "trapped":
        events.append(change.spring(room, exit, found))
    if exit.crossed(found) != exit:
        exits[chosen] = exit.crossed(found)
        room = room._replace(exits=tuple(exits))
    return room, direction or exit.direction, events


TRAPS_FOUND: Mapping[str, str] = {
    "delving": "pace == 'crawl' and light != 'dark'",
}
"""Procedure by procedure, when the party finds a trap before it springs (an expression
read in the run's scope); elsewhere every trap springs unless a search found it first.
Delving's seed: crawling (with light) detects traps; walking, running and total
darkness spring them."""
_TRAPS_FOUND = {system: compile_expr(text) for system, text in TRAPS_FOUND.items()}


def traps_found(run: RunState) -> bool:
    """Whether the party, as it moves now, finds a trap before it springs."""
    rule = _TRAPS_FOUND.get(run.procedure.id)
    return bool(rule is not None and rule.evaluate(run.scope))


def _short(text: str) -> str:
    text = " ".join(text.replace("[", "(").replace("]", ")").replace("|", "/").split())
    if len(text) <= change.MAX_DESCRIPTION:
        return text
    return text[:change.MAX_DESCRIPTION].rsplit(" ", 1)[0].rstrip(",;")


def roll_new(world: World, run: RunState, direction: str | None, to: str | None,
             back_word: str) -> Rolled | None:
    """Roll the new room the party goes into (the procedure's move into a new room, no
    exits typed), if the journal names a generator: None when it names none."""
    found = active(world, run.values)
    if found is None:
        return None
    generator, settings = found
    dungeon = run.dungeon
    left = dungeon.current
    events: list[Event] = []
    if left is not None:
        opened, direction, events = _through(run, left, direction)
        if opened is not left:
            dungeon = dungeon.with_room(opened)
    entered_by = OPPOSITE.get(direction) if direction else None
    rolled = roll_room(generator, settings, run.rng, RoomContext(len(dungeon.rooms),
                                                                 entered_by))
    dungeon = change.enter_new(dungeon, direction, 0, to, back_word)
    room = dungeon.current
    assert room is not None
    room = _stocked(room, rolled)
    dungeon = dungeon.with_room(room)
    if not room.exits:  # a dead end with no way in (the first room): no way on is made
        run.store(DEAD_END, room.id)
    before = run.dungeon
    run.dungeon = dungeon
    shown: list[Event] = [change.room_event(room, "new")]
    if left is not None and dungeon.room(left.id) != before.room(left.id):
        shown.append(change.room_event(dungeon.room(left.id) or left, "changed"))
    held = [content for content in rolled.contents if content.kind not in ("empty", "trap")]
    if held:
        shown.append(Said(f"In {room.id}: " + "; ".join(
            f"{content.kind} ({content.text})" if content.text else content.kind
            for content in held) + "."))
    for content in rolled.contents:
        if content.kind == "trap":
            what = f" ({content.text})" if content.text else ""
            shown.append(Said(f"The party finds the trap in {room.id}{what} before it springs."
                              if traps_found(run) else
                              f"A trap in {room.id}{what} springs on the party."))
    return Rolled([*events, *map(draw_event, rolled.draws), *shown],
                  sum(1 for exit in room.exits if exit.seen), rolled.encounter)


def _stocked(room: Room, rolled: GeneratedRoom) -> Room:
    exits = [*room.exits]
    for direction, kind in rolled.exits:
        door, secret = _DOORS.get(kind, ("", False))
        exits.append(Exit(direction, None, secret, door))
    status = room.status + (("trapped",) if "trap" in rolled.content_kinds else ())
    return room._replace(description=_short(rolled.description), status=status,
                         exits=tuple(exits[:change.MAX_EXITS]))


def after_action(world: World, run: RunState, action: str, held: bool,
                 door: int | None, cut_short: bool = False) -> None:
    """What an action did to the doors of the room the party is in: an opener opens the
    door chosen for it (``door``: its exit's place, :func:`door_to_open`), a finder finds
    the secret ways and the trapped doors, a disarmer one trapped door, unless the action's
    own check failed (``held``: False); a search an encounter ``cut_short`` finds nothing."""
    if cut_short and action in FINDERS:
        run.events.append(Said("Cut short, the search finds nothing: search again once the "
                               "encounter is over."))
    room = run.dungeon.current
    if room is None or not held or action not in (*OPENERS, *FINDERS, *DISARMERS):
        return
    exits = list(room.exits)
    said: list[str] = []
    if action in DISARMERS:  # the first trap on a door not found yet, unless another
        room, index = room_traps.disarm(room, run.locals.get("trap") != "another")
        exits = list(room.exits)
        if index is not None:
            said.append(f"The trap disarmed is the one on {door_name(room, exits[index], index)}"
                        ": the party gets around it from now on.")
    elif action in OPENERS:
        if door is not None and door < len(exits) and exits[door].door in OPENERS[action]:
            said.append(f"{_capital(door_name(room, exits[door], door))} is open.")
            exits[door] = exits[door]._replace(door="")
    else:
        secrets, traps = seeks(run, "secrets"), seeks(run, "traps")
        for index, exit in enumerate(exits):
            if exit.door == HIDDEN and secrets:
                said.append(f"A secret way {exit.direction or ''} is found.")
                exits[index] = exit._replace(door="")
            elif exit.door == "trapped" and traps:
                said.append(f"A trap on {door_name(room, exit)} is found: the party can "
                            "get around it.")
                exits[index] = exit._replace(door=FOUND)
    if not said:
        return
    dungeon: Dungeon = run.dungeon.with_room(room._replace(exits=tuple(exits)))
    run.dungeon = dungeon
    run.events.extend(Said(" ".join(text.split())) for text in said)
    run.events.append(change.room_event(dungeon.current or room, "changed", run.out_of(room)))

