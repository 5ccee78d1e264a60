"""Errors tell a bug from a mistake. A fault of the procedure file is the player's to fix
and says so, naming the file; a bug in solo's own code is an internal error that keeps its
type and its traceback (``solo --traceback`` shows where it is), never advice about the
procedure file."""

from __future__ import annotations

import io
import random
import subprocess
import traceback
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.requests import SetChaos
from solo.engine.tool_commands import TOOL_COMMANDS
from solo.errors import SoloError
from solo.journal.store import read_records
from solo.play.batch import run_batch
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules.catalog import load_world
from solo.rules.expr import ExprError, compile_expr
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import perform_line
from tests.fake_env import run_here

PROCEDURE = """\
kind: procedure
id: mistakes
name: Mistakes
trackers:
  tension: {min: 0, max: 10}
actions:
  explore:
    time: 1
  remember:
    effects: [{let: {x: 1}}]
  recall:
    effects: [{adjust: {tension: x}}]
  push:
    effects: [{do: {routine: strain, with: {by: "'hard'"}}}]
routines:
  strain: {params: {by: null}, effects: [{let: {effort: by + 1}}]}
"""
"""A procedure ``solo check`` accepts, with two mistakes only play can meet: ``recall``
reads a name only another command's ``let`` gives, ``push`` adds 1 to a word."""

ADVICE = ("procedure", "solo check", "unknown name", "expression", "cannot work with")
"""Words of the advice a fault of the procedure file gets; a bug must get none of them."""


def broken_handler_key(world, run, request):
    return {}[str(request.level)]  # a bug: a KeyError in solo's own code


def broken_handler_type(world, run, request):
    return len(run.values) + str(request.level)  # a bug: a TypeError in solo's own code


BUGS = [(broken_handler_key, "KeyError"), (broken_handler_type, "TypeError")]


def _play(path: Path, lines: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    session = Session(path)
    try:
        code = run_batch(session, [f"{line}\n" for line in lines], out, err, group=1)
    finally:
        session.close()
    return code, out.getvalue(), err.getvalue()


# -- a bug in solo's own code ------------------------------------------------------------

@pytest.mark.parametrize("broken, kind", BUGS)
def test_a_bug_in_a_tool_command_keeps_its_type_and_where_it_happened(monkeypatch, broken,
                                                                     kind):
    monkeypatch.setitem(TOOL_COMMANDS, SetChaos, broken)
    world = load_world("d12-tension")
    with pytest.raises(Exception) as caught:
        perform_line(world, engine.start(world), "chaos 3", random.Random(1))
    assert type(caught.value).__name__ == kind
    assert not isinstance(caught.value, SoloError)
    frames = [frame.name for frame in traceback.extract_tb(caught.tb)]
    assert frames[-1] == broken.__name__


@pytest.mark.parametrize("broken, kind", BUGS)
def test_play_shows_a_bug_as_an_internal_error_and_the_journal_stays_whole(
        tmp_path, monkeypatch, broken, kind):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Bugs", 5, [])
    before = len(read_records(path))
    monkeypatch.setitem(TOOL_COMMANDS, SetChaos, broken)
    code, out, err = _play(path, ["chaos 3", "enter 2"])
    assert code == 1
    (shown,) = err.splitlines()
    assert shown.startswith(f"solo: internal error: line 1: {kind}: ")
    assert "the journal is intact (rerun with --traceback" in shown
    assert not any(word in shown for word in ADVICE)
    records = read_records(path)
    assert [record["cmd"] for record in records[before:]] == ["enter 2"]  # play went on
    assert "@ enter 2" in out


def broken_chaos_handler(world, run, request):
    return {}[str(request.level)]


def test_solo_traceback_shows_the_frame_of_the_bug(tmp_path, monkeypatch):
    path = create_journal_file(str(tmp_path / "j.md"), "d12-tension", "Bugs", 5, [])
    monkeypatch.setitem(TOOL_COMMANDS, SetChaos, broken_chaos_handler)

    def play(*options: str) -> subprocess.CompletedProcess:
        return run_here(*options, "play", str(path), stdin="chaos 3\n", cwd=tmp_path)

    plain = play()
    (shown,) = plain.stderr.splitlines()
    assert "internal error" in shown and "KeyError: '3'" in shown
    assert not any(word in shown for word in ADVICE)
    traced = play("--traceback").stderr.splitlines()
    assert "Traceback (most recent call last):" in traced
    # the trace ends where the bug is, with the bug's own error; then the one line again
    frames = [line for line in traced if line.lstrip().startswith("File ")]
    assert "in broken_chaos_handler" in frames[-1] and traced[-2] == "KeyError: '3'"
    assert traced[-1] == shown


# -- a fault of the procedure file -------------------------------------------------------

def _world() -> World:
    return World(parse_procedure(load_yaml(PROCEDURE, "mistakes.yaml")))


@pytest.mark.parametrize("command, message", [
    ("recall", "mistakes.yaml: unknown name 'x'; give it a value before this reads it"),
    ("push", "mistakes.yaml: '+' cannot work with a word and a number in 'by + 1'"),
])
def test_a_mistake_only_play_meets_names_the_procedure_file(command, message):
    world = _world()
    with pytest.raises(ExprError) as caught:
        perform_line(world, engine.start(world), command, random.Random(1))
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


def test_play_shows_a_procedure_mistake_as_the_players_error(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    procedure = tmp_path / "mistakes.yaml"
    procedure.write_text(PROCEDURE)
    path = create_journal_file(str(tmp_path / "j.md"), str(procedure), "Mistakes", 5, [])
    code, _, err = _play(path, ["recall", "push", "explore"])
    assert code == 1
    assert err.splitlines() == [
        f"solo: error: line 1: {procedure}: unknown name 'x'; give it a value before this "
        "reads it (a tracker, a setting, an argument, or set/let)",
        f"solo: error: line 2: {procedure}: '+' cannot work with a word and a number in "
        "'by + 1'"]
    assert read_records(path)[-1]["cmd"] == "explore"


# -- the expression evaluator: the procedure's values, or solo's own lookups ---------------

SHAPES = ["tension", "tension + 1", "tension < 3", "tension < roll", "roll < tension",
          "not tension", "-tension", "abs(tension)", "min(tension, 1, 2)", "tension * 2",
          "tension // 2", "1 if tension else 2"]
"""Expressions reading ``tension`` in every way the evaluator reads a name."""


@pytest.mark.parametrize("text", SHAPES)
def test_a_name_without_a_value_is_the_procedures_mistake(text):
    with pytest.raises(ExprError, match="unknown name 'tension'"):
        compile_expr(text).evaluate({"roll": 2})


class _BrokenScope(dict):
    """A scope whose code for computed names has a bug."""

    def __init__(self, error: Exception) -> None:
        super().__init__(roll=2)
        self.error = error

    def __missing__(self, name: str):
        raise self.error


@pytest.mark.parametrize("text", SHAPES)
@pytest.mark.parametrize("error", [KeyError("light_cache"), TypeError("bad operand"),
                                   AttributeError("no such attribute")])
def test_a_bug_in_a_computed_name_passes_through_as_it_is(text, error):
    with pytest.raises(type(error)) as caught:
        compile_expr(text).evaluate(_BrokenScope(error))
    assert caught.value is error


@pytest.mark.parametrize("text, scope, message", [
    ("x + 1", {"x": "a"}, "'+' cannot work with a word and a number in 'x + 1'"),
    ("x - y", {"x": 1, "y": None}, "'-' cannot work with a number and no value"),
    ("x < 3", {"x": "a"}, "'<' cannot work with a word and a number"),
    ("x >= y", {"x": 3, "y": "b"}, "'>=' cannot work with a number and a word"),
    ("(x + 0) > 1", {"x": (1, 2)}, "'+' cannot work with the dice of a roll and a number"),
    ("-x", {"x": "a"}, "'-' cannot work with a word in '-x'"),
    ("x // 2", {"x": "a"}, "'//' cannot work with a word and a number"),
    ("x * 2", {"x": None}, "'*' cannot work with no value"),
    ("abs(x)", {"x": "a"}, "abs() cannot work with a word in 'abs(x)'"),
    ("min(x, 1)", {"x": (1, 2)}, "min() cannot work with the dice of a roll and a number"),
    ("max(x, 1, 2)", {"x": (3,)}, "max() cannot work with the dice of a roll and a number"),
    ("max(x, 1)", {"x": "a"}, "max() cannot compare numbers with words"),
    ("min(1, 2, x)", {"x": "a"}, "min() cannot compare numbers with words"),
    ("min(x, y)", {"x": "a", "y": (1,)}, "min() cannot compare numbers with words"),
])
def test_a_value_of_the_wrong_kind_is_the_procedures_mistake(text, scope, message):
    with pytest.raises(ExprError) as caught:
        compile_expr(text).evaluate(scope)
    assert message in str(caught.value)
