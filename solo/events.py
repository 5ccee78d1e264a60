"""What the engine says happened. The journal and the screen only render these."""

from __future__ import annotations

from dataclasses import dataclass

from solo.dice import Roll

__all__ = ["Acted", "TurnPassed", "Rolled", "Checked", "TableRolled", "TrackerChanged",
           "LightChanged", "Encountered", "Said", "Struck", "Answered", "Event"]


@dataclass(frozen=True)
class Acted:
    """The player's command, as typed (``@`` in Lonelog)."""

    command: str


@dataclass(frozen=True)
class TurnPassed:
    turn: int
    minutes: int | None


@dataclass(frozen=True)
class Rolled:
    label: str
    roll: Roll
    plus: int = 0

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


@dataclass(frozen=True)
class Checked:
    label: str
    roll: Roll
    plus: int
    success: bool

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


@dataclass(frozen=True)
class TableRolled:
    table: str
    title: str
    roll: Roll
    plus: int
    entry_id: str
    text: str
    inline: tuple[Roll, ...] = ()

    @property
    def total(self) -> int:
        return self.roll.total + self.plus


@dataclass(frozen=True)
class TrackerChanged:
    tracker: str
    label: str
    before: int
    after: int
    reason: str
    notation: str = "Track"
    maximum: int | None = None


@dataclass(frozen=True)
class LightChanged:
    kind: str
    label: str
    before: str
    after: str
    reason: str


@dataclass(frozen=True)
class Encountered:
    """An encounter met (or a sign of one found, or a struck-off one rolled again)."""

    table: str
    text: str
    status: str  # "met", "sign", "foreshadowed", "struck"


@dataclass(frozen=True)
class Said:
    text: str


@dataclass(frozen=True)
class Struck:
    table: str
    text: str


@dataclass(frozen=True)
class Answered:
    question: str
    style: str
    odds: str
    summary: str
    text: str
    event: str | None = None


Event = (Acted | TurnPassed | Rolled | Checked | TableRolled | TrackerChanged | LightChanged
         | Encountered | Said | Struck | Answered)
