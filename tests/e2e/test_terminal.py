"""A first-time player at a real terminal: bare ``solo`` on a pseudo-terminal, no flags."""

from pathlib import Path

import pytest

from tests.e2e.pty_terminal import Terminal

pytestmark = pytest.mark.e2e  # the REPL on a pseudo-terminal: only a process shows it


def test_bare_solo_walks_a_new_player_into_a_crawl_and_back(tmp_path: Path):
    terminal = Terminal(tmp_path)
    try:
        terminal.wait_for("Which procedure?")
        terminal.type("trespasser\r")
        terminal.wait_for("Title of the crawl?")
        terminal.type("\r")  # the default title
        terminal.wait_for("solo>")
        terminal.type("advance\r")
        terminal.wait_for("@ advance")
        terminal.wait_for("Round 1 under way")
        terminal.wait_for("solo>")
        terminal.type("\x04")  # Ctrl-D saves and quits
        terminal.wait_for("Saved. Resume with: solo play")
    finally:
        code = terminal.close()
    assert code == 0
    journal = tmp_path / "journals" / "a-trespasser-dungeon-procedure-crawl.md"
    assert "system: trespasser" in journal.read_text()
    assert "@ advance" in journal.read_text()

    again = Terminal(tmp_path)
    try:
        again.wait_for("Resume 'A Trespasser Dungeon Procedure crawl'")
        again.type("\r")  # yes, the default
        again.wait_for("Round 1 under way")
        again.wait_for("solo>")
        again.type("stay\r")
        again.wait_for("@ stay")
        again.wait_for("solo>")
        again.type("quit\r")
        again.wait_for("Saved.")
    finally:
        assert again.close() == 0
    assert "@ stay" in journal.read_text()


def test_ctrl_d_at_a_set_up_question_cancels_like_ctrl_c(tmp_path: Path):
    for answers in ("", "trespasser\r"):
        terminal = Terminal(tmp_path)
        try:
            terminal.wait_for("Which procedure?")
            if answers:
                terminal.type(answers)
                terminal.wait_for("Title of the crawl?")
            terminal.type("\x04")
        finally:
            code = terminal.close()
        assert code != 0
        assert not list(tmp_path.glob("journals/*.md"))


def test_solo_new_without_a_system_asks_at_a_terminal(tmp_path: Path):
    terminal = Terminal(tmp_path, "new", "asked.md", "--seed", "3")
    try:
        terminal.wait_for("Which procedure?")
        terminal.type("trespasser\r")
        terminal.wait_for("solo>")
        terminal.type("\x04")
        terminal.wait_for("Saved.")
    finally:
        assert terminal.close() == 0
    assert "system: trespasser" in (tmp_path / "asked.md").read_text()


def test_prose_starting_with_a_command_stays_in_the_input_at_a_terminal(tmp_path: Path):
    terminal = Terminal(tmp_path, "new", "t.md", "--system", "trespasser", "--seed", "3")
    try:
        terminal.wait_for("solo>")
        terminal.type("quit stalling, Osk hisses\r")
        terminal.wait_for("Enter again to keep it as narration")
        terminal.wait_for("solo> quit stalling, Osk hisses")  # back in the input, to edit
        terminal.type("\r")  # Enter again: the story, with no mark
        terminal.wait_for("solo>")
        terminal.type("advnace\r")
        terminal.wait_for("did you mean advance?")
        terminal.wait_for("solo> advnace")  # the prompt again, the typo in it
        terminal.type("\x15advance\r")  # the typo is back in the input: Ctrl-U, retype
        terminal.wait_for("@ advance")
        terminal.wait_for("solo>")
        terminal.type("\x04")
        terminal.wait_for("Saved.")
    finally:
        assert terminal.close() == 0
    text = (tmp_path / "t.md").read_text()
    assert "\nquit stalling, Osk hisses\n" in text and "advnace" not in text
    assert "@ advance" in text


def test_lines_typed_ahead_of_a_refused_line_stay_below_it_at_a_terminal(tmp_path: Path):
    """Four lines in one write (fast typing, or a paste the terminal does not bracket): the
    refused one comes back with the rest below it, one line each, and Enter plays them."""
    terminal = Terminal(tmp_path, "new", "t.md", "--system", "d12-tension", "--seed", "4")
    try:
        terminal.wait_for("solo>")
        terminal.type("enter 2\rlinger x\rlinger 1\rThe dark is deep.\r")
        terminal.wait_for("press Enter again to keep it as narration")
        terminal.wait_for("The dark is deep.")  # in the input, below the refused line
        terminal.type("\r")  # Enter: the refused line kept as narration, the rest played
        terminal.wait_for("@ linger 1")
        terminal.wait_for("solo>")
        terminal.type("\x04")
        terminal.wait_for("Saved.")
    finally:
        assert terminal.close() == 0
    text = (tmp_path / "t.md").read_text()
    assert "\nlinger x\n" in text and "@ linger 1" in text and "\nThe dark is deep.\n" in text
    assert text.index("linger x") < text.index("@ linger 1") < text.index("The dark is deep.")
