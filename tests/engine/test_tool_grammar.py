"""The engine's own commands refuse a line by what is wrong with it: a value left out is
named as missing, never as a wrong name."""

from __future__ import annotations

import pytest

from solo.engine.tool_words import set_words
from solo.errors import UsageError
from solo.rules.catalog import load_world, system_ids


@pytest.mark.parametrize("system, line, message", [
    ("d12-tension", "supply torches", "supply torches COUNT: COUNT is missing"),
    ("d12-tension", "supply torch", "supply torches COUNT: COUNT is missing"),
    ("trespasser", "supply oil", "supply oil COUNT: COUNT is missing"),
    ("d12-tension", "supply torches 3 4", "one COUNT, then nothing; not '4' after '3'"),
    ("d12-tension", "supply wine 3", "no supply named 'wine': choose one of: torches"),
    ("d12-tension", "supply", "supply NAME COUNT: NAME: choose one of: torches"),
    ("trespasser", "set alarm", "set alarm VALUE: VALUE is missing"),
    ("d12-tension", "set tension 3 4", "one VALUE, then nothing"),
    ("d12-tension", "set alarm 3", "nothing named 'alarm' to set; choose one of: tension,"),
    ("d12-tension", "set", "set NAME VALUE: NAME: choose one of: tension,"),
    ("d12-tension", "chaos follow now", "chaos [N|follow]: one word, then nothing; not 'now' "
     "after 'follow'"),
    ("exploration", "supply torch +0", "Torches are not counted yet"),
    ("exploration", "set oil -1", "Oil flasks are not counted yet"),
])
def test_what_is_wrong_is_what_the_refusal_names(crawl, system, line, message):
    c = crawl(system)
    with pytest.raises(UsageError) as refused:
        c.do(line)
    assert message in str(refused.value)


@pytest.mark.parametrize("system, line, name, value", [
    ("d12-tension", "supply torch 3", "torches", 3), ("trespasser", "set alarm 2", "alarm", 2),
])
def test_a_whole_line_still_sets_its_value(crawl, system, line, name, value):
    c = crawl(system)
    c.do(line)
    assert (c.state.supplies if line.startswith("supply") else c.state.values)[name] == value


HIDDEN = [(system, name) for system in system_ids()
          for name, tracker in load_world(system).procedure.trackers.items() if not tracker.shown]


@pytest.mark.parametrize("system, name", HIDDEN)
def test_a_hidden_counter_is_neither_offered_nor_set(crawl, system, name):
    """``shown: false``: the procedure's own bookkeeping (Trespasser's acted_count), which a
    player's hand would make untrue."""
    c = crawl(system, party=("Wren",))
    assert name not in set_words(c.world, c.state, ())
    before = c.state
    with pytest.raises(UsageError, match=f"{name} is the procedure's own count"):
        c.do(f"set {name} 1")
    assert c.state == before


def test_trespassers_rest_is_not_refused_by_a_count_set_by_hand(crawl):
    c = crawl("trespasser", party=("Wren",))
    with pytest.raises(UsageError):
        c.do("set acted_count 1")
    c.do("rest")
    assert c.value("acted_count") == 1
