"""The one table from each kind of effect to its one implementation: the function that
compiles it into a step.

Each ``solo.engine.effects_*`` module declares the effects it carries out in its own
``COMPILERS``; this module joins them. The program (:mod:`solo.engine.compiled`) looks
compile functions up here; the effect modules reach it only through the compiler they are
given, and the run only through the run they are given, so nothing here imports back.
"""

from __future__ import annotations

from collections.abc import Mapping

from solo.engine import (
    effects_dice,
    effects_flow,
    effects_lights,
    effects_oracle,
    effects_party,
    effects_rooms,
    effects_tables,
    effects_trackers,
)
from solo.engine.compiled_parts import CompileFunction

__all__ = ["COMPILERS", "COMPILER_TABLES"]

COMPILER_TABLES: tuple[Mapping[type, CompileFunction], ...] = (
    effects_trackers.COMPILERS, effects_dice.COMPILERS, effects_tables.COMPILERS,
    effects_lights.COMPILERS, effects_party.COMPILERS, effects_oracle.COMPILERS,
    effects_flow.COMPILERS, effects_rooms.COMPILERS,
)
"""Each effect module's own table, in the order they are joined."""

COMPILERS: dict[type, CompileFunction] = {kind: compile_one for table in COMPILER_TABLES
                                          for kind, compile_one in table.items()}
"""Every effect class and its compile function, ``(compiler, effect) -> step``."""
