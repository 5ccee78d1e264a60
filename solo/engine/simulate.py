"""Play a procedure headless for many turns and count what happened.

A set-up (``light torch``) is played once; then a script of commands is played in a
cycle until the turns are used up. Outcomes are counted turn by turn (a three-turn
action counts each of its turns); a command the procedure refuses is counted, not fatal.
Only the engine's public API is used: :class:`solo.engine.core.Game`.

The fast path: the game is made with ``record=False``, so its actions run as the steps
compiled from the procedure for runs that record nothing (:mod:`solo.engine.compiled`):
nothing is built that only the journal reads (events, labels, reasons, dice-roll objects
for a single die). They come from the same compile functions as play's and call the
``rng`` exactly as play does, so a seed gives the same counts as playing the commands.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from solo.engine import core as engine
from solo.errors import UsageError
from solo.rules.world import World

__all__ = ["Simulation", "simulate", "PROGRESS_EVERY"]

PROGRESS_EVERY = 4096
"""Turns between two calls of a simulation's progress hook (a few milliseconds' play)."""


@dataclass(frozen=True)
class Simulation:
    system: str
    action: str
    turns: int
    commands: int
    encounters: int
    outcomes: dict[str, int] = field(default_factory=dict)
    seed: int = 0
    setup: tuple[str, ...] = ()
    refusals: dict[str, int] = field(default_factory=dict)
    quiet_turns: int = 0  # turns that recorded no outcome
    asked: int = 0
    """The turns asked for: the last command is played whole, and may run past them."""
    why: dict[str, str] = field(default_factory=dict)
    """Each refused command's first refusal, as the procedure said it."""

    def to_json(self) -> dict:
        return {"system": self.system, "action": self.action, "turns": self.turns,
                "commands": self.commands, "encounters": self.encounters,
                "outcomes": dict(sorted(self.outcomes.items())), "seed": self.seed,
                "setup": list(self.setup), "refusals": dict(sorted(self.refusals.items())),
                "quiet_turns": self.quiet_turns, "turns_asked": self.asked}

    def lines(self) -> list[str]:
        setup = f", after {'; '.join(self.setup)}" if self.setup else ""
        played, unit = (self.turns, "turns") if self.turns else (self.commands, "commands")
        lines = [f"{self.system}: {played} {unit} of '{self.action}'{setup} "
                 f"(seed {self.seed})" + ("" if self.turns else "; no time passed"),
                 *past(self.turns, self.asked),
                 f"encounters: {self.encounters} ({self.encounters / max(played, 1):.1%} "
                 f"of {unit})"]
        total = sum(self.outcomes.values()) or 1
        width = max((len(name) for name in self.outcomes), default=0)
        for name, count in sorted(self.outcomes.items(), key=lambda item: -item[1]):
            lines.append(f"  {name:<{width}}  {count:>8}  {count / total:6.1%}")
        if self.quiet_turns and self.outcomes:
            lines.append(f"turns with no outcome: {self.quiet_turns}")
        for command, count in sorted(self.refusals.items()):
            lines.append(f"refused: '{command}' {count} times")
        return lines


def past(turns: int, asked: int) -> list[str]:
    """The line that says a run went past the turns asked (its last command played whole),
    if it did."""
    if turns <= asked or not asked:
        return []
    more = turns - asked
    return [f"{asked} turns asked: the last command is played whole, and took the run "
            f"{more} turn{'' if more == 1 else 's'} past them"]


def simulate(world: World, turns: int, seed: int, action: str | None = None,
             setup: Sequence[str] = (), script: Sequence[str] = (),
             progress: Callable[[int], object] | None = None,
             every: int = PROGRESS_EVERY) -> Simulation:
    """Play ``setup`` once, then ``script`` (or ``action``, or the procedure's own
    ``simulate:`` action) in a cycle until ``turns`` turns have passed (or as many
    commands, if the script takes no time: then the turns played are 0). ``progress``, if
    given, is called with the turns played so far after each ``every`` turns (the run is
    played in stretches that long; without it, in one, with nothing more done a turn)."""
    cycle = [line.strip() for line in script if line.strip()] or [
        (action or world.procedure.simulate).strip()]
    game = engine.Game(world, engine.start(world), random.Random(seed), record=False)
    known = engine.command_table(world.procedure)  # the words play takes, 'enter' too
    for line in cycle:  # refuse a command the procedure does not know before playing
        words = line.split()
        if not words or words[0].lower() not in known:
            raise UsageError(f"unknown command {words[0] if words else line!r} for simulate; "
                             "it plays the procedure's actions, such as "
                             f"{', '.join(list(world.procedure.actions)[:4])}")
    for line in setup:
        game.perform(line.strip())
    start_turn = game.turn
    outcomes = game.outcomes
    counted: Counter[str] = Counter()
    refusals: Counter[str] = Counter()
    why: dict[str, str] = {}
    commands = quiet = 0
    idle = 0  # commands in a row that passed no time
    index, size = 0, len(cycle)
    now, end = start_turn, start_turn + turns
    stretch = turns if progress is None else max(every, 1)
    stop = min(end, now + stretch)
    perform = game.perform
    while True:
        while now < stop:
            line = cycle[index]
            index = index + 1 if index + 1 < size else 0
            before, recorded = now, len(outcomes)
            try:
                now = perform(line)
            except UsageError as error:
                refusals[line] += 1
                why.setdefault(line, str(error))
            commands += 1
            passed = now - before
            if passed:
                idle = 0
                new = len(outcomes) - recorded
                if new < passed:
                    quiet += passed - new
            else:
                idle += 1
                if commands >= turns and idle >= size:
                    break  # the script takes no time: as many commands as turns
        if now >= end or now < stop or progress is None:
            break
        progress(now - start_turn)
        stop = min(end, now + stretch)
    counted.update(outcomes)
    return Simulation(world.procedure.id, " / ".join(cycle), game.turn - start_turn,
                      commands, game.encounters, dict(counted), seed, tuple(setup),
                      dict(refusals), quiet, turns, why)
