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


def test_table_names_are_taken_in_any_case_and_a_bare_table_says_where_they_are(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "table Dungeon-Events\ntable\n"
                         "strike D12-Encounters goblin-band\n")
    assert "tbl: Dungeon events (d12)" in journal
    assert "=> Struck off d12-encounters:" in journal
    [error] = _errors(run)
    assert "table NAME: 'tables' lists the crawl's tables" in error
    assert "see 'tables'" not in error


def test_an_entry_struck_off_already_is_refused(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "enter 3\nstrike\nstrike\n"
                         "strike d12-encounters lost-adventurer\n")
    assert journal.count("=> Struck off d12-encounters:") == 1
    assert _errors(run) == [f"solo: error: line {n}: lost-adventurer is struck off "
                            "d12-encounters already" for n in (3, 4)]


def test_strike_names_what_names_an_entry(tmp_path):
    run, _ = _play(tmp_path, "d12-tension", "strike d12-encounters goblins\n")
    [error] = _errors(run)
    assert "no entry 'goblins' on d12-encounters: name an entry by its id (lost-adventurer, " \
           "goblin-band, goblin-pack, orc-band, orc-horde), its exact text, or a number it " \
           "covers" in error


def test_strike_takes_no_number_past_the_tables_ends(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "strike d12-encounters 99\n"
                         "strike d12-encounters -5\nstrike d12-encounters 20\n")
    assert [error.split(": ")[3] for error in _errors(run)] == [
        "no entry '99' on d12-encounters", "no entry '-5' on d12-encounters"]
    assert journal.count("=> Struck off d12-encounters:") == 1  # 20: the top entry covers it


def test_buy_where_nothing_is_sold_and_room_saying_what_is_so_already(tmp_path):
    run, _ = _play(tmp_path, "classic", "buy torch\nenter\nroom pump hall, exits E\n"
                   "room exits E\n")
    first, second = _errors(run)
    assert "nothing is for sale between expeditions in this procedure" in first
    assert "nothing to change: R1 has the exit E already" in second


def test_a_settings_word_and_a_generators_id_are_taken_in_any_case(tmp_path):
    run, journal = _play(tmp_path, "d12-tension", "set tables RICH\nset dungeon CLASSIC\n")
    assert _errors(run) == []
    assert "(note: tables is now rich)" in journal
    assert "New rooms are rolled by Classic stocking (classic)." in journal
