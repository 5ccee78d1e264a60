"""A journal whose hidden records a JSON tool re-saved (keys in another order, other spacing)
reads as the journal solo wrote: ``solo stats --json`` and both exports are the same, and it
is read the fast way (one split of the whole file), not record by record."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from solo.journal.record_schema import TOP_KEYS
from solo.journal.record_types import Record, decode
from solo.report.read import read_journal
from tests.report.test_report_layouts import SCRIPTS, play, reports

RECORD = re.compile(r"^<!-- solo (\{.*\}) -->$", re.M)


def shuffled(value: Any, rng: random.Random) -> Any:
    """The same JSON data with every object's keys in a random order."""
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {key: shuffled(item, rng) for key, item in items}
    if isinstance(value, list):
        return [shuffled(item, rng) for item in value]
    return value


def resave(text: str, dump) -> str:
    """Every record of ``text`` parsed and written again by ``dump`` (kept safe in a
    comment, as any tool writing HTML comments must)."""
    def again(match: re.Match) -> str:
        body = dump(json.loads(match[1])).replace("<", "\\u003c").replace(">", "\\u003e")
        assert "\n" not in body
        return f"<!-- solo {body} -->"
    return RECORD.sub(again, text)


def sorted_spaced(record: Any) -> str:
    return json.dumps(record, sort_keys=True, indent=None, separators=(", ", ": "),
                      ensure_ascii=False)


def tool_resaves(seed: int):
    """Keys shuffled afresh in every record and every object in it, spaced at random."""
    rng = random.Random(seed)

    def dump(record: Any) -> str:
        item, key = rng.choice([(",", ":"), (", ", ": "), (" ,\t", " : "), (",  ", ":\t")])
        return json.dumps(shuffled(record, rng), separators=(item, key),
                          ensure_ascii=rng.random() < .5)
    return dump


@pytest.mark.parametrize("system", sorted(SCRIPTS))
@pytest.mark.parametrize("seed", [3, 11])
def test_records_resaved_with_keys_in_any_order_give_the_same_reports(
        tmp_path: Path, system: str, seed: int):
    text = play(tmp_path / "solo.md", system, SCRIPTS[system], seed)
    truth = reports(tmp_path / "solo.md")
    assert "*(taken back with undo)*" in truth[0] and truth[2]["questions"] >= 1
    for name, dump in (("sorted.md", sorted_spaced), ("shuffled.md", tool_resaves(seed))):
        path = tmp_path / name
        path.write_text(resave(text, dump), encoding="utf-8")
        assert path.read_text(encoding="utf-8") != text
        assert reports(path) == truth, name


def test_a_record_resaved_by_a_tool_reads_the_same_entry_by_entry(tmp_path: Path):
    """Each entry's step, kind, turn, command, events and state, whatever the layout."""
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 5)
    (tmp_path / "shuffled.md").write_text(resave(text, tool_resaves(5)), encoding="utf-8")
    solo, other = (read_journal(tmp_path / name).records for name in ("solo.md", "shuffled.md"))
    assert solo is not None and other is not None
    assert len(solo.kept) == len(other.kept) > 20 and solo.retracted == other.retracted
    for index, (mine, theirs) in enumerate(zip(solo.kept, other.kept, strict=True)):
        assert (theirs.step, theirs.kind, theirs.turn, theirs.cmd, theirs.undid) == \
            (mine.step, mine.kind, mine.turn, mine.cmd, mine.undid)
        assert (theirs.ev, other.state(index)) == (mine.ev, solo.state(index))


def test_every_key_solo_writes_is_named_in_the_schema(tmp_path: Path):
    text = play(tmp_path / "solo.md", "trespasser", SCRIPTS["trespasser"], 3)
    named = set(TOP_KEYS)
    records = [json.loads(body) for body in RECORD.findall(text)]
    assert {key for record in records for key in record} <= named
    typed = [decode(body.encode()) for body in RECORD.findall(text)]
    assert None not in typed
    undo = next(record for record in typed if record is not None and record.kind == "undo")
    data = next(record for record in records if record["kind"] == "undo")
    assert undo.undid == data["undid"] and undo.live == data["live"]


def test_the_record_s_type_names_every_key_solo_writes():
    assert set(Record.__struct_fields__) == set(TOP_KEYS)
