"""The one table from each kind of effect to the function that carries it out.

Each ``solo.engine.effects_*`` module declares the effects it handles in its own
``HANDLERS``; this module joins them. The interpreter (:mod:`solo.engine.interpreter`)
and the compiled form (:mod:`solo.engine.compiled`) look handlers up here; the handler
modules reach the interpreter only through the run they are given, so nothing here
imports back.
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
from solo.engine.run import Handler

__all__ = ["HANDLERS", "HANDLER_TABLES"]

HANDLER_TABLES: tuple[Mapping[type, Handler], ...] = (
    effects_trackers.HANDLERS, effects_dice.HANDLERS, effects_tables.HANDLERS,
    effects_lights.HANDLERS, effects_party.HANDLERS, effects_oracle.HANDLERS,
    effects_flow.HANDLERS, effects_rooms.HANDLERS,
)
"""Each handler module's own table, in the order they are joined."""

HANDLERS: dict[type, Handler] = {kind: handler for table in HANDLER_TABLES
                                 for kind, handler in table.items()}
"""Every effect class and its handler, ``(run, effect) -> None``."""
