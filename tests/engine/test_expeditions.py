"""Expeditions in the engine (issue 38): leave, wait N, return and buy, and what each seed's
between: block makes of the days outside."""

from __future__ import annotations

import random

import pytest

from solo.engine.events import Checked, LightChanged, Rolled, Said
from solo.engine.state import State
from solo.errors import UsageError

QUIET = 6           # a hazard face that does nothing (Dungeon Turn, after the quiet turns too)
CALM = [1, 12]      # D12: a room entered again with no event and no encounter


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def _d12_in_three_rooms(crawl, party=("Wren",)):
    """A D12 crawl three rooms deep (R1 the way out), a torch lit, Tension 3, goblins
    struck off."""
    c = crawl("d12-tension", party=party)
    c.do("light torch")
    for _ in range(3):
        c.do("enter 2", faces=CALM)
    c.do("combat")
    c.do("noise")
    c.do("strike d12-encounters goblin-band")
    return c


# -- D12 ---------------------------------------------------------------------------------------

def test_d12_leave_walks_the_known_way_out_and_ends_the_expedition(crawl):
    c = _d12_in_three_rooms(crawl)
    assert c.state.dungeon.here == "R3" and c.state.trip.away is None
    result = c.do("leave", faces=CALM * 2)
    assert c.state.dungeon.here == "R1" == c.state.dungeon.way_out
    assert c.state.trip.away == 0 and c.state.lights == ()
    assert [e.how for e in result.events if isinstance(e, LightChanged)] == ["doused"]
    assert [light.kind for light in c.state.doused] == ["torch"]  # kept for later
    assert "Expedition 1 is over: 5 turns (0:50), 3 rooms known (3 new)" in _said(result)
    # what is kept: the map, the struck-off goblins, Tension (a week has not passed)
    assert len(c.state.dungeon.rooms) == 3 and c.state.struck
    assert c.value("tension") == 3


def test_d12_stepping_out_and_straight_back_changes_nothing(crawl):
    c = _d12_in_three_rooms(crawl)
    c.do("leave", faces=CALM * 2)
    struck = dict(c.state.struck)
    c.do("return")
    assert c.value("tension") == 3 and c.state.struck == struck
    assert c.state.trip.number == 2 and c.state.trip.away is None
    assert c.state.dungeon.here == "R1"


def test_d12_a_week_away_resets_tension_and_rolls_for_each_struck_encounter(crawl):
    c = _d12_in_three_rooms(crawl)
    c.do("strike d12-encounters goblin-pack")
    c.do("leave", faces=CALM * 2)
    result = c.do("wait 6")
    assert c.value("tension") == 3 and not [e for e in result.events
                                            if isinstance(e, (Rolled, Checked))]
    result = c.do("wait 1", faces=[4, 3])       # the first back (4-6), the second not
    assert c.value("tension") == 0
    rolls = [e for e in result.events if isinstance(e, Checked)]  # (each with its outcome)
    assert [(roll.total, roll.success) for roll in rolls] == [(4, True), (3, False)]
    assert all("d6" in str(roll.roll.text) for roll in rolls)
    assert c.state.struck == {"d12-encounters": (2,)}
    assert "back on the table" in _said(result)
    result = c.do("wait 14")                     # one week's reckoning, not two
    assert not [e for e in result.events if isinstance(e, (Rolled, Checked))]
    c.do("return")
    assert c.state.trip.number == 2 and c.value("tension") == 0


def test_d12_each_struck_encounter_comes_back_half_the_time():
    from tests.conftest import Crawl
    rng = random.Random(38)
    back = rolls = 0
    for _ in range(300):
        c = Crawl("d12-tension")
        c.state = State(values=c.state.values, struck={"d12-encounters": (0, 1, 2, 3, 4)},
                        trip=c.state.trip.__class__(away=0))
        c.do("wait 7", rng=rng)
        rolls += 5
        back += 5 - len(c.state.struck.get("d12-encounters", ()))
    assert abs(back / rolls - 0.5) < 4 * (0.25 / rolls) ** 0.5


def test_the_party_returns_as_it_left(crawl):
    c = _d12_in_three_rooms(crawl, party=("Wren", "Ott"))
    c.do("supply torch 2")
    c.do("hurt 3", actor="Wren")
    c.do("leave", faces=CALM * 2)
    c.do("wait 3")
    c.do("buy torch 2")
    c.do("return")
    assert {m.name: m.hp for m in c.state.party} == {"Wren": 5, "Ott": 8}
    assert c.state.supplies["torches"] == 4
    assert c.state.lights == ()                   # doused as the party left, and kept
    c.do("light torch")
    assert c.state.supplies["torches"] == 4 and c.state.doused == ()
    c.do("light torch")                           # a second one is a fresh one
    assert c.state.supplies["torches"] == 3


# -- Dungeon Turn -------------------------------------------------------------------------------

def test_dungeon_turn_leave_roll_ends_the_delve_whatever_its_roll(crawl):
    for roll in (20, 1):
        c = crawl("dungeon-turn")
        c.do("light torch")
        c.do("leave 0 0 arduous", faces=[roll])
        assert c.state.trip.away == 0 and c.state.lights == ()


def test_dungeon_turn_a_day_at_camp_heals_and_the_new_delve_is_quiet_again(crawl):
    c = crawl("dungeon-turn", party=("Wren",))
    for _ in range(8):
        c.do("explore", faces=[QUIET])
    c.do("explore", faces=[2])                       # fatigue due
    c.do("explore", faces=[QUIET])                   # not rested: tired
    c.do("hurt 5", actor="Wren")
    assert c.state.party[0].hp == 3 and c.state.party[0].condition("fatigue") == 1
    c.do("leave 1 1 arduous", faces=[20])
    c.do("wait 1")
    wren = c.state.party[0]
    assert (wren.hp, wren.condition("fatigue"), c.value("fatigue")) == (8, 0, 0)
    c.do("return")
    for turn in range(1, 7):                          # the delve's first 6 turns: 4-6 quiet
        result = c.do("explore", faces=[5])
        assert result.outcomes == ("free",), turn
    result = c.do("explore", faces=[5])
    assert result.outcomes == ("depletion",)


def test_dungeon_turn_stepping_straight_back_in_heals_nothing(crawl):
    c = crawl("dungeon-turn", party=("Wren",))
    c.do("hurt 5", actor="Wren")
    c.do("leave 0 0 arduous", faces=[20])
    c.do("return")
    assert c.state.party[0].hp == 3


# -- Delving and Exploration --------------------------------------------------------------------

@pytest.mark.parametrize("system, light, supply, kept", [
    ("delving", "candle", "candles", False),       # it lasts an expedition (seed 001)
    ("exploration", "torch", "torches", True)])    # doused and kept, with its turns
def test_lights_and_fatigue_reset_and_bought_supplies_are_counted(crawl, system, light,
                                                                   supply, kept):
    c = crawl(system)
    c.do(f"supply {supply} 2")
    c.do(f"light {light}")
    c.do("enter", seed=1)
    c.do("set fatigue 2")
    burning = c.state.lights
    c.do("leave", seed=1)
    assert c.state.trip.away == 0 and c.state.lights == ()
    assert c.state.doused == (burning if kept else ())
    c.do("wait 1")
    assert c.value("fatigue") == 0
    c.do(f"buy {supply} 3")
    assert c.state.supplies[supply] == 4
    c.do("return")
    c.do(f"light {light}")
    assert c.state.supplies[supply] == 4 - (not kept) and c.state.lights[0].kind == light
    assert (c.state.lights == burning) == kept  # (the walk out burnt no turn of it here)


def test_a_source_doused_before_leaving_keeps_what_it_had(crawl):
    """Exploration's lantern, doused in the dungeon, is the one lit after the trip, with
    the turns it had: the only flask of oil was spent lighting it."""
    c = crawl("exploration")
    c.do("supply oil 1")
    c.do("light lantern")
    c.do("enter", seed=1)
    c.do("explore", seed=1)
    c.do("douse lantern")
    kept = c.state.doused
    assert kept[0].remaining is not None and 0 < kept[0].remaining < 36
    c.do("leave", seed=1)
    c.do("wait 2")
    c.do("return")
    assert c.state.doused == kept
    c.do("light lantern")
    assert c.state.lights == kept and c.state.supplies["oil"] == 0


def test_delving_spends_candles_and_lanterns_at_the_leave_and_keeps_torches(crawl):
    """Candles and lanterns last an expedition (seed 001): those lit go out as the party
    leaves (the journal says spent), and so do those doused in the dungeon; a torch, lit
    or doused, is kept."""
    c = crawl("delving")
    for line in ("light candle", "light candle", "douse candle", "light torch",
                 "light torch", "douse torch", "light lantern", "enter"):
        c.do(line, seed=1)
    doused_torch = c.state.doused[1]
    result = c.do("leave", seed=1)
    went = [(e.kind, e.before == "doused", e.how) for e in result.events
            if isinstance(e, LightChanged)]
    assert went == [("candle", False, "burnt"), ("lantern", False, "burnt"),
                    ("candle", True, "burnt"), ("torch", False, "doused")]
    assert [light.kind for light in c.state.doused] == ["torch", "torch"]
    assert c.state.doused[0] == doused_torch and c.state.lights == ()


def test_a_delving_lantern_doused_before_the_leave_lasts_no_longer_than_the_expedition(crawl):
    """The lantern doused just before ``leave`` is not lit again, free and without limit,
    on the next expedition: lighting one takes a candle from the supplies."""
    c = crawl("delving")
    c.do("supply candles 3")
    for line in ("light lantern", "enter", "douse lantern", "leave", "return"):
        c.do(line, seed=1)
    assert c.state.doused == () and c.state.supplies["candles"] == 2
    c.do("light lantern")
    assert c.state.supplies["candles"] == 1


# -- bad input ------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["wait 3", "return", "buy torch 1"])
def test_the_time_outside_is_refused_in_the_dungeon(crawl, line):
    c = crawl("d12-tension")
    with pytest.raises(UsageError, match="in the dungeon"):
        c.do(line)


def test_leave_with_no_known_way_out_is_refused(crawl):
    c = crawl("d12-tension")
    with pytest.raises(UsageError, match="no known way out: the party is in no room yet; "
                                         "'enter' goes into the first one"):
        c.do("leave")  # ('room way out', which it advised, is refused in no room)
    assert c.state.trip.away is None


@pytest.mark.parametrize("line", ["wait -1", "wait 0", "wait 3651", "wait " + "9" * 20,
                                  "wait two", "wait 1 2", "buy torch -2", "buy gold 1",
                                  "return now", "leave now"])
def test_bad_days_and_words_are_refused(crawl, line):
    c = _d12_in_three_rooms(crawl)
    c.do("leave", faces=CALM * 2)
    before = c.state
    with pytest.raises(UsageError):
        c.do(line)
    assert c.state == before


@pytest.mark.parametrize("line", ["enter 2", "linger", "go R2", "back", "light torch",
                                  "room +looted", "leave"])
def test_the_dungeon_is_refused_while_the_party_is_outside(crawl, line):
    c = _d12_in_three_rooms(crawl)
    c.do("leave", faces=CALM * 2)
    with pytest.raises(UsageError, match="outside"):
        c.do(line)


def test_an_encounter_on_the_way_out_stops_the_walk_and_the_expedition_goes_on(crawl):
    c = _d12_in_three_rooms(crawl)
    result = c.do("leave", faces=[1, 1, 9])         # R2: no event, 2d4 goblins
    assert c.state.dungeon.here == "R2" and c.state.trip.away is None
    assert "not out yet" in _said(result)
    assert c.state.lights                              # still burning


def test_the_trip_round_trips_through_json(crawl):
    c = _d12_in_three_rooms(crawl)
    c.do("leave", faces=CALM * 2)
    c.do("wait 2")
    again = State.from_json(c.state.to_json())
    assert again.trip == c.state.trip and again.trip.away == 2
    assert "trip" not in crawl("d12-tension").state.to_json()


def test_a_leave_check_is_the_procedures_own_in_dungeon_turn(crawl):
    c = crawl("dungeon-turn")
    result = c.do("leave 2 3 arduous", faces=[15])
    assert [e.success for e in result.events if isinstance(e, Checked)] == [True]
