"""Your own dice: every die solo would roll is asked of the player instead.

The engine rolls every die through ``rng.randint(1, sides)``; :class:`TypedDice` is a
``random.Random`` whose ``randint`` asks for the face the player rolled at the table. An
empty answer lets solo roll that die itself (from the same seeded generator as ever, so
replay stays deterministic for the dice solo rolls). A d10's 0 is 10, and percentile
dice's 00 (or 0) is 100, as the dice print them. An impossible face is refused and
asked for again, and so is anything but ASCII digits (``²``, ``①``, ``٣``, ``Ⅲ``;
:mod:`solo.rules.numbers` reads every number the player types). What was typed is kept,
so the journal can mark it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from solo.defaults import DICE_MODES
from solo.errors import UsageError
from solo.rules.numbers import number_between

__all__ = ["TypedDice", "AskDie", "DICE_MODES", "die_prompt", "face_of", "not_a_face"]

AskDie = Callable[[int, str | None, str], str]
"""``ask(sides, problem, purpose)``: the player's answer for a die of ``sides`` faces, as
typed (``problem`` says why the last answer was refused; ``purpose`` what the die is for,
or ''). Raises EOFError when input has ended."""


def die_prompt(sides: int, purpose: str) -> str:
    """``Light depletion check, Torch (d6, out on a 1):``, the die named once; a die for
    nothing named is ``A d6 (Enter: solo rolls it):``."""
    die = f"d{sides}"
    if not purpose:
        return f"A {die} (Enter: solo rolls it): "
    if die in purpose:
        return f"{purpose}: "
    return f"{purpose} ({die}): "


_ZERO_IS_TOP = {10: ("0",), 100: ("0", "00")}
"""The faces a d10 and percentile dice print for their highest: a d10's 0 is 10, and 00
(with the units die's 0) is 100."""


def face_of(answer: str, sides: int) -> int | None:
    """The face ``answer`` (stripped) names on a die of ``sides`` faces, or None."""
    if answer in _ZERO_IS_TOP.get(sides, ()):
        return sides
    return number_between(answer, 1, sides)


def not_a_face(answer: str, sides: int) -> str:
    """Why ``answer`` is refused for a die of ``sides`` faces."""
    zero = f" ({_ZERO_IS_TOP[sides][-1]} is {sides})" if sides in _ZERO_IS_TOP else ""
    return f"a d{sides} shows 1 to {sides}{zero}; {answer[:20]!r} is not a face"


class TypedDice(random.Random):
    """A seeded generator whose dice the player may roll by hand."""

    def __init__(self, seed: str, ask: AskDie) -> None:
        super().__init__(seed)
        self.ask = ask
        self.typed: list[tuple[int, int]] = []  # (sides, face) the player gave
        self.purpose = ""  # what the engine said the next dice are for

    def about(self, what: str) -> None:
        """The engine says what its next dice are for (solo.engine.run.RunState.about)."""
        self.purpose = what

    def randint(self, a: int, b: int) -> int:
        if a != 1:  # not a die: solo's own business
            return super().randint(a, b)
        problem = None
        while True:
            try:
                answer = self.ask(b, problem, self.purpose).strip()
            except EOFError:
                raise UsageError(f"the input ended while solo waited for a d{b}; "
                                 "nothing was recorded") from None
            if not answer:
                return super().randint(1, b)
            face = face_of(answer, b)
            if face is not None:
                self.typed.append((b, face))
                return face
            problem = not_a_face(answer, b)
