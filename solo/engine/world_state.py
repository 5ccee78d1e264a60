"""A world and its state: the state a game starts from (with its party), what the
session reads off a state (the danger tracker, the oracle's chaos, a tracker's level,
the light, a template filled in, the nearest way out), and the
:class:`~solo.engine.interpreter.Run` made for one command."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from solo import defaults
from solo.engine.arguments import check_member_name
from solo.engine.effects_oracle import chaos
from solo.engine.effects_party import most_of_party, with_count
from solo.engine.interpreter import Run
from solo.engine.key_rooms import active_key, open_key_secrets
from solo.engine.key_views import out_of, ways_out
from solo.engine.rooms import Dungeon, Room
from solo.engine.run import light_level
from solo.engine.state import MAX_MEMBERS, Member, State, member_index
from solo.engine.way_out import WayOut, nearest
from solo.errors import UsageError
from solo.rules.effect_model import Template
from solo.rules.procedure import Action
from solo.rules.world import World

__all__ = ["start", "follow_members", "new_members", "danger_value", "effective_chaos",
           "level_of", "light_of", "render", "new_run", "rooms_out", "exits_out", "way_out"]


def start(world: World, oracle_style: str = defaults.ORACLE_STYLE,
          party: tuple[str, ...] | list[str] = ()) -> State:
    """The state before the first command, with the members named in ``party`` (each at
    the procedure's hit points); raises UsageError for a name that cannot be one."""
    procedure = world.procedure
    values: dict = {name: tracker.start for name, tracker in procedure.trackers.items()}
    values.update(procedure.settings)
    values.setdefault("chaos", defaults.CHAOS)
    values.setdefault("oracle", oracle_style)
    supplies = {name: supply.start for name, supply in procedure.supplies.items()
                if supply.start is not None}
    return State(values=values, supplies=supplies, party=new_members(world, party))


def follow_members(world: World, state: State) -> tuple[State, tuple[str, ...]]:
    """``state`` with each tracker that follows the party's most (``party: most``) brought
    to it, and a notice for each one moved. A state saved before its members kept their
    own count (the party's count alone) gives each member that count first."""
    procedure, party, notices = world.procedure, state.party, []
    values = dict(state.values)
    for name, (most, who) in most_of_party(procedure, party).items():
        tracker, condition = procedure.trackers[name], procedure.party.conditions[name]
        if most == condition.start != values[name]:  # no member holds a count of their own
            count = condition.clamp(values[name])
            party = tuple(with_count(procedure, member, name, count) for member in party)
            notices.append(f"{tracker.label} is now counted for each member: each carries "
                           f"the party's {count}")
            most = count
        elif values[name] != most:
            notices.append(f"{tracker.label} follows the most of the members' own now: "
                           f"{most} ({who}'s)")
        values[name] = most
    if not notices:
        return state, ()
    return replace(state, values=values, party=party), tuple(notices)


def new_members(world: World, names: tuple[str, ...] | list[str]) -> tuple[Member, ...]:
    """Members called ``names``, each at the procedure's hit points; raises UsageError for
    a name that cannot be one, a name given twice, or too many. Each name is kept with
    single spaces between its words (``a  b`` is ``a b``), as ``party add`` keeps it."""
    hp = world.procedure.party.hp
    members: list[Member] = []
    for name in map(check_member_name, names):
        if member_index(members, name) is not None:
            raise UsageError(f"{name} is named twice in the party")
        members.append(Member(name, hp, hp))
    if len(members) > MAX_MEMBERS:
        raise UsageError(f"a party has at most {MAX_MEMBERS} members")
    return tuple(members)


def danger_value(world: World, state: State) -> tuple[str, int, int | None] | None:
    """The danger tracker's label, value and maximum (Tension or Alarm), if there is one."""
    name = world.procedure.danger
    if not name:
        return None
    tracker = world.procedure.trackers[name]
    return tracker.label, int(state.values[name]), tracker.maximum


def effective_chaos(world: World, state: State) -> int:
    """The oracle's chaos factor now (the danger tracker's, when chaos follows it)."""
    return chaos(new_run(world, state))


def level_of(world: World, state: State, tracker: str) -> str | None:
    """The named level a tracker stands at (``Wary``), or None if it has no levels."""
    found = world.procedure.trackers.get(tracker)
    value = state.values.get(tracker)
    if found is None or not found.levels or not isinstance(value, int):
        return None
    return found.level(value)


def light_of(world: World, state: State) -> str:
    """The light the party has: 'bright', 'dim' or 'dark'."""
    return light_level(world.procedure, state.lights)


def render(world: World, state: State, template: Template) -> str:
    """Fill a procedure's text template (its prompt, say) from ``state``; raises SoloError
    or KeyError if it names something unknown."""
    return template.render(new_run(world, state).scope)


def new_run(world: World, state: State, action: Action | None = None,
            rng: random.Random | None = None) -> Run:
    """A Run for one command on ``state`` (with a fixed ``rng`` if none is given: only
    reading the state, it rolls nothing)."""
    return Run(world.procedure, world.tables, state, rng or random.Random(0), action,
               world.styles, partial(rooms_out, world) if world.keys else None,
               partial(exits_out, world) if world.keys else None,
               partial(open_key_secrets, world) if world.keys else None)


def exits_out(world: World, values: Mapping[str, Any], room: Room) -> list[int]:
    """The places in ``room``'s exits of those the journal's key says lead out, that the
    party knows of (:func:`solo.engine.key_views.out_of`)."""
    key = active_key(world, values)
    return out_of(key, room) if key is not None else []


def rooms_out(world: World, values: Mapping[str, Any], dungeon: Dungeon) -> dict[str, str]:
    """The rooms on the map with a way out of the dungeon that the journal's key gives
    them (:func:`solo.engine.key_views.ways_out`), that the party knows of and may pass,
    in order of discovery, each with its exit's words (``the way D``)."""
    out = ways_out(active_key(world, values), dungeon)  # (as the views show them)
    found: dict[str, str] = {}
    for room in dungeon.rooms if out else ():
        for index, way in enumerate(room.exits):
            if (room.id, index) in out and way.passable and room.id not in found:
                found[room.id] = f"the way {way.direction}" if way.direction else "a way out"
    return found


def way_out(world: World, values: Mapping[str, Any], dungeon: Dungeon) -> WayOut | None:
    """The nearest way out (:func:`solo.engine.way_out.nearest`): the dungeon's own, or a
    room whose key gives it one, by the shortest known way the party may pass."""
    return nearest(dungeon, rooms_out(world, values, dungeon))
