"""The small ones of issue 40: a word never becomes part of a name, each argument's error
names the argument, and a name added to the header's party by hand is answered."""

from __future__ import annotations

import re

import pytest

from tests.fake_env import solo

SYSTEMS = ["delving", "d12-tension", "dungeon-turn", "exploration", "trespasser"]


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("line", ["party add Dee con_bonus 1_000", "party add Dee foo_bar 1",
                                  "party add Dee luck 2"])
def test_party_add_refuses_an_unknown_setting_by_name(tmp_path, system, line):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", system, "--seed", "1").code == 0
    played = solo("play", str(path), stdin=line + "\n")
    assert played.code == 1
    key = line.split()[3]
    error = played.error_line()
    if system == "exploration" and key == "con_bonus":  # its own setting: the number is wrong
        assert "con_bonus takes a whole number, not '1_000'" in error
    else:
        assert f"'{key}' is not kept per member" in error
    assert "joins the party" not in path.read_text()


@pytest.mark.parametrize(("argv", "named"), [
    (["simulate", "--system", "delving", "--turns", "1e20"], "argument --turns: expected a whole"),
    (["simulate", "--system", "delving", "--turns", "0"], "argument --turns: expected a whole"),
    (["simulate", "--system", "delving", "--seed", "x"], "argument --seed: a seed is a whole"),
    (["ask", "--chaos", "many", "Is", "it?"], "argument --chaos: expected a whole number"),
    (["roll", "--seed", "1.5", "d6"], "argument --seed: a seed is a whole"),
])
def test_each_arguments_error_names_the_argument(argv, named):
    done = solo(*argv)
    assert done.code == 2
    assert named in done.error_line()


def test_a_name_added_to_the_header_by_hand_is_answered(tmp_path):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "1",
                "--party", "Wren").code == 0
    text = path.read_text()
    path.write_text(re.sub(r"^party: \[Wren\]$", "party: [Wren, Dee]", text, flags=re.M))
    played = solo("play", str(path), stdin="enter 2\n")
    assert played.code == 0
    assert "header names Dee in its party" in played.err and "'party add Dee'" in played.err
    added = solo("play", str(path), stdin="party add Dee\n")
    assert "[PC:Dee|HP 8/8] joins the party" in added.out
    again = solo("play", str(path), stdin="enter 1\n")
    assert "header names" not in again.err


def test_a_member_who_left_is_no_notice(tmp_path):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "1",
                "--party", "Wren", "--party", "Ott", stdin="party remove Ott\n").code == 0
    played = solo("play", str(path), stdin="enter 2\n")
    assert played.code == 0 and "header names" not in played.err
