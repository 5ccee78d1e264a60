"""The odds of a journal as it stands, for scripts (``solo odds JOURNAL --json``).

Read-only: the journal is read as resuming reads it (its header and the last record of
its tail), with no lock and nothing written, so it may be open in a sitting meanwhile.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from solo.journal.store import read_meta, read_tail
from solo.play.odds_view import odds_lines, odds_turn
from solo.play.resume import journal_world, resume

__all__ = ["journal_odds", "journal_odds_lines"]


def journal_odds(path: Path) -> dict[str, Any]:
    """The forecasts for the journal at ``path`` (its last state, and the command played
    last as the one the party keeps to), as JSON-ready data. Raises SoloError (one line)
    for a journal that cannot be read."""
    meta = read_meta(path)
    world = journal_world(path, meta)
    resumed = resume(world, meta, path, read_tail(path))
    world = resumed.world or world  # stocked with the journal's dungeon
    state = resumed.state
    found = forecast(world, state, seeded(), resumed.last_command)
    return {"journal": str(path), "system": world.procedure.id, "step": state.step,
            "turn": odds_turn(state), "unit": world.procedure.clock_unit,
            "last_command": resumed.last_command, **found.to_json()}


def journal_odds_lines(path: Path) -> list[str]:
    """The same forecasts as the ``odds`` command shows them, for ``solo odds JOURNAL``."""
    meta = read_meta(path)
    world = journal_world(path, meta)
    resumed = resume(world, meta, path, read_tail(path))
    return odds_lines(resumed.world or world, resumed.state, resumed.last_command)
