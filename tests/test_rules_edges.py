"""The rules at the edges (issue 37 item 4): a multi-turn action stops at an encounter and
hands the turn back, saying so; "cannot map" means something on the map; a flickering torch
is relit for nothing; the ember hint only after a torch burnt out."""

from __future__ import annotations

from solo.engine.events import Said, TurnPassed


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
