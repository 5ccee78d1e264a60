"""Delving between expeditions (seed 001): the walk out sets the pace to walk; the next
expedition goes in at a crawl."""

from __future__ import annotations

from solo.engine.events import Said

SYSTEM = "delving"
FREE = [6]        # the hazard die's 'free': nothing happens


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def _out(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("light torch")
    for _ in range(3):
        c.do("enter", faces=FREE)
    c.do("leave", faces=FREE)
    assert c.state.trip.away == 0 and c.value("pace") == "walk"
    return c


def test_the_next_expedition_goes_in_at_a_crawl(crawl):
    c = _out(crawl)
    c.do("wait 1")
    result = c.do("return")
    assert c.value("pace") == "crawl"
    assert "goes back in at a crawl" in _said(result)
    c.do("light torch")
    result = c.do("explore", faces=FREE)
    assert "walking" not in _said(result).lower()


def test_a_party_that_walks_in_the_dungeon_keeps_walking(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("light torch")
    c.do("enter", faces=FREE)
    c.do("enter", faces=FREE)
    c.do("go R1", faces=FREE)
    assert c.value("pace") == "walk"
    assert "Still walking" in _said(c.do("explore", faces=FREE))


def test_a_day_outside_gives_back_the_fatigue_damage_the_tracker_counted(crawl):
    c = crawl(SYSTEM, party=("Wren", "Ott"))
    c.do("light torch")
    c.do("enter", faces=[2])                  # fatigue due
    c.do("enter", faces=[2])                  # no rest: 1 damage each, and due again
    c.do("enter", faces=FREE)                 # no rest: 1 more
    assert c.value("fatigue") == 2
    c.do("hurt 3", actor="Ott")               # other damage: not the day's to heal
    assert [member.hp for member in c.state.party] == [6, 3]
    c.do("leave", faces=FREE)
    c.do("wait 1")
    assert c.value("fatigue") == 0 and c.value("fatigue_due") == 0
    assert [member.hp for member in c.state.party] == [8, 5]
    c.do("wait 1")                            # nothing more comes back
    assert [member.hp for member in c.state.party] == [8, 5]
