"""``roll EXPR [WHY]`` at the prompt reads the dice as ``solo roll`` does: a modifier
written after a space is part of the dice, never the start of the reason; a reason that
begins like dice is refused, not rolled as words."""

from __future__ import annotations

import pytest

from solo.engine.core import start
from solo.engine.requests import Roll
from solo.errors import UsageError
from solo.play.line import parse_line
from solo.rules.catalog import load_world
from tests.fake_env import solo


@pytest.fixture(scope="module")
def world():
    return load_world("delving")


@pytest.mark.parametrize(("typed", "dice", "why"), [
    ("d20 + 5", "d20+5", ""),
    ("d20 +5", "d20+5", ""),
    ("d20+ 5 to hit", "d20+5", "to hit"),
    ("2d6 +1 reaction", "2d6+1", "reaction"),
    ("2d6 - 1  the  goblin", "2d6-1", "the  goblin"),
    ("4d6kh3 the stats", "4d6kh3", "the stats"),
    ("d20 2nd try", "d20", "2nd try"),
    ("d6", "d6", ""),
])
def test_the_prompt_rolls_every_word_joined_by_a_sign(world, typed, dice, why):
    request = parse_line(world, start(world), f"roll {typed}").request
    assert isinstance(request, Roll)
    assert (request.expression.text, request.why) == (dice, why)


@pytest.mark.parametrize(("typed", "hint"), [
    ("4d6 kh3", "(4d6kh3)"), ("4d6 KL", "(4d6KL)"), ("d20 5", "(d20+5)"),
    ("2d6 1d4 damage", "(2d6+1d4)"), ("d6 - for the goblin", "cannot read dice"),
    ("d 6", "write them together (d6)"), ("2d 6 damage", "together (2d6)"),
    ("x 6", "cannot read dice expression 'x'"),
])
def test_a_reason_that_begins_like_dice_is_refused(world, typed, hint):
    with pytest.raises(UsageError, match="not run as 'roll'") as refused:
        parse_line(world, start(world), f"roll {typed}")
    assert hint in str(refused.value)


def test_the_journal_shows_the_totals_the_player_meant(tmp_path):
    path = tmp_path / "r.md"
    lines = "roll 4d6 kh3\nroll d20 + 5\nroll d20 +5\nroll 2d6 +1 reaction\n"
    played = solo("new", str(path), "--system", "delving", "--seed", "2", stdin=lines)
    assert played.code == 1  # the first line is refused, the others roll
    assert "'kh3' after '4d6' reads as part of the dice" in played.err
    rolls = [line for line in path.read_text().splitlines() if line.startswith("d: ")]
    assert [line.split("=")[0] for line in rolls] == ["d: Roll d20+5", "d: Roll d20+5",
                                                      "d: reaction 2d6+1"]
    assert "kh3" not in path.read_text()


@pytest.mark.parametrize("typed", ["d20 +5", "d20 + 5", "2d6 - 1", "4d6kh3"])
def test_the_command_line_and_the_prompt_read_the_same_dice(world, typed):
    request = parse_line(world, start(world), f"roll {typed}").request
    assert isinstance(request, Roll)
    for argv in (["roll", "--seed", "2", *typed.split()], ["roll", "--seed=2", "--", typed]):
        done = solo(*argv)
        assert done.code == 0, done.err
        assert done.out.startswith(f"{request.expression.text} = ")


@pytest.mark.parametrize(("typed", "said"), [
    (["4d6", "kh3"], "write it against them (4d6kh3)"),
    (["2d6", "+1", "reaction"], "'reaction' after the dice '2d6 +1' is not part of them"),
    (["d", "6"], "'6' after 'd' is part of the dice: write them together (d6)"),
    (["x", "6"], "cannot read dice expression 'x'"),  # (no advice: 'x' is no dice)
])
def test_the_command_line_refuses_what_the_prompt_would_not_roll(typed, said):
    for argv in (["roll", *typed], ["roll", "--seed", "1", "--", *typed]):
        done = solo(*argv)
        assert done.code == 2  # a usage error: what was typed cannot be rolled
        assert said in done.error_line()


def test_a_number_too_long_is_refused_after_a_space_too(world):
    with pytest.raises(UsageError, match="a number of more than"):
        parse_line(world, start(world), "roll 2d6 + " + "9" * 40)


def test_each_roll_offers_only_what_it_takes():
    """The prompt's roll takes a reason after the dice; the command line's takes none."""
    typed = solo("roll", "d6", "d8")
    assert typed.code == 2
    assert typed.error_line() == ("solo: error: 'd8' after 'd6' reads as dice: join it with + "
                                  "or - (d6+d8); solo roll takes a dice expression alone")
    with pytest.raises(UsageError, match=r"\(d6\+d8\), or begin the reason with a word"):
        parse_line(load_world("delving"), start(load_world("delving")), "roll d6 d8")
