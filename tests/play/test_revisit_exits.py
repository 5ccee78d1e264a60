"""A move back rolls by the room it goes into: D12's encounter check on ``revisit`` counts
the exits of the room walked into (the seed: the exits of the room), in play and in odds."""

from __future__ import annotations

from tests.fake_env import solo


def test_revisit_checks_with_the_exits_of_the_room_walked_into(tmp_path):
    path = tmp_path / "j.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "9",
                stdin="enter 1\nenter 6\n").code == 0
    odds = solo("odds", str(path))
    assert "revisit      Random encounter (exits 1, Tension 0): 1 in 12" in odds.out
    played = solo("play", str(path), stdin="revisit\nrevisit R2\n")
    assert played.code == 0, played.err
    back, again = played.out.split("[#R:")[1:3]
    assert back.startswith("1]") and "Random encounter (exits 1, Tension 0)" in back
    assert again.startswith("2]") and "Random encounter (exits 6, Tension 0)" in again
