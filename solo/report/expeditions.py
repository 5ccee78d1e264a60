"""Each expedition of a journal whose party left, for the reports: the figures of
:mod:`solo.journal.expedition_figures` read from the records standing, and their lines;
and how much of a keyed dungeon was explored, at the end and per expedition (counts only,
from :func:`solo.engine.key_views.explored_text`: never a word of an unseen room)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from solo.engine.key_rooms import KEY, KEY_AT
from solo.engine.key_views import explored_text
from solo.journal.expedition_figures import expedition_figures
from solo.journal.map_records import map_from
from solo.journal.record_types import MemberChanged, RoomChanged, Struck
from solo.report.records import Records
from solo.rules.key_shelf import read_key
from solo.rules.world import World

__all__ = ["expeditions", "expedition_lines", "explored"]

_READ = (MemberChanged, RoomChanged, Struck)
"""The events the expeditions' figures read (the rest of each record's are passed over)."""


def expeditions(records: Records, live: list[int], procedure: Any, folder: Path
                ) -> list[dict[str, Any]]:
    """The figures of each expedition, from the records standing; [] for a journal whose
    party never left (its last state keeps no ``trip``: one crawl, the whole report). In a
    keyed dungeon each says how much of it was explored when it ended (or now)."""
    if not live or "trip" not in records.state(live[-1]):
        return []
    figures = expedition_figures(
        {"state": records.state(index),
         "ev": [msgspec.to_builtins(event) for event in records.kept[index].ev
                if isinstance(event, _READ)]}
        for index in live)
    last: dict[int, int] = {}  # each expedition's last record standing
    for index in live:
        trip = records.state(index).get("trip")
        number = trip[0] if isinstance(trip, list) and trip else 1
        last[number if isinstance(number, int) else 1] = index
    for figure in figures:
        at = last.get(figure["expedition"])
        if at is not None and (text := explored(records, at, procedure, folder)):
            figure["explored"] = text
    return figures


def explored(records: Records, index: int, procedure: Any, folder: Path) -> str | None:
    """``9 of 23 rooms, 2 of 4 secrets`` for a keyed dungeon as the record at ``index``
    left it (None without a key, or when the key cannot be read). ``folder``: the
    journal's, where a key named by a relative path is found."""
    if procedure is None:
        return None
    values = records.state(index).get("values")
    if not isinstance(values, dict) or not values.get(KEY):
        return None
    dungeon = map_from(records.kept[:index + 1]).dungeon
    name, at = str(values[KEY]), values.get(KEY_AT)  # (the record that named it: its marks)
    marks = records.kept[records.steps.index(at)].key_rooms if at in records.steps else None
    try:
        key = read_key(name, folder)
        world = World(procedure, keys={name: key} if key is not None else {},
                      key_marks={name: msgspec.json.decode(marks)} if marks else {})
        return explored_text(world, values, dungeon)
    except Exception:  # noqa: BLE001 - a key edited past reading: the reports say nothing
        return None


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
        parts += [f"{label} {', '.join(map(str, figure[name]))}" for name, label in (
            ("looted", "found"), ("struck", "struck off"), ("fallen", "fallen:")) if figure[name]]
        if figure["ended"]:
            parts.append("the party came out" + (
                f", {_count(figure['days_after'], 'day')} outside since"
                if figure["days_after"] else ""))
        else:
            parts.append("under way")
        lines.append(f"{head}: " + "; ".join(parts))
    return lines
