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
import re
from collections.abc import Callable

from solo.defaults import DICE_MODES
from solo.errors import SoloError, UsageError
from solo.rules.numbers import number_between

__all__ = ["TypedDice", "AskDie", "DICE_MODES", "DieStopped", "die_prompt", "face_of",
           "not_a_face"]

AskDie = Callable[[int, str | None, str], str]
"""``ask(sides, problem, purpose)``: the player's answer for a die of ``sides`` faces, as
typed (``problem`` says why the last answer was refused; ``purpose`` what the die is for,
or ''). Raises EOFError when input has ended, :class:`DieStopped` on Ctrl-C."""


class DieStopped(SoloError):
    """The player stopped the command with Ctrl-C (or Ctrl-D) while solo asked for a die."""

    exit_code = 130

    def __init__(self, sides: int, key: str = "Ctrl-C") -> None:
        super().__init__(f"stopped ({key}) while solo waited for a d{sides}; nothing was "
                         "recorded")


_ZERO_IS_TOP = {10: ("0",), 100: ("0", "00")}
"""The faces a d10 and percentile dice print for their highest: a d10's 0 is 10, and 00
(with the units die's 0) is 100."""

_PLACES = ("units", "tens", "hundreds", "thousands")
"""The digit each die of a d66 (d666, a table's ``d4;d8``) gives, from the last die asked."""


def die_prompt(sides: int, purpose: str) -> str:
    """``Light depletion check, Torch (d6, out on a 1):``, the die named once; a die for
    nothing named is ``A d6 (Enter: solo rolls it):``; a d10's and percentile dice's
    highest face is said (``0 is 10``, ``00 is 100``)."""
    die = f"d{sides}"
    notes = [f"{_ZERO_IS_TOP[sides][-1]} is {sides}"] if sides in _ZERO_IS_TOP else []
    if not purpose:
        return f"A {die} ({', '.join([*notes, 'Enter: solo rolls it'])}): "
    if not _names(purpose, die):
        notes.insert(0, die)
    return f"{purpose} ({', '.join(notes)}): " if notes else f"{purpose}: "


def _names(purpose: str, dice: str) -> bool:
    """Whether ``purpose`` names the dice ``dice`` (``d6``; never within ``d66``)."""
    return re.search(rf"\b{dice}(?!\d)", purpose) is not None


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

    def __new__(cls, *_: object) -> TypedDice:  # (Python 3.10's Random takes one argument)
        return super().__new__(cls)

    def __init__(self, seed: str, ask: AskDie) -> None:
        super().__init__(seed)
        self.ask = ask
        self.typed: list[tuple[int, int]] = []  # (sides, face) the player gave
        self.purpose = ""  # what the engine said the next dice are for
        self.part = ""  # and which of them the next die is (the oracle's answer die, …)

    def about(self, what: str) -> None:
        """The engine says what its next dice are for (solo.engine.run.RunState.about)."""
        self.purpose, self.part = what, ""

    def about_die(self, part: str) -> None:
        """The engine says which of those dice the next one is (``answer die``, ``Action``:
        :func:`solo.rules.dice.tell_die`), until it says another."""
        self.part = part

    @property
    def said(self) -> str:
        """What the next die is for, as its prompt names it (``Oracle: …?, answer die``)."""
        return ", ".join(filter(None, (self.purpose, self.part)))

    def digit_dice(self, faces: tuple[int, ...]) -> tuple[int, ...]:
        """A d66 (d666, a table's ``d4;d8``): each die asked for by the digit it gives
        (``Roll (d66), tens die``), tens first (:func:`solo.rules.dice.roll` and a compound
        table's roll ask a generator that has this)."""
        purpose, part, said = self.purpose, self.part, self.said
        dice = "d" + "".join(map(str, faces)) if set(faces) == {6} \
            else ";".join(f"d{sides}" for sides in faces)
        named = said if _names(said, dice) else f"{said or 'A roll'} ({dice})"
        try:
            rolled = []
            for left, sides in enumerate(faces, 1 - len(faces)):
                place = _PLACES[-left] if -left < len(_PLACES) else f"{10 ** -left}s"
                self.purpose, self.part = f"{named}, {place} die (d{sides})", ""
                rolled.append(self.randint(1, sides))
            return tuple(rolled)
        finally:
            self.purpose, self.part = purpose, part

    def randint(self, a: int, b: int) -> int:
        if a != 1:  # not a die: solo's own business
            return super().randint(a, b)
        problem = None
        while True:
            try:
                answer = self.ask(b, problem, self.said).strip()
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
