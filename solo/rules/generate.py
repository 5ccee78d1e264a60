"""Roll a new room from a generator, and say exactly how likely its parts are.

Pure: :func:`roll_room` draws only from the ``random.Random`` it is given (the same seed,
settings and context give the same room, byte for byte) and reads nothing else. The
order of the dice is fixed: the room's kind; its description tables; the number of
exits; one die for each exit's direction (a die with as many sides as directions are
left, read in the compass order N NE E SE S SW W NW U D); each exit's door, in the order
of the directions drawn; then its contents.

An encounter is only named here (``encounter`` among the contents): the caller rolls
the procedure's own encounter table, so entries struck off stay struck off.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from solo.errors import RulesError, UsageError
from solo.rules import dice
from solo.rules.expr import Expr, ExprError
from solo.rules.generator import (
    CONTENT_KINDS,
    DIRECTIONS,
    DOOR_KINDS,
    Count,
    Generator,
    Pick,
)
from solo.rules.table_roll import Draw, TableResult, dice_odds, entry_odds, roll_on, tag_odds

__all__ = ["RoomContext", "Content", "GeneratedRoom", "RoomOdds", "resolve_settings",
           "settings_help", "roll_room", "room_odds", "exit_count_odds", "door_odds"]


@dataclass(frozen=True)
class RoomContext:
    """What the caller knows of the dungeon: how many rooms it has before this one, and the
    direction, seen from the new room, of the way the party came in (``S`` when it went
    north): no exit is rolled there, the way back being an exit already."""

    rooms: int = 0
    entered_by: str | None = None


@dataclass(frozen=True)
class Content:
    """One thing the room holds: its kind (one of CONTENT_KINDS) and the table's words."""

    kind: str
    text: str


@dataclass(frozen=True)
class GeneratedRoom:
    """A room rolled by a generator. ``exits`` are (direction, door) pairs in compass
    order, the way in not among them; ``draws`` are every table roll made, in order, for
    the journal's ``tbl:`` lines."""

    generator: str
    kind: str
    description: str
    exits: tuple[tuple[str, str], ...]
    contents: tuple[Content, ...]
    draws: tuple[Draw, ...]

    @property
    def content_kinds(self) -> tuple[str, ...]:
        return tuple(content.kind for content in self.contents)

    @property
    def encounter(self) -> bool:
        """Whether the caller should roll the procedure's encounter table."""
        return "encounter" in self.content_kinds

    def exits_text(self) -> str:
        """``N, E(locked), W(secret)``: the exits as the room's Lonelog tag writes them."""
        return ", ".join(direction if door == "open" else f"{direction}({door})"
                         for direction, door in self.exits)


@dataclass(frozen=True)
class RoomOdds:
    """Exact chances for the next new room: each content kind met (``empty`` counts the
    rooms whose stocking rolled empty), at least one door of each kind, a trap of either
    sort (a trap inside or a trapped door), and each exit count."""

    contents: Mapping[str, Fraction]
    doors: Mapping[str, Fraction]
    exits: Mapping[int, Fraction]

    @property
    def encounter(self) -> Fraction:
        return self.contents["encounter"]

    @property
    def locked(self) -> Fraction:
        return self.doors["locked"]

    @property
    def trap(self) -> Fraction:
        """A trap in the room or on one of its doors (independent rolls)."""
        return 1 - (1 - self.contents["trap"]) * (1 - self.doors["trapped"])


def resolve_settings(generator: Generator, chosen: Mapping[str, str] | None = None
                     ) -> dict[str, Any]:
    """The names a generator's expressions read, from the player's words (``{"doors":
    "guarded"}``; each setting not named takes its default). Raises UsageError, listing
    what is allowed, for a setting or word the generator does not have."""
    chosen = dict(chosen or {})
    scope: dict[str, Any] = {}
    for name in chosen:
        if generator.setting(name) is None:
            known = ", ".join(setting.name for setting in generator.settings) or "none"
            raise UsageError(f"generator {generator.id} has no setting {name!r} "
                             f"(its settings: {known})")
    for setting in generator.settings:
        word = chosen.get(setting.name, setting.default)
        if word not in setting.words:
            raise UsageError(f"setting {setting.name} of generator {generator.id} is one of "
                             f"{', '.join(setting.words)}, not {word!r}")
        scope[setting.name] = word
        scope.update(setting.values(word))
    return scope


def settings_help(generator: Generator) -> list[str]:
    """One line a setting, for `solo dungeons` and `solo new --help`:
    ``doors: open, mixed (default), barred - the door mix …``."""
    return [f"{setting.name}: " + ", ".join(
        f"{word} (default)" if word == setting.default else word for word in setting.words)
        + f" - {setting.help}" for setting in generator.settings]


def _scope(settings: Mapping[str, Any], context: RoomContext) -> dict[str, Any]:
    return {**settings, "rooms": context.rooms}


def _value(expr: Expr | None, scope: Mapping[str, Any], generator: Generator,
           number: bool) -> Any:
    if expr is None:
        return 0 if number else True
    try:
        value = expr.evaluate(scope)
    except ExprError as err:
        raise RulesError(f"{expr.text!r}: {err}", file=generator.file) from None
    if number and (isinstance(value, bool) or not isinstance(value, int)):
        raise RulesError(f"{expr.text!r} gives {value!r}, not a whole number",
                         file=generator.file)
    return value


def _choose(picks: tuple[Any, ...], scope: Mapping[str, Any], generator: Generator) -> Any:
    for pick in picks:
        if pick.when is None or _value(pick.when, scope, generator, False):
            return pick
    return picks[-1]  # the loader makes the last one unconditional


def _roll_pick(generator: Generator, picks: tuple[Pick, ...], scope: Mapping[str, Any],
               rng: random.Random, draws: list[Draw]) -> TableResult:
    pick = _choose(picks, scope, generator)
    result = roll_on(generator.tables, pick.table, rng,
                     _value(pick.plus, scope, generator, True))
    draws.extend(result.draws)
    return result


def roll_room(generator: Generator, settings: Mapping[str, Any], rng: random.Random,
              context: RoomContext = RoomContext()) -> GeneratedRoom:
    """Roll a new room. ``settings`` is :func:`resolve_settings`'s mapping; every die is
    drawn from ``rng``. Raises RulesError (one line) when a table runs away (links past
    10 deep, more than 200 draws) or an expression cannot be worked out."""
    scope = _scope(settings, context)
    draws: list[Draw] = []
    kind_roll = _roll_pick(generator, generator.kind, scope, rng, draws)
    top = kind_roll.entry
    kind = str(top.tag) if top.tag is not None else top.id
    parts = [kind_roll.text]
    for picks in generator.description:
        parts.append(_roll_pick(generator, picks, scope, rng, draws).text)
    pool = [direction for direction in generator.directions if direction != context.entered_by]
    count = _roll_count(generator, scope, rng, draws, len(pool))
    chosen: list[str] = []
    for _ in range(count):
        if len(pool) == 1:  # the one way left: nothing to roll (no die has one face)
            chosen.append(pool.pop())
            continue
        result = dice.roll(f"d{len(pool)}", rng)
        direction = pool.pop(result.total - 1)
        chosen.append(direction)
        draws.append(Draw("exit-direction", "Exit direction", f"d{len(pool) + 1}",
                          result.dice, 0, result.total, direction.lower(), direction))
    doors = []
    for direction in chosen:
        door_roll = _roll_pick(generator, generator.door, scope, rng, draws)
        door = next((str(tag) for tag in door_roll.tags if tag in DOOR_KINDS), "open")
        doors.append((direction, door))
    doors.sort(key=lambda pair: DIRECTIONS.index(pair[0]))
    contents = _contents([_roll_pick(generator, picks, scope, rng, draws)
                          for picks in generator.contents])
    description = ", ".join(part for part in parts if part)
    return GeneratedRoom(generator.id, kind, description, tuple(doors), contents, tuple(draws))


def _contents(results: list[TableResult]) -> tuple[Content, ...]:
    """Every content met, in the order rolled; ``empty`` only when nothing else is."""
    found = [Content(str(draw.tag), draw.text) for result in results for draw in result.draws
             if draw.tag in CONTENT_KINDS]
    held = [content for content in found if content.kind != "empty"]
    if held:
        return tuple(held)
    return (found[0] if found else Content("empty", results[0].text),)


def _roll_count(generator: Generator, scope: Mapping[str, Any], rng: random.Random,
                draws: list[Draw], free: int) -> int:
    """The number of exits besides the way in: as rolled, but no more than the ``free``
    directions (the way in is not one) and no fewer than none. Its ``tbl:`` line says
    when the room gets fewer than the roll reads."""
    count: Count = _choose(generator.count, scope, generator)
    plus = _value(count.plus, scope, generator, True)
    if count.table is not None:
        result = roll_on(generator.tables, count.table, rng, plus)
        at = len(draws)
        draws.extend(result.draws)
        rolled = int(result.entry.tag or 0)
    else:
        assert count.dice is not None
        dice_rolled = dice.roll(count.dice, rng)
        rolled = dice_rolled.total + plus
        at = len(draws)
        draws.append(Draw("exit-count", "Exits", count.dice, dice_rolled.dice, plus, rolled,
                          str(rolled), _exits(rolled)))
    number = max(0, min(rolled, free))
    if number < rolled:
        draws[at] = replace(draws[at], text=f"{draws[at].text}, but only {_directions(free)} "
                                            f"free: {_exits(number)}")
    return number


def _exits(number: int) -> str:
    return f"{number} exit{'' if number == 1 else 's'}"


def _directions(number: int) -> str:
    return f"{number} direction{' is' if number == 1 else 's are'}"


def exit_count_odds(generator: Generator, settings: Mapping[str, Any],
                    context: RoomContext = RoomContext()) -> dict[int, Fraction]:
    """The exact chance of each number of exits (the way in not counted)."""
    scope = _scope(settings, context)
    count: Count = _choose(generator.count, scope, generator)
    plus = _value(count.plus, scope, generator, True)
    room = len([d for d in generator.directions if d != context.entered_by])
    odds: dict[int, Fraction] = {}
    if count.table is not None:
        table = generator.tables[count.table]
        pairs = [(int(entry.tag or 0), chance)
                 for entry, chance in zip(table.entries, entry_odds(table, plus), strict=True)]
    else:
        assert count.dice is not None
        pairs = [(total + plus, chance) for total, chance in dice_odds(count.dice)]
    for number, chance in pairs:
        number = max(0, min(number, room))
        odds[number] = odds.get(number, Fraction(0)) + chance
    return dict(sorted(odds.items()))


def door_odds(generator: Generator, settings: Mapping[str, Any],
              context: RoomContext = RoomContext()) -> dict[str, Fraction]:
    """The exact chance of each door kind on one exit (each exit's door an independent
    roll)."""
    scope = _scope(settings, context)
    door_pick = _choose(generator.door, scope, generator)
    door_table = generator.tables[door_pick.table]
    door_plus = _value(door_pick.plus, scope, generator, True)
    per_door = {kind: Fraction(0) for kind in DOOR_KINDS}
    for entry, chance in zip(door_table.entries, entry_odds(door_table, door_plus),
                             strict=True):
        per_door[str(entry.tag)] += chance
    return per_door


def room_odds(generator: Generator, settings: Mapping[str, Any],
              context: RoomContext = RoomContext()) -> RoomOdds:
    """The exact chances for the next new room, worked out from the tables (no rolling):
    each content kind; at least one door of each kind; each number of exits."""
    scope = _scope(settings, context)
    held = {}
    for kind in CONTENT_KINDS:
        missed = Fraction(1)
        for picks in generator.contents:  # each slot an independent roll
            pick = _choose(picks, scope, generator)
            plus = _value(pick.plus, scope, generator, True)
            missed *= 1 - tag_odds(generator.tables, pick.table, kind, plus)
        held[kind] = 1 - missed
    per_door = door_odds(generator, settings, context)
    exits = exit_count_odds(generator, settings, context)
    doors = {kind: sum((chance * (1 - (1 - per_door[kind]) ** number)
                        for number, chance in exits.items()), Fraction(0))
             for kind in DOOR_KINDS}
    return RoomOdds(held, doors, exits)
