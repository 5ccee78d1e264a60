"""The oracle inside a crawl: asking, odds, styles, chaos, and what the journal keeps."""

from pathlib import Path

import pytest

from solo.errors import SoloError
from solo.play.session import Session
from solo.play.start import create_journal_file


@pytest.fixture
def session(tmp_path: Path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "d12-tension", "Oracle Crawl", 3, [])
    opened = Session(path)
    yield opened
    opened.close()


def test_ask_writes_question_roll_and_answer(session):
    reply = session.handle("ask Is the door locked? very likely")
    assert reply.lines[0] == "? Is the door locked? (very likely, mythic)"  # no "@ ask" beside it
    assert reply.lines[1].startswith("d: d100=") and " vs 75 -> " in reply.lines[1]
    assert reply.lines[1].endswith(("Yes", "No", "Yes, and…", "No, and…")) or \
        "random event" in reply.lines[1]
    text = session.path.read_text()
    assert "```\n? Is the door locked? (very likely, mythic)\nd: d100=" in text
    assert "@ ask" not in text


def test_odds_default_to_fifty_fifty(session):
    assert "(50/50, mythic)" in session.handle("ask Does it rain?").lines[0]


def test_unknown_odds_list_the_valid_ones_and_write_nothing(session):
    before = session.path.read_bytes()
    with pytest.raises(SoloError) as caught:
        session.handle("ask Is it? sorta likely")
    message = str(caught.value)
    assert "choose one of: impossible, nearly impossible" in message and "\n" not in message
    assert session.path.read_bytes() == before


def test_style_per_question_and_per_journal(session):
    assert "(likely, opse)" in session.handle("ask opse: Is it dark? likely").lines[0]
    session.handle("oracle ironsworn")
    assert session.state.values["oracle"] == "ironsworn"
    assert "(likely, ironsworn)" in session.handle("ask Is it cold? likely").lines[0]
    with pytest.raises(SoloError, match="choose one of: ironsworn, mythic, opse"):
        session.handle("oracle tarot")


def test_chaos_moves_the_target_and_can_follow_tension(session):
    session.handle("chaos 9")
    line = session.handle("ask Is it? 50/50").lines[1]
    assert " vs 90 -> " in line  # L[rank 4 + chaos 9 - 1] = L[12] = 90
    session.handle("chaos follow")
    session.handle("set tension 10")  # Tension 10 of 10 -> chaos 9
    assert " vs 90 -> " in session.handle("ask Is it? 50/50").lines[1]
    session.handle("set tension 0")  # a calm dungeon -> chaos 3 -> L[6] = 25
    assert " vs 25 -> " in session.handle("ask Is it? 50/50").lines[1]


def test_tables_lists_oracles_tables_and_table_rolls_them(session):
    names = [line.split(":")[0] for line in session.handle("tables all").lines]
    assert {"d12-encounters", "d12-environment", "event-focus", "dungeon-events"} <= set(names)
    reply = session.handle("table event-focus")
    assert reply.lines[0].startswith("tbl: ")
    with pytest.raises(SoloError, match="no table named 'nope'"):
        session.handle("table nope")


def test_chaos_set_after_following_starts_from_the_chaos_the_oracle_read(session):
    session.handle("chaos follow")
    session.handle("set tension 10")  # chaos 9
    assert session.handle("chaos 9").lines[-1] == "=> [Track:Chaos 9/9] no change: " \
        "set by the player"
    session.handle("chaos follow")
    session.handle("set tension 0")  # chaos 3
    assert session.handle("chaos 5").lines[-1] == "=> [Track:Chaos 5/9] +2: set by the player"


def test_chaos_never_tells_a_tension_kept_behind_the_screen(session):
    session.handle("set show_tension false")
    before = session.path.read_bytes()
    with pytest.raises(SoloError, match="Tension is behind the screen: chaos that followed "
                       "it would tell its value; give chaos a number"):
        session.handle("chaos follow")
    assert session.path.read_bytes() == before
    session.handle("set show_tension true")
    session.handle("chaos follow")
    session.handle("set show_tension false")  # hidden after: the oracle reads chaos 5
    for tension in ("0", "10"):
        session.handle(f"set tension {tension}")
        assert " vs 50 -> " in session.handle("ask Is it? 50/50").lines[1]
        assert list(session.handle("chaos").lines) == [
            "Chaos follows tension: 5 while Tension is behind the screen"]
        assert "Oracle: mythic, chaos follow (5 while Tension is behind the screen)" in \
            session.handle("status").lines
    session.handle("set show_tension true")
    assert " vs 90 -> " in session.handle("ask Is it? 50/50").lines[1]
    assert list(session.handle("chaos").lines) == ["Chaos follows tension: now 9"]


def test_chaos_under_a_style_that_does_not_read_it_is_kept_with_a_note(session):
    session.handle("oracle ironsworn")
    reply = session.handle("chaos 8")
    assert reply.lines[-1] == ("(note: The ironsworn oracle does not read chaos: it is kept "
                               "for a style that does (oracle mythic))")
    session.handle("oracle mythic")
    assert " vs 85 -> " in session.handle("ask Is it? 50/50").lines[1]
    assert "does not read chaos" not in " ".join(session.handle("chaos 5").lines)
