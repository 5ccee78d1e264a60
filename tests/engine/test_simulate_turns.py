"""`solo simulate --turns N` plays N turns: no command starts once they are used up, and
when the last one (a walk, a rest of several turns) is played whole past them, the report
says so rather than printing a larger count unexplained."""

from __future__ import annotations

import json

from solo.engine import core as engine
from solo.engine.simulate_dungeon import simulate_dungeon
from solo.rules.catalog import load_world, stock_generator
from tests.fake_env import solo


def test_a_dungeon_crawl_starts_no_command_once_its_turns_are_used_up(monkeypatch):
    world = load_world("d12-tension")
    stock_generator(world, "classic")
    started: list[int] = []
    perform = engine.Game.perform

    def recorded(game, line):
        started.append(game.turn)
        return perform(game, line)

    monkeypatch.setattr(engine.Game, "perform", recorded)
    for seed in range(1, 6):
        started.clear()
        result = simulate_dungeon(world, "classic", 200, seed)
        begun = started[1]  # (after the torch lit before the crawl)
        assert all(turn - begun < 200 for turn in started[1:]), seed
        assert result.turns >= 200


def test_a_run_past_the_turns_asked_says_why():
    run = solo("simulate", "--system", "d12-tension", "--dungeon", "classic", "--turns",
               "200", "--seed", "34")
    assert run.code == 0, run.err
    first, second = run.out.splitlines()[:2]
    played = int(first.split(": ")[1].split()[0])
    assert played > 200  # this seed's last command takes a turn past the 200
    past = played - 200
    assert second == (f"200 turns asked: the last command is played whole, and took the run "
                      f"{past} turn{'s' if past != 1 else ''} past them")
    counts = json.loads(solo("simulate", "--system", "dungeon-turn", "--action", "rest-hour",
                             "--turns", "200", "--seed", "3", "--json").out)
    assert counts["turns_asked"] == 200 and counts["turns"] > 200
    exact = solo("simulate", "--system", "dungeon-turn", "--turns", "200", "--seed", "3")
    assert "turns asked" not in exact.out and exact.out.startswith("dungeon-turn: 200 turns")


def test_the_help_of_turns_says_a_run_may_end_past_them():
    shown = solo("simulate", "--help").out
    assert "played whole, so a command of several turns may end the run a few turns past "\
        "them" in " ".join(shown.split())


def test_enter_is_a_command_simulate_plays_where_play_takes_it():
    for system in ("delving", "classic", "dungeon-turn", "exploration", "overloaded"):
        run = solo("simulate", "--system", system, "--turns", "10", "--action", "enter")
        assert run.code == 0, (system, run.err)
        assert run.out.startswith(f"{system}: 10 turns of 'enter'"), system


def test_a_script_that_passes_no_time_reports_commands_not_turns():
    run = solo("simulate", "--system", "d12-tension", "--turns", "10", "--action", "combat")
    assert run.code == 0, run.err
    assert run.out.splitlines()[0] == ("d12-tension: 10 commands of 'combat' (seed 1); no "
                                       "time passed")
    counts = json.loads(solo("simulate", "--system", "d12-tension", "--turns", "10",
                             "--action", "combat", "--json").out)
    assert (counts["turns"], counts["commands"]) == (0, 10)


def test_dungeon_settings_without_a_dungeon_are_refused():
    run = solo("simulate", "--system", "d12-tension", "--dungeon-set", "doors=open")
    assert run.code == 2
    assert run.error_line() == "solo: error: --dungeon-set needs --dungeon ID"


def test_a_run_where_every_command_was_refused_fails_with_the_reason():
    run = solo("simulate", "--system", "d12-tension", "--turns", "10", "--action", "go N")
    assert (run.code, run.out) == (1, "")
    assert run.error_line().startswith("solo: error: nothing was played: each command was "
                                       "refused ('go N': the party is in no room yet")
    some = solo("simulate", "--system", "d12-tension", "--turns", "10", "--action", "go N",
                "--action", "enter")
    assert some.code == 0 and "refused: 'go N'" in some.out
