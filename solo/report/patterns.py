"""The patterns that read what the figures count straight from a record's text, without
parsing its JSON (solo writes an event's fields in a fixed order), in ``str`` and in
``bytes``, and :func:`read_counted`, which turns their matches into events and moves.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["EVENT", "EVENT_BYTES", "EXTRA", "EXTRA_BYTES", "LAST_ENCOUNTER",
           "LAST_ENCOUNTER_BYTES", "read_counted", "unquote"]

EXTRA = re.compile(r'"(\w+)":(-?\d+),')
EXTRA_BYTES = re.compile(EXTRA.pattern.encode())
# A JSON string's text, as runs of plain characters between escapes (far faster to scan
# than one alternative a character).
_S = r'"([^"\\]*(?:\\.[^"\\]*)*)"'
_S_ = r'"[^"\\]*(?:\\.[^"\\]*)*"'  # the same, not captured
EVENT = re.compile(  # one literal start shared by all, so the search skips ahead fast
    rf'"t":"(?:(Encountered)","table":{_S},"text":{_S},"status":(?!"struck"){_S}'
    rf'|(LightChanged)","kind":{_S},"label":{_S},"before":{_S},"after":{_S}'
    rf'|(Answered)","question":{_S},"style":{_S},"odds":{_S},"summary":{_S},"text":{_S}'
    r'|(Struck)"'
    rf'|(TrackerChanged)","tracker":{_S},"label":{_S},"before":-?\d+,"after":(-?\d+)'
    # a layout the patterns do not know (an encounter with a struck-off entry counts for
    # nothing and is passed over)
    rf'|(Encountered(?!","table":{_S_},"text":{_S_},"status":"struck")'
    r'|LightChanged|Answered)")')
EVENT_BYTES = re.compile(EVENT.pattern.encode())
LAST_ENCOUNTER = re.compile(rf'"last_encounter":\[{_S},(\d+)\]')
LAST_ENCOUNTER_BYTES = re.compile(LAST_ENCOUNTER.pattern.encode())


def unquote(text: str | bytes) -> str:
    """A JSON string's text as the patterns caught it (between its quotes), escapes read."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    return json.loads(f'"{text}"') if "\\" in text else text


def read_counted(found: Iterable[Sequence[Any]]
                 ) -> tuple[list[dict[str, Any]], list[tuple[Any, int]], bool]:
    """The counted events and tracker moves in one record's matches of :data:`EVENT`
    (groups as ``findall`` or ``Match.groups`` give them), and whether some event's layout
    was not one the patterns know."""
    events: list[dict[str, Any]] = []
    moves: list[tuple[Any, int]] = []
    unknown = False
    for groups in found:
        if groups[16]:
            moves.append((unquote(groups[17]), int(groups[19])))
        elif groups[0]:
            events.append({"t": "Encountered", "text": unquote(groups[2]),
                           "status": unquote(groups[3])})
        elif groups[4]:
            events.append({"t": "LightChanged", "label": unquote(groups[6]),
                           "before": unquote(groups[7]), "after": unquote(groups[8])})
        elif groups[9]:
            events.append({"t": "Answered", "question": unquote(groups[10]),
                           "odds": unquote(groups[12]), "text": unquote(groups[14])})
        elif groups[15]:
            events.append({"t": "Struck"})
        else:
            unknown = True
    return events, moves, unknown
