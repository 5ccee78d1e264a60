"""The procedure language's building blocks, played through the engine's public API:
ask, light sources as items with supplies, routine parameters, tracker levels, and the
dice of a roll; each on its complete example in docs/examples/."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.events import Answered, Checked, Encountered, LightChanged, TrackerChanged
from solo.engine.simulate import simulate
from solo.engine.state import State
from solo.errors import UsageError
from solo.rules.catalog import load_world
from solo.rules.world import World
from tests.conftest import ScriptedRandom, perform_line
from tests.fake_env import run_here

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def _world(name: str) -> World:
    return load_world(EXAMPLES / f"{name}.yaml")


def _play(world, lines, state=None, rng=None):
    state = state or engine.start(world)
    rng = rng or random.Random(1)
    events = []
    for line in lines:
        result = perform_line(world, state, line, rng)
        state = result.state
        events.extend(result.events)
    return state, events


def _within(count: int, n: int, p: float) -> None:
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(count - n * p) <= 4 * sigma, f"{count} of {n}: expected {n * p:.0f}"


# -- ask ---------------------------------------------------------------------------------

def test_ask_is_written_as_a_question_in_the_journals_style():
    world = _world("oracle-rooms")
    state, events = _play(world, ["oracle ironsworn", "enter large"])
    asked = [event for event in events if isinstance(event, Answered)]
    assert len(asked) == 1
    assert asked[0].question == "Is the large room occupied?"
    assert asked[0].style == "ironsworn" and asked[0].odds == "likely"


def test_ask_answers_yes_at_the_fate_charts_odds_and_branches_on_it():
    world = _world("oracle-rooms")
    # mythic, chaos 5: likely is yes on 65 or less of d100, 50/50 on 50 or less
    for action, p in (("enter large", 0.65), ("enter small", 0.50)):
        result = simulate(world, 4000, 3, action)
        _within(result.outcomes["occupied"], 4000, p)
        assert result.encounters == result.outcomes["occupied"]


def test_ask_follows_chaos():
    world = _world("oracle-rooms")
    state, _ = _play(world, ["chaos 9"])
    yes = 0
    rng = random.Random(5)
    for _ in range(2000):
        result = perform_line(world, state, "enter small", rng)
        yes += any(isinstance(e, Encountered) for e in result.events)
    _within(yes, 2000, 0.90)  # 50/50 at chaos 9 is yes on 90 or less


def test_a_question_from_a_procedure_is_counted_by_solo_stats(tmp_path):
    journal = tmp_path / "rooms.md"
    run = run_here("new", str(journal), "--system", str(EXAMPLES / "oracle-rooms.yaml"),
                   "--seed", "2", stdin="enter large\nenter small\n", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "? Is the large room occupied? (likely, mythic)" in journal.read_text()
    stats = run_here("stats", str(journal), "--json", cwd=tmp_path)
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout)["questions"] == 2


# -- light sources as items --------------------------------------------------------------

def test_a_doused_lantern_relit_keeps_what_it_had_left():
    world = _world("usage-dice")
    state, _ = _play(world, ["light lantern", "explore", "explore", "explore",
                             "douse lantern", "explore", "light lantern"])
    def lantern(state):  # (each turn in the dark also lights a torch from the pack)
        return [light.remaining for light in state.lights if light.kind == "lantern"]

    assert lantern(state) == [21]
    state, _ = _play(world, ["explore"], state)
    assert lantern(state) == [20]


def test_exploration_lantern_relit_is_not_full():
    world = load_world("exploration")
    state, _ = _play(world, ["light lantern", "douse lantern", "light lantern"])
    full = world.procedure.lights["lantern"].turns
    state, _ = _play(world, ["light lantern"])
    for _ in range(5):
        state = perform_line(world, state, world.procedure.simulate, random.Random(3)).state
    left = [light.remaining for light in state.lights if light.kind == "lantern"]
    state, _ = _play(world, ["douse lantern", "light lantern"], state)
    assert [light.remaining for light in state.lights if light.kind == "lantern"] == left
    assert left[0] < full


def test_lighting_a_fresh_torch_takes_a_spare_and_none_left_is_refused():
    world = _world("usage-dice")
    state = engine.start(world)
    assert state.supplies == {"torches": 3, "oil": 1}
    for expected in (2, 1, 0):
        result = perform_line(world, state, "light torch", random.Random(1))
        state = result.state
        assert state.supplies["torches"] == expected
        assert any(isinstance(e, TrackerChanged) and e.notation == "Inv" for e in result.events)
    with pytest.raises(UsageError, match="no spare torches left"):
        perform_line(world, state, "light torch", random.Random(1))
    # a doused torch is taken up again without a spare
    state, _ = _play(world, ["douse torch", "light torch"], state)
    assert state.supplies["torches"] == 0 and len(state.lights) == 3


def test_refill_takes_a_flask_and_fills_the_lantern():
    world = _world("usage-dice")
    state, _ = _play(world, ["light lantern", "explore", "explore", "refill"])
    assert state.lights[0].remaining == 24 and state.supplies["oil"] == 0
    with pytest.raises(UsageError, match="no oil left"):
        perform_line(world, state, "refill", random.Random(1))


def test_a_usage_die_steps_down_on_a_one_or_two_and_is_spent_below_d4():
    world = _world("usage-dice")
    state, _ = _play(world, ["light torch"])
    assert state.lights[0].die == "d6"
    # turn 1: the d6 shows 2 -> d4; turn 2: the d4 shows 4 -> stays; turn 3: 1 -> spent,
    # and each_turn lights a fresh one from the pack
    state, events = _play(world, ["explore", "explore", "explore"], state,
                          ScriptedRandom([2, 4, 1]))
    checks = [e for e in events if isinstance(e, Checked)]
    assert [c.label for c in checks] == ["Usage die, Torch (d6)", "Usage die, Torch (d4)",
                                         "Usage die, Torch (d4)"]
    changes = [(e.before, e.after) for e in events if isinstance(e, LightChanged)]
    assert changes[0] == ("lit, no limit, usage die d6", "lit, no limit, usage die d4")
    assert changes[1] == ("lit, no limit, usage die d4", "out")
    assert changes[2] == ("unlit", "lit, no limit, usage die d6")
    assert state.supplies["torches"] == 1


def test_the_usage_die_steps_at_a_third_of_turns():
    world = _world("usage-dice")
    state, _ = _play(world, ["light torch"])
    steps = 0
    rng = random.Random(9)
    for _ in range(3000):
        events = perform_line(world, state, "explore", rng).events
        steps += sum(1 for e in events if isinstance(e, LightChanged) and e.reason == "usage die")
    _within(steps, 3000, 1 / 3)


def test_supply_effect_hands_out_torches_and_set_cannot_go_below_zero():
    world = _world("usage-dice")
    state, events = _play(world, ["scavenge"])
    assert [(e.before, e.after) for e in events if isinstance(e, TrackerChanged)
            and e.reason == "found in a pack"] == [(3, 5)]
    with pytest.raises(UsageError, match="torches must stay from 0"):
        perform_line(world, state, "set torches -9", random.Random(1))
    have = state.supplies["torches"]
    assert _play(world, [f"set torches -{have}"], state)[0].supplies["torches"] == 0


def test_a_snapshot_does_not_grow_with_a_light_lit_many_times():
    world = load_world("trespasser")  # its torch has no time limit
    state = engine.start(world)
    sizes = []
    for count in range(1, 101):
        state = perform_line(world, state, "light torch", random.Random(count)).state
        sizes.append(len(json.dumps(state.to_json())))
    assert sizes[-1] - sizes[1] < 10  # one row with a count, not a row per torch
    assert State.from_json(state.to_json()) == state
    with pytest.raises(UsageError, match="100 sources are already burning"):
        perform_line(world, state, "light torch", random.Random(1))


def test_a_snapshot_does_not_grow_with_the_number_of_turns():
    world = load_world("exploration")
    state, _ = _play(world, ["light torch"])
    sizes = []
    rng = random.Random(4)
    for turn in range(600):
        state = perform_line(world, state, world.procedure.simulate, rng).state
        if turn % 100 == 99:
            sizes.append(len(json.dumps(state.to_json())))
    assert max(sizes) - min(sizes) < 40, sizes  # only the numbers' digits change


# -- routines with parameters and tracker levels ------------------------------------------

def test_routine_parameters_and_their_defaults():
    world = _world("alarm-levels")
    state, events = _play(world, ["sneak"], rng=ScriptedRandom([6]))
    assert state.values["alarm"] == 1
    assert any(isinstance(e, TrackerChanged) and e.reason == "noise" for e in events)
    state, events = _play(world, ["bash"], state, ScriptedRandom([6]))
    assert state.values["alarm"] == 4
    assert any(isinstance(e, TrackerChanged) and e.reason == "a door smashed in"
               for e in events)


def test_tracker_levels_are_named_bands_read_by_expressions():
    world = _world("alarm-levels")
    state = engine.start(world)
    assert engine.level_of(world, state, "alarm") == "Calm"
    state, _ = _play(world, ["set alarm 4"], state)
    assert engine.level_of(world, state, "alarm") == "Wary"
    state, events = _play(world, ["set alarm 7", "sneak"], state, ScriptedRandom([2]))
    assert engine.level_of(world, state, "alarm") == "Roused"
    check = next(e for e in events if isinstance(e, Checked))
    assert check.label == "Patrol (Roused: 1 in 3)" and check.success
    with pytest.raises(UsageError, match="garrison is roused"):
        perform_line(world, state, "hide", random.Random(1))
    assert engine.level_of(world, state, "nothing") is None


def test_roused_patrols_come_twice_as_often():
    world = _world("alarm-levels")
    calm = simulate(world, 6000, 2, "hide")
    _within(calm.outcomes["patrol"], 6000, 1 / 6)
    roused = simulate(world, 6000, 2, setup=["set alarm 9"], script=["sneak"])
    _within(roused.outcomes["patrol"], 6000, 1 / 3)


# -- the dice of a roll -------------------------------------------------------------------

def test_count_of_ones_in_a_pool():
    world = _world("dice-pool")
    state, events = _play(world, ["explore"], rng=ScriptedRandom([1, 5, 1, 3]))
    assert state.values["pool"] == 3
    assert any(isinstance(e, TrackerChanged) and e.reason == "2 ones" for e in events)
    state, events = _play(world, ["explore"], state, ScriptedRandom([1, 5, 2]))
    assert state.values["pool"] == 3


def test_two_or_more_ones_in_four_dice_at_the_binomial_rate():
    world = _world("dice-pool")
    n, p = 6000, 1 - (5 / 6) ** 4 - 4 * (1 / 6) * (5 / 6) ** 3
    state = engine.start(world)
    rng = random.Random(8)
    shrinks = sum(1 for _ in range(n) if perform_line(world, state, "explore", rng)
                  .state.values["pool"] == 3)
    _within(shrinks, n, p)


def test_scrounging_adds_one_per_six():
    world = _world("dice-pool")
    state, events = _play(world, ["set pool 1", "scrounge"], rng=ScriptedRandom([6, 2, 6, 3]))
    # the pool roll (1d6 showing 3 in the script's order comes after scrounging's 3d6)
    assert any(isinstance(e, TrackerChanged) and e.reason == "2 sixes, best die 6"
               for e in events)


# -- signs (Delving's reading) -------------------------------------------------------------

SIGNS = """\
kind: procedure
id: signs
name: Signs
encounters: monsters
tables:
  monsters:
    dice: d6
    entries:
      1-3: {text: 2d6 zombies, id: zombies}
      4-6: {text: An ogre, id: ogre}
actions:
  look:
    effects:
      - encounter:
          sign: true
          then: ["It comes next."]
          else: ["Nothing is foretold."]
  meet:
    effects: [{encounter: true}]
"""


def _signs():
    from solo.rules.procedure_file import parse_procedure
    from solo.rules.yamlfile import load_yaml

    return World(parse_procedure(load_yaml(SIGNS, "signs.yaml")))


def test_the_creature_foretold_arrives_with_the_count_the_sign_showed():
    world = _signs()
    # the sign: d6 shows 1 (zombies), 2d6 shows 1 + 2 = 3; then the meeting rolls nothing
    state, events = _play(world, ["look"], rng=ScriptedRandom([1, 1, 2]))
    assert [e.text for e in events if isinstance(e, Encountered)] == ["3 zombies"]
    state, events = _play(world, ["meet"], state, ScriptedRandom([6, 6, 6]))
    met = [e for e in events if isinstance(e, Encountered)]
    assert [(e.text, e.status) for e in met] == [("3 zombies", "foreshadowed")]
    assert state.foreshadowed is None and state.foretold is None


def test_a_sign_of_a_struck_off_entry_foretells_nothing():
    world = _signs()
    state, _ = _play(world, ["strike monsters ogre"])
    state, events = _play(world, ["look"], state, ScriptedRandom([5]))
    encountered = [e for e in events if isinstance(e, Encountered)]
    assert [e.status for e in encountered] == ["struck-sign"]
    from solo.journal.notation import event_lines
    assert [str(line) for line in event_lines(encountered[0])] == [
        "=> No sign: An ogre was struck off, so nothing is foretold"]
    from solo.engine.events import Said
    said = [e.text for e in events if isinstance(e, Said)]
    assert said == ["Nothing is foretold."]
    assert state.foreshadowed is None


def test_a_second_sign_replaces_the_first_and_says_so():
    world = _signs()
    state, _ = _play(world, ["look"], rng=ScriptedRandom([4]))
    state, events = _play(world, ["look"], state, ScriptedRandom([1, 3, 3]))
    from solo.engine.events import Said
    said = [e.text for e in events if isinstance(e, Said)]
    assert said[0] == ("The earlier sign (An ogre) is superseded: the newer sign is what "
                       "comes next.")
    assert state.foretold == "6 zombies"


def test_status_shows_a_trackers_level_and_the_supplies(tmp_path):
    def play(name: str, stdin: str) -> str:
        run = run_here("new", str(tmp_path / f"{name}.md"), "--system",
                       str(EXAMPLES / f"{name}.yaml"), "--seed", "1", stdin=stdin, cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        return run.stdout

    assert "Alarm: 5/10 (Wary)" in play("alarm-levels", "set alarm 5\nstatus\n")
    shown = play("usage-dice", "light torch\nstatus\n")
    assert "Spare torches: 2" in shown and "Oil flasks: 1" in shown
