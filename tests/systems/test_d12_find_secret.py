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
    assert "Tension -1 for each secret found, none if nothing is" in words
    assert "-1 for each trap found on a door of the room" in words and "also: search" in words
    (here / "j.md").unlink()
    linger = " ".join(play(here, "help linger\n").out.split())
    assert "searching for secrets is find-secret (or search)" in linger
    assert "also: rest" in linger and "also: rest, search" not in linger


def test_each_secret_found_is_a_discovery_and_lowers_tension_by_one(here):
    """Seed 000: "discovering a secret" -1; two secrets found are two discoveries."""
    run = play(here, "enter 2\nnoise\nnoise\nnoise\nfind-secret 2 2\nfind-secret 2 1\n")
    assert run.code == 0, run.err
    two, one = run.out.split("@ find-secret")[1:]
    assert "=> [Clock:Tension 1/10] -2: discovered 2 secrets" in two
    assert "=> [Clock:Tension 0/10] -1: discovered a secret" in one


CLASSIC = "enter\nenter\nenter\nenter\nenter\ncombat-escaped\nfind-secret\n"
"""Seed 5 in a rolled dungeon: R5 has a trapped door E and a secret way W; an enemy
escaped (Tension 4), and the search finds both."""


def test_a_trap_the_search_finds_lowers_tension_once_as_it_is_got_around(here):
    """Seed 000: "circumventing a trap" -1. The trap a search finds is got around from
    then on: Tension falls as it is found, and not again when the party goes through
    that door, or back through it."""
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "5",
               "--dungeon", "classic", stdin=CLASSIC + "enter E\nrevisit R5\nstatus\n")
    assert run.code == 0, run.err
    search, through = run.out.split("@ find-secret", 1)[1].split("@ enter E")
    assert "-1: discovered a secret" in search
    assert "A trap on the door E of R5 is found" in search
    assert "=> [Clock:Tension 2/10] -1: found a trap to get around" in search
    assert "E:R6(trapped)" in through and "\nTension: 2/10\n" in through
    assert "[Clock:Tension" not in through


def test_in_rooms_the_player_types_a_trapped_door_is_found_whatever_the_linger_rolled(here):
    """The search rolls no check of its own (its encounter check is not one), so the
    trapped door typed on the map is found, Tension -1, once; a count the map
    contradicts is refused."""
    run = play(here, "enter 2\nnoise\nnoise\nroom exits E(trapped)\nfind-secret 2 0 2\n"
               "find-secret\nfind-secret\n")
    assert run.code == 1 and "(the map counts the room's trapped doors, typed ones too: " \
        "'room exits E(trapped)' types one)" in run.err  # R1 is typed: no untrue reason
    found, again = run.out.split("@ find-secret")[1:]
    assert "=> [Clock:Tension 1/10] -1: found a trap to get around" in found
    assert "A trap on the door E of R1 is found" in found
    assert "Nothing hidden is found here." not in found
    assert "Nothing hidden is found here." in again and "[Clock:Tension" not in again


def test_a_trap_the_search_counted_is_not_counted_again_by_disarm_trap(here):
    """Seed 000's table: -1 for disarming or circumventing a trap, one trap one -1. The
    trap find-secret found on R5's door E lowered Tension as it was found: disarming it (or
    getting around it) there, or in R6 beyond that door, is refused with the reason, and
    leaves Tension; another trap, the player says so, counts."""
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "5",
               "--dungeon", "classic", stdin=CLASSIC + "disarm-trap\ncircumvent-trap\n"
               "enter E\ndisarm-trap\ndisarm-trap another\n")
    assert run.code == 1
    assert run.err.count("was counted as it was found (by a search, or by disarm-trap): a "
                         "trap counts once. 'disarm-trap another' for a trap the map does "
                         "not show.") == 3
    after = run.out.split("@ find-secret", 1)[1]
    assert "@ disarm-trap\n" not in after and "@ circumvent-trap" not in after
    assert after.split("@ disarm-trap another", 1)[1].startswith(
        "\n=> [Clock:Tension 1/10] -1: disarmed a trap")


def test_disarm_trap_where_no_search_found_one_lowers_tension(here):
    run = play(here, "enter 2\nnoise\nnoise\ndisarm-trap\n")
    assert run.code == 0, run.err
    assert "=> [Clock:Tension 1/10] -1: disarmed a trap" in run.out


def test_a_door_trap_disarmed_before_a_search_is_found_and_not_counted_again(here):
    """One trap, one -1: R5's trapped door E, disarmed before any search, is marked found
    (shown as E(trapped)); the search after finds the secret way and not that trap again,
    nor lowers Tension for it."""
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "5",
               "--dungeon", "classic", stdin=CLASSIC.replace("find-secret", "disarm-trap\n"
                                                           "find-secret"))
    assert run.code == 0, run.err
    disarm, search = run.out.split("@ disarm-trap", 1)[1].split("@ find-secret")
    assert "=> [Clock:Tension 3/10] -1: disarmed a trap" in disarm
    assert "The trap disarmed is the one on the door E of R5" in disarm
    assert "exits S:R4, N, E(trapped)]" in disarm
    assert "=> [Clock:Tension 2/10] -1: discovered a secret" in search
    assert "trap" not in search.replace("E(trapped)", "")


def test_a_typed_trapped_door_disarmed_is_not_found_again_by_a_search(here):
    run = play(here, "enter 2\nnoise\nnoise\nroom exits E(trapped)\ndisarm-trap\n"
               "find-secret\ndisarm-trap\n")
    assert run.code == 1 and "a trap counts once" in run.err
    disarm, search = run.out.split("@ disarm-trap", 1)[1].split("@ find-secret")
    assert "=> [Clock:Tension 1/10] -1: disarmed a trap" in disarm
    assert "The trap disarmed is the one on the door E of R1" in disarm
    assert "Nothing hidden is found here." in search and "[Clock:Tension" not in search
    assert "\n@ disarm-trap\n" not in search


def test_another_trap_leaves_the_door_trap_for_the_search_to_count(here):
    """'disarm-trap another' is a trap the map does not show: the trapped door stays
    unfound, and the search that finds it counts it."""
    run = play(here, "enter 2\nnoise\nnoise\nroom exits E(trapped)\ndisarm-trap another\n"
               "find-secret\n")
    assert run.code == 0, run.err
    disarm, search = run.out.split("@ disarm-trap another", 1)[1].split("@ find-secret")
    assert "=> [Clock:Tension 1/10] -1: disarmed a trap" in disarm
    assert "The trap disarmed" not in disarm and "(trapped)" not in disarm
    assert "=> [Clock:Tension 0/10] -1: found a trap to get around" in search


def test_a_room_of_its_own_trapped_counts_a_plain_disarm_beside_a_found_door_trap(here):
    """The room's own trap (its status trapped) is no door's: no search counts it, so the
    plain command counts it, though the search counted the trap on its door E; where the
    door's is the only trap left (the room beyond it), it is refused."""
    run = play(here, "enter 2\nnoise\nnoise\nnoise\nroom +trapped\nroom exits E(trapped)\n"
               "find-secret\ndisarm-trap\nenter E\ndisarm-trap\n")
    assert run.code == 1 and run.err.count("a trap counts once") == 1
    assert "line 10:" in run.err
    search, disarm = run.out.split("@ find-secret", 1)[1].split("@ disarm-trap")
    assert "=> [Clock:Tension 2/10] -1: found a trap to get around" in search
    assert "=> [Clock:Tension 1/10] -1: disarmed a trap" in disarm
    assert "The trap disarmed" not in disarm
