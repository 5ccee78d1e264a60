"""The map's index (solo/engine/map_index.py): a dungeon made from another shares its maker's
index and brings it up to date in what changed (where each room stands, the rooms leading to
each, the distances to the exit, the rooms each change touched). Whatever the index keeps,
each answer must be the one the plain computation over the rooms gives: after every kind of
map change (a room added, an exit added by a loop or taken away by a collapse, a status, a
move, an undo), for the latest dungeon and for every earlier one still held."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path
from types import SimpleNamespace

import pytest

from solo.engine import map_index
from solo.engine import room_changes as change
from solo.engine import rooms as rooms_module
from solo.engine.room_commands import changed
from solo.engine.room_exits import describe
from solo.engine.rooms import DIRECTIONS, Dungeon, Exit, Room
from solo.engine.way_out import nearest, way_text
from solo.errors import SoloError, UsageError
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.suite_profile import full_only


# -- the plain computations, over the rooms alone --------------------------------------------
def plain_room(dungeon: Dungeon, room_id: str | None) -> Room | None:
    return {room.id: room for room in dungeon.rooms}.get(room_id)  # type: ignore[arg-type]


def plain_neighbours(dungeon: Dungeon) -> dict[str, list[str]]:
    """Each room's neighbours: the rooms its exits lead to, then those whose exits lead to
    it, in order of discovery, each once, known rooms other than itself."""
    known = {room.id: room for room in dungeon.rooms}
    led_from: dict[str, list[str]] = {}
    for other in dungeon.rooms:
        for to in dict.fromkeys(other.leads_to()):
            led_from.setdefault(to, []).append(other.id)
    found: dict[str, list[str]] = {}
    for room_id, room in known.items():
        ways = list(room.leads_to())
        ways.extend(other for other in led_from.get(room_id, ()) if other not in ways)
        found[room_id] = [other for other in ways if other != room_id and other in known]
    return found


def plain_ways(dungeon: Dungeon) -> dict[str, list[str]]:
    """Each room's ways the party may take: its own exits to known rooms other than itself,
    neither hidden nor shut (stuck, locked), in their order, each once."""
    known = {room.id: room for room in dungeon.rooms}
    return {room_id: [to for to in dict.fromkeys(
        exit.to for exit in room.exits if exit.door not in ("stuck", "locked", "hidden"))
        if to is not None and to != room_id and to in known]
        for room_id, room in known.items()}


def plain_way(dungeon: Dungeon) -> list[str]:
    """The shortest known way the party may take from where it is to the exit, breadth
    first from the party."""
    start, out = dungeon.here, dungeon.way_out
    if out is None or plain_room(dungeon, start) is None:
        return []
    neighbours = plain_ways(dungeon)
    came: dict[str, str | None] = {start: None}  # type: ignore[dict-item]
    queue = deque([start])
    while queue:
        room = queue.popleft()
        if room == out:
            way = [room]
            while came[way[-1]] is not None:
                way.append(came[way[-1]])  # type: ignore[arg-type]
            return way[::-1]
        for other in neighbours[room]:  # type: ignore[index]
            if other not in came:
                came[other] = room
                queue.append(other)
    return []


def plain_text(dungeon: Dungeon) -> str:
    way = plain_way(dungeon)
    if len(way) < 2:
        return "here" if way else ""
    step = next((exit.direction for exit in plain_room(dungeon, way[0]).exits
                 if exit.to == way[1] and exit.door not in ("stuck", "locked", "hidden")),
                None)
    rooms = len(way) - 1
    return (f"{step} to {way[1]}" if step else f"to {way[1]}") + (
        f", {rooms} rooms in all" if rooms > 1 else "")


def plain_changed(before: Dungeon, after: Dungeon) -> list[str]:
    return [room.id for room in after.rooms if plain_room(before, room.id) != room]


def check(dungeon: Dungeon) -> None:
    """Every answer the map gives, against the plain computation."""
    rooms = {room.id: room for room in dungeon.rooms}
    for room_id in [*rooms, "R0", "R10001", None]:
        assert dungeon.room(room_id) == rooms.get(room_id), room_id  # type: ignore[arg-type]
    for room_id, neighbours in plain_neighbours(dungeon).items():
        assert dungeon.neighbours(room_id) == neighbours, room_id
    way = plain_way(dungeon)
    assert dungeon.rooms_to_exit() == (len(way) - 1 if way and dungeon.way_out else None)
    assert dungeon.way_to_exit() == (((way[1] if len(way) > 1 else None), len(way) - 1)
                                     if way else None)
    assert _way(dungeon) == plain_text(dungeon)


def check_everywhere(dungeon: Dungeon) -> Dungeon:
    """:func:`check`, and the way out from every room, asked of dungeons each made from
    the one before (as ``go`` makes them, so they read the same index): the dungeon as it
    was, made last, to go on from."""
    check(dungeon)
    ways = plain_ways(dungeon)
    steps: dict[str, int] = {}  # each room's steps to the exit, by the ways it may take
    if dungeon.way_out in ways:
        steps[dungeon.way_out] = 0  # type: ignore[index]
        queue = deque([dungeon.way_out])
        while queue:
            room_id = queue.popleft()
            for other in [other for other, to in ways.items() if room_id in to]:
                if other not in steps:
                    steps[other] = steps[room_id] + 1  # type: ignore[index]
                    queue.append(other)
    moved = dungeon
    for at, room in enumerate(dungeon.rooms):
        moved = moved.placed(room.id, dungeon.way_out, dungeon.previous)
        assert moved.rooms_to_exit() == (steps.get(room.id) if moved.way_out else None)
        if at % 8 == 0:
            assert way_text(moved, nearest(moved)) == plain_text(moved), room.id
    return moved.placed(dungeon.here, dungeon.way_out, dungeon.previous)


# -- every kind of change, at random -------------------------------------------------------
def some_room(rng: random.Random, dungeon: Dungeon) -> str:
    return rng.choice(dungeon.rooms).id


def one_change(rng: random.Random, dungeon: Dungeon, history: list[Dungeon]) -> tuple[str, Dungeon]:
    """A random change of ``dungeon`` (what it was, and the dungeon after it); the same
    dungeon when the change is refused, as the engine refuses it."""
    kind = rng.choice(["enter"] * 8 + ["loop"] * 2 + ["collapse", "status", "describe", "go",
                                                     "back", "go anywhere", "undo",
                                                     "undo from the journal"])
    if not dungeon.rooms:
        kind = "enter"
    try:
        if kind == "enter":
            return kind, change.enter_new(dungeon, rng.choice([None, *DIRECTIONS[:4]]),
                                          rng.randint(0, 4))
        if kind == "loop":  # from here, or from a room gone back to
            if rng.random() < 0.5:
                dungeon = change.go_to(dungeon, some_room(rng, dungeon))
            return kind, describe(dungeon, None, [
                Exit(rng.choice([None, *DIRECTIONS]), some_room(rng, dungeon))])
        if kind == "collapse":
            return kind, change.block_exits(change.set_status(dungeon, ["collapsed"], "add"),
                                            rng.randint(1, 2))
        if kind == "status":
            return kind, change.set_status(dungeon, [rng.choice(change.STATUS_WORDS)],
                                           rng.choice(["set", "add", "remove"]))
        if kind == "describe":
            return kind, describe(dungeon, rng.choice(["hall", "crypt"]), [])
        if kind == "go":
            exits = dungeon.current.exits if dungeon.current else ()
            return kind, change.go_to(dungeon, change.find_way(dungeon, rng.choice(
                [exit.direction or exit.to or "?" for exit in exits] or ["N"])))
        if kind == "back":
            return kind, change.go_back(dungeon)
        if kind == "go anywhere":
            return kind, change.go_to(dungeon, some_room(rng, dungeon))
        if kind == "undo":  # an earlier map taken up again, as a refused command leaves it
            return kind, rng.choice(history[-5:])
        # the map rebuilt from the records, as undo and resume make it
        earlier = rng.choice(history[-5:])
        return kind, Dungeon(earlier.rooms, earlier.here, earlier.way_out, earlier.previous)
    except UsageError:
        return kind, dungeon


@pytest.mark.parametrize(("seed", "every"), [(1, 1), full_only(2, 1), full_only(3, 5),
                                             (4, 13)])
def test_every_answer_the_map_gives_is_the_plain_one_after_every_kind_of_change(seed, every):
    """``every``: the map is asked only every so often, so that changes pile up on the
    index between two questions, as they do in play."""
    rng = random.Random(seed)
    dungeon = Dungeon()
    history = [dungeon]
    kinds: dict[str, int] = {}
    for turn in range(700):
        kind, after = one_change(rng, dungeon, history)
        kinds[kind] = kinds.get(kind, 0) + 1 if after is not dungeon else kinds.get(kind, 0)
        made = change.changes(dungeon, after)
        assert [room["id"] for room in (made or {}).get("rooms", ())] == \
            plain_changed(dungeon, after)
        if turn % every == 0:
            after = check_everywhere(after) if turn % (7 * every) == 0 else check(after) or after
        dungeon = after
        history.append(dungeon)
    assert len(dungeon.rooms) > 100 and all(kinds.get(kind) for kind in (
        "enter", "loop", "collapse", "status", "go", "back", "undo")), kinds
    for earlier in history[::7]:  # the earlier maps still answer for themselves
        check(earlier)


@pytest.mark.parametrize(("seed", "every"), [(5, 1), (6, 3)])
def test_any_room_set_with_any_exits_keeps_the_answers_plain(seed, every):
    """Rooms set whole, with exits one way only, to rooms not known yet or to themselves,
    behind open, trapped, shut and hidden doors (only the ways the party may pass count),
    the exit a room not known yet (as a map read from records may be), and branches from
    earlier maps that give other rooms the same places and the same rooms other places:
    the index shared by them all follows."""
    rng = random.Random(seed)
    ids = [f"R{n}" for n in range(1, 60)]
    dungeon = Dungeon()
    history = [dungeon]
    for turn in range(600):
        if rng.random() < 0.1:  # a branch from an earlier map: other rooms, other places
            dungeon = rng.choice(history[-30:])
        if rng.random() < 0.9 or not dungeon.rooms:
            near = [None, *ids[:len(dungeon.rooms) + 5]]  # known rooms, and a few not yet
            room = Room(rng.choice(ids), exits=tuple(
                Exit(rng.choice([None, "N", "E"]), rng.choice(near), False,
                     rng.choice(["", "", "", "trapped", "stuck", "locked", "hidden"]))
                for _ in range(rng.choice([0, 1, 1, 2, 2, 3]))))
            after = dungeon.with_room(room, rng.choice([None, room.id]))
        else:
            out = rng.choice([None, *ids[:20]]) if rng.random() < 0.2 else dungeon.way_out
            after = dungeon.placed(some_room(rng, dungeon), out, dungeon.here)
        made = change.changes(dungeon, after)
        assert [room["id"] for room in (made or {}).get("rooms", ())] == \
            plain_changed(dungeon, after)
        if turn % every == 0:
            after = check_everywhere(after) if turn % (5 * every) == 0 else check(after) or after
        dungeon = after
        history.append(dungeon)
    assert len(dungeon.rooms) > 50
    for earlier in history[::11]:
        check(earlier)


def _way(dungeon: Dungeon) -> str:
    return way_text(dungeon, nearest(dungeon))


def test_a_way_out_named_before_its_room_is_known_is_counted_once_it_is():
    dungeon = Dungeon((Room("R1"),), here="R1", way_out="R2")
    assert (dungeon.rooms_to_exit(), _way(dungeon)) == (None, "")
    dungeon = dungeon.with_room(Room("R2", exits=(Exit("S", "R1"),)))  # one way: R2 to R1
    assert (dungeon.rooms_to_exit(), _way(dungeon)) == (None, "")  # not from R1
    dungeon = dungeon.with_room(Room("R1", exits=(Exit("N", "R2"),)))
    assert (dungeon.rooms_to_exit(), _way(dungeon)) == (1, "N to R2")
    dungeon = dungeon.with_room(Room("R3", exits=(Exit("N", "R1"),)), here="R3")
    assert (dungeon.rooms_to_exit(), _way(dungeon)) == (2, "N to R1, 2 rooms in all")
    check(dungeon)


def test_the_room_events_name_the_rooms_a_change_made_and_no_other():
    dungeon = Dungeon()
    for _ in range(40):
        dungeon = change.enter_new(dungeon, None, 3)
    dungeon = change.go_to(dungeon, "R7")
    after = change.block_exits(change.set_status(dungeon, ["collapsed"], "add"), 2)
    run = SimpleNamespace(dungeon=dungeon, events=[],  # what changed() reads of a run
                          out_of=lambda room: ())
    changed(run, after)  # type: ignore[arg-type]
    assert [event.room for event in run.events] == plain_changed(dungeon, after) == ["R7", "R8"]
    assert run.events[0].status == ("active", "collapsed")


def test_changes_far_apart_are_compared_room_by_room(monkeypatch):
    """The index remembers which rooms each change touched only so far back: beyond that,
    every room is compared, and the record is the same."""
    monkeypatch.setattr(rooms_module, "TRAIL", 3)
    first = dungeon = change.enter_new(Dungeon(), None, 2)
    for _ in range(20):
        dungeon = change.enter_new(dungeon, None, 2)
    middle = dungeon
    dungeon = change.set_status(change.go_to(dungeon, "R3"), ["cleared"], "set")
    assert [room["id"] for room in change.changes(first, dungeon)["rooms"]] == \
        plain_changed(first, dungeon) == [f"R{n}" for n in range(1, 22)]
    assert [room["id"] for room in change.changes(middle, dungeon)["rooms"]] == ["R3"]


def test_a_map_with_an_id_on_two_rooms_changes_both_as_before():
    twice = Dungeon((Room("R1", exits=(Exit("N", "R2"),)), Room("R2"), Room("R1")), here="R1",
                    way_out="R1")
    after = change.set_status(twice, ["cleared"], "set")
    assert [room.status for room in after.rooms] == [("cleared",), (), ("cleared",)]
    check(after)


# -- in play: a D12 crawl with every map command, checked after each line -------------------
def mixed_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = ["supply torch 50", "light torch", "enter 2", "enter 3"]
    while len(lines) < count:
        pick = rng.random()
        rooms = sum(line.startswith("enter") for line in lines)
        if pick < 0.35:
            lines.append(f"enter {rng.choice(['', 'N ', 'E ', 'S ', 'W '])}{rng.randint(1, 4)}")
        elif pick < 0.45:
            lines.append(f"room exits {rng.choice('NESW')}:R{rng.randint(1, rooms)}")
        elif pick < 0.55:
            lines.append(rng.choice(["back", "go N", "go S", f"go R{rng.randint(1, rooms)}"]))
        elif pick < 0.6:
            lines.append(rng.choice(["room cleared", "room +looted", "room library",
                                     "room way out", f"enter 2 R{rng.randint(1, 2 * rooms)}"]))
        elif pick < 0.65:
            lines.append("undo")
        elif pick < 0.8:
            lines.append(rng.choice(["noise", "noise", "break-door"]))  # Tension up
        else:
            lines.append(rng.choice(["linger", "linger 3", "linger 0"]))
    return lines


def test_a_crawl_in_play_keeps_the_map_answers_plain_through_collapse_undo_and_loops(
        tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    path = tmp_path / "crawl.md"
    create_journal_file(str(path), "d12-tension", "Index", 3, [])
    session = Session(path, durable=False)
    seen = {"collapsed": 0, "undo": 0, "loop": 0, "way out": 0}
    try:
        for line in mixed_lines(900, 5):
            before = session.state.dungeon
            try:
                session.handle(line)
            except SoloError:
                continue
            after = session.state.dungeon
            check(after)
            seen["collapsed"] += sum("collapsed" in room.status for room in after.rooms) > sum(
                "collapsed" in room.status for room in before.rooms)
            seen["undo"] += line == "undo" and after != before
            seen["loop"] += line.startswith("room exits") and after != before
            seen["way out"] += after.way_out != before.way_out and line == "room way out"
    finally:
        session.close()
    assert all(seen.values()), seen
    resumed = Session(path, durable=False)  # and the map read back from the journal
    try:
        assert resumed.state.dungeon == session.state.dungeon
        check(resumed.state.dungeon)
    finally:
        resumed.close()


def test_a_sitting_makes_the_map_index_once_not_once_a_turn(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    made: list[int] = []
    plain = map_index.MapIndex.of.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(map_index.MapIndex, "of", classmethod(
        lambda cls, rooms: made.append(len(rooms)) or plain(cls, rooms)))
    path = tmp_path / "rooms.md"
    create_journal_file(str(path), "d12-tension", "Rooms", 1, [])
    session = Session(path, durable=False)
    try:
        for _ in range(300):
            session.handle("enter 2")
        assert len(session.state.dungeon.rooms) == 300
        assert session.state.dungeon.rooms_to_exit() == 299
    finally:
        session.close()
    assert len(made) <= 1 and sum(made) < 300, made
