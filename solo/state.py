"""The party's state between commands: frozen, and round-trippable through JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Light", "State", "STATE_VERSION"]

STATE_VERSION = 1


@dataclass(frozen=True)
class Light:
    """A lit source: its kind, the turns it has left (None: no limit), and whether dimmed."""

    kind: str
    remaining: int | None
    dimmed: bool = False


@dataclass(frozen=True)
class State:
    """Everything the engine needs to go on. ``step`` counts commands; ``prev`` is for undo."""

    values: Mapping[str, Any] = field(default_factory=dict)
    turn: int = 0
    step: int = 0
    prev: int = -1
    lights: tuple[Light, ...] = ()
    struck: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    foreshadowed: tuple[str, int] | None = None
    last_encounter: tuple[str, int] | None = None
    encounters: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "v": STATE_VERSION, "step": self.step, "prev": self.prev, "turn": self.turn,
            "values": dict(self.values),
            "lights": [[light.kind, light.remaining, light.dimmed] for light in self.lights],
            "struck": {name: list(indices) for name, indices in self.struck.items()},
            "foreshadowed": list(self.foreshadowed) if self.foreshadowed else None,
            "last_encounter": list(self.last_encounter) if self.last_encounter else None,
            "encounters": self.encounters,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """Rebuild a state; raises ValueError/TypeError/KeyError on a malformed snapshot."""
        if data.get("v") != STATE_VERSION:
            raise ValueError(f"unknown snapshot version {data.get('v')!r}")
        values = data["values"]
        if not isinstance(values, dict) or not all(
                isinstance(value, (int, str, bool)) for value in values.values()):
            raise ValueError("snapshot values must be numbers, words or true/false")
        lights = tuple(Light(str(kind), None if left is None else int(left), bool(dimmed))
                       for kind, left, dimmed in data["lights"])
        struck = {str(name): tuple(int(index) for index in indices)
                  for name, indices in data["struck"].items()}
        foreshadowed = data.get("foreshadowed")
        last = data.get("last_encounter")
        return cls(values=dict(values), turn=int(data["turn"]), step=int(data["step"]),
                   prev=int(data["prev"]), lights=lights, struck=struck,
                   foreshadowed=(str(foreshadowed[0]), int(foreshadowed[1]))
                   if foreshadowed else None,
                   last_encounter=(str(last[0]), int(last[1])) if last else None,
                   encounters=int(data["encounters"]))
