"""A sitting opens with where the crawl stands (issue 21): the recap on the screen, the
``recap`` command, the snapshot in Lonelog tags that opens each session after the first,
and ``solo status`` / ``solo odds`` for scripts, which read a journal without opening it."""

from __future__ import annotations

import json
from pathlib import Path

from solo.play.session import Session
from tests.fake_env import solo
from tests.journal.test_rooms_notation import nvim_tags

MOVES = ("party add Wren hp 6\nsupply torch 2\nlight torch\nadvance\n"
         "room guard room, exits N E\nThe guard is asleep over his dice.\nadvance N\n")


def crawl(tmp_path: Path) -> Path:
    done = solo("new", str(tmp_path / "crawl.md"), "--system", "trespasser", "--title",
                "Vault", "--seed", "3", stdin=MOVES)
    assert done.code == 0, done.err
    return tmp_path / "crawl.md"


def test_the_recap_says_where_the_party_is_and_what_the_books_say(tmp_path):
    journal = crawl(tmp_path)
    session = Session(journal)
    try:
        lines = session.recap(now=journal.stat().st_mtime + 2 * 86400)
    finally:
        session.close()
    text = "\n".join(lines)
    assert lines[0] == "Vault — Trespasser Dungeon Procedure: 1 session played, the last 2 days ago"
    assert "“The guard is asleep over his dice.”" in text  # the player's last words
    assert "Where: R2 · active · exits S:R1 · 1 room to the way out" in text
    assert "[PC:Wren|HP 6/6] [Inv:Torch|lit]" in text  # (Trespasser's torch has no timer)
    assert "[Inv:Torches|1]" in text and "[Clock:Alarm 2/10]" in text
    assert lines[-1].startswith("Next: ")


def test_the_next_session_opens_with_the_snapshot_once_and_lonelog_nvim_reads_it(tmp_path):
    journal = crawl(tmp_path)
    for _ in range(2):  # two sittings that write nothing: no snapshot
        assert solo("play", str(journal), stdin="recap\nstatus\n").code == 0
    assert "## Session 2" not in journal.read_text()
    assert solo("play", str(journal), stdin="stay\nstay\n").code == 0
    text = journal.read_text()
    opening = text.split("## Session 2", 1)[1].split("@ stay", 1)[0]
    assert text.count("[DUNGEON STATUS]") == 1 and opening.count("[PC:Wren") == 1
    found = {(kind, name) for line in opening.splitlines() for kind, name, _, _ in nvim_tags(line)}
    assert {("PC", "Wren"), ("Inv", "Torch"), ("Inv", "Torches"),
            ("Clock", "Alarm 2/10"), ("R", "1"), ("R", "2")} <= found, found


def test_solo_status_and_odds_read_a_journal_without_opening_it(tmp_path):
    journal = crawl(tmp_path)
    before = journal.read_bytes()
    sitting = Session(journal)  # a sitting holds the journal's lock: reading needs none
    try:
        status = solo("status", str(journal), "--json")
    finally:
        sitting.close()
    assert status.code == 0, status.err
    data = json.loads(status.out)
    assert data["room"]["id"] == "R2" and data["rooms_known"] == 2
    assert data["party"] == [{"name": "Wren", "hp": 6, "max_hp": 6, "marks": []}]
    assert data["trackers"]["alarm"]["value"] == 2
    assert data["last_words"] == "The guard is asleep over his dice."
    odds = solo("odds", str(journal), "--json")
    assert odds.code == 0, odds.err
    assert {entry["action"] for entry in json.loads(odds.out)["actions"]} >= {"advance", "stay"}
    shown = solo("odds", str(journal))
    assert "advance" in shown.out and "encounter" in shown.out
    assert journal.read_bytes() == before
