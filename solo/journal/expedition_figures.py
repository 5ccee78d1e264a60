"""The figures of each expedition of a journal, from its records (issue 38): a pure function
the stats and the reports can call, reading the records' states and events as they are.

Each expedition is numbered as the state's ``trip`` numbers it (1 for a journal from before
expeditions). Its figures follow the last record that speaks of it, so an entry taken back
with ``undo`` (whose record restores the state before it) leaves figures as the journal
stands: a leave taken back leaves the expedition under way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["expedition_figures"]

_FIRST: list[Any] = [1, 0, 0, 0, None]


def expedition_figures(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One dict per expedition, in order: ``expedition`` (its number), ``days_before`` (the
    days spent outside before it began; 0 for the first), ``turns``, ``rooms_new`` (rooms
    first entered in it), ``encounters`` (met), ``struck`` (what was struck off in it),
    ``looted`` (the rooms first marked looted in it: what was found),
    ``fallen`` (members who went down at 0 hit points in it), ``ended`` (whether the party
    is out) and ``days_after`` (the days outside since, when it ended)."""
    figures: dict[int, dict[str, Any]] = {}
    looted: set[str] = set()
    for record in records:
        state = record.get("state")
        if not isinstance(state, Mapping):
            continue
        trip = state.get("trip") or _FIRST
        if not isinstance(trip, list) or len(trip) != 5 or not isinstance(trip[0], int):
            continue
        number, start_turn, _rooms, start_encounters, away = trip
        entry = figures.get(number)
        if entry is None:
            entry = figures[number] = {
                "expedition": number, "days_before": 0, "turns": 0, "rooms_new": 0,
                "encounters": 0, "struck": [], "looted": [], "fallen": [], "ended": False,
                "days_after": None}
            before = figures.get(number - 1)
            if before is not None:
                before["ended"] = True
                entry["days_before"] = before["days_after"] or 0
        entry["turns"] = max(0, _int(state.get("turn")) - _int(start_turn))
        entry["encounters"] = max(0, _int(state.get("encounters")) - _int(start_encounters))
        entry["ended"], entry["days_after"] = away is not None, away
        for event in record.get("ev") or []:
            if not isinstance(event, Mapping):
                continue
            if event.get("t") == "RoomChanged" and event.get("how") == "new":
                entry["rooms_new"] += 1
            elif event.get("t") == "Struck":
                entry["struck"].append(event.get("text"))
            elif event.get("t") == "MemberChanged" and event.get("what") == "hp" and \
                    _int(event.get("before")) > 0 and event.get("after") == 0:
                entry["fallen"] = list(dict.fromkeys([*entry["fallen"], event.get("name")]))
            room = event.get("room")
            if event.get("t") == "RoomChanged" and "looted" in (event.get("status") or ()) \
                    and isinstance(room, str) and room not in looted:
                looted.add(room)
                entry["looted"].append(room)
    return [figures[number] for number in sorted(figures)]


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
