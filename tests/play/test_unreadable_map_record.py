"""A record in the middle of a journal that no longer reads (a curly quote an editor put in,
the file saved as cp1252) while the map still needs what its entry changed: play refuses,
naming its line, and writes nothing, since the sitting's first entry would keep a whole map
without that change and the loss would outlive the mending. Mended, the room comes back;
where nothing is lost (no map, or a later whole map), play goes on."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo

ROOM = "room Salle d’armes, exits N E"


def journal_with_room(folder: Path, *after: str) -> Path:
    folder.mkdir(exist_ok=True)
    journal = folder / "u8.md"
    moves = ["enter 3", ROOM, "La salle est froide.", *after]
    done = solo("new", str(journal), "--system", "d12-tension", "--seed", "3",
                stdin="\n".join(moves) + "\n")
    assert done.code == 0, done.err
    return journal


def garble(journal: Path, cmd: str) -> int:
    """The record of the entry ``cmd`` given one curly quote (as TextEdit or Word type it);
    returns its line."""
    text = journal.read_text(encoding="utf-8")
    found = re.search(r'^<!-- solo \{"v":2,"step":\d+,"kind":"command","cmd":"'
                      + re.escape(cmd) + '"', text, re.M)
    assert found is not None
    start = found.start()
    journal.write_text(text[:start] + text[start:].replace('"kind":"command"',
                                                             '“kind”:"command"', 1),
                       encoding="utf-8")
    return text.count("\n", 0, start) + 1


def mend(journal: Path) -> None:
    journal.write_text(journal.read_text(encoding="utf-8").replace('“kind”:', '"kind":'),
                       encoding="utf-8")


def test_play_and_status_refuse_a_journal_whose_map_needs_an_unreadable_record(tmp_path):
    journal = journal_with_room(tmp_path)
    line = garble(journal, ROOM)
    before = journal.read_bytes()
    for command in ("play", "status"):
        done = solo(command, str(journal), stdin="rooms\nlinger\n")
        assert done.code == 1, (command, done.out)
        error = done.error_line()
        assert f"the record at line {line} cannot be read" in error
        assert "Mend the record" in error and "left untouched" in error
    assert journal.read_bytes() == before
    stats = solo("stats", str(journal)).out
    assert f"1 record(s) could not be read (line {line})" in stats


def test_once_mended_the_room_is_back_with_its_description_and_exits(tmp_path):
    journal = journal_with_room(tmp_path)
    garble(journal, ROOM)
    assert solo("play", str(journal), stdin="linger\n").code == 1
    mend(journal)
    played = solo("play", str(journal), stdin="rooms\nlinger\n")
    assert played.code == 0, played.err
    assert "R1 (here, way out) · Salle d’armes · active · exits N, E, ?" in played.out
    again = solo("play", str(journal), stdin="rooms\n")  # past the sitting's whole map
    assert "Salle d’armes · active · exits N, E, ?" in again.out


def test_a_journal_saved_in_another_encoding_is_refused_until_saved_as_utf8(tmp_path):
    journal = journal_with_room(tmp_path)
    text = journal.read_text(encoding="utf-8")
    journal.write_bytes(text.replace("’", "é").encode("cp1252"))
    done = solo("play", str(journal), stdin="rooms\n")
    assert done.code == 1 and "is not UTF-8: save the journal as UTF-8" in done.error_line()
    journal.write_text(text.replace("’", "é"), encoding="utf-8")
    assert "Salle d'armes".replace("'", "é") in solo("play", str(journal), stdin="rooms\n").out


def test_a_deleted_comment_is_the_player_s_choice_play_goes_on_without_it(tmp_path):
    journal = journal_with_room(tmp_path)
    garble(journal, ROOM)
    text = journal.read_text(encoding="utf-8")
    journal.write_text(re.sub(r"^<!-- solo \{.*“kind”.*\n", "", text, flags=re.M),
                       encoding="utf-8")
    played = solo("play", str(journal), stdin="rooms\n")
    assert played.code == 0, played.err
    assert "R1 (here, way out) · — · active · exits ?, ?, ?" in played.out


def test_nothing_lost_plays_on_a_later_whole_map_or_no_map_at_all(tmp_path):
    journal = journal_with_room(tmp_path)
    assert solo("play", str(journal), stdin="linger\n").code == 0  # a whole map after it
    garble(journal, ROOM)
    played = solo("play", str(journal), stdin="rooms\n")
    assert played.code == 0, played.err
    assert "Salle d’armes · active · exits N, E, ?" in played.out
    narrated = journal_with_room(tmp_path / "narrated", "linger")  # one sitting: no whole map
    text = narrated.read_text(encoding="utf-8")  # after the room's, but no room named in it
    narrated.write_text(text.replace('"kind":"narration"', '“kind”:"narration"', 1),
                        encoding="utf-8")
    line = text.count("\n", 0, text.index('"kind":"narration"')) + 1
    played = solo("play", str(narrated), stdin="rooms\n")
    assert played.code == 0 and "Salle d’armes" in played.out, played.err
    assert f"The record at line {line} cannot be read" in played.err  # said, once
    assert played.err.count("cannot be read") == 1
    assert "the reports leave out what its entry did until it is mended" in played.err
    roomless = tmp_path / "roomless.md"
    assert solo("new", str(roomless), "--system", "d12-tension", "--seed", "3",
                stdin="noise\nnoise\nlinger\n").code == 0
    garble(roomless, "noise")
    assert solo("play", str(roomless), stdin="noise\n").code == 0


def test_an_entry_cut_off_by_a_crash_and_written_again_is_not_refused(tmp_path):
    journal = journal_with_room(tmp_path)
    data = journal.read_bytes()
    journal.write_bytes(data[:data.rfind(b'"state":') + 20])  # the last record, cut off
    first = solo("play", str(journal), stdin="linger\n")
    assert first.code == 0 and "no readable record" in first.err
    again = solo("play", str(journal), stdin="rooms\n")
    assert again.code == 0 and again.err == "", again.err
    assert "Salle d’armes" in again.out


def test_in_a_rolled_dungeon_an_unreadable_narration_is_named_and_play_goes_on(tmp_path):
    """Every state there names its generator ("dungeon": "classic"): that is no map change."""
    journal = tmp_path / "c.md"
    assert solo("new", str(journal), "--system", "d12-tension", "--seed", "2", "--dungeon",
                "classic", stdin="enter\nThe cats scatter.\nenter N\n").code == 0
    text = journal.read_text(encoding="utf-8")
    at = text.index('"kind":"narration"')
    journal.write_text(text[:at] + "“kind”:" + text[at + len('"kind":'):], encoding="utf-8")
    line = text.count("\n", 0, at) + 1
    for command in (("status",), ("odds",)):
        shown = solo(*command, str(journal))
        assert shown.code == 0, shown.err
    played = solo("play", str(journal), stdin="linger\n")
    assert played.code == 0, played.err
    assert f"line {line}" in played.err


def test_undo_back_past_a_sitting_s_whole_map_is_refused_while_the_map_needs_the_record(
        tmp_path):
    journal = journal_with_room(tmp_path, "linger")
    assert solo("play", str(journal), stdin="linger\n").code == 0  # its first entry: whole map
    line = garble(journal, ROOM)
    before = journal.read_bytes()
    done = solo("play", str(journal), stdin="undo\n")  # back to the first sitting's map
    assert done.code == 1, done.out
    error = done.err.splitlines()[-1]  # after the notice that play goes on without it
    assert error.startswith("solo: error: ") and "Traceback" not in done.err
    assert f"the record at line {line} cannot be read" in error
    assert "Mend the record" in error and "left untouched" in error
    assert journal.read_bytes() == before
    mend(journal)
    undone = solo("play", str(journal), stdin="undo\nrooms\n")
    assert undone.code == 0, undone.err
    assert "Salle d’armes · active · exits N, E, ?" in undone.out
    assert "Salle d’armes · active · exits N, E, ?" in solo("play", str(journal),
                                                            stdin="rooms\n").out


def test_undo_in_the_sitting_the_record_was_garbled_in_is_refused_too(tmp_path):
    journal = tmp_path / "u8.md"
    create_journal_file(str(journal), "d12-tension", "Salle", 3, [])
    session = Session(journal)
    try:
        session.handle("enter 3")  # the sitting's first entry: its whole map, roomless
        session.handle(ROOM)
        session.narrate("Rien ne bouge.")
        session.narrate("Toujours rien.")
        line = garble(journal, ROOM)
        before = journal.read_bytes()
        with pytest.raises(JournalError, match=f"the record at line {line} cannot be read"):
            session.handle("undo")
        assert journal.read_bytes() == before
        mend(journal)
        session.handle("undo")
        assert "Salle d’armes" in str(session.handle("rooms"))
    finally:
        session.close()
    assert "Salle d’armes · active" in solo("play", str(journal), stdin="rooms\n").out


def test_undo_back_past_a_garbled_record_the_map_does_not_need_goes_on(tmp_path):
    journal = journal_with_room(tmp_path, "linger")  # the room's record, then a narration
    assert solo("play", str(journal), stdin="linger\n").code == 0
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text.replace('"kind":"narration"', '“kind”:"narration"', 1),
                       encoding="utf-8")
    undone = solo("play", str(journal), stdin="undo\nrooms\n")
    assert undone.code == 0, undone.err
    assert "Salle d’armes · active · exits N, E, ?" in undone.out
