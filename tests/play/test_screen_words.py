"""The screen's words (issue 37, item 7): help wraps at words, ``tables`` lists this crawl's
tables, a die asked for names its roll, and counts agree with their nouns."""

from __future__ import annotations

import random

import pytest

from solo.engine.core import start
from solo.play.help_text import help_lines
from solo.play.physical import die_prompt
from solo.play.tables_view import crawl_tables, tables_lines
from solo.rules.catalog import load_world
from solo.rules.tables import expand_inline_dice
from tests.fake_env import solo

SYSTEMS = ["delving", "d12-tension", "dungeon-turn", "exploration", "trespasser"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("topic", ["", "light", "ask", "party", "tables"])
def test_help_wraps_at_words_within_78_columns(system, topic):
    world = load_world(system)
    lines = help_lines(world, start(world), topic)
    assert all(len(line) <= 78 for line in lines), max(lines, key=len)
    if not topic:  # every action, tool and session word shows whole in its list
        listed = {word.strip(" ,") for line in lines if ": " in line or line.startswith("   ")
                  for word in line.split(": ", 1)[-1].split(", ")}
        named = set(world.procedure.actions) | {"light", "douse", "party", "help", "tables"}
        assert named <= listed, named - listed


def test_a_hyphenated_command_is_never_cut_in_help():
    world = load_world("d12-tension")
    lines = help_lines(world, start(world), "")
    assert not [line for line in lines if line.rstrip().endswith("-")]
    assert any("combat-escaped" in line for line in lines)


@pytest.mark.parametrize(("system", "expected"), [
    ("delving", {"delving-encounters", "delving-shifts", "hazard"}),
    ("trespasser", {"trespasser-encounters"}),
    ("dungeon-turn", {"dungeon-turn-encounters", "dungeon-turn-signs", "disposition", "hazard",
                      "dungeon-turn-local-effects"}),
])
def test_tables_lists_this_crawls_tables(system, expected):
    world = load_world(system)
    assert expected <= set(crawl_tables(world))
    assert not {"d12-encounters", "event-focus"} & set(crawl_tables(world))
    lines = tables_lines(world)
    assert lines[-1].endswith("'tables all' lists them; 'table NAME' rolls any)")
    assert len(tables_lines(world, everything=True)) == len(world.table_names())


def test_tables_at_the_table(tmp_path):
    path = tmp_path / "j.md"
    played = solo("new", str(path), "--system", "trespasser", "--seed", "1",
                  stdin="tables\ntables all\ntables some\n")
    assert played.out.count("trespasser-encounters: ") == 2
    assert played.out.count("d12-encounters: ") == 1  # under 'tables all' only
    assert "tables takes 'all' or nothing" in played.err


def test_a_player_tables_file_is_this_crawls(tmp_path):
    own = tmp_path / "mine.yaml"
    own.write_text("kind: tables\ntables:\n  omens:\n    title: Omens\n    dice: d4\n"
                   "    entries:\n      1-2: A cold wind\n      3-4: A far bell\n")
    path = tmp_path / "j.md"
    played = solo("new", str(path), "--system", "trespasser", "--seed", "1",
                  "--tables", str(own), stdin="tables\n")
    assert played.code == 0, played.err
    assert "omens: Omens" in played.out


@pytest.mark.parametrize(("purpose", "prompt"), [
    ("Light depletion check, Torch (d6, out on a 1)",
     "Light depletion check, Torch (d6, out on a 1): "),
    ("Trespasser encounters", "Trespasser encounters (d8): "),
    ("", "A d8 (Enter: solo rolls it): "),
])
def test_a_die_asked_for_names_its_roll(purpose, prompt):
    assert die_prompt(8 if "d6" not in purpose else 6, purpose) == prompt


class Ones(random.Random):
    """Every die shows 1."""

    def randint(self, a: int, b: int) -> int:
        return 1

    def _randbelow(self, n: int) -> int:  # type: ignore[override]
        return 0


@pytest.mark.parametrize(("text", "one", "three"), [
    ("1d6 giant ants carrying food", "1 giant ant carrying food",
     "3 giant ants carrying food"),
    ("1d4 giant fire beetles", "1 giant fire beetle", "3 giant fire beetles"),
    ("1d6 boxes of nails", "1 box of nails", "3 boxes of nails"),
    ("1d4 damage for each of the guards", "1 damage for each of the guards",
     "3 damage for each of the guards"),
    ("1d8 of an hour's rest", "1 of an hour's rest", "3 of an hour's rest"),
])
def test_a_count_agrees_with_its_noun(text, one, three):
    assert expand_inline_dice(text, Ones())[0] == one

    class Threes(Ones):
        def randint(self, a: int, b: int) -> int:
            return 3

        def _randbelow(self, n: int) -> int:  # type: ignore[override]
            return 2

    assert expand_inline_dice(text, Threes())[0] == three


def test_one_turn_left_is_one_turn(tmp_path):
    path = tmp_path / "j.md"
    played = solo("new", str(path), "--system", "exploration", "--seed", "1",
                  stdin="light torch\n" + "rest\n" * 5 + "lights\n")
    assert "1 turn left" in played.out and "1 turns" not in played.out
