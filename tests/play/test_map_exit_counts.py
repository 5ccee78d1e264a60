"""The exits D12's encounter check counts where solo gives the rooms (a key or a generator):
the map's, whatever count is typed; a count that differs is refused in one line that says
the map's. In rooms the player types, the player's count stands."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
KEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"


def checks(out: str) -> list[str]:
    return [line.split(" d12=")[0] for line in out.splitlines() if line.startswith("d: ")]


def test_a_rolled_rooms_exits_are_the_maps_and_another_count_is_refused(here):
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "4", "--dungeon", "classic",
               stdin="enter\nlinger 9\nlinger 2\nlinger\nfind-secret exits=5\n")
    assert run.code == 1  # a batch with refusals in it
    assert "[R:1|active, trapped|a cistern, water dripping from the ceiling|exits N, W]" \
        in run.out
    assert checks(run.out) == ["d: Random encounter (exits 2, Tension 0)"] * 3
    refused = [line for line in run.err.splitlines() if line.startswith("solo: error:")]
    assert len(refused) == 2
    assert "line 2: R1 has 2 exits on the map, which 'linger' counts: leave out the 9 " \
           "('room exits …' changes them)" in refused[0]
    assert "line 5: R1 has 2 exits on the map, which 'find-secret' counts: leave out " \
           "the 5" in refused[1]
    assert "exits 9" not in (here / "j.md").read_text(encoding="utf-8")


def test_a_keyed_rooms_exits_are_the_keys(here):
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "5", "--dungeon", str(KEY),
               stdin="enter\nlinger 5\nlinger\n")
    assert run.code == 1
    assert "[R:1|active|Cellar stair|exits S(out), N, E]" in run.out
    assert "solo: error: line 2: R1 has 3 exits on the map, which 'linger' counts: leave " \
           "out the 5 — " in run.err  # (the key's exits: no 'room exits' to change them)
    assert checks(run.out) == ["d: Random encounter (exits 3, Tension 0)"] * 2


def test_in_rooms_the_player_types_the_count_typed_stands(here):
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "4",
               stdin="enter 3\nlinger 5\nlinger\n")
    assert run.code == 0, run.err
    assert checks(run.out) == ["d: Random encounter (exits 3, Tension 0)",
                               "d: Random encounter (exits 5, Tension 0)",
                               "d: Random encounter (exits 3, Tension 0)"]


def test_the_recap_says_what_to_type_in_that_journal(here):
    for name, given in (("keyed.md", ("--dungeon", str(KEY))),
                        ("rolled.md", ("--dungeon", "classic")), ("typed.md", ())):
        assert solo("new", name, "--system", "d12-tension", "--seed", "4", *given,
                    stdin="enter\n").code == 0
    nexts = {name: next(line for line in solo("status", name).out.splitlines()
                        if line.startswith("Next: "))
             for name in ("keyed.md", "rolled.md", "typed.md")}
    for name in ("keyed.md", "rolled.md"):  # the map counts the exits: none to type
        assert "enter (a new room), linger (rest) or find-secret (search)" in nexts[name]
    assert "enter EXITS (a new room), linger EXITS (rest) or find-secret" in nexts["typed.md"]


def test_a_count_on_a_move_back_that_goes_nowhere_is_refused_for_the_way_not_the_count(
        tmp_path):
    journal = tmp_path / "a.md"
    played = solo("new", str(journal), "--system", "d12-tension", "--seed", "2", "--dungeon",
                  "classic", stdin="enter\nenter N\nrevisit R9 5\nrevisit E 5\n")
    errors = [line for line in played.err.splitlines() if line.startswith("solo: error")]
    assert errors == ["solo: error: line 3: no room 'R9' on the map; 'rooms' lists them",
                      "solo: error: line 4: R2 has no exit E"]


def test_the_steps_give_the_count_only_where_the_player_maps_by_hand(here):
    """D12's steps are one text for every journal: where a key or a generator gives the
    rooms a count typed is refused, so each move's first form is the bare word, and the
    count is said to be for rooms mapped by hand."""
    run = solo("new", "j.md", "--system", "d12-tension", "--seed", "4", "--dungeon", str(KEY),
               stdin="steps\nenter\nlinger\n")
    assert run.code == 0, run.err
    enter, linger = (line for line in run.out.splitlines() if line[:3] in ("1. ", "2. "))
    for line, move in ((enter, "enter"), (linger, "linger")):
        said = line.partition(": ")[2]  # (what to type, after the step's own words)
        assert said.startswith((f"{move};", f"{move} (")), line
        assert f"{move} EXITS" in said and "where you map by hand" in said, line
