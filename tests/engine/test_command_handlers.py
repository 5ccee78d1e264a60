"""Every command a player can type reaches code that carries it out: each tool of the
engine (``TOOLS``) reads into a request that has a handler (``TOOL_COMMANDS``, or the
session's own for a look-up, a session step or the dice mode), and every kind of request
the engine defines is carried out somewhere. A tool without a handler would otherwise show
only at play, as a refusal."""

from __future__ import annotations

import argparse
import gc
import inspect
from dataclasses import replace

import pytest

from solo.cli.commands import _HANDLERS
from solo.cli.parser import build_parser
from solo.engine import requests
from solo.engine.command_table import ENGINE_COMMANDS, command_table, read
from solo.engine.core import start
from solo.engine.requests import Act, GoBack, GoTo, Request, SessionStep, SetDice, Show
from solo.engine.tool_commands import TOOL_COMMANDS
from solo.engine.tool_grammar import TOOLS
from solo.play.commands_table import SESSION
from solo.play.session_commands import SESSION_COMMANDS
from solo.rules.catalog import load_world

# What the session carries out itself (solo.play.session.Session.handle): a session step,
# a look-up (a bare 'light', 'chaos', 'party'), the dice mode.
BY_THE_SESSION = {SessionStep, Show, SetDice}
WALKS = (GoTo, GoBack)  # a walk, as the procedure plays it: solo.engine.walks.walk_request

# Lines a player types, at least one for each tool: the test reads each by its tool's entry.
TYPED = {
    "light": ["light torch", "light"], "douse": ["douse torch"],
    "strike": ["strike", "strike delving-encounters 3"],
    "set": ["set fatigue 2", "set fatigue +1", "set dice physical", "set odds off",
            "set candles 2"],
    "roll": ["roll 2d6", "roll d20+3 to hit"], "table": ["table delving-encounters"],
    "ask": ["ask Is the door locked?", "ask Is it dark? likely"],
    "chaos": ["chaos", "chaos 6"], "oracle": ["oracle", "oracle opse"],
    "party": ["party", "party add Cid hp 6", "party remove Wren"],  # (Delving keeps no
    # number per member: its fatigue damage is the dungeon's)
    "hurt": ["hurt 2"], "heal": ["heal 1"], "supply": ["supply candles 3", "supply candles -1"],
    "room": ["room a cold hall, exits N E", "room cleared", "room +looted", "room way out"],
    "go": ["go N", "go R2"], "back": ["back"],
}


def _every_request_kind() -> set[type]:
    return {kind for _, kind in inspect.getmembers(requests, inspect.isclass)
            if issubclass(kind, Request) and kind is not Request}


def test_every_tool_has_lines_here_to_try():
    assert set(TYPED) == set(TOOLS) == set(ENGINE_COMMANDS), (
        "a tool was added or taken out: give it typed lines in TYPED (and a handler)")


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_each_tool_reads_into_a_request_something_carries_out(tool):
    world = load_world("delving")
    state = start(world, party=("Wren",))
    for line in TYPED[tool]:
        request = read(world, state, line)
        assert request.text.split()[0] == tool, line
        kind = type(request)
        assert kind in TOOL_COMMANDS or kind in BY_THE_SESSION or kind in WALKS, (
            f"{line!r} reads as {kind.__name__}, which nothing carries out")


def test_every_kind_of_request_is_carried_out_somewhere():
    handled = {Act, *WALKS} | set(TOOL_COMMANDS) | BY_THE_SESSION
    assert _every_request_kind() == handled
    for kind, handler in TOOL_COMMANDS.items():
        assert callable(handler), kind


def test_every_session_command_and_alias_has_its_code():
    words = {word for command in SESSION.values() for word in (command.name, *command.aliases)}
    assert set(SESSION_COMMANDS) == words
    for word, entry in SESSION_COMMANDS.items():
        assert callable(entry.run) and (word == entry.name or word in SESSION[entry.name].aliases)


def test_a_procedure_s_command_table_is_made_once_and_let_go_with_the_procedure():
    """Built once per loaded procedure (the same table each time it is asked), and dropped
    from the cache when the procedure is gone, so loading procedures again and again (a
    long process, `solo check` of many files) keeps no table of one no longer in use."""
    procedure = replace(load_world("trespasser").procedure)  # a procedure of this test's own
    gc.collect()  # procedures other tests left behind, gone before counting
    before = len(command_table)
    table = command_table(procedure)
    assert command_table(procedure) is table and "advance" in table
    assert len(command_table) == before + 1
    del procedure, table
    gc.collect()
    assert len(command_table) == before


def test_every_subcommand_of_the_command_line_has_its_handler_and_no_handler_is_left():
    """The command line's grammar (solo.cli.parser) and its handlers (solo.cli.commands)
    live apart: each subcommand the parser takes is carried out, and nothing else."""
    parser = build_parser()
    [subcommands] = [action for action in parser._actions
                     if isinstance(action, argparse._SubParsersAction)]
    assert set(subcommands.choices) | {"home"} == set(_HANDLERS)  # home: `solo` alone
