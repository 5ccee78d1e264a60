"""The crawl as the player asks to see it: the party, the status, what burns, and the bare
look-ups ``party``, ``chaos`` and ``oracle``.

Pure: each function reads the loaded world and a state, never the journal.
"""

from __future__ import annotations

from solo import defaults
from solo.engine import core as engine
from solo.engine.state import State
from solo.journal.notation import clock_text
from solo.play.prompt_text import light_summary
from solo.rules.procedure import Procedure
from solo.rules.world import World

__all__ = ["party_lines", "status_lines", "lights_lines", "look_up"]


def party_lines(procedure: Procedure, state: State) -> list[str]:
    """Each member: hit points and conditions, the fallen flagged."""
    if not state.party:
        return ["No one is named in the party yet: party add NAME [hp N]."]
    lines = []
    for member in state.party:
        marks = procedure.party.marks(member.conditions, member.own)
        lines.append(f"{member.name}: HP {member.hp}/{member.max_hp}"
                     + (f", {', '.join(marks)}" if marks else "")
                     + (" — DOWN" if member.hp == 0 else ""))
    return lines


def status_lines(world: World, state: State, title: object) -> list[str]:
    """The whole crawl: time, trackers, supplies, party, light, encounters, oracle and
    settings (``status``)."""
    procedure = world.procedure
    lines = [f"{title} — {procedure.name} ({procedure.id})",
             f"{procedure.clock_unit.capitalize()}s played: {state.turn}"
             + (f", {clock_text(state.turn, procedure.minutes)} elapsed"
                if procedure.minutes else "")]
    if state.trip.outside or state.trip.number > 1:  # expeditions (issue 38)
        lines.append(f"Expedition {state.trip.number}: " + (
            f"the party is outside, {state.trip.away} day{'s' if state.trip.away != 1 else ''}"
            " since it left" if state.trip.outside else "the party is in the dungeon"))
    for name, tracker in procedure.trackers.items():
        if tracker.shown and tracker.hidden(state.values):
            lines.append(f"{tracker.label}: kept behind the screen")
        elif tracker.shown:
            of = f"/{tracker.maximum}" if tracker.maximum is not None else ""
            band = engine.level_of(world, state, name)
            lines.append(f"{tracker.label}: {state.values[name]}{of}"
                         + (f" ({band})" if band else ""))
    uncounted = []
    for name, supply in procedure.supplies.items():
        if name in state.supplies:
            lines.append(f"{supply.label}: {state.supplies[name]}")
        else:
            uncounted.append(name)
    if uncounted:
        lines.append(f"Not counted: {', '.join(uncounted)} ('supply NAME N' counts one)")
    if state.party:
        lines.extend(party_lines(procedure, state))
    level = engine.light_of(world, state)
    doused = ", ".join(procedure.lights[light.kind].label for light in state.doused)
    lines.append(f"Light: {level}" + (f" ({light_summary(procedure, state)})" if state.lights
                                      else ", nothing lit")
                 + (f"; doused, kept: {doused}" if doused else ""))
    lines.append(f"Encounters met: {state.encounters}")
    if state.foreshadowed:
        lines.append("A sign foretells the next encounter.")
    chaos = state.values.get("chaos", defaults.CHAOS)
    lines.append(f"Oracle: {state.values.get('oracle', defaults.ORACLE_STYLE)}, chaos {chaos}"
                 + (f" ({_chaos_now(world, state)})" if chaos == "follow" else ""))
    settings = [f"{name}={str(value).lower() if isinstance(value, bool) else value}"
                for name in procedure.settings for value in [state.values[name]]]  # (as typed)
    if settings:
        lines.append("Settings: " + ", ".join(settings))
    return lines


def lights_lines(procedure: Procedure, state: State) -> list[str]:
    """Each source that burns, with the time it has left, then each doused one, kept with
    what it has left (``lights``)."""
    dark = "the party is outside the dungeon" if state.trip.outside \
        else "the party is in the dark"
    lines = [] if state.lights else [f"Nothing is lit: {dark}."]
    for number, light in enumerate((*state.lights, *state.doused)):
        label = procedure.lights[light.kind].label
        left = "no time limit" if light.remaining is None else \
            f"{light.remaining} turn{'' if light.remaining == 1 else 's'} left"
        lines.append(f"{label}: " + ("doused, " if number >= len(state.lights) else "") + left
                     + (" (dimmed)" if light.dimmed else ""))
    return lines


def look_up(world: World, state: State, name: str) -> str:
    """A tool typed bare that only shows: ``party``, ``chaos`` or ``oracle``."""
    values = state.values
    if name == "party":
        return "\n".join(party_lines(world.procedure, state))
    if name == "chaos":
        chaos = values.get("chaos", defaults.CHAOS)
        if chaos == "follow":
            return f"Chaos follows {world.procedure.danger}: {_chaos_now(world, state)}"
        return (f"Chaos: {chaos} (chaos N sets it, "
                f"{defaults.CHAOS_RANGE[0]}-{defaults.CHAOS_RANGE[1]})")
    return (f"Oracle style: {values.get('oracle', defaults.ORACLE_STYLE)} (choose one of "
            f"{', '.join(sorted(world.styles))})")


def _chaos_now(world: World, state: State) -> str:
    """The chaos the oracle reads when it follows the danger: ``now 7``, or the default
    ``5 while Tension is behind the screen`` (its value not told)."""
    danger = world.procedure.trackers.get(world.procedure.danger or "")
    if danger is not None and danger.hidden(state.values):
        return f"{engine.effective_chaos(world, state)} while {danger.label} is behind the screen"
    return f"now {engine.effective_chaos(world, state)}"
