"""A member's own value of a number setting (``party add Cid con_bonus 2``, ``party set Wren
con_bonus -1``): it counts wherever a rule reads that setting for them (inside ``members:``,
or for the member who acts), and the party's value counts everywhere else."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.events import Checked, MemberChanged
from solo.engine.state import State
from solo.errors import UsageError
from solo.play.resume import resume_file as resume
from solo.rules.catalog import load_world
from solo.rules.world import World
from tests.conftest import ScriptedRandom, perform_line
from tests.fake_env import run_here

PROCEDURE = """\
kind: procedure
id: own-settings
name: Own settings
party: {hp: 6}
settings: {grit: 0, mood: calm}
actions:
  brace:
    help: Each member braces, then the party as one.
    effects:
      - members:
          - check: {label: "Brace for {member}", dice: d20, plus: grit, success: "roll >= 12"}
      - check: {label: "The party braces", dice: d20, plus: grit, success: "roll >= 12"}
  dodge:
    help: Whoever acts dodges.
    effects:
      - check: {label: "Dodge", dice: d20, plus: grit, success: "roll >= 12"}
"""


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    path = tmp_path_factory.mktemp("own") / "own-settings.yaml"
    path.write_text(PROCEDURE, encoding="utf-8")
    return load_world(path)


def play(world, state, line, faces=(), actor=None):
    result = perform_line(world, state, line, ScriptedRandom(faces), actor)
    return result.state, [event for event in result.events if isinstance(event, Checked)]


def party(world) -> State:
    state = engine.start(world, party=["Wren", "Ott"])
    state, _ = play(world, state, "party add Cid hp 5 grit 3")
    state, _ = play(world, state, "party set Wren grit -1")
    return state


def test_each_member_rolls_with_their_own_value_and_the_party_with_its_own(world):
    state, checks = play(world, party(world), "brace", faces=[10, 10, 10, 10])
    assert [(check.label, check.plus, check.success) for check in checks] == [
        ("Brace for Wren", -1, False), ("Brace for Ott", 0, False),
        ("Brace for Cid", 3, True), ("The party braces", 0, False)]


def test_the_member_who_acts_uses_their_own_value(world):
    state = party(world)
    assert [c.plus for c in play(world, state, "dodge", [11], actor="Cid")[1]] == [3]
    assert [c.plus for c in play(world, state, "dodge", [11], actor="Ott")[1]] == [0]
    assert [c.plus for c in play(world, state, "dodge", [11])[1]] == [0]  # no one named
    # acting as Cid, each member still braces with their own, and the party with Cid's
    _, checks = play(world, state, "brace", [10] * 4, actor="Cid")
    assert [c.plus for c in checks] == [-1, 0, 3, 3]


def test_changing_the_partys_value_leaves_a_members_own(world):
    state, _ = play(world, party(world), "set grit 2")
    _, checks = play(world, state, "brace", faces=[10] * 4)
    assert [c.plus for c in checks] == [-1, 2, 3, 2]


def test_own_values_are_journaled_kept_and_refused_when_they_do_not_fit(world):
    state = engine.start(world, party=["Wren"])
    result = perform_line(world, state, "party set wren grit 2", random.Random(1))
    changed = [event for event in result.events if isinstance(event, MemberChanged)]
    assert changed == [MemberChanged("Wren", "grit", "grit", 0, 2, "set by the player", 6, 6,
                                     ("grit +2",))]
    again = State.from_json(result.state.to_json())
    assert again == result.state and again.party[0].own == (("grit", 2),)
    for line, message in [("party set Wren mood 2", "not kept per member"),
                          ("party set Wren hp 3", "hurt and heal"),
                          ("party set Zed grit 1", "no one called 'Zed'"),
                          ("party add Cid grit 5000", "from -1000 to 1000")]:
        with pytest.raises(UsageError, match=message):
            perform_line(world, result.state, line, random.Random(1))


def test_a_setting_the_procedure_dropped_is_dropped_from_members_on_resume(world,
                                                                          tmp_path: Path):
    state = party(world)
    edited = tmp_path / "own-settings.yaml"
    edited.write_text(PROCEDURE.split("actions:")[0].replace("grit: 0, ", "")
                      + "actions:\n  wait: {help: Wait.}\n", encoding="utf-8")
    fitted, notices = engine.reconcile(load_world(edited), state)
    assert all(member.own == () for member in fitted.party)
    assert any("own settings" in notice for notice in notices)


def test_exploration_saves_with_each_characters_own_con_bonus(tmp_path: Path):
    """Dungeon Exploration through the command line: each character's CON save adds their
    own con_bonus (party set), shown in the journal and kept across sessions."""
    made = run_here("new", "j.md", "--system", "exploration", "--seed", "3", "--party", "Wren",
                    "--party", "Ott", cwd=tmp_path,
                    stdin="party set Wren con_bonus 2\nparty\n")
    assert made.returncode == 0, made.stderr
    assert "=> [PC:Wren|HP 8/8|con_bonus +2] con_bonus +2: set by the player" in made.stdout
    assert "Wren: HP 8/8, con_bonus +2" in made.stdout
    assert resume(tmp_path / "j.md").state.party[0].own == (("con_bonus", 2),)
    # play until the fatigue result calls for CON saves, then read their bonuses
    text = ""
    for _ in range(40):
        run_here("play", "j.md", cwd=tmp_path, stdin="light torch\nexplore\n" * 5)
        text = (tmp_path / "j.md").read_text()
        if "CON save (DC 12) for Wren" in text:
            break
    saves = [line for line in text.splitlines() if line.startswith("d: CON save (DC 12) for")]
    assert any("for Wren" in line for line in saves), "no CON save for Wren in 200 turns"
    assert any("for Ott" in line for line in saves)
    assert all(("d20+2=" in line) == ("for Wren" in line) for line in saves), saves


def test_a_members_search_adds_their_own_wis_bonus(tmp_path: Path):
    made = run_here("new", "j.md", "--system", "exploration", "--seed", "5", "--party", "Wren",
                    cwd=tmp_path, stdin="party set Wren wis_bonus 4\nlight torch\nWren: search\n"
                    "search\n")
    assert made.returncode == 0, made.stderr
    checks = [line for line in made.stdout.splitlines()
              if line.startswith("d: WIS check to search")]
    assert len(checks) == 2
    assert "d20+4=" in checks[0] and "d20=" in checks[1]  # Wren's, then the party's
