"""``solo`` in-process at a terminal and when things go wrong: the questions bare ``solo`` and
``solo new`` ask, the prompt opened only at a terminal, Ctrl-C and Ctrl-D, bugs in one line or
with ``--traceback``, a reader that goes away; and the Environment itself."""

from __future__ import annotations

import errno
import io
import os
import runpy
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo import __version__
from solo.cli.main import main
from solo.engine import tool_commands
from solo.engine.requests import SetChaos
from solo.environment import Environment
from solo.journal.store import read_meta
from tests.fake_env import Run, fake_env, solo


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return tmp_path


def at_terminal(*args: str, answers: str = "", keys: str = "\x04") -> Run:
    """``solo ARGS`` at a (fake) terminal: ``answers`` are typed to its set-up questions,
    ``keys`` at its prompt (the real prompt_toolkit REPL, fed through a pipe)."""
    env = fake_env(answers, tty=True)
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # then the end of input: the test cannot hang
        with create_app_session(input=pipe, output=DummyOutput()):
            return solo(*args, env=env)


CLASSIC = "journals/a-classic-wandering-monster-check-crawl.md"  # the default title's file


def _crawl(title: str = "Old Crawl") -> Path:
    assert solo("new", "--system", "classic", "--title", title, "--seed", "1").code == 0
    return Path("journals") / "old-crawl.md"


# -- at a terminal: questions, then the prompt ----------------------------------------------

def test_bare_solo_at_a_terminal_asks_the_procedure_and_title_then_opens_the_prompt():
    done = at_terminal(answers="2\nDeep Halls\n", keys="The hall is cold.\r\x04")
    assert done.code == 0, done.err
    listed = done.out.splitlines()
    assert listed[0] == "Procedures:" and listed[2].startswith("  2. ")
    second = listed[2].split()[1]
    assert ("Which procedure? (number or id) [2] Title of the crawl? "
            "[A D12 Dungeon Crawl System crawl] ") in done.out
    journal = Path("journals/deep-halls.md")
    assert done.err == f"New journal: {journal}\n"
    assert read_meta(journal)["system"] == second
    assert "\nThe hall is cold.\n" in journal.read_text()


def test_bare_solo_at_a_terminal_offers_to_resume_the_latest_journal():
    journal = _crawl()
    resumed = at_terminal(answers="y\n", keys="The door creaks.\r\x04")
    assert resumed.code == 0 and "Resume 'Old Crawl' (journals/old-crawl.md)?" in resumed.out
    assert "The door creaks." in journal.read_text()
    assert resumed.err == ""
    fresh = at_terminal(answers="n\nclassic\n\n", keys="\x04")
    assert fresh.code == 0
    assert fresh.err == f"New journal: {CLASSIC}\n"
    assert "The door creaks." not in Path(CLASSIC).read_text()


def test_bare_solo_without_a_terminal_plays_stdin_into_the_latest_journal_or_a_new_one():
    first = solo(stdin="The first line.\n")
    assert first.code == 0 and first.err.startswith("New journal: journals/")
    (journal,) = Path("journals").glob("*.md")
    assert read_meta(journal)["system"] == "d12-tension"
    again = solo(stdin="The second line.\n")
    title = read_meta(journal)["title"]
    assert (again.code, again.err) == (0, f"Resuming '{title}' ({journal})\n")
    assert list(Path("journals").glob("*.md")) == [journal]
    assert "The second line." in journal.read_text()


def test_new_at_a_terminal_without_a_system_asks_for_it():
    done = at_terminal("new", "j.md", "--seed", "3", answers="trespasser\n", keys="\x04")
    assert done.code == 0, done.err
    assert read_meta(Path("j.md"))["system"] == "trespasser"
    again = at_terminal("new", "k.md", answers="delv\n9\ntrespasser\n", keys="\x04")
    assert again.code == 0, again.err
    assert "solo: no procedure 'delv'" in again.err and "solo: no procedure '9'" in again.err
    assert again.out.count("Which procedure?") == 3 and again.out.count("Procedures:") == 3
    assert read_meta(Path("k.md"))["system"] == "trespasser"


def test_ctrl_d_at_a_question_leaves_without_a_journal_exit_1():
    done = at_terminal()  # no answer at all: the end of input
    assert done.code == 1
    assert done.error_line() == ("solo: error: the input ended before an answer; no crawl "
                                 "was started or resumed")
    assert not Path("journals").exists()


def test_the_resume_question_takes_yes_or_no_and_asks_again_otherwise():
    journal = _crawl()
    resumed = at_terminal(answers="maybe\n\n", keys="The door creaks.\r\x04")
    assert resumed.code == 0 and resumed.out.count("Resume 'Old Crawl'") == 2
    assert "solo: answer y (resume) or n (start a new crawl)" in resumed.err
    assert "The door creaks." in journal.read_text()
    assert list(Path("journals").glob("*.md")) == [journal]
    fresh = at_terminal(answers="No\nclassic\n\n", keys="\x04")
    assert fresh.code == 0 and f"New journal: {CLASSIC}" in fresh.err


def test_play_at_a_terminal_opens_the_prompt_not_batch():
    _crawl()
    done = at_terminal("play", "journals/old-crawl.md", answers="advance\n",
                       keys="Typed at the prompt.\r\x04")
    assert done.code == 0
    text = Path("journals/old-crawl.md").read_text()
    assert "Typed at the prompt." in text and "advance" not in text


# -- errors, bugs and --traceback -----------------------------------------------------------

def test_traceback_only_on_request():
    plain = solo("roll", "2d")
    assert plain.code == 2 and "Traceback" not in plain.err
    plain.error_line()
    traced = solo("--traceback", "roll", "2d")  # the trace, then the line; the code kept
    assert traced.code == 2 and traced.out == ""
    lines = traced.err.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-2].startswith("solo.errors.UsageError: ") and lines[-1] == plain.error_line()


def test_traceback_is_an_option_only_where_options_stand():
    traced = solo("stats", "nosuch.md", "--traceback")  # after the command, as before it
    assert traced.code == 1 and traced.err.startswith("Traceback (most recent call last):")
    assert traced.err.splitlines()[-2].startswith("solo.errors.JournalError: ")
    inside = solo("ask", "Is", "--traceback", "on?", "--seed", "1")
    assert inside.code == 2 and inside.out == ""  # refused as --seed there is, not cut out
    assert "on?" in inside.error_line()
    assert solo("new", "j.md", "--system", "classic").code == 0
    after = solo("search", "--", "--traceback", ".")
    assert (after.code, after.err) == (0, "")  # after -- it is a word to find, no option
    assert after.out == "No line holds '--traceback' in 1 journal.\n"


def _broken(error: BaseException):
    def listing() -> list[str]:
        raise error
    return listing


def test_a_bug_is_one_line_inviting_traceback(monkeypatch):
    monkeypatch.setattr("solo.rules.catalog.system_ids", _broken(RuntimeError("boom")))
    done = solo("systems")
    assert done.code == 1 and done.out == ""
    assert done.error_line() == ("solo: error: internal error (RuntimeError: boom); rerun "
                                 "with --traceback and report it")
    with pytest.raises(RuntimeError, match="boom"):
        solo("--traceback", "systems")


def test_ctrl_c_exits_130_with_a_clean_line(monkeypatch):
    monkeypatch.setattr("solo.rules.catalog.system_ids", _broken(KeyboardInterrupt()))
    done = solo("systems")
    assert (done.code, done.out, done.err) == (130, "", "\n")
    with pytest.raises(KeyboardInterrupt):
        solo("--traceback", "systems")


def test_a_reader_that_goes_away_ends_solo_quietly():
    assert solo("new", "j.md", "--system", "classic").code == 0
    read, write = os.pipe()
    os.close(read)
    stdout = open(write, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    env = Environment(io.TextIOWrapper(io.BytesIO()), stdout, io.StringIO(), io.BytesIO())
    try:
        assert main(["export", "j.md"], env) == 1
        assert env.stderr.getvalue() == ""  # type: ignore[attr-defined]
        stdout.write("more")
    finally:
        stdout.close()  # flushed into /dev/null now, without a second error


class _Full(io.StringIO):
    """A standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_standard_output_is_said_in_one_line_not_as_a_bug():
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "2").code == 0
    for args in (["stats", "j.md"], ["--version"], ["play", "j.md"]):
        env = fake_env("enter 3\n").replace(stdout=_Full())
        done = solo(*args, env=env)
        assert done.code == 1, args
        assert done.error_line() == ("solo: error: cannot write to standard output: "
                                     "No space left on device")
    assert "enter 3" in Path("j.md").read_text()  # played and saved all the same


def test_an_os_error_elsewhere_is_still_a_bug(monkeypatch):
    monkeypatch.setattr("solo.rules.catalog.system_ids",
                        _broken(OSError(errno.ENOSPC, "No space left on device")))
    assert "internal error (OSError" in solo("systems").error_line()


def _broken_chaos(world, run, request):
    return {}[str(request.level)]


def test_a_bug_in_a_script_line_names_the_line_and_shows_the_trace_on_request(monkeypatch):
    assert solo("new", "j.md", "--system", "d12-tension", "--seed", "5").code == 0
    monkeypatch.setitem(tool_commands.TOOL_COMMANDS, SetChaos, _broken_chaos)
    plain = solo("play", "j.md", stdin="chaos 3\nThe hall.\n")
    assert plain.code == 1
    (line,) = plain.err.splitlines()
    assert line.startswith("solo: internal error: line 1: KeyError: '3'")
    assert "The hall." in Path("j.md").read_text()  # play went on
    traced = solo("--traceback", "play", "j.md", stdin="chaos 3\n").err.splitlines()
    assert traced[0] == "Traceback (most recent call last):"
    assert any("in _broken_chaos" in shown for shown in traced[-5:])
    assert traced[-2] == "KeyError: '3'"
    assert traced[-1] == line


# -- the Environment ------------------------------------------------------------------------

def test_the_real_environment_reads_a_closed_stdin_as_empty(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", None)
    env = Environment.default()
    assert env.stdin.read() == "" and env.stdin_bytes.read() == b""
    assert not (env.stdin_isatty or env.stdout_isatty or env.at_terminal)
    env.say("to stdout")
    env.warn("to stderr")
    said = capsys.readouterr()
    assert (said.out, said.err) == ("to stdout\n", "to stderr\n")
    env.stdin.close()


def test_an_environment_is_not_changed_but_replaced():
    env = fake_env(tty=True)
    with pytest.raises(AttributeError):
        env.traceback = True  # type: ignore[misc]
    traced = env.replace(traceback=True)
    assert traced.traceback and not env.traceback
    assert traced.stdout is env.stdout and traced.at_terminal
    with pytest.raises(TypeError, match="no colour"):
        env.replace(colour=True)
    assert "traceback=True" in repr(traced)


def test_python_dash_m_solo_runs_the_command(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["solo", "--version"])
    with pytest.raises(SystemExit) as leaving:
        runpy.run_module("solo", run_name="__main__")
    assert leaving.value.code == 0
    assert capsys.readouterr().out == f"solo {__version__}\n"
