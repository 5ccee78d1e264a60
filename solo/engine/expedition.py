"""Expeditions: the party leaves the dungeon, spends days outside, and goes back in.

Three words are fixed: ``leave`` ends the expedition, ``wait N`` passes N days outside and
``return`` starts the next expedition; ``buy NAME N`` spends money on a supply at the
procedure's price. What leaving takes and what days do is the procedure's own (its
``between:`` block, :class:`~solo.rules.procedure.Between`): the party walks the known way
to the nearest way out it knows (the room it came in by, or a room whose key gives it a way
out of the dungeon) paying the procedure's walk (or plays the action that gets it out,
Dungeon Turn's ``leave`` roll); each day runs the block's ``each_day`` effects; struck-off
encounters may come back (``restock``); going back in runs ``on_return``.

The map, struck-off encounters and rooms' states are kept from one expedition to the next;
the lights are doused when the party is out, each keeping what it has left (what a
procedure's ``on_leave`` puts out first, as Delving's candles and lanterns, is spent).
Where the party is lives in the state's :class:`~solo.engine.state.Trip`. Pure, like the
rest of the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from solo.engine.effects_lights import douse_source
from solo.engine.events import Checked, RollData, Said, acted
from solo.engine.expedition_requests import Buy, Leave, TripRequest, Wait
from solo.engine.interpreter import Run
from solo.engine.requests import (
    Act,
    Douse,
    GoBack,
    GoTo,
    Light,
    MarkRoom,
    NameWayOut,
    NoteRoom,
    Request,
)
from solo.engine.state import State, Trip
from solo.engine.world_state import rooms_out, way_out
from solo.errors import UsageError
from solo.rules.procedure import LEAVE_BY_WALKING
from solo.rules.world import World

__all__ = ["carry_trip", "refuse_outside", "after_action", "end_expedition", "summary",
           "place_text"]

# -- carried out ------------------------------------------------------------------------
_INSIDE_ONLY = (Act, GoTo, GoBack, Light, Douse, NoteRoom, MarkRoom, NameWayOut)
"""What the party can do only in the dungeon."""


def refuse_outside(run: Run, request: Request) -> None:
    """A UsageError for a command that needs the party in the dungeon while it is out."""
    away = run.trip.away
    if away is not None and isinstance(request, _INSIDE_ONLY):
        buy = "'buy', " if run.procedure.between.prices else ""
        raise UsageError(f"the party is outside the dungeon ({_days_text(away)} since it "
                         f"left): 'wait N', {buy}or 'return' to go back in")


Walker = Callable[[World, Run, GoTo], None]
"""How the party walks the known way (:func:`solo.engine.walks.walk_request`, given by the
caller: the walk's cost is the procedure's)."""


def carry_trip(world: World, run: Run, request: TripRequest, walk: Walker) -> None:
    """``leave``, ``wait``, ``return`` or ``buy``, carried out; ``leave`` walks the known
    way out with ``walk``."""
    run.set_action(None)
    if isinstance(request, Leave):
        _leave_dungeon(world, run, request, walk)
        return
    if run.trip.away is None:
        raise UsageError(f"the party is in the dungeon; '{_leave_word(world)}' gets it out "
                         f"first ({request.text.split()[0]} is for the time outside)")
    run.events.append(acted(request.text, run.actor, request.shown))
    if isinstance(request, Wait):
        _wait_days(world, run, request.days)
    elif isinstance(request, Buy):
        _buy_supply(world, run, request)
    else:
        _go_back_in(world, run)


def after_action(world: World, run: Run, request: Act) -> None:
    """The action the procedure names for leaving (``between: leave: leave``) ends the
    expedition once played, whatever its roll."""
    leave = world.procedure.between.leave
    if leave != LEAVE_BY_WALKING and request.action == leave and run.trip.away is None:
        end_expedition(world, run)


def _leave_word(world: World) -> str:
    leave = world.procedure.between.leave
    return "leave" if leave == LEAVE_BY_WALKING else leave


def _leave_dungeon(world: World, run: Run, request: Leave, walk: Walker) -> None:
    if run.trip.away is not None:
        raise UsageError(f"the party is outside already ({_days_text(run.trip.away)}); "
                         "'return' goes back in")
    leave = world.procedure.between.leave
    if leave != LEAVE_BY_WALKING:  # (a procedure whose own word is not 'leave')
        raise UsageError(f"in {world.procedure.name} the party gets out with '{leave}'")
    dungeon = run.dungeon
    if dungeon.current is None:  # ('room way out' would be refused: no room to name)
        raise UsageError("no known way out: the party is in no room yet; 'enter' goes into "
                         "the first one, the way out")
    if dungeon.way_out is None or dungeon.room(dungeon.way_out) is None:
        raise UsageError("no known way out: the map has none yet ('room way out' names the "
                         "room the party came in by)")
    out = _nearest_way_out(world, run)
    if dungeon.here == out:
        run.events.append(acted(request.text, run.actor, request.shown))
    else:
        met = run.encounters
        walk(world, run, GoTo(out if out != dungeon.way_out else "OUT", text=request.text,
                              actor=request.actor))
        if run.dungeon.here != out:
            run.events.append(Said("The party is not out yet: the expedition goes on "
                                   "('leave' again walks the rest of the way)."))
            return
        if run.encounters != met:  # met in the walk's last room: played before going out
            run.events.append(Said(f"The encounter meets the party at the way out, "
                                   f"{run.dungeon.here}: the expedition goes on ('leave' "
                                   "again goes out)."))
            return
    if out != run.dungeon.way_out:
        by = rooms_out(world, run.values, run.dungeon).get(out, "its way out")
        run.events.append(Said(f"The party goes out of the dungeon from {out}, by {by}."))
    end_expedition(world, run)


def _nearest_way_out(world: World, run: Run) -> str:
    """The room the party leaves the dungeon from: the nearest way out
    (:func:`solo.engine.world_state.way_out`, the one every figure of the way out reads);
    the dungeon's own when no known way leads to any."""
    way = way_out(world, run.values, run.dungeon)
    assert run.dungeon.way_out is not None
    return run.dungeon.way_out if way is None else way.room


def end_expedition(world: World, run: Run) -> None:
    """The party is out: the expedition's summary said, the procedure's ``on_leave`` run
    (what a seed says ends with an expedition goes out there, lit or doused: Delving's
    candles and lanterns), then each source still lit doused, keeping what it has left for a later
    expedition, as the sources doused before keep theirs. The map keeps the room it left
    from (a walk out ends at the way out; Dungeon Turn's roll leaves it where the roll was
    made) until ``return`` starts the next expedition at the way out."""
    run.events.append(Said(summary(run)))
    run.trip, run.fallen = replace(run.trip, away=0), ()
    run.execute(world.procedure.between.on_leave)
    for light in list(run.lights):  # (each is the first of its kind still lit)
        douse_source(run, light.kind, "put aside as the party leaves, kept for later")


def summary(run: Run) -> str:
    """The line that closes an expedition: its turns, rooms, encounters and who fell in it
    (went down at 0 hit points, whether healed since or not)."""
    trip, procedure = run.trip, run.procedure
    turns = run.turn - trip.turn
    minutes = turns * (procedure.minutes or 0)
    unit = procedure.clock_unit
    parts = [f"{turns} {unit}{'s' if turns != 1 else ''}"
             + (f" ({minutes // 60}:{minutes % 60:02d})" if minutes else "")]
    rooms = len(run.dungeon.rooms)
    parts.append(f"{rooms} room{'s' if rooms != 1 else ''} known "
                 f"({rooms - trip.rooms} new)")
    met = run.encounters - trip.encounters
    parts.append(f"{met} encounter{'s' if met != 1 else ''}")
    if run.fallen:
        parts.append("fallen: " + ", ".join(run.fallen))
    return f"Expedition {trip.number} is over: " + ", ".join(parts) + "."


def _wait_days(world: World, run: Run, days: int) -> None:
    between = world.procedure.between
    restock = between.restock
    start = run.trip.away or 0
    for _ in range(days):
        run.trip = replace(run.trip, away=(run.trip.away or 0) + 1)
        run.execute(between.each_day)
        if restock is not None and run.trip.away == max(1, restock.after):
            _restock(run)
    run.events.append(Said(f"{_days_text(days)} pass{'es' if days == 1 else ''} outside: "
                           f"{_days_text(start + days)} since the party left."))


def _restock(run: Run) -> None:
    """Each struck-off encounter rolls to come back (the procedure's ``restock``)."""
    restock = run.procedure.between.restock
    assert restock is not None
    struck = dict(run.struck)
    if not any(struck.values()):
        run.events.append(Said("Nothing was struck off, so nothing comes back."))
        return
    back: list[str] = []
    for name, indices in list(struck.items()):
        table = run.table(name)
        kept = []
        for index in indices:
            entry = table.entries[index] if 0 <= index < len(table.entries) else None
            text = entry.text if entry is not None else f"entry {index}"
            result = run.roll(restock.dice)
            label = (restock.label.replace("{entry}", text) if restock.label
                     else f"Does it come back? {text}")
            success = bool(restock.success.evaluate({"roll": result.total}))
            run.events.append(Checked(label, RollData.of(result), 0, success))
            if success:
                back.append(text)
            else:
                kept.append(index)
        struck[name] = tuple(kept)
    run.struck = {name: indices for name, indices in struck.items() if indices}
    run.events.append(Said("The dungeon is restocked: " + "; ".join(back) + " back on the "
                           "table." if back else "No struck-off encounter comes back."))


def _buy_supply(world: World, run: Run, request: Buy) -> None:
    between = world.procedure.between
    price = between.prices[request.name]
    cost = price * request.count
    run.change_supply(request.name, run.supplies.get(request.name, 0) + request.count,
                      f"bought for {cost} {between.currency}")


def _go_back_in(world: World, run: Run) -> None:
    days = run.trip.away or 0
    run.execute(world.procedure.between.on_return)
    dungeon = run.dungeon
    where = ""
    if dungeon.way_out is not None and dungeon.room(dungeon.way_out) is not None:
        run.dungeon = dungeon.placed(dungeon.way_out, dungeon.way_out, None, ())
        where = f" at {dungeon.way_out}, the way out"
    number = run.trip.number + 1
    run.trip = Trip(number, run.turn, len(run.dungeon.rooms), run.encounters, None)
    run.events.append(Said(f"Expedition {number} begins{where}, after "
                           f"{_days_text(days)} outside."))


def _days_text(days: int) -> str:
    return f"{days} day{'s' if days != 1 else ''}"


def place_text(state: State) -> str:
    """Where the party is, for the prompt and the status bar, when it is out ('' inside)."""
    away = state.trip.away
    if away is None:
        return ""
    return f"outside, {_days_text(away)} since expedition {state.trip.number}"
