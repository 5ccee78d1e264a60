"""The engine's own commands refuse a line by what is wrong with it: a value left out is
named as missing, never as a wrong name."""

from __future__ import annotations

import pytest

from solo.errors import UsageError


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
