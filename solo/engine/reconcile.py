"""A resumed state fitted to the procedure as it is now (it may have been edited since
the journal was saved): what is new starts at its default, what no longer fits is
dropped or reset, with one notice per fix."""

from __future__ import annotations

from dataclasses import replace

from solo import defaults
from solo.engine.arguments import member_settings
from solo.engine.effects_lights import MAX_LIT
from solo.engine.state import Light, Member, State
from solo.engine.world_state import follow_members, start
from solo.errors import OracleError
from solo.rules.oracle_styles import get_style
from solo.rules.procedure import USAGE_DICE
from solo.rules.world import World

__all__ = ["reconcile"]


def reconcile(world: World, state: State) -> tuple[State, tuple[str, ...]]:
    """Fit a resumed state to the procedure as it is now (it may have been edited since):
    new trackers, settings and supplies start at their defaults; what no longer matches
    (a light kind gone, a table shrunk, a tracker holding a word, a setting whose type
    changed) is dropped or reset, with one notice per fix."""
    procedure = world.procedure
    notices: list[str] = []
    fresh = start(world).values
    values = dict(state.values)
    for name, default in fresh.items():
        if name not in values:
            values[name] = default
            if name in procedure.trackers:
                notices.append(f"the procedure has a new tracker, "
                               f"{procedure.trackers[name].label}: it starts at {default}")
            continue
        value = values[name]
        if name in procedure.trackers:
            tracker = procedure.trackers[name]
            if type(value) is not int:
                values[name] = tracker.start
                notices.append(f"{tracker.label} held {str(value)[:40]!r}, not a number: "
                               f"reset to {tracker.start}")
            elif tracker.clamp(value) != value:
                values[name] = tracker.clamp(value)
                notices.append(f"{tracker.label} was {value}, outside "
                               f"{tracker.minimum}-{tracker.maximum} now: set to "
                               f"{values[name]}")
        elif name in procedure.settings and type(value) is not type(default):
            values[name] = default
            notices.append(f"setting {name} was {str(value)[:40]!r}; it now takes "
                           f"{_kind_of(default)}: reset to {default}")
        elif name in procedure.setting_values and procedure.setting_values[name].refusal(
                name, value):  # set before its values were declared: one it cannot play
            values[name] = default
            notices.append(f"setting {name} was {str(value)[:40]!r}; "
                           f"{procedure.setting_values[name].refusal(name, value)}: "
                           f"reset to {default}")
    chaos = values.get("chaos")
    low, high = defaults.CHAOS_RANGE
    if chaos != "follow" and not (type(chaos) is int and low <= chaos <= high):
        values["chaos"] = defaults.CHAOS
        notices.append(f"chaos was {str(chaos)[:40]!r}, not {low} to {high} or follow: "
                       f"reset to {defaults.CHAOS}")
    try:  # (a style saved in another case is that style: IRONSWORN is ironsworn)
        if world.styles:
            values["oracle"] = get_style(world.styles, str(values.get("oracle") or "?")).name
    except OracleError:
        notices.append(f"oracle style {str(values.get('oracle'))[:40]!r} is unknown: "
                       f"back to {defaults.ORACLE_STYLE}")
        values["oracle"] = defaults.ORACLE_STYLE
    lights = _known_lights(world, state.lights, "lit", notices)
    doused = _known_lights(world, state.doused, "put aside", notices)
    supplies = {name: state.supplies.get(name, supply.start or 0)
                for name, supply in procedure.supplies.items()
                if name in state.supplies or supply.start is not None}
    for name in state.supplies:
        if name not in procedure.supplies:
            notices.append(f"the procedure no longer counts {name}: dropped")
    struck: dict[str, tuple[int, ...]] = {}
    for name, indices in state.struck.items():
        table = world.table(name)
        if table is None:
            notices.append(f"table {name} is gone: its struck-off entries are forgotten")
            continue
        kept = tuple(index for index in indices if index < len(table.entries))
        if len(kept) < len(indices):
            notices.append(f"table {name} is shorter now: {len(indices) - len(kept)} "
                           "struck-off entries past its end are forgotten")
        if kept:
            struck[name] = kept
    foreshadowed, foretold = state.foreshadowed, state.foretold
    if foreshadowed is not None and not _entry_exists(world, foreshadowed):
        notices.append(f"the sign on {foreshadowed[0]} points at an entry that is gone: "
                       "forgotten")
        foreshadowed, foretold = None, None
    last = state.last_encounter
    if last is not None and not _entry_exists(world, last):
        notices.append(f"the last encounter's entry in {last[0]} is gone: 'strike' needs "
                       "a table and entry now")
        last = None
    party: list[Member] = []
    for member in state.party:
        counted = tuple(pair for pair in member.conditions
                        if pair[0] in procedure.party.conditions)
        if len(counted) < len(member.conditions):
            notices.append(f"{member.name}'s conditions the procedure no longer counts: dropped")
        settings = member_settings(world)
        own = tuple(pair for pair in member.own if pair[0] in settings)
        if len(own) < len(member.own):
            notices.append(f"{member.name}'s own settings the procedure no longer keeps per "
                           "member (gone, no longer numbers, or the dungeon's): dropped")
        party.append(replace(member, conditions=counted, own=own))
    fixed = replace(state, values=values, lights=lights, doused=doused, supplies=supplies,
                    party=tuple(party),
                    struck=struck, foreshadowed=foreshadowed, foretold=foretold,
                    last_encounter=last)
    fixed, followed = follow_members(world, fixed)
    return fixed, (*notices, *followed)


def _kind_of(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    return "a whole number" if isinstance(value, int) else "a word"


def _entry_exists(world: World, pointer: tuple[str, int]) -> bool:
    table = world.table(pointer[0])
    return table is not None and 0 <= pointer[1] < len(table.entries)


def _known_lights(world: World, lights: tuple[Light, ...], what: str,
                  notices: list[str]) -> tuple[Light, ...]:
    kept: list[Light] = []
    gone: dict[str, int] = {}
    for light in lights:
        kind = world.procedure.lights.get(light.kind)
        if kind is None:
            gone[light.kind] = gone.get(light.kind, 0) + 1
            continue
        if light.die is not None and light.die not in USAGE_DICE:
            light = replace(light, die=kind.die)
            notices.append(f"a {kind.label.lower()} had an unknown usage die: reset")
        kept.append(light)
    for name, count in gone.items():
        notices.append(f"{count} {what} {name} source{'s' if count > 1 else ''}: the "
                       "procedure has no such light any more, dropped")
    if len(kept) > MAX_LIT:
        notices.append(f"more than {MAX_LIT} sources {what}: only {MAX_LIT} kept")
        kept = kept[:MAX_LIT]
    return tuple(kept)
