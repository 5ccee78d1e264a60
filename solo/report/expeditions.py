"""Each expedition of a journal that has more than one, for the reports: the figures of
:mod:`solo.journal.expedition_figures` read from the records standing, and their lines."""

from __future__ import annotations

from typing import Any

import msgspec

from solo.journal.expedition_figures import expedition_figures
from solo.journal.record_types import RoomChanged, Struck
from solo.report.records import Records

__all__ = ["expeditions", "expedition_lines"]

_READ = (RoomChanged, Struck)
"""The events the expeditions' figures read (the rest of each record's are passed over)."""


def expeditions(records: Records, live: list[int]) -> list[dict[str, Any]]:
    """The figures of each expedition, from the records standing; [] for a journal whose
    party never left (its last state keeps no ``trip``: one crawl, the whole report)."""
    if not live or "trip" not in records.state(live[-1]):
        return []
    return expedition_figures(
        {"state": records.state(index),
         "ev": [msgspec.to_builtins(event) for event in records.kept[index].ev
                if isinstance(event, _READ)]}
        for index in live)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def expedition_lines(figures: list[dict[str, Any]], unit: str) -> list[str]:
    """One line per expedition: ``Expedition 2 (after 7 days outside): 5 turns, 1 new
    room, 2 encounters; found R4; struck off 2d4 goblins; fallen: Wren; out, 2 days
    outside since``."""
    lines = []
    for figure in figures:
        head = f"Expedition {figure['expedition']}"
        if figure["days_before"]:
            head += f" (after {_count(figure['days_before'], 'day')} outside)"
        parts = [", ".join([_count(figure["turns"], unit),
                            _count(figure["rooms_new"], "new room"),
                            _count(figure["encounters"], "encounter")])]
        if figure.get("explored"):
            parts.append(f"explored {figure['explored']}")
        if figure["looted"]:
            parts.append("found " + ", ".join(map(str, figure["looted"])))
        if figure["struck"]:
            parts.append("struck off " + ", ".join(map(str, figure["struck"])))
        if figure["fallen"]:
            parts.append("fallen: " + ", ".join(map(str, figure["fallen"])))
        if figure["ended"]:
            parts.append("the party came out" + (
                f", {_count(figure['days_after'], 'day')} outside since"
                if figure["days_after"] else ""))
        else:
            parts.append("under way")
        lines.append(f"{head}: " + "; ".join(parts))
    return lines
