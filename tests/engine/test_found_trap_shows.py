"""A trap found on a key's door by a search shows as ``N(trapped)`` from then on, in the
room's tag and in ``rooms``, and the party gets around it each time it goes through."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

KEY = """kind: key
id: tiny
name: Tiny crypt
entrance: R1
rooms:
  - id: R1
    name: Hole
    text: Dirt walls.
    exits:
      - {dir: S, to: out}
      - {dir: N, to: R2}
  - id: R2
    name: Bone pit
    text: Bones.
    exits:
      - {dir: N, to: R3, door: trapped}
  - id: R3
    name: Deep hall
    text: A long hall.
"""


def test_a_trap_a_search_found_on_a_keys_door_stays_shown(here: Path):
    (here / "k.yaml").write_text(KEY)
    searches = "find-secret\n" * 6
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "5",
               "--dungeon", "k.yaml",
               stdin=f"enter\nenter N\n{searches}enter N\ngo R2\ngo R3\nrooms\n")
    assert run.code == 0, run.err
    found = "A trap on the door N of R2 is found: the party can get around it."
    assert found in run.out
    after = run.out.split(found, 1)[1]
    assert after.startswith(")\n[R:2|active|Bone pit|exits N(trapped), S:R1]")
    assert "springs" not in after
    assert "R2 · Bone pit · active · exits N:R3(trapped), S:R1" in after
