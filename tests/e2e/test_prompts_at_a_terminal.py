"""Prompts only a real terminal shows: physical dice asked die by die, odd digits asked again
at the REPL, and an old journal's notice said once. Moved here from the feature files so
that no test outside tests/e2e starts solo."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.pty_terminal import Terminal
from tests.journal.test_party_old_journals import (
    NOTICE,
    old_journal,
)

pytestmark = pytest.mark.e2e  # every test here starts solo as a process


@pytest.mark.e2e
def test_at_a_terminal_the_notice_is_said_once(tmp_path: Path):
    """In the REPL (a real pty) the notice opens the session and is not repeated with the
    first entry's result."""
    path = old_journal(tmp_path, "format2-party-names.md")
    terminal = Terminal(tmp_path, "play", str(path))
    try:
        terminal.wait_for(NOTICE)
        terminal.wait_for("solo>")
        terminal.type("Wren: hurt 1\r")
        start = terminal.unread
        terminal.wait_for("[PC:Wren|HP 7/8]")
        terminal.wait_for("solo>")
        drawn = terminal.screen[start:]  # all the entry drew
        terminal.type("\x04")
        terminal.wait_for("Saved.")
    finally:
        code = terminal.close()
    assert code == 0
    assert NOTICE.encode() not in drawn


@pytest.mark.e2e
def test_at_a_terminal_solo_asks_for_each_die(tmp_path: Path):
    with Terminal(tmp_path, "new", "j.md", "--system", "trespasser", "--seed", "4",
                  "--dice", "physical") as terminal:
        terminal.wait_for("solo>")
        terminal.type("light torch\r")
        terminal.wait_for("[Inv:Torch|lit]")
        terminal.type("advance\r")
        terminal.wait_for("Light depletion check, Torch (d6, out on a 1):")
        terminal.type("7\r")
        terminal.wait_for("a d6 shows 1 to 6")
        for answer in ("²", "①", "٣", "Ⅲ"):  # digits of other kinds are no faces either
            terminal.type(answer + "\r")
            terminal.wait_for(f"'{answer}' is not a face")
        terminal.type("2\r")
        terminal.wait_for("Encounter check (d10 at or under Alarm")
        terminal.type("\r")  # solo rolls the d10
        terminal.wait_for("rolled at the table: d6=2")
        terminal.wait_for("solo>")
        terminal.type("\x04")
        assert terminal.close() == 0
    text = (tmp_path / "j.md").read_text()
    assert "d6=2 -> no" in text and "(note: rolled at the table: d6=2)" in text


@pytest.mark.e2e
def test_at_a_terminal_a_d66_is_asked_tens_die_then_units_die(tmp_path: Path):
    with Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "4",
                  "--dice", "physical") as terminal:
        terminal.wait_for("solo>")
        terminal.type("roll d66\r")
        terminal.wait_for("Roll (d66), tens die (d6):")
        terminal.type("3\r")
        terminal.wait_for("Roll (d66), units die (d6):")
        terminal.type("5\r")
        terminal.wait_for("d: Roll d66=35 [3, 5]")
        terminal.type("roll d10\r")
        terminal.wait_for("Roll (d10, 0 is 10):")
        terminal.type("0\r")
        terminal.wait_for("d: Roll d10=10")
        terminal.wait_for("solo>")
        terminal.type("\x04")
        assert terminal.close() == 0


@pytest.mark.e2e
def test_at_a_terminal_ctrl_c_at_a_die_stops_the_command_and_the_session_goes_on(tmp_path):
    with Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "4",
                  "--dice", "physical") as terminal:
        terminal.wait_for("solo>")
        terminal.type("roll d10\r")
        terminal.wait_for("Roll (d10, 0 is 10):")
        terminal.type("\x03")
        terminal.wait_for("solo: stopped (Ctrl-C) while solo waited for a d10; nothing was "
                          "recorded")
        terminal.wait_for("solo> roll d10")  # the line back in the input, to play again
        terminal.type("\x03\x04")  # Ctrl-C clears it, Ctrl-D saves and quits
        terminal.wait_for("Saved.")
        assert terminal.close() == 0
    text = (tmp_path / "j.md").read_text()
    assert "Roll d10" not in text and "input ended" not in terminal.screen.decode()


@pytest.mark.e2e
def test_on_a_dumb_terminal_the_line_back_in_the_input_is_shown(tmp_path):
    """TERM=dumb (an Emacs shell): prompt_toolkit's plain prompt draws no text put in the
    input, so the line a Ctrl-C at a die hands back is drawn with the prompt: typing on
    goes after it, as the player sees."""
    with Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "4",
                  "--dice", "physical", term="dumb") as terminal:
        terminal.wait_for("solo>")
        terminal.type("roll d10\r")
        terminal.wait_for("(d10, 0 is 10):")
        terminal.type("\x03")  # at once, as the words show
        terminal.wait_for("nothing was recorded")
        terminal.wait_for("solo> roll d10")  # the line back in the input, shown
        terminal.type(" fire\r")
        terminal.wait_for("(d10, 0 is 10):")  # the line as shown, run: 'roll d10 fire'
        terminal.type("7\r")
        terminal.wait_for("solo>")
        terminal.type("quit\r")
        assert terminal.close() == 0
    assert "d10=7" in (tmp_path / "j.md").read_text()


def _at_a_die(tmp_path: Path, term: str = "dumb") -> Terminal:
    """A physical-dice crawl on a terminal of ``term``, 'roll d10' typed, at its die's prompt."""
    terminal = Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "4",
                        "--dice", "physical", term=term)
    try:
        terminal.wait_for("solo>")
        terminal.type("roll d10\r")
        terminal.wait_for("(d10, 0 is 10):")
    except AssertionError:
        terminal.process.kill()
        raise
    return terminal


@pytest.mark.e2e
def test_on_a_dumb_terminal_ctrl_d_as_the_prompt_shows_saves_and_quits(tmp_path):
    """A dumb terminal's prompt draws its words before it takes the keys: Ctrl-D typed on
    seeing them, after a die was asked, came as a NUL and the session went on."""
    with _at_a_die(tmp_path) as terminal:
        terminal.type("7\r")
        terminal.wait_for("d: Roll d10=7")
        terminal.wait_for("solo> ")
        terminal.type("\x04")  # at once, as the words show
        terminal.wait_for("Saved. Resume with: solo play j.md")
        assert terminal.close() == 0
    text = (tmp_path / "j.md").read_text()
    assert "d: Roll d10=7" in text and text.endswith("-->\n")


@pytest.mark.e2e
@pytest.mark.parametrize("term", ["xterm", "dumb"])
def test_ctrl_d_at_a_die_says_so_and_hands_the_line_back(tmp_path, term):
    """Ctrl-D at a die's prompt ends no session: one line says it stopped the command, as
    Ctrl-C does (it said 'the input ended', then play went on), and the line comes back in
    the input, on a dumb terminal as on any other."""
    with _at_a_die(tmp_path, term) as terminal:
        terminal.type("\x04")
        terminal.wait_for("solo: stopped (Ctrl-D) while solo waited for a d10; nothing was "
                          "recorded")
        terminal.wait_for("solo> roll d10")
        terminal.type("\x03")  # clears it
        terminal.wait_for("solo>")
        terminal.type("\x04")
        terminal.wait_for("Saved.")
        assert terminal.close() == 0
    assert "Roll d10" not in (tmp_path / "j.md").read_text()


@pytest.mark.e2e
def test_ctrl_d_on_a_refused_line_handed_back_saves_and_quits(tmp_path):
    """The refused line came back in the input and Ctrl-D did nothing: a 'quit' typed next
    was glued onto it ('go R9quit')."""
    with Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "14") as terminal:
        terminal.wait_for("solo>")
        terminal.type("enter 3\r")
        terminal.wait_for("Encounter")
        terminal.type("go R9\r")
        terminal.wait_for("the line is back in the input to edit (Ctrl-C clears it)")
        terminal.wait_for("solo> go R9")
        terminal.type("\x04")
        terminal.wait_for("Not played: the line handed back.")
        terminal.wait_for("Saved. Resume with: solo play j.md")
        assert terminal.close() == 0
    assert "R9" not in (tmp_path / "j.md").read_text()


@pytest.mark.e2e
def test_on_a_dumb_terminal_ctrl_c_at_the_prompt_clears_the_line(tmp_path):
    with Terminal(tmp_path, "new", "j.md", "--system", "d12-tension", "--seed", "4",
                  term="dumb") as terminal:
        terminal.wait_for("solo> ")
        terminal.type("The door\x03")  # at once, as the words show
        terminal.wait_for("solo> ")
        terminal.type("roll d10\r")
        terminal.wait_for("d: Roll d10=")  # the line cleared: not 'The doorroll d10'
        terminal.wait_for("solo> ")
        terminal.type("\x04")
        terminal.wait_for("Saved.")
        assert terminal.close() == 0
    assert "The door" not in (tmp_path / "j.md").read_text()
