"""The ``solo`` command's answers: exit codes, one-line errors, output. Run in-process
(tests/fake_env.py) unless only the installed command proves the point: those are marked
``e2e`` and start it for real (tests/e2e/__init__.py)."""

import json
import os
import stat
from pathlib import Path

import pytest

from tests.fake_env import run_here


def one_line_error(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("solo: error: ")
    assert "Traceback" not in result.stderr
    return lines[0]




def test_roll_with_seed_is_repeatable_and_shows_every_die(tmp_path: Path):
    first = run_here("roll", "4d6kh3", "--seed", "42", cwd=tmp_path)
    second = run_here("roll", "4d6kh3", "--seed", "42", cwd=tmp_path)
    assert first.returncode == 0 and first.stdout == second.stdout
    text = first.stdout.strip()
    assert text.startswith("4d6kh3 = [") and text.count(",") == 3 and "→" in text
    faces = text.split("[")[1].split("]")[0].split(", ")
    dice = [int(face.rstrip("d")) for face in faces]
    assert int(text.rsplit("→", 1)[1]) == sum(sorted(dice)[1:])
    assert [face for face in faces if face.endswith("d")] == [f"{min(dice)}d"]  # the dropped


@pytest.mark.parametrize("command", [["roll", "d20"], ["roll", "2d6kh1"], ["ask", "Is it?"],
                                     ["new", "j.md", "--system", "delving"],
                                     ["simulate", "--system", "classic", "--turns", "3"]])
@pytest.mark.parametrize("seed", [["--seed", "-7"], ["--seed=-7"]])
def test_a_negative_seed_is_refused_by_every_command_that_takes_one(tmp_path: Path,
                                                                    command, seed):
    """(A seed of -7 would roll as 7 does in roll, ask and simulate, not in new: none is
    taken.)"""
    result = run_here(*command, *seed, cwd=tmp_path)
    assert result.returncode == 2 and not (tmp_path / "j.md").exists()
    assert "a seed is a whole number of 0 or more, not '-7'" in one_line_error(result)
    assert run_here(*command, "--seed", "7", cwd=tmp_path).returncode == 0


@pytest.mark.parametrize("expression", ["1001d6", "d1000001", "2d", "d6+" * 70 + "1"])
def test_roll_refuses_hostile_dice_with_exit_2(tmp_path: Path, expression: str):
    result = run_here("roll", expression, cwd=tmp_path)
    assert result.returncode == 2
    one_line_error(result)


def test_systems_lists_id_then_name_from_any_folder(tmp_path: Path):
    result = run_here("systems", cwd=tmp_path)
    assert result.returncode == 0
    rows = dict(line.split("\t", 1) for line in result.stdout.splitlines())
    assert rows["d12-tension"] == "D12 Dungeon Crawl System"
    assert {"delving", "exploration", "trespasser", "dungeon-turn"} <= set(rows)




def test_unknown_system_is_a_one_line_error(tmp_path: Path):
    result = run_here("simulate", "--system", "nope", cwd=tmp_path)
    assert result.returncode == 2
    assert "choose one of" in one_line_error(result)


def test_simulate_json_counts_one_outcome_per_turn(tmp_path: Path):
    result = run_here("simulate", "--system", "d12-tension", "--turns", "1200", "--seed", "3",
                      "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["system"] == "d12-tension" and data["turns"] == 1200
    assert sum(data["outcomes"].values()) == 1200
    assert set(data["outcomes"]) <= {"nothing", "light-fails", "environment", "sounds"}
    # enter 2 at Tension 0: an encounter on a d12 of 1 or 2 -> p = 1/6; 4 sigma ~ 51
    assert abs(data["encounters"] - 200) <= 4 * (1200 * (1 / 6) * (5 / 6)) ** 0.5
    again = run_here("simulate", "--system", "d12-tension", "--turns", "1200", "--seed", "3",
                     "--json", cwd=tmp_path)
    assert again.stdout == result.stdout


def test_simulate_unknown_action_is_refused(tmp_path: Path):
    result = run_here("simulate", "--system", "d12-tension", "--action", "dance", cwd=tmp_path)
    assert result.returncode == 2
    assert "unknown command 'dance'" in one_line_error(result)


def test_check_accepts_good_files_and_names_the_line_of_bad_ones(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n"
                   "      1-3: a\n      5-6: b\n")
    result = run_here("check", str(bad), cwd=tmp_path)
    assert result.returncode == 1
    assert "bad.yaml:7: tables.t.entries.5-6: gap" in one_line_error(result)
    good = tmp_path / "good.yaml"
    good.write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n      1-6: a\n")
    assert run_here("check", str(good), cwd=tmp_path).returncode == 0


def test_malformed_and_hostile_yaml_are_refused_without_running(tmp_path: Path):
    marker = tmp_path / "MARKER"
    evil = tmp_path / "evil.yaml"
    evil.write_text(f'kind: !!python/object/apply:os.system ["touch {marker}"]\n')
    result = run_here("check", str(evil), cwd=tmp_path)
    assert result.returncode == 1 and not marker.exists()
    one_line_error(result)
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: [procedure\n")
    assert "not valid YAML" in one_line_error(run_here("check", str(broken), cwd=tmp_path))




def test_ask_one_shot_answers_yes_or_no(tmp_path: Path):
    result = run_here("ask", "Is the door locked?", "--odds", "likely", "--seed", "1",
                      cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("? Is the door locked? (likely, mythic)\nd: d100=")
    assert " Yes" in result.stdout or " No" in result.stdout
    bad = run_here("ask", "Is it?", "--odds", "sorta", cwd=tmp_path)
    assert bad.returncode == 2 and "choose one of" in one_line_error(bad)


# -- issue #11 and #12: the command line ---------------------------------------------------

def _journal(tmp_path: Path, title: str = "Export Me") -> Path:
    done = run_here("new", "j.md", "--system", "trespasser", "--title", title, "--seed", "4",
                    cwd=tmp_path, stdin="advance\nThe hall is cold.\n")
    assert done.returncode == 0, done.stderr
    return tmp_path / "j.md"


def test_export_format_follows_the_extension_unless_format_says(tmp_path: Path):
    _journal(tmp_path)
    assert run_here("export", "j.md", "-o", "r.html", cwd=tmp_path).returncode == 0
    assert (tmp_path / "r.html").read_text().startswith("<!DOCTYPE html>")
    assert run_here("export", "j.md", "-o", "r2.html", "--format", "md",
                    cwd=tmp_path).returncode == 0
    assert not (tmp_path / "r2.html").read_text().startswith("<!DOCTYPE html>")


def test_export_dash_is_standard_output(tmp_path: Path):
    _journal(tmp_path)
    done = run_here("export", "j.md", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and "The hall is cold." in done.stdout
    assert not (tmp_path / "-").exists()


def test_export_writes_through_a_symlink_and_into_a_fifo_and_a_device(tmp_path: Path):
    import threading

    _journal(tmp_path)
    target = tmp_path / "real.md"
    target.write_text("old")
    (tmp_path / "link.md").symlink_to("real.md")
    assert run_here("export", "j.md", "-o", "link.md", cwd=tmp_path).returncode == 0
    assert (tmp_path / "link.md").is_symlink()
    assert "The hall is cold." in target.read_text()

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    assert run_here("export", "j.md", "-o", str(fifo), cwd=tmp_path).returncode == 0
    reader.join(timeout=30)
    assert b"The hall is cold." in received[0]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)

    device = os.stat("/dev/null")
    assert run_here("export", "j.md", "-o", "/dev/null", cwd=tmp_path).returncode == 0
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == device.st_rdev




def test_a_dangling_symlink_in_journals_does_not_crash_bare_solo(tmp_path: Path):
    (tmp_path / "journals").mkdir()
    (tmp_path / "journals" / "gone.md").symlink_to("nowhere.md")
    done = run_here(cwd=tmp_path, stdin="")
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr


def test_an_out_of_range_source_date_epoch_is_a_usage_error(tmp_path: Path):
    done = run_here("new", "j.md", "--system", "trespasser", cwd=tmp_path,
                    env={"SOURCE_DATE_EPOCH": "99999999999999999"})
    assert done.returncode == 2 and "SOURCE_DATE_EPOCH" in done.stderr
    assert not (tmp_path / "j.md").exists()


def test_ask_unquoted_prints_the_odds(tmp_path: Path):
    done = run_here("ask", "Is", "the", "door", "locked?", "likely", "--seed", "3",
                    cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("? Is the door locked? (likely, mythic)\n")


def test_an_unknown_subcommand_gets_a_suggestion(tmp_path: Path):
    done = run_here("exprot", "j.md", cwd=tmp_path)
    assert done.returncode == 2 and "did you mean export?" in done.stderr


def test_new_without_a_system_and_without_a_terminal_is_a_usage_error(tmp_path: Path):
    done = run_here("new", "j.md", cwd=tmp_path)
    assert done.returncode == 2 and "--system" in done.stderr
    assert not (tmp_path / "j.md").exists()


def test_usage_lines_show_required_arguments_without_brackets(tmp_path: Path):
    done = run_here("play", "--help", cwd=tmp_path)
    assert "usage: solo play [-h] journal" in done.stdout
    assert "exit code is 1 if any line failed" in done.stdout


def test_check_refuses_an_action_that_shadows_a_solo_command(tmp_path: Path):
    source = (Path(__file__).parents[2] / "solo" / "systems" / "trespasser.yaml").read_text()
    lines = source.splitlines()
    number = lines.index("  stay:") + 1
    lines[number - 1] = "  status:"
    (tmp_path / "bad.yaml").write_text("\n".join(lines) + "\n")
    done = run_here("check", "bad.yaml", cwd=tmp_path)
    assert done.returncode == 1
    assert f"bad.yaml:{number}:" in done.stderr and "'status'" in done.stderr




def test_simulate_refuses_more_turns_than_its_maximum(tmp_path: Path):
    """A run without end is refused at once, the error naming the maximum (not played until
    killed)."""
    result = run_here("simulate", "--system", "classic", "--turns", "99999999999999999999",
                      cwd=tmp_path)
    assert result.returncode == 2
    assert "at most 10,000,000 turns" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
