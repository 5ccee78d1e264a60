"""The party's named members: hit points and conditions kept in the state, reached by the
procedure's harm, heal, condition and members effects, named at the prompt (``Wren:
trap``), written as Lonelog ``[PC:…]`` tags; and supplies counted with ``supply``.

Played through the engine's public API and the line rule on docs/examples/party.yaml."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.events import Acted, MemberChanged, PartyChanged, Rolled
from solo.engine.requests import Act, Light
from solo.engine.state import Member, State, StateError
from solo.errors import UsageError
from solo.journal.notation import event_lines
from solo.play.line import parse_line
from solo.rules.catalog import load_world
from solo.rules.world import World
from tests.conftest import ScriptedRandom, perform_line

PARTY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "party.yaml"


@pytest.fixture(scope="module")
def world() -> World:
    return load_world(PARTY)


def _play(world, lines, state=None, rng=None, actor=None):
    state = state or engine.start(world, party=["Wren", "Brother Ott"])
    rng = rng or random.Random(1)
    events = []
    for line in lines:
        result = perform_line(world, state, line, rng, actor)
        state = result.state
        events.extend(result.events)
    return state, events


# -- members in the state ------------------------------------------------------------------

def test_named_members_start_at_the_procedures_hit_points(world):
    state = engine.start(world, party=["Wren", "Brother Ott"])
    assert [(m.name, m.hp, m.max_hp) for m in state.party] == [("Wren", 6, 6),
                                                             ("Brother Ott", 6, 6)]


def test_the_party_round_trips_through_the_snapshot(world):
    state, _ = _play(world, ["party add Cid hp 9 fatigue 1"])
    again = State.from_json(state.to_json())
    assert again.party == state.party
    assert again.member("cid") == Member("Cid", 9, 9, (("fatigue", 1),))


@pytest.mark.parametrize("party", [[{"name": ""}], [{"name": "X", "hp": -1, "max": 3}],
                                   [{"name": "X", "hp": 1, "max": 3, "c": [1]}], "Wren"])
def test_a_malformed_party_in_a_snapshot_is_refused_by_name(world, party):
    data = engine.start(world).to_json()
    data["party"] = party
    with pytest.raises(StateError, match="party"):
        State.from_json(data)


def test_party_add_and_remove(world):
    state, events = _play(world, ["party add Cid hp 5", "party remove wren"])
    assert [m.name for m in state.party] == ["Brother Ott", "Cid"]
    assert events[1] == PartyChanged("Cid", True, 5, 5, ())
    assert events[3] == PartyChanged("Wren", False, 6, 6, ())


@pytest.mark.parametrize("line, message", [
    ("party add wren", "already in the party"),
    ("party add Cid hp 0", "hp must be from 1"),
    ("party add Cid luck 3", "not kept per member"),
    ("party add Cid fatigue 7", "fatigue must be from 0 to 2"),
    ("party add Ci<d>", "cannot be a name"),
    ("party add hp 3", "the name comes first; 'hp' is kept per member"),
    ("party add Fatigue 1", "the name comes first; 'Fatigue' is kept per member"),
    ("party add Cid 5", "did you mean 'party add Cid hp 5'"),
    ("party add Cid hp 4 hp 6", "hp is given twice; give it once"),
    ("party set Wren fatigue 1 fatigue 2", "fatigue is given twice; give it once"),
    ("party set Wren 1", "did you mean 'party set Wren KEY 1'"),
    ("party remove Zed", "no one called 'Zed'"),
    ("party Cid", "add, set or remove, then the name"),
])
def test_party_commands_that_do_not_fit_are_refused(world, line, message):
    state = engine.start(world, party=["Wren"])
    with pytest.raises(UsageError, match=message):
        perform_line(world, state, line, random.Random(1))


# -- the effects that reach members ----------------------------------------------------------

def test_harm_reaches_only_the_actor_and_stops_at_zero(world):
    state = engine.start(world, party=["Wren", "Brother Ott"])
    state, events = _play(world, ["trap"], state, ScriptedRandom([6]), actor="Wren")
    assert state.member("Wren").hp == 0 and state.member("Brother Ott").hp == 6
    assert events[0] == Acted("trap", "Wren")
    changed = [e for e in events if isinstance(e, MemberChanged)]
    assert [(e.name, e.before, e.after) for e in changed] == [("Wren", 6, 0)]


def test_a_member_who_drops_to_zero_is_flagged_and_meets_the_procedures_down(world):
    state = engine.start(world, party=["Wren"])
    _, events = _play(world, ["trap"], state, ScriptedRandom([6]), actor="Wren")
    lines = [line for event in events for line in event_lines(event)]
    assert "=> Wren is down at 0 HP" in lines
    assert "(note: Wren falls: roll on your game's death table.)" in lines


def test_without_an_actor_harm_with_who_actor_reaches_every_member(world):
    state, _ = _play(world, ["trap"], rng=ScriptedRandom([2, 3]))
    assert [m.hp for m in state.party] == [4, 3]


def test_heal_stops_at_the_maximum_and_journals_no_empty_change(world):
    state = engine.start(world, party=["Wren", "Brother Ott"])
    hurt = replace(state, party=(Member("Wren", 5, 6), Member("Brother Ott", 6, 6)),
                   supplies={"rations": 3})
    healed, events = _play(world, ["rest"], hurt, ScriptedRandom([4, 4, 6]))
    assert [m.hp for m in healed.party] == [6, 6]
    changed = [e for e in events if isinstance(e, MemberChanged) and e.what == "hp"]
    assert [(e.name, e.before, e.after) for e in changed] == [("Wren", 5, 6)]
    assert [e.label for e in events if isinstance(e, Rolled)] == ["Healing for Wren",
                                                                  "Healing for Brother Ott"]


def test_members_runs_a_save_for_each_member_and_conditions_climb_their_ladder(world):
    # every 3rd turn: a d6 save per member, a failure (1-2) gains fatigue, which stops at 2
    state, events = _play(world, ["explore"] * 9, rng=ScriptedRandom([1, 6] * 3))
    assert state.member("Wren").conditions == (("fatigue", 2),)
    assert state.member("Brother Ott").conditions == ()
    marks = [e.marks for e in events if isinstance(e, MemberChanged)]
    assert marks == [("tired",), ("exhausted",)]  # the third failure is at the ladder's top


def test_the_save_fails_at_its_rate_for_every_member(world):
    """A d6 save needing 3+: each member fails a third of the time (4 sigma)."""
    rng = random.Random(20261121)
    fails = trials = 0
    state = engine.start(world, party=["A", "B", "C"])
    for _ in range(400):
        result = perform_line(world, replace(state, turn=2), "explore", rng)
        fails += sum(1 for e in result.events if isinstance(e, MemberChanged))
        trials += 3
    expected, sigma = trials / 3, (trials * (1 / 3) * (2 / 3)) ** 0.5
    assert abs(fails - expected) <= 4 * sigma


def test_party_effects_do_nothing_without_named_members(world):
    state, events = _play(world, ["explore"] * 3 + ["trap"], state=engine.start(world))
    assert not [e for e in events if isinstance(e, (MemberChanged, Rolled))]
    assert state.party == ()


def test_a_member_whose_condition_the_procedure_dropped_is_reconciled(world):
    state = replace(engine.start(world), party=(Member("Wren", 3, 6, (("luck", 2),)),))
    fixed, notices = engine.reconcile(world, state)
    assert fixed.party == (Member("Wren", 3, 6),)
    assert notices == ("Wren's conditions the procedure no longer counts: dropped",)


# -- supplies --------------------------------------------------------------------------------

def test_an_uncounted_supply_never_runs_out(world):
    state, _ = _play(world, ["light torch"] * 3)
    assert len(state.lights) == 3 and "torches" not in state.supplies


def test_supply_counts_it_and_running_out_is_refused(world):
    state, _ = _play(world, ["supply torch 1", "light torch"])
    assert state.supplies["torches"] == 0
    with pytest.raises(UsageError, match="no torches left to light a torch"):
        perform_line(world, state, "light torch", random.Random(1))


@pytest.mark.parametrize(("word", "supply"), [
    ("torches", "torches"), ("torch", "torches"), ("Torches", "torches"),
    ("ration", "rations"), ("rations", "rations"), ("oil", None), ("candle", None)])
def test_supply_knows_a_supply_by_its_name_singular_or_light(world, word, supply):
    assert engine.supply_named(world, word) == supply


def test_supply_adds_and_takes_with_a_sign(world):
    state, _ = _play(world, ["supply rations 5", "supply rations +2", "supply ration -3"])
    assert state.supplies["rations"] == 4
    with pytest.raises(UsageError, match="must stay from 0"):
        perform_line(world, state, "supply rations -5", random.Random(1))


# -- the line rule: 'Wren: trap' -------------------------------------------------------------

def test_a_members_name_and_colon_makes_the_command_theirs(world):
    state = engine.start(world, party=["Wren", "Brother Ott"])
    request = parse_line(world, state, "brother ott: trap").request
    assert isinstance(request, Act)
    assert (request.action, request.text, request.actor) == ("trap", "trap", "Brother Ott")


@pytest.mark.parametrize("line", ["Wren: I climb the wall", "Zed: trap", "Wren:",
                                  "Wren said: explore the hall"])
def test_other_lines_with_a_colon_stay_narration_as_typed(world, line):
    state = engine.start(world, party=["Wren"])
    parsed = parse_line(world, state, line)
    assert (parsed.kind, parsed.text, parsed.request) == ("narration", line, None)


def test_a_typo_after_a_name_is_caught_not_journaled(world):
    state = engine.start(world, party=["Wren"])
    with pytest.raises(UsageError, match="did you mean trap"):
        parse_line(world, state, "Wren: trp")


def test_a_tool_is_not_something_a_member_does_alone(world):
    state = engine.start(world, party=["Wren"])
    with pytest.raises(UsageError, match="not something Wren does alone"):
        parse_line(world, state, "Wren: roll d6")
    lit = parse_line(world, state, "Wren: light torch").request
    assert lit == Light("torch", text="light torch", actor="Wren")


def test_a_members_action_is_written_as_lonelog_writes_it():
    assert event_lines(Acted("search feature", "Wren")) == ["@(Wren) search feature"]
    assert event_lines(MemberChanged("Wren", "hp", "HP", 8, 6, "fatigue", 6, 8, ("tired",))) \
        == ["=> [PC:Wren|HP 6/8|tired] HP -2: fatigue"]
    assert event_lines(PartyChanged("Wr|en]", True, 8, 8)) == ["=> [PC:Wr/en)|HP 8/8] joins "
                                                                 "the party"]


# -- hurt and heal: what the rules leave to the player ---------------------------------------

def test_hurt_and_heal_reach_the_member_named_or_each_member(world):
    state, _ = _play(world, ["hurt 2"])
    state, events = _play(world, ["hurt 3"], state, actor="Wren")
    assert [m.hp for m in state.party] == [1, 4]
    assert [line for e in events for line in event_lines(e)] == [
        "=> [PC:Wren|HP 1/6] HP -3: hurt"]  # no '@' line: the tag says it all
    state, _ = _play(world, ["heal 9"], state)
    assert [m.hp for m in state.party] == [6, 6]


def test_hurt_without_a_party_or_a_number_is_refused(world):
    with pytest.raises(UsageError, match="no one is named in the party"):
        perform_line(world, engine.start(world), "hurt 2", random.Random(1))
    state = engine.start(world, party=["Wren"])
    for line in ("hurt", "hurt 0", "heal two"):
        with pytest.raises(UsageError):
            parse_line(world, state, line)

