"""The real prompt_toolkit session, driven through a pipe (prompt_toolkit's own recipe)."""

import asyncio
import io
import random
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from solo.play.repl import SoloCompleter, run_interactive
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules import dice


def open_session(tmp_path: Path, system: str = "trespasser") -> Session:
    path = create_journal_file(str(tmp_path / "crawl.md"), system, "Pipe Crawl", 9, [])
    return Session(path)


def drive(session: Session, keys: str) -> int:
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()  # then the end of input: a test can never hang
        with create_app_session(input=pipe, output=DummyOutput()):
            return run_interactive(session, input=pipe, output=DummyOutput())


def test_commands_typed_at_the_prompt_reach_the_journal(tmp_path: Path):
    session = open_session(tmp_path)
    try:
        code = drive(session, "light torch\radvance\rThe hall is cold.\rstay\r\x04")
        assert code == 0
        text = session.path.read_text()
        assert "@ advance" in text and "\nThe hall is cold.\n" in text and "@ stay" in text
        assert resume(session.path).state == session.state
        assert session.state.turn == 2
    finally:
        session.close()


def test_ctrl_c_clears_the_line_and_quit_leaves(tmp_path: Path):
    session = open_session(tmp_path)
    try:
        code = drive(session, "advance\x03stay\rquit\r")
        assert code == 0
        text = session.path.read_text()
        assert "@ stay" in text and "@ advance" not in text
    finally:
        session.close()


def test_a_bad_command_at_the_prompt_does_not_end_the_session(tmp_path: Path):
    session = open_session(tmp_path)
    try:
        assert drive(session, "hide sideways\r\x03stay\r\x04") == 0
        assert "@ stay" in session.path.read_text()
    finally:
        session.close()


def complete(session: Session, text: str) -> list[str]:
    completer = SoloCompleter(session)
    return [c.text for c in completer.get_completions(Document(text), None)]


def test_tab_completion_offers_the_procedures_choices(tmp_path: Path):
    session = open_session(tmp_path)
    try:
        assert {"advance", "stay", "hide", "backtrack"} <= set(complete(session, ""))
        assert {"backtrack", "batter-door"} <= set(complete(session, "ba"))
        assert set(complete(session, "hide ")) == {"success", "failure"}
        assert "torch" in complete(session, "light t")
        assert "trespasser-encounters" in complete(session, "table tres")
    finally:
        session.close()


def test_tab_completion_offers_the_map_s_words_after_a_move(tmp_path: Path):
    """``go R``, ``backtrack R`` and ``enter`` offered no rooms or directions, though their
    help names them (a QA pass at a terminal)."""
    session = open_session(tmp_path, "d12-tension")
    try:
        session.handle("enter 2")
        session.handle("enter N 2")
        assert set(complete(session, "go R")) == {"R1"}  # (the party is in R2)
        assert set(complete(session, "revisit R")) == {"R1"}  # (as 'go')
        assert {"N", "E", "W"} <= set(complete(session, "enter "))
        assert "S" not in complete(session, "enter ")  # the way back to R1: enter refuses it
        assert {"none", "preset"} <= set(complete(session, "enter "))
        assert not {"R1", "R2"} & set(complete(session, "enter "))  # (a new room's own)
        assert "R1" not in complete(session, "linger ")  # no move on the map
    finally:
        session.close()


def test_the_prompt_says_where_the_party_stands(tmp_path: Path):
    session = open_session(tmp_path)
    try:
        assert session.where().startswith(
            "Round 1 · Alarm 0/10 · begin round 1: depletion checks (0 lit), then advance, "
            "stay, hide or backtrack")
        session.handle("light torch")
        session.handle("advance")
        assert session.where().startswith("Round 1 under way (0:10) · Alarm 1/10 · each "
                                          "character acts")
        assert "begin round 2: depletion checks (1 lit)" in session.where()
        toolbar = session.toolbar()
        # the forecast first; the title gives way first when 80 columns are too few
        assert toolbar.startswith("advance: encounter ") and len(toolbar) <= 80
        assert "Alarm" in toolbar and "round 1 under way" in toolbar
    finally:
        session.close()


def test_history_is_kept_per_journal_in_the_xdg_state_folder(tmp_path: Path):
    import os

    from solo.play.prompt_history import history_path

    session = open_session(tmp_path)
    other = Session(create_journal_file(str(tmp_path / "other.md"), "trespasser", "Other", 9,
                                        []))
    try:
        drive(session, "advance\rstay\r\x04")
        drive(other, "hide\r\x04")
    finally:
        session.close()
        other.close()
    state = Path(os.environ["XDG_STATE_HOME"]) / "solo"
    assert history_path(session).is_relative_to(state)
    text = history_path(session).read_text()
    assert "+advance" in text and "+stay" in text and "+hide" not in text
    assert "+hide" in history_path(other).read_text()


def test_lines_are_coloured_by_the_event_they_show_unless_no_color(monkeypatch):
    """Colours come from what the engine recorded, never from the text: narration that
    looks like a result stays plain."""
    from solo.engine.events import Encountered, Rolled
    from solo.journal.notation import event_lines
    from solo.play.repl import styled

    met = event_lines(Encountered("t", "3 goblins", "met"))[0]
    assert styled(met)[0][0] == "class:result"
    assert styled(event_lines(Rolled("Damage", dice.roll("d12", random.Random(1))))[0]
                  )[0][0] == "class:roll"
    assert styled("=> Encounter: a dragon (typed by the player)")[0][0] == ""
    assert styled("solo: error: no such table")[0][0] == "class:error"
    monkeypatch.setenv("NO_COLOR", "1")
    assert styled(met)[0][0] == ""


def test_grey_suggestions_come_from_this_journals_history(tmp_path: Path):
    """As pgcli does: what was typed before in this journal is offered in grey."""
    from prompt_toolkit.filters import to_filter

    from solo.play.repl import make_prompt

    def suggested(session: Session, typed: str) -> str | None:
        with create_pipe_input() as pipe:
            prompt = make_prompt(session, input=pipe, output=DummyOutput())

            async def load() -> None:  # what the running prompt does when it starts
                async for _ in prompt.history.load():
                    pass

            asyncio.run(load())
            found = prompt.auto_suggest.get_suggestion(prompt.default_buffer, Document(typed))
            assert to_filter(prompt.complete_while_typing)()
        return None if found is None else found.text

    session = open_session(tmp_path)
    (tmp_path / "other").mkdir()
    other = open_session(tmp_path / "other")
    try:
        drive(session, "light torch\radvance\rhide success 1\r\x04")
        assert suggested(session, "hi") == "de success 1"
        assert suggested(other, "hi") is None  # each journal keeps its own history
    finally:
        session.close()
        other.close()


def test_a_members_name_completes_and_their_action_reaches_the_journal(tmp_path: Path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "trespasser", "Party", 9, [],
                               party=["Wren", "Brother Ott"])
    session = Session(path)
    try:
        assert "Wren:" in complete(session, "wr")
        assert "search" in complete(session, "Wren: sea")
        assert "set" in complete(session, "party s")
        hp = session.procedure.party.hp
        assert f"Wren {hp}/{hp}" in session.toolbar()
        assert f"Ott {hp}/{hp}" in session.toolbar()  # at 80 columns, the last name
        assert drive(session, "light torch\radvance\rWren: search success\rBrother Ott: I wait.\r"
                              "party add Cid hp 5\r\x04") == 0
        text = session.path.read_text()
        assert "@(Wren) search" in text and "\nBrother Ott: I wait.\n" in text
        assert "=> [PC:Cid|HP 5/5] joins the party" in text
        assert [m.name for m in resume(session.path).state.party] == ["Wren", "Brother Ott",
                                                                      "Cid"]
    finally:
        session.close()


def test_lines_typed_ahead_of_a_refused_line_are_not_glued_onto_it(tmp_path: Path):
    """Fast typing, or a paste the terminal does not bracket: the lines after a refused one
    go below it in the input, to edit or keep; none is typed onto its end or played."""
    session = open_session(tmp_path, "d12-tension")
    try:
        assert drive(session, "enter 2\rentr 3\rlinger 1\rThe dark is deep.\r") == 0
        text = session.path.read_text()
        assert "@ enter 2" in text
        assert "entr 3" not in text and "linger 1" not in text and "dark is deep" not in text
    finally:
        session.close()


def test_ctrl_c_forgets_the_line_handed_back(tmp_path: Path):
    """A refused line, Ctrl-C, then the same line typed anew: refused again, not kept."""
    session = open_session(tmp_path, "d12-tension")
    try:
        assert drive(session, "linger x\r\x03linger x\r\x03") == 0
        assert "linger x" not in session.path.read_text()
    finally:
        session.close()


def test_ctrl_c_while_a_line_plays_says_the_journal_is_saved_and_exits_130(tmp_path: Path,
                                                                            monkeypatch):
    session = open_session(tmp_path)
    played = session.handle

    def slow(line: str):
        if line == "advance":
            raise KeyboardInterrupt  # Ctrl-C while the line plays
        return played(line)

    monkeypatch.setattr(session, "handle", slow)
    screen = io.StringIO()
    try:
        with create_pipe_input() as pipe:
            pipe.send_text("light torch\radvance\r")
            pipe.close()
            with create_app_session(input=pipe, output=DummyOutput()):
                code = run_interactive(session, input=pipe, output=PlainTextOutput(screen))
        assert code == 130
        assert f"Saved. Resume with: solo play {session.path}" in screen.getvalue()
        assert "[Inv:Torch|lit]" in session.path.read_text()
    finally:
        session.close()


class _Sized(PlainTextOutput):
    """A real prompt_toolkit output that says the terminal is ``width`` columns wide."""

    def __init__(self, screen: io.StringIO, width: int) -> None:
        super().__init__(screen)
        self.width = width

    def get_size(self):
        from prompt_toolkit.data_structures import Size
        return Size(rows=40, columns=self.width)


def test_the_line_above_the_prompt_fits_the_terminals_width(tmp_path: Path):
    """At 110 columns Trespasser's first line names every move (it was cut at 80, hiding
    'stay, hide or backtrack'); at 50 it is cut to 50."""
    for width in (110, 50):
        session = open_session(tmp_path / str(width))
        try:
            screen = io.StringIO()
            with create_pipe_input() as pipe:
                pipe.send_text("\x04")
                pipe.close()
                with create_app_session(input=pipe, output=DummyOutput()):
                    assert run_interactive(session, input=pipe,
                                           output=_Sized(screen, width)) == 0
            place = next(line for line in screen.getvalue().splitlines()
                         if line.startswith("Round 1 ·"))
            assert len(place) <= width
            if width == 110:
                assert "stay, hide or backtrack" in place and len(place) > 80
            else:
                assert place.endswith("…")
        finally:
            session.close()
