"""What solo check refuses before play, the limits play keeps, a state from an edited
procedure fitted by reconcile, hand-edited snapshots refused with a clear message, and
solo simulate with a set-up and a script."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.simulate import simulate
from solo.engine.state import Light, State, StateError
from solo.errors import RulesError, SoloError, UsageError
from solo.rules.catalog import load_world
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import perform_line
from tests.fake_env import run_here

BASE = """\
kind: procedure
id: limits
name: Limits
trackers:
  tension: {min: 0, max: 10}
  count: {start: 2}
settings: {pace: slow, bonus: 0}
lights:
  torch: {turns: 6}
tables:
  monsters:
    dice: d6
    entries:
      1-3: 1d4 rats
      4-6: An ogre
actions:
  explore:
    time: 1
"""


def _load(extra: str, base: str = BASE):
    return parse_procedure(load_yaml(base + extra, "p.yaml"))


def _world(extra: str = "", base: str = BASE) -> World:
    return World(_load(extra, base))


# -- solo check: what it refuses, with file and line ----------------------------------

@pytest.mark.parametrize("extra, line, message", [
    # misspelt keys in clock, lights and args
    ("clock: {unit: turn, minuts: 10}\n", 18, "clock.minuts: unknown key"),
    ("  rest:\n    time: 1\n    args: [{name: n, dfault: 1}]\n", 18, "dfault: unknown key"),
    # then/else/reason beside effects that ignore them
    ("  wait:\n    effects:\n      - say: hi\n        then: [bye]\n", 20, "'then:' does nothing"),
    ("  wait:\n    effects:\n      - check: {dice: d6, success: 'roll > 3'}\n"
     "        else: [bye]\n", 20, "it belongs inside 'check:'"),
    ("  wait:\n    effects:\n      - say: hi\n        reason: why\n", 20,
     "'reason:' does nothing beside 'say:'"),
    # a word where a number belongs
    ("  wait:\n    effects:\n      - adjust: {tension: \"'high'\"}\n", 19,
     "adjust needs a number"),
    ("  wait:\n    effects:\n      - let: {x: \"tension + 'a'\"}\n", 19,
     "'+' adds a number to a word"),
    ("  wait:\n    effects:\n      - let: {x: \"min('a', 1)\"}\n", 19,
     "min() mixes numbers and words"),
    ("  wait:\n    effects:\n      - let: {x: \"pace * 3\"}\n", 19, "'*' needs numbers"),
    ("  wait:\n    time: pace\n", 18, "time needs a whole number"),
    ("  wait:\n    effects:\n      - when: \"pace > 2\"\n        say: hi\n", 19,
     "compares a number with a word"),
    # an outcome written as a template
    ("  wait:\n    effects:\n      - outcome: '{pace}'\n", 19, "not a template"),
    # times no command may take
    ("  wait:\n    time: 1000000000\n", 18, "one command may take 0 to 1000 turns"),
    ("  wait:\n    time: n\n    args: [{name: n}]\n", 18, "argument 'n', which has no max"),
    # routine parameters
    ("  wait:\n    effects:\n      - do: {routine: r, with: {b: 1}}\nroutines:\n"
     "  r: {params: {a: 1}, effects: [hi]}\n", 19, "has no parameter 'b'"),
    ("  wait:\n    effects:\n      - do: r\nroutines:\n  r: {params: {a: null}, effects: [hi]}\n",
     19, "routine 'r' needs 'a'"),
    # light and supply keys
    ("  wait:\n    effects:\n      - supply: {oil: 1}\n", 19, "no supply named 'oil'"),
    ("  wait:\n    effects:\n      - light: {do: light}\n", 19, "needs the one kind"),
    ("  wait:\n    effects:\n      - light: {do: dim, doused: true}\n", 19,
     "true only with 'do: out'"),
    ("  wait:\n    effects:\n      - ask: {question: Is it?, odds: 'somewhat likely'}\n", 19,
     "not odds every oracle style knows"),
    # a table modifier naming a tracker that does not exist
    ("  more:\n    dice: d6\n    plus: tensoin\n    entries: {1-6: x}\n", 17,
     "unknown name 'tensoin'"),
])
def test_check_refuses_with_file_line_and_reason(extra, line, message):
    if extra.startswith("  more:"):
        text = BASE.replace("actions:\n", extra + "actions:\n")
        extra = ""
    else:
        text = BASE
    with pytest.raises(RulesError) as caught:
        _load(extra, text)
    assert message in str(caught.value)
    assert str(caught.value).startswith("p.yaml:")


def test_a_shared_tables_modifier_naming_a_missing_tracker_is_refused(tmp_path):
    tables = tmp_path / "t.yaml"
    tables.write_text("kind: tables\ntables:\n  shared:\n    dice: d6\n    plus: alarm\n"
                      "    entries: {1-6: x}\n")
    procedure = tmp_path / "p.yaml"
    procedure.write_text(BASE + "  roll-it:\n    effects: [{table: shared}]\n")
    # tables files are only read from oracles/ folders: install it there
    oracles = tmp_path / "c" / "solo" / "oracles"
    oracles.mkdir(parents=True)
    (oracles / "t.yaml").write_text(tables.read_text())
    result = run_here("check", str(procedure), cwd=tmp_path,
                      env={"XDG_CONFIG_HOME": str(tmp_path / "c")})
    assert result.returncode == 1
    assert "table 'shared' adds 'alarm', but this procedure has no 'alarm'" in result.stderr
    assert result.stderr.count("\n") == 1


def test_deep_nesting_is_a_located_error_not_a_crash():
    with pytest.raises(RulesError, match="nested more than 100 levels"):
        load_yaml("a: " + "[" * 20000 + "]" * 20000, "deep.yaml")
    with pytest.raises(RulesError, match="nested more than 100 levels"):
        load_yaml("a:\n" + "".join("  " * depth + "- \n" for depth in range(3000)), "d.yaml")


# -- limits kept in play ---------------------------------------------------------------

def test_a_value_squared_every_turn_stops_with_a_clear_error():
    world = _world("each_turn: [{set: {count: 'count * count'}}]\n")
    state = engine.start(world)
    with pytest.raises(SoloError, match="count would be out of range"):
        for _ in range(10):
            state = perform_line(world, state, "explore", random.Random(1)).state
    assert state.values["count"] == 2 ** 32  # the last value that fitted, kept


def test_a_word_is_never_repeated():
    from solo.rules.expr import ExprError, compile_expr

    with pytest.raises(ExprError, match="a word cannot be multiplied"):
        compile_expr("x * 1500000000").evaluate({"x": "a"})


def test_a_string_doubled_in_recursion_stops_at_the_text_limit():
    world = _world("  shout:\n    effects: [{let: {x: \"'ab'\"}}, {do: grow}]\n"
                   "routines:\n  grow: [{let: {x: 'x + x'}}, {do: grow}]\n")
    with pytest.raises(SoloError, match="characters long; the limit is 10,000"):
        perform_line(world, engine.start(world), "shout", random.Random(1))


def test_adjusting_by_a_word_at_run_time_is_a_clear_error():
    # a parameter with no default may be given anything: play refuses a word in one line
    world = _world("  push:\n    effects: [{do: {routine: r, with: {by: \"'hard'\"}}}]\n"
                   "routines:\n  r: {params: {by: null}, effects: [{adjust: {tension: by}}]}\n")
    state = engine.start(world)
    with pytest.raises(SoloError, match="adjusting tension needs a whole number, not 'hard'"):
        perform_line(world, state, "push", random.Random(1))


def test_huge_numbers_typed_at_the_prompt_are_refused_in_one_line():
    world = load_world("d12-tension")
    state = engine.start(world)
    for line in ("strike d12-encounters " + "9" * 5000, "set tension +" + "9" * 5000,
                 "enter " + "9" * 5000, "chaos " + "9" * 5000):
        with pytest.raises(UsageError) as caught:
            perform_line(world, state, line, random.Random(1))
        assert len(str(caught.value)) < 200 and "\n" not in str(caught.value)
    state = perform_line(world, state, "set tension +999999999999999", random.Random(1)).state
    state = perform_line(world, state, "set tension +999999999999999", random.Random(1)).state
    assert state.values["tension"] == 10  # clamped to its max


def test_an_unbounded_tracker_stops_at_the_limit():
    world = _world()
    state = perform_line(world, engine.start(world), "set count 999999999999999",
                           random.Random(1)).state
    with pytest.raises(UsageError, match="cannot go past"):
        perform_line(world, state, "set count +999999999999999", random.Random(1))


# -- hand-edited snapshots -------------------------------------------------------------

def _snapshot(**changes):
    data = State(values={"tension": 3, "pace": "slow"}).to_json()
    data.update(changes)
    return data


@pytest.mark.parametrize("data, message", [
    (_snapshot(values={"tension": float("inf")}), "values.tension is not a finite number"),
    (_snapshot(values={"tension": 1.5}), "values.tension is not a whole number"),
    (_snapshot(values={"tension": 10 ** 5000}), "values.tension is out of range"),
    (_snapshot(values={"tension": [1]}), "values.tension must be a number"),
    (_snapshot(turn=-3), "'turn' must not be negative"),
    (_snapshot(turn="ten"), "'turn' must be a whole number"),
    (_snapshot(lights=[["torch", 0, False]]), "torch has 0 turns left"),
    (_snapshot(lights=[["torch", None, False, 10 ** 9]]), "more than 10,000 sources"),
    (_snapshot(struck={"t": [-1]}), "'struck.t' must not be negative"),
    (_snapshot(foreshadowed=["t"]), "'foreshadowed' must be [table, entry]"),
    ({"v": 1}, "snapshot has no"),
])
def test_malformed_snapshots_are_refused_naming_the_entry(data, message):
    with pytest.raises(StateError, match=None) as caught:
        State.from_json(data)
    assert message in str(caught.value)


def test_a_snapshot_round_trips_with_grouped_lights_doused_sources_and_supplies():
    state = State(values={"tension": 2}, lights=(Light("torch", 3), Light("torch", 3),
                                                  Light("torch", 2, True, "d6")),
                  doused=(Light("lantern", 17),), supplies={"oil": 2}, foretold="3 zombies")
    data = state.to_json()
    assert data["lights"] == [["torch", 3, False, 2], ["torch", 2, True, 1, "d6"]]
    assert State.from_json(data) == state


# -- reconcile: a procedure edited between sessions ------------------------------------

def test_reconcile_fits_a_state_to_an_edited_procedure():
    world = load_world("d12-tension")
    table = world.table("d12-encounters")
    assert table is not None
    old = State(
        values={**engine.start(world).values, "tension": "high", "lurking": 3,
                "chaos": 12},
        lights=(Light("torch", 3), Light("glowworm", 2)), doused=(Light("glowworm", 1),),
        struck={"d12-encounters": (0, 999), "gone-table": (1,)},
        foreshadowed=("d12-encounters", 999), foretold="x",
        last_encounter=("gone-table", 2), supplies={"oil": 3})
    state, notices = engine.reconcile(world, old)
    assert state.values["tension"] == 0
    assert state.values["chaos"] == 5
    assert [light.kind for light in state.lights] == ["torch"] and state.doused == ()
    assert state.struck == {"d12-encounters": (0,)}
    assert state.foreshadowed is None and state.foretold is None
    assert state.last_encounter is None and state.supplies == {}
    assert len(notices) == 9, notices
    assert any("Tension held 'high'" in notice for notice in notices)
    assert any("glowworm" in notice for notice in notices)
    # the fitted state plays on: strike, the status and the next turn
    for line in ("strike", "enter 2"):
        try:
            state = perform_line(world, state, line, random.Random(2)).state
        except UsageError:
            pass
    assert engine.reconcile(world, state)[1] == ()


@pytest.mark.parametrize(("saved", "played", "told"), [
    ("IRONSWORN", "ironsworn", False), ("Opse", "opse", False), ("tarot", "mythic", True),
    ("", "mythic", True)])
def test_reconcile_plays_a_style_saved_in_another_case_as_that_style(saved, played, told):
    world = load_world("delving")
    old = replace(engine.start(world), values={**engine.start(world).values, "oracle": saved})
    state, notices = engine.reconcile(world, old)
    assert state.values["oracle"] == played
    assert bool(notices) == told and all("is unknown: back to mythic" in n for n in notices)

def test_reconcile_resets_a_setting_whose_type_changed_and_adds_new_ones():
    world = load_world("exploration")
    values = dict(engine.start(world).values)
    name, default = next(iter(world.procedure.settings.items()))
    values[name] = 7 if isinstance(default, str) else "seven"
    del values[next(iter(world.procedure.trackers))]
    state, notices = engine.reconcile(world, State(values=values))
    assert state.values == engine.start(world).values
    tracker = world.procedure.trackers[next(iter(world.procedure.trackers))]
    assert notices == (f"the procedure has a new tracker, {tracker.label}: it starts at "
                       f"{tracker.start}", notices[1])
    assert f"setting {name} was" in notices[1]


def test_resume_after_the_procedure_was_edited_tells_what_changed(tmp_path):
    procedure = tmp_path / "p.yaml"
    procedure.write_text(BASE.replace("  torch: {turns: 6}", "  torch: {turns: 6}\n"
                                      "  lamp: {turns: 9}"))
    journal = tmp_path / "j.md"

    def solo(*args, stdin=""):
        return run_here(*args, cwd=tmp_path, stdin=stdin)

    result = solo("new", str(journal), "--system", str(procedure), "--seed", "1",
                  stdin="light lamp\nset tension 7\nexplore\n")
    assert result.returncode == 0, result.stderr
    procedure.write_text(BASE.replace("tension: {min: 0, max: 10}", "tension: {min: 0, max: 5}"))
    result = solo("play", str(journal), stdin="explore\nstatus\n")
    assert result.returncode == 0, result.stderr
    assert "lamp" in result.stdout + result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr


# -- simulate with a set-up and a script -------------------------------------------------

def test_simulate_plays_a_setup_then_a_script_in_a_cycle_and_counts_refusals():
    world = load_world("trespasser")
    result = simulate(world, 300, 4, setup=["light torch"],
                      script=["advance", "hide success 1", "douse lantern"])
    assert result.setup == ("light torch",)
    assert result.action == "advance / hide success 1 / douse lantern"
    assert result.turns == 300 and result.commands == 449
    assert result.outcomes["hidden"] == 150  # every second round of the cycle
    assert result.refusals == {"douse lantern": 149}  # no lantern is ever lit


def test_simulate_counts_refusals_instead_of_stopping():
    world = _world("  rest:\n    time: 1\n    allowed: 'tension > 0'\n    refusal: not now\n")
    result = simulate(world, 100, 1, script=["rest", "explore"])
    assert result.refusals == {"rest": 100}
    assert result.turns == 100 and result.commands == 200


def test_simulate_counts_each_turn_of_a_multi_turn_action():
    world = _world("  camp:\n    time: 3\n"
                   "each_turn: [{outcome: quiet, when: 'turn % 2 == 0'}]\n")
    result = simulate(world, 300, 1, "camp")
    assert result.outcomes == {"quiet": 150}
    assert result.quiet_turns == 150 and result.commands == 100


def test_simulate_refuses_an_unknown_command_in_the_script():
    with pytest.raises(UsageError, match="unknown command 'dance'"):
        simulate(_world(), 10, 1, script=["explore", "dance"])


def test_the_simulate_command_line_takes_setup_and_several_actions(tmp_path):
    examples = Path(__file__).resolve().parents[2] / "docs" / "examples"
    result = run_here("simulate", "--system", str(examples / "usage-dice.yaml"), "--turns",
                      "200", "--setup", "light lantern", "--action", "explore", "--action",
                      "refill", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    import json
    data = json.loads(result.stdout)
    assert data["setup"] == ["light lantern"] and data["turns"] == 200
    assert data["refusals"]["refill"] >= 99  # one flask of oil, then refused


def test_the_engine_state_stays_consistent_after_replace():
    state = engine.start(_world())
    assert replace(state, turn=3).turn == 3


def test_events_of_different_types_never_compare_equal():
    from solo.engine.events import Acted, ActedNote, RoomChanged, Said, Struck

    assert Said("x") == Said("x") and hash(Said("x")) == hash(Said("x"))
    assert Said("x") != Acted("x") and Said("x") != ("x",)
    assert Struck("t", "x") != ("t", "x")
    assert len({Said("x"), Acted("x")}) == 2
    assert Acted("x") != ActedNote("x")  # shown otherwise in the journal
    assert RoomChanged("R1", "new") != ("R1", "new", (), "", ())
    assert Said("x").__struct_fields__ == ("text",)  # the journal records them by field names


@pytest.mark.parametrize("system", ["d12-tension", "delving", "exploration", "trespasser",
                                    "dungeon-turn"])
def test_no_typed_line_of_huge_numbers_or_words_crashes_or_floods_the_screen(system):
    world = load_world(system)
    state = engine.start(world)
    big, word = "9" * 5000, "x" * 5000
    lines = [f"roll {big}d6", f"roll d{big}", f"roll 2d6+{big}", f"chaos {big}",
             f"table {big}", f"strike {big} {big}", f"light {big}", f"ask Is it? {big}",
             f"oracle {big}", f"set chaos {big}", f"set {big} 1", big, word]
    for action in world.procedure.actions:
        lines += [f"{action} {big}", f"{action} x={big}", f"{action} -{big}", f"{action} {word}"]
    lines += [f"set {name} {big}" for name in world.procedure.settings]
    lines += [f"set {name} -{big}" for name in world.procedure.trackers]
    for line in lines:
        try:
            perform_line(world, state, line, random.Random(1))
        except SoloError as error:
            assert len(str(error)) < 400 and "\n" not in str(error), line[:30]


def test_every_builtin_name_solo_check_knows_is_one_play_can_read():
    from solo.engine.interpreter import Run
    from solo.rules.validate import BUILTIN_TYPES

    world = _world()
    run = Run(world.procedure, {}, engine.start(world), random.Random(1))
    contextual = {"roll", "natural", "source", "die", "answer"}  # bound by a check or ask
    for name in set(BUILTIN_TYPES) - contextual:
        run.scope[name]  # noqa: B018 - raises KeyError if play cannot read it
    # the engine's commands each reach a handler: tests/engine/test_command_handlers.py
