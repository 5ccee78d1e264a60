"""Three parts of the procedure language from issue 22's third round: an action's refusal
is a template (it can name who acted), a party condition may be ``quiet`` (kept, but no
journal line of its own), and a light's ``turns:`` may be an expression read when a fresh
source is lit."""

from __future__ import annotations

import random

import pytest

from solo.engine import core as engine
from solo.engine.events import LightChanged, MemberChanged
from solo.errors import RulesError, SoloError, UsageError
from solo.rules.procedure_file import parse_procedure
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml
from tests.conftest import perform_line

BASE = """\
kind: procedure
id: round-three
name: Round three
trackers:
  tension: {min: 0, max: 10}
settings: {burns: 3, oil_hours: 0}
supplies:
  oil: {start: 1}
party:
  conditions:
    tired: {min: 0, max: 2, levels: {fresh: 0, tired: 1, spent: 2}, quiet: true}
    hurt: {min: 0}
lights:
  torch: {turns: "burns * 2"}
  lantern: {turns: "oil_hours * 6", refill: oil}
actions:
  explore:
    time: 1
  climb:
    args: [{name: height, default: 1, min: 1}]
    allowed: "member_tired < 2 and height < 5"
    refusal: >-
      {member if member != '' else 'The party'} cannot climb {height} m:
      {'too high' if height >= 5 else 'spent'}.
    effects:
      - condition: {tired: 1, hurt: 1}
        who: actor
  rest:
    effects:
      - condition: {tired: -2}
  refill:
    effects:
      - light: {do: refill, kinds: [lantern]}
"""


def _world(extra: str = "", base: str = BASE) -> World:
    return World(parse_procedure(load_yaml(base + extra, "p.yaml")))


class Play:
    def __init__(self, world: World, party: tuple[str, ...] = ("Wren", "Ott")) -> None:
        self.world, self.state = world, engine.start(world, party=party)

    def do(self, line: str, actor: str | None = None):
        result = perform_line(self.world, self.state, line, random.Random(1), actor)
        self.state = result.state
        return result

    def member(self, name: str):
        member = self.state.member(name)
        assert member is not None
        return member


# -- the refusal, a template ------------------------------------------------------------------

def test_a_refusal_names_the_member_and_reads_the_arguments():
    play = Play(_world())
    play.do("climb", actor="Wren")
    play.do("climb", actor="Wren")
    before = play.state
    with pytest.raises(UsageError) as refused:
        play.do("climb 2", actor="Wren")
    assert str(refused.value) == "Wren cannot climb 2 m: spent."
    assert play.state == before
    with pytest.raises(UsageError, match=r"^Ott cannot climb 7 m: too high\.$"):
        play.do("climb 7", actor="Ott")
    with pytest.raises(UsageError, match=r"^The party cannot climb 9 m: too high\.$"):
        play.do("climb 9")


def test_a_refusal_reading_an_unknown_name_fails_solo_check():
    extra = "  jump:\n    allowed: 'tension < 3'\n    refusal: 'Too tense ({tensoin}).'\n"
    with pytest.raises(RulesError, match="unknown name 'tensoin'"):
        _world(extra)


# -- a quiet condition -------------------------------------------------------------------------

def test_a_quiet_condition_is_kept_without_a_line_of_its_own_and_shown_in_the_tag():
    play = Play(_world())
    result = play.do("climb", actor="Wren")
    changes = [(e.name, e.what, e.after, e.marks) for e in result.events
               if isinstance(e, MemberChanged)]
    assert changes == [("Wren", "hurt", 1, ("tired", "hurt 1"))], \
        "only the loud condition makes a line; its tag shows the quiet one"
    assert play.member("Wren").condition("tired") == 1
    result = play.do("rest")
    assert not [e for e in result.events if isinstance(e, MemberChanged)]
    assert play.member("Wren").condition("tired") == 0
    result = play.do("party set Ott tired 2")     # the player's own change is journaled
    assert [(e.name, e.what, e.after) for e in result.events
            if isinstance(e, MemberChanged)] == [("Ott", "tired", 2)]


@pytest.mark.parametrize("extra_tracker, message", [
    ("  calm: {min: 0, quiet: true}\n", "quiet is for a party condition"),
])
def test_quiet_belongs_to_party_conditions(extra_tracker, message):
    base = BASE.replace("  tension: {min: 0, max: 10}\n",
                        "  tension: {min: 0, max: 10}\n" + extra_tracker)
    with pytest.raises(RulesError, match=message):
        _world(base=base)


def test_quiet_is_true_or_false():
    with pytest.raises(RulesError, match="conditions.tired.quiet: expected true or false"):
        _world(base=BASE.replace("quiet: true", "quiet: often"))


# -- a light's turns, read when it is lit ------------------------------------------------------

def _remaining(play: Play, kind: str) -> list[int | None]:
    return [light.remaining for light in play.state.lights if light.kind == kind]


def test_a_lights_turns_are_read_from_the_settings_when_it_is_lit():
    play = Play(_world())
    play.do("light torch")                          # burns * 2 = 6
    play.do("explore")
    play.do("set burns 5")
    play.do("light torch")                          # 10, the first keeps its own
    assert _remaining(play, "torch") == [5, 10]
    for _ in range(5):
        play.do("explore")
    assert _remaining(play, "torch") == [5]


def test_a_turns_expression_at_0_is_no_limit_and_a_refill_reads_it_again():
    play = Play(_world())
    play.do("light lantern")                        # oil_hours 0: no limit
    assert _remaining(play, "lantern") == [None]
    play.do("set oil_hours 4")
    result = play.do("refill")                      # a fresh fill: 24 turns
    assert _remaining(play, "lantern") == [24]
    [changed] = [e for e in result.events if isinstance(e, LightChanged)]
    assert changed.after == "lit, 24 turns left"


def test_a_negative_turns_expression_is_a_one_line_error_that_changes_nothing():
    play = Play(_world())
    play.do("set burns -1")
    before = play.state
    with pytest.raises(SoloError, match=r"^p.yaml: a torch would burn -2 turns; its turns "
                                        r"are 0 \(no limit\) or more$"):
        play.do("light torch")
    assert play.state == before


@pytest.mark.parametrize("turns, message", [
    ("\"'long'\"", "a light's turns need a number, but \"'long'\" gives a word"),
    ("hours * 6", "unknown name 'hours'"),
    ("0", "expected at least 1 turn"),
])
def test_solo_check_refuses_a_turns_that_is_no_number(turns, message):
    with pytest.raises(RulesError, match=message):
        _world(base=BASE.replace('{turns: "burns * 2"}', "{turns: " + turns + "}"))
