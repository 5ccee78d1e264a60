"""Each step counts once: records pasted twice, swapped, renumbered or brought from another
journal never change ``solo stats`` and ``solo export`` past what the crawl played.

A journal's hidden records carry a step number each. The reports take them in step order:
a record whose step repeats an earlier one is a duplicate and counts for nothing (the first
of each step in the file is the one counted), one found after a later step counts in its
own place. ``solo stats --json`` lists both kinds, the summary says so in a note, and
``solo export`` says so in one notice on stderr, still writing the report, exit code 0.

Every journal here is played by solo; the damage is done to its text afterwards, as an
editor's slip or a sync tool's merge would. Each case is read both ways: in columns (every
record in solo's one-line layout) and record by record (an editor's space after each
record's ``-->`` sends the reading that way).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.report.export import report_text, stats_text
from tests.fake_env import run_here
from tests.session_play import played
from tests.suite_profile import scaled

COMMANDS = ("light", "enter", "noise", "ask", "combat-normal", "strike", "douse")
SCRIPT = ["light torch", "enter 3", "The stair ends in black water.", "enter 2", "noise",
          "enter 3", "A tripwire, strung at ankle height.", "undo", "enter 4",
          "ask Is the door locked? likely", "combat-normal", "enter 2",
          "The bones clatter down the steps.", "strike", "enter 3", "undo", "undo", "enter 1",
          "douse torch", "light torch", "enter 3", "enter 2", "enter 3",
          "*Mara* chalks an arrow on the wall.", "enter 4", "enter 3"]
ORDER_KEYS = ("duplicate_records", "out_of_place_records")
RECORD_LINE = re.compile(r"^<!-- solo \{.*\}\} -->$", re.M)
READINGS = ("columns", "by record")  # solo's layout, and a space after every record


def play(path: Path, seed: int, lines: list[str] = SCRIPT) -> str:
    """Play ``lines`` on d12-tension through a real session; the journal's text."""
    return played(path, "d12-tension", lines, seed, commands=COMMANDS, title="Each step once")


def as_read(text: str, reading: str) -> str:
    """The text as the given reading takes it: as is, or with a space after every record
    (an editor's habit that solo's one-line layout does not allow)."""
    return text if reading == "columns" else re.sub(r"^(<!-- solo \{.*\}\} -->)$", r"\1 ",
                                                    text, flags=re.M)


def record_lines(text: str) -> list[int]:
    """The line each record stands at, in the file's order."""
    return [number for number, line in enumerate(text.split("\n"), 1)
            if RECORD_LINE.fullmatch(line)]


def step_of(record: str) -> int:
    return int(re.match(r'<!-- solo \{"v":2,"step":(\d+),', record)[1])


def record_of(text: str, step: int) -> str:
    return next(line for line in RECORD_LINE.findall(text) if step_of(line) == step)


def entries(text: str) -> list[str]:
    """The journal cut after each record: the front matter, title and start record first,
    then one piece an entry (its Lonelog lines or prose, then its record), then the rest."""
    return re.split(r"(?<=\}\} -->\n)", text)


def entry_index(pieces: list[str], step: int) -> int:
    return next(index for index, piece in enumerate(pieces)
                if RECORD_LINE.search(piece) and step_of(RECORD_LINE.search(piece)[0]) == step)


def figures(path: Path, text: str, reading: str) -> dict:
    """``solo stats --json`` for ``text``, read the given way (checked to be that way), the
    reports rendered too (they must not fail)."""
    path.write_text(as_read(text, reading), encoding="utf-8")
    assert report_text(path, "md").text and report_text(path, "html").text
    return json.loads(stats_text(path, True))


def counted(found: dict) -> dict:
    """The figures without the lists of records counted once or in their place."""
    return {key: value for key, value in found.items() if key not in ORDER_KEYS}


def steps_with(text: str, event: str) -> list[int]:
    return [step_of(line) for line in RECORD_LINE.findall(text) if f'"t":"{event}"' in line]


def steps_of_kind(text: str, kind: str) -> list[int]:
    return [step_of(line) for line in RECORD_LINE.findall(text) if f'"kind":"{kind}"' in line]


@pytest.fixture(params=sorted(READINGS))
def reading(request) -> str:
    return request.param


# -- the repro, through the command line ----------------------------------------------

def test_every_record_pasted_twice_counts_once_in_stats_and_export(tmp_path: Path):
    made = run_here("new", "R.md", "--system", "d12-tension", "--seed", "9", "--title", "T",
                    cwd=tmp_path, stdin="enter\n" * 8)
    assert made.returncode == 0, made.stderr
    journal = tmp_path / "R.md"
    played = journal.read_text(encoding="utf-8")
    (tmp_path / "played.md").write_text(played, encoding="utf-8")
    # as `sed -i 's/^<!-- solo .*-->$/&\n\n&/' R.md` does
    journal.write_text(re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1", played, flags=re.M),
                       encoding="utf-8")

    stats = run_here("stats", "R.md", "--json", cwd=tmp_path)
    truth = run_here("stats", "played.md", "--json", cwd=tmp_path)
    assert stats.returncode == truth.returncode == 0, stats.stderr + truth.stderr
    found, true = json.loads(stats.stdout), json.loads(truth.stdout)
    assert (found["encounters"], found["snapshots"], found["garbled_snapshots"]) == (2, 9, 0)
    assert counted(found) == counted(true)
    assert found["duplicate_records"] == list(range(9)) and found["out_of_place_records"] == []
    assert (true["duplicate_records"], true["out_of_place_records"]) == ([], [])
    copies = ", ".join(map(str, record_lines(journal.read_text(encoding="utf-8"))[1::2]))
    note = (f"9 records at lines {copies} repeat an earlier record's step and were counted "
            "once (nothing needs mending: deleting a copy, or moving a record back, only "
            "tidies the file)")
    assert f"Note: {note}" in run_here("stats", "R.md", cwd=tmp_path).stdout.splitlines()
    assert "Note" not in run_here("stats", "played.md", cwd=tmp_path).stdout

    exported = run_here("export", "R.md", "-o", "R.report.md", cwd=tmp_path)
    assert exported.returncode == 0 and exported.stdout == ""
    assert exported.stderr == f"solo: notice: R.md: {note}\n"
    clean = run_here("export", "played.md", "-o", "played.report.md", cwd=tmp_path)
    assert clean.returncode == 0 and clean.stderr == ""
    report = (tmp_path / "R.report.md").read_text(encoding="utf-8")
    assert f"- **Note:** {note}\n" in report  # and otherwise the report of the crawl played
    assert report.replace(f"- **Note:** {note}\n", "") == \
        (tmp_path / "played.report.md").read_text(encoding="utf-8")


def test_export_names_repeated_and_misplaced_records_in_one_notice(tmp_path: Path):
    text = play(tmp_path / "played.md", 3)
    pieces = entries(text)
    first, second = entry_index(pieces, 4), entry_index(pieces, 9)
    pieces[first], pieces[second] = pieces[second], pieces[first]
    damaged = re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1", "".join(pieces), flags=re.M)
    (tmp_path / "D.md").write_text(damaged, encoding="utf-8")
    steps = [step_of(line) for line in RECORD_LINE.findall("".join(pieces))]
    assert steps[:10] == [0, 1, 2, 3, 9, 5, 6, 7, 8, 4]
    done = run_here("export", "D.md", "--format", "html", "-o", "D.html", cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "D.html").stat().st_size > 0
    at = record_lines(damaged)  # every record twice, steps 4 and 9 swapped
    named = ", ".join(map(str, at[1:20:2])) + ", …"
    assert done.stderr == (f"solo: notice: D.md: {len(steps)} records at lines {named} repeat "
                           "an earlier record's step and were counted once; 2 records at "
                           f"lines {at[8]}, {at[18]} stand after a later step's record and "
                           "were counted in step order (nothing needs mending: deleting a "
                           "copy, or moving a record back, only tidies the file)\n")


# -- duplicated --------------------------------------------------------------------------

def test_every_record_twice_gives_the_figures_of_the_crawl_played(tmp_path: Path, reading):
    text = play(tmp_path / "played.md", 3)
    true = figures(tmp_path / "played.md", text, reading)
    twice = re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1", text, flags=re.M)
    found = figures(tmp_path / "twice.md", twice, reading)
    assert counted(found) == counted(true)
    assert found["duplicate_records"] == [step_of(line) for line in RECORD_LINE.findall(text)]
    assert true["encounters"] >= 1 and true["questions"] >= 1 and true["danger"]["peak"] >= 1
    for fmt in ("md", "html"):  # the same report, with a note: what was undone marked so
        report = report_text(tmp_path / "twice.md", fmt).text
        assert "taken back with undo" in report and "repeat an earlier record" in report
        assert without_note(report) == report_text(tmp_path / "played.md", fmt).text, fmt


def without_note(report: str) -> str:
    """A report with its summary's note on repeated records taken out."""
    return re.sub(r"- \*\*Note:\*\* [^\n]*\n|<dt>Note</dt><dd>[^<]*</dd>", "", report)


@pytest.mark.parametrize("what", ["encounter", "undo", "narration", "tension"])
def test_one_record_twice_counts_once(tmp_path: Path, reading, what: str):
    text = play(tmp_path / "played.md", 3)
    step = {"encounter": steps_with(text, "Encountered"), "undo": steps_of_kind(text, "undo"),
            "narration": steps_of_kind(text, "narration"),
            "tension": steps_with(text, "TrackerChanged")}[what][0]
    record = record_of(text, step)
    true = figures(tmp_path / "played.md", text, reading)
    for name, damaged in (
            ("record.md", text.replace(record, f"{record}\n\n{record}")),  # the comment alone
            ("thrice.md", text.replace(record, f"{record}\n\n{record}\n{record}")),
            ("at-end.md", text.rstrip("\n") + f"\n\n{record}\n")):  # a merge appended it
        found = figures(tmp_path / name, damaged, reading)
        assert counted(found) == counted(true), name
        assert found["duplicate_records"] == [step] * (damaged.count(record) - 1), name


def test_a_whole_entry_pasted_twice_counts_once(tmp_path: Path, reading):
    text = play(tmp_path / "played.md", 5)
    true = figures(tmp_path / "played.md", text, reading)
    pieces = entries(text)
    for step in steps_with(text, "Encountered")[:2] + steps_with(text, "Answered")[:1]:
        index = entry_index(pieces, step)
        pasted = pieces[:index + 1] + [pieces[index]] + pieces[index + 1:]
        found = figures(tmp_path / f"pasted-{step}.md", "".join(pasted), reading)
        assert counted(found) == counted(true) and found["duplicate_records"] == [step]


# -- swapped ------------------------------------------------------------------------------

@pytest.mark.parametrize("steps", [(6, 7), (3, 12), (1, 20)])
def test_two_entries_swapped_give_the_figures_of_the_crawl_played(tmp_path: Path, reading,
                                                                  steps: tuple[int, int]):
    text = play(tmp_path / "played.md", 11)
    true = figures(tmp_path / "played.md", text, reading)
    pieces = entries(text)
    first, second = entry_index(pieces, steps[0]), entry_index(pieces, steps[1])
    pieces[first], pieces[second] = pieces[second], pieces[first]
    found = figures(tmp_path / "swapped.md", "".join(pieces), reading)
    assert counted(found) == counted(true) and found["duplicate_records"] == []
    assert found["out_of_place_records"] and set(found["out_of_place_records"]) <= set(steps)


def test_two_records_swapped_under_their_entries_give_the_figures_of_the_crawl_played(
        tmp_path: Path, reading):
    """Only the two comments trade places: the Lonelog lines stay where they were."""
    text = play(tmp_path / "played.md", 11)
    true = figures(tmp_path / "played.md", text, reading)
    encounter, question = steps_with(text, "Encountered")[0], steps_with(text, "Answered")[0]
    first, second = record_of(text, encounter), record_of(text, question)
    swapped = text.replace(first, "\0").replace(second, first).replace("\0", second)
    found = figures(tmp_path / "swapped.md", swapped, reading)
    assert counted(found) == counted(true) and found["out_of_place_records"]


# -- renumbered ---------------------------------------------------------------------------

def renumbered(record: str, step: int) -> str:
    return re.sub(r'^<!-- solo \{"v":2,"step":\d+,', f'<!-- solo {{"v":2,"step":{step},',
                  record)


def test_the_last_record_renumbered_to_an_earlier_step_counts_for_nothing(tmp_path: Path,
                                                                         reading):
    text = play(tmp_path / "played.md", 3)
    records = RECORD_LINE.findall(text)
    last = records[-1]
    without_it = text[:text.index(records[-2]) + len(records[-2]) + 1]  # the crawl one short
    true = figures(tmp_path / "short.md", without_it, reading)
    found = figures(tmp_path / "renumbered.md", text.replace(last, renumbered(last, 4)),
                    reading)
    assert counted(found) == counted(true)
    assert found["duplicate_records"] == [4] and found["out_of_place_records"] == []


def test_a_record_renumbered_in_the_middle_is_named_and_both_readings_agree(tmp_path: Path):
    text = play(tmp_path / "played.md", 3)
    record = record_of(text, steps_with(text, "Encountered")[-1])
    damaged = text.replace(record, renumbered(record, 2))
    read = {name: figures(tmp_path / f"{name}.md", damaged, name) for name in READINGS}
    assert read["columns"] == read["by record"]
    assert read["columns"]["duplicate_records"] == [2]
    assert read["columns"]["snapshots"] == len(RECORD_LINE.findall(text)) - 1


# -- pasted from another journal ----------------------------------------------------------

def test_a_record_from_another_crawl_after_its_step_counts_for_nothing(tmp_path: Path,
                                                                      reading):
    text = play(tmp_path / "played.md", 3)
    other = play(tmp_path / "other.md", 8)
    true = figures(tmp_path / "played.md", text, reading)
    step = steps_with(text, "Encountered")[0]
    stranger = record_of(other, step + 1)  # the other crawl's record of the step after
    assert stranger != record_of(text, step + 1)
    mine = record_of(text, step + 1)
    found = figures(tmp_path / "after.md", text.replace(mine, f"{mine}\n\n{stranger}"),
                    reading)
    assert counted(found) == counted(true) and found["duplicate_records"] == [step + 1]


def test_a_record_from_another_crawl_elsewhere_is_named_never_an_error(tmp_path: Path):
    text = play(tmp_path / "played.md", 3)
    longer = play(tmp_path / "other.md", 8, SCRIPT + ["enter 3"] * 6)
    records, others = RECORD_LINE.findall(text), RECORD_LINE.findall(longer)
    beyond = others[len(records) + 2]  # a step this crawl never reached
    middle = records[len(records) // 2]
    for name, damaged, duplicates, misplaced in (
            ("before-its-twin.md", text.replace(records[5], f"{others[5]}\n\n{records[5]}"),
             [5], []),
            ("beyond.md", text.replace(middle, f"{middle}\n\n{beyond}"), [],
             [step_of(beyond)])):
        read = {way: figures(tmp_path / f"{way}-{name}", damaged, way) for way in READINGS}
        assert read["columns"] == read["by record"], name
        assert read["columns"]["duplicate_records"] == duplicates, name
        assert read["columns"]["out_of_place_records"] == misplaced, name
        assert read["columns"]["snapshots"] == len(records) + (0 if duplicates else 1), name


# -- the party and its supplies -----------------------------------------------------------

def test_a_party_journal_with_every_record_twice_tells_the_party_as_played(tmp_path: Path):
    party = Path(__file__).resolve().parents[2] / "docs" / "examples" / "party.yaml"
    made = run_here("new", "party.md", "--system", str(party), "--seed", "4", "--party",
                    "Wren", "--party", "Brother Ott", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    moves = ["supply ration 1", "explore", "Wren: trap", "undo", "Wren: trap", "rest",
             "Brother Ott: trap", "explore"]
    played = run_here("play", "party.md", cwd=tmp_path, stdin="\n".join(moves) + "\n")
    assert played.returncode == 0, played.stderr
    text = (tmp_path / "party.md").read_text(encoding="utf-8")
    for reading in READINGS:
        true = figures(tmp_path / "party.md", text, reading)
        twice = re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1", text, flags=re.M)
        found = figures(tmp_path / "twice.md", twice, reading)
        assert counted(found) == counted(true)
        assert true["party"][0]["hp_track"] and true["supplies"]


# -- any order, any copies ----------------------------------------------------------------

_PLAYED: dict[str, tuple[str, dict]] = {}  # by reading: the crawl played, and its figures


@settings(max_examples=scaled(25), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_entries_in_any_order_and_records_copied_give_the_figures_of_the_crawl_played(
        tmp_path_factory, data):
    """Entries (their text and record together) shuffled, and any records pasted again
    anywhere after their own: the figures are the crawl's as played, and every record
    moved or copied is named."""
    folder = tmp_path_factory.mktemp("any")
    reading = data.draw(st.sampled_from(sorted(READINGS)))
    if reading not in _PLAYED:  # played once, for every example
        text = play(folder / "played.md", 7)
        _PLAYED[reading] = text, figures(folder / "played.md", text, reading)
    text, true = _PLAYED[reading]
    pieces = entries(text)
    head, played, tail = pieces[0], pieces[1:-1], pieces[-1]
    order = data.draw(st.permutations(range(len(played))))
    shuffled = [played[index] for index in order]
    copies = data.draw(st.lists(st.integers(0, len(shuffled) - 1), max_size=5))
    for index in sorted(copies, reverse=True):  # a copy of its record, somewhere after it
        record = RECORD_LINE.search(shuffled[index])[0]
        where = data.draw(st.integers(index, len(shuffled) - 1))
        shuffled[where] += f"\n{record}\n"
    found = figures(folder / "damaged.md", head + "".join(shuffled) + tail, reading)
    assert counted(found) == counted(true)
    assert len(found["duplicate_records"]) == len(copies)
    assert bool(found["out_of_place_records"]) == (list(order) != sorted(order))


@pytest.mark.parametrize("name", ["format1-trespasser", "format1-party-names"])
def test_a_format_1_journal_with_every_record_twice_counts_each_once(tmp_path: Path,
                                                                     name: str):
    """Journals from before the records carried their events (and their own undo)."""
    text = (Path(__file__).resolve().parents[1] / "data" / f"{name}.md").read_text(
        encoding="utf-8")
    played = tmp_path / "played.md"
    played.write_text(text, encoding="utf-8")
    true = json.loads(stats_text(played, True))
    twice = tmp_path / "twice.md"
    twice.write_text(re.sub(r"^(<!-- solo.*-->)$", r"\1\n\n\1", text, flags=re.M),
                     encoding="utf-8")
    found = json.loads(stats_text(twice, True))
    assert counted(found) == counted(true)
    assert len(found["duplicate_records"]) == true["snapshots"]
    assert without_note(report_text(twice, "md").text) == report_text(played, "md").text
