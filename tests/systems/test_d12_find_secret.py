"""D12's search for secrets is a linger (seed 000: lingering, "e.g., searching for secrets",
rolls the Dungeon Events table and the encounter check), and it lowers Tension only when it
finds a secret."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
TO_R4 = "enter\nenter N\nenter N\n"  # R4 hides nothing; R6, west of it, a secret way SW


def play(folder: Path, stdin: str, *more: str):
    return solo("new", str(folder / "j.md"), "--system", "d12-tension", "--seed", "7",
                *more, stdin=stdin)


def test_searching_a_room_that_hides_nothing_is_a_linger_and_leaves_tension(here):
    run = play(here, TO_R4 + "noise\nfind-secret\n", "--dungeon", str(ABBEY))
    assert run.code == 0, run.err
    search = run.out.split("@ find-secret", 1)[1]
    assert "### S4 *Turn 4" in run.out.split("@ find-secret", 1)[0].rsplit("@ noise", 1)[1]
    assert "Dungeon events (d12)" in search and "Random encounter (exits 4" in search
    assert "Nothing hidden is found here." in search
    assert "discovered a secret" not in search and "Tension 0/10" not in search


def test_searching_the_room_with_a_secret_finds_it_and_lowers_tension_once(here):
    run = play(here, TO_R4 + "enter W\nnoise\nfind-secret\nnoise\nfind-secret\n",
               "--dungeon", str(ABBEY))
    assert run.code == 0, run.err
    first, second = run.out.split("@ find-secret")[1:]
    assert "d: Random encounter (exits 2, Tension 1)" in first
    assert "=> [Clock:Tension 0/10] -1: discovered a secret" in first
    assert "A secret way SW is found" in first and "SW(secret)" in first
    assert "discovered a secret" not in second and "Nothing hidden is found here." in second


def test_search_is_find_secret_itself_and_finds_the_same(here):
    """Searching is what finds secrets (seed 000: lingering, "e.g., searching for secrets"),
    so 'search' is find-secret under another word: the same dice, the same find."""
    moves = TO_R4 + "enter W\nnoise\n{}\nrooms\n"
    by_name = play(here, moves.format("find-secret"), "--dungeon", str(ABBEY))
    (here / "j.md").unlink()
    by_word = play(here, moves.format("search"), "--dungeon", str(ABBEY))
    assert by_word.code == 0, by_word.err
    assert "=> [Clock:Tension 0/10] -1: discovered a secret" in by_word.out
    assert "exits N, SW(secret), E:R4" in by_word.out.rsplit("@ search", 1)[1]
    assert by_word.out == by_name.out.replace("@ find-secret", "@ search")


def test_a_found_count_typed_where_the_key_knows_is_refused(here):
    run = play(here, TO_R4 + "find-secret 4 1\n", "--dungeon", str(ABBEY))
    assert run.code == 1
    assert "the map knows what a search here finds" in run.err


def test_in_rooms_the_player_types_the_player_says_what_was_found(here):
    run = play(here, "enter 2\nnoise\nnoise\nfind-secret 2\nfind-secret 2 1\n")
    assert run.code == 0, run.err
    nothing, found = run.out.split("@ find-secret")[1:]
    assert "Nothing hidden is found here." in nothing and "Tension" not in \
        nothing.split("Random encounter")[1].split("\n", 1)[1]
    assert "=> [Clock:Tension 1/10] -1: discovered a secret" in found


def test_help_says_the_search_lingers_and_when_tension_falls(here):
    run = play(here, "help find-secret\n")
    assert run.code == 0, run.err
    words = " ".join(run.out.split())
    assert "a linger (a turn, its events and encounter check)" in words
    assert "Tension -1 only if a secret is found" in words and "also: search" in words
    (here / "j.md").unlink()
    linger = " ".join(play(here, "help linger\n").out.split())
    assert "searching for secrets is find-secret (or search)" in linger
    assert "also: rest" in linger and "also: rest, search" not in linger
