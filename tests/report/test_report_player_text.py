"""What the player added to a journal by hand shows in the reports as their Markdown viewers
show it: their comments hidden (``<!-- … -->`` everywhere, Obsidian's ``%% … %%``), the title
heading they see as the report's title, and their own headings never taking a turn's
anchor."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.journal.front_matter import _HIDDEN, past_front_matter, uncommented
from solo.journal.notation import narration_block
from tests.fake_env import solo
from tests.suite_profile import scaled

SCRIPT = "enter 2\nThe hall smells of wet stone.\nenter 2\nnoise\nenter 1\n"


def _journal(tmp_path: Path, edit=lambda text: text) -> Path:
    journal = tmp_path / "j.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "3",
                "--title", "The Wet Stair", stdin=SCRIPT)
    assert done.code == 0, done.err
    journal.write_text(edit(journal.read_text(encoding="utf-8")), encoding="utf-8")
    return journal


def _reports(journal: Path) -> tuple[str, str]:
    md = solo("export", str(journal), "--format", "md")
    html = solo("export", str(journal), "--format", "html")
    assert md.code == html.code == 0, md.err + html.err
    return md.out, html.out


COMMENTS = ("<!-- remember: the goblins owe us -->\n\n%% a private aside %%\n\n"
            "Wet %%hidden words%% stone and `%% code, not a comment %%` here.\n\n"
            "<!--\na comment over\nthree lines -->\n\n"
            "```\n%% in a fence: shown %%\n<!-- shown too -->\n```")


def test_the_player_s_comments_are_hidden_in_both_reports_as_viewers_hide_them(tmp_path):
    journal = _journal(tmp_path, lambda text: text.replace(
        "The hall smells of wet stone.", "The hall smells of wet stone.\n\n" + COMMENTS))
    for report in _reports(journal):
        for hidden in ("goblins owe us", "private aside", "hidden words", "three lines"):
            assert hidden not in report, hidden
        assert "The hall smells of wet stone." in report
        assert "%% code, not a comment %%" in report  # in a code span: as typed
        assert "in a fence: shown" in report and "shown too" in report
    md, html = _reports(journal)
    assert "Wet  stone and `%% code, not a comment %%` here." in md
    assert "\n\n\n" not in md[md.index("## Journal"):]  # a comment's lines go with it
    assert "<p>Wet  stone and <code>%% code, not a comment %%</code> here.</p>" in html


@pytest.mark.parametrize(("typed", "shown"), [
    (b"a <!-- x --> b", b"a  b"),
    (b"a\n\n<!-- x -->\n\nb", b"a\n\nb"),
    (b"%%a\n\nb%% c", b" c"),                          # Obsidian's comment spans paragraphs
    (b"\\<!-- escaped --> words", b"\\<!-- escaped --> words"),  # (solo's escape of a `<`)
    (b"``a %%x%% `` %%y%%", b"``a %%x%% `` "),
    (b"~~~~\n%%x%%\n~~~\n%%y%%\n~~~~\n%%z%%", b"~~~~\n%%x%%\n~~~\n%%y%%\n~~~~\n"),
    (b"<!-- left open", b"<!-- left open"),
    (b"---\ntitle: 100%% sure\n---\n\n%%x%%", b"---\ntitle: 100%% sure\n---\n\n"),
])
def test_a_comment_is_what_commonmark_and_obsidian_read_as_one(typed, shown):
    crlf = typed.replace(b"\n", b"\r\n")
    assert uncommented([b"plain", typed, crlf]) == [b"plain", shown,
                                                    shown.replace(b"\n", b"\r\n")]


_PIECES = st.sampled_from([b"<!--", b"-->", b"%%", b"%", b"`", b"``", b"```", b"~~~", b"\\",
                           b"\n", b"\r\n", b" ", b"   ", b"\t", b"-", b"<", b">", b"a", b"---\n"])


@settings(max_examples=scaled(3000), deadline=None)
@given(st.lists(_PIECES, max_size=40).map(b"".join), st.booleans())
def test_comments_are_cut_as_the_one_regex_reads_them_left_to_right(typed, headed):
    """Comments are cut where ``re.sub`` with the one pattern cuts them (the reading the
    cases above pin), though a comment left open is not read to the end for each ``<!--``."""
    typed = b"---\ntitle: x\n---\n" + typed if headed else typed
    past = past_front_matter(typed)
    expected = typed[:past] + _HIDDEN.sub(rb"\1", typed[past:])
    assert uncommented([typed]) == [expected if b"<!--" in typed or b"%%" in typed else typed]


def test_a_paste_of_comments_left_open_is_shown_whole_and_the_closed_one_after_it_cut():
    typed = b"x <!-- " * 50 + b"%% aside %% end"
    assert uncommented([typed]) == [b"x <!-- " * 50 + b" end"]


def test_the_title_is_the_heading_the_player_sees_in_every_report(tmp_path):
    journal = _journal(tmp_path, lambda text: text.replace(
        "\n# The Wet Stair\n", "\n# The *Dry* Stair, renamed\n", 1))
    assert "title: The Wet Stair" in journal.read_text()  # the front matter left as it was
    md, html = _reports(journal)
    assert "\ntitle: The *Dry* Stair, renamed\n" in md.split("\n---\n")[0] + "\n"
    assert md.count("\n# ") == 1 and "\n# The *Dry* Stair, renamed\n" in md
    assert "<title>The Dry Stair, renamed</title>" in html  # its text, as the h1 shows it
    assert "<h1>The <em>Dry</em> Stair, renamed</h1>" in html and "Wet Stair" not in html
    stats = solo("stats", str(journal))
    assert stats.out.splitlines()[0] == "The *Dry* Stair, renamed"
    assert json.loads(solo("stats", str(journal), "--json").out)["title"] \
        == "The *Dry* Stair, renamed"


def test_the_page_s_title_is_the_heading_s_text_its_html_escaped_never_markup(tmp_path):
    journal = _journal(tmp_path, lambda text: text.replace(
        "\n# The Wet Stair\n", "\n# The `Iron` \\<b> & **Dry** Stair\n", 1))
    _, html = _reports(journal)
    assert "<h1>The <code>Iron</code> &lt;b&gt; &amp; <strong>Dry</strong> Stair</h1>" in html
    assert "<title>The Iron &lt;b&gt; &amp; Dry Stair</title>" in html


def test_a_journal_whose_title_heading_was_deleted_takes_its_front_matter_s(tmp_path):
    journal = _journal(tmp_path, lambda text: text.replace("\n# The Wet Stair\n", "\n", 1))
    md, html = _reports(journal)
    assert "\n# The Wet Stair\n" in md and "<h1>The Wet Stair</h1>" in html
    assert md.index("\n# The Wet Stair\n") < md.index("## Summary") < md.index("## Journal")


def test_a_heading_of_the_player_s_never_takes_a_turn_s_anchor(tmp_path):
    """A heading typed by hand just before solo's scene heading of turn 2 (in the text of the
    entry that began it), and another in a piece markdown-it renders whole (for its list)."""
    def edit(text: str) -> str:
        text = text.replace("### S2 ", "### Thoughts by the door\n\nWe should be careful.\n\n"
                            "### S2 ", 1)
        return text.replace("### S3 ", "### Loot\n\n- a coin\n- a knife\n\n### S3 ", 1)

    journal = _journal(tmp_path, edit)
    md, html = _reports(journal)
    anchors = re.findall(r'<h3 class="turn" id="turn-(\d+)">([^<]*)', html)
    assert [turn for turn, _ in anchors] == ["1", "2", "3"]
    assert [text for _, text in anchors] == ["S1 ", "S2 ", "S3 "]
    assert "<h3>Thoughts by the door</h3>" in html and "<h3>Loot</h3>" in html
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    for link in re.findall(r'href="#(turn-\d+)"', html):
        assert re.search(f'<h3 class="turn" id="{link}">S\\d+ ', html)
    assert "### Thoughts by the door" in md and "### Loot" in md


def test_a_heading_typed_in_solo_s_form_takes_no_anchor_from_the_scene_solo_wrote(tmp_path):
    """``### S1 *Turn 1*`` typed by hand in the text of turn 2's entry, before solo's own
    ``### S2`` heading: the record says that entry began scene 2, so S2 takes turn 2's id."""
    journal = _journal(tmp_path, lambda text: text.replace(
        "### S2 ", "### S1 *Turn 1*\n\nNotes on the first turn.\n\n### S2 ", 1))
    _, html = _reports(journal)
    anchors = re.findall(r'<h3 class="turn" id="turn-(\d+)">S(\d+) ', html)
    assert anchors == [("1", "1"), ("2", "2"), ("3", "3")]
    assert "<h3>S1 <em>Turn 1</em></h3>" in html


def test_a_heading_typed_with_the_number_of_solo_s_next_scene_leaves_it_the_anchor(tmp_path):
    """``### S2 …`` typed by hand before solo's own ``### S2`` heading (in the text of the entry
    that began scene 2, as solo's is): the turn's id, and the links to it, go to solo's."""
    journal = tmp_path / "j.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "3",
                stdin="enter 2\nenter 2\nask Is the door barred?\nenter 1\n")
    assert done.code == 0, done.err
    journal.write_text(journal.read_text(encoding="utf-8").replace(
        "### S2 ", "### S2 My own notes\n\nWe should be careful.\n\n### S2 ", 1))
    _, html = _reports(journal)
    anchors = re.findall(r'<h3 class="turn" id="turn-(\d+)">(S\d+ [^<]*<em>Turn \d+)', html)
    assert anchors == [("1", "S1 <em>Turn 1"), ("2", "S2 <em>Turn 2"), ("3", "S3 <em>Turn 3")]
    assert "<h3>S2 My own notes</h3>" in html and 'href="#turn-2"' in html  # (the question)


def test_an_encounter_s_note_quotes_the_player_s_words_without_their_comments(tmp_path):
    journal = tmp_path / "n.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "6",
                stdin="enter 2\nThey rush us. %% they were hired %% We hold the door.\n")
    assert done.code == 0, done.err
    [met] = json.loads(solo("stats", str(journal), "--json").out)["encounter_list"]
    assert met["note"] == "They rush us. We hold the door."
    md, html = _reports(journal)
    assert "hired" not in md and "hired" not in html


@pytest.mark.parametrize(("typed", "written"), [
    ("%% note to self", r"\%\% note to self"),          # left open: it would hide what follows
    ("a %%secret%% b %% c", r"a %%secret%% b \%\% c"),  # a closed one is the player's comment
    ("in `%%` code %%%", r"in `%%` code \%\%\%"),
    (r"already \%% escaped", r"already \%% escaped"),
    ("50% off", "50% off"),
])
def test_a_percent_pair_left_open_in_narration_is_escaped_closed_ones_kept(typed, written):
    assert narration_block(typed) == written


def test_a_narration_with_a_percent_pair_left_open_hides_no_later_entry(tmp_path):
    journal = tmp_path / "j.md"
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "3",
                stdin="%% note to self\nenter 2\nWe open the door.\nAn %%aside%% here.\n")
    assert done.code == 0, done.err
    shown = uncommented([journal.read_bytes()])[0].decode()  # (as Obsidian reads comments)
    assert "note to self" in shown and "We open the door." in shown and "@ enter 2" in shown
    assert "aside" not in shown  # (the player's own closed comment stays one)
    for report in _reports(journal):
        assert "% note to self" in report and "We open the door." in report
