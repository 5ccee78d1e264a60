"""The dungeon as the reports tell it: the map at the end of the crawl, the route the party
took and the room it was in at each turn, read from the records that keep the map (their
``"map"``, ``"dungeon"`` and ``"rooms"`` keys, :data:`solo.journal.record_schema.MAP_FIELDS`),
never from the rendered ``[R:…]`` tags.

The records that name the map count each step once (the first), in step order; an entry
that an undo took back does not count towards the route. The map is built once from the
changes since the last whole map that the changes do not explain; a record whose map
cannot be read is passed over, the map standing as it was.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from weakref import ref

from solo.engine import room_changes as change
from solo.engine.rooms import Dungeon
from solo.journal.record_types import Record
from solo.report.model import Crawl, Encounter

__all__ = ["MapStory", "map_story", "map_data", "room_figures", "rooms_text"]


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


def map_data(records: Iterable[Record]) -> list[dict[str, Any]]:
    """What each record that names the map keeps of it, in the given order, as data: its
    step, turn and undo, its whole map and its changes (None where it has none; ``...``
    where one does not read)."""
    return [{"step": record.step, "turn": record.at_turn, "undid": record.undid,
             WHOLE: record.whole_map(), CHANGES: record.map_changes()}
            for record in records
            if record.map is not None or record.dungeon or record.rooms]


WHOLE, CHANGES = "dungeon", "rooms"  # (solo.journal.record_schema.MAP_FIELDS)
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
        step, turn, undid = record["step"], record["turn"], record["undid"]
        if step in records:
            continue
        records[step] = (record, turn)
        if undid is not None:
            taken_back.add(undid)
    return [(step, *records[step]) for step in sorted(records)], taken_back


def _story_at_once(kept: _Kept, taken_back: set[int]) -> MapStory:
    """The story with the map built once from the changes of all the records (from the
    last whole map on), the room the party is in followed record by record; ValueError if
    some record's map cannot be read (then each is read on its own)."""
    dungeon = Dungeon()
    changes: list[Mapping[str, Any]] = []
    known: dict[Any, Any] = {}  # each room's data as the records last gave it, by id
    now: str | None = None
    route: list[str] = []
    turns: list[int] = []
    here: list[str | None] = []
    steps: list[int] = []
    for step, record, turn in kept:
        whole, changed = record[WHOLE], record[CHANGES]
        if isinstance(whole, Mapping):
            now = whole.get("here")
            listed = whole.get("rooms", [])
            if isinstance(listed, list) and list(known.values()) == listed:
                # the map as the changes built it (what solo writes now and then): only
                # where the party is, the way out and the room before are new
                changes.append({key: whole.get(key) for key in ("here", "out", "from")})
            else:
                change.apply_all(dungeon, changes)  # (checked: it may not be read)
                dungeon, changes = Dungeon(), [whole]
                known = {}
                _note(known, listed)
        elif isinstance(changed, Mapping):
            changes.append(changed)
            now = changed.get("here", now)
            _note(known, changed.get("rooms"))
        if now is not None and step not in taken_back and (not route or route[-1] != now):
            route.append(now)  # (a name on no map, or no name, raises below)
        turns.append(turn)
        here.append(now)
        steps.append(step)
    dungeon = change.apply_all(dungeon, changes)
    return MapStory(dungeon, tuple(route), tuple(turns), tuple(here), tuple(steps))


def _note(known: dict[Any, Any], listed: Any) -> None:
    """Note the data of each room a record lists (what cannot be a room is left for
    :func:`~solo.engine.room_changes.apply_all` to refuse)."""
    if isinstance(listed, list):
        for item in listed:
            if isinstance(item, Mapping):
                known[item.get("id")] = item


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
            if isinstance(record[WHOLE], Mapping):
                whole = change.MapBuilder()
                whole.apply(record[WHOLE])
                built = whole
            elif isinstance(record[CHANGES], Mapping):
                built.apply(record[CHANGES])
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
    if crawl.records is None:
        return MapStory()
    return _story(map_data(crawl.records.in_file))


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
