"""The seeds' numbers, pinned where the system tests leave them loose.

Found by mutating every number in the five seed procedures (bench/mutate_seeds.py): each
test here fails when one of those numbers changes. Most compare what a procedure *says*
(a table's title, a check's label, an action's help, a step) with what it *does*, so a
number cannot drift in one place and not the other.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from conftest import Crawl

from solo.engine.events import Checked, Rolled, Said, TrackerChanged
from solo.engine.interpreter import Run
from tests.conftest import perform_line as perform

SEEDS = ("d12-tension", "delving", "exploration", "trespasser", "dungeon-turn")
DICE = re.compile(r"\b(\d*)d(\d+)(kl1|kh1)?\b")


class Sizes(random.Random):
    """Scripted faces (then 1s), recording the size of every die rolled."""

    def __new__(cls, *_, **__):  # (Python 3.10's Random seeds by its argument)
        return super().__new__(cls)

    def __init__(self, faces=()) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.sizes: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sizes.append(b)
        return self.faces.pop(0) if self.faces else a


def play(c: Crawl, line: str, faces=()) -> tuple:
    rng = Sizes(faces)
    c.last = perform(c.world, c.state, line, rng)
    c.state = c.last.state
    return c.last, rng.sizes


def _dice(text: str) -> tuple[int, int] | None:
    match = DICE.search(text)
    if not match:
        return None
    return int(match.group(1) or 1), int(match.group(2))


# -- what a title or a label names is what is rolled ------------------------------------------

@pytest.mark.parametrize("system", SEEDS)
def test_a_table_title_names_the_tables_own_dice(system):
    c = Crawl(system)
    titled = 0
    for table in c.world.procedure.tables.values():
        named = _dice(table.title)
        if named:
            titled += 1
            assert named == _dice(table.dice if "d" in table.dice else f"1{table.dice}"), table
    for name in ("d12-encounters", "d12-environment") if system == "d12-tension" else ():
        table = c.world.table(name)
        assert _dice(table.title) == (1, 10) and table.dice == "d10"
        assert "+Tension" in table.title and table.plus == "tension"
    assert titled >= 1 or not c.world.procedure.tables


# Commands that make a procedure roll a labelled check or roll (and each turn's hazard).
LABELLED = {
    "trespasser": ["light torch", "light candle", "advance", "advance", "backtrack"],
    "dungeon-turn": ["harvest 2", "leave 2 3 dangerous", "return", "set fatigue 2",
                     "harvest 1", "leave 1 1 dangerous", "return", "rest-hour"],
}


@pytest.mark.parametrize("system", sorted(LABELLED))
def test_a_label_that_names_dice_names_the_dice_rolled(system):
    c = Crawl(system)
    seen = 0
    for line in LABELLED[system]:
        result, _sizes = play(c, line)
        for event in result.events:
            if isinstance(event, (Checked, Rolled)) and _dice(event.label):
                seen += 1
                rolled = event.roll.text
                count, sides = _dice(event.label)
                if rolled == "2d20kl1":
                    assert "disadvantage" in event.label and sides == 20, event
                    continue
                got = _dice(rolled if rolled[0].isdigit() else "1" + rolled)
                if "for each" in event.label:       # 1d6 for each point missed
                    assert got[1] == sides, event
                else:
                    assert got == (count, sides), event
    assert seen >= 2


# -- Exploration: every check is a d20 --------------------------------------------------------

@pytest.mark.parametrize("line", ["search", "force-door", "pick-lock", "listen"])
def test_exploration_checks_roll_one_d20(line):
    c = Crawl("exploration")
    c.do("light torch")
    result, sizes = play(c, line, [12, 5])
    assert sizes == [20, 6]
    assert [e.roll.text for e in result.events if isinstance(e, Checked)] == ["d20"]


def test_exploration_con_save_rolls_one_d20():
    c = Crawl("exploration")
    c.do("explore", faces=[4])
    _result, sizes = play(c, "explore", [12, 5])
    assert sizes == [20, 6]


@pytest.mark.parametrize("line", ["search dc=1", "force-door dc=1", "pick-lock dc=1",
                                  "listen dc=1", "search 0", "listen dc=0", "force-door dc=0",
                                  "pick-lock dc=0"])
def test_exploration_an_exact_dc_of_1_is_kept_and_0_means_the_difficulty(line):
    c = Crawl("exploration")
    c.do("light torch")
    result = c.do(line, faces=[1, 5])
    [check] = [e for e in result.events if isinstance(e, Checked)]
    want = "(DC 1)" if line.endswith("1") else "(DC 12)"
    assert check.label.endswith(want)


def test_exploration_a_single_torch_sputters_out_on_a_3():
    c = Crawl("exploration")
    c.do("light torch")
    c.do("explore", faces=[6])  # (a torch lit this very turn only flickers)
    c.do("explore", faces=[3])
    assert c.state.lights == ()
    assert "sputters out" in "\n".join(e.text for e in c.last.events if isinstance(e, Said))


# -- Dungeon Turn --------------------------------------------------------------------------

@pytest.mark.parametrize("fatigue, dice", [(0, [20]), (1, [20]), (2, [20, 20])])
def test_dungeon_turn_leaving_is_a_d20_at_disadvantage_only_when_exhausted(fatigue, dice):
    c = Crawl("dungeon-turn")
    c.do(f"set fatigue {fatigue}")
    result, sizes = play(c, "leave 0 0 arduous", [10, 15])
    assert sizes == dice
    [check] = [e for e in result.events if isinstance(e, Checked)]
    assert check.total == 10, "at disadvantage the lower of two d20s counts"
    assert check.success and ("disadvantage" in check.label) is (fatigue == 2)


def test_dungeon_turn_only_an_hours_rest_heals():
    c = Crawl("dungeon-turn")
    for line in ("explore", "search", "move", "rest", "harvest 1"):
        result, _sizes = play(c, line, [6, 6])
        assert not [e for e in result.events if isinstance(e, Rolled)], line


def test_dungeon_turn_steps_name_the_hazard_faces():
    procedure = Crawl("dungeon-turn").world.procedure
    hazard = procedure.tables["hazard"]
    assert procedure.steps[0].startswith("Choose the party's action for this 10-minute turn")
    step = next(s for s in procedure.steps if "hazard die:" in s)
    assert step.startswith("solo rolls the d6 hazard die: ")
    named = dict(re.findall(r"(\d) ([a-z]+)", step.split(":", 1)[1]))
    assert {int(face): word for face, word in named.items()} == {
        entry.low: entry.id.split("-")[0] for entry in hazard.entries}
    assert "(2d6 disposition)" in step and procedure.tables["disposition"].dice == "2d6"
    quiet = next(s for s in procedure.steps if s.startswith("During the first"))
    assert quiet == f"During the first {procedure.settings['quiet_turns']} turns a 4, 5 or 6 " \
        "does nothing."


def test_dungeon_turn_quiet_turn_message_names_4_to_6():
    c = Crawl("dungeon-turn")
    c.do("explore", faces=[4])
    said = [e.text for e in c.last.events if isinstance(e, Said)]
    assert "Turn 1 of the delve's first 6: a 4-6 on the hazard die does nothing yet." in said


def test_dungeon_turn_spans_of_its_tables():
    tables = Crawl("dungeon-turn").world.procedure.tables
    assert [e.span for e in tables["disposition"].entries] == \
        ["2-3", "4-5", "6-8", "9-10", "11-12"]
    assert [e.span for e in tables["hazard"].entries] == ["1", "2", "3", "4", "5", "6"]


def test_dungeon_turn_fatigue_texts_carry_the_seeds_numbers():
    c = Crawl("dungeon-turn")
    hazard = c.world.procedure.tables["hazard"]
    assert "rest for 1 turn" in hazard.entries[1].text
    c.do("explore", faces=[2])
    said = [e.text for e in c.last.events if isinstance(e, Said)]
    assert "Rest next turn (rest) or Fatigue rises by 1." in said


def test_dungeon_turn_help_texts_carry_the_seeds_numbers():
    actions = Crawl("dungeon-turn").world.procedure.actions
    assert "10 x 10 area" in actions["search"].help
    assert "careful is 3 zones, walking 20, running 200" in actions["move"].help
    assert actions["move"].args[0].help.startswith("careful (3 times base speed)")
    assert "an hour (6 turns) and heal 1d8 + Strength bonus" in actions["rest-hour"].help
    assert "DC 10 + HD" in actions["harvest"].help
    assert "DC 10 + travel + rooms (at most 20)" in actions["leave"].help


def test_dungeon_turn_heal_and_cost_labels():
    c = Crawl("dungeon-turn")
    result = c.do("rest-hour", faces=[6] * 6 + [4])
    [heal] = [e for e in result.events if isinstance(e, Rolled)]
    assert heal.label == "The hour's rest heals (1d8 + str_bonus)"
    result = c.do("leave 2 3 dangerous", faces=[13, 1, 1])           # DC 15, missed by 2
    [cost] = [e for e in result.events if isinstance(e, Rolled)]
    assert cost.label == "Dangerous journey: 1d6 damage for each of the 2 points missed"
    c.do("return")                                                   # back in for the next
    result = c.do("leave 2 3 arduous", faces=[13])
    said = [e.text for e in result.events if isinstance(e, Said)]
    assert any("loses 2 items (1 per point missed)" in text for text in said)


# -- D12 --------------------------------------------------------------------------------------

def test_d12_dungeon_events_spans():
    table = Crawl("d12-tension").world.procedure.tables["dungeon-events"]
    assert [e.span for e in table.entries] == ["1-5", "6", "7-10", "11-12"]
    assert table.dice == "d12"


def test_d12_a_six_with_one_light_puts_it_out():
    c = Crawl("d12-tension")
    c.do("light torch")
    c.do("enter 2", faces=[6, 12])
    assert c.state.lights == ()


@pytest.mark.parametrize("word", ["enter", "linger", "rest"])
def test_d12_entering_or_lingering_takes_one_turn_and_counts_two_exits(word):
    c = Crawl("d12-tension")
    result = c.do(word, faces=[1, 3])
    assert c.state.turn == 1
    [check] = [e for e in result.events if isinstance(e, Checked)]
    assert check.label.startswith("Random encounter (exits 2,") and not check.success
    c.do(f"{word} 0", faces=[1, 1])
    # a room entered from another has the way back: 'enter 0' there is one exit
    counted = "exits 1" if word == "enter" else "exits 0"
    assert counted in [e for e in c.last.events if isinstance(e, Checked)][0].label
    assert c.state.turn == 2


@pytest.mark.parametrize("command", ["break-door", "combat-quiet", "combat-normal",
                                     "combat-escaped", "noise", "disarm-trap",
                                     "rescue-prisoner", "achieve-objective"])
def test_d12_help_says_what_each_event_does_to_tension(command):
    c = Crawl("d12-tension")
    c.do("set tension 5")
    c.do(command)
    [change] = c.events(TrackerChanged)
    helped = c.world.procedure.actions[command].help
    assert f"(Tension {change.after - change.before:+d}" in helped


def test_d12_steps_name_the_d12_rolls():
    steps = Crawl("d12-tension").world.procedure.steps
    assert "solo rolls the d12 Dungeon Events table, then the d12 encounter check" in \
        " ".join(steps)


# -- Trespasser ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["advance", "stay", "loud", "batter-door failure"])
def test_trespasser_help_says_what_raises_the_alarm(command):
    c = Crawl("trespasser")
    c.do(command, faces=[10])
    change = [e for e in c.events(TrackerChanged) if e.tracker == "alarm"][0]
    help_text = c.world.procedure.actions[command.split()[0]].help
    assert f"Alarm +{change.after - change.before}" in help_text


def test_trespasser_steps_carry_the_numbers():
    steps = " ".join(Crawl("trespasser").world.procedure.steps)
    assert "(d6: a 1 puts that source out)" in steps
    assert "Advance raises the Alarm by 1 and then checks d10 at or under the Alarm" in steps
    assert "An encounter resets the Alarm to 0" in steps


def test_trespasser_hiding_without_sparks_lowers_the_alarm_by_2():
    c = Crawl("trespasser")
    c.do("set alarm 5")
    c.do("hide success")
    assert c.value("alarm") == 3
    change = [e for e in c.events(TrackerChanged) if e.tracker == "alarm"][0]
    assert change.reason == "hid successfully (2, plus 0 for sparks)"


def test_trespasser_a_real_encounter_is_not_called_already_defeated():
    c = Crawl("trespasser")
    c.do("set alarm 5")
    result = c.do("advance", faces=[1, 1])
    said = "\n".join(e.text for e in result.events if isinstance(e, Said))
    assert "Already defeated" not in said and result.outcomes == ("encounter",)


def test_trespasser_proper_lockpicks_take_no_penalty():
    c = Crawl("trespasser")
    said = [e.text for e in c.do("pick-lock success").events if isinstance(e, Said)]
    assert said == []
    said = [e.text for e in c.do("pick-lock success yes").events if isinstance(e, Said)]
    assert said == ["Improvised picks: the result given counts the roll with -4 (the seed's "
                    "penalty for them)."]


def test_trespasser_depletion_check_label():
    c = Crawl("trespasser")
    c.do("light torch")
    result = c.do("stay", faces=[2])
    [check] = [e for e in result.events if isinstance(e, Checked)]
    assert check.label == "Light depletion check, Torch (d6, out on a 1)"


def test_trespasser_encounter_check_label():
    c = Crawl("trespasser")
    c.do("set alarm 3")
    result = c.do("backtrack", faces=[9])
    [check] = [e for e in result.events if isinstance(e, Checked)]
    assert check.label == "Encounter check (d10 at or under Alarm 3)"


# -- Delving and Exploration: what the prompt and titles say ---------------------------------------

def test_hazard_tables_are_d6_and_so_titled():
    for system in ("delving", "exploration", "dungeon-turn"):
        hazard = Crawl(system).world.procedure.tables["hazard"]
        assert hazard.dice == "d6" and "(d6)" in hazard.title, system
    steps = " ".join(Crawl("delving").world.procedure.steps)
    assert "solo rolls the d6 Dungeon Hazard Die" in steps


def test_exploration_light_reasons_name_the_hazard_face():
    c = Crawl("exploration")
    c.do("light torch")
    c.do("explore", faces=[6])  # (a torch lit this very turn only flickers)
    c.do("explore", faces=[3])
    assert "(hazard die 3)" in [e.reason for e in c.last.events
                                if hasattr(e, "reason") and e.reason][0]
    c = Crawl("exploration")
    c.do("light lantern")
    c.do("explore", faces=[3])
    assert "(hazard die 3)" in [e.reason for e in c.last.events
                                if hasattr(e, "reason") and e.reason][0]


@pytest.mark.parametrize("system, flag, words", [
    ("delving", "fatigue_due", "fatigue due: rest now"),
    ("dungeon-turn", "fatigue_pending", "fatigue due: rest now"),
    ("exploration", "fatigue_due", "rest now or make a CON save"),
    ("exploration", "rest_due", "rest now or make a CON save"),
])
def test_the_prompt_warns_while_a_result_waits(system, flag, words):
    c = Crawl(system)

    def prompt() -> str:
        return c.world.procedure.prompt.render(
            Run(c.world.procedure, c.world.tables, c.state, random.Random(0)).scope)

    assert words not in prompt()
    c.state = replace(c.state, values={**c.state.values, flag: 1})
    assert words in prompt()


def test_exploration_search_help_and_steps_carry_the_numbers():
    procedure = Crawl("exploration").world.procedure
    difficulty = procedure.actions["search"].args[0].help
    assert difficulty == ("easy (DC 8, a loose flagstone), normal (DC 12), hard (DC 16, a "
                          "master-crafted secret door)")
    for name in ("search", "force-door", "pick-lock", "listen"):
        assert "(0: use the difficulty)" in procedure.actions[name].args[1].help, name
    assert "the 1-in-N encounter die" in " ".join(procedure.steps)


def test_exploration_fatigue_result_says_1_fatigue_on_a_failed_save():
    c = Crawl("exploration")
    c.do("explore", faces=[4])
    said = " ".join(e.text for e in c.last.events if isinstance(e, Said))
    assert "CON save (DC 12) and gains 1 Fatigue on a failure" in said
