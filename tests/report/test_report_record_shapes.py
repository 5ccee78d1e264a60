"""A journal whose records a JSON tool re-saved is read as fast as solo's own: the layout is
learned from its first record, and the whole journal is cut apart by one split, no record
read on its own; and what that reading relies on holds for every record solo writes."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.journal.record_schema import EVENTS_KEY, STATE_KEY, TOP_KEYS
from solo.report.columns import SOLO_LAYOUT, Columns
from solo.report.patterns import unquote
from solo.report.read import read_journal
from solo.report.record_shapes import Shapes, learned_layout
from tests.report.test_report_reordered import resave, shuffled, sorted_spaced
from tests.report.test_report_speed_paths import SCRIPTS, play, reports

RECORD = re.compile(r"^<!-- solo (\{.*\}) -->$", re.M)
EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"


def tight_sorted(record: Any) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def spaced_in_order(record: Any) -> str:
    """solo's own order, spaced as Python's json spaces it."""
    return json.dumps(record, ensure_ascii=False)


def tabbed_sorted(record: Any) -> str:
    return json.dumps(record, sort_keys=True, separators=(" ,\t", " :  "), ensure_ascii=False)


TOOLS = {"sorted, spaced": sorted_spaced, "sorted, tight": tight_sorted,
         "solo's order, spaced": spaced_in_order, "sorted, tabs": tabbed_sorted}


@pytest.mark.parametrize("system", sorted(SCRIPTS))
@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_a_journal_resaved_by_a_tool_is_read_in_one_split_and_reports_the_same(
        tmp_path: Path, system: str, tool: str):
    text = play(tmp_path / "solo.md", system, SCRIPTS[system], 7)
    truth = reports(tmp_path / "solo.md")
    path = tmp_path / "resaved.md"
    path.write_text(resave(text, TOOLS[tool]), encoding="utf-8")
    assert path.read_text(encoding="utf-8") != text
    records = read_journal(path).records
    assert isinstance(records, Columns)
    assert records.layout is not SOLO_LAYOUT
    assert records.read_alone == 0  # every record cut apart by the one split
    assert reports(path) == truth


def test_a_resaved_journal_played_on_reads_the_same_as_one_never_resaved(tmp_path: Path):
    """The first records re-saved by a tool, the later ones as solo wrote them: each is
    read in its own layout."""
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 3)
    truth = reports(tmp_path / "solo.md")
    half = len(text) // 2
    cut = text.index("\n<!-- solo ", half)
    (tmp_path / "mixed.md").write_text(resave(text[:cut], sorted_spaced) + text[cut:],
                                       encoding="utf-8")
    records = read_journal(tmp_path / "mixed.md").records
    assert isinstance(records, Columns) and records.read_alone > 0
    assert reports(tmp_path / "mixed.md") == truth


def test_a_command_that_spells_out_the_record_s_own_keys_reads_as_typed(tmp_path: Path):
    """Brackets and the record's key names in what the player typed (a JSON string) never
    move where a value ends."""
    odd = 'ask Is it ], "kind": "x", "state": {"step": 9}, "turn": 4} really? likely'
    lines = [*SCRIPTS["d12-tension"][:6], odd, *SCRIPTS["d12-tension"][6:]]
    text = play(tmp_path / "solo.md", "d12-tension", lines, 3)
    asked = odd.removeprefix("ask ").removesuffix(" likely")
    assert read_journal(tmp_path / "solo.md").questions[0].question == asked
    truth = reports(tmp_path / "solo.md")
    for name, tool in TOOLS.items():
        path = tmp_path / f"{name}.md"
        path.write_text(resave(text, tool), encoding="utf-8")
        assert reports(path) == truth, name


def test_each_record_shuffled_its_own_way_is_learned_order_by_order(tmp_path: Path):
    text = play(tmp_path / "solo.md", "trespasser", SCRIPTS["trespasser"], 3)
    rng = random.Random(4)
    bodies = [json.dumps(shuffled(json.loads(body), rng)).encode()
              for body in RECORD.findall(text)]
    found = Shapes().match_all(bodies)
    for body, match in zip(bodies, found, strict=True):
        record = json.loads(body)
        assert match is not None, body[:100]
        assert (int(match["step"]), match["kind"].decode(), json.loads(match["cmd"]),
                int(match["turn"]), json.loads(match["events"])) == \
            (record["step"], record["kind"], record["cmd"], record["turn"], record["ev"])


def test_a_record_with_both_a_whole_map_and_changes_keeps_each_apart():
    """solo writes one or the other, but a hand may write both: neither takes the other in."""
    dungeon = {"here": "R2", "rooms": [{"id": "R1", "x": [["N", "R2"]]},
                                       {"id": "R2", "x": [["S", "R1"]]}], "out": "R1"}
    changes = {"here": "R2", "rooms": [{"id": "R2", "d": "a {curly} [hall]", "x": []}]}
    record = {"v": 2, "step": 4, "kind": "command", "cmd": "go N", "draws": 4, "session": 1,
              "scene": 2, "turn": 2, "dungeon": dungeon, "rooms": changes, "map": 4,
              "ev": [{"t": "Acted", "command": "go N"}], "state": {"turn": 2, "step": 4}}
    for dump in TOOLS.values():
        body = dump(record).encode()
        layout = learned_layout(body)
        assert layout is not None
        parts = layout.line.split(b"\n<!-- solo " + body + b" -->\n")
        whole, changed = (parts[group] for group in layout.maps)
        assert (json.loads(whole), json.loads(changed)) == (dungeon, changes)
        assert json.loads(parts[layout.events]) == record["ev"]


def _keys_below_the_top(value: Any, depth: int = 0) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        if depth:
            found |= set(value)
        for item in value.values():
            found |= _keys_below_the_top(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            found |= _keys_below_the_top(item, depth + 1)
    return found


def test_the_events_and_the_state_are_keys_of_a_record_s_top_only(tmp_path: Path):
    """What the learned reading relies on to find where the events and the state end."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.md"))
             if not path.name.endswith(".report.md")]
    texts += [play(tmp_path / f"{system}.md", system, SCRIPTS[system], 3)
              for system in SCRIPTS]
    records = [json.loads(body) for text in texts for body in RECORD.findall(text)]
    assert len(records) > 200 and any("dungeon" in record for record in records)
    below = set().union(*map(_keys_below_the_top, records))
    assert "kind" in below and "turn" in below  # (the walk does look below the top)
    assert not {EVENTS_KEY, STATE_KEY} & below


def test_every_record_solo_writes_has_its_keys_in_the_schema_s_order(tmp_path: Path):
    """The schema's order is the writer's: a tool that keeps the order is read in it."""
    place = {key: index for index, key in enumerate(TOP_KEYS)}
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.md"))
             if not path.name.endswith(".report.md")]
    texts.append(play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 3))
    records = [json.loads(body) for text in texts for body in RECORD.findall(text)]
    assert any("dungeon" in record for record in records)
    assert any("rooms" in record for record in records)
    for record in records:
        places = [place[key] for key in record]
        assert places == sorted(places), list(record)


def test_records_the_learned_layout_does_not_fit_are_counted_in_their_place(tmp_path: Path):
    """Sorted records, with a few shuffled their own way among them (each read on its
    own): the figures, the map and the exports are the crawl's."""
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 3)
    truth = reports(tmp_path / "solo.md")
    rng = random.Random(9)
    count = iter(range(10_000))

    def dump(record: Any) -> str:
        place = next(count)
        if place and place % 4 == 1:  # the second record, the sixth…: a hand's order
            return json.dumps(shuffled(record, rng), ensure_ascii=False)
        return sorted_spaced(record)

    (tmp_path / "mixed.md").write_text(resave(text, dump), encoding="utf-8")
    records = read_journal(tmp_path / "mixed.md").records
    assert isinstance(records, Columns) and records.read_alone >= 5
    assert reports(tmp_path / "mixed.md") == truth


@given(st.one_of(st.text().map(lambda text: json.dumps(text, ensure_ascii=False).encode()),
                 st.text().map(lambda text: json.dumps(text).encode()),
                 st.binary(max_size=12).map(lambda raw: b'"' + raw + b'"'),
                 st.binary(max_size=12)))
def test_a_command_s_json_string_reads_as_json_reads_it(raw: bytes):
    """The reader's quick reading of a command (no escape in it: its bytes are its text)
    gives what JSON gives, and "" where JSON reads no string."""
    try:
        value = json.loads(raw)
    except ValueError:
        value = ""
    assert unquote(raw) == (value if isinstance(value, str) else "")
