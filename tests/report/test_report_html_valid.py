"""The html report as validators, pandoc and keyboards read it (#37 items 6 and 8): table
headers say what they head, every inline SVG names its namespace, the map shrinks to its
column as far as its letters stay readable and scrolls past that in a region the keyboard
reaches, and narration taken back is struck through as its mechanics are."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import report_text
from solo.report.html_blocks import blocks_html
from solo.report.html_inline import MARKDOWN, FenceLines

EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"
SVG = "http://www.w3.org/2000/svg"


class Elements(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag


def elements(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Elements()
    parser.feed(html)
    parser.close()
    return parser.elements


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {path.name.split(".")[0]: path.read_text(encoding="utf-8")
            for path in sorted(EXAMPLES.glob("*.report.html"))}


def test_every_table_header_says_what_it_heads(pages):
    headers = [attrs for page in pages.values() for tag, attrs in elements(page) if tag == "th"]
    assert headers  # (the party's table at least)
    assert all(attrs.get("scope") in ("col", "row") for attrs in headers)


def test_every_inline_svg_names_its_namespace_and_stands_alone(pages):
    for page in pages.values():
        svgs = re.findall(r"<svg\b.*?</svg>", page, re.S)
        assert len(svgs) >= 2  # the chart and the map at least
        for svg in svgs:  # (what pandoc or an image reader takes out of the page)
            assert ET.fromstring(svg).tag == f"{{{SVG}}}svg"


def test_the_map_shrinks_to_its_column_and_scrolls_where_it_cannot(pages):
    for name, page in pages.items():
        found = [(tag, attrs) for tag, attrs in elements(page)
                 if tag == "svg" and attrs.get("class") == "solo-map"]
        assert len(found) == 1, name
        attrs = found[0][1]
        width, height = float(attrs["width"]), float(attrs["height"])
        assert attrs["viewbox"] == f"0 0 {attrs['width']} {attrs['height']}"
        style = dict(part.strip().split(": ") for part in attrs["style"].split(";"))
        assert style["max-width"] == "100%" and style["height"] == "auto"
        least = float(style["min-width"].removesuffix("px"))
        assert 0.75 * width <= least <= width and height > 0  # its letters 9 px at least


def test_the_map_s_scrolling_region_is_reached_by_the_keyboard(pages):
    for page in pages.values():
        region = re.search(r'<div class="map-scroll"([^>]*)><figure class="map"><svg', page)
        assert region is not None
        attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', region[1]))
        assert attrs["tabindex"] == "0" and attrs["role"] == "region"
        assert "map" in attrs["aria-label"].lower()
        # a link in its caption scrolls it to the room the party is in (on a phone it may be
        # out of sight), that room's box the only element of that id
        assert '<a href="#map-here">where you are</a></figcaption>' in page
        assert page.count('id="map-here"') == 1
        assert re.search(r'<g class="room here" id="map-here">', page)
    css = re.search(r"<style>(.*?)</style>", next(iter(pages.values())), re.S)[1]
    assert re.search(r"\.map-scroll \{[^}]*overflow-x: auto", css)
    assert ".map-scroll:focus-visible" in css


def test_narration_taken_back_is_struck_through_as_its_mechanics_are(tmp_path: Path):
    path = tmp_path / "j.md"
    create_journal_file(str(path), "d12-tension", "Undone", 5, [], party=[])
    session = Session(path)
    try:
        session.handle("light torch")
        session.narrate("We kick the door in, loudly.")
        session.undo()
        session.narrate("We open the door, quietly.")
        session.handle("noise")
        session.undo()
        session.handle("enter 3")
    finally:
        session.close()
    html = report_text(path, "html").text
    struck = [attrs.get("class") for tag, attrs in elements(html) if tag in ("p", "div")
              and "retracted" in (attrs.get("class") or "").split()]
    assert struck == ["retracted", "mech retracted"]
    assert '<p class="retracted">We kick the door in, loudly.</p>' in html
    assert "<p>We open the door, quietly.</p>" in html  # (kept: not struck)
    assert html.count("<p><em>(taken back with undo)</em></p>") == 2  # the marks are not
    assert re.search(r"\.journal p\.retracted \{[^}]*line-through", html)


@pytest.mark.parametrize("narration", [
    "We wait by the door. <div hidden>",
    "<details><summary>x</summary>",
    "See [a link](javascript:alert(1)) and [another](https://example.com)",
    "<https://example.com> and <mailto:a@b.c>",
    "![a picture](javascript:alert(1)) and ![](data:text/html,x)",
    "We read [ref] there.",
])
def test_no_narration_hides_what_follows_or_links_anywhere(tmp_path: Path, narration: str):
    path = tmp_path / "j.md"
    create_journal_file(str(path), "d12-tension", "Hidden", 5, [], party=[])
    session = Session(path)
    try:
        session.handle("light torch")
        for _ in range(3):
            session.narrate(narration)
            session.handle("enter 3")
    finally:
        session.close()
    scenes = re.findall(r"^### S\d+ ", path.read_text(encoding="utf-8"), re.M)
    html = report_text(path, "html").text
    journal = html[html.index('<section class="journal">'):]
    tags = [tag for tag, _ in elements(journal)]
    assert tags.count("h3") == len(scenes) == 3
    assert not {"a", "img", "details", "summary", "script"} & set(tags)
    assert not [attrs for _, attrs in elements(journal) if "hidden" in attrs or "href" in attrs]
    assert journal.count("<p>") >= 3  # (the narration shown, as text)


# -- solo's own shapes, drawn directly, exactly as markdown-it draws them ----------------------
_ATOMS = [*"ab *_`\\&!#[]()<>\"'·é\t-=~1.", "### ", "S1 ", "```", "\n", "\n\n", "**", "  ",
          "&amp;", "\u00a0", "\ufffd", "A", "Z9", "@ enter 3", "=> x"]
_TEXT = st.lists(st.sampled_from(_ATOMS), max_size=30).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_TEXT, min_size=1, max_size=5))
def test_each_piece_renders_as_markdown_it_renders_it(pieces: list[str]):
    """Scene headings, solo's fences and plain paragraphs take a quicker way than
    markdown-it-py; the page is the same, whatever the text around them."""
    html = blocks_html("\n\x00\n".join(pieces).encode())
    assert html == "".join(MARKDOWN.render(piece, {"lines": FenceLines()}) for piece in pieces)


def test_a_journal_s_own_shapes_take_the_quick_way(monkeypatch: pytest.MonkeyPatch):
    """The bench journal's shapes never reach markdown-it: one call a piece would make the
    html export of a long journal several times slower."""
    text = "\n\x00\n".join(
        [f"\n### S{n} *Turn {n} · 0:10*\n\n```\n@ enter 3\n[R:{n}|active|exits ?, ?]\n"
         "d: Random encounter (exits 3, Tension 0) d12=12 -> no\n```\n" for n in range(1, 50)]
        + ["\nThe passage narrows; water drips somewhere ahead.\n",
           "\n*Mara* chalks an arrow on the wall and we press on.\n"])
    calls = []
    original = MARKDOWN.render
    monkeypatch.setattr(MARKDOWN, "render", lambda *args: calls.append(args) or original(*args))
    html = blocks_html(text.encode())
    assert calls == [] and html.count("<h3>") == 49
    assert blocks_html(text.replace("Turn 1 ", "Turn 1 *", 1).encode()).count("<h3>") == 49
    assert len(calls) == 1  # (an odd heading: its piece by markdown-it, and only it)
