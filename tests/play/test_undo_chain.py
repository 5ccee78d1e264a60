"""What an undo takes back, read one way everywhere: the undo's own note, play resumed,
the recap (``solo status``), ``solo stats --json`` and ``solo export`` all agree, through
an undo after an undo, an undo of narration and three undos in a row, in journals written
now and in those an earlier solo wrote (its undo of an undo named the undo's record)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.fake_env import solo

MARK = "*(taken back with undo)*"
CHAIN = "enter 2\nThe hall is cold.\nundo\nlinger 1\nundo\nundo\n"


def play(tmp_path: Path, moves: str, system: str = "d12-tension", seed: int = 4) -> Path:
    journal = tmp_path / "j.md"
    done = solo("new", str(journal), "--system", system, "--seed", str(seed), stdin=moves)
    assert done.code == 0, done.err
    return journal


def notes(journal: Path) -> list[str]:
    return re.findall(r"^\(note: undo: took back (.*)\)$", journal.read_text(), re.M)


def records(journal: Path) -> list[dict]:
    return [json.loads(line[len("<!-- solo "):-len(" -->")])
            for line in journal.read_text().splitlines() if line.startswith("<!-- solo {")]


def as_an_earlier_solo_wrote(journal: Path) -> None:
    """Its records rewritten as solo wrote them before: an undo that puts back an undo's
    state names that undo's record as the entry standing, and an undo of it names it as
    the entry taken back."""
    text = journal.read_text()
    for record in records(journal):
        if record["kind"] == "undo" and record["step"] in (5, 6):
            old = dict(record, **({"live": 3} if record["step"] == 5 else {"undid": 3}))
            text = text.replace(json.dumps(record, separators=(",", ":")),
                                json.dumps(old, separators=(",", ":")))
    journal.write_text(text)
    assert [(r["live"], r["undid"]) for r in records(journal) if r["kind"] == "undo"] == \
        [(1, 2), (3, 4), (0, 3)]


def figures(journal: Path) -> dict:
    return json.loads(solo("stats", str(journal), "--json").out)


def recap(journal: Path) -> dict:
    return json.loads(solo("status", str(journal), "--json").out)


def test_an_undo_after_an_undo_names_and_takes_back_the_entry_before(tmp_path):
    journal = play(tmp_path, CHAIN + "status\n")
    assert notes(journal) == ["the narration", "linger 1", "enter 2"]
    assert [(r["live"], r["undid"]) for r in records(journal) if r["kind"] == "undo"] == \
        [(1, 2), (1, 4), (0, 1)]


def test_every_reader_agrees_on_what_the_chain_took_back(tmp_path):
    journal = play(tmp_path, CHAIN)
    for written in ("now", "before"):
        if written == "before":
            as_an_earlier_solo_wrote(journal)
        shown = recap(journal)
        assert (shown["turn"], shown["room"], shown["last_words"]) == (0, None, ""), written
        stats = figures(journal)
        assert (stats["turns"], stats["encounters"], stats["encounter_list"]) == (0, 0, []), \
            written
        export = solo("export", str(journal), "--format", "md").out
        journal_part = export.split("## Journal", 1)[1]
        assert journal_part.count(MARK) == 3, written
        entered = journal_part.split("@ enter 2", 1)[1]
        assert entered.split("```", 1)[1].lstrip().startswith(MARK), written
        assert "### Encounters" not in export.split("## Journal", 1)[0], written


def test_play_resumed_from_an_earlier_solo_s_chain_takes_back_the_right_entry(tmp_path):
    journal = play(tmp_path, "enter 2\nThe hall is cold.\nundo\nlinger 1\nundo\n")
    text = journal.read_text()
    step5 = next(r for r in records(journal) if r["step"] == 5)
    journal.write_text(text.replace(json.dumps(step5, separators=(",", ":")),
                                    json.dumps(dict(step5, live=3), separators=(",", ":"))))
    assert records(journal)[-1]["live"] == 3
    done = solo("play", str(journal), stdin="undo\n")
    assert done.code == 0, done.err
    assert notes(journal)[-1] == "enter 2" and records(journal)[-1]["undid"] == 1
    assert "nothing to undo" in solo("play", str(journal), stdin="undo\n").err
    assert figures(journal)["encounters"] == 0


def test_three_undos_take_back_three_entries_everywhere(tmp_path):
    journal = play(tmp_path, "enter 2\nlinger 1\nlinger 1\nundo\nundo\nundo\n")
    assert notes(journal) == ["linger 1", "linger 1", "enter 2"]
    assert (recap(journal)["turn"], figures(journal)["encounters"]) == (0, 0)
    export = solo("export", str(journal), "--format", "md").out
    assert export.split("## Journal", 1)[1].count(MARK) == 3


def test_the_recap_never_quotes_narration_taken_back(tmp_path):
    journal = play(tmp_path, "enter 2\nThe hall is cold.\nundo\nlinger 1\n")
    assert recap(journal)["last_words"] == ""
    assert "cold" not in solo("status", str(journal)).out
    (tmp_path / "second").mkdir()
    journal = play(tmp_path / "second", "enter 2\nThe hall is cold.\nA draught.\nundo\n")
    assert recap(journal)["last_words"] == "The hall is cold."


def test_the_route_leaves_out_a_room_taken_back(tmp_path):
    journal = play(tmp_path, "advance\nadvance\nbacktrack\nundo\nundo\n", "trespasser", 7)
    rooms = figures(journal)["rooms"]
    assert (rooms["rooms"], rooms["route"]) == (1, ["R1"])
    assert "route" not in solo("stats", str(journal)).out


def test_a_route_of_one_move_says_one_move(tmp_path):
    journal = play(tmp_path, "advance\nadvance\n", "trespasser", 7)
    assert "; route R1 → R2 (1 move)\n" in solo("stats", str(journal)).out
