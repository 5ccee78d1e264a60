"""The html report reads everywhere: on a phone (no sideways scrolling, charts that shrink
with legible numbers), in a dark theme as in a light one (text at WCAG's 4.5:1 at least,
computed from the colours the page defines), with each member's hit points drawn over
time, and charts as large as what they show, each named for a screen reader."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from solo.errors import SoloError
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import report_text
from solo.report.html_chart import svg_chart
from solo.report.palette import (
    GRAPHIC_CONTRAST,
    HTML_GRAPHICS,
    HTML_TEXT,
    INK,
    LINE,
    PAPER,
    TEXT_CONTRAST,
    contrast,
    mermaid_init,
)
from solo.report.read import read_journal

ROOT = Path(__file__).resolve().parents[2]
SVG_NAMESPACE = 'xmlns="http://www.w3.org/2000/svg"'
PARTY = ROOT / "docs" / "examples" / "party.yaml"
# seed 4: a trap takes 3 of Wren's 6 HP, the rest heals her, two traps put Brother Ott down
PARTY_MOVES = ["supply ration 1", "explore", "explore", "Wren: trap", "explore", "rest", "rest",
               "Brother Ott: trap", "Brother Ott: trap", "explore"]


def play(path: Path, system: str, moves: list[str], seed: int = 4,
         party: list[str] | None = None) -> str:
    """Play ``moves`` through a real session; the html report."""
    create_journal_file(str(path), system, "The Drowned Stair", seed, [], party=party or [])
    session = Session(path, durable=False)
    try:
        for move in moves:
            try:
                session.handle(move)
            except SoloError:  # refused: nothing written
                pass
    finally:
        session.close()
    return report_text(path, "html").text


class Svgs(HTMLParser):
    """Each ``svg`` of the page: its attributes, and its elements (tag, attributes, text)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.svgs: list[tuple[dict[str, str | None], list[tuple[str, dict, list[str]]]]] = []
        self.depth = 0
        self.open: list[list[str]] = []
        self.metas: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)  # (names lower-cased: viewbox)
        if tag == "meta":
            self.metas.append(attributes)
        if tag == "svg":
            self.svgs.append((attributes, []))
            self.depth += 1
        elif self.depth:
            text: list[str] = []
            self.svgs[-1][1].append((tag, attributes, text))
            self.open.append(text)

    def handle_startendtag(self, tag, attrs):
        if self.depth:
            self.svgs[-1][1].append((tag, dict(attrs), []))
        elif tag == "meta":
            self.metas.append(dict(attrs))

    def handle_endtag(self, tag):
        if tag == "svg":
            self.depth -= 1
        elif self.depth and self.open:
            self.open.pop()

    def handle_data(self, data):
        if self.open:
            self.open[-1].append(data)


def svgs(html: str) -> Svgs:
    """The page's charts (the map of the rooms has tests of its own)."""
    parser = Svgs()
    parser.feed(html)
    parser.close()
    parser.svgs = [svg for svg in parser.svgs if svg[0].get("class") != "solo-map"]
    return parser


def style(html: str) -> str:
    return html[html.index("<style>") + len("<style>"):html.index("</style>")]


def themes(css: str) -> tuple[dict[str, str], dict[str, str]]:
    """The colours the page defines for a light theme and for a dark one."""
    dark_at = css.index("@media (prefers-color-scheme: dark)")
    light = dict(re.findall(r"--([\w-]+): (#[0-9a-fA-F]{6})", css[:dark_at]))
    block = css[dark_at:css.index("}", css.index("{", css.index("{", dark_at) + 1))]
    dark = dict(re.findall(r"--([\w-]+): (#[0-9a-fA-F]{6})", block))
    return light, dark


@pytest.fixture(scope="module")
def party_page(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("party") / "party.md"
    return play(path, str(PARTY), PARTY_MOVES, party=["Wren", "Brother Ott"])


@pytest.fixture(scope="module")
def danger_page(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("danger") / "d12.md"
    return play(path, "d12-tension", ["light torch", *["enter 3", "noise"] * 6], seed=11)


# -- colours -----------------------------------------------------------------------------------
def test_text_and_chart_marks_contrast_enough_in_the_light_and_the_dark_theme(danger_page):
    light, dark = themes(style(danger_page))
    assert light.keys() == dark.keys() and light != dark
    for theme in (light, dark):
        for text, background in HTML_TEXT:
            assert contrast(theme[text], theme[background]) >= TEXT_CONTRAST, (text, background)
        for mark, background in HTML_GRAPHICS:
            assert contrast(theme[mark], theme[background]) >= GRAPHIC_CONTRAST, (mark,
                                                                                  background)


def test_every_colour_the_page_sets_is_one_whose_contrast_is_checked(danger_page):
    css = style(danger_page)
    rules = css[css.index("}", css.index("@media (prefers-color-scheme: dark)")) + 1:]
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb|hsl", rules)  # colours by name only
    texts = {text for text, _ in HTML_TEXT}
    marks = {mark for mark, _ in HTML_GRAPHICS}
    for prop, name in re.findall(r"(?<![-\w])(color|fill|stroke): var\(--([\w-]+)\)", rules):
        assert name in (texts if prop == "color" else marks | texts | {"rule", "paper"}), name
    assert "opacity" not in rules  # (a faded text would fall below its contrast)
    assert re.search(r"@media \(prefers-color-scheme: dark\)", css)
    assert "color-scheme: light dark" in css


def test_the_mermaid_charts_keep_their_own_paper_and_ink():
    assert (PAPER, INK, LINE) == ("#ffffff", "#1f2328", "#c2410c")
    assert contrast(INK, PAPER) >= TEXT_CONTRAST and contrast(LINE, PAPER) >= GRAPHIC_CONTRAST
    assert '"plotColorPalette": "#c2410c"' in mermaid_init()


def test_contrast_is_wcag_s_ratio():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#ffffff", "#ffffff") == pytest.approx(1)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


# -- a phone -----------------------------------------------------------------------------------
def test_the_page_fits_a_phone_s_width(danger_page):
    page = svgs(danger_page)
    viewport = [meta for meta in page.metas if meta.get("name") == "viewport"]
    assert viewport and "width=device-width" in (viewport[0]["content"] or "")
    css = style(danger_page)
    assert re.search(r"figure\.chart svg \{[^}]*max-width: 100%[^}]*height: auto", css)
    assert re.search(r"body \{[^}]*overflow-wrap: break-word", css)
    assert re.search(r"@media \(max-width: \d+em\)", css)


@pytest.mark.parametrize("turns", [3, 40, 1000, 10_000, 123_456])
def test_a_chart_s_numbers_never_overlap_even_shrunk_to_a_phone(tmp_path: Path, turns: int):
    path = tmp_path / "short.md"
    play(path, "d12-tension", ["light torch", "enter 3"])
    crawl = read_journal(path)  # made as long as wanted
    assert crawl.danger is not None
    crawl.turns = turns
    crawl.danger.per_turn = crawl.danger.turn_peaks = [turn % 11 for turn in range(turns)]
    (chart, elements), = svgs(svg_chart(crawl)).svgs
    font = float(re.search(r"--phone-font: (\d+)px", chart["style"] or "")[1])
    ticks = [(float(attrs["x"]), "".join(text)) for tag, attrs, text in elements
             if tag == "text" and attrs.get("dominant-baseline") == "hanging"]
    assert len(ticks) >= 2 and ticks[-1][0] + font * 0.62 * len(ticks[-1][1]) / 2 \
        <= float(chart["width"])
    for (x, label), (following, next_label) in zip(ticks, ticks[1:], strict=False):
        half_widths = font * 0.62 * (len(label) + len(next_label)) / 2  # a digit: 0.62 em
        assert following - x >= half_widths + font / 2, (label, next_label)
    width = float(chart["width"])
    assert font * min(340 / width, 1) >= 11  # shrunk to a 340 px column: 11 px numbers


# -- hit points over time -------------------------------------------------------------------
def test_each_member_s_hit_points_are_drawn_over_time(party_page):
    charts = {attrs["aria-label"]: elements for attrs, elements in svgs(party_page).svgs}
    wren, ott = charts["Wren: hit points per turn"], charts["Brother Ott: hit points per turn"]
    for elements in (wren, ott):
        assert [tag for tag, _, _ in elements].count("path") == 1
        assert {tag for tag, _, _ in elements} >= {"title", "desc"}
    (desc,) = ["".join(text) for tag, _, text in wren if tag == "desc"]
    assert "6 of 6 at the start" in desc and "lowest 3" in desc
    (path,) = [attrs["d"] for tag, attrs, _ in wren if tag == "path"]
    heights = [float(value) for value in re.findall(r"V([\d.]+)", path)]
    assert len(heights) == 2 and heights[0] > heights[1]  # down to 3, back up to 6
    downs = [attrs for tag, attrs, _ in ott if tag == "circle"]
    assert len(downs) == 1  # down at 0 HP once
    (ott_path,) = [attrs["d"] for tag, attrs, _ in ott if tag == "path"]
    zero = [float(attrs["y1"]) for tag, attrs, _ in ott
            if tag == "line" and attrs.get("class") == "axis"][0]
    assert float(re.findall(r"V([\d.]+)", ott_path)[-1]) == zero
    assert "Hit points of each member" in party_page


def test_no_hit_point_chart_when_no_one_s_hit_points_changed(danger_page, tmp_path: Path):
    assert "hit points per" not in danger_page
    unhurt = play(tmp_path / "p.md", str(PARTY), ["explore"], party=["Wren"])
    assert 'class="chart hp"' not in unhurt and "<table class=\"party\">" in unhurt


# -- sizes, names ------------------------------------------------------------------------------
def _size(chart: dict) -> tuple[float, float]:
    return float(chart["width"]), float(chart["height"])


def test_a_chart_is_as_large_as_what_it_shows(tmp_path: Path, danger_page):
    short = svgs(play(tmp_path / "short.md", "d12-tension", ["light torch", "enter 3"] * 2))
    (short_chart, _), = short.svgs
    (long_chart, _), = svgs(danger_page).svgs
    assert _size(short_chart)[0] < _size(long_chart)[0] <= 720
    strip = svgs(play(tmp_path / "delving.md", "delving", ["light candle", "explore"]))
    (strip_chart, _), = strip.svgs
    assert _size(strip_chart)[1] < _size(short_chart)[1] / 2  # no danger: a strip of dots
    for chart in (short_chart, long_chart, strip_chart):  # never drawn larger than it is
        assert chart["viewbox"] == f"0 0 {chart['width']} {chart['height']}"


def test_every_chart_is_named_for_a_screen_reader(party_page, danger_page, tmp_path: Path):
    unplayed = tmp_path / "new.md"
    create_journal_file(str(unplayed), "d12-tension", "Nothing yet", 1, [])
    pages = [party_page, danger_page, report_text(unplayed, "html").text]
    for page in pages:
        for attrs, elements in svgs(page).svgs:
            assert attrs.get("role") == "img" and attrs.get("aria-label")
            named = {tag: "".join(text) for tag, _, text in elements if tag in ("title", "desc")}
            assert named.get("title") and named.get("desc")


def test_the_page_stays_self_contained(party_page, danger_page):
    for page in (party_page, danger_page):  # (the SVG namespace names, fetches nothing)
        assert page.count(SVG_NAMESPACE) == page.count("<svg")
        page = page.replace(SVG_NAMESPACE, "")
        assert "<script" not in page and "http:" not in page and "https:" not in page
        assert not re.search(r"\b(?:src|xlink:href)=", page)
        assert set(re.findall(r'href="([^"#]*)', page)) <= {""}
