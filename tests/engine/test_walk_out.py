"""The walk out (``leave``): an encounter met in the walk's last room, the way out itself,
is played in the dungeon; the expedition ends only with the next ``leave``."""

from __future__ import annotations

import pytest

from solo.engine.events import Said

CALM = [1, 12]      # D12: a room entered again with no event and no encounter


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def _deep(crawl, system: str, moves: list[str], faces: list[int]):
    c = crawl(system, party=("Wren",))
    if system == "d12-tension":
        c.do("light torch")
    for move in moves:
        c.do(move, faces=faces * 5)
    assert c.state.dungeon.here != c.state.dungeon.way_out
    return c


@pytest.mark.parametrize("system, moves, faces, out", [
    ("d12-tension", ["enter 2"] * 3, CALM, CALM + [1, 1, 9]),   # R1: no event, goblins
    ("delving", ["enter"] * 3, [6], [1, 1]),                     # one turn: an encounter
    ("trespasser", ["advance"] * 2, [10], [1, 1]),               # backtrack: d10 1 <= alarm
])
def test_an_encounter_in_the_way_out_itself_keeps_the_party_in(crawl, system, moves, faces,
                                                               out):
    c = _deep(crawl, system, moves, faces)
    met = c.state.encounters
    result = c.do("leave", faces=out)
    assert c.state.encounters == met + 1
    assert c.state.dungeon.here == c.state.dungeon.way_out
    assert c.state.trip.away is None                      # the expedition goes on
    assert "is over" not in _said(result)
    assert "meets the party at the way out" in _said(result)
    stay = {"d12-tension": "linger", "delving": "search", "trespasser": "stay"}[system]
    c.do(stay, faces=[6, 12, 10])                          # the encounter is played inside
    result = c.do("leave")                                # at the way out: straight out
    assert c.state.trip.away == 0 and "Expedition 1 is over" in _said(result)


def test_a_walk_out_with_no_encounter_still_ends_the_expedition(crawl):
    c = _deep(crawl, "d12-tension", ["enter 2"] * 3, CALM)
    result = c.do("leave", faces=CALM * 2)
    assert c.state.trip.away == 0 and "Expedition 1 is over" in _said(result)
    assert "meets the party" not in _said(result)
