"""A command that changes nothing says so and journals nothing: ``heal`` at full hit
points, ``hurt`` at 0, where solo wrote an entry with no line in it (which ``undo`` then
took back)."""

from __future__ import annotations

import pytest

from tests.fake_env import solo


def _entries(text: str, line: str) -> int:
    return text.count(f'"cmd":"{line}"')


@pytest.mark.parametrize(("lines", "said"), [
    (["heal 5"], "every member has all their HP already: heal changes nothing"),
    (["Wren: hurt 8", "Wren: hurt 2"], "Wren is at 0 HP already: hurt changes nothing"),
    (["Wren: hurt 8", "Ott: hurt 8", "hurt 1"],
     "every member is at 0 HP already: hurt changes nothing"),
    (["Ott: heal 1"], "Ott has all 8 HP already: heal changes nothing"),
])
def test_a_change_of_hit_points_that_changes_nothing_is_refused(tmp_path, lines, said):
    path = tmp_path / "h.md"
    assert solo("new", str(path), "--system", "delving", "--seed", "1", "--party", "Wren",
                "--party", "Ott", stdin="".join(f"{line}\n" for line in lines[:-1])).code == 0
    before = path.read_text()
    played = solo("play", str(path), stdin=lines[-1] + "\n")
    assert played.code == 1
    assert said in played.error_line()
    assert _entries(path.read_text(), lines[-1]) == _entries(before, lines[-1])


def test_a_heal_that_reaches_anyone_is_journaled_as_before(tmp_path):
    path = tmp_path / "h.md"
    played = solo("new", str(path), "--system", "delving", "--seed", "1", "--party", "Wren",
                  "--party", "Ott", stdin="Wren: hurt 3\nheal 5\nundo\n")
    assert played.code == 0, played.err
    assert "=> [PC:Wren|HP 8/8] HP +3: healed" in played.out
    assert "(note: undo: took back heal 5)" in path.read_text()


def test_a_condition_set_to_the_count_it_has_is_refused(tmp_path):
    path = tmp_path / "e.md"
    played = solo("new", str(path), "--system", "exploration", "--seed", "1", "--party",
                  "Wren", stdin="party set Wren fatigue 0\nparty set Wren fatigue 2\n")
    assert played.code == 1
    assert "Wren's fatigue is 0 already: party set changes nothing" in played.err
    assert "Fatigue +2: set by the player" in played.out
    assert _entries(path.read_text(), "party set Wren fatigue 0") == 0


@pytest.mark.parametrize(("lines", "said"), [
    (["party set Wren con_bonus 0"], "Wren's con_bonus is 0 already: party set changes nothing"),
    (["party set Wren con_bonus 2", "party set Wren con_bonus 2"],
     "Wren's con_bonus is 2 already: party set changes nothing"),
])
def test_an_own_setting_set_to_the_value_it_has_is_refused(tmp_path, lines, said):
    """A member's own setting (``con_bonus``) at the value they play with already (the
    party's, or their own) is refused as a condition is, where it wrote an entry that
    showed nothing."""
    path = tmp_path / "o.md"
    assert solo("new", str(path), "--system", "exploration", "--seed", "1", "--party", "Wren",
                stdin="".join(f"{line}\n" for line in lines[:-1])).code == 0
    before = path.read_text()
    played = solo("play", str(path), stdin=lines[-1] + "\n")
    assert played.code == 1
    assert said in played.error_line()
    assert path.read_text() == before


def test_an_own_setting_that_changes_is_journaled(tmp_path):
    path = tmp_path / "o.md"
    played = solo("new", str(path), "--system", "exploration", "--seed", "1", "--party",
                  "Wren", stdin="party set Wren con_bonus 2\nparty set Wren con_bonus 0\n")
    assert played.code == 0, played.err
    assert "con_bonus +2: set by the player" in played.out
    assert _entries(path.read_text(), "party set Wren con_bonus 0") == 1
