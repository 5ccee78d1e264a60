"""The dungeon as the reports tell it: the map at the end of the crawl, the route the party
took and the room it was in at each turn, read from the records that keep the map (their
``"map"``, ``"dungeon"`` and ``"rooms"`` keys, :data:`solo.journal.record_schema.MAP_FIELDS`),
never from the rendered ``[R:…]`` tags.

The records that name the map count each step once (the first), in step order; an entry
that an undo took back does not count towards the route. The map at the end is the one
resume reads (:func:`solo.journal.map_records.map_from`: the last whole map that reads,
and every change after it that applies), so the reports and play always agree on the
rooms.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from itertools import groupby
from typing import Any
from weakref import ref

import msgspec

from solo.engine.key_rooms import KEY
from solo.engine.key_views import drawn
from solo.engine.rooms import Dungeon
from solo.journal.map_records import map_from
from solo.journal.record_types import BAD_DATA, Record, RoomChanged
from solo.journal.undo_chain import stands_for
from solo.report.model import Crawl, Encounter
from solo.report.records import Records
from solo.rules.key_shelf import read_key

__all__ = ["MapStory", "map_story", "tell", "room_figures", "rooms_text", "OUT"]
OUT = "out"  # in a route, where the party left the dungeon and came back in (an expedition)


@dataclass(frozen=True)
class MapStory:
    """The map at the end, the route (each room the party went into, in order: a room
    comes back when the party does) and where the party was after each record that changes
    the map (the only records that move it): that record's step and turn, and the room."""

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


class _Frame(msgspec.Struct, gc=False):
    """Where a map puts the party (a whole map's rooms passed over, not decoded)."""

    here: str | None | msgspec.UnsetType = msgspec.UNSET


_FRAME = msgspec.json.Decoder(_Frame)


def tell(records: Records) -> MapStory:
    """The map story of ``records``: the map as :func:`~solo.journal.map_records.map_from`
    reads it (as resume does), and where the party was after each record that changes the
    map (:func:`_here`; where it was before when the record's map does not read). While an
    entry that names the map stands from such a record to the next (not one an undo took
    back, nor an undo standing for one: :func:`_gone`), the route takes the rooms its
    events show entered, ending where its map puts the party (else that room alone); an
    expedition's ``return`` puts :data:`OUT` before the room it goes back in by."""
    places = [record for record in records.kept if record.dungeon or record.rooms]
    read = map_from(places)
    unreadable = set(read.unreadable)
    gone = _gone(records)
    standing = [record.step for record in records.kept if record.step not in gone and (
        record.map is not None or record.dungeon or record.rooms)] if gone else None
    now: str | None = None
    route: list[str] = []
    here: list[str | None] = []
    steps = [record.step for record in places]
    for number, record in enumerate(places):
        if record.step not in unreadable:
            now = _here(record, now)
        here.append(now)
        until = steps[number + 1] if number + 1 < len(steps) else None
        if now is not None and (standing is None or _stands(standing, record.step, until)):
            walked = [event.room for event in record.ev if isinstance(event, RoomChanged)
                      and event.how in ("new", "back") and record.step not in gone]
            route += walked if walked[-1:] == [now] else [OUT, now] if record.step not in gone \
                and record.cmd.strip().lower() == "return" else [now]
    return MapStory(read.dungeon, tuple(room for room, _ in groupby(route)),
                    tuple(record.turn or 0 for record in places), tuple(here), tuple(steps))


def _here(record: Record, before: str | None) -> str | None:
    """Where the map of ``record`` puts the party: a whole map where it says (nowhere when
    it names no room), changes where they say (``before`` when they do not say);
    ``before`` when the map does not read."""
    try:
        here = _FRAME.decode(record.dungeon or record.rooms).here
    except BAD_DATA:
        return before
    return (None if record.dungeon else before) if here is msgspec.UNSET else here


def _gone(records: Records) -> set[int]:
    """The steps of the entries an undo took back, and of the undos standing for one."""
    kept = records.kept
    gone = {kept[index].step for index in records.retracted}
    by_step = {record.step: record for record in kept} if gone else {}
    return gone | {step for step, record in by_step.items()
                   if record.kind == "undo" and stands_for(step, by_step) in gone}


def _stands(standing: list[int], step: int, until: int | None) -> bool:
    """Whether a step of ``standing`` is ``step`` or later, before ``until`` (None: none)."""
    first = bisect_left(standing, step)
    return first < len(standing) and (until is None or standing[first] < until)


def map_story(crawl: Crawl) -> MapStory:
    """The map story of a crawl read for a report (its text as the reader kept it), read
    once per crawl however many parts of the report ask."""
    kept = _STORIES.get(id(crawl))
    if kept is None or kept[0]() is not crawl:
        _STORIES.clear()  # one report at a time: keep only the latest crawl's
        records = crawl.records
        kept = _STORIES[id(crawl)] = (ref(crawl), MapStory() if records is None
                                      else _drawn(crawl, records, tell(records)))
    return kept[1]


def _drawn(crawl: Crawl, records: Records, story: MapStory) -> MapStory:
    """The story with its map as drawn: the exits a keyed dungeon's key says lead out are
    no unexplored exits (:func:`solo.engine.key_views.drawn`)."""
    try:  # (no key, or one edited past reading: the map as recorded)
        name = records.state(len(records.kept) - 1)["values"][KEY]
        return replace(story, dungeon=drawn(read_key(name, crawl.path.parent), story.dungeon))
    except Exception:  # noqa: BLE001
        return story


_STORIES: dict[int, tuple[ref[Crawl], MapStory]] = {}  # (never keeping its crawl alive)


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
    route, moves = figures["route"], len(figures["route"]) - 1 - 2 * figures["route"].count(OUT)
    if len(route) > 1:  # (leaving and coming back in are no moves between rooms)
        shown = route if len(route) <= 12 else [*route[:6], "…", *route[-5:]]
        text += f"; route {' → '.join(shown)} ({moves} move{'s' if moves != 1 else ''})"
    return text
