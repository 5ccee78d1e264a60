"""The dungeon as the reports tell it: the map at the end of the crawl, the route the party
took and the room it was in at each turn, read from the records that keep the map (their
``"map"``, ``"dungeon"`` and ``"rooms"`` keys, :data:`solo.journal.record_schema.MAP_FIELDS`),
never from the rendered ``[R:…]`` tags.

Only the records that name the map are parsed (found by the ``"map"`` key, which no string
in a record can hold unescaped), each step once, in step order; an entry that an
undo took back does not count towards the route. A journal as solo writes it is read
quicker still (:mod:`solo.report.map_scan`): only the records that change the map, and a
whole map only where those changes do not explain it; the room at each turn is then kept
only where it changes (:meth:`MapStory.room_at` answers the same).
"""

from __future__ import annotations

import json
import operator
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from weakref import ref

from solo.engine import room_changes as change
from solo.engine.rooms import Dungeon
from solo.journal.record import PREFIX, parse_record
from solo.journal.record_schema import (
    MAP_AT_KEY,
    MAP_CHANGES_KEY,
    WHOLE_MAP_KEY,
    read_header,
)
from solo.report.map_scan import KnownRooms, RawMap, map_records, read_pieces
from solo.report.model import Crawl, Encounter

__all__ = ["MapStory", "map_story", "read_map", "room_figures", "rooms_text"]

_MAP_KEY = json.dumps(MAP_AT_KEY)  # '"map"': no string in a record holds it unescaped


def _map_records(text: str) -> list[dict[str, Any]]:
    """Every readable record holding the map's key, in the file's order: found by the key
    (a search in C), then read whole as JSON, wherever an editor wrapped or indented it."""
    found: list[dict[str, Any]] = []
    start = end = 0
    while (at := text.find(_MAP_KEY, end)) >= 0:
        start = text.rfind(PREFIX.rstrip(), 0, at)
        end = text.find("-->", at)
        if start < 0 or end < 0:
            break
        record = parse_record(text[start:end + 3])
        if record is not None:
            found.append(record)
    return found


@dataclass(frozen=True)
class MapStory:
    """The map at the end, the route (each room the party went into, in order: a room
    comes back when the party does) and, by turn, the room the party was in."""

    dungeon: Dungeon = field(default_factory=Dungeon)
    route: tuple[str, ...] = ()
    turns: tuple[int, ...] = ()  # the turn of each place in ``here``
    here: tuple[str | None, ...] = ()
    steps: tuple[int, ...] = ()  # the step of each place in ``here``

    def room_at(self, turn: int) -> str | None:
        """The room the party was in at the end of ``turn`` (None: no map yet)."""
        index = bisect_right(self.turns, turn) - 1
        return self.here[index] if index >= 0 else None

    def room_of(self, encounter: Encounter) -> str | None:
        """The room the party was in when it met ``encounter``: as the entry that met it
        left the map (a move later in the same turn takes no time, and is no part of it);
        where that entry's step is not known, at the end of its turn."""
        if encounter.step is None:
            return self.room_at(encounter.turn)
        index = bisect_right(self.steps, encounter.step) - 1
        return self.here[index] if index >= 0 else None


def read_map(text: str) -> MapStory:
    """The map story of a journal's text (its records that keep the map)."""
    return _story(_map_records(text))


_Kept = list[tuple[int, Mapping[str, Any], int]]  # each record's step, data and turn


def _story(found: Iterable[Mapping[str, Any]]) -> MapStory:
    """The map story of the records that hold the map's key, in the file's order: each
    step once (the first), in step order."""
    kept, taken_back = _kept(found)
    try:
        return _story_at_once(kept, taken_back)
    except ValueError:  # a record edited beyond reading: each one on its own
        return _story_by_record(kept, taken_back)


def _kept(found: Iterable[Mapping[str, Any]]) -> tuple[_Kept, set[int]]:
    """The records counted (each step once, the first, in step order) with their turns,
    and the steps an undo took back."""
    records: dict[int, tuple[Mapping[str, Any], int]] = {}
    taken_back: set[int] = set()
    for record in found:
        step, turn, undid = record.get("step"), record.get("turn"), record.get("undid")
        if type(step) is not int or type(turn) is not int:  # (the schema's reading)
            header = read_header(record)
            if header is None:
                continue
            step, turn, undid = header.step, header.turn, header.undid
        if step in records:
            continue
        records[step] = (record, turn)
        if type(undid) is int:
            taken_back.add(undid)
    return [(step, *records[step]) for step in sorted(records)], taken_back


def _quick_story(crawl: Crawl, text: bytes) -> MapStory | None:
    """The story read from only the records that change the map, their whole maps read
    only where the changes before them do not explain them (:mod:`solo.report.map_scan`);
    None when the journal needs the careful reading: a record copied, moved, torn or in
    another layout, an undo, a turn that goes back (the room at each turn is then followed
    through the records that change nothing too), or a map the changes cannot build."""
    records = crawl.records
    if records is None or crawl.duplicates or crawl.out_of_place or crawl.garbled \
            or "undo" in records.kinds \
            or not all(map(operator.le, records.turns, records.turns[1:])):
        return None
    pieces = records.map_pieces()  # (as the reader found them: no search of the text)
    found = read_pieces(pieces) if pieces is not None else map_records(text)
    if found is None:
        return None
    kept, taken_back = _kept(found)
    try:
        return _story_at_once(kept, taken_back)
    except ValueError:
        return None


def _story_at_once(kept: _Kept, taken_back: set[int]) -> MapStory:
    """The story with the map built once from the changes of all the records (from the
    last whole map on), the room the party is in followed record by record; ValueError if
    some record's map cannot be read (then each is read on its own)."""
    dungeon = Dungeon()
    changes: list[Mapping[str, Any]] = []
    known = KnownRooms()  # each room's data as the records last gave it, by id, and its text
    now: str | None = None
    route: list[str] = []
    turns: list[int] = []
    here: list[str | None] = []
    steps: list[int] = []
    for step, record, turn in kept:
        whole, changed = record.get(WHOLE_MAP_KEY), record.get(MAP_CHANGES_KEY)
        if isinstance(whole, RawMap):  # (the quick reading: its bytes, not yet read)
            made = whole.as_changes(known)
            if made is not None:  # the changes' map with the changes of its own entry
                whole, changed = None, made
            else:
                whole = whole.read()
        if isinstance(whole, Mapping):
            now = whole.get("here")
            listed = whole.get("rooms", [])
            if isinstance(listed, list) and list(known.rooms.values()) == listed:
                # the map as the changes built it (what solo writes now and then): only
                # where the party is, the way out and the room before are new
                changes.append({key: whole.get(key) for key in ("here", "out", "from")})
            else:
                change.apply_all(dungeon, changes)  # (checked: it may not be read)
                dungeon, changes = Dungeon(), [whole]
                known = known.again(listed)
        elif isinstance(changed, Mapping):
            changes.append(changed)
            now = changed.get("here", now)
            known.note(changed.get("rooms"))
        if now is not None and step not in taken_back and (not route or route[-1] != now):
            route.append(now)  # (a name on no map, or no name, raises below)
        turns.append(turn)
        here.append(now)
        steps.append(step)
    dungeon = change.apply_all(dungeon, changes)
    return MapStory(dungeon, tuple(route), tuple(turns), tuple(here), tuple(steps))


def _story_by_record(kept: _Kept, taken_back: set[int]) -> MapStory:
    """The story with each record's map changes applied on their own, at the cost of what
    each changes: one that cannot be leaves the map as it stood (and the room the party
    was in) and is passed over."""
    built = change.MapBuilder()
    route: list[str] = []
    turns: list[int] = []
    here: list[str | None] = []
    steps: list[int] = []
    for step, record, turn in kept:
        try:
            if isinstance(record.get(WHOLE_MAP_KEY), Mapping):
                whole = change.MapBuilder()
                whole.apply(record[WHOLE_MAP_KEY])
                built = whole
            elif isinstance(record.get(MAP_CHANGES_KEY), Mapping):
                built.apply(record[MAP_CHANGES_KEY])
        except ValueError:
            continue  # a record edited beyond reading: the map as it stood
        if built.here is not None and step not in taken_back and (
                not route or route[-1] != built.here):
            route.append(built.here)
        turns.append(turn)
        here.append(built.here)
        steps.append(step)
    return MapStory(built.dungeon(), tuple(route), tuple(turns), tuple(here), tuple(steps))


def map_story(crawl: Crawl) -> MapStory:
    """The map story of a crawl read for a report (its text as the reader kept it), read
    once per crawl however many parts of the report ask."""
    kept = _STORIES.get(id(crawl))
    if kept is None or kept[0]() is not crawl:
        _STORIES.clear()  # one report at a time: keep only the latest crawl's
        kept = _STORIES[id(crawl)] = (ref(crawl), _read_story(crawl))
    return kept[1]


_STORIES: dict[int, tuple[ref[Crawl], MapStory]] = {}  # (the crawl not kept alive by it: a
# report's reading is gone, by reference counts, once the report is made)


def _read_story(crawl: Crawl) -> MapStory:
    text = crawl.text or (crawl.records.text if crawl.records is not None else "")
    if not text:
        text = crawl.path.read_text(encoding="utf-8", errors="replace")
    # every record after the first room names the map, the last one too: a crawl whose
    # last record does not never kept one (a look at the end, not a search of it all),
    # unless records were copied or moved (then the last in the file may be an early one)
    whole_search = bool(crawl.duplicates or crawl.out_of_place)
    if isinstance(text, bytes):
        tail = text if whole_search else text[text.rfind(PREFIX.rstrip().encode()):]
        if _MAP_KEY.encode() not in tail:
            return MapStory()
        quick = _quick_story(crawl, text)
        if quick is not None:
            return quick
        found = crawl.records.holding(_MAP_KEY.encode()) if crawl.records is not None \
            else None
        if found is not None:  # (the records' own reading: only the part before the events)
            return _story(found)
        text = text.decode("utf-8", errors="replace")
    elif _MAP_KEY not in (text if whole_search else text[text.rfind(PREFIX.rstrip()):]):
        return MapStory()
    return read_map(text)


def room_figures(crawl: Crawl, story: MapStory) -> dict[str, Any]:
    """The rooms' figures (``solo stats --json``): how many the party found, cleared and
    looted, its route, and where each encounter happened."""
    rooms = story.dungeon.rooms
    return {
        "rooms": len(rooms),
        "cleared": sum("cleared" in room.status for room in rooms),
        "looted": sum("looted" in room.status for room in rooms),
        "route": list(story.route),
        "encounter_rooms": [story.room_of(encounter) for encounter in crawl.encounters],
    }


def rooms_text(crawl: Crawl, story: MapStory) -> str:
    """The rooms in one line for the summary: found, cleared, looted, and the route."""
    figures = room_figures(crawl, story)
    text = f"{figures['rooms']} found, {figures['cleared']} cleared, {figures['looted']} looted"
    route = figures["route"]
    if len(route) > 1:
        shown = route if len(route) <= 12 else [*route[:6], "…", *route[-5:]]
        text += f"; route {' → '.join(shown)} ({len(route) - 1} moves)"
    return text
