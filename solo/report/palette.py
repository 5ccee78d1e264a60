"""The colours of solo's charts, chosen once so that each chart reads on a light page and on
a dark one (GitHub's, Obsidian's and a browser's dark themes).

A Mermaid chart draws on a paper-white card of its own, so its ink never depends on the
viewer's theme: dark ink on white has the same contrast in every theme. The init directive
that says so opens every Mermaid block solo writes.
"""

from __future__ import annotations

import json

__all__ = ["PAPER", "INK", "LINE", "mermaid_init"]

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
