"""What ``odds`` says at the prompt, and the one forecast the status bar shows.

The figures come from the pure forecast (:mod:`solo.engine.forecast`), played on its own
seeded dice: never the journal's, so looking up the odds changes no roll to come. The
status bar's forecast can be turned off for the sitting (``odds off`` or ``set odds
off``), which is not journaled.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator

from solo.engine.forecast import (
    ActionOdds,
    Forecast,
    forecast,
    next_turn,
    same_action,
    screened_values,
)
from solo.engine.forecast_ahead import LightOdds
from solo.engine.forecast_dice import Chance, percent, seeded
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["odds_lines", "odds_status", "odds_turn", "show_odds", "odds_shown"]

_OFF: dict[int, weakref.ref[World]] = {}  # the sittings (by their world) that turned it off
_LAST: list[tuple[World, State, str]] = []  # the status bar's last forecast


def show_odds(world: World, on: bool) -> None:
    """Turn the status bar's forecast on or off for the sitting playing ``world``."""
    for key in [key for key, ref in _OFF.items() if ref() is None]:
        del _OFF[key]
    if on:
        _OFF.pop(id(world), None)
    else:
        _OFF[id(world)] = weakref.ref(world)


def odds_shown(world: World) -> bool:
    """Whether the status bar shows a forecast for the sitting playing ``world``."""
    ref = _OFF.get(id(world))
    return ref is None or ref() is not world


def odds_status(world: World, state: State) -> str:
    """The one forecast that matters most now, for the status bar: the likeliest of what
    the procedure's usual move brings next turn (an encounter, a light going out), the
    figures of its row in ``odds`` (solo.engine.forecast.next_turn). '' when turned off
    or when there is nothing to forecast. Kept for the last state."""
    if not odds_shown(world):
        return ""
    if _LAST and _LAST[0][0] is world and _LAST[0][1] is state:
        return _LAST[0][2]
    text = ""
    line = same_action(world, state)
    if line is not None:
        try:
            odds = next_turn(world, state, line, seeded())
        except UsageError:
            odds = None
        if odds is not None:
            what, chance = max([("encounter", odds.encounter), *(
                (f"{label} out", out) for label, out in odds.lights_out)],
                key=lambda item: item[1].value)
            if odds.room is not None:  # the new room's dangers beside the move's encounter
                what, chance = "encounter", odds.encounter
            text = f"{line}: {what} {_at_least(odds)}{chance.text()}" + _room_brief(odds)
    _LAST[:] = [(world, state, text)]
    return text


def _room_brief(odds: ActionOdds) -> str:
    """`` · trap 18.1% · locked 9.4%``: the next new room's trap and locked door."""
    room = odds.room
    if room is None:
        return ""
    return (f" · trap {Chance.of(room.trap).text()} · locked "
            f"{Chance.of(room.locked).text()}")


def _room_lines(found: Forecast) -> Iterator[str]:
    """The next new room the moves that roll one would roll: its own chances."""
    for odds in found.actions:
        room = odds.room
        if room is None:
            continue
        yield f"The new room '{odds.line}' rolls ({room.generator}):"
        yield (f"  stocked with an encounter {Chance.of(room.encounter).text()} · a trap "
               f"{Chance.of(room.trap).text()} · a locked door {Chance.of(room.locked).text()}")
        yield (f"  ('{odds.line}' encounter above: the stocked one or the move's own"
               + (", on the exits rolled)" if room.exits_argument else ")"))


def _at_least(odds: ActionOdds) -> str:
    return "at least " if odds.at_least else ""


def odds_turn(state: State) -> int:
    """The turn the odds are for: the one about to be played (the text and the JSON)."""
    return state.turn + 1


def odds_lines(world: World, state: State, last: str = "") -> list[str]:
    """What ``odds`` shows: each move's chances this turn, the lights and the danger if
    the party keeps to the move it made last, and which figures are estimates."""
    found = forecast(world, state, seeded(), last)
    if found.none is not None:  # nothing is met outside the dungeon (issue 38)
        return [found.none]
    unit = world.procedure.clock_unit
    lines = [f"Odds for {unit} {odds_turn(state)}, on solo's own dice (the journal's dice "
             "are not touched):"]
    names = [_move_name(odds, unit) for odds in found.actions]
    width = max((len(name) for name in names), default=0)
    for name, odds in zip(names, found.actions, strict=True):
        said = [f"encounter {_at_least(odds)}{odds.encounter.text()}"]
        said.extend(f"{label} out {chance.text()}" for label, chance in odds.lights_out)
        lines.append(f"  {name:<{width}}  " + " · ".join(said))
    if any(odds.turns > 1 for odds in found.actions):
        lines.append(f"  (a move of several {unit}s: its chances are for the whole move)")
    if found.skipped:
        lines.append("  not forecast: " + _left_out(found.skipped))
    lines.extend(_room_lines(found))
    lines.extend(_results(found, unit))
    lines.extend(_ahead(world, state, found))
    if found.hidden:
        name = world.procedure.danger or ""
        values = screened_values(world, name)
        rest = ", the checks and the lights ahead" if found.lights else " and the checks"
        lines.append(f"{found.hidden[0]} is behind the screen: each move's encounter and "
                     f"lights above are the least they are at any {found.hidden[0]} from "
                     f"{values[0]} to {values[-1]}, so the least they can be; what the rolls "
                     f"name{rest} are at {found.hidden[0]} {values[0]}.")
    why = [why for why, guessed in (
        ("a move's dice fall more ways than solo counts at once", _estimated(found)),
        (f"the states the {unit}s ahead may leave are more than solo follows at once",
         _estimated_ahead(found))) if any(guessed)]
    if why:
        lines.append("~ estimated from plays of the engine (± one standard error): "
                     f"{' and '.join(why)}; the other figures are exact.")
    return lines


def _left_out(skipped: tuple[tuple[str, str], ...]) -> str:
    """The moves left out and why, as clauses of one line, each naming its move (``enter:
    R3 has no way on…``; a reason two moves share, once, naming both), none keeping the
    full stop of a sentence of its own."""
    moves: dict[str, list[str]] = {}
    for name, why in skipped:
        clause = why.split(";")[0].strip().removesuffix(".").removeprefix(f"{name}: ")
        moves.setdefault(clause, []).append(name)
    return "; ".join(clause if names == [clause.split(" ", 1)[0]] else
                     f"{', '.join(names)}: {clause}" for clause, names in moves.items())


def _results(found: Forecast, unit: str) -> Iterator[str]:
    """What each move's rolls name (a hazard die's results; for a move of several turns,
    named in any of them), the moves that bring the same chances on one line; then each
    check a move rolls, with its chance to succeed."""
    said: dict[str, list[str]] = {}
    for odds in found.actions:
        if odds.results is None or odds.checks is None:
            text = "too many ways to count (its encounter and lights are above)"
        elif _restated(odds):
            continue
        else:
            text = " · ".join(f"{name} {chance.text()}" for name, chance in odds.results)
        if text:
            said.setdefault(text, []).append(_move_name(odds, unit))
    if said:
        yield "What the rolls name:"
        for text, names in said.items():
            yield f"  {', '.join(names)}: {text}"
    checks = [(odds.line, label, chance) for odds in found.actions
              for label, chance in odds.checks or ()]
    if checks:
        yield "Checks the moves roll (the chance each is rolled and succeeds):"
        width = max(len(line) for line, _, _ in checks)
        for line, label, chance in checks:
            yield f"  {line:<{width}}  {label}: {chance.text()}"


def _restated(odds: ActionOdds) -> bool:
    """Whether the move's rolls name only the move itself, for certain (``stay: stay
    100%``): nothing is rolled, and the line would only say the move again."""
    return [(name, chance.value) for name, chance in odds.results or ()] == [
        (odds.line.split()[0], 1.0)]


def _move_name(odds: ActionOdds, unit: str) -> str:
    """The move as the table names it: ``search (2 turns)`` for one of several turns,
    ``search (up to 2 turns)`` for one an encounter may end sooner."""
    if odds.turns <= 1:
        return odds.line
    return f"{odds.line} ({'up to ' if odds.up_to else ''}{odds.turns} {unit}s)"


def _ahead(world: World, state: State, found: Forecast) -> Iterator[str]:
    if found.action is None or not (found.lights or found.danger):
        return
    unit = world.procedure.clock_unit
    per_move = next((odds.turns for odds in found.actions
                     if odds.line == found.action.split()[0]), 1)
    yield f"If the party keeps to {found.action}:" + (
        f" (its {unit}s counted as each move of {per_move} ends)" if per_move > 1 else "")
    for light in found.lights:
        yield "  " + _light_text(light, unit)
    danger = found.danger
    if danger is not None:
        within = f"{danger.turns} {unit}s"
        if per_move > 1:  # whole moves: as many as it takes to pass the turns asked
            moves = -(-danger.turns // per_move)
            within = (f"{moves} move{'s' if moves > 1 else ''} ({moves * per_move} "
                      f"{unit}s)")
        yield (f"  {danger.label} {danger.value} reaches {danger.threshold} within "
               f"{within}: {danger.chance.text()}")


def _light_text(light: LightOdds, unit: str) -> str:
    spread = light.turns
    name = light.label if light.lit == 1 else f"{light.label} ({light.lit} lit, the first)"
    units = f"{unit}s"
    tail = "" if spread.exact else f" ({spread.plays} plays)"
    if spread.mean is None:
        return f"{name}: still burning after {light.horizon} {units}{tail}"
    if spread.low == spread.high and spread.lasting == 0:
        return f"{name}: out in {spread.low} {unit if spread.low == 1 else units}{tail}"
    error = f"±{spread.error:.1f}" if spread.error >= 0.05 else "±<0.1"
    mean = f"{spread.mean:.1f}" + ("" if spread.exact else f" {error}")
    if spread.high is None:
        return (f"{name}: still burning after {light.horizon} {units} in "
                f"{spread.lasting:.0%} of {'ways' if spread.exact else 'plays'}; else out "
                f"in {mean} on average{tail}")
    share = percent(1 - spread.lasting, exact=True)  # the mean of those out: say so
    mean += "" if spread.lasting == 0 else (
        f" (of those out within {light.horizon} {units})" if share == ">99.9%" else
        f" (of the {share} out within {light.horizon} {units})")
    return (f"{name}: out in {spread.low}–{spread.high} {units} ({spread.within:.0%}), median "
            f"{spread.median}, mean {mean}{tail}")


def _estimated(found: Forecast) -> Iterator[bool]:
    for odds in found.actions:
        yield _guess(odds.encounter)
        yield any(_guess(chance) for _, chance in odds.lights_out)
        yield any(_guess(chance) for _, chance in (odds.results or ()) + (odds.checks or ()))


def _estimated_ahead(found: Forecast) -> Iterator[bool]:
    for light in found.lights:
        yield not light.turns.exact
    if found.danger is not None:
        yield _guess(found.danger.chance)


def _guess(chance: Chance) -> bool:
    return chance.exact is None

