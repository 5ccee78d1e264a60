"""The html report's chart: the danger tracker per turn as an inline SVG, with the
encounters marked (one dot a turn, or one a stretch of turns on a long crawl), and its
caption.
"""

from __future__ import annotations

from html import escape

from solo.report.model import Crawl

__all__ = ["svg_chart", "chart_caption"]

_WIDTH, _HEIGHT = 720, 240
_LEFT, _RIGHT, _TOP, _BOTTOM = 38, 26, 14, 34
_MAX_POINTS = 600  # beyond this many turns, draw each pixel column's range instead


def chart_caption(crawl: Crawl) -> str:
    """What the chart shows, and its key."""
    unit = escape(crawl.unit)
    key = '<span class="key-enc">●</span> an encounter'
    if crawl.danger is None:
        return f"Encounters by {unit} (this procedure keeps no danger tracker). {key}."
    label = escape(crawl.danger.label)
    if crawl.turns > _MAX_POINTS:
        return (f"{label} over {crawl.turns} {unit}s: each stroke spans the lowest and highest "
                f"{label} of a stretch of {unit}s; {key} (one dot a stretch).")
    danger = crawl.danger
    text = f"{label} at the end of each {unit}; {key}"
    if any(high > end for end, high in zip(danger.per_turn, danger.turn_peaks, strict=True)):
        text += f"; a dashed rise shows a higher {label} reached within that {unit}"
    return text + "."


def _step(span: float, most: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        if span / step <= most:
            return step
    step = 10_000
    while span / step > most:
        step *= 10
    return step


def svg_chart(crawl: Crawl) -> str:
    """The danger at the end of each turn (or the encounters alone) as an inline SVG."""
    danger, turns = crawl.danger, crawl.turns
    width, height = _WIDTH - _LEFT - _RIGHT, _HEIGHT - _TOP - _BOTTOM
    label = danger.label if danger is not None else "Encounters"
    out = [f'<svg viewBox="0 0 {_WIDTH} {_HEIGHT}" '
           f'role="img" aria-label="{escape(label)} per {escape(crawl.unit)}">',
           f"<title>{escape(label)} per {escape(crawl.unit)}</title>"]
    if turns < 1:
        out.append(f'<text x="{_WIDTH / 2}" y="{_HEIGHT / 2}" text-anchor="middle">'
                   f"No {escape(crawl.unit)}s played yet</text></svg>")
        return "".join(out)
    top_value = max(danger.maximum or 0, danger.peak, 1) if danger is not None else 1

    def x(turn: float) -> float:
        return round(_LEFT + turn / turns * width, 1)

    def y(value: float) -> float:
        return round(_TOP + height - max(value, 0) / top_value * height, 1)

    bottom = _TOP + height
    if danger is not None:
        step = _step(top_value, 5)
        for value in range(0, top_value + 1, step):
            out.append(f'<line class="grid" x1="{_LEFT}" x2="{_LEFT + width}" y1="{y(value)}" '
                       f'y2="{y(value)}"/><text x="{_LEFT - 6}" y="{y(value) + 4}" '
                       f'text-anchor="end">{value}</text>')
    out.append(f'<line class="axis" x1="{_LEFT}" x2="{_LEFT + width}" y1="{bottom}" '
               f'y2="{bottom}"/>')
    step = _step(turns, 10)
    for turn in range(0, turns + 1, step):
        out.append(f'<line class="axis" x1="{x(turn)}" x2="{x(turn)}" y1="{bottom}" '
                   f'y2="{bottom + 4}"/><text x="{x(turn)}" y="{bottom + 16}" '
                   f'text-anchor="middle">{turn}</text>')
    out.append(f'<text x="{_LEFT + width / 2}" y="{_HEIGHT - 3}" text-anchor="middle">'
               f"{escape(crawl.unit.capitalize())}</text>")
    marks = crawl.encounter_turns
    if danger is None:
        out.extend(_markers(crawl, marks, lambda turn: bottom - 8, x, turns))
    elif turns <= _MAX_POINTS:
        values = [danger.start, *danger.per_turn]
        points = " ".join(f"{x(turn)},{y(value)}" for turn, value in enumerate(values))
        for turn, (end, peak) in enumerate(zip(danger.per_turn, danger.turn_peaks, strict=True), 1):
            if peak > end:
                out.append(f'<line class="peak" x1="{x(turn)}" x2="{x(turn)}" '
                           f'y1="{y(end)}" y2="{y(peak)}"/>')
        out.append(f'<polyline class="line" points="{points}"/>')
        out.extend(_markers(crawl, marks, lambda turn: y(danger.turn_peaks[turn - 1]), x, turns))
    else:
        out.append(_band(danger, x, y, turns, width))
        out.extend(_markers(crawl, marks, lambda turn: y(danger.turn_peaks[turn - 1]), x, turns,
                            buckets=_MAX_POINTS))
    out.append("</svg>")
    return "".join(out)


def _band(danger, x, y, turns: int, width: float) -> str:
    """Many turns: one vertical stroke per column, from its lowest to its highest value."""
    columns = _MAX_POINTS
    stroke = max(width / columns, 1.0)
    path = []
    for column in range(columns):
        first = column * turns // columns
        last = max((column + 1) * turns // columns, first + 1)
        values = danger.per_turn[first:last]
        peaks = danger.turn_peaks[first:last]
        low, high = min(values), max(peaks)
        middle = x((first + last) / 2)
        top = y(high) - (0.5 if low == high else 0)
        path.append(f"M{middle} {y(low) + (0.5 if low == high else 0)}V{top}")
    return (f'<path class="band" stroke-width="{stroke:.2f}" fill="none" '
            f'd="{"".join(path)}"/>')


def _markers(crawl: Crawl, marks: dict, height_of, x, turns: int,
             buckets: int | None = None) -> list[str]:
    unit = crawl.unit.capitalize()
    out = []
    if buckets is None:
        for turn, met in sorted(marks.items()):
            if not 1 <= turn <= turns:
                continue
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
