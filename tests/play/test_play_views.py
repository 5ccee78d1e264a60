"""What the player sees and what resuming tells, played against the pieces the session
uses (solo.play.status, prompt_text, help_text, resume, session_commands): the fallen and
their conditions, a status bar that never breaks, help for an oracle solo does not know,
and journals whose front matter or last record cannot be used as they stand."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from solo.errors import JournalError, SoloError
from solo.play import help_text, prompt_text, status
from solo.play.commands_table import SESSION, command_table
from solo.play.session import Session
from solo.play.session_commands import SESSION_COMMANDS
from solo.play.start import create_journal_file
from solo.rules.catalog import system_ids
from tests.conftest import Crawl


def test_the_fallen_are_flagged_with_their_conditions_in_the_party_and_the_status_bar():
    crawl = Crawl("dungeon-turn", party=("Wren", "Brother Ott"))
    crawl.do("party set Wren fatigue 1")
    crawl.do("hurt 99", actor="Wren")
    procedure = crawl.world.procedure
    assert status.party_lines(procedure, crawl.state) == [
        "Wren: HP 0/8, tired — DOWN", "Brother Ott: HP 8/8"]
    bar = prompt_text.toolbar(crawl.world, crawl.state, "Deep Halls", 120)
    assert bar.startswith("explore: encounter 1 in 6 │ turn 1 │ ")  # the forecast first
    assert "│ Wren 0/8 tired! │ Brother Ott 8/8" in bar and bar.endswith("│ Deep Halls")
    narrow = prompt_text.toolbar(crawl.world, crawl.state, "Deep Halls")
    assert len(narrow) <= 80 and narrow.startswith("explore: encounter 1 in 6 │ turn 1 │ ")
    assert "│ Wren 0/8 tired! │ Brother Ott 8/8" in narrow  # the title and Fatigue give way
    assert status.look_up(crawl.world, crawl.state, "party") \
        == "Wren: HP 0/8, tired — DOWN\nBrother Ott: HP 8/8"


def test_a_state_the_procedure_no_longer_matches_still_draws_a_status_bar():
    crawl = Crawl("dungeon-turn")
    values = {name: value for name, value in crawl.state.values.items() if name != "fatigue"}
    broken = replace(crawl.state, values=values)
    assert prompt_text.toolbar(crawl.world, broken, "Deep Halls") \
        == "Deep Halls │ (cannot show the state: KeyError)"


def test_lights_says_what_burns_and_the_dark():
    crawl = Crawl("dungeon-turn")
    procedure = crawl.world.procedure
    assert status.lights_lines(procedure, crawl.state) \
        == ["Nothing is lit: the party is in the dark."]
    assert prompt_text.light_summary(procedure, crawl.state) == "dark"
    crawl.do("light torch")
    assert status.lights_lines(procedure, crawl.state)[0].startswith("Torch: ")
    assert prompt_text.light_summary(procedure, crawl.state).startswith("light: Torch")


def test_help_ask_lists_the_odds_only_of_an_oracle_style_solo_knows():
    crawl = Crawl("dungeon-turn")
    known = help_text.help_lines(crawl.world, crawl.state, "ask")
    odds = next(index for index, line in enumerate(known) if line.startswith("  Odds"))
    assert known[odds].startswith("  Odds (mythic, default 50/50): impossible")
    unknown = replace(crawl.state, values={**crawl.state.values, "oracle": "tarot"})
    assert help_text.help_lines(crawl.world, unknown, "ask") == known[:odds]


SYSTEMS = ("classic", "delving", "overloaded", "trespasser", "dungeon-turn", "d12-tension",
           "exploration")


@pytest.mark.parametrize("system", SYSTEMS)
def test_help_tells_every_command_of_every_procedure_in_full(system):
    """``help enter`` where ``enter`` plays another action's turn (Dungeon Turn's explore)
    once stopped with an internal error: every word of the command list has its help."""
    crawl = Crawl(system)
    commands = command_table(crawl.world.procedure)
    for word in commands:
        lines = help_text.help_lines(crawl.world, crawl.state, word)
        assert lines[0].split(" — ")[0].split()[0] == commands[word].name


@pytest.mark.parametrize("system, line, usage", [
    ("dungeon-turn", "enter xx", "usage: enter [DIRECTION] [ROOM]"),
    ("trespasser", "advance xx", "usage: advance [DIRECTION] [ROOM]"),
    ("trespasser", "backtrack xx", "usage: backtrack [DIRECTION|ROOM]"),
    ("d12-tension", "enter xx", "usage: enter [DIRECTION] [ROOM] [EXITS] [ENCOUNTER]"),
])
def test_a_usage_line_names_the_words_of_a_move_on_the_map(system, line, usage):
    crawl = Crawl(system)
    with pytest.raises(SoloError) as refused:
        crawl.do("enter")
        crawl.do(line)
    assert str(refused.value).endswith(usage)


@pytest.mark.parametrize("system, line, usage", [
    ("dungeon-turn", "leave", "leave TRAVEL [ROOMS] JOURNEY [BONUS]"),
    ("dungeon-turn", "enter\nleave 1", "leave TRAVEL [ROOMS] JOURNEY [BONUS]"),
    ("dungeon-turn", "harvest", "harvest HD"),
])
def test_a_refusal_gives_the_usage_help_gives(system, line, usage):
    """A required argument is named bare in a refusal's usage, as ``help`` names it (the
    refusal bracketed every argument, as if each could be left out); one the map gives
    (leave's ROOMS) is in brackets in both, on the map or off it."""
    crawl = Crawl(system)
    *before, line = line.split("\n")
    for played in before:
        crawl.do(played)
    with pytest.raises(SoloError) as refused:
        crawl.do(line)
    help_line = help_text.help_lines(crawl.world, crawl.state, line.split()[0])[0]
    assert str(refused.value).endswith("usage: " + usage)
    assert help_line.startswith(usage + " — ")


@pytest.mark.parametrize("system", system_ids())
def test_help_names_every_action_the_player_can_type(system):
    """``enter`` (another action's turn and a new room, in five procedures) was missing
    from ``help``, though it is how a generated room is rolled."""
    crawl = Crawl(system)
    overview = " ".join(help_text.help_lines(crawl.world, crawl.state, ""))
    named = set(overview.replace(",", " ").split())
    actions = {command.name for command in command_table(crawl.world.procedure).values()
               if command.kind == "action"}
    assert actions - named == set()


def test_every_session_command_in_the_table_has_its_code_under_each_of_its_words():
    words = {word for command in SESSION.values() for word in (command.name, *command.aliases)}
    assert set(SESSION_COMMANDS) == words


def _journal(tmp_path: Path) -> Path:
    return create_journal_file(str(tmp_path / "crawl.md"), "d12-tension", "Deep Halls", 5, [])


def test_a_last_record_whose_state_cannot_be_read_stops_resuming_and_keeps_the_journal(
        tmp_path: Path):
    path = _journal(tmp_path)
    text = path.read_text().replace('"state":{"v":1,"step":0,', '"state":{"v":1,"step":"x",')
    path.write_text(text)
    with pytest.raises(JournalError, match="the last state record cannot be read"):
        Session(path)
    assert path.read_text() == text


def test_a_front_matter_party_that_cannot_join_says_how_to_add_members(tmp_path: Path):
    path = _journal(tmp_path)
    path.write_text(path.read_text().replace("party: []", "party: ['Wren:']"))
    session = Session(path)
    try:
        notices = session.take_notices()
        assert len(notices) == 1 and "cannot join" in notices[0]
        assert notices[0].endswith("add members with 'party add NAME'.")
        assert session.state.party == ()
    finally:
        session.close()
