"""The odds see the dungeon (issue 36, item 5): with a generator named, `odds` and the
status bar give the exact chances that the next new room holds an encounter, a trap or
a locked door (the generator's own fractions), the move's encounter counts the room's
stocked one with the procedure's own check on the exits rolled, exactly, and the figures
agree with a large seeded simulation of play."""

from __future__ import annotations

import json
import random
import re
from dataclasses import astuple, replace
from fractions import Fraction
from math import comb

import pytest

from solo.engine import forecast_rooms
from solo.engine.core import perform, read, start
from solo.engine.dungeon_named import start_values
from solo.engine.events import Checked, Encountered, Said, TableRolled
from solo.engine.forecast import forecast, next_turn
from solo.engine.forecast_dice import Chance, seeded
from solo.engine.rooms import OPPOSITE
from solo.engine.state import State
from solo.errors import SoloError
from solo.play import prompt_text
from solo.play.odds_view import odds_lines, odds_status
from solo.rules.catalog import load_world, stock_generator
from solo.rules.generate import (
    RoomContext,
    door_odds,
    exit_count_odds,
    resolve_settings,
    room_odds,
)
from tests.fake_env import solo

GENERATORS = ("classic", "tracker", "site")
MOVES = {"d12-tension": "enter", "trespasser": "advance", "dungeon-turn": "enter"}
_WORLDS: dict = {}


def world_of(system: str):
    if system not in _WORLDS:
        _WORLDS[system] = world = load_world(system)
        for generator in GENERATORS:  # read here: the engine reads no file
            stock_generator(world, generator)
    return _WORLDS[system]


def begun(system: str, generator: str, *lines: str) -> State:
    world = world_of(system)
    state = start(world)
    state = replace(state, values={**state.values, **start_values(world, generator)})
    for index, line in enumerate(("light torch", *lines)):
        state = perform(world, state, read(world, state, line), random.Random(index)).state
    return state


def move_odds(system: str, state: State):
    found = forecast(world_of(system), state, seeded())
    return next(odds for odds in found.actions if odds.line == MOVES[system])


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("system", sorted(MOVES))
def test_the_next_rooms_figures_are_the_generators_exact_fractions(system, generator):
    world = world_of(system)
    state = begun(system, generator)
    odds = move_odds(system, state)
    gen = world.generators[generator]
    expected = room_odds(gen, resolve_settings(gen), RoomContext(0, None))
    assert odds.room is not None
    assert (odds.room.encounter, odds.room.trap, odds.room.locked) == (
        expected.encounter, expected.trap, expected.locked)
    assert odds.encounter.exact is not None  # the move's own figure is exact too
    assert odds.encounter.exact >= expected.encounter


FIRST = RoomContext(0, None)
"""The first room's: no room before it, no way in."""


def _exits_seen(generator, back: int, context: RoomContext = FIRST) -> dict[int, Fraction]:
    """Each count of exits the party sees in the next room, by hand: the rolled exits,
    each hidden behind a secret door or not, plus the way back."""
    settings = resolve_settings(generator)
    hidden = door_odds(generator, settings, context)["secret"]
    seen: dict[int, Fraction] = {}
    for number, chance in exit_count_odds(generator, settings, context).items():
        for shown in range(number + 1):
            share = chance * comb(number, shown) * (1 - hidden) ** shown \
                * hidden ** (number - shown)
            seen[back + shown] = seen.get(back + shown, Fraction(0)) + share
    return seen


@pytest.mark.parametrize("generator", GENERATORS)
def test_d12s_enter_counts_the_stocked_encounter_and_its_check_on_the_exits_rolled(generator):
    """A room stocked with an encounter holds it as the party enters: pre-set, it rolls
    no events and no check (seed 000), so the check is rolled only in the others."""
    world = world_of("d12-tension")
    state = begun("d12-tension", generator)  # Tension 0, no room yet: no way back
    gen = world.generators[generator]
    stocked = room_odds(gen, resolve_settings(gen), RoomContext(0, None)).encounter
    # D12's check: d12 at or under the exits (or Tension, 0 here)
    check = sum((chance * Fraction(min(exits, 12), 12)
                 for exits, chance in _exits_seen(gen, 0).items()), Fraction(0))
    odds = move_odds("d12-tension", state)
    assert odds.encounter.exact == 1 - (1 - check) * (1 - stocked)
    checks = dict(odds.checks or ())
    assert checks["Random encounter (exits as rolled, Tension 0)"].exact == \
        check * (1 - stocked)
    assert next_turn(world, state, "enter", seeded()).encounter == odds.encounter


def test_d12s_enter_from_a_room_counts_the_way_back_among_the_exits():
    world = world_of("d12-tension")
    gen = world.generators["classic"]
    state = next(state for seed in range(40) if _open(
        state := begun("d12-tension", "classic", *(["enter"] * (seed % 3 + 1)))))
    room = state.dungeon.current
    assert room is not None
    way = next(exit for exit in room.exits if exit.to is None and exit.seen
               and not exit.barred)
    context = RoomContext(len(state.dungeon.rooms), OPPOSITE[way.direction])
    stocked = room_odds(gen, resolve_settings(gen), context).encounter
    tension = state.values["tension"]
    check = sum((chance * Fraction(max(min(exits, 12), tension), 12)
                 for exits, chance in _exits_seen(gen, 1, context).items()), Fraction(0))
    assert move_odds("d12-tension", state).encounter.exact == 1 - (1 - check) * (1 - stocked)


def _open(state: State) -> bool:
    """Whether the party can go on into a new room (no shut door in the way)."""
    world = world_of("d12-tension")
    try:
        perform(world, state, read(world, state, "enter"), random.Random(0))
    except SoloError:
        return False
    room = state.dungeon.current
    return room is not None and any(exit.to is None and exit.seen and not exit.barred
                                    and exit.direction for exit in room.exits)


def _simulated(system: str, state: State, plays: int) -> dict[str, float]:
    """What the move brought in ``plays`` plays of the engine, on seeded dice."""
    world = world_of(system)
    request = read(world, state, MOVES[system])
    rng = random.Random(36)
    met = trap = locked = 0
    for _ in range(plays):
        after = perform(world, state, request, rng).state
        room = after.dungeon.current
        assert room is not None
        met += after.encounters > state.encounters
        trap += "trapped" in room.status or any(exit.door == "trapped" for exit in room.exits)
        locked += any(exit.door == "locked" for exit in room.exits)
    return {"encounter": met / plays, "trap": trap / plays, "locked": locked / plays}


@pytest.mark.parametrize("system,generator", [("d12-tension", "classic"),
                                              ("d12-tension", "site"),
                                              ("trespasser", "tracker"),
                                              ("dungeon-turn", "classic")])
def test_the_exact_figures_agree_with_a_large_seeded_simulation(system, generator):
    state = begun(system, generator)
    odds = move_odds(system, state)
    assert odds.room is not None
    plays = 2000
    seen = _simulated(system, state, plays)
    for name, exact in (("encounter", odds.encounter.value), ("trap", float(odds.room.trap)),
                        ("locked", float(odds.room.locked))):
        error = (exact * (1 - exact) / plays) ** 0.5
        assert abs(seen[name] - exact) <= 4 * error + 1e-9, (name, seen[name], exact)


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("system", sorted(MOVES))
def test_the_status_bar_forecasts_the_rolled_room_within_80_columns(system, generator):
    world = world_of(system)
    state = begun(system, generator)
    for line in ("party add Wren hp 8", "party add Brother Ott hp 8",
                 "party add Magdalena hp 6"):
        state = perform(world, state, read(world, state, line), random.Random(0)).state
    odds = move_odds(system, state)
    assert odds.room is not None
    bar = prompt_text.toolbar(world, state, "The Sunken Halls of the Drowned King")
    assert len(bar) <= 80, bar
    move = MOVES[system]
    assert bar.startswith(f"{move}: encounter {odds.encounter.text()} · trap "), bar
    assert odds_status(world, state).startswith(f"{move}: ")  # no typed exits: rolled


@pytest.mark.parametrize("generator", GENERATORS)
def test_d12s_stocked_room_is_pre_set_in_play_as_in_the_odds(generator):
    """Play: a room the generator stocked with an encounter rolls no Dungeon Events and
    no encounter check, and meets its own; every other room rolls both. The odds of the
    check (rolled and succeeding) and of what the events table names agree with seeded
    plays."""
    world = world_of("d12-tension")
    state = begun("d12-tension", generator)
    odds = move_odds("d12-tension", state)
    request = read(world, state, "enter")
    rng = random.Random(7)
    plays, checked, named = 1500, 0, 0
    for _ in range(plays):
        events = perform(world, state, request, rng).events
        held = any(isinstance(event, Said) and event.text.startswith("In R1: ")
                   and "encounter (" in event.text for event in events)  # the stocking
        rolled = [event for event in events if isinstance(event, TableRolled)
                  and event.table == "dungeon-events"]
        checks = [event for event in events if isinstance(event, Checked)]
        assert (len(rolled), len(checks)) == ((0, 0) if held else (1, 1))
        assert any("A pre-set encounter" in getattr(event, "text", "")
                   for event in events) == held
        if held:
            assert sum(isinstance(event, Encountered) for event in events) == 1
        checked += any(event.success for event in checks)
        named += any(event.entry_id == "nothing" for event in rolled)
    for seen, figure in ((checked, dict(odds.checks or ())[
            "Random encounter (exits as rolled, Tension 0)"]),
            (named, dict(odds.results or ())["nothing"])):
        exact = float(figure.exact)
        assert abs(seen / plays - exact) <= 4 * (exact * (1 - exact) / plays) ** 0.5


def test_odds_says_each_figure_once():
    state = begun("d12-tension", "classic", "enter")
    lines = odds_lines(world_of("d12-tension"), state, "enter")
    text = "\n".join(lines)
    odds = move_odds("d12-tension", state)
    assert odds.room is not None
    assert re.search(rf"\n  enter +encounter {re.escape(odds.encounter.text())}", text)
    # (revisit left out: no room to go back to)
    assert f"stocked with an encounter {Chance.of(odds.room.encounter).text()}" in text
    assert text.count("a locked door") == 1 and text.count("a trap ") == 1
    assert "~" not in text  # nothing estimated


def test_with_entries_struck_off_the_stocked_encounter_is_counted_as_its_die_falls():
    """A struck-off entry met again is no encounter: the room's stocked one is then met
    only as often as the table rolls an entry still on it, and the count draws it."""
    world = world_of("d12-tension")
    state = begun("d12-tension", "classic")
    table = world.procedure.encounters
    state = replace(state, struck={table: (0, 1, 2, 3, 4)})
    odds = move_odds("d12-tension", state)
    plain = move_odds("d12-tension", begun("d12-tension", "classic"))
    assert plain.encounter.exact is not None
    assert odds.encounter.value < plain.encounter.value
    # Every entry Tension 0 can reach is struck here, so the figure is 0, counted exactly
    # (its d12 check and its tables' dice each counted on the faces that do alike)
    assert odds.encounter.exact == 0
    plays = 2000
    seen = _simulated("d12-tension", state, plays)["encounter"]
    error = max((odds.encounter.value * (1 - odds.encounter.value) / plays) ** 0.5,
                odds.encounter.error, 1 / plays)
    assert abs(seen - odds.encounter.value) <= 4 * error


def test_odds_at_the_prompt_of_a_generated_crawl(tmp_path):
    run = solo("new", str(tmp_path / "crawl.md"), "--system", "d12-tension", "--title", "T",
               "--seed", "3", "--dungeon", "classic", stdin="light torch\nodds\n")
    assert run.code == 0, run.err
    assert "The new room 'enter' rolls (Classic stocking):" in run.out
    assert "Random encounter (exits as rolled, Tension 0)" in run.out
    assert "~" not in run.out.split("Odds for", 1)[1]  # every figure exact


def test_solo_odds_json_gives_the_next_rooms_exact_fractions(tmp_path):
    path = tmp_path / "crawl.md"
    made = solo("new", str(path), "--system", "trespasser", "--title", "T", "--seed", "5",
                "--dungeon", "site", stdin="light torch\n")
    assert made.code == 0, made.err
    run = solo("odds", str(path), "--json")
    assert run.code == 0, run.err
    advance = next(odds for odds in json.loads(run.out)["actions"]
                   if odds["action"] == "advance")
    gen = world_of("trespasser").generators["site"]
    expected = room_odds(gen, resolve_settings(gen), FIRST)
    assert advance["room"]["generator"] == gen.name
    assert advance["room"]["locked"]["exact"] == str(expected.locked)
    assert advance["room"]["trap"]["exact"] == str(expected.trap)
    assert advance["room"]["encounter"]["exact"] == str(expected.encounter)


@pytest.mark.parametrize("struck", [(0,), (0, 2), (1, 3, 4)])
@pytest.mark.parametrize("tension", [0, 9])
def test_the_stocked_encounters_share_past_struck_entries_is_the_counts(
        monkeypatch, struck, tension):
    """With entries struck off, the room's stocked encounter is met as often as the
    table's die reaches one still on it: worked out from the table before the move (its
    plus, Tension, is nothing entering changes), every figure is the one a count that
    draws the die gives."""
    world = world_of("d12-tension")
    state = begun("d12-tension", "classic", "enter")
    state = replace(state, struck={world.procedure.encounters: struck},
                    values={**state.values, "tension": tension})
    worked_out = forecast(world, state, seeded(), "enter").to_json()
    monkeypatch.setattr(forecast_rooms, "_still_on", lambda *_: None)
    drawn = forecast(world, state, seeded(), "enter").to_json()
    assert worked_out == drawn


@pytest.mark.parametrize(("system", "generator"), [("d12-tension", "classic"),
                                                   ("d12-tension", "tracker"),
                                                   ("trespasser", "site"),
                                                   ("dungeon-turn", "classic")])
def test_the_look_aheads_first_move_is_counted_with_the_next_turns_odds(
        monkeypatch, system, generator):
    """The move into a new room is counted once: its next turn's odds and the first move
    of the look-ahead read the same plays, and every figure is the one each count gives
    apart (D12 with an entry struck off: 95 -> 44 ms)."""
    from solo.engine import forecast as forecast_module

    world = world_of(system)
    state = next(state for seed in range(1, 30) if _way_on(
        system, state := _crawled(system, generator, seed)))
    state = replace(state, struck={world.procedure.encounters: (0,)})
    made = []
    first_move = forecast_module.first_move

    def kept(*args):
        found = first_move(*args)
        made.append(found)
        return found

    monkeypatch.setattr(forecast_module, "first_move", kept)
    shared = forecast(world, state, seeded(), MOVES[system])
    assert made and made[0] is not None and made[0].ways is not None
    monkeypatch.setattr(forecast_module, "first_move", lambda *_: None)
    apart = forecast(world, state, seeded(), MOVES[system])
    assert shared.actions == apart.actions and shared.danger == apart.danger
    assert len(shared.lights) == len(apart.lights)
    for ours, theirs in zip(shared.lights, apart.lights, strict=True):  # (floats summed
        assert astuple(ours.turns) == pytest.approx(astuple(theirs.turns))  # in turn)


def _crawled(system: str, generator: str, seed: int) -> State:
    world = world_of(system)
    state = begun(system, generator)
    rng = random.Random(seed)
    for _ in range(2):
        try:
            state = perform(world, state, read(world, state, MOVES[system]), rng).state
        except SoloError:
            break
    return state


def _way_on(system: str, state: State) -> bool:
    world = world_of(system)
    try:
        perform(world, state, read(world, state, MOVES[system]), random.Random(0))
    except SoloError:
        return False
    return True


def test_a_move_into_a_room_with_too_many_ways_is_estimated_not_raised(monkeypatch):
    from solo.engine import forecast_move
    monkeypatch.setattr(forecast_move, "ROOM_WAYS", 5)
    state = begun("d12-tension", "classic")
    odds = move_odds("d12-tension", state)
    assert odds.encounter.exact is None and 0 < odds.encounter.value < 1  # "~", estimated
    assert odds.room is not None  # the room's own fractions are the generator's, exact
    assert odds.checks is None  # not a second figure beside an estimate
    assert any(line.startswith("~ estimated")
               for line in odds_lines(world_of("d12-tension"), state))
    assert odds_status(world_of("d12-tension"), state)  # the status bar, no traceback


@pytest.mark.parametrize("generator", ["site", "classic"])
def test_d12s_enter_reads_the_rolled_rooms_exits_not_the_room_left(generator):
    # D12's enter counts max(exits, room_exits): in play room_exits is the rolled room's,
    # so a room left with 6 exits must not lift a rolled room's fewer exits to 6
    state = begun("d12-tension", generator, "enter 6")
    odds = move_odds("d12-tension", state)
    plays = 2000
    seen = _simulated("d12-tension", state, plays)["encounter"]
    exact = odds.encounter.value
    assert abs(seen - exact) <= 4 * (exact * (1 - exact) / plays) ** 0.5, (seen, exact)
