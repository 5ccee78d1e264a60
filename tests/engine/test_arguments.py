"""An action's words matched to its arguments: numbers land where the usage line puts them,
for every action of every shipped procedure."""

from __future__ import annotations

import itertools

import pytest

from solo.engine.arguments import parse_arguments
from solo.errors import UsageError
from solo.rules.catalog import load_world, system_ids
from solo.rules.procedure import Action, Arg

ACTIONS = [(system, action) for system in system_ids()
           for action in load_world(system).procedure.actions.values() if action.args]


def _typed(arg: Arg, index: int) -> str:
    """A word for ``arg``, each number a different one that the argument accepts."""
    if arg.kind == "choice":
        return arg.choice_names[-1]
    low = arg.minimum if arg.minimum is not None else 0
    number = low + index + 1
    return str(number if arg.maximum is None else min(number, arg.maximum))


def _given(action: Action, words: dict[str, str]) -> dict[str, str]:
    values = parse_arguments(action, list(words.values()), defaults={
        arg.name: 0 for arg in action.args if arg.map})   # as on a map
    return {name: str(values[name]) for name in words}


@pytest.mark.parametrize("system, action", ACTIONS, ids=[f"{s}-{a.name}" for s, a in ACTIONS])
def test_every_argument_typed_in_the_usages_order_is_taken_as_itself(system, action):
    words = {arg.name: _typed(arg, index) for index, arg in enumerate(action.args)}
    assert _given(action, words) == words


@pytest.mark.parametrize("system, action", ACTIONS, ids=[f"{s}-{a.name}" for s, a in ACTIONS])
def test_an_optional_number_left_out_before_a_choice_moves_no_later_word(system, action):
    """``leave 2 dangerous 5``: the rooms left out (the map counts them), 5 is the bonus."""
    for skipped, following in itertools.pairwise(action.args):
        if skipped.kind != "int" or (skipped.default is None and skipped.map is None) \
                or following.kind != "choice":
            continue
        words = {arg.name: _typed(arg, index) for index, arg in enumerate(action.args)
                 if arg is not skipped}
        assert _given(action, words) == words, f"{skipped.name} left out"


LEAVE = load_world("dungeon-turn").procedure.actions["leave"]


@pytest.mark.parametrize("line, travel, rooms, bonus", [
    ("2 dangerous 5", 2, 1, 5), ("2 dangerous", 2, 1, 0), ("2 0 dangerous 5", 2, 0, 5),
    ("2 3 4 dangerous", 2, 3, 4), ("dangerous bonus=5 travel=2", 2, 1, 5),
])
def test_leaves_numbers_are_read_around_the_journey(line, travel, rooms, bonus):
    values = parse_arguments(LEAVE, line.split(), defaults={"rooms": 1})
    assert (values["travel"], values["rooms"], values["bonus"]) == (travel, rooms, bonus)


@pytest.mark.parametrize("line, message", [
    ("2 dangerous 1", "leave needs rooms"),        # no map: 1 is the bonus, rooms missing
    ("dangerous 2", "leave needs travel"),         # a number after the journey is the bonus
    ("dangerous 2 3", "does not understand '3'"),  # never back to the travel
])
def test_a_number_after_the_journey_never_fills_an_argument_before_it(line, message):
    with pytest.raises(UsageError, match=message):
        parse_arguments(LEAVE, line.split())


def test_a_number_after_a_choice_with_none_after_it_fills_one_before():
    rest = load_world("trespasser").procedure.actions["rest"]
    assert parse_arguments(rest, ["fast", "3"])["healed"] == 3
