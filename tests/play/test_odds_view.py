"""What ``odds`` shows, as the QA report of the odds found it: the text and the JSON name
the same turn."""

from __future__ import annotations

import json
import re

from tests.fake_env import solo


def _crawl(tmp_path, system: str, moves: str, seed: str = "2"):
    path = tmp_path / f"{system}.md"
    made = solo("new", str(path), "--system", system, "--seed", seed, stdin=moves)
    assert made.code == 0, made.err
    return path


def test_the_text_and_the_json_name_the_same_turn_the_one_about_to_be_played(tmp_path):
    path = _crawl(tmp_path, "exploration", "light torch\nexplore\n")
    shown = solo("odds", str(path))
    data = json.loads(solo("odds", str(path), "--json").out)
    said = re.search(r"Odds for turn (\d+),", shown.out)
    assert said is not None, shown.out
    assert data["turn"] == int(said.group(1)) == 2  # one turn played: the second is next
