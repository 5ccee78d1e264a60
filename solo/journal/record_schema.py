"""The hidden record's keys, in the order solo writes them, with what each means: the writer
(:func:`solo.journal.record.make_record`) builds records from them. The record's types, which
every reader decodes it into, are :mod:`solo.journal.record_types` (a test holds the two
to the same keys); its events' are the engine's own, :mod:`solo.engine.events`.

A record is one JSON object, read as JSON data whatever the order of its keys or the
spacing between them (a JSON tool may re-save it so)::

    {"v":2,"step":3,"kind":"command","cmd":"advance","draws":3,"session":1,"scene":2,
     "turn":2, …extras…, "ev":[…], "state":{…}}

Journals of format 1 wrote ``<!-- solo:state {…} -->``: the state alone, read as a record of
``v`` 1, kind ``legacy``, with its step, turn and command taken from that state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Field", "HEADER_FIELDS", "EXTRA_FIELDS", "MAP_FIELDS", "WHOLE_MAP_KEY",
           "MAP_CHANGES_KEY", "MAP_AT_KEY", "EVENTS_KEY", "STATE_KEY", "TOP_KEYS",
           "legacy_record", "LEGACY_KIND", "TYPE_KEY"]


@dataclass(frozen=True)
class Field:
    """One key of a record: its name, its JSON type (``int``, ``str`` or ``list``), its value
    when the record has none, and what it means. A default taken
    from another field names it in ``default_from``."""

    key: str
    type: type
    default: Any
    doc: str
    default_from: str | None = None


HEADER_FIELDS: tuple[Field, ...] = (
    Field("v", int, 2, "the record's format: 2 (a format-1 snapshot reads as 1)"),
    Field("step", int, None, "the entry's number: 0 for the start, one more each entry "
          "(required)"),
    Field("kind", str, "", "start, command, narration, setting or undo (legacy: format 1)"),
    Field("cmd", str, "", "the line as the player typed it (a narration's: 'narration')"),
    Field("draws", int, None, "commands played so far: the dice's seed goes on from it",
          default_from="step"),
    Field("session", int, 0, "the number of the sitting (## Session N) the entry is in"),
    Field("scene", int, None, "the number of the last scene heading (### S<n>)",
          default_from="turn"),
    Field("turn", int, None, "the turn after the entry (the state's turn when absent)"),
)
"""The header every record of format 2 has, in the order solo writes it."""

EXTRA_FIELDS: tuple[Field, ...] = (
    Field("live", int, None, "the entry whose state stands after this one (undo moves it "
          "back); written by every entry but a command", default_from="step"),
    Field("undid", int, None, "an undo's record: the step of the entry it took back"),
    Field("dice", str, None, "the dice mode in force (solo or physical) when it is not the "
          "front matter's"),
    Field("typed", list, (), "the dice the player typed at the table, as [sides, face]"),
    Field("key_rooms", dict, None, "the record that names a key (the start's, or "
          "set dungeon's): its room marks, short hashes of each room's parts, never its "
          "text (solo.rules.key_marks)"),
)
"""Keys written only where they mean something, after the header and before the events."""

MAP_FIELDS: tuple[Field, ...] = (
    Field("map", int, None, "the step of the last record that keeps the whole map (every "
          "record once the party knows a room)"),
    Field("dungeon", dict, None, "the whole map: every room, where the party is, the way out "
          "and the room before (at each sitting's first entry, after an undo that changed "
          "the map, and when the changes written since outweigh it)"),
    Field("rooms", dict, None, "what the entry changed of the map: the rooms added or "
          "changed, where the party is"),
)
"""The map's keys (solo.journal.map_records), after the extras and before the events."""
MAP_AT_KEY, WHOLE_MAP_KEY, MAP_CHANGES_KEY = (field.key for field in MAP_FIELDS)

EVENTS_KEY = "ev"  # the engine's events (a list), as solo.engine.events declares them
STATE_KEY = "state"  # the full state after the entry (an object: State.to_json)
TOP_KEYS: tuple[str, ...] = (*(field.key for field in HEADER_FIELDS),
                             *(field.key for field in EXTRA_FIELDS),
                             *(field.key for field in MAP_FIELDS), EVENTS_KEY, STATE_KEY)
"""Every key of a record, in the order solo writes them."""

LEGACY_KIND = "legacy"


def legacy_record(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """A format-1 snapshot (``<!-- solo:state {…} -->``) as a record: the state itself, with
    the command it kept in ``cmd``."""
    return {"v": 1, "step": snapshot.get("step"), "kind": LEGACY_KIND,
            "cmd": snapshot.get("cmd", ""), EVENTS_KEY: [], STATE_KEY: dict(snapshot)}


# -- the events ---------------------------------------------------------------------------

TYPE_KEY = "t"
"""The key of an event's type name, which solo writes first. An event's fields are its type's
(:mod:`solo.engine.events`), in the order declared there; a few newer than format 2's first
journals are left out while empty (``actor``, ``hidden``, a roll's ``drop``)."""
