"""The pure engine, on a small procedure written for these tests."""

import random

import pytest

from solo.engine import core as engine
from solo.engine.events import Encountered, LightChanged, TrackerChanged, TurnPassed
from solo.errors import UsageError
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import ScriptedRandom, perform_line

PROCEDURE = """\
kind: procedure
id: test-crawl
name: Test crawl
danger: alarm
encounters: monsters
trackers:
  alarm: {label: Alarm, min: 0, max: 5, notation: Clock}
  fatigue_due: {min: 0, max: 1, shown: false}
settings: {pace: slow}
lights:
  torch: {turns: 3, level: bright}
  candle: {turns: null, level: dim}
tables:
  monsters:
    dice: d6
    entries:
      1-2: {text: 1d4 rats, id: rats}
      3-4: {text: An ogre, id: ogre}
      5-6: {text: A ghost, id: ghost}
  hazard:
    dice: d6
    entries:
      1: {id: encounter, text: Encounter, effects: [{encounter: {else: [{outcome: nobody}]}}]}
      2: {id: sign, text: Sign, effects: [{encounter: {sign: true}}]}
      3: {id: tired, text: Tired, effects: [{set: {fatigue_due: 1}, when: "not resting"}]}
      4-6: {id: quiet, text: Quiet}
on_action:
  - if: "fatigue_due == 1 and not resting"
    then: [{adjust: {alarm: 1}, reason: pushed on tired}, {set: {fatigue_due: 0}}]
each_turn:
  - table: {name: hazard, outcome: true}
  - outcome: early
    when: "turn <= 1"
actions:
  advance:
    time: 1
    args:
      - {name: doors, min: 0, max: 9, default: 1}
      - {name: pace, choices: {slow: {metres: 10}, fast: {metres: 50}}, default: slow}
    effects:
      - adjust: {alarm: doors}
        reason: "{metres} m through {doors} doors"
  rest: {time: 1, resting: true}
  camp:
    time: 3
    effects: [{say: "{lit_torch} torches and {lit_candle} candles burn"}]
  search:
    time: "2 if light == 'dim' else 1"
    allowed: "light != 'dark'"
    refusal: You cannot search in the dark.
  shout:
    group: event
    effects: [{adjust: {alarm: 9}, reason: shouting}]
"""


@pytest.fixture
def world():
    return World(parse_procedure(load_yaml(PROCEDURE, "test.yaml")))


def play(world, state, line, faces=()):
    return perform_line(world, state, line, ScriptedRandom(faces))


def test_start_state_has_trackers_settings_and_oracle(world):
    state = engine.start(world)
    assert state.values == {"alarm": 0, "fatigue_due": 0, "pace": "slow", "chaos": 5,
                            "oracle": "mythic"}
    assert state.turn == 0 and state.step == 0


def test_arguments_by_position_choice_word_and_name(world):
    state = engine.start(world)
    result = play(world, state, "advance fast 2", faces=[6])
    change = [e for e in result.events if isinstance(e, TrackerChanged)][0]
    assert (change.before, change.after, change.reason) == (0, 2, "50 m through 2 doors")
    result = play(world, state, "advance doors=3", faces=[6])
    assert result.state.values["alarm"] == 3


@pytest.mark.parametrize("line, message", [
    ("advance 10", "at most 9"), ("advance -1", "at least 0"), ("advance x", "whole number"),
    ("advance 1 2", "does not understand"), ("advance speed=3", "no argument 'speed'"),
    ("dance", "unknown command"), ("search", "cannot search in the dark"),
])
def test_bad_commands_change_nothing(world, line, message):
    state = engine.start(world)
    with pytest.raises(UsageError, match=message):
        play(world, state, line)


def test_trackers_clamp_at_their_bounds(world):
    state = play(world, engine.start(world), "shout").state
    assert state.values["alarm"] == 5


def test_turns_pass_run_each_turn_and_record_outcomes(world):
    state = engine.start(world)
    first = play(world, state, "advance 0", faces=[4])
    assert [e.turn for e in first.events if isinstance(e, TurnPassed)] == [1]
    assert first.outcomes == ("early",)  # the 'outcome' effect overrides during turn 1
    second = play(world, first.state, "advance 0", faces=[5])
    assert second.outcomes == ("quiet",)


def test_lights_burn_down_and_go_out(world):
    state = play(world, engine.start(world), "light torch").state
    assert state.lights[0].remaining == 3
    for _ in range(2):
        state = play(world, state, "advance 0", faces=[6]).state
    assert state.lights[0].remaining == 1
    result = play(world, state, "advance 0", faces=[6])
    assert result.state.lights == ()
    assert any(isinstance(e, LightChanged) and e.after == "burnt out" for e in result.events)


def test_search_takes_two_turns_in_dim_light(world):
    state = play(world, engine.start(world), "light candle").state
    assert play(world, state, "search", faces=[6, 6]).state.turn == 2
    state = play(world, state, "light torch").state
    assert play(world, state, "search", faces=[6]).state.turn == 1


def test_pending_fatigue_resolves_on_the_next_action(world):
    state = play(world, engine.start(world), "advance 0", faces=[3]).state
    assert state.values["fatigue_due"] == 1
    pushed = play(world, state, "advance 0", faces=[6]).state
    assert pushed.values == {**state.values, "alarm": 1, "fatigue_due": 0}
    rested = play(world, state, "rest", faces=[6]).state
    assert rested.values["alarm"] == 0 and rested.values["fatigue_due"] == 1


def test_sign_foreshadows_the_next_encounter(world):
    state = play(world, engine.start(world), "advance 0", faces=[2, 3]).state  # sign: ogre
    assert state.foreshadowed == ("monsters", 1)
    result = play(world, state, "advance 0", faces=[1])  # the hazard says encounter
    met = [e for e in result.events if isinstance(e, Encountered)]
    assert [(e.status, e.text) for e in met] == [("foreshadowed", "An ogre")]
    assert result.state.encounters == 1 and result.state.foreshadowed is None


def test_struck_encounters_mean_no_encounter(world):
    state = play(world, engine.start(world), "advance 0", faces=[1, 3]).state  # meet the ogre
    assert state.encounters == 1
    state = play(world, state, "strike").state
    assert state.struck == {"monsters": (1,)}
    result = play(world, state, "advance 0", faces=[1, 4])  # the ogre again
    assert [e.status for e in result.events if isinstance(e, Encountered)] == ["struck"]
    assert result.outcomes == ("nobody",)  # the encounter's 'else' branch ran
    assert result.state.encounters == 1


def test_same_seed_same_events_and_global_random_untouched(world):
    random.seed(99)
    expected_next = random.random()
    random.seed(99)
    state = engine.start(world)
    runs = [perform_line(world, state, "advance 2", random.Random(5)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert random.random() == expected_next


def test_set_moves_trackers_and_settings(world):
    state = play(world, engine.start(world), "set alarm +2").state
    assert state.values["alarm"] == 2
    state = play(world, state, "set pace fast").state
    assert state.values["pace"] == "fast"
    with pytest.raises(UsageError, match="nothing named 'speed'"):
        play(world, state, "set speed 3")


def test_state_round_trips_through_json(world):
    state = play(world, engine.start(world), "light torch").state
    state = play(world, state, "advance 0", faces=[2, 3]).state
    from solo.engine.state import State

    assert State.from_json(state.to_json()) == state


def test_an_outcome_effect_names_only_its_own_turn(world):
    result = play(world, engine.start(world), "camp", faces=[5, 6, 4])
    assert result.outcomes == ("early", "quiet", "quiet")  # turn 1 is 'early', 2 and 3 not


def test_lit_sources_are_counted_by_kind(world):
    state = play(world, engine.start(world), "light torch").state
    state = play(world, state, "light torch").state
    result = play(world, state, "camp", faces=[6, 6, 6])
    from solo.engine.events import Said

    assert [e.text for e in result.events if isinstance(e, Said)] == [
        "2 torches and 0 candles burn"]


def test_light_sources_keep_their_order_through_a_snapshot():
    from solo.engine.state import Light, State

    lights = (Light("candle", 48), Light("lantern", None), Light("candle", 48),
              Light("candle", 48))
    state = State(lights=lights)
    assert State.from_json(state.to_json()).lights == lights
    assert len(state.to_json()["lights"]) == 3  # the last two candles share a row
