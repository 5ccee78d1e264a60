"""A roll as the Lonelog Dice Notation add-on writes it (``d6=3``, ``2d6=7 [4, 3]``,
``4d6kh3=14 [5, 5, 3d, 4]``), from a live :class:`~solo.rules.dice.Roll` or from a roll as
the journal keeps it (:class:`solo.engine.events.RollData`): both have what it reads."""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: ``solo roll`` starts faster
if TYPE_CHECKING:
    from typing import Protocol

    class Shown(Protocol):
        """What :func:`roll_text` reads of a roll."""

        @property
        def text(self) -> str: ...
        @property
        def total(self) -> int: ...
        @property
        def dice(self) -> tuple[int, ...]: ...
        @property
        def dropped(self) -> tuple[int, ...]: ...

__all__ = ["roll_text"]


def roll_text(roll: Shown, plus: int = 0) -> str:
    """A roll as the Dice Notation add-on writes it: ``d6=3``, ``d10+7=8``, ``2d6=7 [4, 3]``,
    ``4d6kh3=14 [5, 5, 3d, 4]`` (a dropped die marked ``d``). ``roll`` is a :class:`Roll` or
    a roll as the journal keeps it (:class:`solo.engine.events.RollData`)."""
    expression = roll.text
    if plus:
        expression += f"{plus:+d}"
    line = f"{expression}={roll.total + plus}"
    dice = roll.dice
    if len(dice) > 1:
        dropped = roll.dropped
        line += " [" + ", ".join(f"{die}d" if place in dropped else str(die)
                                 for place, die in enumerate(dice)) + "]"
    return line
