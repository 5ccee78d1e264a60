"""Play a procedure headless for many turns and count what happened."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from solo import engine

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
    """Repeat ``action`` until ``turns`` turns have passed (or as many commands, if it
    takes no time), applying no other player events."""
    line = action or world.procedure.simulate
    rng = random.Random(seed)
    state = engine.start(world)
    outcomes: Counter[str] = Counter()
    commands = 0
    perform = engine.perform
    while state.turn < turns:
        result = perform(world, state, line, rng)
        commands += 1
        outcomes.update(result.outcomes)
        timeless = result.state.turn == state.turn
        state = result.state
        if timeless and commands >= turns:
            break
    played = state.turn if state.turn else commands
    return Simulation(world.procedure.id, line, played, commands, state.encounters,
                      dict(outcomes), seed)
