"""A misspelt member's name before a command (``Wern: hurt 3`` in a party with Wren) is
refused with the member meant, as a misspelt command word is; a name like no member's, or
words that are no command, stay dialogue."""

from __future__ import annotations

import pytest

from solo.engine.core import start
from solo.errors import UsageError
from solo.play.line import parse_line
from solo.rules.catalog import load_world
from tests.fake_env import solo


@pytest.fixture(scope="module")
def world():
    return load_world("delving")


@pytest.fixture(scope="module")
def state(world):
    return start(world, party=["Wren", "Brother Ott"])


@pytest.mark.parametrize(("line", "meant"), [
    ("Wern: hurt 3", "Wren"), ("wrne: heal 1", "Wren"), ("Wren : hurt 1", None),
    ("Brother Otto: light torch", "Brother Ott"), ("Wern: status", "Wren"),
])
def test_a_name_close_to_a_members_before_a_command_is_refused(world, state, line, meant):
    if meant is None:  # the name itself, spaced: the member's command
        assert parse_line(world, state, line).kind == "command"
        return
    with pytest.raises(UsageError) as refused:
        parse_line(world, state, line)
    said = str(refused.value)
    assert f"did you mean {meant}?" in said and "start the line with >" in said


@pytest.mark.parametrize("line", ["Zed: hurt 3", "Wern: I have a bad feeling.", "Wern: hurt",
                                  "Wern:", "> Wern: hurt 3", "The guard said: hurt 3"])
def test_dialogue_and_a_name_like_no_members_stay_narration(world, state, line):
    parsed = parse_line(world, state, line)
    assert parsed.kind == "narration"
    assert parsed.text == line.removeprefix("> ")


def test_the_hurt_is_not_lost_as_prose(tmp_path):
    path = tmp_path / "p.md"
    played = solo("new", str(path), "--system", "delving", "--seed", "1", "--party", "Wren",
                  "--party", "Ott", stdin="Wern: hurt 3\nWren: hurt 3\n")
    assert played.code == 1
    assert "no member 'Wern': did you mean Wren?" in played.err
    text = path.read_text()
    assert "Wern" not in text
    assert "[PC:Wren|HP 5/8] HP -3: hurt" in text
