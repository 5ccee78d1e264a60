"""`odds` names the moves it leaves out and why, as clauses of one line, each naming its
move (the reason of one may name another: entering's names 'search'); a reason that is a
sentence of its own keeps no full stop before the next one."""

from __future__ import annotations

from solo.engine.forecast import Forecast
from solo.play import odds_view
from tests.engine_states import played, world_of
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


def test_a_reason_two_moves_share_is_said_once_naming_both(monkeypatch):
    why = "Nobody can search in the dark: light a torch or a lantern first."
    found = Forecast("explore", skipped=(("search", why), ("listen", why),
                                         ("hide", "hide needs stealth (success/failure)")))
    monkeypatch.setattr(odds_view, "forecast", lambda *_: found)
    lines = odds_view.odds_lines(world_of("classic"), played("classic"))
    assert ("  not forecast: search, listen: Nobody can search in the dark: light a torch "
            "or a lantern first; hide needs stealth (success/failure)") in lines
