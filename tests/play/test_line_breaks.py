"""Where a line ends (issue 20): what is typed, pasted or piped is cut into lines at ``\\n``,
``\\r\\n`` and ``\\r`` only. Every other character Python breaks a line at (a vertical tab,
U+2028…) is refused wherever it stands in a line, with one line naming it: nothing reaches
the journal, and the prompt or the script goes on. A journal holding such a character (an
edit by hand) resumes and reports as if it were any other character."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from solo.play.batch import run_batch
from solo.play.line import REFUSED_BREAKS, split_lines
from solo.play.repl import run_interactive
from solo.play.resume import resume_file
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.terminal import printable
from tests.fake_env import run_here

BREAKS = sorted(REFUSED_BREAKS)
NAMES = {"\x0b": "U+000B", "\x0c": "U+000C", "\x1c": "U+001C", "\x1d": "U+001D",
         "\x1e": "U+001E", "\x85": "U+0085", "\u2028": "U+2028", "\u2029": "U+2029"}


def test_the_refused_characters_are_every_other_line_boundary_python_knows():
    """``\\n`` and ``\\r`` end a line; every other character ``str.splitlines`` breaks at
    is refused by name: none is forgotten, none is added."""
    boundaries = {chr(code) for code in range(sys.maxunicode + 1)
                  if len(f"a{chr(code)}b".splitlines()) > 1}
    assert boundaries == {"\n", "\r", *BREAKS}
    assert set(NAMES) == set(BREAKS)


@pytest.mark.parametrize(("text", "lines"), [
    ("", []), ("a", ["a"]), ("a\n", ["a"]), ("a\r\nb\rc\nd", ["a", "b", "c", "d"]),
    ("\n\n", ["", ""]), ("a\r\r\nb", ["a", "", "b"]),
    ("a\u2028b\x85c\x0bd", ["a\u2028b\x85c\x0bd"]),
])
def test_a_text_is_cut_at_line_ends_only(text: str, lines: list[str]):
    assert split_lines(text) == lines
    assert split_lines(text.encode()) == [line.encode() for line in lines]


def new_crawl(folder: Path) -> Path:
    done = run_here("new", "crawl.md", "--system", "d12-tension", "--seed", "3", cwd=folder,
                    stdin="light torch\nenter 3\nroom hall, exits N E S\n")
    assert done.returncode == 0, done.stderr
    return folder / "crawl.md"


def tainted(char: str) -> list[str]:
    """A command, a room description, narration and a note, each with ``char`` inside."""
    return [f"enter{char}2", f"room great{char}hall", f"The hall{char}is cold.",
            f"(a note{char}to self)", f"{char}search"]


def test_a_script_line_holding_one_is_refused_by_name_and_play_goes_on(tmp_path: Path):
    path = new_crawl(tmp_path)
    before = path.read_text(encoding="utf-8")
    script = [line for char in BREAKS for line in tainted(char)] + ["We go on."]
    done = run_here("play", "crawl.md", cwd=tmp_path, stdin="\n".join(script) + "\n")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    errors = done.stderr.splitlines()
    assert len(errors) == len(script) - 1
    for number, error in enumerate(errors, 1):
        char = script[number - 1][[c in REFUSED_BREAKS for c in script[number - 1]].index(True)]
        assert error.startswith(f"solo: error: line {number}: ") and NAMES[char] in error \
            and error.endswith("inside the line: type it as two lines"), error
    after = path.read_text(encoding="utf-8")
    assert after.startswith(before) and after[len(before):].count("<!-- solo ") == 1
    assert "We go on." in after and not any(char in after for char in BREAKS)
    assert resume_file(path).state.dungeon.current.description == "hall"


def test_a_script_with_carriage_returns_only_plays_each_line_under_its_number(tmp_path: Path):
    path = new_crawl(tmp_path)
    script = b"search\rentr 2\r\nroom vault\rWe go on.\r"
    done = _play_bytes(path, script)
    assert done[0] == 1 and done[2].splitlines() == [
        "solo: error: line 2: no command 'entr': did you mean enter? (to keep it as narration, "
        "start the line with >)"]
    text = path.read_text(encoding="utf-8")
    assert "@ search" in text and "We go on." in text
    assert resume_file(path).state.dungeon.current.description == "vault"


class Chunks:
    """A binary stream that gives its bytes in the chunks it was made with (a pipe)."""

    def __init__(self, *chunks: bytes) -> None:
        self.chunks = list(chunks)

    def read1(self, _size: int) -> bytes:
        return self.chunks.pop(0) if self.chunks else b""


def _play_bytes(path: Path, *chunks: bytes) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    session = Session(path)
    try:
        code = run_batch(session, Chunks(*chunks), out, err)  # type: ignore[arg-type]
    finally:
        session.close()
    return code, out.getvalue(), err.getvalue()


def test_a_crlf_cut_between_two_reads_ends_one_line(tmp_path: Path):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Chunks", 5, [])
    records = path.read_text(encoding="utf-8").count("<!-- solo ")
    code, _, err = _play_bytes(path, b"light torch\r", b"\nentr 2\r", b"\n", b"We go on.")
    assert code == 1 and err.splitlines() == [
        "solo: error: line 2: no command 'entr': did you mean enter? (to keep it as narration, "
        "start the line with >)"]
    text = path.read_text(encoding="utf-8")
    assert "@ light torch" in text and "We go on." in text
    assert text.count("<!-- solo ") == records + 2


# -- at the prompt ----------------------------------------------------------------------------
def drive(session: Session, keys: list[bytes]) -> tuple[int, str]:
    """A real prompt_toolkit session fed ``keys``; the code and what it showed."""
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=40, columns=200), term="xterm")
    with create_pipe_input() as pipe:
        for key in keys:
            pipe.send_bytes(key)
        pipe.close()
        with create_app_session(input=pipe, output=output):
            code = run_interactive(session, input=pipe, output=output)
    return code, screen.getvalue()


def paste(text: str) -> bytes:
    return b"\x1b[200~" + text.encode("utf-8") + b"\x1b[201~"


@pytest.mark.parametrize("char", BREAKS, ids=[NAMES[char] for char in BREAKS])
def test_the_prompt_refuses_a_line_holding_one_by_name_and_goes_on(tmp_path: Path, char: str):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Prompt", 5, [])
    session = Session(path)
    try:
        before = path.read_bytes()
        keys = [paste(line) + b"\r\x03" for line in tainted(char)]  # Ctrl-C: the line back
        code, shown = drive(session, [*keys, b"light torch\r\x04"])
    finally:
        session.close()
    assert code == 0 and "internal error" not in shown
    said = f"solo: error: {REFUSED_BREAKS[char]} inside the line: type it as two lines"
    assert shown.count(said) == len(tainted(char)) and NAMES[char] in said
    text = path.read_text(encoding="utf-8")
    assert text.startswith(before.decode()) and char not in text
    assert text[len(before):].count("<!-- solo ") == 1 and "@ light torch" in text


def test_a_paste_of_two_lines_plays_both_and_a_refused_one_comes_back(tmp_path: Path):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Paste", 5, [])
    session = Session(path)
    try:
        code, shown = drive(session, [paste("light torch\nThe hall\u2028is cold.\nsearch"),
                                      b"\r\x04"])
    finally:
        session.close()
    assert code == 0 and "a line separator (U+2028) inside the line" in shown
    text = path.read_text(encoding="utf-8")
    assert "@ light torch" in text and "hall" not in text and "@ search" not in text


# -- a journal edited by hand ---------------------------------------------------------------
@pytest.mark.parametrize("char", BREAKS, ids=[NAMES[char] for char in BREAKS])
def test_a_journal_holding_one_resumes_and_reports_the_same(tmp_path: Path, char: str):
    path = new_crawl(tmp_path)
    done = run_here("play", "crawl.md", cwd=tmp_path,
                    stdin="The hall is cold.\nenter N 2\nThe stair is wet.\n")
    assert done.returncode == 0, done.stderr
    plain = {name: run_here(*args, cwd=tmp_path).stdout for name, args in REPORTS.items()}
    state = resume_file(path).state
    text = path.read_text(encoding="utf-8")
    edited = text.replace("The hall is cold.", f"The hall{char}is cold.") \
        .replace("The stair is wet.", f"The stair{char}is wet.")
    assert edited.count(char) == 2
    path.write_text(edited, encoding="utf-8")
    assert resume_file(path).state == state
    again = {name: run_here(*args, cwd=tmp_path) for name, args in REPORTS.items()}
    assert all(done.returncode == 0 for done in again.values())
    assert json.loads(again["stats"].stdout) == json.loads(plain["stats"])
    assert again["status"].stdout == plain["status"].replace(  # the last words, whole
        "The stair is wet.", printable(f"The stair{char}is wet."))
    for name in ("export", "html"):  # the prose kept whole, the rest as it was
        assert again[name].stdout.replace(char, " ") == plain[name]
        assert f"The hall{char}is cold." in again[name].stdout
    done = run_here("play", "crawl.md", cwd=tmp_path, stdin="search\n")
    assert done.returncode == 0 and "Traceback" not in done.stderr


REPORTS = {"stats": ("stats", "crawl.md", "--json"), "status": ("status", "crawl.md"),
           "export": ("export", "crawl.md", "-o", "-", "--format", "md"),
           "html": ("export", "crawl.md", "-o", "-", "--format", "html")}
