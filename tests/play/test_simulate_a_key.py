"""A dungeon key given to `simulate --dungeon` is refused as a key (simulate crawls only
rooms a generator rolls), not read as a broken generator file."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo

EXAMPLES = Path(__file__).resolve().parents[2] / "journals" / "examples"


def test_simulate_refuses_a_dungeon_key_as_a_key():
    key = EXAMPLES / (EXAMPLES / "d12-bell-abbey.dungeon").read_text(encoding="utf-8").strip()
    run = solo("simulate", "--system", "d12-tension", "--dungeon", str(key), "--turns", "10")
    assert run.code == 2
    line = run.error_line()
    assert "is a dungeon key" in line and "solo new JOURNAL --dungeon" in line
    assert "expected 'kind: generator'" not in line
