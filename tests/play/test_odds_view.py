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


def test_a_lights_span_shows_the_chance_it_goes_out_within_that_span(tmp_path):
    path = _crawl(tmp_path, "trespasser", "light torch\nadvance\nstay\n", seed="3")
    shown = solo("odds", str(path)).out
    within = 1 - (5 / 6) ** 13  # a d6 each round, out on a 1: out in rounds 1 to 13
    assert f"Torch: out in 1–13 rounds ({within:.0%})," in shown, shown  # 91%, not 80%
    torch = json.loads(solo("odds", str(path), "--json").out)["lights"][0]
    assert (torch["p10"], torch["p90"]) == (1, 13)
    assert abs(torch["p10_to_p90"] - within) < 1e-6


def test_a_command_that_takes_no_turn_and_rolls_nothing_is_no_move_to_forecast(tmp_path):
    path = _crawl(tmp_path, "exploration", "light torch\nexplore\nlight-sources\n")
    shown = solo("odds", str(path)).out
    data = json.loads(solo("odds", str(path), "--json").out)
    assert "light-sources" not in shown, shown
    assert "light-sources" not in {odds["action"] for odds in data["actions"]}
    assert "If the party keeps to explore:" in shown  # not to light-sources, played last
    assert "explore" in {odds["action"] for odds in data["actions"]}


def test_a_move_whose_rolls_name_only_itself_has_no_line_of_what_they_name(tmp_path):
    path = _crawl(tmp_path, "trespasser", "light torch\nadvance\nstay\n", seed="3")
    shown = solo("odds", str(path)).out
    assert "stay: stay 100%" not in shown, shown
    assert "  advance: quiet" in shown and "  stay     encounter 0%" in shown


def test_a_search_of_two_turns_counts_what_its_rolls_name_in_the_whole_move(tmp_path):
    """Delving's search takes two turns by candlelight: a d6 a turn is 36 ways, counted
    whole. An encounter on the first turn ends it: 1/6 + 5/6 x 1/6 = 11/36 names an
    encounter; another face, say burn, 1/6 + 4/6 x 1/6 = 10/36 (where the move said its
    rolls were not counted)."""
    path = _crawl(tmp_path, "delving", "light candle\nexplore\n")
    shown = solo("odds", str(path)).out
    line = next(line for line in shown.splitlines() if line.startswith("  search (up to 2 turns):"))
    assert line == ("  search (up to 2 turns): encounter 30.6% · burn 27.8% · dungeon-shift "
                    "27.8% · fatigue 27.8% · free 27.8% · sign 27.8%"), shown
    assert "not counted" not in shown and "too many ways" not in shown
    data = json.loads(solo("odds", str(path), "--json").out)
    search = next(move for move in data["actions"] if move["action"] == "search")
    assert search["results"]["encounter"] == search["encounter"]


def test_a_check_rolled_only_on_an_encounter_says_its_chance_counts_both(tmp_path):
    """The surprise check is rolled only when an encounter comes (1 in 6), so its figure,
    7.5%, is that and a success (DC 12 on a d20, 45%): the heading says so, where it read
    as the chance of the check alone."""
    path = tmp_path / "exploration.md"
    made = solo("new", str(path), "--system", "exploration", "--seed", "2", "--party", "Ada",
                stdin="light torch\n")
    assert made.code == 0, made.err
    shown = solo("odds", str(path)).out
    assert "Checks the moves roll (the chance each is rolled and succeeds):" in shown
    both = (1 / 6) * (9 / 20)
    assert re.search(rf"explore +WIS check \(DC 12\) against surprise for Ada: {both:.1%}",
                     shown), shown
