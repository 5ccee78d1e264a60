"""A member at 0 HP has nothing left to lose: what would hurt them rolls no dice for them
and says so, and a command that reaches only members at 0 is refused, as 'hurt' is."""

from __future__ import annotations

import pytest

from solo.engine.events import MemberChanged, Rolled, Said
from solo.errors import UsageError


def test_a_failed_save_rolls_damage_only_for_members_above_0(crawl):
    c = crawl("d12-tension", party=("Wren", "Ott"))
    c.do("hurt 8", actor="Wren")
    c.do("failed-save gas", faces=[4])
    assert [event.label for event in c.events(Rolled)] == ["Damage to Ott (gas, 1d6)"]
    assert [(event.name, event.after) for event in c.events(MemberChanged)] == [("Ott", 4)]
    assert [event.text for event in c.events(Said)] == [
        "Wren is down at 0 HP already: no damage rolled."]
    assert [member.hp for member in c.state.party] == [0, 4]


@pytest.mark.parametrize("line, actor, who", [("failed-save gas", None, "every member"),
                                              ("failed-save tremor 3", "Wren", "Wren")])
def test_a_failed_save_that_reaches_only_members_at_0_is_refused(crawl, line, actor, who):
    c = crawl("d12-tension", party=("Wren", "Ott"))
    c.do("hurt 8")
    before = c.state
    with pytest.raises(UsageError, match=f"{who} is at 0 HP already"):
        c.do(line, actor=actor)
    assert c.state == before
