"""`odds` names the moves it leaves out and why, as clauses of one line, each naming its
move (the reason of one may name another: entering's names 'search'); a reason that is a
sentence of its own keeps no full stop before the next one."""

from __future__ import annotations

from tests.fake_env import solo


def test_the_reasons_left_out_are_joined_as_clauses(tmp_path):
    # Exploration in the dark, at a dead end: searching and entering are both refused
    run = solo("new", "--system", "exploration", "--dungeon", "classic", "--dungeon-set",
               "doors=barred", "--seed", "2", "--title", "Dark", str(tmp_path / "d.md"),
               stdin="enter\nenter\nenter\nodds\n")
    assert run.code == 0, run.err
    line = next(line for line in run.out.splitlines() if "not forecast: " in line)
    assert line == ("  not forecast: search: No light, no searching: light a torch, lantern "
                    "or candle first; force-door: R3 has no stuck or locked door: "
                    "'force-door' has nothing to open there; pick-lock: R3 has no locked "
                    "door: 'pick-lock' has nothing to open there; enter: R3 has no way on "
                    "that leads nowhere yet: 'search' may find a secret way")
