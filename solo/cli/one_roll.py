"""``solo roll``'s one job, for the quick path (:mod:`solo.cli.main`, no argparse) and the
parsed one (:mod:`solo.cli.commands`) alike: the words typed, read as one dice expression and
rolled; an expression solo cannot read or roll is a usage error (exit 2)."""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from solo.errors import DiceError, UsageError

__all__ = ["roll_words"]


def roll_words(words: Sequence[str], seed: int | None) -> str:
    """The roll of ``words`` (one dice expression alone) with ``seed`` (None: a random one)."""
    from solo.rules import dice
    from solo.rules.roll_words import expression_alone

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    try:
        return str(dice.roll(expression_alone(" ".join(words)), random.Random(seed)))
    except DiceError as error:
        raise UsageError(str(error)) from None
