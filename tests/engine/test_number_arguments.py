"""A word where a number belongs is refused in one line; a name is never made from leftover
arguments (issue 24: 'party add Dax hp x' added a member called "Dax hp x")."""

from __future__ import annotations

import pytest

from solo.engine.arguments import split_member
from solo.engine.core import read, start
from solo.errors import UsageError
from solo.play.line import parse_line
from solo.rules.catalog import load_world
from tests.conftest import perform_line as perform


@pytest.fixture(scope="module")
def world():
    return load_world("trespasser")


@pytest.mark.parametrize(("words", "message"), [
    ("Dax hp x", "hp takes a whole number, not 'x'"),
    ("Dax hp", "after the name come pairs"),
    ("Brother Ott hp six", "hp takes a whole number, not 'six'"),
])
def test_a_word_where_hit_points_belong_is_refused(world, words, message):
    with pytest.raises(UsageError, match=message):
        split_member(world, words.split())


def test_names_of_several_words_still_end_at_their_numbers(world):
    assert split_member(world, "Brother Ott hp 6".split()) == ("Brother Ott", {"hp": 6})
    assert split_member(world, "Wren".split()) == ("Wren", {})


@pytest.mark.parametrize("line", ["party add Dax hp x", "supply torch x", "set alarm x",
                                  "hurt x", "heal x", "chaos x", "party set Wren hp x"])
def test_no_word_is_taken_for_a_number_and_nothing_changes(world, line):
    state = perform(world, start(world), "party add Wren", None).state
    with pytest.raises(UsageError):
        perform(world, state, line, None)


@pytest.mark.parametrize("line", ["set alarm {}", "supply torch {}", "party add Eve hp {}",
                                  "chaos {}", "hurt {}", "roll d6+{}", "strike encounters {}"])
def test_a_17_and_a_19_digit_number_get_the_same_refusal_in_every_command(world, line):
    state = perform(world, start(world), "party add Wren", None).state
    refusals = []
    for digits in (17, 19):
        with pytest.raises(UsageError) as refused:
            parse_line(world, state, line.format("9" * digits))
        refusals.append(str(refused.value).split(" — ")[0])
        with pytest.raises(UsageError) as refused:  # simulate's and the tests' way in
            read(world, state, line.format("9" * digits))
        refusals.append(str(refused.value))
    assert set(refusals) == {"a number of more than 16 digits"}


@pytest.mark.parametrize("digit", ["²", "①", "٣", "Ⅲ"])
def test_digits_that_are_not_ascii_are_not_numbers(world, digit):
    state = perform(world, start(world), "party add Wren", None).state
    for line in (f"set alarm {digit}", f"party add Eve hp {digit}", f"supply torch {digit}"):
        with pytest.raises(UsageError, match="whole number"):
            perform(world, state, line, None)
