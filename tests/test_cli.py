"""End-to-end runs of the installed ``solo`` command: exit codes, one-line errors, output."""

import json
from pathlib import Path

import pytest

from solo import __version__
from tests.e2e import run_solo


def one_line_error(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("solo: error: ")
    assert "Traceback" not in result.stderr
    return lines[0]


def test_version_and_help(tmp_path: Path):
    assert run_solo("--version", cwd=tmp_path).stdout.strip() == f"solo {__version__}"
    help_text = run_solo("--help", cwd=tmp_path)
    assert help_text.returncode == 0
    for command in ("new", "play", "roll", "ask", "systems", "check", "simulate", "export"):
        assert command in help_text.stdout


def test_roll_with_seed_is_repeatable_and_shows_every_die(tmp_path: Path):
    first = run_solo("roll", "4d6kh3", "--seed", "42", cwd=tmp_path)
    second = run_solo("roll", "4d6kh3", "--seed", "42", cwd=tmp_path)
    assert first.returncode == 0 and first.stdout == second.stdout
    text = first.stdout.strip()
    assert text.startswith("4d6kh3 = [") and text.count(",") == 3 and "→" in text
    dice = [int(face) for face in text.split("[")[1].split("]")[0].split(",")]
    assert int(text.rsplit("→", 1)[1]) == sum(sorted(dice)[1:])


@pytest.mark.parametrize("expression", ["1001d6", "d1000001", "2d", "d6+" * 70 + "1"])
def test_roll_refuses_hostile_dice_with_exit_1(tmp_path: Path, expression: str):
    result = run_solo("roll", expression, cwd=tmp_path)
    assert result.returncode == 1
    one_line_error(result)


def test_systems_lists_id_then_name_from_any_folder(tmp_path: Path):
    result = run_solo("systems", cwd=tmp_path)
    assert result.returncode == 0
    rows = dict(line.split("\t", 1) for line in result.stdout.splitlines())
    assert rows["d12-tension"] == "D12 Dungeon Crawl System"
    assert {"delving", "exploration", "trespasser", "dungeon-turn"} <= set(rows)


def test_usage_errors_exit_2_in_one_line(tmp_path: Path):
    for args in (("frobnicate",), ("simulate",), ("roll", "d6", "--seed", "x")):
        result = run_solo(*args, cwd=tmp_path)
        assert result.returncode == 2, args
        one_line_error(result)


def test_unknown_system_is_a_one_line_error(tmp_path: Path):
    result = run_solo("simulate", "--system", "nope", cwd=tmp_path)
    assert result.returncode == 2
    assert "choose one of" in one_line_error(result)


def test_simulate_json_counts_one_outcome_per_turn(tmp_path: Path):
    result = run_solo("simulate", "--system", "d12-tension", "--turns", "1200", "--seed", "3",
                      "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["system"] == "d12-tension" and data["turns"] == 1200
    assert sum(data["outcomes"].values()) == 1200
    assert set(data["outcomes"]) <= {"nothing", "light-fails", "environment", "sounds"}
    # enter 2 at Tension 0: an encounter on a d12 of 1 or 2 -> p = 1/6; 4 sigma ~ 51
    assert abs(data["encounters"] - 200) <= 4 * (1200 * (1 / 6) * (5 / 6)) ** 0.5
    again = run_solo("simulate", "--system", "d12-tension", "--turns", "1200", "--seed", "3",
                     "--json", cwd=tmp_path)
    assert again.stdout == result.stdout


def test_simulate_unknown_action_is_refused(tmp_path: Path):
    result = run_solo("simulate", "--system", "d12-tension", "--action", "dance", cwd=tmp_path)
    assert result.returncode == 2
    assert "unknown command 'dance'" in one_line_error(result)


def test_check_accepts_good_files_and_names_the_line_of_bad_ones(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n"
                   "      1-3: a\n      5-6: b\n")
    result = run_solo("check", str(bad), cwd=tmp_path)
    assert result.returncode == 1
    assert "bad.yaml:7: tables.t.entries.5-6: gap" in one_line_error(result)
    good = tmp_path / "good.yaml"
    good.write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n      1-6: a\n")
    assert run_solo("check", str(good), cwd=tmp_path).returncode == 0


def test_malformed_and_hostile_yaml_are_refused_without_running(tmp_path: Path):
    marker = tmp_path / "MARKER"
    evil = tmp_path / "evil.yaml"
    evil.write_text(f'kind: !!python/object/apply:os.system ["touch {marker}"]\n')
    result = run_solo("check", str(evil), cwd=tmp_path)
    assert result.returncode == 1 and not marker.exists()
    one_line_error(result)
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: [procedure\n")
    assert "not valid YAML" in one_line_error(run_solo("check", str(broken), cwd=tmp_path))


def test_traceback_only_on_request(tmp_path: Path):
    result = run_solo("--traceback", "roll", "2d", cwd=tmp_path)
    assert result.returncode == 1 and "Traceback" in result.stderr


def test_ask_one_shot_answers_yes_or_no(tmp_path: Path):
    result = run_solo("ask", "Is the door locked?", "--odds", "likely", "--seed", "1",
                      cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("? Is the door locked?\nd: d100=")
    assert " Yes" in result.stdout or " No" in result.stdout
    bad = run_solo("ask", "Is it?", "--odds", "sorta", cwd=tmp_path)
    assert bad.returncode == 1 and "choose one of" in one_line_error(bad)
