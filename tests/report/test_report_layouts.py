"""A journal reshaped in a way that changes no report (a space after each record, records
side by side, one wrapped over lines, a record's opening quoted in prose) gives the same
reports: Markdown, HTML and the figures, byte for byte.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from solo.journal.record_split import Cut
from solo.journal.record_types import state_of
from tests.fake_env import run_here
from tests.session_play import played

COMMANDS = ("light", "enter", "noise", "ask", "combat-normal", "strike", "douse", "advance",
            "hide", "stay", "listen", "loud")
SCRIPTS = {
    "d12-tension": ["light torch", "enter 3", "The stair ends in black water.", "enter 2",
                    "noise", "enter 3", "A tripwire, strung at ankle height.", "undo",
                    "enter 4", "ask Is the door locked? likely", "combat-normal", "enter 2",
                    "The bones clatter down the steps.", "strike", "enter 3", "undo", "undo",
                    "enter 1", "douse torch", "light torch", "enter 3", "enter 2", "enter 3",
                    "*Mara* chalks an arrow on the wall.", "enter 4", "enter 3"],
    "trespasser": ["light torch", "advance", "We keep low.", "hide success 1", "advance",
                   "ask Is it over?", "advance", "undo", "stay", "loud", "advance",
                   "The corridor turns.", "listen", "advance", "advance"],
}


def play(path: Path, system: str, lines: list[str], seed: int) -> str:
    """Play ``lines`` through a real session (commands, prose, undo); the journal's text."""
    return played(path, system, lines, seed, commands=COMMANDS, title="Both readings")


def reports(path: Path) -> tuple[str, str, dict]:
    """What ``solo export`` (md and html) and ``solo stats --json`` print for ``path``."""
    outputs = [run_here(*args, cwd=path.parent) for args in (
        ("export", str(path)), ("export", str(path), "--format", "html"),
        ("stats", str(path), "--json"))]
    for done in outputs:
        assert done.returncode == 0, done.stderr
    return outputs[0].stdout, outputs[1].stdout, json.loads(outputs[2].stdout)


def record_lines_end_with_a_space(text: str) -> str:
    """An editor's habit solo's layout does not allow: a space after a record's ``-->``."""
    return re.sub(r"^(<!-- solo \{.*\}\} -->)$", r"\1 ", text, flags=re.M)


@pytest.mark.parametrize("system", sorted(SCRIPTS))
@pytest.mark.parametrize("seed", [3, 11])
def test_the_same_journal_read_both_ways_gives_the_same_reports(tmp_path: Path, system: str,
                                                               seed: int):
    text = play(tmp_path / "solo.md", system, SCRIPTS[system], seed)
    reshaped = tmp_path / "reshaped.md"
    reshaped.write_text(record_lines_end_with_a_space(text), encoding="utf-8")
    md, html, figures = reports(tmp_path / "solo.md")
    assert figures["snapshots"] == text.count("<!-- solo {")
    assert "*(taken back with undo)*" in md and figures["questions"] >= 1
    assert reports(reshaped) == (md, html, figures)


def test_records_side_by_side_and_a_file_ending_in_a_record(tmp_path: Path):
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 5)
    # every blank line before a record taken out, the Lonelog of two entries deleted by
    # hand (their records now stand side by side), and the last line break with them
    packed = re.sub(r"(\}\} -->)\n\n```\n[^`]*```\n\n(<!-- solo )", r"\1\n\2", text, count=2)
    packed = re.sub(r"\n\n(<!-- solo )", r"\n\1", packed).rstrip("\n")
    assert packed.endswith("}} -->") and "-->\n<!-- solo {" in packed
    columns, by_record = tmp_path / "packed.md", tmp_path / "packed-reshaped.md"
    columns.write_text(packed, encoding="utf-8")
    by_record.write_text(record_lines_end_with_a_space(packed), encoding="utf-8")
    assert reports(columns) == reports(by_record)
    assert reports(columns)[2] == reports(tmp_path / "solo.md")[2]


def test_a_wrapped_record_or_a_record_start_in_prose_gives_the_same_figures(
        tmp_path: Path):
    text = play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 7)
    records = re.findall(r"^<!-- solo \{.*\}\} -->$", text, re.M)
    wrapped = text.replace(records[4], records[4].replace(',"ev":', ',\n    "ev":')
                           .replace(',"state":', ',\n    "state":'))
    quoted = text.replace("The stair ends in black water.",
                          "The stair ends in black water; someone wrote <!-- solo here.")
    assert wrapped != text and quoted != text
    figures = reports(tmp_path / "solo.md")[2]
    for name, changed in (("wrapped.md", wrapped), ("quoted.md", quoted)):
        path = tmp_path / name
        path.write_text(changed, encoding="utf-8")
        assert reports(path)[2] == figures, name


def test_a_party_journal_read_both_ways_gives_the_same_reports(tmp_path: Path):
    party = Path(__file__).resolve().parents[2] / "docs" / "examples" / "party.yaml"
    path = tmp_path / "party.md"
    made = run_here("new", str(path), "--system", str(party), "--seed", "4", "--party", "Wren",
                    "--party", "Brother Ott", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    moves = ["supply ration 1", "explore", "explore", "Wren: trap", "undo", "Wren: trap",
             "explore", "rest", "rest", "Brother Ott: trap", "Brother Ott: trap"]
    played = run_here("play", str(path), cwd=tmp_path, stdin="\n".join(moves) + "\n")
    assert played.returncode == 0, played.stderr
    reshaped = tmp_path / "reshaped.md"
    reshaped.write_text(record_lines_end_with_a_space(path.read_text(encoding="utf-8")),
                        encoding="utf-8")
    md, html, figures = reports(path)
    assert [member["name"] for member in figures["party"]] == ["Wren", "Brother Ott"]
    assert figures["party"][0]["hp_track"] and "### Party" in md
    assert reports(reshaped) == (md, html, figures)


def test_each_record_is_cut_where_its_comment_stands(tmp_path: Path):
    """Each record (what the exporters cut the text at) is its comment, as played and with
    the records side by side, the last one ending the file."""
    play(tmp_path / "solo.md", "d12-tension", SCRIPTS["d12-tension"], 9)
    text = (tmp_path / "solo.md").read_text(encoding="utf-8")
    packed = tmp_path / "packed.md"  # records side by side, the last one ending the file
    packed.write_text(re.sub(r"\n\n(<!-- solo )", r"\n\1", text).rstrip("\n"),
                      encoding="utf-8")
    for path in (tmp_path / "solo.md", packed):
        data = path.read_bytes()
        cut = Cut(data)
        first, last = cut.records[0], cut.records[-1]
        assert first is not None and first.kind == "start"
        assert last is not None and state_of(last) == {**(state_of(last) or {}), "turn": last.turn}
        assert len(cut.starts) == text.count("<!-- solo {")
        for start, end in zip(cut.starts, cut.ends, strict=True):
            assert data[start:end].startswith(b"<!-- solo {")
            assert data[start:end].rstrip().endswith(b"-->")
