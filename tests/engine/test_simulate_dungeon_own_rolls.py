"""`solo simulate --dungeon` with a procedure whose checks are the player's own
(Trespasser's batter-door, pick-lock and search take success or failure): the run tosses
a seeded coin for them, says so, and crawls all its turns instead of stopping at the first
shut door."""

from __future__ import annotations

import json

import pytest

from solo.engine import core as engine
from solo.engine.simulate_dungeon import simulate_dungeon
from solo.rules.catalog import load_world, stock_generator
from tests.fake_env import solo


@pytest.mark.parametrize("generator", ["classic", "tracker", "site"])
def test_trespasser_crawls_all_its_turns_past_shut_doors(generator):
    for seed in (1, 2, 3, 5):
        run = solo("simulate", "--system", "trespasser", "--dungeon", generator, "--turns",
                   "300", "--seed", str(seed))
        assert run.code == 0, run.err
        assert run.out.startswith(f"trespasser with the {generator} dungeon: 300 turns")
        assert "stopped early" not in run.out, (seed, run.out)
        assert "the player's own rolls (success or failure): a seeded coin at even odds, " \
            in run.out


def test_the_coin_is_even_odds_and_the_seed_replays_it():
    world = load_world("trespasser")
    stock_generator(world, "classic")
    runs = [simulate_dungeon(world, "classic", 300, seed) for seed in range(1, 9)]
    tossed = sum(run.tossed for run in runs)
    successes = sum(run.successes for run in runs)
    assert tossed > 500 and all(run.doors_forced > 10 for run in runs)
    assert 0.45 < successes / tossed < 0.55
    again = solo("simulate", "--system", "trespasser", "--dungeon", "classic", "--turns",
                 "300", "--seed", "1", "--json")
    counts = json.loads(again.out)
    assert (counts["own_rolls_tossed"], counts["own_rolls_succeeded"]) == (
        runs[0].tossed, runs[0].successes)


def test_a_failed_roll_leaves_the_door_shut_and_is_tried_again(monkeypatch):
    world = load_world("trespasser")
    stock_generator(world, "classic")
    played: list[str] = []
    perform = engine.Game.perform

    def recorded(game, line):
        result = perform(game, line)
        played.append(line)
        return result

    monkeypatch.setattr(engine.Game, "perform", recorded)
    simulate_dungeon(world, "classic", 300, 2)
    battered = [line for line in played if line.startswith("batter-door")]
    failed = [index for index, line in enumerate(played) if line.endswith(" failure")
              and line.startswith("batter-door")]
    assert battered and failed
    # after a failure the same door is battered again before the party goes on
    assert all(played[index + 1].startswith(("batter-door", "pick-lock", "stay"))
               for index in failed)
    assert "search success" in played and "search failure" in played


def test_a_procedure_that_rolls_its_own_checks_tosses_nothing():
    run = solo("simulate", "--system", "d12-tension", "--dungeon", "classic", "--turns",
               "100", "--seed", "3", "--json")
    counts = json.loads(run.out)
    assert counts["own_rolls_tossed"] == 0 and counts["doors_forced"] > 0
    text = solo("simulate", "--system", "d12-tension", "--dungeon", "classic", "--turns",
                "100", "--seed", "3")
    assert "own rolls" not in text.out
