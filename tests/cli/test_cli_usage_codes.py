"""A bad value typed on the command line is a usage error: exit 2 and one line, whichever
option or argument it was typed in (exit 1 is for a file, a journal, the world)."""

from __future__ import annotations

import pytest

from tests.fake_env import solo

BAD_VALUES = [
    (("new", "j.md", "--system", "nosuch"), "unknown system 'nosuch'"),
    (("new", "j.md", "--system", "mine.yaml"), "no procedure file 'mine.yaml'"),
    (("new", "j.md", "--system", "classic", "--dungeon", "nosuch"), "unknown generator"),
    (("new", "j.md", "--system", "classic", "--dungeon", "mill.yaml"),
     "no generator or key file 'mill.yaml', and no generator of that id"),
    (("new", "j.md", "--system", "classic", "--oracle", "foo"), "unknown oracle style 'foo'"),
    (("new", "j.md", "--system", "classic", "--dungeon", "classic", "--dungeon-set",
      "doors=foo"), "not 'foo'"),
    (("ask", "Is it?", "--chaos", "x"), "expected a whole number, not 'x'"),
    (("ask", "Is it?", "--chaos", "0"), "from 1 to 9, not 0"),
    (("ask", "Is it?", "--style", "foo"), "unknown oracle style 'foo'"),
    (("ask", "Is it?", "--odds", "foo"), "unknown odds 'foo'"),
    (("ask", "Is it? foo"), "unknown odds 'foo'"),
    (("roll", "3d6*2"), "cannot read dice expression '3d6*2'"),
    (("roll", "3d6*2", "--seed", "1"), "cannot read dice expression '3d6*2'"),
    (("roll", "--seed", "1", "--", "3d6*2"), "cannot read dice expression '3d6*2'"),
    (("roll", "1001d6"), "the limit is"),
    (("roll", "d0"), "0-sided die"),
    (("roll", "2d6", "damage"), "solo roll takes a dice expression alone"),
    (("simulate", "--system", "nosuch"), "unknown system 'nosuch'"),
    (("new-procedure", "bad name"), "is not a procedure id"),
]


@pytest.mark.parametrize("args, says", BAD_VALUES, ids=[" ".join(a) for a, _ in BAD_VALUES])
def test_a_bad_value_on_the_command_line_exits_2_in_one_line(args, says, tmp_path,
                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = solo(*args)
    assert (done.code, done.out) == (2, ""), done.err
    assert says in done.error_line()
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_missing_file_stays_an_error_of_exit_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = solo("export", "nosuch.md")
    assert done.code == 1 and "no journal" in done.error_line()


@pytest.mark.parametrize("args", [
    ("ask", "Is it?", "--odds", "likely", "--odds", "unlikely"),
    ("ask", "Is it?", "--style", "mythic", "--style", "opse"),
    ("ask", "Is it?", "--seed", "1", "--seed", "2"),
    ("roll", "d6", "--seed", "1", "--seed=2"),
    ("new", "j.md", "--system", "classic", "--system", "delving"),
    ("new", "j.md", "--system", "classic", "--oracle", "opse", "--oracle", "mythic"),
    ("export", "j.md", "--format", "md", "--format", "html"),
])
def test_an_option_given_twice_is_refused_not_overwritten(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = solo(*args)
    assert (done.code, done.out) == (2, ""), done.err
    assert "given twice; give it once" in done.error_line()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, says", [
    (("ask", "Is it?", "--odds", ""), "empty odds"),
    (("ask", "Is it?", "--style", " "), "an empty oracle style; choose one of"),
    (("new", "j.md", "--system", "classic", "--oracle", ""), "an empty oracle style"),
    (("new", "", "--system", "classic"), "argument journal: an empty path"),
    (("new", "j.md", "--system", "classic", "--tables", ""), "argument --tables: an empty path"),
    (("new", "j.md", "--system", "classic", "--party-from", ""),
     "argument --party-from: an empty path"),
    (("new", "j.md", "--system", "classic", "--dungeon", ""), "--dungeon: needs a generator"),
    (("simulate", "--system", "classic", "--dungeon", ""), "--dungeon: needs a generator"),
    (("simulate", "--system", "classic", "--action", ""), "--action: an empty command"),
    (("simulate", "--system", "classic", "--setup", " "), "--setup: an empty command"),
    (("play", ""), "argument journal: an empty path"),
    (("stats", ""), "argument journal: an empty path"),
    (("status", ""), "argument journal: an empty path"),
    (("odds", ""), "argument journal: an empty path"),
    (("export", ""), "argument journal: an empty path"),
    (("export", "j.md", "-o", ""), "argument -o/--output: an empty path"),
    (("check", ""), "argument files: an empty path"),
    (("import", ""), "argument file: an empty path"),
    (("import", "x.json", "-o", ""), "argument -o/--output: an empty path"),
    (("new-procedure", "x", "-o", ""), "argument -o/--output: an empty path"),
    (("search", "bones", ""), "an empty path"),
    (("new", "j.md", "--system", "classic", "--title", "new\nline"), "a title is one line"),
    (("new", "j.md", "--system", "classic", "--title", "bell\x07"), "a title is one line"),
])
def test_an_empty_value_is_refused_not_taken_for_the_default(args, says, tmp_path,
                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    done = solo(*args)
    assert (done.code, done.out) == (2, ""), done.err
    assert says in done.error_line()
    assert list(tmp_path.iterdir()) == []


def test_a_missing_file_or_a_folder_named_as_a_file_exits_1(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    assert solo("new", "j.md", "--system", "classic").code == 0
    for args, says in ((("search", "foo", "nosuch.md"), "no journal or folder 'nosuch.md'"),
                       (("export", "j.md", "-o", "adir"), "adir is a folder; name a file"),
                       (("check", "adir"), "adir is a folder; name the files in it"),
                       (("import", "adir"), "adir is a folder; name the export's JSON file")):
        done = solo(*args)
        assert done.code == 1, args
        assert says in done.error_line(), args


def test_an_unrecognised_argument_names_the_help_of_its_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args, help_of in ((("stats", "j.md", "--jsn"), "solo stats --help"),
                          (("systems", "extra"), "solo systems --help"),
                          (("--jsn",), "solo --help")):
        done = solo(*args)
        assert done.code == 2, args
        assert done.error_line().endswith(f"(see: {help_of})"), args


def test_dice_that_start_with_a_minus_are_told_to_go_after_a_double_dash(tmp_path,
                                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (("roll", "-d6"), ("roll", "--seed", "1", "-D6")):
        done = solo(*args)
        assert (done.code, done.out) == (2, ""), args
        assert "write dice that start with a minus after --, as in: solo roll -- -" \
            in done.error_line(), args
    assert solo("roll", "--seed", "1", "--", "-d6").code == 0
    assert solo("roll", "-2d6").code == 0  # a number first: no option, rolled

