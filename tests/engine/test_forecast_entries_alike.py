"""A table whose entry is bound to a name that only tests of that name alone read (D12's
environment table, ``as: environment``, read by ``environment == 'collapse'``) is counted
one play for each entry the tests tell apart, not one for each entry: the same ways, in
fewer plays, and the entry the tests single out (a collapse, which changes the map) kept
apart."""

from __future__ import annotations

from solo.engine import forecast_chain, forecast_faces, forecast_move
from solo.engine.core import read
from solo.engine.forecast_dice import plain_world
from solo.engine.forecast_plays import play_turn
from tests.engine_states import played, world_of


def _apart(monkeypatch) -> None:
    monkeypatch.setattr(forecast_faces, "_as_read", lambda frame, index: index)


def test_the_environment_tables_entries_alike_are_played_once(monkeypatch):
    world = world_of("d12-tension")
    state = played("d12-tension", "enter 4", tension=5)
    request = read(world, state, "linger 4")
    play = play_turn(plain_world(world), state, request)
    count = forecast_move._counter(world)
    ways, plays = count(play, 100_000)
    _apart(monkeypatch)
    every, more = count(play, 100_000)
    assert ways == every and plays < more


def test_the_state_each_way_leaves_is_the_same_as_played_entry_by_entry(monkeypatch):
    """The chain's states after a move (its map among them, where a collapse blocks an
    exit) are those of the count that plays every entry."""
    world = plain_world(world_of("d12-tension"))
    state = played("d12-tension", "enter 4", tension=9)
    request = read(world, state, "linger 4")
    seen = forecast_chain._seen(world, state, request, ("tension", 10), 60)
    assert "room_exits" in seen.names  # the map is part of the states compared

    def move() -> tuple[dict, int]:
        return forecast_chain._move(world, state, request, (), ("tension", 10), seen,
                                    forecast_chain._events_seen(("tension", 10)), 100_000)
    ways, plays = move()
    _apart(monkeypatch)
    every, more = move()
    assert ways == every and plays < more
    assert len({token for token, *_ in ways}) > 1
