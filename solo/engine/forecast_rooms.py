"""The next new room, as the forecast's count sees it when the journal names a generator.

Play rolls a new room from the generator before the move's own effects
(:mod:`solo.engine.dungeon_rolls`): its description, exits and doors are a great many
ways, but the rules read only two things of them in the move that enters it: how many
exits the party sees (the move's ``exits`` and the map's ``room_exits``, which D12's
encounter check counts) and whether the room was stocked with an encounter (met from
the procedure's own table, unless the move met one already). Both follow exactly from
the generator's tables (:func:`solo.rules.generate.exit_count_odds`,
:func:`~solo.rules.generate.door_odds`, :func:`~solo.rules.generate.room_odds`), so a
forecast play draws each as ONE weighted die of the count
(:meth:`solo.engine.forecast_tree.Forking.weighted`): the exits seen before the move,
the stocked encounter after it (drawn only when the move met none, as play meets it).
The rest of the room (its words, which door is where) changes nothing the figures read
and is not drawn; where the rules read the map, the room is put on it with the exits
drawn, all seen (:func:`solo.engine.room_changes.enter_new`). Counted this way, a move
into a generated room has a few times the ways of a typed one, not millions, and its
figures are exact.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import Any

from solo.engine.dungeon_named import active
from solo.engine.dungeon_rolls import move_arguments, takes_preset
from solo.engine.effects_party import act_as
from solo.engine.effects_tables import encounter_met, meet_rolled_encounter
from solo.engine.forecast_names import foretells, names_read, sets
from solo.engine.forecast_tree import Forking
from solo.engine.procedure_errors import procedure_error
from solo.engine.requests import Act, Request
from solo.engine.room_changes import enter_new
from solo.engine.rooms import OPPOSITE, Room
from solo.engine.run import RunState
from solo.engine.state import State
from solo.engine.world_state import new_run
from solo.errors import UsageError
from solo.rules import dice
from solo.rules.expr import ExprError
from solo.rules.generate import RoomContext, RoomOdds, door_odds, exit_count_odds, room_odds
from solo.rules.generator import Generator
from solo.rules.tables import Table
from solo.rules.world import World

__all__ = ["NewRoom", "new_room", "room_perform", "stocked_met"]


@dataclass(frozen=True)
class NewRoom:
    """The next new room a move rolls: the generator's name, the exact chances a player
    reads (the room stocked with an encounter, a trap in it or on a door, at least one
    locked door), and what the count draws (each seen exit count with its weight, and
    the weights of no stocked encounter and one)."""

    generator: str
    encounter: Fraction
    trap: Fraction
    locked: Fraction
    seen: tuple[int, ...]
    seen_weights: tuple[int, ...]
    met_weights: tuple[int, int]
    exits_argument: bool
    """Whether the move takes ``exits`` (the rolled room's count is then given to it)."""
    preset: bool = False
    """Whether the move is told that the room holds its encounter
    (:func:`~solo.engine.dungeon_rolls.takes_preset`: D12 then rolls no events and no
    check): the stocked encounter's die is drawn before the move, as it changes it."""


MAP_NAMES = frozenset({"room", "room_exits", "rooms_to_exit", "rooms_known", "room_new",
                       "way_out"})
"""The names the rules read of the map (:mod:`solo.engine.run`'s): where a procedure reads
one, the room a forecast play enters is put on the map."""


def _weights(chances: list[Fraction]) -> tuple[int, ...]:
    """Whole weights in the same proportions as ``chances``."""
    common = lcm(*(chance.denominator for chance in chances)) if chances else 1
    return tuple(int(chance * common) for chance in chances)


def _way_on(room: Room, direction: str | None) -> str | None:
    """The exit the party takes out of ``room`` into the new one (as play chooses it:
    the one named, else the first way on it sees and can take, else the first it sees)."""
    if direction is not None:
        return direction
    free = [exit for exit in room.exits if exit.to is None and exit.seen]
    chosen = next((exit for exit in free if not exit.barred), free[0] if free else None)
    return chosen.direction if chosen is not None else None


def new_room(world: World, state: State, request: Request) -> NewRoom | None:
    """The room ``request`` rolls, if it is the procedure's move into a new room with no
    exits typed and the journal names a generator; else None."""
    if not isinstance(request, Act) or request.move != "new" or request.exits_typed:
        return None
    found = active(world, state.values)
    if found is None:
        return None
    generator, settings = found
    left = state.dungeon.current
    direction = _way_on(left, request.direction) if left is not None else request.direction
    context = RoomContext(len(state.dungeon.rooms),
                          OPPOSITE.get(direction) if direction else None)
    odds, hidden, exits = _figures(generator, settings, context)
    back = 1 if left is not None else 0
    seen: dict[int, Fraction] = {}
    for number, chance in exits.items():
        for shown in range(number + 1):  # each door secret or not, independently
            share = chance * comb(number, shown) * (1 - hidden) ** shown \
                * hidden ** (number - shown)
            if share:
                seen[back + shown] = seen.get(back + shown, Fraction(0)) + share
    action = world.procedure.actions[request.action]
    counts = sorted(seen)
    return NewRoom(generator.name or generator.id, odds.encounter, odds.trap, odds.locked,
                   tuple(counts), _weights([seen[count] for count in counts]),
                   (odds.encounter.denominator - odds.encounter.numerator,
                    odds.encounter.numerator),
                   any(argument.name == "exits" for argument in action.args),
                   takes_preset(action))


_FIGURES: dict[Hashable, tuple[Generator, tuple[RoomOdds, Fraction, dict[int, Fraction]]]] = {}


def _figures(generator: Generator, settings: dict[str, Any], context: RoomContext
             ) -> tuple[RoomOdds, Fraction, dict[int, Fraction]]:
    """The generator's exact chances for the next room: what it holds, a door's chance
    of being secret, each number of exits. Kept for the last few (working them out costs
    more than counting a move, and a forecast asks for them a few times)."""
    try:
        key: Hashable = (id(generator), tuple(sorted(settings.items())), context)
        known = _FIGURES.get(key)
    except TypeError:  # (a setting's value that is no plain value: worked out each time)
        key, known = None, None
    if known is not None and known[0] is generator:
        return known[1]
    found = (room_odds(generator, settings, context),
             door_odds(generator, settings, context)["secret"],
             exit_count_odds(generator, settings, context))
    if key is not None:
        if len(_FIGURES) >= 16:
            _FIGURES.pop(next(iter(_FIGURES)))
        _FIGURES[key] = (generator, found)
    return found


def _draw(rng: random.Random, weights: tuple[int, ...]) -> int:
    """A face of a weighted die: a branch of the count on its dice, else a plain draw."""
    if isinstance(rng, Forking):
        return rng.weighted(weights)
    return rng.choices(range(len(weights)), weights)[0]


def stocked_met(world: World, state: State, room: NewRoom, action: str = ""
                ) -> Fraction | None:
    """The chance the room's stocked encounter is met, when the move met none, worked out
    without its die: the room stocked with one, and the procedure's table met whatever it
    rolls (nothing struck off, or a sign foretold it), or met as often as its die reaches
    an entry still on it (the table's plus reading nothing ``action`` may change, and no
    sign that could foretell another). None: it must be drawn (the struck entries' share
    hangs on the move's own dice, or the move is told of it: :attr:`NewRoom.preset`)."""
    if room.preset and room.encounter:
        return None
    name = world.procedure.encounters
    table = (world.tables.get(name) or world.procedure.tables.get(name)) if name else None
    if not name or not table:
        return None if room.encounter and name else Fraction(0)
    foretold = state.foreshadowed is not None and state.foreshadowed[0] == name
    struck = state.struck.get(name)
    if not struck or foretold:
        return room.encounter
    share = _still_on(world, state, table, frozenset(struck), action)
    return None if share is None else room.encounter * share


def _still_on(world: World, state: State, table: Table, struck: frozenset[int],
              action: str) -> Fraction | None:
    """The share of ``table``'s faces that reach an entry not ``struck``, when it rolls
    one plain die and its plus reads only values ``action`` leaves as they are (None:
    it cannot be told before the move)."""
    sides = dice.single_die(table.expression) if table.plain else None
    plus = table.plus_expr
    if sides is None or not action or foretells(world) or (
            plus is not None and plus.names & sets(world, action)):
        return None
    try:
        added = 0 if plus is None else plus.evaluate(dict(state.values))
    except Exception:  # noqa: BLE001 (it reads more than the values: drawn instead)
        return None
    if type(added) is not int:
        return None
    on = sum(1 for face in range(1, sides + 1) if table.index_for(face + added) not in struck)
    return Fraction(on, sides)


def room_perform(world: World, state: State, request: Act, room: NewRoom,
                 rng: random.Random, stocked: bool = True) -> RunState:
    """``request`` carried out from ``state`` as play carries out a move into a generated
    room (:func:`solo.engine.carry_out.carry_out`), with the room's exits seen and its
    stocked encounter drawn as :class:`NewRoom` weighs them: the finished run (its events
    recorded). Where the rules read the map (:data:`MAP_NAMES`), the room is put on it
    for the move's effects, its exits the ones drawn (else they are drawn only for the
    move's ``exits``: a die nothing reads is ways for nothing). The finished run's map is
    the one it started from: the look-ahead tells states apart by it where it is read,
    and a room per play would be too many states (its later moves start from the map as
    now: docs/odds.md). ``stocked``: False leaves the stocked encounter to the caller
    (:func:`stocked_met`)."""
    actor = request.actor
    if actor is not None:
        found = state.member(actor)
        if found is None:
            raise UsageError(f"no one called {actor!r} in the party")
        actor = found.name
    action = world.procedure.actions[request.action]
    read = MAP_NAMES & names_read(world)
    seen = 0
    if room.exits_argument or "room_exits" in read:
        seen = room.seen[_draw(rng, room.seen_weights)] if len(room.seen) > 1 \
            else room.seen[0] if room.seen else 0
    held = room.preset and bool(room.encounter) and (
        room.encounter == 1 or _draw(rng, room.met_weights) == 1)  # (it changes the move)
    arguments = move_arguments(action, request.arguments,
                               seen if room.exits_argument else None, held)
    run = new_run(world, state, action, rng)
    if read:  # entered before the move's effects, as play enters it
        try:
            run.dungeon = enter_new(run.dungeon, request.direction, seen, request.to)
        except UsageError:  # a shut door: refused in play, not followed here (as before)
            pass
    run.record = True  # (play meets the room's encounter by the move's recorded events)
    act_as(run, actor)
    start = len(run.events)
    try:
        run.act(action, arguments, request.text)
        if room.preset:
            if held and stocked:
                meet_rolled_encounter(run, start)
        elif stocked and room.encounter and world.procedure.encounters and not \
                encounter_met(run.events[start:]) and (
                room.encounter == 1 or _draw(rng, room.met_weights) == 1):
            meet_rolled_encounter(run, start)
    except (ExprError, RecursionError) as error:  # a fault of the procedure file
        raise procedure_error(world, error) from error
    run.dungeon = state.dungeon
    return run
