"""A word is a command or the story, never lost between (issue 37, item 2).

* A command-shaped word that is no command (``find-secret`` in Delving, ``foo-bar``) is
  refused with the nearest commands and journals nothing.
* A sentence starting with a command word that it does not fit is narration; a shorter or
  lowercase near miss is refused, and kept as narration by Enter again at the prompt or by
  the ``>`` mark in a script. No mark reaches the journal, the html or a report quote.
* A quotation stays exactly as typed; ``(Light…)`` is prose, not a mechanics block.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.play.repl import run_interactive
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo

SENTENCES = ["Light glints off the black water.", "Search the alcove for anything useful.",
             "Strike the goblin down!", "Tables and chairs lie smashed.",
             "Enter the vault, quietly."]
SYSTEMS = ["delving", "d12-tension", "dungeon-turn", "exploration", "trespasser"]


def new_journal(tmp_path: Path, system: str) -> Path:
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", system, "--seed", "3").code == 0
    return path


def prose_of(path: Path) -> str:
    """The journal without its hidden records."""
    return re.sub(r"<!-- solo .*? -->", "", path.read_text())


@pytest.mark.parametrize("system", SYSTEMS)
def test_sentences_starting_with_a_command_word_are_the_story(tmp_path, system):
    path = new_journal(tmp_path, system)
    played = solo("play", str(path), stdin="\n".join(SENTENCES) + "\n")
    assert played.code == 0, played.err
    text = prose_of(path)
    for sentence in SENTENCES:
        assert f"\n{sentence}\n" in text


@pytest.mark.parametrize("word", ["find-secret", "combat-normal", "break-door", "rest-hour",
                                  "foo-bar", "find-secret north wall"])
def test_a_command_shaped_word_in_delving_is_refused_and_journals_nothing(tmp_path, word):
    path = new_journal(tmp_path, "delving")
    before = path.read_text()
    played = solo("play", str(path), stdin=word + "\n")
    assert played.code == 1
    first = word.split()[0]
    assert played.error_line().startswith(f"solo: error: line 1: '{first}' is not a command")
    assert "start the line with >" in played.err
    assert path.read_text() == before


def test_the_refusal_names_a_command_near_a_part_of_the_word(tmp_path):
    path = new_journal(tmp_path, "delving")
    played = solo("play", str(path), stdin="rest-hour\n")
    assert "the nearest: " in played.err and "rest" in played.err.split("the nearest: ")[1]


def test_a_short_or_lowercase_near_miss_is_refused(tmp_path):
    path = new_journal(tmp_path, "delving")
    before = path.read_text()
    played = solo("play", str(path), stdin="light glints off the water\nLight torch.\n")
    assert played.code == 1
    assert played.err.count("not run as 'light'; to keep it as narration, start the line "
                            "with >") == 2
    assert path.read_text() == before


@pytest.mark.parametrize(("typed", "kept"), [
    ("> light glints off the water", "light glints off the water"),
    (">Light torch.", "Light torch."),
    ("> > a quote", "\\> a quote"),
])
def test_the_mark_keeps_a_line_as_narration_and_is_never_journaled(tmp_path, typed, kept):
    path = new_journal(tmp_path, "delving")
    assert solo("play", str(path), stdin=typed + "\n").code == 0
    text = prose_of(path)
    assert f"\n{kept}\n" in text
    report = solo("export", str(path))
    html = solo("export", str(path), "--format", "html")
    shown = kept.lstrip("\\")
    assert shown in report.out
    assert f"<p>{shown.replace('>', '&gt;')}</p>" in html.out


@pytest.mark.parametrize("line", ["Room after room, the halls stretch on.",
                                  "Roll 2d6 for the damage, she says.",
                                  "Ask the guard whether the gate is barred?"])
def test_a_sentence_that_would_run_as_a_command_is_the_story(tmp_path, line):
    path = tmp_path / "j.md"
    played = solo("new", str(path), "--system", "d12-tension", "--seed", "3",
                  stdin=f"enter 3\nroom crypt hall, exits N E S\n{line}\nrooms\n")
    assert played.code == 0, played.err
    assert f"\n{line}\n" in prose_of(path)
    assert "crypt hall" in played.out.rsplit("R1", 1)[1]  # the room keeps its name
    assert "d: " not in prose_of(path).split(line)[1] and "d100" not in path.read_text()


@pytest.mark.parametrize("line", ['"We came from the north, and the road was long.',
                                  '"And the night was cold,'])
def test_an_opening_quote_no_other_closes_stays_as_typed(tmp_path, line):
    path = new_journal(tmp_path, "delving")
    assert solo("play", str(path), stdin=line + "\n").code == 0
    assert f"\n{line}\n" in prose_of(path)


def test_a_lonelog_question_the_player_writes_is_kept_and_a_help_topic_still_helps(tmp_path):
    path = new_journal(tmp_path, "d12-tension")
    played = solo("play", str(path), stdin="? Is anyone on guard here\n? enter\n")
    assert played.code == 0, played.err
    assert "```\n? Is anyone on guard here\n```" in prose_of(path)
    assert "enter" in played.out and "? enter" not in prose_of(path)


def test_a_quotation_stays_exactly_as_typed(tmp_path):
    path = new_journal(tmp_path, "trespasser")
    line = '"Who goes there?" the guard calls.'
    assert solo("play", str(path), stdin=line + "\n").code == 0
    assert f"\n{line}\n" in prose_of(path)


def test_a_parenthesis_of_prose_is_no_mechanics_block(tmp_path):
    path = new_journal(tmp_path, "delving")
    lines = "(Light glints off the water.)\n(note: the stair is wet)\n"
    assert solo("play", str(path), stdin=lines).code == 0
    text = prose_of(path)
    assert "\n(Light glints off the water.)\n" in text
    assert "```\n(Light" not in text
    assert "```\n(note: the stair is wet)\n```" in text


def test_a_report_quote_keeps_no_mark(tmp_path):
    """An encounter's quote comes from the narration after it: typed with the mark, the
    quote has none."""
    path = new_journal(tmp_path, "trespasser")
    script = "light torch\n" + "advance\n> two bored guards look up\n" * 12
    assert solo("play", str(path), stdin=script).code == 0
    report = solo("export", str(path)).out
    assert "two bored guards look up" in report
    assert "> two bored" not in report and "\\> two" not in report


# -- at the prompt ---------------------------------------------------------------------------
def drive(session: Session, keys: str) -> int:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        with create_app_session(input=pipe, output=DummyOutput()):
            return run_interactive(session, input=pipe, output=DummyOutput())


def open_session(tmp_path: Path, system: str) -> Session:
    return Session(create_journal_file(str(tmp_path / "crawl.md"), system, "Keys", 9, []))


@pytest.mark.parametrize("line", ["light glints off the water", "Light torch.",
                                  "search the alcove", "Enter the vault"])
def test_enter_again_on_the_line_handed_back_keeps_it_as_narration(tmp_path, line):
    session = open_session(tmp_path, "delving")
    try:
        assert drive(session, f"{line}\r\r\x04") == 0
        text = prose_of(session.path)
        assert f"\n{line}\n" in text and ">" + line not in text
        assert session.state.step == 1  # one entry: the narration, nothing else
    finally:
        session.close()


def test_a_line_edited_after_its_refusal_is_read_again(tmp_path):
    """Enter keeps only the line handed back unchanged: an edit makes it a new line."""
    session = open_session(tmp_path, "delving")
    try:
        # the refused 'light glints' comes back; Ctrl-U clears it, and 'light torch' runs
        assert drive(session, "light glints\r\x15light torch\r\x04") == 0
        text = session.path.read_text()
        assert "light glints" not in prose_of(session.path) and "@ light torch" in text
    finally:
        session.close()


def test_enter_again_does_not_keep_a_guessed_command(tmp_path):
    """A command-shaped word is refused however often it is entered: it is no story."""
    session = open_session(tmp_path, "delving")
    try:
        assert drive(session, "find-secret\r\r\r\x04") == 0
        assert session.state.step == 0
        assert "find-secret" not in prose_of(session.path)
    finally:
        session.close()


def test_a_paste_keeps_the_refused_line_and_plays_the_rest(tmp_path):
    session = open_session(tmp_path, "delving")
    try:
        keys = "\x1b[200~light glints off the water\nlight torch\x1b[201~\r\r\x04"
        assert drive(session, keys) == 0
        text = prose_of(session.path)
        assert "\nlight glints off the water\n" in text and "@ light torch" in text
    finally:
        session.close()


def test_a_line_starting_with_a_hyphenated_word_is_kept_by_enter_again(tmp_path):
    session = open_session(tmp_path, "delving")
    try:
        assert drive(session, "well-armed guards block the way\r\r\x04") == 0
        assert "\nwell-armed guards block the way\n" in prose_of(session.path)
    finally:
        session.close()


def test_a_sentence_that_would_have_run_says_how_to_run_it(tmp_path):
    path = new_journal(tmp_path, "d12-tension")
    played = solo("play", str(path), stdin="Ask Is it safe?\nStrike the goblin down!\n")
    assert played.code == 0, played.err
    assert "\nAsk Is it safe?\n" in prose_of(path) and "d100" not in path.read_text()
    hints = [line for line in played.out.splitlines() if line.startswith("Kept as narration")]
    assert hints == ["Kept as narration, a sentence; to run it, type it as help shows it: "
                     "ask Is it safe?"]  # (the goblin line would not run: no hint)


def test_a_sentence_that_would_be_refused_now_gets_no_hint(tmp_path):
    """Trespasser's ``room`` parses ``after room, the halls…`` but is refused outside a
    room: the sentence is the story, and no hint offers a command that would fail."""
    path = new_journal(tmp_path, "trespasser")
    line = "Room after room, the halls stretch on.\n"
    played = solo("play", str(path), stdin=line + "enter\n" + line)
    assert played.code == 0, played.err
    hints = [line for line in played.out.splitlines() if line.startswith("Kept as narration")]
    assert hints == ["Kept as narration, a sentence; to run it, type it as help shows it: "
                     "room after room, the halls stretch on."]  # once in a room, not before
    assert prose_of(path).count("\nRoom after room, the halls stretch on.\n") == 2
