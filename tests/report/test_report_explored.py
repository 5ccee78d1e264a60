"""The reports of a keyed dungeon say how much of it was explored ("3 of 20 rooms, 0 of 5
secrets"), at the end and per expedition, and never show a word of a room not entered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solo.rules.key_shelf import load_key_file
from tests.fake_env import solo

KEY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "keys" / "bell-abbey.yaml"
MOVES = "enter\nenter E\nleave\nleave\nwait 2\nreturn\nenter E\nenter N\n"


@pytest.fixture(scope="module")
def crawl(tmp_path_factory: pytest.TempPathFactory) -> Path:
    journal = tmp_path_factory.mktemp("keyed") / "abbey.md"
    solo("new", str(journal), "--system", "d12-tension", "--seed", "5", "--party", "Wren",
         "--dungeon", str(KEY), stdin=MOVES)
    assert journal.is_file()
    return journal


def test_the_summary_says_how_much_was_explored(crawl: Path):
    figures = json.loads(solo("stats", str(crawl), "--json").out)
    rooms = figures["rooms"]["rooms"]
    assert figures["explored"] == f"{rooms} of 20 rooms, 0 of 5 secrets"
    assert f"Explored: {rooms} of 20 rooms, 0 of 5 secrets" in solo("stats", str(crawl)).out
    md = solo("export", str(crawl), "--format", "md").out
    assert f"- **Explored:** {rooms} of 20 rooms, 0 of 5 secrets" in md


def test_each_expedition_says_how_much_was_explored_when_it_ended(crawl: Path):
    rows = json.loads(solo("stats", str(crawl), "--json").out)["expeditions"]
    assert [row["explored"] for row in rows] == ["2 of 20 rooms, 0 of 5 secrets",
                                                 "3 of 20 rooms, 0 of 5 secrets"]
    md = solo("export", str(crawl), "--format", "md").out
    assert "explored 2 of 20 rooms, 0 of 5 secrets; the party came out" in md


def test_no_report_shows_a_word_of_a_room_not_entered(crawl: Path):
    key = load_key_file(KEY)
    entered = set(json.loads(solo("stats", str(crawl), "--json").out)["rooms"]["route"])
    unseen = [room for room in key.rooms if f"R{room.id}" not in entered
              and room.id not in entered]
    assert len(unseen) == 17
    outputs = [solo("stats", str(crawl), "--json").out, solo("stats", str(crawl)).out,
               solo("export", str(crawl), "--format", "md").out,
               solo("export", str(crawl), "--format", "html").out]
    for room in unseen:
        for words in (room.name, room.text[:40], *(hidden[:40] for hidden in room.hidden)):
            if words.strip():
                assert not any(words in output for output in outputs), words


def test_a_crawl_without_a_key_says_nothing_of_it():
    journal = Path(__file__).resolve().parents[2] / "journals" / "examples" / "d12-tension.md"
    assert "explored" not in json.loads(solo("stats", str(journal), "--json").out)
    assert "Explored:" not in solo("stats", str(journal)).out
