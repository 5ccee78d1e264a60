"""Every Mermaid block solo writes sets its own colours, legible on a light page and a dark
one, and Mermaid's own parser reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from node_tools import mermaid_parse

from solo.report.map_mermaid import map_init
from solo.report.palette import INK, LINE, PAPER, contrast, mermaid_init

EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"
BLOCK = re.compile(r"```mermaid\n(.*?)\n```", re.S)
LIGHT_PAGE, DARK_PAGE = "#ffffff", "#0d1117"  # GitHub's light and dark backgrounds


def _blocks() -> list[str]:
    found = [block for report in sorted(EXAMPLES.glob("*.report.md"))
             for block in BLOCK.findall(report.read_text(encoding="utf-8"))]
    assert found, "the example reports have no Mermaid chart"
    return found


def test_the_palette_reads_on_its_own_paper():
    assert contrast(INK, PAPER) >= 7  # text: WCAG AAA
    assert contrast(LINE, PAPER) >= 4.5  # the line: above the 3:1 of graphics
    # the chart's paper is not the page: it must stand apart from a dark page, and its ink
    # must never be the page's own colour in either theme
    assert contrast(PAPER, DARK_PAGE) >= 7
    assert contrast(LINE, DARK_PAGE) >= 3 and contrast(LINE, LIGHT_PAGE) >= 3


def _charts() -> list[str]:
    """The danger charts (the maps' flowcharts have tests of their own: test_map_mermaid)."""
    return [block for block in _blocks() if "\nflowchart " not in block]


def test_every_block_sets_its_colours_first():
    init = json.loads(mermaid_init()[len("%%{init: "):-len("}%%")])
    chart = init["themeVariables"]["xyChart"]
    assert chart["backgroundColor"] == PAPER and chart["plotColorPalette"] == LINE
    for block in _blocks():
        assert block.splitlines()[0] == (mermaid_init() if block in _charts() else map_init())
    assert len(_charts()) < len(_blocks())  # the examples with rooms draw their map


def test_mermaid_parses_every_block_with_solo_s_colours():
    for block, result in zip(_charts(), mermaid_parse(_charts()), strict=True):
        assert result["ok"], (result, block)
        assert result["type"] == "xychart"
        assert result["config"]["theme"] == "base"
        assert result["config"]["themeVariables"]["xyChart"]["plotColorPalette"] == LINE
    maps = [block for block in _blocks() if block not in _charts()]
    for block, result in zip(maps, mermaid_parse(maps), strict=True):
        assert result["ok"], (result, block)


def test_mermaid_is_not_fooled_into_passing_a_broken_chart():
    """The parser run above really parses: a broken chart is refused."""
    result = mermaid_parse(["xychart-beta\n    line [1, oops"])
    assert not result[0]["ok"]
