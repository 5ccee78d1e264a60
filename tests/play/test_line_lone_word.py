"""A lone lowercase word that is no command is a guessed command, not narration (issue 21):
refused with the nearest commands, never journaled."""

from __future__ import annotations

import pytest

from solo.engine.core import start
from solo.engine.requests import Act, SessionStep
from solo.errors import UsageError
from solo.play.line import parse_line
from solo.rules.catalog import load_world


@pytest.fixture(scope="module")
def world():
    return load_world("trespasser")


@pytest.mark.parametrize("word", ["journal", "loot", "summary", "inventory", "look"])
def test_a_lone_lowercase_word_is_refused(world, word):
    with pytest.raises(UsageError, match=f"'{word}' is not a command") as refused:
        parse_line(world, start(world), word)
    assert 'start the line with >' in str(refused.value)


def test_the_refusal_names_the_nearest_commands(world):
    with pytest.raises(UsageError, match=r"the nearest: [a-z, ]*backtrack"):
        parse_line(world, start(world), "backing")


@pytest.mark.parametrize("line", ["Silence.", "Darkness", "silence.", '"map', "> map",
                                  "maps of the halls", "écho!"])
def test_a_word_with_a_capital_or_punctuation_stays_narration(world, line):
    assert parse_line(world, start(world), line).kind == "narration"


def test_the_commands_themselves_still_run(world):
    assert parse_line(world, start(world), "advance").request == Act("advance", {},
                                                                      "new", text="advance")
    assert parse_line(world, start(world), "status").request == SessionStep("status",
                                                                             text="status")
