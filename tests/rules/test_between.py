"""The ``between:`` block of a procedure (issue 38): read, checked, located errors."""

from __future__ import annotations

import pytest

from solo.errors import RulesError
from solo.rules.catalog import load_system
from solo.rules.procedure import LEAVE_BY_WALKING
from solo.rules.procedure_file import parse_procedure
from solo.rules.yamlfile import load_yaml

BASE = """kind: procedure
id: p
name: P
trackers:
  danger: {min: 0, max: 10}
supplies:
  torches: {label: Torches, start: 2}
actions:
  explore: {time: 1}
  escape: {time: 0}
"""


def parse(extra: str):
    return parse_procedure(load_yaml(BASE + extra, "p.yaml"))


def test_a_procedure_without_between_leaves_by_walking_and_days_do_nothing():
    between = parse("").between
    assert between.leave == LEAVE_BY_WALKING and not between.each_day and not between.prices


def test_every_key_is_read():
    between = parse("""between:
  leave: escape
  on_leave: ["Out."]
  each_day:
    - set: {danger: 0}
      when: "days_away >= 3"
  on_return: ["Back in for expedition {expedition}."]
  restock: {after: 7, dice: d6, success: "roll >= 4", label: "Back? {entry}"}
  prices: {torches: 2}
  currency: sp
""").between
    assert between.leave == "escape" and between.prices == {"torches": 2}
    assert between.currency == "sp" and between.restock.after == 7
    assert len(between.each_day) == 1 and between.on_return and between.on_leave


@pytest.mark.parametrize("extra, where", [
    ("between: {leve: walk}\n", "between.leve"),
    ("between: {leave: flee}\n", "between.leave"),
    ("between: {prices: {gold: 1}}\n", "between.prices.gold"),
    ("between: {prices: {torches: -1}}\n", "between.prices.torches"),
    ("between: {restock: {after: 7, dice: d6}}\n", "between.restock.success"),
    ("between: {restock: {after: 7, dice: 2x, success: 'roll > 3'}}\n", "between.restock.dice"),
    ("between: {restock: {after: 7, dice: d6, success: 'danger > 3'}}\n",
     "between.restock.success"),
    ("between: {each_day: [{set: {danger: 0}, when: 'dayz > 1'}]}\n", "between.each_day"),
])
def test_a_mistake_is_located(extra, where):
    with pytest.raises(RulesError) as raised:
        parse(extra)
    assert where in str(raised.value), str(raised.value)


@pytest.mark.parametrize("system, leave", [
    ("d12-tension", "walk"), ("dungeon-turn", "leave"), ("delving", "walk"),
    ("exploration", "walk"), ("trespasser", "walk")])
def test_each_seed_says_how_the_party_gets_out(system, leave):
    between = load_system(system).between
    assert between.leave == leave and between.reading and between.prices
