"""Where the crawl stands, at the opening of a sitting: the recap on the screen (and the
``recap`` command, and ``solo status JOURNAL --json``), and the snapshot in Lonelog tags
that opens each ``## Session`` after the first.

Pure but for :func:`last_words`, which reads the player's own last words from the tail of
the journal (the one thing no record holds).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from solo.engine import core as engine
from solo.engine.key_views import explored_text, key_notice
from solo.engine.room_changes import room_event
from solo.engine.state import State
from solo.engine.world_state import exits_out
from solo.errors import JournalError
from solo.journal.front_matter import prose_lines
from solo.journal.notation import (
    clock_text,
    counter_tag,
    dungeon_status_block,
    mechanics_block,
    member_tag,
    tag,
)
from solo.journal.store import read_meta, read_tail
from solo.journal.undo_chain import taken_back
from solo.play.prompt_text import where
from solo.play.resume import journal_world, resume
from solo.rules.world import World
from solo.terminal import printable

__all__ = ["snapshot_tags", "snapshot_block", "recap_data", "recap_lines", "last_words",
           "since_text", "journal_recap"]


def snapshot_tags(world: World, state: State) -> list[str]:
    """The crawl's state as Lonelog tags: each member (``[PC:…]``), what burns
    (``[Inv:Torch|lit] [Timer:Torch 5]``), each counted supply (``[Inv:Torches|2]``) and
    each shown tracker (``[Clock:Alarm 3/10]``)."""
    procedure = world.procedure
    lines = [member_tag(member.name, member.hp, member.max_hp,
                        procedure.party.marks(member.conditions, member.own))
             for member in state.party]
    for light in state.lights:
        label = procedure.lights[light.kind].label if light.kind in procedure.lights \
            else light.kind
        lit = tag("Inv", label, "dimmed" if light.dimmed else "lit")
        lines.append(lit + ("" if light.remaining is None
                            else " " + counter_tag("Timer", label, light.remaining, None)))
    for name, count in state.supplies.items():
        supply = procedure.supplies.get(name)
        lines.append(tag("Inv", supply.label if supply else name, count))
    for name, tracker in procedure.trackers.items():
        value = state.values.get(name)
        if not tracker.hidden(state.values) and isinstance(value, int):
            lines.append(counter_tag(tracker.notation, tracker.label, value, tracker.maximum))
    return lines


def snapshot_block(world: World, state: State) -> str:
    """What opens a ``## Session`` after the first: the snapshot's tags in a fence, then
    the ``[DUNGEON STATUS]`` block when the party knows rooms ('' when there is nothing)."""
    parts = []
    tags = snapshot_tags(world, state)
    if tags:
        parts.append(mechanics_block(tags))
    if state.dungeon.rooms:
        parts.append(dungeon_status_block(room_event(room, "changed", exits_out(
            world, state.values, room)) for room in state.dungeon.rooms))
    return "\n\n".join(parts)


def last_words(path: Path) -> str:
    """The last line of the player's own words near the end of the journal ('' if none):
    of the text before the record of the last narration entry still standing that has any
    (:func:`~solo.journal.front_matter.prose_lines`)."""
    try:
        tail = read_tail(path, least=64 * 1024, further=False)
    except JournalError:
        return ""
    spans = [span for span in tail.spans if span.record is not None]
    gone = taken_back(span.record for span in spans if span.record is not None)
    for index in range(len(spans) - 1, -1, -1):
        record = spans[index].record
        if record is None or record.kind != "narration" or record.step in gone:
            continue
        lines = prose_lines(tail.text[spans[index - 1].end if index else 0:spans[index].start])
        if lines:  # (as the reports read it: comments, solo's opening of a sitting left out)
            return lines[-1]
    return ""


def since_text(seconds: float) -> str:
    """How long ago, in words: ``just now``, ``3 hours ago``, ``2 days ago``."""
    for size, unit in ((86400 * 7, "week"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'s' if count != 1 else ''} ago"
    return "just now"


def recap_data(world: World, meta: Mapping[str, Any], state: State, *, session: int,
               scene: int, words: str, since: float | None) -> dict[str, Any]:
    """The recap as JSON-ready data (``solo status JOURNAL --json``)."""
    procedure = world.procedure
    dungeon = state.dungeon
    room = dungeon.current
    way = engine.way_out(world, state.values, dungeon)
    trackers = {}
    for name, tracker in procedure.trackers.items():
        if not tracker.hidden(state.values) and isinstance(state.values.get(name), int):
            trackers[name] = {"label": tracker.label, "value": state.values[name],
                              "max": tracker.maximum,
                              "level": engine.level_of(world, state, name) or None}
    return {
        "title": str(meta.get("title", "")), "system": procedure.id,
        "procedure": procedure.name, "session": session,
        "last_played_seconds_ago": None if since is None else round(since),
        "scene": scene, "turn": state.turn, "unit": procedure.clock_unit,
        "elapsed": clock_text(state.turn, procedure.minutes) or None,
        "last_words": words,
        "room": None if room is None else {
            "id": room.id, "description": room.description, "status": list(room.status),
            "exits": list(room_event(room, "", exits_out(world, state.values, room)).exits),
            "rooms_to_exit": None if way is None else way.steps},
        "rooms_known": len(dungeon.rooms),
        "expedition": state.trip.number,
        "days_outside": state.trip.away,
        "explored": explored_text(world, state.values, dungeon),
        "key_notice": key_notice(world, state.values, dungeon),
        "party": [{"name": member.name, "hp": member.hp, "max_hp": member.max_hp,
                   "marks": list(procedure.party.marks(member.conditions, member.own))}
                  for member in state.party],
        "lights": [{"kind": light.kind, "turns_left": light.remaining,
                    "dimmed": light.dimmed} for light in state.lights],
        "supplies": dict(state.supplies),
        "trackers": trackers,
        "next": where(world, state),
        "tags": snapshot_tags(world, state),
    }


def recap_lines(data: Mapping[str, Any]) -> list[str]:
    """The recap, a few lines for the screen, from :func:`recap_data`."""
    since = data["last_played_seconds_ago"]
    played = data["session"]
    lines = [f"{data['title']} — {data['procedure']}: "
             + (f"{played} session{'s' if played != 1 else ''} played"
                + (f", the last {since_text(since)}" if since is not None else "")
                if played else "not played yet")]
    when = f"{data['unit'].capitalize()} {data['turn']}" + (
        f" · {data['elapsed']}" if data["elapsed"] else "")
    lines.append(f"Last scene: S{data['scene']} · {when}" + (
        f" — “{data['last_words']}”" if data["last_words"] else ""))
    room = data["room"]
    if room is not None:
        away = room["rooms_to_exit"]
        lines.append(f"Where: {room['id']}" + (f" · {room['description']}"
                                               if room["description"] else "")
                     + (f" · {', '.join(room['status'])}" if room["status"] else "")
                     + (f" · exits {', '.join(room['exits'])}" if room["exits"] else "")
                     + (f" · {away} room{'s' if away != 1 else ''} to the way out"
                        if away else ""))
    if data.get("days_outside") is not None:
        days = data["days_outside"]
        lines.append(f"Outside the dungeon: {days} day{'s' if days != 1 else ''} since "
                     f"expedition {data['expedition']} ended ('return' goes back in)")
    if data.get("explored"):
        lines.append(f"Explored: {data['explored']}")
    if data.get("key_notice"):
        lines.append(data["key_notice"])
    lines.extend(f"The books: {' '.join(data['tags'][index:index + 4])}"
                 for index in range(0, len(data["tags"]), 4))
    lines.append(f"Next: {data['next']}")
    return [printable(line) for line in lines]



def journal_recap(path: Path, now: float) -> dict[str, Any]:
    """The recap of the journal at ``path`` as it stands, read as resuming reads it (no
    lock, nothing written): ``solo status JOURNAL --json``."""
    meta = read_meta(path)
    world = journal_world(path, meta)
    resumed = resume(world, meta, path, read_tail(path))
    return recap_data(resumed.world or world, meta, resumed.state, session=resumed.session_number,
                      scene=resumed.scene, words=last_words(path),
                      since=max(0.0, now - path.stat().st_mtime))
