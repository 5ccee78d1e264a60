"""Trespasser's successful search of an area that hides nothing says so, as D12's
find-secret does, where the map knows (a rolled area, a key's): 'No secret is found here.'
(a trap on a door, which the search finds too, is said on its own line). In an area the
player describes, solo does not know: the player says it with the count (search success
0), and a bare 'search success' claims nothing."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

NOTHING = "(note: No secret is found here.)"


def searched(folder: Path, seed: str, *lines: str, dungeon: tuple[str, ...] = ()) -> str:
    run = solo("new", str(folder / "j.md"), "--system", "trespasser", "--seed", seed,
               *dungeon, stdin="".join(f"{line}\n" for line in ("light torch", *lines)))
    assert run.code == 0, run.err
    return run.out[run.out.rindex("@ search"):]


ROLLED = ("--dungeon", "classic", "--dungeon-set", "doors=barred")


def test_a_rolled_area_that_hides_nothing_says_so(tmp_path):
    said = searched(tmp_path, "1", "advance", "search success", dungeon=ROLLED)
    assert said.splitlines()[1:3] == [
        NOTHING, "(note: A trap on the door E of R1 is found: the party can get around it.)"]


def test_a_rolled_area_with_secret_ways_finds_them_and_says_nothing_more(tmp_path):
    said = searched(tmp_path, "10", "advance", "search success", dungeon=ROLLED)
    assert "A secret way E is found." in said and NOTHING not in said


def test_a_failed_search_says_only_that_it_learns_nothing(tmp_path):
    said = searched(tmp_path, "1", "advance", "search failure", dungeon=ROLLED)
    assert "They learn nothing at all." in said and NOTHING not in said
    assert "trap on the door" not in said


def test_in_an_area_the_player_describes_the_player_says_what_is_found(tmp_path):
    for name, line, says in (("a", "search success", False), ("b", "search success 0", True),
                             ("c", "search success 1", False)):
        (tmp_path / name).mkdir()
        said = searched(tmp_path / name, "3", line)
        assert said.startswith(f"@ {line}\n") and (NOTHING in said) is says, said


def test_the_map_refuses_a_count_it_contradicts(tmp_path):
    run = solo("new", str(tmp_path / "j.md"), "--system", "trespasser", "--seed", "1",
               *ROLLED, stdin="light torch\nadvance\nsearch success 2\n")
    assert run.code == 1
    assert run.err.splitlines()[-1] == (
        "solo: error: line 3: the map knows what a search here finds: 'search "
        "success|failure|feature' searches (the found count is for rooms the player types)")
