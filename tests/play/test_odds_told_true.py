"""What ``odds`` says is true (this session's QA pass on the odds): a move it leaves out says
what that move would do; with the party outside, the text and the JSON say the same."""

from __future__ import annotations

import json

from tests.fake_env import solo


def _crawl(tmp_path, system: str, moves: str, seed: str, *more: str):
    path = tmp_path / f"{system}.md"
    made = solo("new", str(path), "--system", system, "--seed", seed, *more, stdin=moves)
    assert made.code == 0, made.err
    return path


def test_a_bare_revisit_refused_where_the_way_began_says_a_named_one_plays(tmp_path):
    path = _crawl(tmp_path, "d12-tension", "enter 1\nenter 6\nrevisit\n", "9")
    shown = solo("odds", str(path)).out
    assert ("not forecast: revisit: refused bare, as the party's way began here, with no "
            "way back to retrace (one naming a room, as 'revisit R2', plays but is not "
            "forecast)") in shown, shown
    assert solo("play", str(path), stdin="revisit R2\n").code == 0  # it does play


def test_with_the_party_outside_the_json_forecasts_nothing_as_the_text_says(tmp_path):
    path = _crawl(tmp_path, "d12-tension", "enter 2\nleave\n", "4")
    shown = solo("odds", str(path)).out
    data = json.loads(solo("odds", str(path), "--json").out)
    assert shown.startswith("No odds while the party is outside the dungeon")
    assert data["none"] == shown.strip()
    assert (data["action"], data["actions"], data["lights"], data["danger"]) == (
        None, [], [], None)
