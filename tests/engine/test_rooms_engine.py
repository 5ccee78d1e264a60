"""The dungeon as the engine keeps it (issue 20): rooms entered, described and linked,
the way back, the shortest known way out, and the record's changes that rebuild it."""

from __future__ import annotations

import pytest

from solo.engine import room_changes as change
from solo.engine.room_exits import describe
from solo.engine.room_grammar import read_exits
from solo.engine.rooms import Dungeon, Exit
from solo.errors import UsageError


def crawl_with_a_loop() -> Dungeon:
    """R1 -N-> R2 -E-> R3 -S-> R4 -W-> back to R1 (a loop), and R2 -N-> R5 (a dead end)."""
    dungeon = change.enter_new(Dungeon(), exits=2)                # R1, the way in
    dungeon = describe(dungeon, "entry cave", read_exits(["N", "E"]))
    dungeon = change.enter_new(dungeon, "N", exits=3)               # R2
    dungeon = describe(dungeon, "guard room", read_exits(["E", "N"]))
    dungeon = change.enter_new(dungeon, "E")                        # R3
    dungeon = describe(dungeon, None, read_exits(["S"]))
    dungeon = change.enter_new(dungeon, "S")                        # R4
    # the loop closes as the player says it: R4's west exit leads to R1 (whose east exit
    # it is: R1 gets the way back)
    dungeon = describe(dungeon, None, read_exits(["W:R1"]))
    dungeon = change.go_to(dungeon, change.find_way(dungeon, "W"))  # through the loop to R1
    dungeon = change.go_to(dungeon, change.find_way(dungeon, "N"))  # R2
    return change.enter_new(dungeon, "N")                           # R5, a dead end


def test_the_first_room_entered_is_the_way_out_and_rooms_are_numbered_in_order():
    dungeon = crawl_with_a_loop()
    assert [room.id for room in dungeon.rooms] == ["R1", "R2", "R3", "R4", "R5"]
    assert (dungeon.way_out, dungeon.here) == ("R1", "R5")
    assert dungeon.room("R1").description == "entry cave"


def test_entering_links_both_rooms_with_opposite_directions():
    dungeon = crawl_with_a_loop()
    r2, r5 = dungeon.room("R2"), dungeon.room("R5")
    assert any(exit.direction == "N" and exit.to == "R5" for exit in r2.exits)
    assert any(exit.direction == "S" and exit.to == "R2" for exit in r5.exits)


def test_the_way_out_is_counted_by_the_shortest_known_way_through_the_loop():
    dungeon = crawl_with_a_loop()
    assert dungeon.rooms_to_exit() == 2                       # R5 -> R2 -> R1
    assert change.go_to(dungeon, "R3").rooms_to_exit() == 2   # R3 -> R4 -> R1, or R3 -> R2 -> R1
    assert change.go_to(dungeon, "R4").rooms_to_exit() == 1   # the loop's short side


@pytest.mark.parametrize(("where", "message"), [
    ("E", "has no exit E"),
    ("R9", "no room 'R9' on the map"),
    ("R5", "the party is in R5 already"),
])
def test_go_where_no_known_exit_leads_is_refused(where, message):
    dungeon = crawl_with_a_loop()
    with pytest.raises(UsageError, match=message):
        change.walk_route(dungeon, change.find_way(dungeon, where))


def test_go_to_a_room_further_than_one_away_walks_the_shortest_known_way():
    dungeon = crawl_with_a_loop()  # the party in R5, north of R2
    assert change.walk_route(dungeon, change.find_way(dungeon, "R3")) == ["R2", "R3"]
    assert change.walk_route(dungeon, change.find_way(dungeon, "R4")) in (
        ["R2", "R1", "R4"], ["R2", "R3", "R4"])


def test_an_exit_that_leads_nowhere_yet_says_enter_goes_there():
    dungeon = describe(crawl_with_a_loop(), None, read_exits(["W"]))
    with pytest.raises(UsageError, match="leads nowhere known yet; 'enter'"):
        change.find_way(dungeon, "W")


def test_a_second_exit_in_one_direction_and_too_many_exits_are_refused():
    dungeon = crawl_with_a_loop()  # in R5, whose exit S leads to R2
    with pytest.raises(UsageError, match="exit S of R5 leads to R2 already"):
        describe(dungeon, None, read_exits(["S:R1"]))
    assert describe(dungeon, None, read_exits(["S"])) == dungeon  # the same exit
    with pytest.raises(UsageError, match="named twice"):
        read_exits(["E", "e"])
    with pytest.raises(UsageError, match="at most 12 exits"):
        describe(dungeon, None, [Exit()] * 1000)


@pytest.mark.parametrize("text", ["a ] b", "a | b", "x" * 81])
def test_a_description_that_would_break_the_tag_is_refused(text):
    with pytest.raises(UsageError, match="without \\[ \\] or \\|"):
        describe(crawl_with_a_loop(), text, [])


def test_a_line_break_in_a_description_becomes_a_space():
    dungeon = describe(crawl_with_a_loop(), "wet\nstone", [])
    assert dungeon.current.description == "wet stone"


def test_status_is_set_added_and_taken_away():
    dungeon = change.set_status(crawl_with_a_loop(), ["cleared"], "set")
    dungeon = change.set_status(dungeon, ["looted"], "add")
    assert dungeon.current.status == ("cleared", "looted")
    dungeon = change.set_status(dungeon, ["cleared"], "remove")
    assert dungeon.current.status == ("looted",)


def test_nothing_can_change_before_the_first_room():
    with pytest.raises(UsageError, match="in no room yet"):
        describe(Dungeon(), "hall", [])


def test_a_records_changes_rebuild_the_dungeon_exactly():
    """Each step keeps only what changed; applying them in order gives the same dungeon."""
    steps = [Dungeon(), change.enter_new(Dungeon(), exits=2)]
    steps.append(describe(steps[-1], "entry", read_exits(["N"])))
    steps.append(change.enter_new(steps[-1], "N", exits=2))
    steps.append(change.set_status(steps[-1], ["cleared"], "set"))
    steps.append(change.go_to(steps[-1], "R1"))
    rebuilt = Dungeon()
    for before, after in zip(steps, steps[1:], strict=False):
        data = change.changes(before, after)
        assert data is not None and len(data.get("rooms", [])) <= 2
        rebuilt = change.apply_changes(rebuilt, data)
    assert rebuilt == steps[-1]
    assert change.changes(steps[-1], steps[-1]) is None
