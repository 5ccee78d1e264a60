"""The rules at the edges (issue 37 item 4): a multi-turn action stops at an encounter and
hands the turn back, saying so; "cannot map" means something on the map; a flickering torch
is relit for nothing; the ember hint only after a torch burnt out."""

from __future__ import annotations

import pytest

from solo.engine.events import LightChanged, Said, TurnPassed
from tests.fake_env import solo


def said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def test_an_encounter_in_the_first_turn_of_a_two_turn_search_ends_it(crawl):
    c = crawl("delving")
    c.do("light candle")
    # hazard 1: an encounter (the d8 entry 1, then its own dice), in the search's first turn
    result = c.do("search", faces=[1, 1, 1, 1, 1, 1])
    assert c.state.turn == 1 and c.state.encounters == 1
    assert sum(isinstance(event, TurnPassed) for event in result.events) == 1
    assert "The encounter stops search after 1 of its 2 turns" in said(result)


def test_a_two_turn_search_with_no_encounter_takes_both_turns(crawl):
    c = crawl("delving")
    c.do("light candle")
    result = c.do("search", faces=[6, 6])
    assert c.state.turn == 2 and "stops" not in said(result)


@pytest.mark.parametrize(("light", "faces", "finished"), [
    ("candle", [1, 1, 1, 1, 1, 1], False), ("candle", [6, 6], True), ("torch", [1] * 6, True)])
def test_a_search_says_what_it_gives_up_only_once_searched_to_its_end(
        crawl, light, faces, finished):
    """Delving: a search cut short by an encounter says only that it found nothing; the
    line on what a search gives up comes after its last turn (a one-turn search, by
    torchlight, is never cut short: its encounter comes at its end)."""
    c = crawl("delving")
    c.do(f"light {light}")
    text = said(c.do("search", faces=faces))
    assert ("Searched to its end" in text) is finished
    assert ("Cut short" in text) is not finished


KEY = """kind: key
id: cell
name: Cell
entrance: R1
wandering: {dice: d1, entries: {1: {id: rats, text: rats}}}
rooms:
  - {id: R1, name: Hole, exits: [{dir: S, to: out},
                                 {dir: W, to: R2, door: secret, text: a loose stone}]}
  - {id: R2, name: Cell}
"""
ROLLED = """kind: generator
id: secret
name: Secret ways
room: {kind: rooms, exits: {count: {dice: d1}, directions: [N], door: doors}, contents: stock}
tables:
  rooms: {dice: d1, entries: {1: {is: hall, text: a bare hall}}}
  doors: {dice: d1, entries: {1: {is: secret, text: a wall that turns}}}
  stock: {dice: d1, entries: {1: {is: empty, text: nothing}}}
"""


@pytest.mark.parametrize(("dungeon", "found"), [
    (KEY, "A secret way W is found: a loose stone."), (ROLLED, "A secret way N is found.")])
def test_a_search_an_encounter_cuts_short_finds_nothing_until_searched_whole(
        here, dungeon, found):
    """Delving (seed 001): in dim light a search takes two turns; with only one passed
    (seed 1: the hazard die's encounter at the end of the first), nothing is found."""
    (here / "d.yaml").write_text(dungeon, encoding="utf-8")
    run = solo("new", "j.md", "--system", "delving", "--seed", "1", "--dungeon", "d.yaml",
               stdin="light candle\nenter\nsearch\nsearch\n")
    assert run.code == 0, run.err
    short, whole = run.out.split("@ search")[1:]
    assert "The encounter stops search after 1 of its 2 turns" in short
    assert "Cut short, the search finds nothing: search again once the encounter is " \
           "over." in short
    assert "secret" not in short.replace("clues to secrets", "")
    assert "turns up" not in short  # what a search finds is said of one searched to its end
    assert "stops" not in whole and "Cut short" not in whole
    assert found in whole and "(secret)]" in whole


# -- "cannot map" means something on the map -----------------------------------------------------
def statuses(c) -> list[tuple[str, ...]]:
    return [room.status for room in c.state.dungeon.rooms]


def test_delving_rooms_run_into_are_unmapped_until_the_party_comes_back_crawling_with_light(
        crawl):
    from solo.engine.map_layout import layout
    from solo.play.map_text import map_lines

    c = crawl("delving")
    c.do("light lantern")
    c.do("enter", faces=[6])  # crawling, with light: R1 is mapped
    c.do("move run", faces=[6])  # the party runs, but R1 is on the map already
    assert "Not mapped" not in said(c.last)
    c.do("enter N", faces=[6])  # still running: R2, new, is not mapped
    assert [("unmapped" in status) for status in statuses(c)] == [False, True]
    assert "Not mapped: R2" in said(c.last)
    assert any("R2*~" in line or "R2~" in line for line in map_lines(c.state.dungeon))
    plan = layout(c.state.dungeon)
    assert "N" not in {stub.direction for stub in plan.stubs}  # no directions drawn
    c.do("move crawl", faces=[6])  # crawling, with light: R2 is mapped now
    assert statuses(c) == [("active",), ("active",)]


def test_delving_rooms_entered_in_the_dark_are_unmapped(crawl):
    c = crawl("delving")
    c.do("enter", faces=[6])
    assert "unmapped" in c.state.dungeon.current.status
    c.do("move run", faces=[6])  # still dark, and no longer new: the mark stays as it is
    assert "unmapped" in c.state.dungeon.current.status
    c.do("light torch")
    c.do("explore", faces=[6])  # a turn of moving there at a run, with light: still not
    assert "unmapped" in c.state.dungeon.current.status
    c.do("move walk", faces=[6])  # walking, with light: mapped now
    assert statuses(c) == [("active",)]


def test_delving_a_mapped_room_stays_mapped_when_the_party_walks_back_in_the_dark(crawl):
    from solo.play.map_text import map_lines

    c = crawl("delving")
    c.do("light torch")
    c.do("enter", faces=[6])  # R1, with light
    c.do("enter N", faces=[3])  # R2, with light; the hazard die's 3 burns the torch out
    assert c.state.lights == ()
    c.do("back", faces=[6])  # a turn at walking pace, in total darkness, back into R1
    assert c.state.dungeon.here == "R1"
    assert "cannot map" in said(c.last) and "Not mapped" not in said(c.last)
    assert statuses(c) == [("active",), ("active",)]
    assert not any("~" in line for line in map_lines(c.state.dungeon))  # drawn as before


def test_delving_a_walk_in_the_dark_through_known_rooms_leaves_them_mapped(crawl):
    c = crawl("delving")
    c.do("light candle")
    for line in ("enter", "enter N", "enter N"):  # R1, R2, R3, crawling by candlelight
        c.do(line, faces=[6])
    c.do("move run", faces=[6])  # running blows the candle out: dark, but R3 is mapped
    assert c.state.lights == ()
    c.do("go R1", faces=[6])  # back through R2 into R1, in the dark
    assert c.state.dungeon.here == "R1"
    assert statuses(c) == [("active",)] * 3


def test_a_game_kept_running_reads_what_is_new_on_the_map_per_command(crawl):
    """solo simulate's dungeon runs keep one run for every command: a room entered by an
    earlier command is not new to a later one."""
    from solo.engine import core as engine
    from tests.conftest import ScriptedRandom

    world = crawl("delving").world
    game = engine.Game(world, engine.start(world), ScriptedRandom([6, 3, 6]), record=True)
    for line in ("light torch", "enter", "enter N", "back"):  # the 3 burns the torch out
        game.perform(line)
    state = game.state()
    assert state.dungeon.here == "R1" and state.lights == ()
    assert [room.status for room in state.dungeon.rooms] == [("active",), ("active",)]


def test_exploration_marks_a_room_entered_blind_and_leaves_mapped_ones_as_drawn(crawl):
    c = crawl("exploration")
    c.do("light torch")
    c.do("enter", faces=[6])
    assert "unmapped" not in c.state.dungeon.current.status
    c.do("move rushing", faces=[6])  # no mapping, but R1 is on the map already
    assert "unmapped" not in c.state.dungeon.current.status
    c.do("douse torch")
    c.do("enter N", faces=[6])  # blind into R2: not mapped
    assert statuses(c) == [("active",), ("active", "unmapped")]
    assert "Not mapped: R2" in said(c.last)
    c.do("back", faces=[6])  # blind, back into R1: it stays as drawn
    assert c.state.dungeon.here == "R1"
    assert statuses(c) == [("active",), ("active", "unmapped")]
    c.do("light torch")
    c.do("go R2", faces=[6])  # a cautious move there, with light: R2 is mapped now
    assert statuses(c) == [("active",), ("active",)]


def test_overloaded_a_hurried_move_leaves_the_map_as_it_is(crawl):
    c = crawl("overloaded")
    c.do("enter", faces=[2])  # (the die: 2, spoor)
    c.do("move hurried", faces=[2])
    assert "no mapping" in said(c.last)
    assert statuses(c) == [("active",)]


def test_no_reading_says_solo_keeps_no_map():
    from pathlib import Path

    import solo

    folder = Path(solo.__file__).parent / "systems"
    for path in folder.glob("*.yaml"):
        assert "keeps no map" not in path.read_text(encoding="utf-8"), path.name


# -- a torch lit this very turn only flickers; the embers only after a burn -----------------------
def test_exploration_a_torch_lit_this_very_turn_only_flickers_and_burns_on(crawl):
    c = crawl("exploration")
    c.do("supply torches 2")
    c.do("light torch")
    assert c.state.supplies["torches"] == 1
    result = c.do("explore", faces=[3])  # hazard 3 on the turn the torch was lit
    assert "flickers ominously and burns on" in said(result)
    assert "sputters out" not in said(result) and not c.events(LightChanged)
    assert [(light.kind, light.remaining) for light in c.state.lights] == [("torch", 5)]
    assert "No light" not in said(c.do("explore", faces=[6]))


def test_exploration_a_torch_lit_before_this_turn_sputters_out_for_good(crawl):
    c = crawl("exploration")
    c.do("supply torches 2")
    c.do("light torch")
    c.do("explore", faces=[6])
    result = c.do("explore", faces=[3])
    assert "flicker" not in said(result) and not c.state.lights
    c.do("light torch")
    assert c.state.supplies["torches"] == 0


def test_delving_the_ember_hint_only_when_a_torch_burnt_out(crawl):
    c = crawl("delving")
    c.do("light lantern")
    result = c.do("explore", faces=[3])
    assert "embers" not in said(result) and "No torch is burning" in said(result)
    c.do("light torch")
    result = c.do("explore", faces=[3])
    assert "embers" in said(result)
