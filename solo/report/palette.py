"""The colours of solo's charts, chosen once so that each chart reads on a light page and on
a dark one (GitHub's, Obsidian's and a browser's dark themes).

A Mermaid chart draws on a paper-white card of its own, so its ink never depends on the
viewer's theme: dark ink on white has the same contrast in every theme. The init directive
that says so opens every Mermaid block solo writes.

The html report follows the reader's theme instead: :data:`HTML_LIGHT` and
:data:`HTML_DARK` are its colours (CSS custom properties), and :data:`HTML_TEXT` and
:data:`HTML_GRAPHICS` say which of them are drawn on which, so that :func:`contrast` can
check each pair against WCAG's least contrast (4.5:1 for text, 3:1 for the marks a chart
needs to be read).
"""

from __future__ import annotations

import json

__all__ = ["PAPER", "INK", "LINE", "mermaid_init", "HTML_LIGHT", "HTML_DARK", "HTML_TEXT",
           "HTML_GRAPHICS", "TEXT_CONTRAST", "GRAPHIC_CONTRAST", "contrast"]

PAPER = "#ffffff"
"""The chart's own background."""

INK = "#1f2328"
"""Titles, axes and labels: 15.8:1 against the paper."""

LINE = "#c2410c"
"""The plotted line: 5.2:1 against the paper (3:1 is the least for graphics)."""


def mermaid_init() -> str:
    """The ``%%{init: …}%%`` line that gives a Mermaid xychart its own paper and ink."""
    chart = {"backgroundColor": PAPER, "titleColor": INK, "plotColorPalette": LINE,
             **{f"{axis}Axis{part}Color": INK for axis in ("x", "y")
                for part in ("Label", "Title", "Tick", "Line")}}
    config = {"theme": "base", "themeVariables": {"background": PAPER, "xyChart": chart}}
    return "%%{init: " + json.dumps(config, separators=(", ", ": ")) + "}%%"


HTML_LIGHT = {
    "paper": "#fbf8f1", "ink": "#2a2520", "muted": "#6d6356", "rule": "#e0d6c4",
    "mech-bg": "#f1ece1", "mech-ink": "#3b3630", "mech-edge": "#c2ab82",
    "accent": "#a3341c", "line": "#6b4f23", "band": "#9a7b4c", "hp": "#2f6f4f",
}
"""The html report's colours on a light page, by the name of their CSS custom property."""

HTML_DARK = {
    "paper": "#1c1a17", "ink": "#e8e1d5", "muted": "#a39886", "rule": "#3b362f",
    "mech-bg": "#26231f", "mech-ink": "#d6cebf", "mech-edge": "#7d6a4a",
    "accent": "#ef7a5c", "line": "#d8b878", "band": "#8a744f", "hp": "#7cc49a",
}
"""The same on a dark page (``prefers-color-scheme: dark``)."""

HTML_TEXT = (("ink", "paper"), ("muted", "paper"), ("accent", "paper"),
             ("mech-ink", "mech-bg"), ("muted", "mech-bg"), ("line", "mech-bg"),
             ("accent", "mech-bg"))
"""(text, background): every colour the report sets text in, on each it is set on."""

HTML_GRAPHICS = (("line", "paper"), ("band", "paper"), ("accent", "paper"), ("hp", "paper"),
                 ("muted", "paper"))
"""(mark, background): the chart's lines, strokes, dots and axes, on the page."""

TEXT_CONTRAST = 4.5
GRAPHIC_CONTRAST = 3.0


def _luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a ``#rrggbb`` colour."""
    channels = (int(colour[index:index + 2], 16) / 255 for index in (1, 3, 5))
    red, green, blue = (value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
                        for value in channels)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
