"""The Mermaid blocks solo writes, drawn for real: Mermaid's own command line (``mmdc``, the
npm package @mermaid-js/mermaid-cli, in the Chromium on this machine) renders every block of
the example md reports (the danger chart and the map) in Mermaid's default theme and in its
dark theme, and each drawing, set on a light page and on dark ones (GitHub's and
Obsidian's), is measured in Chromium: every label against the colour painted under it, every
plotted line and passage against what it is drawn on.

Skips, saying why, without node and npm, without the package (no registry), or without a
Chromium for it to drive.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from chromium import Browser, find_chromium
from node_tools import mermaid_cli

from solo.report.palette import GRAPHIC_CONTRAST, TEXT_CONTRAST, contrast

ROOT = Path(__file__).resolve().parents[2]
DRAWN = {"d12-tension": ["xychart", "flowchart-v2"], "trespasser": ["xychart", "flowchart-v2"],
         "dungeon-turn": ["flowchart-v2"]}  # (no danger kept: no chart, the map)
REPORTS = tuple(DRAWN)
THEMES = ("default", "dark")
PAGES = {"white": "#ffffff", "GitHub dark": "#0d1117", "Obsidian dark": "#1e1e1e"}

MEASURE = r"""(() => {
  const style = (e) => getComputedStyle(e);
  const painted = (c) => c && c !== 'none' && c !== 'transparent' && !/rgba\(.*, 0\)$/.test(c);
  const page = style(document.body).backgroundColor;
  const svg = document.querySelector('svg');
  const card = svg.querySelector('rect.background');
  const sheet = card ? style(card).fill : page;
  const under = (element) => {
    const r = element.getBoundingClientRect();
    for (const e of document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
      if (e === element || element.contains(e) || e.contains(element)) continue;
      if (e instanceof SVGElement && e.localName !== 'svg') {
        if (['rect', 'path', 'polygon', 'circle', 'ellipse'].includes(e.localName)
            && painted(style(e).fill)) return style(e).fill;
        continue;
      }
      break;
    }
    return sheet;
  };
  const worded = [...svg.querySelectorAll('text, foreignObject *')].filter((e) =>
    [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
    && e.getClientRects().length);
  return {
    kind: svg.getAttribute('aria-roledescription'),
    texts: worded.map((e) => ({text: e.textContent.trim().slice(0, 40), under: under(e),
                               ink: e instanceof SVGElement ? style(e).fill : style(e).color})),
    lines: [...svg.querySelectorAll('.flowchart-link, [class^="line-plot"] path')]
      .map((e) => ({ink: style(e).stroke, under: sheet})),
  };
})()"""


def _hex(colour: str) -> str:
    found = re.fullmatch(r"rgba?\((\d+), (\d+), (\d+)(?:, 1)?\)", colour)
    assert found, f"not an opaque colour: {colour}"
    return "#" + "".join(f"{int(part):02x}" for part in found.groups())


@pytest.fixture(scope="module")
def drawings(tmp_path_factory) -> dict[tuple[str, str], list[Path]]:
    """Each report's Mermaid blocks, drawn by mmdc in each theme: their SVG files."""
    chromium, why = find_chromium()
    if chromium is None:
        pytest.skip(why)
    mmdc = mermaid_cli()
    folder = tmp_path_factory.mktemp("mermaid")
    config = folder / "puppeteer.json"
    config.write_text(json.dumps({"executablePath": chromium, "headless": True,
                                  "args": ["--no-sandbox", "--disable-gpu"]}))
    out: dict[tuple[str, str], list[Path]] = {}
    for report in REPORTS:
        source = ROOT / "journals" / "examples" / f"{report}.report.md"
        blocks = source.read_text(encoding="utf-8").count("```mermaid")
        for theme in THEMES:
            target = folder / f"{report}-{theme}.md"
            done = subprocess.run([str(mmdc), "-p", str(config), "-t", theme, "-b", "transparent",
                                   "-i", str(source), "-o", str(target)],
                                  capture_output=True, text=True, timeout=300)
            if done.returncode != 0 and "Failed to launch the browser" in done.stderr:
                pytest.skip(f"mmdc could not start {chromium}: "
                            + done.stderr.strip().splitlines()[-1][:200])
            assert done.returncode == 0, done.stderr
            out[report, theme] = [folder / f"{report}-{theme}-{number}.svg"
                                  for number in range(1, blocks + 1)]
            assert all(path.exists() for path in out[report, theme]), done.stdout
    return out


def _measure(chromium: Browser, svg: Path, background: str) -> dict:
    page = svg.with_name(f"{svg.stem}-{background[1:]}.html")
    page.write_text(f'<!doctype html><body style="margin:0; background: {background}">'
                    + svg.read_text(encoding="utf-8") + "</body>", encoding="utf-8")
    chromium.open(page.as_uri(), 1100, background != "#ffffff")
    return chromium.evaluate(MEASURE)


@pytest.mark.parametrize("report", REPORTS)
@pytest.mark.parametrize("theme", THEMES)
def test_every_block_is_drawn_as_the_chart_or_map_it_is(drawings, chromium, report, theme):
    kinds = [_measure(chromium, svg, "#ffffff")["kind"] for svg in drawings[report, theme]]
    assert kinds == DRAWN[report]  # the danger chart, the map


@pytest.mark.parametrize("report", REPORTS)
@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("page", PAGES)
def test_labels_and_lines_read_on_light_and_dark_pages(drawings, chromium, report, theme, page):
    for svg in drawings[report, theme]:
        drawn = _measure(chromium, svg, PAGES[page])
        assert drawn["texts"] and drawn["lines"], svg.name
        for text in drawn["texts"]:
            assert contrast(_hex(text["ink"]), _hex(text["under"])) >= TEXT_CONTRAST, (
                svg.name, text)
        for line in drawn["lines"]:
            assert contrast(_hex(line["ink"]), _hex(line["under"])) >= GRAPHIC_CONTRAST, (
                svg.name, line)
