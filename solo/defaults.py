"""Every default and shared limit solo uses, defined once and imported where needed.

A leaf module: it imports nothing of solo's, so any layer may read it.
"""

from __future__ import annotations

__all__ = ["ORACLE_STYLE", "CHAOS", "CHAOS_RANGE", "MAX_VALUE", "BATCH_GROUP",
           "SIMULATE_MAX_TURNS", "MAX_DIGITS", "DICE_MODES"]

ORACLE_STYLE = "mythic"
"""The oracle style a new journal asks with, until ``oracle STYLE`` changes it."""

CHAOS = 5
"""The chaos factor before the player or a danger tracker sets one."""

CHAOS_RANGE = (1, 9)
"""The chaos factors a style accepts unless its file says otherwise."""

MAX_VALUE = 10**15
"""The largest magnitude any tracker, setting or count may reach."""

BATCH_GROUP = 64
"""Batch play fsyncs its entries together, at most this many lines a group."""

SIMULATE_MAX_TURNS = 10_000_000
"""The most turns ``solo simulate`` plays in one run (about a minute at its speed here)."""

MAX_DIGITS = 16
"""The most digits of a number typed into a command (MAX_VALUE has 16): one refusal for
every command, from the line rule and the engine alike."""

DICE_MODES = ("solo", "physical")
"""Who rolls the dice: solo, or the player at the table (``set dice physical``)."""
