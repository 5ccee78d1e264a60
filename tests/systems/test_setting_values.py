"""A setting's values, declared in its procedure file (``choices``, ``min``, ``max``): `set`
and `party set` refuse any other in one line naming what it takes, `solo check` refuses a
default outside them, and a journal holding one from before is reset on resume."""

from __future__ import annotations

import pytest

from solo.engine.reconcile import reconcile
from solo.engine.state import State
from solo.engine.world_state import start
from solo.rules.catalog import load_world
from tests.fake_env import solo


@pytest.fixture
def journal(tmp_path):
    path = tmp_path / "ex.md"
    assert solo("new", str(path), "--system", "exploration", "--seed", "4").code == 0
    return path


@pytest.mark.parametrize(("line", "said"), [
    ("set encounter_in 0", "encounter_in must be at least 1"),
    ("set encounter_in -3", "encounter_in must be at least 1"),
    ("set bookkeeping yes-please", "bookkeeping takes hazard or traditional, not 'yes-please'"),
    ("set low_oil foo", "low_oil takes halve or warn, not 'foo'"),
])
def test_set_refuses_a_value_the_setting_does_not_take_and_play_goes_on(journal, line, said):
    before = journal.read_text()
    played = solo("play", str(journal), stdin=f"{line}\n")
    assert played.code == 1
    assert said in played.error_line()
    assert journal.read_text() == before
    turn = solo("play", str(journal), stdin="set bookkeeping traditional\nexplore\n")
    assert turn.code == 0, turn.err
    assert "d: " in journal.read_text() or "tbl: " in journal.read_text()


def test_set_takes_the_values_declared(journal):
    played = solo("play", str(journal), stdin="set low_oil warn\nset encounter_in 8\n"
                                               "set bookkeeping traditional\nexplore\n")
    assert played.code == 0, played.err
    assert "encounter_in is now 8" in played.out and "d8=" in journal.read_text()


def test_a_members_own_value_keeps_to_the_settings_bounds(tmp_path):
    path = tmp_path / "classic.md"  # (classic's search chance is a member's own: an elf's)
    assert solo("new", str(path), "--system", "classic", "--seed", "4").code == 0
    played = solo("play", str(path), stdin="party add Wren\nparty set Wren search_chance -1\n")
    assert played.code == 1
    assert "search_chance must be at least 0" in played.error_line()


@pytest.mark.parametrize(("setting", "problem"), [
    ("{value: fast, choices: [crawl, walk]}", "pace takes crawl or walk, not 'fast'"),
    ("{value: 0, min: 1}", "pace must be at least 1"),
    ("{value: 3, choices: [crawl]}", "choices are for a word setting"),
    ("{value: crawl, min: 1}", "min and max are for a number setting"),
    ("{value: crawl, choices: crawl}", "expected a list of words"),
    ("{value: 2, min: 3, max: 1}", "max must not be below min"),
    ("{choices: [crawl]}", "value"),
    ("{value: crawl, member: false}", "member is for a number setting"),
    ("{value: 2, member: maybe}", "expected true or false"),
])
def test_check_refuses_a_setting_whose_default_is_not_among_its_values(tmp_path, setting,
                                                                        problem):
    path = tmp_path / "p.yaml"
    path.write_text("kind: procedure\nid: p\nname: P\n"
                    f"settings:\n  pace: {setting}\n"
                    "actions:\n  explore: {time: 1}\n")
    checked = solo("check", str(path))
    assert checked.code == 1
    assert problem in checked.error_line() and "p.yaml:5: settings.pace" in checked.error_line()


def test_every_word_setting_of_the_shipped_procedures_names_its_choices():
    for system in ("classic", "d12-tension", "delving", "dungeon-turn", "exploration",
                   "overloaded", "trespasser"):
        procedure = load_world(system).procedure
        for name, default in procedure.settings.items():
            if isinstance(default, str):
                assert procedure.setting_values[name].choices, (system, name)


def test_a_value_set_before_its_values_were_declared_is_reset_on_resume():
    world = load_world("exploration")
    values = dict(start(world).values, encounter_in=0, low_oil="foo")
    state, notices = reconcile(world, State(values=values))
    assert state.values["encounter_in"] == 6 and state.values["low_oil"] == "halve"
    assert any("encounter_in was" in notice and "at least 1" in notice for notice in notices)
