"""The fast reading of solo's own record layout: every record solo writes, the map's keys
too, is read in place by the split; and counted events written any other way inside such a
record (a key before the type, a nested value, spaces, a repeated key, a passed-over
encounter) give the same figures and reports as the record-by-record reading."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo.report.columns import Columns
from solo.report.entry_records import EntryRecords
from solo.report.export import report_text
from solo.report.patterns import ANY_ORDER, CAPTURED, RECORD_LINE
from solo.report.read import read_journal
from solo.report.summary import figures
from tests.report.test_report_reordered import resave, tool_resaves
from tests.report.test_report_speed_paths import SCRIPTS, play, record_lines_end_with_a_space

RECORD = re.compile(r"^<!-- solo (\{.*\}) -->$", re.M)


def test_every_record_solo_writes_with_the_map_is_read_in_its_own_layout(tmp_path: Path):
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 3)
    records = [json.loads(body) for body in RECORD.findall(text)]
    assert any("rooms" in record for record in records)
    assert any("dungeon" in record and "live" in record for record in records)  # the undo
    found = list(RECORD_LINE.finditer(text.encode()))
    assert len(found) == len(records) > 20
    for match in found:  # the step, kind, command and turn read where solo writes them
        assert None not in [match[f"solo_{key}"] for key in CAPTURED], match[1][:120]
    for match, record in zip(found, records, strict=True):
        assert json.loads(match["solo_cmd"]) == record["cmd"]
        assert int(match["solo_step"]) == record["step"]


def test_every_record_resaved_in_any_order_is_read_without_parsing_it_whole(tmp_path: Path):
    """Its events or its state last, spaced any way: the header's fields and the events
    are found where they stand."""
    text = resave(play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 5),
                  tool_resaves(5))
    bodies = RECORD.findall(text)
    lasts = {next(reversed(json.loads(body))) for body in bodies}
    assert {"ev", "state"} <= lasts
    for body in bodies:
        found, record = ANY_ORDER.fullmatch(body.encode()), json.loads(body)
        assert found is not None, body[:120]
        assert (int(found["step"]), found["kind"].decode(), json.loads(found["cmd"]),
                int(found["turn"]), json.loads(found["events"])) == \
            (record["step"], record["kind"], record["cmd"], record["turn"], record["ev"])


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
    taken_back = {entry.step for entry in read_journal(path).entries if entry.retracted}
    lines = path.read_text(encoding="utf-8").split("\n")
    commands = [number for number, line in enumerate(lines)
                if line.startswith('<!-- solo {"v":2,') and '"kind":"command"' in line
                and json.loads(line[len("<!-- solo "):-len(" -->")])["step"] not in taken_back]
    assert len(commands) >= 5 + len(events)
    for number, event in zip(commands[4:], events, strict=False):
        lines[number] = lines[number].replace(',"ev":[', ',"ev":[' + event + ",", 1)
    return "\n".join(lines)


def both_ways(path: Path) -> tuple[tuple, tuple]:
    """Figures, counted events, moves and reports of ``path`` read in columns, and of the
    same records read one by one."""
    reshaped = path.with_name("reshaped-" + path.name)
    reshaped.write_text(record_lines_end_with_a_space(path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    read = []
    for name, kind in ((path, Columns), (reshaped, EntryRecords)):
        crawl = read_journal(name)
        assert type(crawl.records) is kind
        read.append((figures(crawl), crawl.records.counted, crawl.records.moves,
                     report_text(name, "md").text, report_text(name, "html").text))
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
