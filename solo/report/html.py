"""The play report as one self-contained HTML page: no requests, no scripts, nothing external.

The journal is rendered by markdown-it-py with raw HTML escaped (``html: False``)
and its link check on (no ``javascript:`` links). Images become their alt text,
so a journal can never make the page fetch anything; the Content-Security-Policy
says the same to the browser. Lonelog lines are set apart in tinted, monospaced
blocks; the danger tracker is drawn as an inline SVG with the encounters marked.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from typing import Any

from solo import __version__
from solo.report.lines import journal_lines
from solo.report.model import Crawl
from solo.report.party import party_html
from solo.report.summary import summary_rows

__all__ = ["render_html", "svg_chart"]

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
_LIST_OPEN_UP_TO = 25  # longer lists of encounters or questions start folded

CSS = """
:root { color-scheme: light dark; --ink: #2a2520; --paper: #fbf8f1; --muted: #6d6356;
  --rule: #e0d6c4; --mech-bg: #f1ece1; --mech-ink: #3b3630; --mech-edge: #c2ab82;
  --accent: #a3341c; --line: #6b4f23; --band: #d9c49c; }
@media (prefers-color-scheme: dark) {
  :root { --ink: #e8e1d5; --paper: #1c1a17; --muted: #a39886; --rule: #3b362f;
    --mech-bg: #26231f; --mech-ink: #d6cebf; --mech-edge: #7d6a4a; --accent: #ef7a5c;
    --line: #d8b878; --band: #6d5b3b; } }
html { background: var(--paper); color: var(--ink); }
body { margin: 0 auto; max-width: 42em; padding: 2.5rem 1.25rem 4rem;
  font-family: "Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia,
  "DejaVu Serif", serif; font-size: 1.125rem; line-height: 1.65;
  text-rendering: optimizeLegibility; }
h1 { font-size: 2.3em; line-height: 1.15; font-weight: normal; margin: 0 0 .15em; }
h2 { font-size: 1.3em; font-weight: normal; margin: 2.2em 0 .6em; padding-bottom: .2em;
  border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.05em; margin: 1.6em 0 .4em; }
a { color: var(--accent); }
.byline { margin: 0 0 2em; color: var(--muted); font-style: italic; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15em 1.2em;
  margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
details > summary { cursor: pointer; color: var(--muted); }
details > summary h3 { display: inline; }
ol.log { padding-left: 1.8em; }
ol.log li { margin: .2em 0; }
.when { color: var(--muted); font-size: .9em; white-space: nowrap; }
.outcome { font-style: italic; }
.sans, h2.turn, figcaption, .when { font-family: system-ui, -apple-system, "Segoe UI",
  "DejaVu Sans", sans-serif; }
figure.chart { margin: 1.2em 0 0; }
figure.chart svg { display: block; width: 100%; height: auto; }
figcaption { font-size: .8em; color: var(--muted); margin-top: .3em; }
svg .grid { stroke: var(--rule); stroke-width: 1; }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg text { fill: var(--muted); font: 11px system-ui, "DejaVu Sans", sans-serif; }
svg .line { fill: none; stroke: var(--line); stroke-width: 2; stroke-linejoin: round; }
svg .band { stroke: var(--band); }
svg .peak { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 2; }
svg .enc { fill: var(--accent); stroke: var(--paper); stroke-width: 1.5; }
.key-enc { color: var(--accent); }
.journal h3.turn { display: flex; align-items: center; gap: .8em; margin: 2.4em 0 .7em;
  padding: 0; border: 0; font-size: .72em; letter-spacing: .14em; text-transform: uppercase;
  color: var(--muted); }
.journal h3.turn::after { content: ""; flex: 1; border-top: 1px solid var(--rule); }
.mech { margin: .9em 0; padding: .55em .9em; background: var(--mech-bg);
  color: var(--mech-ink); border-left: 3px solid var(--mech-edge); border-radius: 0 4px 4px 0;
  font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: .78em; line-height: 1.55; overflow-wrap: anywhere; }
.mech .l { padding-left: 2em; text-indent: -2em; }
.mech .act { font-weight: bold; }
.mech .ask { font-style: italic; }
.mech.met { border-left-color: var(--accent); }
.mech.retracted { opacity: .55; text-decoration: line-through; }
.mech .note { color: var(--muted); }
.mech .trk { color: var(--line); font-weight: bold; }
.journal blockquote { margin-left: 0; padding-left: 1em; border-left: 3px solid var(--rule);
  color: var(--muted); }
.img-alt { color: var(--muted); font-style: italic; }
"""

@lru_cache(maxsize=1)
def markdown():
    """CommonMark with raw HTML escaped (never passed through) and links checked."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False})


@lru_cache(maxsize=1)
def _renderer():
    from markdown_it.renderer import RendererHTML

    from solo.journal.notation import line_kind

    renderer = RendererHTML()

    def fence(tokens, idx, options, env) -> str:
        token = tokens[idx]
        crawl: Crawl = env["crawl"]
        entry = crawl.entry_at(token.map[1]) if token.map else None
        classes = ["mech"]
        if entry is not None and entry.first_line <= token.map[0]:
            if entry.retracted:
                classes.append("retracted")
            # the counted events hold every encounter but those with a struck-off entry
            events = entry.events if crawl.records is None \
                else crawl.records.counted.get(entry.index, ())
            if any(event.get("t") == "Encountered" and event.get("status") != "struck"
                   for event in events):
                classes.append("met")
        lines = "".join(f'<div class="l {line_kind(line)}">{escape(line)}</div>'
                        for line in token.content.rstrip("\n").split("\n"))
        return f'<div class="{" ".join(classes)}">{lines}</div>\n'

    def heading_open(tokens, idx, options, env) -> str:
        token = tokens[idx]
        crawl: Crawl = env["crawl"]
        entry = crawl.entry_at(token.map[1]) if token.map else None
        if token.tag == "h3" and entry is not None and entry.kind == "command" \
                and entry.first_line <= token.map[0]:
            anchor = f"turn-{entry.turn}"
            if anchor not in env.setdefault("anchors", set()):
                env["anchors"].add(anchor)
                return f'<h3 class="turn" id="{anchor}">'
        return f"<{token.tag}>"

    def image(tokens, idx, options, env) -> str:  # never fetch: show the alt text instead
        token = tokens[idx]
        alt = renderer.renderInlineAsText(token.children or [], options, env)
        return f'<span class="img-alt">[{escape(alt or "image")}]</span>'

    renderer.rules.update({"fence": fence, "heading_open": heading_open, "image": image})
    return renderer


def _inline(text: str) -> str:
    """Journal text (Markdown) for the summary, rendered as safely as the journal itself."""
    md = markdown()
    return _renderer().render(md.parseInline(" ".join(text.split())), md.options,
                              {"crawl": None}).strip()


def _body(crawl: Crawl, env: dict[str, Any]) -> str:
    lines = journal_lines(crawl)
    title = next((index for index, line in enumerate(lines) if line.startswith("# ")), None)
    if title is not None:  # the title is already in the header
        lines[title] = ""
    md = markdown()
    env["crawl"] = crawl
    text = "\n".join(lines)
    return _renderer().render(md.parse(text, env), md.options, env)


def _facts(crawl: Crawl) -> str:
    rows = "".join(f"<dt>{escape(label)}</dt><dd>{escape(text)}</dd>"
                   for label, text in summary_rows(crawl))
    return f'<dl class="facts">{rows}</dl>'


def _logged(title: str, items: list[str]) -> str:
    if not items:
        return ""
    opened = " open" if len(items) <= _LIST_OPEN_UP_TO else ""
    entries = "".join(f"<li>{item}</li>" for item in items)
    return (f"<details{opened}><summary><h3>{escape(title)} "
            f"({len(items)})</h3></summary><ol class=\"log\">{entries}</ol></details>")


def _when(crawl: Crawl, turn: int, anchors: set[str]) -> str:
    text = escape(f"{crawl.unit.capitalize()} {turn}")
    if f"turn-{turn}" in anchors:
        text = f'<a href="#turn-{turn}">{text}</a>'
    return f'<span class="when">{text}</span>'


def _encounter_items(crawl: Crawl, anchors: set[str]) -> list[str]:
    items = []
    for encounter in crawl.encounters:
        parts = [_when(crawl, encounter.turn, anchors), " ", _inline(encounter.text)]
        if encounter.foretold:
            parts.append(" (as the signs foretold)")
        if encounter.defeated:
            parts.append(' — <span class="outcome">defeated (struck off)</span>')
        if encounter.note:
            parts.append(f" — <q>{_inline(encounter.note)}</q>")
        items.append("".join(parts))
    return items


def _question_items(crawl: Crawl, anchors: set[str]) -> list[str]:
    items = []
    for question in crawl.questions:
        odds = f" ({escape(question.odds)})" if question.odds else ""
        answer = f" → <strong>{escape(question.answer)}</strong>" if question.answer else ""
        items.append(f"{_when(crawl, question.turn, anchors)} {_inline(question.question)}"
                     f"{odds}{answer}")
    return items


def render_html(crawl: Crawl) -> str:
    env: dict[str, Any] = {}
    body = _body(crawl, env)
    anchors = env.get("anchors", set())
    meta = crawl.meta
    byline = [crawl.system_name]
    if isinstance(meta.get("seed"), int):
        byline.append(f"seed {meta['seed']}")
    if meta.get("created"):
        byline.append(f"begun {str(meta['created'])[:10]}")
    caption = _caption(crawl)
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="referrer" content="no-referrer">\n',
        f'<meta name="generator" content="solo {escape(__version__)}">\n',
        f"<title>{escape(crawl.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n",
        f"<header>\n<h1>{escape(crawl.title)}</h1>\n",
        f'<p class="byline">{escape(" · ".join(byline))}</p>\n</header>\n<main>\n',
        '<section class="summary">\n<h2>Summary</h2>\n', _facts(crawl), "\n",
        party_html(crawl),
        f'<figure class="chart">{svg_chart(crawl)}<figcaption>{caption}</figcaption></figure>\n',
        _logged("Encounters", _encounter_items(crawl, anchors)), "\n",
        _logged("Oracle questions", _question_items(crawl, anchors)), "\n</section>\n",
        '<section class="journal">\n<h2>Journal</h2>\n', body, "</section>\n</main>\n",
        "</body>\n</html>\n"])


def _caption(crawl: Crawl) -> str:
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


# -- the chart ----------------------------------------------------------------------------------
_WIDTH, _HEIGHT = 720, 240
_LEFT, _RIGHT, _TOP, _BOTTOM = 38, 26, 14, 34
_MAX_POINTS = 600  # beyond this many turns, draw each pixel column's range instead


def _step(span: float, most: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000):
        if span / step <= most:
            return step
    step = 10_000
    while span / step > most:
        step *= 10
    return step


def svg_chart(crawl: Crawl) -> str:
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
