"""The html report's journal: rendered from the records and the shapes solo writes, with
every heading, notation line and paragraph of the journal, nothing of a record, and
nothing the player typed turned into markup."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from solo.journal.notation import line_kind
from solo.report.export import report_text
from solo.report.html_blocks import blocks_html
from solo.report.html_inline import inline_html
from tests import session_play
from tests.suite_profile import scaled

EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"

COMMANDS = ("light", "enter", "noise", "ask", "combat-normal", "strike", "advance", "loud",
            "listen", "hide", "stay")
NARRATION = [
    "The stair ends in black water. *Mara* lifts the torch high.",
    "We wait, listening. **Nothing** but our own breath.",
    "A door marked `EXIT` in old paint; snake_case scratched beside it.",
    "Tom & Jerry's \"last\" words < a whisper > a shout.",
]
HOSTILE = [
    "<script>alert(1)</script>",
    "-->",
    "<!-- solo {\"v\":2,\"step\":99,\"kind\":\"command\",\"state\":{}} -->",
    "```",
    "~~~ a fake tilde fence",
    "### S99 *Round 99 · 16:30*",
    "# A new title",
    "#hashtag at the start",
    "</p></div><h1>loose tags</h1>",
    "<img src=x onerror=alert(2)> and ![pic](https://example.com/x.png)",
    "1. a list? no",
    "a plain <b>bold</b> claim",
    "an <i>italic</i> and *emphasised* one",
    "=> <script>alert(3)</script> in notation",
]
VOID = {"meta", "br", "img", "hr", "input", "link"}
ALLOWED_IN_JOURNAL = {"section", "h2", "h3", "p", "div", "em", "strong", "code", "span", "br"}


def play(path: Path, system: str, lines: list[str], seed: int = 5) -> str:
    """Play ``lines`` through a real session: commands, prose and undo. The journal."""
    return session_play.played(path, system, lines, seed, commands=COMMANDS,
                               title="The Drowned Stair", party=["Wren"])


class Page(HTMLParser):
    """The page's elements: each with its tag, attributes and text; and whether every tag
    opened was closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.open: list[tuple[str, dict[str, str | None], list[str]]] = []
        self.unbalanced: list[str] = []

    def handle_starttag(self, tag, attrs):
        element = (tag, dict(attrs), [])
        self.elements.append(element)
        if tag not in VOID:
            self.open.append(element)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), []))

    def handle_endtag(self, tag):
        if not self.open or self.open[-1][0] != tag:
            self.unbalanced.append(tag)
            return
        self.open.pop()

    def handle_data(self, data):
        for _, _, text in self.open:
            text.append(data)

    def texts(self, tag: str, cls: str | None = None) -> list[str]:
        return ["".join(text) for name, attrs, text in self.elements
                if name == tag and (cls is None or cls in (attrs.get("class") or "").split())]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def journal_section(html: str) -> str:
    return html[html.index('<section class="journal">'):html.index("</main>")]


def fenced_lines(journal: str) -> list[str]:
    """Every line inside a fence of the journal file, in order (read independently)."""
    lines, inside = [], False
    for line in journal.split("\n"):
        if line.startswith("```"):
            inside = not inside
        elif inside:
            lines.append(line)
    return lines


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[str, str]:
    path = tmp_path_factory.mktemp("played") / "j.md"
    lines = ["light torch", "enter 3", NARRATION[0], "enter 2", "noise", NARRATION[1],
             "ask Is the door locked? likely", "enter 4", NARRATION[2], "combat-normal",
             "A line taken back.", "undo", "enter 3", "noise", "undo", "enter 2",
             NARRATION[3], "=> The door creaks open", "enter 1", "strike", "enter 3"]
    journal = play(path, "d12-tension", lines)
    return journal, report_text(path, "html").text


def test_every_scene_heading_notation_line_and_paragraph_is_on_the_page(played):
    journal, html = played
    page = parse(journal_section(html))
    headings = [f"{scene} {span}" for scene, span in
                re.findall(r"^### (S\d+) \*(.*)\*$", journal, re.M)]
    assert page.texts("h3") == headings and len(headings) >= 6
    assert page.texts("h2") == ["Journal", "Session 1"]
    assert page.texts("div", "l") == fenced_lines(journal)  # the party's tags among them
    assert [attrs["class"] for tag, attrs, _ in page.elements
            if tag == "div" and "l" in (attrs.get("class") or "").split()] \
        == [f"l {line_kind(line)}" for line in fenced_lines(journal)]
    shown = page.texts("p")
    assert "The stair ends in black water. Mara lifts the torch high." in shown
    assert "We wait, listening. Nothing but our own breath." in shown
    assert "A door marked EXIT in old paint; snake_case scratched beside it." in shown
    assert NARRATION[3] in shown
    assert any(re.fullmatch(r"Date: \d{4}-\d\d-\d\d", text) for text in shown)
    assert "<em>Mara</em>" in html and "<strong>Nothing</strong>" in html \
        and "<code>EXIT</code>" in html
    assert "=> The door creaks open" in page.texts("div", "l")


def test_nothing_of_a_record_reaches_the_page(played):
    journal, html = played
    assert journal.count("<!-- solo {") > 10
    assert "solo {" not in html and '"state"' not in html and "<!--" not in html


def test_the_first_scene_of_each_turn_is_its_anchor(played):
    journal, html = played
    anchors = re.findall(r'<h3 class="turn" id="turn-(\d+)">', html)
    assert len(anchors) == len(set(anchors)) >= 5
    assert [int(turn) for turn in anchors] == sorted(int(turn) for turn in anchors)
    for link in re.findall(r'href="#turn-(\d+)"', html):
        assert link in anchors


def test_a_turn_played_again_after_undo_keeps_one_anchor(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 2", "undo", "enter 3", "enter 1"])
    assert len(re.findall(r"^### S\d+ \*Turn 1 ", journal, re.M)) == 2
    section = journal_section(report_text(path, "html").text)
    assert re.findall(r'<h3 class="turn" id="turn-(\d+)">', section) == ["1", "2"]
    assert section.count("<h3>S2 <em>Turn 1") == 1  # the turn played again: no second id


def test_headings_of_a_piece_rendered_whole_each_take_their_own_tag():
    """A piece markdown-it renders whole (here for its odd heading) may hold several ``###``
    headings, not at its start: each given a tag takes it."""
    pieces = ["\n### S1 *Turn 1*\n", "\nIntro.\n\n### S2 *odd *\n\n### S3 *Turn 3*\n"]
    tags = {0: b'<h3 id="a">', 1: b'<h3 id="b">', 2: b'<h3 id="c">'}
    told = []
    html = blocks_html("\x00".join(pieces).encode(),
                       h3_tags=lambda places, numbers: told.append((places, numbers)) or tags)
    assert told == [([0, 1, 1], [1, 2, 3])]  # each heading's piece and number
    assert re.findall(r"<h3[^>]*>", html) == ['<h3 id="a">', '<h3 id="b">', '<h3 id="c">']
    assert "<p>Intro.</p>" in html


def test_an_entry_taken_back_is_struck_through_and_marked(played):
    journal, html = played
    section = journal_section(html)
    struck = re.findall(r'<div class="mech retracted(?: met)?">(.*?)</div></div>\n'
                        r"<p><em>\(taken back with undo\)</em></p>", section)
    assert len(struck) == 1 and '<div class="l action">@ noise</div>' in struck[0]
    # the narration taken back is a paragraph struck through as its mechanics are, the mark
    # after it
    assert '<p class="retracted">A line taken back.</p>\n<p><em>(taken back with undo)</em></p>' \
        in section
    assert section.count("(taken back with undo)") == 2


def test_the_mechanics_that_met_an_encounter_are_marked(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch"] + ["enter 3"] * 12, seed=4)
    met = sum(1 for mechanics in re.findall(r"^```\n(.*?)\n```$", journal, re.M | re.S)
              if re.search(r"^=> Encounter[:,]", mechanics, re.M))
    assert met >= 1
    assert report_text(path, "html").text.count('<div class="mech met">') == met


def test_hostile_narration_comes_out_as_text_never_as_markup(tmp_path: Path):
    path = tmp_path / "j.md"
    lines = ["light torch"]
    for index, hostile in enumerate(HOSTILE):
        lines += [hostile, "enter 2" if index % 2 else "noise"]
    journal = play(path, "d12-tension", lines)
    html = report_text(path, "html").text
    page = parse(html)
    assert not page.unbalanced and not page.open
    assert "script" not in {tag for tag, _, _ in page.elements} and "<script" not in html
    assert not [name for _, attrs, _ in page.elements for name in attrs if name.startswith("on")]
    section = parse(journal_section(html))
    assert {tag for tag, _, _ in section.elements} <= ALLOWED_IN_JOURNAL
    scenes = re.findall(r"^### (S\d+) ", journal, re.M)
    assert len(section.texts("h3")) == len(scenes)  # the fake heading is no heading
    assert section.texts("h2") == ["Journal", "Session 1"]
    shown = section.texts("p")
    for hostile in HOSTILE:
        if "*" not in hostile and "!" not in hostile and not hostile.startswith("=>"):
            assert hostile in shown, hostile
    assert "### S99 Round 99 · 16:30" in shown  # its emphasis shown, but as a paragraph
    assert "<img src=x onerror=alert(2)> and [pic]" in shown
    assert "an <i>italic</i> and emphasised one" in shown
    assert "=> <script>alert(3)</script> in notation" in section.texts("div", "l")
    assert "example.com" not in html
    assert all(not line.startswith("~~~") for line in section.texts("div", "l"))


def test_a_table_and_a_strikethrough_added_by_hand_show_as_obsidian_shows_them(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "We rest.", "enter 2"])
    added = ("\n\n| Item | Owner |\n|------|-------|\n| rope | Wren |\n\n"
             "The map was ~~wrong~~ right.\n")
    path.write_text(journal.replace("\n## Session 1\n", added + "\n## Session 1\n", 1),
                    encoding="utf-8")
    section = parse(journal_section(report_text(path, "html").text))
    assert section.texts("th") == ["Item", "Owner"] and section.texts("td") == ["rope", "Wren"]
    assert section.texts("s") == ["wrong"]


def test_text_added_by_hand_between_sessions_shows_escaped(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "We rest.", "enter 2"])
    added = ("\n\nWe camp by the *stair*. <b>Nobody</b> sleeps well.\n\n## Between sessions\n\n"
             "```\n(note: by hand)\n<i>kept as text</i>\n```\n")
    path.write_text(journal.replace("\n## Session 1\n", added + "\n## Session 1\n", 1),
                    encoding="utf-8")
    html = report_text(path, "html").text
    page = parse(html)
    assert not page.unbalanced
    section = parse(journal_section(html))
    assert "We camp by the stair. <b>Nobody</b> sleeps well." in section.texts("p")
    assert "Between sessions" in section.texts("h2")
    assert section.texts("div", "l")[1:3] == ["(note: by hand)", "<i>kept as text</i>"]
    assert "&lt;b&gt;Nobody&lt;/b&gt;" in html and "<b>" not in html


def test_bytes_that_are_not_utf8_show_as_replacement_characters_and_nothing_else_is_lost(
        tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "We rest.", "enter 3", "We go on."])
    data = journal.encode().replace(b"We rest.", b"We r\xc3est \xff\xfe", 1) \
        .replace(b"We go on.", b"We go on \xe2\x80", 1)
    path.write_bytes(data)
    html = report_text(path, "html").text
    section = parse(journal_section(html))
    assert "We r\ufffdest \ufffd\ufffd" in section.texts("p")
    assert "We go on \ufffd" in section.texts("p")
    assert re.findall(r'<h3 class="turn" id="turn-(\d+)">', html) == ["1"]


@pytest.mark.parametrize("ending", ["\n", ""])
def test_text_after_the_last_record_is_the_journal_s_last(tmp_path: Path, ending: str):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "We rest."])
    path.write_text(journal.rstrip("\n") + "\n\nWe *sleep* at last.\n\n```\n@ by hand\n```"
                    + ending, encoding="utf-8")
    html = journal_section(report_text(path, "html").text)
    assert html.endswith("<p>We <em>sleep</em> at last.</p>\n<div class=\"mech\">"
                         "<div class=\"l action\">@ by hand</div></div>\n</section>\n")
    assert html.count("We rest.") == 1


def test_a_journal_ending_with_its_last_record_ends_with_its_last_entry(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "We rest."])
    path.write_text(journal.rstrip("\n"), encoding="utf-8")
    html = journal_section(report_text(path, "html").text)
    assert html.endswith("<p>We rest.</p>\n</section>\n")


def test_a_fence_left_open_by_hand_ends_with_its_entry(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "enter 2", "enter 1"])
    path.write_text(journal.replace("\n### S2 ", "\n```\nopened by hand\n\n### S2 ", 1),
                    encoding="utf-8")
    section = parse(journal_section(report_text(path, "html").text))
    assert len(section.texts("h3")) == 2  # S2's heading went into the open fence
    assert "opened by hand" in section.texts("div", "l")
    assert section.texts("h3")[-1].startswith("S3 ")  # the next entry is itself again


def test_one_unusual_fence_changes_nothing_else(tmp_path: Path):
    """A journal with a fence solo does not write (a tilde fence, by hand) is rendered the
    general way; everything else comes out the same."""
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", NARRATION[0], "noise",
                                         "undo", "enter 2", NARRATION[2], "enter 4"])
    plain = report_text(path, "html").text
    path.write_text(journal.rstrip("\n") + "\n\n~~~\nby hand\n~~~\n", encoding="utf-8")
    unusual = report_text(path, "html").text
    extra = '<div class="mech"><div class="l text">by hand</div></div>\n'
    assert unusual.replace(extra, "") == plain and extra in unusual


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.report.html")),
                         ids=lambda path: path.name.split(".")[0])
def test_the_example_reports_are_well_formed(example: Path):
    page = parse(example.read_text(encoding="utf-8"))
    assert not page.unbalanced and not page.open
    assert "script" not in {tag for tag, _, _ in page.elements}


# -- the player's Markdown shows as a CommonMark viewer shows it (GitHub's tables and
# strikethrough too, as Obsidian and GitHub show them) ----------------------------------------
_COMMONMARK = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
_PROSE = st.lists(st.sampled_from(
    list("ab *_`\\&!.,()é·\"'#~|") + ["&amp;", "&copy;", "&#65;", "**", "__", "~~", "  \n",
                                         "\\\n"]),
    min_size=1, max_size=16).map("".join).map(str.strip).filter(bool)


@settings(max_examples=scaled(300), deadline=None)
@given(text=_PROSE)
def test_prose_renders_as_commonmark_renders_it(text: str):
    lines = [line.lstrip(" \t") for line in text.split("\n")]
    lines[-1] = lines[-1].rstrip(" \t")
    text = "\n".join(lines)
    assert inline_html(text) == _COMMONMARK.renderInline(text)


def _commonmark_page(text: str) -> str:
    """A CommonMark renderer's blocks, its fences drawn as the report draws them."""
    out = []
    for token in _COMMONMARK.parse(text):
        if token.type == "fence":
            lines = "".join(f'<div class="l {line_kind(line)}">{_escape(line)}</div>'
                            for line in token.content.rstrip("\n").split("\n"))
            out.append(f'<div class="mech">{lines}</div>\n')
    return "".join(out)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") \
        .replace('"', "&quot;").replace("'", "&#x27;")


_BLOCKS = st.lists(st.one_of(
    st.sampled_from(["### S1 *Turn 1 · 0:10*", "### S2 *a b *", "### S3 *x*", "### S4 *T ·*",
                     "## Session 2", "#### four ##", "#5 not one",
                     "The *stair*.", "a **b** c", "x_y_z", "`code`", "Tom & Jerry",
                     "*Date: 2023-11-14*", "\\# escaped", "  two lines\nof prose",
                     "It was ~~never~~ there.", "a | b",
                     "| Item | Owner |\n|---|---|\n| rope | Wren |"]),
    st.builds(lambda fence, lines, closed: "\n".join([fence, *lines] + ([fence] if closed else [])),
              st.sampled_from(["```", "```", "~~~", "````", " ```"]),
              st.lists(st.sampled_from(["@ enter 3", "tbl: T d12=3 -> x", "=> [Track:T 1/10]",
                                        "(note: n)", "[PC:W|HP 8/8]", "", "'q' \"q\" <q>",
                                        "  indented", "~~~", "```python"]), max_size=4),
              st.booleans())), min_size=1, max_size=8)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks=_BLOCKS, gaps=st.lists(st.sampled_from(["\n\n", "\n", "\n  \n"]), min_size=8,
                                     max_size=8))
def test_the_journal_s_blocks_render_as_commonmark_renders_them(blocks, gaps):
    _renders_as_commonmark("".join(block + gap for block, gap in zip(blocks, gaps, strict=False)))


def test_texts_that_come_again_between_scene_headings_render_as_commonmark_renders_them():
    again = ["The passage *narrows*.", "```\n@ linger\n```", "Tom & Jerry\nwait."]
    text = "\n\n".join(["Before the first scene.", *again,
                         *(f"### S{turn} *Turn {turn} · 0:10*\n\n{again[turn % 3]}"
                           for turn in range(1, 8)), "### S8 *a b *", again[0], "## Session 2",
                         again[1], "### S9 *Turn 9*", again[2]]) + "\n"
    _renders_as_commonmark(text)
    assert blocks_html(text.encode()).count("<p>The passage <em>narrows</em>.</p>") == 4


def _renders_as_commonmark(text: str) -> None:
    mine = blocks_html(text.encode())
    fences = re.findall(r'<div class="mech">.*?</div></div>\n', mine)
    assert "".join(fences) == _commonmark_page(text)
    rest = re.sub(r'<div class="mech">.*?</div></div>\n', "", mine)
    want = re.sub(r"<pre><code[^>]*>.*?</code></pre>\n", "",
                  _COMMONMARK.render(text), flags=re.S)
    assert rest == want


def test_a_record_that_cannot_be_read_is_left_out_and_the_rest_shows(tmp_path: Path):
    path = tmp_path / "j.md"
    journal = play(path, "d12-tension", ["light torch", "enter 3", "Before the break.",
                                         "enter 2", "After the break.", "enter 1"])
    records = re.findall(r"^<!-- solo \{.*\}\} -->$", journal, re.M)
    path.write_text(journal.replace(records[3], records[3][:70]), encoding="utf-8")
    html = report_text(path, "html").text
    assert not parse(html).unbalanced
    section = parse(journal_section(html))
    assert {"Before the break.", "After the break."} <= set(section.texts("p"))
    assert len(section.texts("h3")) == 3
    assert "solo {" not in html and "<!--" not in html
