"""The words of the time between expeditions, each read into its request: ``leave``,
``wait [N]``, ``return`` and ``buy NAME [N]`` (carried out by :mod:`solo.engine.expedition`).
They join the command table where the procedure has no word of its own (Dungeon Turn's
``leave`` is its action, whose play ends the expedition)."""

from __future__ import annotations

from collections.abc import Sequence

from solo.engine.arguments import quote, supply_named
from solo.engine.commands import Command, first_word
from solo.engine.expedition_requests import Buy, Leave, Return, Wait
from solo.engine.requests import Request
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.procedure import Procedure
from solo.rules.world import World

__all__ = ["TRIP_TOOLS", "MAX_DAYS", "trip_commands"]

MAX_DAYS = 3650
"""The most days one ``wait`` may pass (ten years)."""


# -- grammar ----------------------------------------------------------------------------
def _no_words(name: str, rest: str) -> None:
    if rest.strip():
        raise UsageError(f"'{name}' takes no words after it")


def _leave(command: Command, world: World, state: State, rest: str) -> Request:
    _no_words("leave", rest)
    return Leave()


def _return(command: Command, world: World, state: State, rest: str) -> Request:
    _no_words("return", rest)
    return Return()


def _days(text: str) -> int:
    if not text.isdigit() or not text.isascii():
        raise UsageError(f"wait N: N is a number of days from 1 to {MAX_DAYS}, not "
                         f"{quote(text)}")
    days = int(text)
    if not 1 <= days <= MAX_DAYS:
        raise UsageError(f"wait N: N is a number of days from 1 to {MAX_DAYS}, not {days}")
    return days


def _wait(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    if len(words) > 1:
        raise UsageError(f"{command.usage}: one number of days")
    return Wait(days=_days(words[0]) if words else 1)


def _buy(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    prices = world.procedure.between.prices
    listing = ", ".join(f"{name} ({price} {world.procedure.between.currency})"
                        for name, price in prices.items())
    name = supply_named(world, words[0]) if 1 <= len(words) <= 2 else None
    if not prices:
        raise UsageError("nothing is for sale between expeditions in this procedure")
    if name is None or name not in prices:
        raise UsageError(f"{command.usage}: NAME is one of: {listing}")
    count = 1
    if len(words) == 2:
        if not words[1].isdigit() or not words[1].isascii() or not \
                1 <= int(words[1]) <= 10_000:
            raise UsageError(f"{command.usage}: N is a count from 1 to 10000, not "
                             f"{quote(words[1])}")
        count = int(words[1])
    return Buy(name=name, count=count)


def _buy_words(world: World, state: State) -> Sequence[str]:
    return list(world.procedure.between.prices)


TRIP_TOOLS: dict[str, Command] = {command.name: command for command in (
    Command("leave", "leave", "Get out of the dungeon, ending the expedition: the party walks "
            "the known way to the nearest way out (the room it came in by, or a key's own way "
            "out; each stage costing what a walk costs) and the lights still lit are doused, "
            "each keeping what it had left (Delving's candles and lanterns, which last an "
            "expedition, are spent); the map and what was struck off are kept.", "tool",
            _leave),
    Command("wait", "wait [N]", "Outside the dungeon: N days pass (1 if left out); what a "
            "day does is the procedure's.", "tool", _wait),
    Command("return", "return", "Outside the dungeon: go back in for the next expedition, "
            "at the way out, on the same map, with the party as it is.", "tool", _return),
    Command("buy", "buy NAME [N]", "Outside the dungeon: buy N of a supply (torches, "
            "candles…) at the procedure's price.", "tool", _buy, first_word(_buy_words)),
)}
"""The words of the time between expeditions, by word."""


def trip_commands(procedure: Procedure, table: dict[str, Command]) -> None:
    """Add the expedition words to ``table`` where the procedure has no word of its own
    (Dungeon Turn's ``leave`` is its action, whose play ends the expedition)."""
    for word, command in TRIP_TOOLS.items():
        table.setdefault(word, command)
