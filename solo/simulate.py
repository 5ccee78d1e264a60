"""Play a procedure headless for many turns and count what happened."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from solo import engine
from solo.errors import UsageError
from solo.interpreter import Run

__all__ = ["Simulation", "simulate"]


@dataclass(frozen=True)
class Simulation:
    system: str
    action: str
    turns: int
    commands: int
    encounters: int
    outcomes: dict[str, int] = field(default_factory=dict)
    seed: int = 0

    def to_json(self) -> dict:
        return {"system": self.system, "action": self.action, "turns": self.turns,
                "commands": self.commands, "encounters": self.encounters,
                "outcomes": dict(sorted(self.outcomes.items())), "seed": self.seed}

    def lines(self) -> list[str]:
        lines = [f"{self.system}: {self.turns} turns of '{self.action}' (seed {self.seed})",
                 f"encounters: {self.encounters} ({self.encounters / max(self.turns, 1):.1%} "
                 "of turns)"]
        total = sum(self.outcomes.values()) or 1
        width = max((len(name) for name in self.outcomes), default=0)
        for name, count in sorted(self.outcomes.items(), key=lambda item: -item[1]):
            lines.append(f"  {name:<{width}}  {count:>8}  {count / total:6.1%}")
        return lines


def simulate(world: engine.World, turns: int, seed: int, action: str | None = None
             ) -> Simulation:
    """Repeat one procedure action until ``turns`` turns have passed (or as many commands,
    if it takes no time), applying no other player events.

    The same interpreter as play, kept running: one working state carried from command
    to command instead of a frozen snapshot per command, which play needs and this
    does not.
    """
    line = (action or world.procedure.simulate).strip()
    words = line.split()
    chosen = world.procedure.action_named(words[0]) if words else None
    if chosen is None:
        raise UsageError(f"unknown command {words[0] if words else line!r} for simulate; "
                         "it repeats one of the procedure's actions, such as "
                         f"{', '.join(list(world.procedure.actions)[:4])}")
    arguments = engine.parse_arguments(chosen, words[1:])
    run = Run(world.procedure, world.tables, engine.start(world), random.Random(seed), chosen)
    commands = 0
    try:
        while run.turn < turns:
            before = run.turn
            run.events.clear()
            run.act(chosen, arguments, line)
            commands += 1
            if run.turn == before and commands >= turns:
                break
    except KeyError as missing:
        raise engine.unknown_name_error(world, missing) from None
    played = run.turn if run.turn else commands
    return Simulation(world.procedure.id, line, played, commands, run.encounters,
                      dict(Counter(run.outcomes)), seed)
