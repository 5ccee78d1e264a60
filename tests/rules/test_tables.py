"""Range tables: ranges, clamping, gaps and overlaps, inline dice."""

import random

import pytest

from solo.errors import RulesError
from solo.rules.table_file import parse_tables_file
from solo.rules.tables import expand_inline_dice
from solo.rules.yamlfile import load_yaml

SEED_EXAMPLE = """\
kind: tables
tables:
  encounters:
    dice: d10
    plus: tension
    entries:
      1-4: A lost adventurer
      5-8: 1d4 goblins
      9-12: 2d4 goblins
      13-16: 2d6 orcs
      17-20: 4d6 orcs
"""


def _tables(text: str):
    return parse_tables_file(load_yaml(text, "t.yaml"))


def test_ranges_cover_their_ends_and_clamp_past_them():
    table = _tables(SEED_EXAMPLE)["encounters"]
    assert table.plus == "tension"
    assert [table.index_for(total) for total in (1, 4, 5, 8, 9, 20)] == [0, 0, 1, 1, 2, 4]
    assert table.index_for(-3) == 0
    assert table.index_for(27) == 4


def test_single_values_and_ranges_mix():
    table = _tables("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n"
                    "      1: one\n      2-5: middle\n      6: six\n")["t"]
    assert [entry.span for entry in table.entries] == ["1", "2-5", "6"]
    assert table.entries[table.index_for(6)].text == "six"


@pytest.mark.parametrize("entries, problem", [
    ("      1-3: a\n      5-6: b\n", "gap: nothing covers 4-4"),
    ("      1-4: a\n      4-6: b\n", "overlaps 1-4"),
    ("      3-1: a\n", "runs backwards"),
    ("      one: a\n", "expected a roll"),
])
def test_gaps_and_overlaps_are_load_errors_with_a_line(entries, problem):
    with pytest.raises(RulesError) as caught:
        _tables("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n" + entries)
    message = str(caught.value)
    assert problem in message
    assert message.startswith("t.yaml:")
    assert "\n" not in message


def test_inline_dice_are_rolled_and_kept():
    text, rolls = expand_inline_dice("1d4 goblins and 2d6 gold pieces", random.Random(3))
    assert len(rolls) == 2
    assert text == f"{rolls[0].total} goblins and {rolls[1].total} gold pieces"
    assert 1 <= rolls[0].total <= 4 and 2 <= rolls[1].total <= 12


def test_text_without_dice_is_left_alone():
    text, rolls = expand_inline_dice("A d-shaped door; room 12", random.Random(3))
    assert text == "A d-shaped door; room 12" and rolls == []


def test_find_entry_by_id_text_or_number():
    table = _tables(SEED_EXAMPLE)["encounters"]
    assert table.find("a lost adventurer") == 0
    assert table.find("14") == 3
    assert table.find("dragons") is None


def test_a_bad_modifier_is_a_load_error_on_its_line():
    with pytest.raises(RulesError) as caught:
        _tables("kind: tables\ntables:\n  t:\n    dice: d6\n    plus: tension +\n"
                "    entries:\n      1-6: a\n")
    assert str(caught.value).startswith("t.yaml:5: tables.t.plus: cannot read expression")
