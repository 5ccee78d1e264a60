"""The prompt's refusals say what was wrong and what is taken, and nothing typed is turned
into something else (this session's QA pass on commands at the prompt)."""

from __future__ import annotations

from pathlib import Path

from tests.fake_env import solo


def _play(tmp_path: Path, system: str, lines: str, seed: str = "4"):
    """Each line of ``lines`` played in a new journal: solo's run and the journal's text."""
    path = tmp_path / "j.md"
    run = solo("new", str(path), "--system", system, "--seed", seed, stdin=lines)
    return run, path.read_text(encoding="utf-8")


def _errors(run) -> list[str]:
    return [line for line in run.err.splitlines() if line.startswith("solo: error: ")]


def test_party_set_names_only_what_it_takes(tmp_path):
    run, _ = _play(tmp_path, "exploration", "party add Wren\nparty set Wren foo 2\n"
                   "party set Wren hp 3\nparty set Wren\n", seed="1")
    errors = _errors(run)
    assert len(errors) == 3
    assert "'foo' is not kept per member" in errors[0]
    for error in errors:
        assert "KEY is one of fatigue, con_bonus" in error and "hp," not in error
        assert "hit points change with hurt and heal" in error


def test_party_set_where_nothing_is_kept_per_member_says_so(tmp_path):
    run, _ = _play(tmp_path, "d12-tension", "party add Wren\nparty set Wren foo 2\n")
    [error] = _errors(run)
    assert "choose: hp" not in error
    assert "keeps no condition or setting per member" in error


def test_a_tracker_set_outside_its_range_is_refused_naming_it(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "set tension 11\nset tension -1\n"
                         "set tension 10\nset tension +3\n")
    assert _errors(run) == ["solo: error: line 1: tension is from 0 to 10, not 11 — not run "
                            "as 'set'; to keep it as narration, start the line with >"]
    assert "set tension 11" not in journal
    assert "[Clock:Tension 10/10] +10: set by the player" in journal  # 10 itself is taken


def test_sets_refusal_lists_all_it_takes(tmp_path):
    run, _ = _play(tmp_path, "d12-tension", "set\nset foo 3\n")
    errors = _errors(run)
    assert len(errors) == 2
    for error in errors:
        assert "tension, tables, show_tension, torches, dice, odds, dungeon" in error


def test_a_word_where_a_choice_is_wanted_is_refused_as_that_choice(tmp_path):
    run, _ = _play(tmp_path, "dungeon-turn", "leave 1 safe\nleave 1\n")
    first, second = _errors(run)
    assert "journey must be one of dangerous, arduous, not 'safe'" in first
    assert "rooms must be a whole number" not in first
    assert "usage: leave TRAVEL [ROOMS] JOURNEY [BONUS]" in first
    assert "the map counts it when the party is on one" in second  # off the map: needed


def test_a_true_or_false_setting_is_shown_in_the_words_set_takes(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "set show_tension off\nstatus\n")
    assert "(note: show_tension is now false)" in journal
    assert "Settings: tables=seed, show_tension=false" in run.out
    assert "False" not in journal + run.out
