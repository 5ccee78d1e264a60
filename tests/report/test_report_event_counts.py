"""The reports count from the journal's events, never from its rendered text: lights burnt
out, put out and blown out told apart, every table result counted (signs included), an
encounter's quote only from the words typed after it and before the next move."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from tests.fake_env import solo

RECORD = re.compile(r"<!-- solo (.*?) -->", re.S)


def events(journal: Path) -> list[dict]:
    """Every event of every record, as the journal keeps it (no undo in these crawls)."""
    text = journal.read_text(encoding="utf-8")
    return [event for body in RECORD.findall(text) for event in json.loads(body).get("ev", [])]


def stats(journal: Path) -> dict:
    done = solo("stats", str(journal), "--json")
    assert done.code == 0, done.err
    return json.loads(done.out)


def test_delving_lights_burnt_doused_and_blown_out_are_counted_apart(tmp_path: Path):
    journal = tmp_path / "delving.md"
    moves = ("light candle\n" + "move run\nlight candle\n" * 3 + "douse candle\n"
             + "light torch\n" + "explore\n" * 30)
    done = solo("new", str(journal), "--system", "delving", "--seed", "3", "--party", "Wren",
                stdin=moves)
    assert done.code == 0, done.err
    lights = [event for event in events(journal) if event["t"] == "LightChanged"]
    hows = Counter(event["how"] for event in lights)
    assert hows["blown"] == 3 and hows["doused"] >= 1 and hows["burnt"] >= 1
    figures = stats(journal)["lights"]
    assert figures["blown_out"] == hows["blown"]
    assert figures["put_out"] == hows["doused"] + hows["over"]
    assert figures["burnt_out"] == hows["burnt"]
    assert sum(figures["lit"].values()) == hows["lit"]
    shown = solo("stats", str(journal)).out
    assert (f"{hows['burnt']} burnt out, {hows['doused']} put out, "
            f"{hows['blown']} blown out") in shown


def test_exploration_signs_and_every_hazard_result_are_counted(tmp_path: Path):
    journal = tmp_path / "exploration.md"
    done = solo("new", str(journal), "--system", "exploration", "--seed", "5", "--party",
                "Wren", stdin="light torch\n" + "explore\n" * 60)
    assert done.code == 0, done.err
    rolled = [event for event in events(journal) if event["t"] == "TableRolled"]
    hazard = Counter(event["entry_id"] for event in rolled if event["table"] == "hazard")
    assert hazard["sign"] > 0
    figures = stats(journal)
    assert figures["table_results"]["hazard"] == dict(hazard)
    assert figures["signs"] == hazard["sign"]
    assert sum(figures["table_results"]["hazard"].values()) == sum(hazard.values())


def test_an_encounters_quote_is_only_what_was_typed_before_the_next_move(tmp_path: Path):
    def crawl(name: str, moves: str) -> Path:
        journal = tmp_path / name
        done = solo("new", str(journal), "--system", "d12-tension", "--seed", "4", "--party",
                    "Wren", stdin=moves)
        assert done.code == 0, done.err
        return journal

    first = stats(crawl("first.md", "light torch\n" + "linger\n" * 20))["encounter_list"]
    assert first, "the seed meets an encounter in 20 turns"
    lingers = "light torch\n" + "linger\n" * first[0]["turn"]
    quoted = stats(crawl("quoted.md", lingers + "The goblins circle us.\n"))
    assert quoted["encounter_list"][0]["note"] == "The goblins circle us."
    # a command that takes no time between: the words are still about the encounter
    doused = stats(crawl("doused.md", lingers + "douse torch\nThe goblins circle us.\n"))
    assert doused["encounter_list"][0]["note"] == "The goblins circle us."
    # a move between (time passed): the words are about that move
    later = stats(crawl("later.md", lingers + "linger\nThe goblins circle us.\n"))
    assert later["encounter_list"][0]["note"] == ""


def test_an_encounters_quote_is_the_players_words_alone_in_a_new_sitting(tmp_path: Path):
    """Met at the end of one sitting, told in the next: the quote holds the words as typed,
    not the sitting's heading, date and status blocks solo wrote before them."""
    journal = tmp_path / "j.md"
    assert solo("new", str(journal), "--system", "d12-tension", "--seed", "4",
                stdin="enter 3\n").code == 0
    told = "1. She wrote <b>STOP</b> on the wall, *twice*."
    assert solo("play", str(journal), stdin=told + "\n").code == 0
    assert "## Session 2" in journal.read_text()
    assert stats(journal)["encounter_list"][0]["note"] == told
    report = solo("export", str(journal)).out  # (as typed, no raw HTML for a viewer to run)
    assert "“1. She wrote \\<b>STOP\\</b> on the wall, *twice*.”" in report


def test_a_sign_of_a_struck_off_creature_is_no_sign(tmp_path: Path):
    """Delving's sign result rolls the encounter table; one whose entry is struck off
    foretells nothing (the journal says "No sign"), and the figures count it as none."""
    journal = tmp_path / "struck.md"
    strikes = "".join(f"strike delving-encounters {entry}\n" for entry in range(1, 5))
    done = solo("new", str(journal), "--system", "delving", "--seed", "8",
                stdin=strikes + "light torch\n" + "explore\n" * 60)
    assert done.code == 0, done.err
    signs = Counter(event["status"] for event in events(journal)
                    if event["t"] == "Encountered" and "sign" in event["status"])
    assert signs["sign"] > 0 and signs["struck-sign"] > 0  # (the seed rolls both)
    figures = stats(journal)
    assert figures["signs"] == signs["sign"]
    assert figures["table_results"]["hazard"]["sign"] == signs["sign"] + signs["struck-sign"]
    assert f"; {signs['sign']} signs of one" in solo("stats", str(journal)).out


def test_dungeon_turns_signs_are_counted(tmp_path: Path):
    journal = tmp_path / "turns.md"
    done = solo("new", str(journal), "--system", "dungeon-turn", "--seed", "5", "--party",
                "Wren", stdin="light torch\n" + "explore\n" * 60)
    assert done.code == 0, done.err
    rolled = [event for event in events(journal) if event["t"] == "TableRolled"]
    hazard = Counter(event["entry_id"] for event in rolled if event["table"] == "hazard")
    assert hazard["signs"] > 0
    assert stats(journal)["signs"] == hazard["signs"]
