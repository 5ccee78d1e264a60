"""Odds that are exact (issue 37, item 1): every figure about the next turn is counted
from every way the dice can fall, so equal chances show as one figure, and the exact
figures agree with a large seeded simulation of the same moves. The status bar puts the
forecast first and fits 80 columns with three members (item 7)."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from solo.engine import (
    forecast_ahead,
    forecast_chain,
    forecast_faces,
    forecast_live,
    forecast_move,
    forecast_rooms,
    forecast_tree,
)
from solo.engine.core import perform, read, start
from solo.engine.dungeon_named import start_values
from solo.engine.forecast import forecast, next_turn
from solo.engine.forecast_chain import chain
from solo.engine.forecast_dice import plain_world, seeded
from solo.engine.forecast_plays import play_turn
from solo.engine.forecast_rooms import new_room
from solo.engine.forecast_tree import TooMany, outcomes
from solo.engine.state import State
from solo.play import prompt_text
from solo.play.odds_view import odds_lines
from solo.play.status_bar import fit_bar
from solo.rules import dice
from solo.rules.catalog import load_world, stock_generator, system_ids
from tests.engine_states import played, world_of


def moves(system: str, state: State) -> dict:
    found = forecast(world_of(system), state, seeded())
    return {odds.line: odds for odds in found.actions}


def exactly(chance, expected) -> None:
    assert chance.exact == Fraction(expected), chance


# -- the cases a player met: each is exact, and equal chances read the same ---------------

def test_dungeon_turn_turn_2_lantern_lit_every_move_1_in_6():
    found = moves("dungeon-turn", played("dungeon-turn", "light lantern", "explore"))
    for line in ("explore", "search", "move", "rest"):
        exactly(found[line].encounter, Fraction(1, 6))
        assert found[line].encounter.text() == "1 in 6"


def test_exploration_turn_2_torch_lit_every_encounter_1_in_6():
    found = moves("exploration", played("exploration", "light torch", "explore"))
    for line in ("explore", "move", "search", "force-door", "pick-lock", "listen", "rest"):
        exactly(found[line].encounter, Fraction(1, 6))
        exactly(dict(found[line].lights_out)["Torch"], Fraction(1, 6))


def test_d12_tension_0_two_exits_enter_and_linger_both_2_in_12():
    world = world_of("d12-tension")
    state = played("d12-tension", tension=0)
    enter = next_turn(world, state, "enter 2", seeded())
    linger = next_turn(world, state, "linger 2", seeded())
    exactly(enter.encounter, Fraction(2, 12))
    exactly(linger.encounter, Fraction(2, 12))
    assert enter.encounter.text() == linger.encounter.text() == "1 in 6"


@pytest.mark.parametrize(("alarm", "expected"), [(0, Fraction(1, 10)), (1, Fraction(2, 10))])
def test_trespasser_advance_with_a_torch_lit(alarm, expected):
    found = moves("trespasser", played("trespasser", "light torch", alarm=alarm))
    exactly(found["advance"].encounter, expected)
    exactly(dict(found["advance"].lights_out)["Torch"], Fraction(1, 6))


def test_delving_candlelit_search_takes_two_turns_and_says_so():
    state = played("delving", "light candle")
    found = moves("delving", state)
    search = found["search"]
    assert search.turns == 2 and search.up_to  # an encounter on the first ends it
    exactly(search.encounter, 1 - Fraction(5, 6) ** 2)
    assert search.encounter.text() == "30.6%"
    text = "\n".join(odds_lines(world_of("delving"), state))
    assert "search (up to 2 turns)  encounter 30.6%" in text
    assert "for the whole move" in text


def test_certainties_print_as_certainties():
    found = moves("trespasser", played("trespasser", "light torch", alarm=3))
    assert found["stay"].encounter.text() == "0%"  # staying draws no encounter check
    state = played("classic", "light torch")
    text = "\n".join(odds_lines(world_of("classic"), state))
    assert "~" not in text and "±" not in text
    assert "Torch: out in 6 turns" in text


def test_a_lights_life_is_counted_in_turns_after_a_move_of_six():
    """rest-hour takes six turns (fewer if an encounter breaks it): a light's life after
    it is in turns, never in moves labelled turns (a torch burns six quiet turns first,
    so no life is shorter; in moves it read 'median 2')."""
    world = world_of("dungeon-turn")
    found = forecast(world, played("dungeon-turn", "light torch"), seeded(), "rest-hour")
    assert found.action == "rest-hour"
    torch = found.lights[0].turns
    assert torch.median is not None and torch.median >= 12
    assert torch.low is not None and torch.low >= 6


@pytest.mark.parametrize("system", ["classic", "d12-tension", "delving", "exploration",
                                    "trespasser"])
def test_the_lights_life_and_the_danger_ahead_are_exact_where_the_states_are_few(system):
    world = world_of(system)
    found = forecast(world, played(system, "light torch"), seeded())
    assert found.lights and all(light.turns.exact for light in found.lights)
    if world.procedure.danger:
        assert found.danger is not None and found.danger.chance.exact is not None
    text = "\n".join(odds_lines(world, played(system, "light torch")))
    assert "~" not in text and "plays)" not in text


def test_the_torch_of_d12_lasts_as_the_events_table_says():
    """The events table puts a light out on a 6 of d12: a torch's life is geometric."""
    found = forecast(world_of("d12-tension"), played("d12-tension", "light torch"),
                     seeded(), "enter 2")
    torch = found.lights[0].turns
    assert torch.exact
    assert torch.median == 8  # the first turn by which 1 - (11/12)^n reaches a half
    assert torch.low == 2 and torch.high == 27  # 10% and 90% the same way


# -- exact against a large seeded simulation -----------------------------------------------

SIMULATED = [("dungeon-turn", ("light lantern", "explore"), "search"),
             ("exploration", ("light torch", "explore"), "listen"),
             ("d12-tension", ("light torch",), "enter 2"),
             ("trespasser", ("light torch",), "advance"),
             ("delving", ("light candle",), "search"),
             ("overloaded", ("light torch",), "explore")]


@pytest.mark.parametrize(("system", "lines", "move"), SIMULATED)
def test_exact_figures_agree_with_a_large_seeded_simulation(system, lines, move):
    """4,000 plays of the engine on seeded dice: each exact figure within four standard
    errors of the share seen (a wrong figure of 1/6 against a true 1/10 is 17 errors
    out; a right one falls outside 4 once in 15,000 runs)."""
    world = world_of(system)
    state = played(system, *lines)
    odds = next_turn(world, state, move, seeded())
    request = read(world, state, move)
    rng = random.Random(37)
    plays = 4000
    met = 0
    out: dict[str, int] = {}
    kinds = {light.kind for light in state.lights}
    for _ in range(plays):
        after = perform(world, state, request, rng).state
        met += after.encounters > state.encounters
        for kind in kinds:
            if sum(light.kind == kind for light in after.lights) \
                    < sum(light.kind == kind for light in state.lights):
                out[kind] = out.get(kind, 0) + 1
    checks = [(odds.encounter, met)]
    labels = {world.procedure.lights[kind].label: kind for kind in kinds}
    checks.extend((chance, out.get(labels[label], 0)) for label, chance in odds.lights_out)
    for chance, hits in checks:
        assert chance.exact is not None
        p = float(chance.exact)
        error = max((p * (1 - p) / plays) ** 0.5, 1 / plays)
        assert abs(hits / plays - p) <= 4 * error, (system, move, chance, hits)


# -- bounded: too many ways to count, an estimate said as such -----------------------------

def test_a_count_past_its_bound_stops_and_the_forecast_says_it_estimates(monkeypatch):
    def many(rng: random.Random) -> int:
        return sum(rng.randint(1, 6) for _ in range(12)) % 2  # 6^12 ways, none merged

    with pytest.raises(TooMany):
        outcomes(many, 500)
    monkeypatch.setattr("solo.engine.forecast_move.WAYS", 3)  # a bound every move passes
    state = played("dungeon-turn", "light lantern")
    world = world_of("dungeon-turn")
    odds = next_turn(world, state, "explore", seeded())
    assert odds.encounter.exact is None and odds.encounter.text().startswith("~")
    assert abs(odds.encounter.value - 1 / 6) <= 4 * odds.encounter.error
    text = "\n".join(odds_lines(world, state))
    assert "~ estimated from plays of the engine" in text


def test_rest_hour_is_counted_whole():
    """Six turns of the hazard die, 46,656 ways, merged into a few hundred plays: an
    encounter in the hour is 1 - (5/6)^6."""
    state = played("dungeon-turn", "light lantern")
    odds = next_turn(world_of("dungeon-turn"), state, "rest-hour", seeded())
    exactly(odds.encounter, 1 - Fraction(5, 6) ** 6)


def test_a_roll_kept_under_no_name_is_drawn_on_one_face(monkeypatch):
    """Dungeon Turn's hour of rest with no party named ends on a 1d8 heal that keeps its
    total under no name, and no rule reads a roll's dice: one face stands for the eight.
    The ways are those of a count that plays all eight, in fewer plays."""
    world = world_of("dungeon-turn")
    state = played("dungeon-turn", "light torch")
    request = read(world, state, "rest-hour")
    play = play_turn(plain_world(world), state, request, False)
    count = forecast_move._counter(world)
    ways, plays = count(play, 100_000)
    monkeypatch.setattr(forecast_tree, "unkept_roll", lambda *_: False)
    every, more = count(play, 100_000)
    assert ways == every and plays < more


def test_ways_that_rolled_more_dice_merge_once_their_states_are_equal(monkeypatch):
    """In an hour of rest a turn whose hazard die called for an encounter struck off rolled
    the table's die too, and met nothing: once the engine stands in the same state as a
    turn that rolled fewer dice, they have one future, however many dice each rolled.
    The ways are those of a count that keeps them apart, in fewer plays (79, not 169)."""
    world = world_of("dungeon-turn")
    state = replace(played("dungeon-turn", "light torch"),
                    struck={world.procedure.encounters: (0, 1, 2)})
    request = read(world, state, "rest-hour")
    play = play_turn(plain_world(world), state, request, False)
    count = forecast_move._counter(world)
    ways, plays = count(play, 100_000)
    key = forecast_tree._Count.key

    def apart(self, frame, at):
        found = key(self, frame, at)
        return None if found is None else (at, found)

    monkeypatch.setattr(forecast_tree._Count, "key", apart)
    every, more = count(play, 100_000)
    assert ways == every and plays < more


def test_a_draw_no_die_made_cannot_be_counted():
    with pytest.raises(TooMany):
        outcomes(lambda rng: rng.random() < 0.5, 100)


def test_counting_merges_equal_ways_and_weighs_sums():
    def two_d6(rng: random.Random) -> bool:
        return rng.randint(1, 6) + rng.randint(1, 6) >= 10

    found, _ = outcomes(two_d6, 100)
    assert found == {True: Fraction(6, 36), False: Fraction(30, 36)}


# -- the status bar: the forecast first, 80 columns with three members ---------------------

@pytest.mark.parametrize("system", system_ids())
def test_the_status_bar_fits_80_columns_with_three_members(system):
    world = world_of(system)
    state = start(world)
    for line in ("party add Wren hp 8", "party add Brother Ott hp 8",
                 "party add Magdalena hp 6", "light torch"):
        state = perform(world, state, read(world, state, line), random.Random(0)).state
    bar = prompt_text.toolbar(world, state, "The Sunken Halls of the Drowned King")
    assert len(bar) <= 80, bar
    usual = world.procedure.simulate
    assert bar.startswith(f"{usual}: "), bar  # the forecast first
    wide = prompt_text.toolbar(world, state, "The Sunken Halls", 200)
    assert "Brother Ott 8/8" in wide and wide.endswith("│ The Sunken Halls")


def test_fit_bar_gives_way_least_needed_first():
    parts = dict(forecast="explore: encounter 1 in 6", place="turn 3", danger=["Alarm 2/10"],
                 trackers=["Fatigue 1"], light="light: Torch 4t",
                 members=["Wren 8/8", "Brother Ott 8/8", "Magdalena 6/6"],
                 party="party 22/22", title="Deep Halls",
                 brief=["Wren 8/8", "Ott 8/8", "Magdal 6/6"])
    assert fit_bar(**parts, width=200).endswith("│ Fatigue 1 │ Deep Halls")
    narrow = fit_bar(**parts, width=80)
    assert narrow == ("explore: encounter 1 in 6 │ turn 3 │ Alarm 2/10 │ light: Torch 4t │ "
                      "party 22/22")
    tight = fit_bar(**parts, width=30)  # the turn goes whole, not cut to "│ …"
    assert tight == "explore: encounter 1 in 6"
    assert fit_bar(**parts, width=20) == "explore: encounter…"


def test_an_estimated_chance_reads_the_same_in_the_status_bar_and_in_odds(monkeypatch):
    """A move whose ways are too many to count is estimated on dice of its own, so the
    status bar and 'odds' give the one figure, whatever was asked before."""
    monkeypatch.setattr("solo.engine.forecast_move.WAYS", 3)
    world = world_of("dungeon-turn")
    state = played("dungeon-turn", "light lantern", "rest-hour")
    alone = next_turn(world, state, "rest-hour", seeded())
    found = forecast(world, state, seeded(), "rest-hour")
    among = next(odds for odds in found.actions if odds.line == "rest-hour")
    assert alone.encounter.exact is None
    assert alone.encounter == among.encounter
    assert alone.lights_out == among.lights_out


def test_a_play_of_too_many_dice_is_not_followed_past_its_bound():
    def long(rng: random.Random) -> int:
        return sum(rng.randint(1, 2) for _ in range(1000)) // 1000

    with pytest.raises(TooMany):
        outcomes(long, 100_000)


@pytest.mark.parametrize(("system", "move"), [("d12-tension", "enter 2"),
                                              ("exploration", "explore"),
                                              ("trespasser", "advance"),
                                              ("dungeon-turn", "explore"),
                                              ("delving", "explore"),
                                              ("overloaded", "explore")])
def test_a_lights_exact_life_agrees_with_a_seeded_simulation(system, move):
    """1,500 crawls of the same move until the torch goes out: the share out within the
    exact median, and the mean life, each within four standard errors of the exact
    figures (the chain sets the map and the encounters met aside: this checks it)."""
    world = world_of(system)
    state = played(system, "light torch")
    found = forecast(world, state, seeded(), move)
    torch = found.lights[0].turns
    assert torch.exact and torch.median is not None and torch.mean is not None
    rng = random.Random(2037)
    request = read(world, state, move)
    lives = []
    for _ in range(1500):
        now = state
        while now.lights and now.turn - state.turn < found.lights[0].horizon:
            now = perform(world, now, read(world, now, move) if now is not state else request,
                          rng).state
        lives.append(now.turn - state.turn if not now.lights else None)
    ended = [life for life in lives if life is not None]
    share = sum(life <= torch.median for life in ended) / len(lives)
    exact_share = sum(float(chance) for chance, turn in _ways(world, state, move)
                      if turn is not None and turn <= torch.median)
    assert abs(share - exact_share) <= 4 * (exact_share * (1 - exact_share) / 1500) ** 0.5
    mean = sum(ended) / len(ended)
    spread = (sum((life - mean) ** 2 for life in ended) / (len(ended) - 1)) ** 0.5
    assert abs(mean - torch.mean) <= 4 * spread / len(ended) ** 0.5


def _ways(world, state, move):
    counted = chain(plain_world(world), state, read(world, state, move), ("torch",), None,
                    3, 60, 100_000)
    return counted.out[0]


def test_a_life_too_long_to_count_is_counted_as_far_as_it_can_then_estimated(monkeypatch):
    """Dungeon Turn's torch with the chain's bound cut to 60 plays: the ways are counted up
    to the bound, the rest played on; the mean is an estimate within half a turn, and
    agrees with 1,500 seeded crawls."""
    monkeypatch.setattr(forecast_ahead, "CHAIN_WAYS", 60)
    world = world_of("dungeon-turn")
    state = played("dungeon-turn", "light torch")
    found = forecast(world, state, seeded(), "explore")
    torch = found.lights[0].turns
    assert not torch.exact and torch.mean is not None and 0 < torch.error <= 0.5
    rng = random.Random(2038)
    lives = []
    for _ in range(1500):
        now = state
        while now.lights and now.turn - state.turn < found.lights[0].horizon:
            now = perform(world, now, read(world, now, "explore"), rng).state
        if not now.lights:
            lives.append(now.turn - state.turn)
    mean = sum(lives) / len(lives)
    error = (sum((life - mean) ** 2 for life in lives) / (len(lives) - 1) / len(lives)) ** 0.5
    assert abs(mean - torch.mean) <= 4 * (error ** 2 + torch.error ** 2) ** 0.5
    text = "\n".join(odds_lines(world, state, "explore"))
    assert "Torch: out in" in text and "plays)" in text and "~ estimated" in text


@pytest.mark.parametrize(("system", "move", "lines"), [
    ("dungeon-turn", "explore", ("light torch",)),
    ("dungeon-turn", "explore", ("light torch", "explore", "explore", "explore", "explore")),
    ("dungeon-turn", "rest-hour", ("light torch",)),
    ("classic", "explore", ("light torch",)),
    ("overloaded", "explore", ("light torch",))])
def test_a_clock_read_only_for_a_while_is_counted_as_if_every_turn_were_kept(
        monkeypatch, system, move, lines):
    """Dungeon Turn's quiet turns, classic's check every second turn: the chain keeps a
    state's turn as the tests that read it see it from then on, and its figures are
    those of a chain that keeps every turn apart (and counts far more states)."""
    world = world_of(system)
    state = played(system, *lines)
    request = read(world, state, move)
    kinds = tuple(light.kind for light in state.lights)
    kept = chain(plain_world(world), state, request, kinds, None, 3, 60, 100_000, 10_000)
    monkeypatch.setattr(forecast_chain, "clock_of", lambda *_: None)
    every = chain(plain_world(world), state, request, kinds, None, 3, 60, 100_000, 10_000)
    assert kept.out == every.out and not kept.rest and not every.rest
    assert kept.plays <= every.plays


@pytest.mark.parametrize(("system", "lines"), [
    ("delving", ("light torch", "explore", "light torch")),
    ("overloaded", ("light torch", "explore", "explore", "explore", "light torch")),
    ("exploration", ("light torch", "explore")),
    ("exploration", ("party add Cid hp 9", "light torch", "explore"))])
def test_a_tracker_nothing_reads_is_set_aside_and_the_figures_stay_those_of_every_value(
        monkeypatch, system, lines):
    """Delving's and Overloaded's fatigue only adds up, and Exploration's rest clock leads
    only to a save no member makes while the party has none: the chain keeps states that
    differ in them alone as one, so a torch with no set life is counted exactly (it was
    estimated: a new state every turn), and its figures are those of a chain that keeps
    every value apart. With a member, Exploration's rest clock is kept."""
    world = world_of(system)
    state = played(system, *lines)
    unread = forecast_chain.unread_trackers(world, "", bool(state.party))
    assert "fatigue" in unread
    if system == "exploration":
        assert ("since_rest" in unread) is not bool(state.party)
    found = forecast(world, state, seeded(), "explore")
    assert found.lights and all(light.turns.exact for light in found.lights)
    request = read(world, state, "explore")
    kinds = tuple(light.kind for light in state.lights)
    kept = chain(plain_world(world), state, request, kinds, None, 3, 60, 100_000, 10_000)
    monkeypatch.setattr(forecast_chain, "unread_trackers", lambda *_: frozenset())
    every = chain(plain_world(world), state, request, kinds, None, 3, 60, 100_000, 10_000)
    assert not kept.rest and not every.rest
    for ours, theirs in zip(kept.out, every.out, strict=True):
        assert dict(map(reversed, ours)) == pytest.approx(dict(map(reversed, theirs)))
    assert kept.plays < every.plays or state.party and kept.plays == every.plays


@pytest.mark.parametrize(("alarm", "lines"), [
    (5, ("light torch", "advance", "light torch")), (8, ("light torch",))])
def test_a_light_sources_die_is_counted_on_two_faces_as_every_face_would_count_it(
        monkeypatch, alarm, lines):
    """Trespasser's torch: a d6 each torch each turn, out on a 1. The count plays one face
    that puts it out and one that does not (each for its faces), and a comparison of the
    engine's (operator.ge) merges like any: the figures are those of a count that plays
    every face, in fewer plays."""
    world = world_of("trespasser")
    state = played("trespasser", *lines, alarm=alarm)
    request = read(world, state, "advance")
    kinds = tuple(dict.fromkeys(light.kind for light in state.lights))
    danger = ("alarm", 10)
    two = chain(plain_world(world), state, request, kinds, danger, 3, 60, 100_000, 10_000)
    found = forecast(world, state, seeded(), "advance")
    assert all(light.turns.exact for light in found.lights)
    monkeypatch.setattr(forecast_faces, "_source_faces", lambda *_: None)
    every = chain(plain_world(world), state, request, kinds, danger, 3, 60, 100_000, 10_000)
    assert not two.rest and not every.rest and two.reached == every.reached
    for ours, theirs in zip(two.out, every.out, strict=True):
        assert dict(map(reversed, ours)) == pytest.approx(dict(map(reversed, theirs)))
    assert two.plays < every.plays


def test_what_the_rolls_name_is_counted_too():
    """D12's events table, d12: nothing 1-5, a light fails 6, the environment 7-10, sounds
    11-12; a move of several turns (Dungeon Turn's rest of an hour, six turns an encounter
    may end) has what they name in any of its turns counted too, its encounter the very
    figure of the move's own (1 - (5/6)^6), never a second one."""
    found = moves("d12-tension", played("d12-tension", "light torch"))
    results = dict(found["enter"].results or ())
    assert {name: chance.exact for name, chance in results.items()} == {
        "nothing": Fraction(5, 12), "light-fails": Fraction(1, 12),
        "environment": Fraction(4, 12), "sounds": Fraction(2, 12)}
    rest_hour = moves("dungeon-turn", played("dungeon-turn", "light lantern"))["rest-hour"]
    named = dict(rest_hour.results or ())
    assert rest_hour.turns == 6 and rest_hour.up_to
    assert named["encounter"].exact == rest_hour.encounter.exact == 1 - Fraction(5, 6) ** 6
    text = "\n".join(odds_lines(world_of("d12-tension"), played("d12-tension", "light torch")))
    assert ("enter, linger, find-secret: nothing 41.7% · environment 1 in 3 · sounds 1 in 6 · "
            "light-fails 1 in 12") in text


def test_a_door_a_search_and_a_lock_are_counted_as_checks():
    """Exploration's force-door: a STR check, d20 + 0 at or over DC 12: 9 in 20; beside
    it the party's WIS check against surprise, made when the turn's hazard die (1 in 6)
    brings an encounter and held 9 times in 20: 3 in 40 in all."""
    state = played("exploration", "light torch")
    found = moves("exploration", state)
    door = dict(found["force-door"].checks or ())
    assert set(door) == {"STR check to force the door (DC 12)",
                         "WIS check (DC 12) against surprise for the party"}
    exactly(door["STR check to force the door (DC 12)"], Fraction(9, 20))
    exactly(door["WIS check (DC 12) against surprise for the party"], Fraction(3, 40))
    text = "\n".join(odds_lines(world_of("exploration"), state))
    assert "force-door  STR check to force the door (DC 12): 45%" in text


def test_a_handful_of_dice_is_drawn_as_the_faces_it_shows():
    """4d6 keep the highest 3, counted as the 126 ways four dice can show (in no order)
    rather than 1,296: the same chance as every ordered way, counted by brute force."""
    def high(rng: random.Random) -> bool:
        return dice.roll("4d6kh3", rng).total >= 13

    found, plays = outcomes(high, 10_000)
    brute = Fraction(sum(sum(sorted(faces)[1:]) >= 13
                         for faces in product(range(1, 7), repeat=4)), 6 ** 4)
    assert found[True] == brute and plays < 200


def test_a_dice_pool_read_die_by_die_is_exact():
    """docs/examples/dice-pool.yaml: the pool of 4d6 shrinks on two or more 1s."""
    world = load_world(Path(__file__).parents[2] / "docs" / "examples" / "dice-pool.yaml")
    odds = next_turn(world, start(world), "explore", seeded())
    pool = dict(odds.checks or ())
    expected = 1 - Fraction(5, 6) ** 4 - 4 * Fraction(1, 6) * Fraction(5, 6) ** 3
    assert [chance.exact for chance in pool.values()] == [expected]


def test_a_move_back_is_not_offered_before_there_is_a_room_to_go_back_to():
    """D12's revisit at turn 1 (no room yet) and in the first room (none the party came
    from) would be played where the party stands: odds says why it leaves it out, and
    forecasts it once there is a room behind."""
    world = world_of("d12-tension")
    for state, why in ((played("d12-tension"), "no known room to go back to yet"),
                       (played("d12-tension", "enter 3"),
                        "refused bare, as the party's way began here, with no way back "
                        "to retrace")):
        found = forecast(world, state, seeded())
        assert "revisit" not in {odds.line for odds in found.actions}
        assert dict(found.skipped)["revisit"] == f"revisit: {why}"
        text = "\n".join(odds_lines(world, state))
        assert f"not forecast: revisit: {why}" in text
    state = played("d12-tension", "enter 3", "enter 2")
    found = forecast(world, state, seeded())
    revisit = next(odds for odds in found.actions if odds.line == "revisit")
    assert revisit.encounter.exact is not None and "revisit" not in dict(found.skipped)


def _d12_generated(seed: int) -> tuple:
    """D12 with the classic generator, R1 entered on ``seed`` and a torch lit, Tension 9,
    three encounters struck off: the state, and the chain's count of the move into a
    new room (its ways and plays)."""
    world = load_world("d12-tension")
    stock_generator(world, "classic")
    state = start(world)
    state = replace(state, values={**state.values, **start_values(world, "classic"),
                                   "tension": 9})
    for line_seed, line in ((seed, "enter"), (1, "light torch")):
        state = perform(world, state, read(world, state, line), random.Random(line_seed)).state
    state = replace(state, struck={"d12-encounters": (0, 1, 2)})
    request = read(world, state, "enter")
    room = new_room(world, state, request)
    assert room is not None and len(room.seen) > 1  # the exits are drawn
    seen = forecast_chain._seen(world, state, request, None, 60)

    def move() -> tuple[dict, int]:
        return forecast_chain._move(world, state, request, ("torch",), None, seen,
                                    forecast_chain._events_seen(None), 100_000, room)
    return state, move


def test_a_local_no_frame_reads_again_is_left_out_of_the_state(monkeypatch):
    """Entering a generated room from D12's R1 (3 exits), the encounter check reads
    ``max(exits, room_exits)``: the engine's frames still hold the number of exits drawn
    for the new room (the move's arguments) but read it no more once the move's ``let``
    took it, so the ways that drew 1, 2 or 3 exits merge from there on. The ways are
    those of a count that keeps every local of a frame, in fewer plays. (The rolled
    room is left off the map here: on it, its exits differ until the move ends.)"""
    monkeypatch.setattr(forecast_rooms, "MAP_NAMES", frozenset())
    state, move = _d12_generated(5)
    assert [len(room.exits) for room in state.dungeon.rooms] == [3]
    ways, plays = move()
    monkeypatch.setattr(forecast_tree, "live_names", lambda code, place: frozenset(
        (*code.co_varnames, *code.co_cellvars, *code.co_freevars)))
    every, more = move()
    assert ways == every
    if sys.version_info < (3, 12):  # (3.13 keeps that local here: as many plays, still exact)
        assert plays < more


def test_a_commands_local_read_no_more_is_left_out_of_the_state(monkeypatch):
    """From D12's R1 of one exit, the move's ``exits`` (the larger of the exits drawn and
    the room's) is read by the encounter check alone: once the check has succeeded,
    the ways that drew other exits have one future (the encounter's die, the turn), and
    merge at the encounter's die. The ways are those of a count that keeps every local
    of the command, in fewer plays."""
    state, move = _d12_generated(0)
    assert [len(room.exits) for room in state.dungeon.rooms] == [1]
    ways, plays = move()
    monkeypatch.setattr(forecast_live.Locals, "at", lambda self, frames: None)
    every, more = move()
    assert ways == every
    if sys.version_info < (3, 12):  # (on a later Python the walk may meet a frame's value it
        assert plays < more         # cannot read through: every local kept, still exact)
