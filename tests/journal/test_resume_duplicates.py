"""Resuming a journal whose records were copied or moved: one notice, and play goes on from
the right entry.

An editor's paste or a sync tool's merge can leave a record twice in a journal, or move one
after a later step. The reports count each step once and ``solo export`` names them in one
notice (tests/report/test_report_duplicates.py); resuming names them too, in one line of the same
words, and resumes from the latest entry (the first copy of the highest step), even when the
file's last record is an old one pasted at its end. An undamaged journal, or one whose last
entry a crash cut off and a later sitting wrote again, says nothing.

Every journal here is played by solo; the damage is done to its text afterwards.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.plain_text import PlainTextOutput

from solo.journal.record_split import split_records
from solo.journal.store import SCAN_BYTES, read_meta, read_tail
from solo.play.repl import run_interactive
from solo.play.resume import journal_world, resume
from solo.play.session import Session
from solo.report.export import report_text
from solo.report.read import read_journal
from tests.fake_env import run_here, solo
from tests.journal_snapshots import scan_steps
from tests.suite_profile import scaled

RECORD_LINE = re.compile(r"^ *<!-- solo \{.*\}\} -->$", re.M)
PLAYED = "enter\n" * 8
NEXT = "enter\n"


def record_data(record: str) -> dict:
    return json.loads(record[len("<!-- solo "):-len(" -->")])


def records(text: str) -> list[str]:
    return RECORD_LINE.findall(text)


def line_steps(text: str) -> dict[int, int]:
    """Each record's step, by the line it stands at."""
    return {number: record_data(line.strip())["step"]
            for number, line in enumerate(text.split("\n"), 1)
            if re.fullmatch(r" *<!-- solo \{.*\} -->", line)}


TIDY = " (nothing needs mending: deleting a copy, or moving a record back, only tidies the file)"


def crawl(tmp_path: Path, name: str = "j.md") -> Path:
    """Eight rooms of d12-tension, played in batch mode (steps 0 to 8)."""
    path = tmp_path / name
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "9", "--title", "T",
                stdin=PLAYED)
    assert done.code == 0, done.err
    return path


def doubled(text: str) -> str:
    """The issue's ``sed 's/^<!-- solo .*-->$/&\\n\\n&/'``: every record twice."""
    return re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1", text, flags=re.M)


def old_copy_last(text: str) -> str:
    """A copy of step 3's record pasted at the end (the file's last record is a duplicate)."""
    return text + "\n" + records(text)[3] + "\n"


def moved_last(text: str) -> str:
    """Step 5's record cut from its place and pasted at the end (the last is out of place)."""
    line = records(text)[5]
    return text.replace(line + "\n", "", 1) + "\n" + line + "\n"


def last_two_swapped(text: str) -> str:
    """The records of steps 7 and 8 swapped (the last in the file is step 7)."""
    seven, eight = records(text)[7:9]
    return text.replace(seven, "\0").replace(eight, seven).replace("\0", eight)


def json_tool(text: str) -> str:
    """Every record re-saved by a JSON tool (keys sorted, its own spacing), then step 2's
    pasted at the end."""
    def resave(match: re.Match[str]) -> str:
        data = json.loads(match[0][len("<!-- solo "):-len(" -->")])
        return "<!-- solo " + json.dumps(data, sort_keys=True, indent=None) + " -->"
    text = RECORD_LINE.sub(resave, text)
    return text + "\n" + re.findall(r"^<!-- solo .*-->$", text, re.M)[2] + "\n"


DAMAGE: dict[str, tuple[Callable[[str], str], list[int], list[int]]] = {
    # how: (damage, duplicate steps named, out-of-place steps named)
    "every record twice": (doubled, list(range(9)), []),
    "an old record pasted last": (old_copy_last, [3], []),
    "a record moved to the end": (moved_last, [], [5]),
    "the last two swapped": (last_two_swapped, [], [7]),
    "re-saved by a JSON tool, an old one pasted last": (json_tool, [2], []),
}


@pytest.mark.parametrize("how", DAMAGE)
def test_resuming_names_the_records_once_and_plays_on_from_the_latest_entry(tmp_path: Path,
                                                                            how: str):
    damage, duplicates, out_of_place = DAMAGE[how]
    intact = crawl(tmp_path, "intact.md")
    damaged = tmp_path / "damaged.md"
    damaged.write_text(damage(intact.read_text(encoding="utf-8")), encoding="utf-8")
    notice = report_text(damaged, "md").notice
    assert notice is not None

    expected = solo("play", str(intact), stdin=NEXT)
    played = solo("play", str(damaged), stdin=NEXT)

    assert expected.code == played.code == 0
    assert expected.err == ""
    assert played.out == expected.out  # the same room, the same dice: step 8's state
    lines = played.err.splitlines()
    assert len(lines) == 1, played.err
    assert notice in lines[0]  # the export's words
    at = line_steps(damaged.read_text(encoding="utf-8"))
    latest = min(number for number, step in at.items() if step == 8)
    assert f"play goes on from the latest entry (its record at line {latest})." in lines[0]
    # the entry it wrote is the one the intact journal got, step 9 after step 8 (a JSON
    # tool's key order may stay in the state's settings)
    assert record_data(records(damaged.read_text(encoding="utf-8"))[-1]) == \
        record_data(records(intact.read_text(encoding="utf-8"))[-1])
    named = scan_steps(damaged)
    assert (list(named.duplicates), list(named.out_of_place)) == (duplicates, out_of_place)
    assert ([at[number] for number in named.lines[0]], [at[number] for number in named.lines[1]]) \
        == (duplicates, out_of_place)  # each named by its line in the file


def test_the_issues_repro_through_the_command_line(tmp_path: Path):
    """``printf 'enter\\n%.0s' 1 … 8 | solo new …; sed …; echo enter | solo play R.md``."""
    new = run_here("new", "R.md", "--system", "d12-tension", "--seed", "9", "--title", "T",
                   cwd=tmp_path, stdin=PLAYED)
    assert new.returncode == 0, new.stderr
    journal = tmp_path / "R.md"
    intact = journal.read_text(encoding="utf-8")
    (tmp_path / "I.md").write_text(intact, encoding="utf-8")
    journal.write_text(doubled(intact), encoding="utf-8")

    played = run_here("play", "R.md", cwd=tmp_path, stdin=NEXT)
    expected = run_here("play", "I.md", cwd=tmp_path, stdin=NEXT)

    assert played.returncode == 0
    assert played.stdout == expected.stdout and "[R:9|" in played.stdout
    at = sorted(line_steps(doubled(intact)))
    note = (f"9 records at lines {', '.join(map(str, at[1::2]))} repeat an earlier record's "
            f"step and were counted once{TIDY}")
    assert played.stderr == (f"Records out of step order in the journal: {note}; play goes on "
                             f"from the latest entry (its record at line {at[-2]}).\n")
    exported = run_here("export", "R.md", "-o", "R.html", cwd=tmp_path)
    assert exported.stderr.splitlines() == [f"solo: notice: R.md: {note}"]


def test_a_journal_as_solo_wrote_it_says_nothing(tmp_path: Path):
    journal = crawl(tmp_path)
    assert scan_steps(journal).note() == ""
    assert solo("play", str(journal), stdin=NEXT).err == ""


def test_narration_quoting_a_record_is_no_record(tmp_path: Path):
    """The player's words may quote a record's opening, even one naming a later step: it
    begins no line, so it is no record, and resuming says nothing of it."""
    journal = tmp_path / "j.md"
    quoted = '<!-- solo {"v":2,"step":99, -->'
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "9", "--title",
                "T", stdin=f"enter\nA note on the wall: {quoted}\nenter\n")
    assert done.code == 0, done.err
    # (its '<' escaped for Markdown viewers, issue 37)
    assert f"A note on the wall: \\{quoted}" in journal.read_text(encoding="utf-8")
    assert scan_steps(journal).note() == ""
    again = solo("play", str(journal), stdin=NEXT)
    assert again.code == 0 and again.err == ""


def test_an_entry_cut_off_by_a_crash_and_written_again_is_no_duplicate(tmp_path: Path):
    """A torn last record keeps its step's header; the next sitting writes that step again.
    The torn one is no record (it cannot be read), so nothing repeats."""
    journal = crawl(tmp_path)
    data = journal.read_bytes()
    journal.write_bytes(data[:data.rfind(b'"state":') + 20])  # step 8's record, cut
    first = solo("play", str(journal), stdin=NEXT)
    assert "no readable record" in first.err and "step order" not in first.err
    assert len(re.findall(r'^<!-- solo \{"v":2,"step":8,', journal.read_text(), re.M)) == 2
    again = solo("play", str(journal), stdin=NEXT)
    assert again.code == 0 and again.err == ""


def test_status_reads_the_latest_entry_too(tmp_path: Path):
    intact = crawl(tmp_path, "intact.md")
    damaged = tmp_path / "damaged.md"
    damaged.write_text(old_copy_last(intact.read_text(encoding="utf-8")), encoding="utf-8")
    wanted = json.loads(solo("status", str(intact), "--json").out)
    found = json.loads(solo("status", str(damaged), "--json").out)
    assert (found["turn"], found["room"]) == (wanted["turn"], wanted["room"]) != (3, None)


def test_a_long_journal_is_looked_through_at_its_end(tmp_path: Path):
    """Beyond :data:`SCAN_BYTES`, resume looks through the journal's last part only (the
    reports read it all): where a record there is out of order, it reads the whole file, so
    that a copy is told as one, and named by its line in the file."""
    journal = crawl(tmp_path)
    text = journal.read_text(encoding="utf-8")
    lines = records(text)
    damaged = tmp_path / "damaged.md"
    damaged.write_text(text + "\n" + lines[6] + "\n", encoding="utf-8")
    window = len(lines[6]) + len(lines[8]) + 400  # steps 8 and the copy of 6 in it
    near = scan_steps(damaged, limit=window)
    assert near.duplicates == () and near.out_of_place == (6,)  # its first copy is outside
    assert near.latest is not None and near.latest.step == 8
    last = len(damaged.read_text(encoding="utf-8").split("\n")) - 1
    assert near.lines[1][0] < last  # (counted from the tail's first line)
    world = journal_world(damaged, read_meta(damaged))
    resumed = resume(world, read_meta(damaged), damaged, read_tail(damaged, least=window))
    assert resumed.notices[0].startswith(
        f"Records out of step order in the journal: 1 record at line {last} repeats an "
        "earlier record's step and was counted once")
    assert scan_steps(damaged).duplicates == (6,)  # the whole file: a duplicate
    assert SCAN_BYTES >= 1024 * 1024 and read_tail(damaged, least=SCAN_BYTES).window == 0


def test_the_prompt_says_it_once_when_the_sitting_opens(tmp_path: Path):
    journal = crawl(tmp_path)
    journal.write_text(old_copy_last(journal.read_text(encoding="utf-8")), encoding="utf-8")
    last = len(journal.read_text(encoding="utf-8").split("\n")) - 1  # (the copy pasted last)
    screen = io.StringIO()
    session = Session(journal)
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("enter\r\x04")
            pipe.close()
            output = PlainTextOutput(screen)
            with create_app_session(input=pipe, output=output):
                assert run_interactive(session, input=pipe, output=output) == 0
    finally:
        session.close()
    shown = screen.getvalue()
    assert shown.count("Records out of step order") == 1
    assert f"1 record at line {last} repeats an earlier record's step and was counted once" \
        in shown
    assert session.state.step == 9 and "[R:9|" in shown


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A crawl of eight rooms with narration and an undo between them."""
    path = tmp_path_factory.mktemp("played") / "j.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "4", "--title", "H",
                stdin="enter 3\nThe stair ends.\nenter 2\nundo\nenter 2\nnoise\n" + PLAYED)
    assert done.code == 0, done.err
    return path.read_text(encoding="utf-8")


@settings(max_examples=scaled(30), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_resume_names_what_the_reports_name_and_finds_their_latest_entry(
        tmp_path_factory: pytest.TempPathFactory, played: str, data: st.DataObject):
    """Records put back in any order, any of them any number of times, one of them maybe
    re-indented (read the slower way): the look on resume names the same steps as ``solo
    stats --json``, and finds the first copy of the highest step."""
    pieces = RECORD_LINE.split(played)  # the text around the records
    lines = records(played)
    chosen = data.draw(st.lists(st.integers(0, len(lines) - 1), min_size=1,
                                max_size=len(lines) + 4), label="records in the file")
    chosen[0] = 0  # the start record stays first (the journal's front matter is before it)
    if data.draw(st.booleans(), label="one re-indented"):
        lines = [*lines]
        lines[chosen[-1]] = "  " + lines[chosen[-1]]
    text = pieces[0] + "".join(lines[index] + (pieces[place + 1] if place + 1 < len(pieces)
                                               else "\n")
                               for place, index in enumerate(chosen))
    path = tmp_path_factory.mktemp("any-order") / "j.md"
    path.write_text(text, encoding="utf-8")
    crawl_read = read_journal(path)
    found = scan_steps(path)
    assert (list(found.duplicates), list(found.out_of_place)) == \
        (crawl_read.duplicates, crawl_read.out_of_place)
    steps = [record_data(lines[index].strip())["step"] for index in chosen]
    if found.note():
        latest = found.latest
        assert latest is not None and latest.step == max(steps)
        chosen_line = lines[chosen[steps.index(max(steps))]].strip()
        assert [latest] == [span.record for span in split_records(chosen_line.encode())[0]]
