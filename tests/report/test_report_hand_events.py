"""Counted events written in a record by hand or by a tool (a key before the type, a nested
value, spaces, a repeated key, a passed-over encounter) are read as JSON reads them, and
give the same reports whatever the layout of the records around them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.report.export import report_text
from solo.report.read import read_journal
from solo.report.summary import figures
from tests.report.test_report_layouts import SCRIPTS, play, record_lines_end_with_a_space

# Events put at the head of one record's events each, as a hand or a tool might write
# them: in solo's layout or not, counted or passed over (a repeated key: JSON keeps the last)
ODD_EVENTS = [
    '{"t":"Encountered","table":"hand","text":"a struck one","status":"struck"}',
    '{"t":"Encountered","table":"hand","text":"met after all","status":"struck",'
    '"status":"met"}',
    '{"t":"Encountered","table":"hand","text":"struck after all","status":"met",'
    '"status":"struck"}',
    '{"status":"met","t":"Encountered","table":"hand","text":"the type not first"}',
    '{"t":"Encountered","table":"hand","text":"a } and a \\"quote\\" in it","status":"met"}',
    '{"t": "Encountered", "table": "hand", "text": "spaced, struck", "status": "struck"}',
    '{"t":"Answered","question":"Nested?","odds":"likely","text":"Yes","more":{"a":[1]}}',
    '{"t":"TrackerChanged","tracker":"tension","label":"Tension","before":null,"after":7}',
    '{"t":"LightChanged","kind":"torch","label":"Lamp","before":"unlit","after":"lit",'
    '"note":"\\u00e9t\\u00e9"}',
]


def with_events(path: Path, events: list[str]) -> str:
    """The journal at ``path`` with each event put first in the events of a command's
    record that stands (one each, from the fifth on, the record otherwise as solo wrote
    it)."""
    records = read_journal(path).records
    assert records is not None
    taken_back = {records.steps[index] for index in records.retracted}
    lines = path.read_text(encoding="utf-8").split("\n")
    commands = [number for number, line in enumerate(lines)
                if line.startswith('<!-- solo {"v":2,') and '"kind":"command"' in line
                and json.loads(line[len("<!-- solo "):-len(" -->")])["step"] not in taken_back]
    assert len(commands) >= 5 + len(events)
    for number, event in zip(commands[4:], events, strict=False):
        lines[number] = lines[number].replace(',"ev":[', ',"ev":[' + event + ",", 1)
    return "\n".join(lines)


def both_ways(path: Path) -> tuple[tuple, tuple]:
    """Figures and reports of ``path``, and of the same records each with a space after."""
    reshaped = path.with_name("reshaped-" + path.name)
    reshaped.write_text(record_lines_end_with_a_space(path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    read = []
    for name in (path, reshaped):
        crawl = read_journal(name)
        read.append((figures(crawl), report_text(name, "md").text,
                     report_text(name, "html").text))
    return read[0], read[1]


@pytest.mark.parametrize("events", [ODD_EVENTS, ODD_EVENTS[:3], ODD_EVENTS[4:5]],
                         ids=["all", "in place", "brace in a string"])
def test_counted_events_written_any_way_give_the_same_reports(tmp_path: Path, events):
    play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 11)
    path = tmp_path / "odd.md"
    path.write_text(with_events(tmp_path / "solo.md", events), encoding="utf-8")
    columns, by_record = both_ways(path)
    assert columns == by_record
    met = [encounter["text"] for encounter in columns[0]["encounter_list"]]
    assert ("met after all" in met) == ("met after all" in "".join(events))
    assert not {"a struck one", "struck after all", "spaced, struck"} & set(met)


def test_passed_over_encounters_are_not_counted_but_the_rest_are(tmp_path: Path):
    play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 11)
    path = tmp_path / "odd.md"
    path.write_text(with_events(tmp_path / "solo.md", ODD_EVENTS), encoding="utf-8")
    plain, odd = figures(read_journal(tmp_path / "solo.md")), figures(read_journal(path))
    added = [encounter["text"] for encounter in odd["encounter_list"]
             if encounter not in plain["encounter_list"]]
    assert sorted(added) == sorted(["met after all", "the type not first",
                                    'a } and a "quote" in it'])
    assert odd["questions"] == plain["questions"] + 1
    assert odd["lights"]["lit"].get("Lamp") == 1
