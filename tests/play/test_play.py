"""Playing and resuming journals through the ``solo`` command (in-process) and the Session."""

import json
import os
import re
from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.journal.record import PREFIX as SNAPSHOT_PREFIX
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from tests.fake_env import run_here

MOVES = ["light torch", "enter 3", "The air smells of wet rope.", "combat-normal", "enter 2",
         "ask Is the door locked? likely", "enter 4", "undo", "enter 1", "find-secret",
         "table d12-environment", "roll 2d6 reaction", "linger 2", "enter 5"]


def new_crawl(tmp_path: Path, moves, seed: int = 11, system: str = "d12-tension"):
    result = run_here("new", "--system", system, "--title", "Test Crawl", "--seed", str(seed),
                      cwd=tmp_path, stdin="".join(f"{move}\n" for move in moves))
    return result, tmp_path / "journals" / "test-crawl.md"


def test_new_creates_a_readable_journal_in_journals(tmp_path: Path):
    result, journal = new_crawl(tmp_path, MOVES)
    assert result.returncode == 0, result.stderr
    text = journal.read_text()
    assert text.startswith("---\ntitle: Test Crawl\nsystem: d12-tension\nseed: 11\n")
    assert "\ncreated: 2023-11-14T22:13:20\n" in text  # from SOURCE_DATE_EPOCH, in UTC
    assert "\n# Test Crawl\n" in text and "\n### S1 *Turn 1 · 0:10*\n" in text
    assert "\n## Session 1\n*Date: 2023-11-14*\n" in text
    assert "\nThe air smells of wet rope.\n" in text
    assert "@ combat-normal\n=> [Clock:Tension 2/10] +2: normal combat" in text
    assert "tbl: Dungeon events (d12) d12=" in text
    assert "? Is the door locked? (likely, mythic)" in text
    assert "(note: undo: took back enter 4)" in text
    assert "@ find-secret" in result.stdout
    assert "(note: undo: took back enter 4)" in result.stdout


def test_same_seed_and_commands_give_the_same_journal_even_split(tmp_path: Path):
    whole_dir, split_dir = tmp_path / "whole", tmp_path / "split"
    whole_dir.mkdir()
    split_dir.mkdir()
    _, whole = new_crawl(whole_dir, MOVES)
    _, split = new_crawl(split_dir, MOVES[:4])
    for start, stop in ((4, 7), (7, 8), (8, len(MOVES))):
        result = run_here("play", str(split), cwd=split_dir,
                          stdin="".join(f"{move}\n" for move in MOVES[start:stop]) + "quit\n")
        assert result.returncode == 0, result.stderr
    # each sitting opens with its own "## Session N" heading and the map so far (a
    # [DUNGEON STATUS] block, and the whole map in its first record); the play itself is
    # identical, and so is the map
    def played(path: Path) -> str:
        text = re.sub(r"\n## Session \d+\n\*Date: [^*]+\*\n(\n```\n(\[[^\n]*\n)+```\n)*", "",
                      path.read_text())

        def without_map(found: re.Match) -> str:
            record = json.loads(found[1])
            return json.dumps({key: value for key, value in record.items()
                               if key not in ("dungeon", "rooms", "map", "session")})

        return re.sub(r"<!-- solo (.*) -->", without_map, text)

    assert split.read_text().count("## Session ") == 4
    assert split.read_text().count("[DUNGEON STATUS]") == 3
    assert split.read_text().count("\n[Clock:Tension ") == 3  # the snapshot of each opening
    assert played(whole) == played(split)
    whole_map, split_map = Session(whole), Session(split)
    try:
        assert whole_map.state.dungeon == split_map.state.dungeon
        assert len(whole_map.state.dungeon.rooms) == 4  # 'enter 4' was taken back
    finally:
        whole_map.close()
        split_map.close()


def test_resume_reads_the_tail_and_matches_the_played_state(tmp_path: Path):
    _, journal = new_crawl(tmp_path, MOVES)
    session = Session(journal)
    try:
        tension = session.state.values["tension"]
        turn = session.state.turn
    finally:
        session.close()
    status = run_here("play", str(journal), cwd=tmp_path, stdin="status\n").stdout
    assert f"Tension: {tension}/10" in status and f"Turns played: {turn}" in status


def test_a_torn_last_entry_is_kept_and_reported(tmp_path: Path):
    _, journal = new_crawl(tmp_path, MOVES[:5])
    before = resume(journal).state
    with open(journal, "a") as handle:
        handle.write('\n### S3 *Turn 3 · 0:30*\n\n```\n@ enter 2\ntbl: Dungeon ev')
    torn = journal.read_text()
    result = run_here("play", str(journal), cwd=tmp_path, stdin="status\nenter 2\n")
    assert result.returncode == 0
    assert "cut off" in result.stderr
    after = journal.read_text()
    assert after.startswith(torn)  # the partial text is kept, nothing rewritten
    assert after[len(torn)] == "\n"  # the next entry starts on a line of its own
    assert after[len(torn):].startswith("\n```\n")  # and the fence left open is closed
    assert resume(journal).state.step == before.step + 1


def test_hand_edited_journal_still_resumes(tmp_path: Path):
    _, journal = new_crawl(tmp_path, MOVES[:5])
    text = journal.read_text().replace("The air smells of wet rope.",
                                       "The air reeks of lamp oil and old fear.")
    journal.write_text(text + "\nA line I added by hand.\n\n- and a list item\n")
    result = run_here("play", str(journal), cwd=tmp_path, stdin="enter 2\n")
    assert result.returncode == 0, result.stderr
    assert "cut off" not in result.stderr


def test_a_file_that_is_not_a_journal_is_refused_untouched(tmp_path: Path):
    notes = tmp_path / "notes.md"
    notes.write_text("# My notes\n\nNot a journal.\n")
    result = run_here("play", str(notes), cwd=tmp_path, stdin="enter 2\n")
    assert result.returncode == 1
    assert "not a solo journal" in result.stderr and len(result.stderr.splitlines()) == 1
    assert notes.read_text() == "# My notes\n\nNot a journal.\n"


def test_a_second_session_on_the_same_journal_is_refused(tmp_path: Path):
    _, journal = new_crawl(tmp_path, MOVES[:2])
    first = Session(journal)
    try:
        before = journal.read_bytes()
        result = run_here("play", str(journal), cwd=tmp_path, stdin="enter 2\n")
        assert result.returncode == 1 and "already open" in result.stderr
        assert journal.read_bytes() == before
    finally:
        first.close()


def test_batch_mode_reports_bad_lines_and_goes_on(tmp_path: Path):
    result, journal = new_crawl(tmp_path, ["enter x", "strike nowhere 3", "enter 2"])
    assert result.returncode == 1  # a line failed: the run says so
    assert result.stderr.count("solo: error:") == 2
    assert "solo: error: line 1: " in result.stderr and "solo: error: line 2: " in result.stderr
    assert "@ enter 2" in journal.read_text() and "@ enter x" not in journal.read_text()




def test_a_full_disk_keeps_the_state_in_memory(tmp_path: Path):
    _, journal = new_crawl(tmp_path, MOVES[:3])
    session = Session(journal)
    try:
        state = session.state
        os.close(session.journal.fd)
        session.journal.fd = os.open("/dev/full", os.O_WRONLY)
        with pytest.raises(JournalError, match="the disk is full"):
            session.handle("enter 2")
        assert session.state == state
    finally:
        session.close()


def test_undo_never_deletes_and_restores_the_state(tmp_path: Path):
    _, journal = new_crawl(tmp_path, ["combat-normal", "combat-escaped"])
    session = Session(journal)
    try:
        assert session.state.values["tension"] == 6
        size = journal.stat().st_size
        session.handle("undo")
        assert session.state.values["tension"] == 2
        session.handle("undo")
        assert session.state.values["tension"] == 0
        assert journal.stat().st_size > size
        assert journal.read_text().count(SNAPSHOT_PREFIX) == 5
    finally:
        session.close()


def test_every_procedure_plays_a_short_crawl(tmp_path: Path):
    crawls = {
        "d12-tension": ["light torch", "enter 3", "combat-quiet", "linger 1", "enter 2"],
        "delving": ["light torch", "explore", "move walk", "search", "rest", "explore"],
        "exploration": ["light torch", "explore", "move fast rushing", "search", "rest"],
        "trespasser": ["light torch", "advance", "stay", "hide success 1", "advance", "backtrack"],
        "dungeon-turn": ["light torch", "explore", "search", "move", "rest",
                         "leave 2 3 dangerous"],
    }
    for system, moves in crawls.items():
        folder = tmp_path / system
        folder.mkdir()
        result, journal = new_crawl(folder, [*moves, "status"], seed=5, system=system)
        assert result.returncode == 0, (system, result.stderr)
        assert "solo: error" not in result.stderr, (system, result.stderr)
        assert journal.read_text().count(SNAPSHOT_PREFIX) == len(moves) + 1, system


def test_bare_solo_starts_a_crawl_then_resumes_it(tmp_path: Path):
    first = run_here(cwd=tmp_path, stdin="enter 2\n")
    assert first.returncode == 0, first.stderr
    journals = list((tmp_path / "journals").glob("*.md"))
    assert len(journals) == 1
    second = run_here(cwd=tmp_path, stdin="status\n")
    assert second.returncode == 0
    assert "Turns played: 1" in second.stdout
    assert list((tmp_path / "journals").glob("*.md")) == journals


def test_a_tables_file_can_supply_a_table_the_procedure_names(tmp_path: Path):
    procedure = tmp_path / "my-halls.yaml"
    procedure.write_text(
        "kind: procedure\nid: my-halls\nname: My halls\nencounters: my-own-monsters\n"
        "actions:\n  explore:\n    time: 1\n    effects: [{encounter: true}]\n")
    tables = tmp_path / "monsters.yaml"
    tables.write_text("kind: tables\ntables:\n  my-own-monsters:\n    dice: d4\n"
                      "    entries:\n      1-4: A single dripping ghoul\n")
    alone = run_here("new", "--system", str(procedure), "--seed", "1", cwd=tmp_path)
    assert alone.returncode == 1 and "no table named 'my-own-monsters'" in alone.stderr
    result = run_here("new", "--system", str(procedure), "--tables", str(tables), "--seed", "1",
                      "--title", "Ghoul", cwd=tmp_path, stdin="explore\n")
    assert result.returncode == 0, result.stderr
    assert "=> Encounter: A single dripping ghoul" in result.stdout
    again = run_here("play", "journals/ghoul.md", cwd=tmp_path, stdin="explore\n")
    assert again.returncode == 0 and "dripping ghoul" in again.stdout


def test_narration_that_looks_like_mechanics_is_kept_as_prose(tmp_path: Path):
    result, journal = new_crawl(tmp_path, ["enter 2", "=> we run for the stairs",
                                           "d: the door holds", "A plain line."])
    assert result.returncode == 0
    text = journal.read_text()
    # the player's own Lonelog lines are kept exactly as typed, in a fence of their own
    assert "```\n=> we run for the stairs\n```" in text
    assert "```\nd: the door holds\n```" in text
    again = run_here("play", str(journal), cwd=tmp_path, stdin="status\n")
    assert "cut off" not in again.stderr


def test_party_goes_into_the_front_matter(tmp_path: Path):
    result = run_here("new", "--system", "trespasser", "--title", "Party", "--seed", "2",
                      "--party", "Ayla", "--party", "Brother Ott", cwd=tmp_path,
                      stdin="advance\n")
    assert result.returncode == 0, result.stderr
    assert "party: [Ayla, Brother Ott]\n" in (tmp_path / "journals" / "party.md").read_text()


def test_party_and_tables_never_swallow_the_journal_path(tmp_path: Path):
    tables = tmp_path / "extra.yaml"
    tables.write_text("kind: tables\ntables:\n  cellar:\n    title: Cellar\n    dice: d2\n"
                      "    entries:\n      1: Rats\n      2: Wine\n")
    result = run_here("new", "--system", "trespasser", "--party", "Ayla", "--tables",
                      str(tables), "mine.md", "--seed", "2", cwd=tmp_path, stdin="table cellar\n")
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "mine.md").read_text()
    assert "party: [Ayla]" in text and "Cellar" in text


def test_a_journal_resumes_after_its_procedure_gains_a_tracker(tmp_path: Path):
    procedure = tmp_path / "halls.yaml"
    procedure.write_text("kind: procedure\nid: halls\nname: Halls\nactions:\n"
                         "  explore: {time: 1}\n")
    first = run_here("new", "--system", str(procedure), "--title", "Halls", "--seed", "1",
                     cwd=tmp_path, stdin="explore\n")
    assert first.returncode == 0, first.stderr
    procedure.write_text("kind: procedure\nid: halls\nname: Halls\n"
                         "trackers:\n  noise: {label: Noise, min: 0, max: 5, start: 1}\n"
                         "actions:\n  explore:\n    time: 1\n    effects: [{adjust: {noise: 1}}]\n")
    again = run_here("play", "journals/halls.md", cwd=tmp_path, stdin="explore\n")
    assert again.returncode == 0, again.stderr
    assert "[Track:Noise 2/5] +1" in again.stdout
