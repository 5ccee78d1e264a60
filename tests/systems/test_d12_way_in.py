"""D12: the door the party came through is one of the room's doors (seed 000: the
encounter check is at or under "the number of exits/doors in the room"), so a room entered
from another with 'enter 0' is checked with the one exit the map gives it."""

from __future__ import annotations

from solo.engine.events import Checked

SYSTEM = "d12-tension"
CALM = [1, 12]     # a Dungeon Events 'nothing' and no encounter


def _check(result) -> Checked:
    return next(event for event in result.events if isinstance(event, Checked))


def test_a_room_entered_with_0_exits_from_another_is_checked_with_its_way_back(crawl):
    c = crawl(SYSTEM)
    c.do("enter 2", faces=CALM)
    result = c.do("enter 0", faces=[1, 1])            # a 1 on the check: at or under 1 exit
    assert [exit.to for exit in c.state.dungeon.current.exits] == ["R1"]
    check = _check(result)
    assert "exits 1" in check.label and check.success
    assert c.state.encounters == 1
    # lingering there reads the same count from the map
    assert "exits 1" in _check(c.do("linger", faces=CALM)).label


def test_the_first_room_entered_with_0_exits_has_none_on_the_map_and_none_checked(crawl):
    c = crawl(SYSTEM)
    result = c.do("enter 0", faces=[1, 1])
    assert c.state.dungeon.current.exits == ()
    check = _check(result)
    assert "exits 0" in check.label and not check.success


def test_a_typed_count_above_the_way_back_is_checked_as_typed(crawl):
    c = crawl(SYSTEM)
    c.do("enter 2", faces=CALM)
    result = c.do("enter 4", faces=[1, 4])
    assert len(c.state.dungeon.current.exits) == 4
    assert "exits 4" in _check(result).label and _check(result).success
