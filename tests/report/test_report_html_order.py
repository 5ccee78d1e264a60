"""The html report's journal is the journal's text in the file's order, as the md report's
is, whatever an editor did to it: prose typed before a pasted copy of an entry stays on the
page, and an entry moved shows where it stands. What the records say of an entry (taken
back, met an encounter, the first scene of its turn) still marks that entry; a pasted
copy, which counts for nothing, is shown as it stands, unmarked.

Every journal here is played by solo, then edited as a player's editor would."""

from __future__ import annotations

import html as html_module
import re
from pathlib import Path

from solo.report.export import report_text
from tests import session_play

COMMANDS = ("light", "enter", "noise")
SCRIPT = ["light torch", "enter 3", "Black water at the foot of the stair.", "enter 3",
          "noise", "undo", "Mara chalks an arrow on the wall.", "enter 3", "enter 3",
          "The bones clatter down the steps.", "enter 3", "enter 3"]
RECORD = re.compile(r"^<!-- solo \{.*\}\} -->$", re.M)
ANCHOR = re.compile(r'<h3 class="turn" id="turn-(\d+)">([^<]*)<em>([^<]*)</em>')
MET = re.compile(r'<div class="mech met">(.*?)</div></div>')


def play(path: Path) -> str:
    """The script played on d12-tension (seed 4: the crawl meets encounters); the text."""
    return session_play.played(path, "d12-tension", SCRIPT, 4, commands=COMMANDS,
                               title="The Cistern")


def entries(text: str) -> list[str]:
    """The text cut after each record: each piece an entry, its record last; then the rest."""
    return re.split(r"(?<=\}\} -->\n)", text)


def step_of(entry: str) -> int:
    return int(re.search(r'<!-- solo \{"v":2,"step":(\d+),', entry)[1])


def journal_section(html: str) -> str:
    return html[html.index('<section class="journal">'):html.index("</main>")]


def read_html(html: str) -> list[str]:
    """The journal as a reader of the page reads it: each heading, paragraph and notation
    line, in order, as text."""
    text = re.sub(r"</(?:div|p|h\d)>", "\n", journal_section(html))
    lines = html_module.unescape(re.sub(r"<[^>]+>", "", text)).split("\n")
    return [line.strip() for line in lines if line.strip() and line.strip() != "Journal"]


def read_md(report: str) -> list[str]:
    """The same of the md report's journal: its lines, without the Markdown marks."""
    body = report[report.index("## Journal\n") + len("## Journal\n"):]
    lines = (line.lstrip("#").replace("*", "").strip() for line in body.split("\n"))
    return [line for line in lines if line and line != "```"]


def reports(path: Path, text: str) -> tuple[str, list[str]]:
    """The html report of ``text`` and what a reader reads in its journal, checked to be
    what the md report's journal reads (both follow the file)."""
    path.write_text(text, encoding="utf-8")
    html = report_text(path, "html").text
    assert read_html(html) == read_md(report_text(path, "md").text)
    return html, read_html(html)


def marks(html: str) -> tuple[list[tuple[str, str, str]], list[str], list[str]]:
    """What the records mark on the page: the turns' anchors (with their headings), the
    mechanics that met an encounter, and those taken back."""
    section = journal_section(html)
    return (ANCHOR.findall(section), MET.findall(section),
            re.findall(r'<div class="mech retracted[^"]*">(.*?)</div></div>', section))


def played(path: Path) -> tuple[list[str], list[str], tuple]:
    """The journal played, cut into its entries (``[step]``: the one of that step; then
    the text after the last), what a reader reads in its html report, and its marks."""
    text = play(path)
    html, read = reports(path, text)
    return entries(text), read, marks(html)


def test_the_played_journal_reads_the_same_in_both_reports_with_each_mark(tmp_path: Path):
    pieces, read, (anchors, met, struck) = played(tmp_path / "j.md")
    assert [step_of(piece) for piece in pieces[:-1]] == list(range(13))
    assert [(turn, when.split(" ·")[0]) for turn, _, when in anchors] \
        == [(str(turn), f"Turn {turn}") for turn in range(1, 7)]
    assert len(met) == 4 and len(struck) == 1 and "@ noise" in struck[0]
    assert read[read.index("@ noise") + 2] == "(taken back with undo)"


def test_prose_before_a_copy_pasted_at_the_end_stays_on_the_page(tmp_path: Path):
    path = tmp_path / "j.md"
    pieces, before, played_marks = played(path)
    fight = pieces[8]  # turn 3's move, which met an encounter
    html, read = reports(path, "".join(pieces) + "\nI copied the fight here to remember it:\n"
                         + fight)
    assert read[:len(before)] == before
    assert read[len(before)] == "I copied the fight here to remember it:"
    copied = read[len(before) + 1:]
    at = before.index("S3 Turn 3 · 0:30")
    assert copied == before[at:at + len(copied)] and len(copied) > 3
    assert marks(html) == played_marks  # the copy: no anchor, not marked as met


def test_a_copy_pasted_earlier_leaves_the_prose_before_the_original(tmp_path: Path):
    """The copy is first in the file, so it is the one counted: it takes the marks, and the
    original, left out as its duplicate, keeps the prose typed before it."""
    path = tmp_path / "j.md"
    pieces, _, played_marks = played(path)
    fight = pieces[8]
    pieces[8] = "\nWritten before the original.\n" + fight
    pieces.insert(2, "\nA copy, kept near the start:\n" + fight)
    html, read = reports(path, "".join(pieces))
    copy, original = (index for index, line in enumerate(read) if line == "S3 Turn 3 · 0:30")
    assert read[copy - 1] == "A copy, kept near the start:"
    assert read[original - 1] == "Written before the original."
    assert copy < read.index("S1 Turn 1 · 0:10") < read.index("Mara chalks an arrow on the wall.") \
        < original
    section = journal_section(html)
    assert section.index('id="turn-3"') < section.index('class="mech met"') \
        < section.index('id="turn-1"')  # the copy's heading and mechanics marked
    assert section.count("<h3>S3 <em>Turn 3") == 1  # the original's: no anchor
    anchors, met, struck = marks(html)
    assert sorted(anchors) == sorted(played_marks[0])
    assert sorted(met) == sorted(played_marks[1]) and struck == played_marks[2]


def test_an_entry_moved_shows_where_it_stands_and_keeps_its_marks(tmp_path: Path):
    """The narration typed after a move swapped with it: both reports show it first, and
    the anchors, the met mechanics and the mark taken back stay on their entries."""
    path = tmp_path / "j.md"
    pieces, before, played_marks = played(path)
    assert "The bones clatter down the steps." in pieces[10]
    pieces[9], pieces[10] = pieces[10], pieces[9]
    html, read = reports(path, "".join(pieces))
    bones = read.index("The bones clatter down the steps.")
    assert read[bones + 1] == "S4 Turn 4 · 0:40"
    assert sorted(read) == sorted(before)
    assert marks(html) == played_marks


def test_an_entry_taken_back_and_moved_keeps_its_mark(tmp_path: Path):
    path = tmp_path / "j.md"
    pieces, _, played_marks = played(path)
    pieces.insert(1, pieces.pop(5))  # the noise taken back, moved before the first move
    html, read = reports(path, "".join(pieces))
    assert read.index("@ noise") < read.index("@ light torch")
    assert read[read.index("@ noise") + 2] == "(taken back with undo)"
    assert marks(html) == played_marks
