"""``solo simulate --dungeon ID``: a procedure played headless through a dungeon a
generator rolls, counting what the rolled rooms made of the crawl.

Each turn the party takes the procedure's own move into a new room; when the rules refuse
it, it does what the refusal names, as a player would: opens the door with the
procedure's own action, searches a dead end for a secret way, walks to the nearest room
with a way on (a known room's way in, if none is left: the crawl has run dry then, and
the run stops); refused with no action named, it lets a round pass where it is
(:data:`_WAITING`), then tries again. The map is kept (the game records), so every rule
that reads the rolled exits and doors is played. Counted: rooms entered, doors forced,
traps met (a trap in a room, or a trapped door sprung) and encounters, and encounters per
room.

An action that takes the player's own success or failure (Trespasser's batter-door,
pick-lock and search: the characters' skills are the player's) gets it from a coin the
run's seeded ``random`` tosses, even odds, since a run has no character and the seed gives
the check no chance; the report says how many were tossed and how many came up success.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from solo.engine import core as engine
from solo.engine.dungeon_named import start_values
from solo.engine.dungeon_rolls import OPENERS
from solo.engine.rooms import Dungeon
from solo.engine.simulate import past
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["DungeonRun", "simulate_dungeon"]

_SUGGESTED = re.compile(r"'([^']+)'")
_ENTERING = {"trespasser": "advance"}
_WAITING = {"trespasser": "stay"}
"""A round passed where it is, for a refusal that names no action (Trespasser's
characters act only in a round without an encounter: the next round is begun first)."""
_OWN_ROLL = ("success", "failure")


@dataclass(frozen=True)
class DungeonRun:
    """What a crawl through a rolled dungeon met."""

    system: str
    generator: str
    seed: int
    turns: int
    rooms: int
    doors_forced: int
    traps: int
    encounters: int
    refusals: int
    stopped: str = ""
    asked: int = 0
    """The turns asked for: the last command (a walk back to a room with a way on) is
    played whole, and may run past them."""
    tossed: int = 0
    """The player's own rolls (success or failure) the run tossed a coin for."""
    successes: int = 0

    def to_json(self) -> dict:
        return {"system": self.system, "dungeon": self.generator, "seed": self.seed,
                "turns": self.turns, "rooms": self.rooms, "doors_forced": self.doors_forced,
                "traps": self.traps, "encounters": self.encounters,
                "encounters_per_room": round(self.encounters / max(self.rooms, 1), 4),
                "refusals": self.refusals, "stopped": self.stopped, "turns_asked": self.asked,
                "own_rolls_tossed": self.tossed, "own_rolls_succeeded": self.successes}

    def lines(self) -> list[str]:
        per_room = self.encounters / max(self.rooms, 1)
        lines = [f"{self.system} with the {self.generator} dungeon: {self.turns} turns "
                 f"(seed {self.seed})",
                 *past(self.turns, self.asked),
                 f"rooms entered: {self.rooms}",
                 f"doors forced: {self.doors_forced}",
                 f"traps met: {self.traps}",
                 f"encounters: {self.encounters} ({per_room:.2f} per room)"]
        if self.tossed:
            lines.append(f"the player's own rolls (success or failure): a seeded coin at even "
                         f"odds, {self.successes} successes in {self.tossed}")
        if self.stopped:
            lines.append(f"stopped early: {self.stopped}")
        return lines


def _move_word(world: World) -> str:
    procedure = world.procedure
    if procedure.enter is not None:
        return "enter"
    return next((name for name, action in procedure.actions.items() if action.room == "new"),
                _ENTERING.get(procedure.id, "enter"))


def _own_roll(world: World, line: str, rng: random.Random) -> str:
    """``line`` with a success or failure tossed at even odds added, if its action takes
    the player's own roll and the line gives none; else ``line`` as it is."""
    words = line.split()
    action = world.procedure.action_named(words[0]) if words else None
    for arg in action.args if action is not None else ():
        if (arg.default is None and set(_OWN_ROLL) <= set(arg.choice_names)
                and not set(arg.choice_names) & {word.lower() for word in words[1:]}):
            return f"{line} {rng.choice(_OWN_ROLL)}"
    return line


def _shut(dungeon: Dungeon) -> int:
    return sum(1 for room in dungeon.rooms for exit in room.exits if exit.barred)


def _sprung(before: Dungeon, after: Dungeon) -> int:
    """The trapped doors of the rooms known ``before`` that are trapped no more."""
    count = 0
    for room in before.rooms:
        now = after.room(room.id)
        if now is not None:
            count += sum(1 for exit in room.exits if exit.door == "trapped") - sum(
                1 for exit in now.exits if exit.door == "trapped")
    return count


def simulate_dungeon(world: World, generator: str, turns: int, seed: int,
                     settings: dict[str, str] | None = None,
                     setup: tuple[str, ...] = ()) -> DungeonRun:
    """Play ``turns`` turns of the procedure's move into new rooms, each rolled by
    ``generator`` (with ``settings``), from ``seed``."""
    state = engine.start(world)
    state = replace(state, values={**state.values,
                                   **start_values(world, generator, settings or {})})
    rng = random.Random(seed)
    game = engine.Game(world, state, rng, record=True)
    for line in setup:
        game.perform(line)
    if not setup and "torch" in world.procedure.lights:
        try:
            game.perform("light torch")
        except UsageError:
            pass
    move = _move_word(world)
    forced = traps = refusals = tossed = successes = 0
    stopped = ""
    start = game.turn
    commands = 0
    while game.turn - start < turns and not stopped:
        line, tried = move, {move}
        while True:
            commands += 1
            if commands > turns * 20:
                stopped = "too many refusals in a row"
                break
            before = game.state().dungeon
            rooms_before = len(before.rooms)
            played = _own_roll(world, line, rng)
            try:
                game.perform(played)
            except UsageError as error:
                refusals += 1
                message = str(error)
                if "light" in message.lower() and "torch" in world.procedure.lights:
                    line = "light torch"
                    continue
                options = [word for word in _SUGGESTED.findall(message)
                           if word not in tried and word != "go"]
                wait = _WAITING.get(world.procedure.id, line)
                if not options and wait != line:
                    line = wait
                    continue
                if not options:
                    stopped = message
                    break
                # (a choice the hint leaves to the player, 'success|failure', is tossed)
                line = " ".join(word for word in options[0].split() if "|" not in word)
                if not line.startswith((*OPENERS, "go ")):
                    tried.update((line, options[0]))  # (tried, with its choice or not)
                continue
            if played != line:
                tossed += 1
                successes += played.endswith(" success")
            after = game.state().dungeon
            if line != move and _shut(after) < _shut(before):  # an opener, or 'room exits'
                forced += 1
            if len(after.rooms) > rooms_before:
                room = after.current
                traps += _sprung(before, after) + (
                    1 if room is not None and "trapped" in room.status else 0)
            if line == move or game.turn - start >= turns:  # (the turns are used up)
                break
            line = move
    dungeon = game.state().dungeon
    return DungeonRun(world.procedure.id, generator, seed, game.turn - start,
                      len(dungeon.rooms), forced, traps, game.encounters, refusals, stopped,
                      turns, tossed, successes)
