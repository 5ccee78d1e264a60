"""The hidden record after each journal entry: what happened, as data, and the state after it.

Each entry ends with one HTML comment, which Markdown viewers hide::

    <!-- solo {"v":2,"step":3,"kind":"command","cmd":"advance",...,"ev":[...],"state":{...}} -->

``ev`` holds the engine's events (:mod:`solo.engine.events`: each its type name under
``"t"`` and its fields, written by msgspec as that module declares them), ``state`` the full
state after the entry. Every reader decodes records as :mod:`solo.journal.record_types`
declares them, into the same types. The JSON never holds ``<`` or ``>`` (they are written
as ``\\u003c``/``\\u003e``), so a record can never end its comment early nor open another,
whatever the player typed.

Journals of format 1 ended entries with ``<!-- solo:state {...} -->``: still read, as
records with a state and no events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from solo.engine.events import Event
from solo.journal.record_schema import EVENTS_KEY, HEADER_FIELDS, STATE_KEY

__all__ = ["PREFIX", "SUFFIX", "LEGACY_PREFIX", "RECORD_VERSION", "record_comment",
           "start_record", "make_record"]

PREFIX = "<!-- solo "
SUFFIX = " -->"
LEGACY_PREFIX = "<!-- solo:state "
RECORD_VERSION = 2


_ENCODE = msgspec.json.Encoder().encode
"""The record as JSON: its keys in the order given, an event as its type declares it
(:mod:`solo.engine.events`), text as UTF-8, tight (no spaces)."""


def record_comment(data: Mapping[str, Any]) -> str:
    """The record as one hidden line (no ``<``, ``>``, line break or ``--`` run can end it)."""
    body = _ENCODE(data).replace(b"<", b"\\u003c").replace(b">", b"\\u003e")
    return PREFIX + body.decode() + SUFFIX


def make_record(*, step: int, kind: str, command: str, draws: int, session: int, scene: int,
                turn: int, events: Iterable[Event], state: Mapping[str, Any],
                extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A record in the order solo writes it (:mod:`solo.journal.record_schema`): the header
    fields, then ``extra`` (``undid``, ``live``…, or a new value of a header field), then
    the events, and the state last."""
    given = {"v": RECORD_VERSION, "step": step, "kind": kind, "cmd": command, "draws": draws,
             "session": session, "scene": scene, "turn": turn}
    record = {field.key: given[field.key] for field in HEADER_FIELDS}
    record.update(extra or {})
    record[EVENTS_KEY] = list(events)
    record[STATE_KEY] = dict(state)
    return record


def start_record(state: Mapping[str, Any]) -> dict[str, Any]:
    """The record a new journal begins with: the state before the first command."""
    return make_record(step=0, kind="start", command="start", draws=0, session=0, scene=0,
                       turn=0, events=(), state=state)
