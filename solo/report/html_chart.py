"""The html report's chart: the danger tracker per turn as an inline SVG, with the
encounters marked (one dot a turn, or one a stretch of turns on a long crawl), and its
caption.

A chart is as large as what it shows: as wide as its turns need (up to the page's width),
as tall as its values need; a crawl with no danger tracker draws a strip of encounter
dots. On a phone the chart shrinks to the column and its letters are set larger by as much,
so that they show at the body text's size: its margins leave them room, and it numbers
fewer turns and values rather than set them smaller; its lines keep their width. Each says
what it shows in its ``<title>`` and ``<desc>`` (and aria-label), for a screen reader.
:class:`Frame` (the plot's size and scales) is shared with the party's hit-point charts
(:mod:`solo.report.html_hp`), so that their turns line up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape

from solo.report.model import Crawl, Danger, Encounter

__all__ = ["svg_chart", "chart_caption", "Frame", "frame_for", "svg_open", "turn_axis",
           "value_lines", "value_step", "step", "PHONE_COLUMN", "PHONE_FONT", "KEEP_WIDTH"]

_PER_TURN, _NARROWEST, _WIDEST = 56, 220, 640  # the plot's width: a turn's, least and most
_MAX_POINTS = 600  # beyond this many turns, draw each pixel column's range instead
_STRIP = 26  # the plot's height when it shows encounters alone
PHONE_COLUMN = 343
"""The page's column on a 375 px phone (the html report's body keeps 1 rem each side)."""
PHONE_FONT = 17
"""The body text's size there (the report's 1.0625 rem): the least a chart's letters show at."""
_DIGIT = 0.62  # a digit's width, in letter sizes
SVG_NAMESPACE = "http://www.w3.org/2000/svg"  # (pandoc and image readers need it, inline too)
KEEP_WIDTH = ' vector-effect="non-scaling-stroke"'
"""A line's attribute: drawn as wide on a phone, where the chart shrinks, as at full size."""
_LINE = 1.5  # a number's line with room around it, in letter sizes


@dataclass(frozen=True)
class Frame:
    """A plot of ``turns`` turns (x) against values 0 to ``top`` (y): its size and margins
    in user units, and the size of its letters on a phone (where the chart is shrunk to
    the column, its letters are set larger by as much: the margins leave them room)."""

    turns: int
    top: int
    width: int
    height: int
    left: int
    font: int

    @property
    def right(self) -> int:
        return self.left + self.width

    @property
    def above(self) -> int:
        """The margin above the plot: room for half a line of the highest value's number."""
        return max(12, math.ceil(self.font / 2) + 2)

    @property
    def bottom(self) -> int:
        return self.above + self.height

    @property
    def size(self) -> tuple[int, int]:
        """The whole chart's width and height: the plot, the numbers around it."""
        return (self.right + max(12, round(_DIGIT * self.font * len(str(self.turns)) / 2) + 4),
                self.bottom + 10 + self.font)

    def x(self, turn: float) -> float:
        return round(self.left + min(turn, self.turns) / max(self.turns, 1) * self.width, 1)

    def y(self, value: float) -> float:
        return round(self.bottom - max(value, 0) / self.top * self.height, 1)


def frame_for(turns: int, top: int, height: int) -> Frame:
    """The frame of a chart of ``turns`` turns: as wide as they need, between the least
    and the most; its left margin as wide as its values' numbers (of two digits at least,
    so that charts of the same turns line up); its letters as large as it takes to show
    them at :data:`PHONE_FONT` once the whole chart is shrunk to :data:`PHONE_COLUMN`."""
    width = min(max(turns * _PER_TURN, _NARROWEST), _WIDEST)
    font = PHONE_FONT
    while True:  # (a larger font widens the margins, and so shrinks the chart: a few steps)
        left = round(10 + _DIGIT * font * max(len(str(top)), 2))
        frame = Frame(turns, max(top, 1), width, height, left, font)
        if font * min(PHONE_COLUMN / frame.size[0], 1) >= PHONE_FONT:
            return frame
        font += 1


def value_step(frame: Frame, most: int = 5) -> int:
    """The step between the numbered values: at most ``most`` parts, and never so many
    that two numbers would touch on a phone."""
    room = max(int(frame.height // (_LINE * frame.font)), 1)
    return step(frame.top, min(most, room))


def step(span: float, most: int) -> int:
    """The round step that cuts ``span`` into at most ``most`` parts."""
    for size in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        if span / size <= most:
            return size
    size = 10_000
    while span / size > most:
        size *= 10
    return size


def svg_open(frame: Frame, title: str, desc: str, height: float | None = None) -> str:
    """An SVG of the frame's size (or only ``height`` tall), with its title and
    description."""
    width, height = frame.size[0], frame.size[1] if height is None else height
    return (f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
            f'style="--phone-font: {frame.font}px" role="img" aria-label="{escape(title)}" '
            f'xmlns="{SVG_NAMESPACE}">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>")


def value_lines(frame: Frame, values: Iterable[int]) -> list[str]:
    """Grid lines at these values, numbered on the left."""
    return [f'<line class="grid" x1="{frame.left}" x2="{frame.right}" y1="{frame.y(value)}" '
            f'y2="{frame.y(value)}"{KEEP_WIDTH}/><text x="{frame.left - 6}" '
            f'y="{frame.y(value)}" text-anchor="end" dominant-baseline="central">{value}</text>'
            for value in values]


def turn_axis(frame: Frame) -> list[str]:
    """The turns' axis: its line, its ticks and their numbers (as many as fit on a phone;
    the first set off to the right of its tick, clear of the values' numbers)."""
    bottom, left, right = frame.bottom, frame.left, frame.right
    out = [f'<line class="axis" x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}"'
           f"{KEEP_WIDTH}/>"]
    label = frame.font * (_DIGIT * len(str(frame.turns)) + 1)  # a number and a space
    size = step(frame.turns, min(10, max(int(frame.width // label), 1)))
    for turn in range(0, frame.turns + 1, size):
        out.append(f'<line class="axis" x1="{frame.x(turn)}" x2="{frame.x(turn)}" '
                   f'y1="{bottom}" y2="{bottom + 4}"{KEEP_WIDTH}/>')
        shift = 0 if turn else round(_DIGIT * frame.font / 2, 1)  # (0 starts at its tick)
        out.append(f'<text x="{frame.x(turn) + shift}" y="{bottom + 6}" text-anchor="middle" '
                   f'dominant-baseline="hanging">{turn}</text>')
    return out


def chart_caption(crawl: Crawl) -> str:
    """What the chart shows, and its key (the encounters' dot, when there are any)."""
    unit, met = escape(crawl.unit), bool(crawl.encounters)
    key = '; <span class="key-enc">●</span> an encounter' if met else "; no encounter met"
    if crawl.danger is None:
        kept = escape(crawl.danger_hidden) if crawl.danger_hidden \
            else "this procedure keeps no danger tracker"
        return f"Encounters by {unit}: {kept}{key}."
    label = escape(crawl.danger.label)
    if crawl.turns > _MAX_POINTS:
        return (f"{label} over {crawl.turns} {unit}s: each stroke spans the lowest and highest "
                f"{label} of a stretch of {unit}s{key}{' (one dot a stretch)' if met else ''}.")
    danger = crawl.danger
    text = f"{label} at the end of each {unit}{key}"
    if any(high > end for end, high in zip(danger.per_turn, danger.turn_peaks, strict=True)):
        text += f"; a dashed rise shows a higher {label} reached within that {unit}"
    return text + "."


def _description(crawl: Crawl) -> str:
    """The chart in words."""
    danger, unit = crawl.danger, crawl.unit
    count = len(crawl.encounters)
    met = f"{count} encounter{'s' if count != 1 else ''}"
    turns = f"{crawl.turns} {unit}{'s' if crawl.turns != 1 else ''}"
    if danger is None:
        return f"{met} over {turns}."
    of = f" of {danger.maximum}" if danger.maximum is not None else ""
    return (f"{danger.label} over {turns}: {danger.start} at the start, highest {danger.peak}"
            f"{of}, {danger.end} at the end; {met}.")


def svg_chart(crawl: Crawl) -> str:
    """The danger at the end of each turn (or the encounters alone) as an inline SVG."""
    danger, turns, unit = crawl.danger, crawl.turns, crawl.unit
    label = danger.label if danger is not None else "Encounters"
    title = f"{label} per {unit}"
    if turns < 1 or danger is None:
        frame = frame_for(turns, 1, _STRIP)
        marks = _markers(crawl, lambda turn: frame.above + _STRIP / 2, frame)
        if turns < 1 or not marks:  # nothing to plot: the words alone, one line tall
            words, desc = (f"No {unit}s played yet", f"No {unit}s played yet.") \
                if turns < 1 else ("No encounters", _description(crawl))
            line = math.ceil(_LINE * frame.font)
            return (svg_open(frame, title, desc, line) + f'<text x="{frame.size[0] / 2}" '
                    f'y="{line / 2}" text-anchor="middle" dominant-baseline="central">'
                    f"{escape(words)}</text></svg>")
        return "".join([svg_open(frame, title, _description(crawl)), *turn_axis(frame),
                        *marks, "</svg>"])
    top = max(danger.maximum or 0, danger.peak, 1)
    frame = frame_for(turns, top, min(150, max(80, top * 15)))
    out = [svg_open(frame, title, _description(crawl)),
           *value_lines(frame, range(0, top + 1, value_step(frame))), *turn_axis(frame)]
    peaks = danger.turn_peaks
    if turns <= _MAX_POINTS:
        values = [danger.start, *danger.per_turn]
        points = " ".join(f"{frame.x(turn)},{frame.y(value)}" for turn, value in enumerate(values))
        for turn, (end, peak) in enumerate(zip(danger.per_turn, peaks, strict=True), 1):
            if peak > end:
                out.append(f'<line class="peak" x1="{frame.x(turn)}" x2="{frame.x(turn)}" '
                           f'y1="{frame.y(end)}" y2="{frame.y(peak)}"{KEEP_WIDTH}/>')
        out.append(f'<polyline class="line" points="{points}"{KEEP_WIDTH}/>')
        out.extend(_markers(crawl, lambda turn: frame.y(peaks[turn - 1]), frame))
    else:
        out.append(_band(danger, frame))
        out.extend(_markers(crawl, lambda turn: frame.y(peaks[turn - 1]), frame,
                            buckets=_MAX_POINTS))
    out.append("</svg>")
    return "".join(out)


def _band(danger: Danger, frame: Frame) -> str:
    """Many turns: one vertical stroke per column, from its lowest to its highest value."""
    columns, turns = _MAX_POINTS, frame.turns
    stroke = max(frame.width / columns, 1.0)
    per_turn, turn_peaks = danger.per_turn, danger.turn_peaks
    heights = [frame.y(value) for value in range(frame.top + 1)]  # (every value is within)
    path = []
    for column in range(columns):
        first = column * turns // columns
        last = max((column + 1) * turns // columns, first + 1)
        low, high = min(per_turn[first:last]), max(turn_peaks[first:last])
        nudge = 0.5 if low == high else 0
        bottom, top = (heights[low], heights[high]) if 0 <= low <= high <= frame.top \
            else (frame.y(low), frame.y(high))
        path.append(f"M{frame.x((first + last) / 2)} {bottom + nudge}V{top - nudge}")
    return (f'<path class="band" stroke-width="{stroke:.2f}" fill="none" '
            f'd="{"".join(path)}"/>')


def _markers(crawl: Crawl, height_of: Callable[[int], float], frame: Frame,
             buckets: int | None = None) -> list[str]:
    unit, turns, x = crawl.unit.capitalize(), frame.turns, frame.x
    marks: dict[int, list[Encounter]] = crawl.encounter_turns
    out = []
    if buckets is None:
        for turn, met in sorted(item for item in marks.items() if 1 <= item[0] <= turns):
            names = "; ".join(encounter.text for encounter in met)
            out.append(f'<circle class="enc" cx="{x(turn)}" cy="{height_of(turn)}" r="4">'
                       f"<title>{escape(f'{unit} {turn}: {names}')}</title></circle>")
        return out
    grouped: dict[int, list[int]] = {}
    for turn in marks:
        if 1 <= turn <= turns:
            grouped.setdefault((turn - 1) * buckets // turns, []).append(turn)
    for _, in_column in sorted(grouped.items()):
        count = sum(len(marks[turn]) for turn in in_column)
        highest = min(in_column, key=height_of)  # the smallest y is the highest point
        text = f"{unit}s {min(in_column)}–{max(in_column)}: {count} encounter" \
            + ("s" if count != 1 else "")
        out.append(f'<circle class="enc" cx="{x(highest)}" cy="{height_of(highest)}" r="3">'
                   f"<title>{escape(text)}</title></circle>")
    return out
