"""The hidden record after each journal entry: what happened, as data, and the state after it.

Each entry ends with one HTML comment, which Markdown viewers hide::

    <!-- solo {"v":2,"step":3,"kind":"command","cmd":"advance",...,"ev":[...],"state":{...}} -->

``ev`` holds the engine's events (type name and fields), ``state`` the full state after
the entry. Every reader decodes records as :mod:`solo.journal.record_types` declares
them. The JSON never holds ``<`` or ``>`` (they are written as ``\\u003c``/``\\u003e``),
so a record can never end its comment early nor open another, whatever the player typed.

Journals of format 1 ended entries with ``<!-- solo:state {...} -->``: still read, as
records with a state and no events.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from solo.engine.events import Event
from solo.journal.record_schema import (
    EVENTS_KEY,
    HEADER_FIELDS,
    LEFT_OUT_WHEN_NONE,
    NOT_RECORDED,
    STATE_KEY,
)
from solo.rules.dice import Roll

__all__ = ["PREFIX", "SUFFIX", "LEGACY_PREFIX", "RECORD_VERSION", "record_comment",
           "event_data", "start_record", "make_record"]

PREFIX = "<!-- solo "
SUFFIX = " -->"
LEGACY_PREFIX = "<!-- solo:state "
RECORD_VERSION = 2
_ANGLES = str.maketrans({"<": "\\u003c", ">": "\\u003e"})
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode  # made once


_SCALARS = frozenset({str, int, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}  # field names by event type, looked up once


def _plain(value: Any) -> Any:
    """An event field as JSON data: rolls become their expression, dice and total."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Roll):
        data: dict[str, Any] = {"x": value.expression.text, "n": value.total,
                                "d": list(value.dice)}
        dropped = [index for index, kept in
                   enumerate(k for term in value.terms for k in term.kept) if not kept]
        if dropped:
            data["drop"] = dropped
        return data
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(kind)) \
            if dataclasses.is_dataclass(kind) else tuple(kind._fields)  # type: ignore[attr-defined]
    return names


def event_data(event: Event) -> dict[str, Any]:
    """``{"t": "Rolled", "label": …, "roll": {…}, "plus": 0}``: type name and every field."""
    kind = type(event)
    data: dict[str, Any] = {"t": kind.__name__}
    for name in _field_names(kind):
        value = getattr(event, name)
        if (value is None and name in LEFT_OUT_WHEN_NONE) or name in NOT_RECORDED:
            continue
        data[name] = _plain(value)
    return data


def record_comment(data: Mapping[str, Any]) -> str:
    """The record as one hidden line (no ``<``, ``>``, line break or ``--`` run can end it)."""
    body = _ENCODE(data).translate(_ANGLES)
    return PREFIX + body + SUFFIX


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
    record[EVENTS_KEY] = [event_data(event) for event in events]
    record[STATE_KEY] = dict(state)
    return record


def start_record(state: Mapping[str, Any]) -> dict[str, Any]:
    """The record a new journal begins with: the state before the first command."""
    return make_record(step=0, kind="start", command="start", draws=0, session=0, scene=0,
                       turn=0, events=(), state=state)
