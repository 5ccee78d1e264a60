"""Render engine events as short Lonelog lines, for the journal and the screen alike.

``@`` action, ``?`` question, ``d:`` roll, ``->`` result, ``=>`` consequence,
``tbl:`` table, ``[Track:…]``/``[Clock:…]`` for trackers and ``[Inv:…]`` for light.
"""

from __future__ import annotations

from collections.abc import Iterable

from solo.events import (
    Acted,
    Answered,
    Checked,
    Encountered,
    Event,
    LightChanged,
    Rolled,
    Said,
    Struck,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)

__all__ = ["render_event", "render_events", "clock_text", "turn_heading"]


def clock_text(turn: int, minutes: int | None) -> str:
    """In-game time elapsed after ``turn`` turns, as H:MM (empty if turns have no length)."""
    if not minutes:
        return ""
    total = turn * minutes
    return f"{total // 60}:{total % 60:02d}"


def turn_heading(unit: str, first: int, last: int, minutes: int | None) -> str:
    label = unit.capitalize()
    span = f"{label} {first}" if first == last else f"{label}s {first}–{last}"
    elapsed = clock_text(last, minutes)
    return f"## {span}" + (f" · {elapsed}" if elapsed else "")


def _total(roll, plus: int) -> str:
    text = str(roll)
    if plus:
        text += f" {'+' if plus > 0 else '-'}{abs(plus)} = {roll.total + plus}"
    return text


def render_event(event: Event) -> str | None:
    if isinstance(event, Acted):
        return f"@ {event.command}"
    if isinstance(event, TurnPassed):
        return None
    if isinstance(event, Checked):
        return (f"d: {event.label}: {_total(event.roll, event.plus)} -> "
                f"{'yes' if event.success else 'no'}")
    if isinstance(event, Rolled):
        return f"d: {event.label}: {_total(event.roll, event.plus)}"
    if isinstance(event, TableRolled):
        line = f"tbl: {event.title}: {_total(event.roll, event.plus)} -> {event.text}"
        if event.inline:
            line += " (" + ", ".join(str(roll) for roll in event.inline) + ")"
        return line
    if isinstance(event, TrackerChanged):
        of = f"/{event.maximum}" if event.maximum is not None else ""
        delta = event.after - event.before
        change = f"{delta:+d}" if delta else "no change"
        return f"=> [{event.notation}:{event.label} {event.after}{of}] {change}: {event.reason}"
    if isinstance(event, LightChanged):
        return f"=> [Inv:{event.label} {event.after}] {event.reason}"
    if isinstance(event, Encountered):
        return {
            "met": f"=> Encounter: {event.text}",
            "foreshadowed": f"=> Encounter, as the signs foretold: {event.text}",
            "sign": f"=> A sign of something nearby: {event.text}",
            "struck": f"=> No encounter: {event.text} was struck off",
            "struck-sign": f"=> No sign: {event.text} was struck off, so nothing is foretold",
        }[event.status]
    if isinstance(event, Said):
        return f"=> {event.text}"
    if isinstance(event, Struck):
        return f"=> Struck off {event.table}: {event.text}"
    if isinstance(event, Answered):
        return f"? {event.question} ({event.odds}, {event.style})\nd: {event.summary}"
    raise TypeError(f"cannot render {event!r}")  # pragma: no cover


def render_events(events: Iterable[Event]) -> list[str]:
    lines: list[str] = []
    for event in events:
        text = render_event(event)
        if text is not None:
            lines.extend(text.split("\n"))
    return lines
