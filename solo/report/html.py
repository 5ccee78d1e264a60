"""The play report as one self-contained HTML page: no requests, no scripts, nothing external.

The page is made from the records, as the md report is: the summary and the lists of
encounters and questions from the figures (:mod:`solo.report.summary`), the party
(:mod:`solo.report.party`), the charts (:mod:`solo.report.html_chart`, each member's hit
points by :mod:`solo.report.html_hp`), the map (:mod:`solo.report.map_svg`), and the
journal cut at its records (:mod:`solo.report.html_body`): solo's own headings and
notation drawn directly, the player's Markdown by markdown-it-py
(:mod:`solo.report.html_blocks`). Every piece of text is HTML-escaped: raw HTML and links
in the player's prose stay the text they are, and an image shows as its alt text, so a
journal can never make the page fetch anything (the Content-Security-Policy says the same
to the browser). Lonelog lines are set apart in tinted, monospaced blocks.

The page reads on a phone (nothing wider than the screen: long words break, tables wrap,
charts and the map shrink, the map scrolling where it would shrink past reading) and
follows the reader's light or dark theme, in colours (:mod:`solo.report.palette`) whose
contrast is checked. Its tables and SVGs validate: every header has its scope, every SVG
its namespace (pandoc and image readers take them out whole).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from html import escape
from itertools import repeat

from solo import __version__
from solo.journal.front_matter import uncommented
from solo.report.expeditions import expedition_lines
from solo.report.html_body import journal_html
from solo.report.html_chart import chart_caption, svg_chart
from solo.report.html_hp import hp_charts
from solo.report.html_inline import inline_html
from solo.report.map_story import map_story, rooms_text
from solo.report.map_svg import HERE_ID, svg_map
from solo.report.model import Crawl
from solo.report.palette import HTML_DARK, HTML_LIGHT
from solo.report.party import party_html, party_story
from solo.report.summary import summary_rows

__all__ = ["render_html", "svg_chart", "CSP"]

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
_LIST_OPEN_UP_TO = 25  # longer lists of encounters or questions start folded
_MAP_LABEL = "Map of the rooms (scrolls sideways where it is wider than the page)"

def _variables(theme: dict[str, str]) -> str:
    return " ".join(f"--{name}: {colour};" for name, colour in theme.items())


CSS = f"""
:root {{ color-scheme: light dark; {_variables(HTML_LIGHT)} }}
@media (prefers-color-scheme: dark) {{ :root {{ {_variables(HTML_DARK)} }} }}
""" + """
html { background: var(--paper); color: var(--ink); -webkit-text-size-adjust: 100%;
  text-size-adjust: 100%; }
body { margin: 0 auto; max-width: 42em; padding: 2.5rem 1.25rem 4rem;
  font-family: "Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia,
  "DejaVu Serif", serif; font-size: 1.125rem; line-height: 1.65;
  text-rendering: optimizeLegibility; overflow-wrap: break-word; }
h1 { font-size: 2.3em; line-height: 1.15; font-weight: normal; margin: 0 0 .15em; }
h2 { font-size: 1.3em; font-weight: normal; margin: 2.2em 0 .6em; padding-bottom: .2em;
  border-bottom: 1px solid var(--rule); }
h3 { font-size: 1.05em; margin: 1.6em 0 .4em; }
a { color: var(--accent); }
code { overflow-wrap: anywhere; }
pre { overflow-x: auto; }
.byline { margin: 0 0 2em; color: var(--muted); font-style: italic; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr);
  gap: .15em 1.2em; margin: 0; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; }
table { border-collapse: collapse; width: 100%; font-size: .9em; line-height: 1.5; }
th, td { text-align: left; vertical-align: top; padding: .3em .8em .3em 0;
  border-bottom: 1px solid var(--rule); overflow-wrap: anywhere; }
tbody th { min-width: 5.5em; }
thead th { overflow-wrap: break-word; }
thead th { color: var(--muted); font-weight: normal; }
details > summary { cursor: pointer; color: var(--muted); }
details > summary h3 { display: inline; color: var(--ink); }
ol.log { padding-left: 1.8em; }
ol.log li { margin: .2em 0; }
.when { color: var(--muted); font-size: .9em; white-space: nowrap; }
.outcome { font-style: italic; }
.sans, h2.turn, figcaption, .when, .who { font-family: system-ui, -apple-system, "Segoe UI",
  "DejaVu Sans", sans-serif; }
figure.chart { margin: 1.2em 0 1.4em; }
.map-scroll { margin: 1.2em 0 1.4em; overflow-x: auto; }
.map-scroll:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
figure.map { margin: 0; }
figure.map svg { display: block; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .8em; color: var(--muted); margin-top: .3em; }
.who { margin: .8em 0 0; font-size: .8em; font-weight: bold; }
svg .grid { stroke: var(--rule); stroke-width: 1; }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg text { fill: var(--muted); font: 12px system-ui, "DejaVu Sans", sans-serif; }
svg .line { fill: none; stroke: var(--line); stroke-width: 2; stroke-linejoin: round; }
svg .hp { fill: none; stroke: var(--hp); stroke-width: 2; stroke-linejoin: round; }
svg .band { stroke: var(--band); }
svg .peak { stroke: var(--line); stroke-width: 1; stroke-dasharray: 2 2; }
svg .enc, svg .down { fill: var(--accent); stroke: var(--paper); stroke-width: 1.5; }
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
.mech .action { font-weight: bold; }
.mech .question { font-style: italic; }
.mech .result { color: var(--line); }
.mech .note { color: var(--muted); }
.mech.met { border-left-color: var(--accent); }
.mech.retracted { text-decoration: line-through; }
.mech.retracted .l { color: var(--muted); }
.journal p.retracted { text-decoration: line-through; color: var(--muted); }
.journal blockquote { margin-left: 0; padding-left: 1em; border-left: 3px solid var(--rule);
  color: var(--muted); }
.img-alt { color: var(--muted); font-style: italic; }
@media (max-width: 30em) {
  body { font-size: 1.0625rem; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 1.9em; }
  .facts { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .facts dd { margin-bottom: .45em; }
  ol.log { padding-left: 1.4em; }
  th, td { padding-right: .5em; }
  svg text { font-size: var(--phone-font, 12px); }
  svg .enc, svg .down { r: calc(var(--phone-font, 16px) / 4); }
  .mech { padding: .5em .7em; }
  .mech .l { padding-left: 1.2em; text-indent: -1.2em; }
}
"""


def _inline(text: str) -> str:
    """Journal text for the summary, rendered as safely as the journal itself."""
    return inline_html(" ".join(text.split()))


Inline = Callable[[str], str]


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


def _when(crawl: Crawl, turn: int, anchored: set[int]) -> str:
    text = escape(f"{crawl.unit.capitalize()} {turn}")
    if turn in anchored:
        text = f'<a href="#turn-{turn}">{text}</a>'
    return f'<span class="when">{text}</span>'


def _encounter_items(crawl: Crawl, anchored: set[int], inline: Inline) -> list[str]:
    items = []
    rooms = map_story(crawl)
    for encounter in crawl.encounters:
        room = rooms.room_of(encounter)
        parts = [_when(crawl, encounter.turn, anchored),
                 f' <span class="where">in {escape(room)}</span>' if room else "", " ",
                 inline(encounter.text)]
        if encounter.foretold:
            parts.append(" (as the signs foretold)")
        if encounter.defeated:
            parts.append(' — <span class="outcome">defeated (struck off)</span>')
        if encounter.note:
            parts.append(f" — <q>{inline(encounter.note)}</q>")
        items.append("".join(parts))
    return items


def _question_items(crawl: Crawl, anchored: set[int], inline: Inline) -> list[str]:
    items = []
    for question in crawl.questions:
        odds = f" ({escape(question.odds)})" if question.odds else ""
        answer = f" → <strong>{escape(question.answer)}</strong>" if question.answer else ""
        event = f"; random event: {escape(question.event)}" if question.event else ""
        asked = uncommented([question.question.encode(errors="replace")])[0].decode()
        items.append(f"{_when(crawl, question.turn, anchored)} {inline(asked)}"
                     f"{odds}{answer}{event}")
    return items


def _map_figure(crawl: Crawl) -> str:
    """The map of the rooms the party knew at the end, with the rooms' figures ('' for a
    crawl that kept no map). It shrinks to the column as far as its letters stay readable,
    and scrolls sideways past that: the scrolling region takes the keyboard's focus, so
    that its arrow keys scroll it."""
    rooms = map_story(crawl)
    if not rooms.dungeon.rooms:
        return ""
    here = (f' · <a href="#{HERE_ID}">where you are</a>'  # (on a phone, maybe scrolled off)
            if rooms.dungeon.here in {room.id for room in rooms.dungeon.rooms} else "")
    return (f'<div class="map-scroll" tabindex="0" role="region" aria-label="{_MAP_LABEL}">'
            f'<figure class="map">{svg_map(rooms.dungeon)}<figcaption>Rooms: '
            f"{escape(rooms_text(crawl, rooms))}{here}</figcaption></figure></div>\n")


def render_html(crawl: Crawl) -> str:
    """The play report of ``crawl`` as one HTML page."""
    journal = journal_html(crawl)
    inline = lru_cache(maxsize=None)(_inline)  # (this page's: questions asked again, and again)
    story = party_story(crawl)  # (read once for the tables and the charts)
    byline = [crawl.system_name]
    if isinstance(crawl.meta.get("seed"), int):
        byline.append(f"seed {crawl.meta['seed']}")
    if crawl.meta.get("created"):
        byline.append(f"begun {str(crawl.meta['created'])[:10]}")
    head = "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n',
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
        '<meta name="referrer" content="no-referrer">\n',
        f'<meta name="generator" content="solo {escape(__version__)}">\n',
        "<title>", re.sub("<[^>]+>", "", inline(crawl.title)), f"</title>\n<style>{CSS}</style>\n",
        f"</head>\n<body>\n<header>\n<h1>{inline(crawl.title)}</h1>\n",  # (the title: its text)
        f'<p class="byline">{escape(" · ".join(byline))}</p>\n</header>\n<main>\n',
        '<section class="summary">\n<h2>Summary</h2>\n', _facts(crawl), "\n",
        _logged("Expeditions", [escape(line) for line in
                                expedition_lines(crawl.expeditions, crawl.unit)]),
        "\n" if crawl.expeditions else "",
        party_html(crawl, story),
        f'<figure class="chart">{svg_chart(crawl)}'
        f"<figcaption>{chart_caption(crawl)}</figcaption></figure>\n", hp_charts(crawl, story),
        _map_figure(crawl),
        _logged("Encounters", _encounter_items(crawl, journal.anchored, inline)), "\n",
        _logged("Oracle questions", _question_items(crawl, journal.anchored, inline)),
        "\n</section>\n",
        '<section class="journal">\n<h2>Journal</h2>\n'])
    # each part of the journal decoded by itself (each starts and ends with markup, so the
    # page reads as one decoding of them all would read it), and the page joined as text
    body = map(bytes.decode, journal.parts, repeat("utf-8"), repeat("replace"))
    return "".join([head, *body, "</section>\n</main>\n</body>\n</html>\n"])
