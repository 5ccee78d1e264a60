"""Every subcommand of ``solo`` run in this process, in a fake environment (streams in
memory, a fixed "is this a terminal?", a stopped clock): what a player sees, the files
written, the exit codes. tests/cli/test_cli.py runs the installed command end to end."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solo import __version__
from tests.fake_env import CLOCK_TEXT, solo

pytestmark = pytest.mark.usefixtures("in_tmp")
SYSTEMS = Path(__file__).parents[2] / "solo" / "systems"

MOVES = "advance\nThe hall is cold.\n"


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test in a folder of its own, dated by the fake clock alone."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return tmp_path


def _journal(title: str = "Export Me", moves: str = MOVES) -> Path:
    done = solo("new", "j.md", "--system", "trespasser", "--title", title, "--seed", "4",
                "--party", "Wren", stdin=moves)
    assert done.code == 0, done.err
    return Path("j.md")


# -- version, help, usage ------------------------------------------------------------------

def test_version_and_help_go_to_stdout():
    assert solo("--version").out == f"solo {__version__}\n"
    assert solo("-V").code == 0
    shown = solo("--help")
    assert shown.code == 0 and shown.err == ""
    for command in ("new", "play", "roll", "ask", "simulate", "check", "export", "stats",
                    "systems", "new-procedure"):
        assert f"\n    {command}" in shown.out
    assert solo("--traceback", "--version").out == f"solo {__version__}\n"
    play = solo("play", "--help")
    assert "usage: solo play [-h] journal" in play.out
    assert "exit code is 1 if any line failed" in play.out


@pytest.mark.parametrize("args, said", [
    (("exprot", "j.md"), "no command 'exprot'; did you mean export?"),
    (("simulate",), "the following arguments are required: --system"),
    (("roll", "d6", "--seed", "x"), "a seed is a whole number of 0 or more, not 'x'"),
    (("simulate", "--system", "classic", "--turns", "0"), "at least 1"),
    (("export", "j.md", "--format", "pdf"), "invalid choice: 'pdf'"),
])
def test_usage_errors_exit_2_with_one_line(args, said):
    done = solo(*args)
    assert done.code == 2 and done.out == ""
    line = done.error_line()
    assert said in line and line.endswith(" --help)") and "(see: solo" in line


# -- roll, ask, systems ---------------------------------------------------------------------

def test_roll_is_the_same_by_the_quick_way_and_through_argparse():
    quick = solo("roll", "2d6", "--seed", "7")
    parsed = solo("roll", "--seed", "7", "--", "2d6")  # "--" is for argparse only
    assert quick.code == parsed.code == 0
    assert quick.out == parsed.out
    assert quick.out.startswith("2d6 = [") and quick.out.count("\n") == 1
    spaced = solo("roll", "4d6kh3", "+", "1", "--seed=3")
    assert spaced.out.startswith("4d6kh3 + 1 = ") or spaced.out.startswith("4d6kh3+1")


def test_roll_without_a_seed_still_rolls_in_range():
    faces = {int(solo("roll", "1d4").out.rsplit(" ", 1)[1]) for _ in range(40)}
    assert faces <= {1, 2, 3, 4} and len(faces) > 1


@pytest.mark.parametrize("expression", ["1001d6", "2d", "d6+" * 70 + "1"])
def test_roll_refuses_bad_dice_in_one_line_with_exit_2(expression):
    done = solo("roll", expression)
    assert done.code == 2 and done.out == ""
    done.error_line()


def test_ask_answers_and_names_its_odds():
    done = solo("ask", "Is", "the", "door", "locked?", "likely", "--seed", "3")
    assert done.code == 0, done.err
    assert done.out.startswith("? Is the door locked? (likely, mythic)\nd: d100=")
    assert solo("ask", "Is", "the", "door", "locked?", "likely", "--seed", "3").out == done.out
    styled = solo("ask", "Is it dark?", "--style", "opse", "--seed", "1")
    assert styled.code == 0 and "opse" in styled.out.splitlines()[0].lower()
    bad = solo("ask", "Is it?", "--odds", "sorta")
    assert bad.code == 2 and "choose one of" in bad.error_line()


def test_systems_lists_each_procedure_as_id_tab_name():
    done = solo("systems")
    rows = dict(line.split("\t", 1) for line in done.out.splitlines())
    assert rows["d12-tension"] == "D12 Dungeon Crawl System"
    assert {"delving", "exploration", "trespasser", "dungeon-turn", "classic"} <= set(rows)


# -- check, simulate, new-procedure ---------------------------------------------------------

def test_check_says_ok_per_good_file_and_one_line_per_bad_one():
    Path("good.yaml").write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n"
                                 "      1-6: a\n")
    Path("bad.yaml").write_text("kind: tables\ntables:\n  t:\n    dice: d6\n    entries:\n"
                                "      1-3: a\n      5-6: b\n")
    good = solo("check", "good.yaml")
    assert (good.code, good.out, good.err) == (0, "good.yaml: ok (tables)\n", "")
    both = solo("check", "good.yaml", "bad.yaml")
    assert both.code == 1 and both.out == "good.yaml: ok (tables)\n"
    assert "bad.yaml:7: tables.t.entries.5-6: gap" in both.error_line()


def test_check_refuses_an_action_or_alias_named_like_a_solo_command():
    source = (Path(__file__).parents[2] / "solo" / "systems" / "trespasser.yaml").read_text()
    lines = source.splitlines()
    number = lines.index("  stay:") + 1
    lines[number - 1] = "  status:"
    Path("bad.yaml").write_text("\n".join(lines) + "\n")
    done = solo("check", "bad.yaml")
    assert done.code == 1
    assert f"bad.yaml:{number}:" in done.error_line() and "'status'" in done.err
    assert solo("check", str(Path(__file__).parents[2] / "solo" / "systems" /
                             "trespasser.yaml")).out.endswith(": ok (procedure)\n")


def test_simulate_prints_counts_or_one_json_object():
    text = solo("simulate", "--system", "classic", "--turns", "60", "--seed", "2")
    assert text.code == 0
    assert text.out.startswith("classic: 60 turns of 'explore' (seed 2)\nencounters: ")
    data = json.loads(solo("simulate", "--system", "classic", "--turns", "60", "--seed", "2",
                           "--json").out)
    assert data["turns"] == 60 and sum(data["outcomes"].values()) == 60
    assert f"encounters: {data['encounters']} " in text.out
    refused = solo("simulate", "--system", "d12-tension", "--action", "dance")
    assert refused.code == 2 and "unknown command 'dance'" in refused.error_line()


def test_new_procedure_writes_a_valid_file_once():
    done = solo("new-procedure", "my-dungeon")
    assert done.code == 0
    assert done.out.startswith("Wrote my-dungeon.yaml\nNext: edit it, then 'solo check")
    assert "id: my-dungeon" in Path("my-dungeon.yaml").read_text()
    assert solo("check", "my-dungeon.yaml").code == 0
    again = solo("new-procedure", "my-dungeon")
    assert again.code == 1 and "already exists" in again.error_line()
    assert solo("new-procedure", "x", "-o", "x.txt").code == 2


def test_the_starting_procedure_s_die_setting_cannot_be_set_to_no_sides():
    assert solo("new-procedure", "my-dungeon").code == 0
    played = solo("new", "md.md", "--system", "my-dungeon.yaml", "--seed", "1",
                  stdin="set encounter_in 0\nexplore\n")
    assert played.code == 1 and "line 1: encounter_in must be at least 1" in played.err
    assert "0-sided" not in played.err and "Wandering monster (1 on d6)" in played.out


def test_check_warns_of_a_die_whose_sides_may_fall_below_1():
    assert solo("new-procedure", "my-dungeon").code == 0
    text = Path("my-dungeon.yaml").read_text()
    line = text.splitlines().index('        dice: "d{encounter_in}"') + 1
    for name, setting, why in (
            ("zero.yaml", "encounter_in: 0", "the setting encounter_in, which starts at 0"),
            ("open.yaml", "encounter_in: 6", "the setting encounter_in, which has no min "
             "('set encounter_in 0' is taken)"),
            ("low.yaml", "encounter_in: {value: 6, min: 0}", "the setting encounter_in, "
             "whose min is 0")):
        Path(name).write_text(text.replace("encounter_in: {value: 6, min: 1}", setting))
        done = solo("check", name)
        assert (done.code, done.out) == (0, f"{name}: ok (procedure)\n"), done.err
        assert done.err == (f"solo: warning: {name}, line {line} (routines.encounter-check.0."
                            f"check.dice): 'd{{encounter_in}}' takes its sides from {why}, and "
                            "a die of fewer than 1 side cannot be rolled; give encounter_in a "
                            "min of 1\n")
    Path("alarm.yaml").write_text(text.replace('dice: "d{encounter_in}"', 'dice: "d{alarm}"'))
    assert "from the tracker alarm, which starts at 0" in solo("check", "alarm.yaml").err
    kept = solo("check", "my-dungeon.yaml", *(str(SYSTEMS / name) for name in
                                               sorted(os.listdir(SYSTEMS))))
    assert kept.code == 0 and kept.err == ""  # the starting file and the shipped ones


# -- new, play ------------------------------------------------------------------------------

def test_new_in_batch_writes_the_journal_dated_by_the_clock_and_plays_stdin():
    done = solo("new", "j.md", "--system", "trespasser", "--title", "Cold", "--seed", "4",
                "--party", "Wren", stdin=MOVES)
    assert done.code == 0
    assert done.err == "New journal: j.md\n"
    assert "@ advance" in done.out and "Encounter check" in done.out
    text = Path("j.md").read_text()
    assert f"created: {CLOCK_TEXT}\n" in text and "party: [Wren]" in text
    assert "The hall is cold." in text


def test_source_date_epoch_wins_over_the_clock(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    assert solo("new", "j.md", "--system", "classic").code == 0
    assert "created: 1970-01-02T00:00:00\n" in Path("j.md").read_text()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "99999999999999999")
    bad = solo("new", "k.md", "--system", "classic")
    assert bad.code == 2 and "SOURCE_DATE_EPOCH" in bad.error_line()
    assert not Path("k.md").exists()


def test_new_without_a_path_names_the_journal_after_the_title_each_time_anew():
    first = solo("new", "--system", "classic", "--title", "Deep Halls")
    second = solo("new", "--system", "classic", "--title", "Deep Halls")
    assert first.err == "New journal: journals/deep-halls.md\n"
    assert second.code == 0 and second.err != first.err
    assert len(list(Path("journals").glob("deep-halls*.md"))) == 2


def test_new_needs_a_system_without_a_terminal():
    done = solo("new", "j.md")
    assert done.code == 2 and "--system" in done.error_line()
    assert not Path("j.md").exists()


def test_play_runs_stdin_as_a_script_and_names_the_lines_that_failed():
    _journal()
    done = solo("play", "j.md", stdin=b"advance\nfrobnicate\nA caf\xe9 sign.\n")
    assert done.code == 1
    assert "@ advance" in done.out
    (line,) = done.err.splitlines()
    assert line.startswith("solo: error: line 2: 'frobnicate' is not a command")
    assert "A caf\ufffd sign." in Path("j.md").read_text()  # bad UTF-8 kept as U+FFFD
    clean = solo("play", "j.md", stdin="status\n")
    assert clean.code == 0 and clean.err == ""


def test_play_of_a_missing_journal_is_one_line():
    done = solo("play", "nowhere.md")
    assert done.code == 1 and "nowhere.md" in done.error_line()


# -- export, stats ------------------------------------------------------------------------

@pytest.mark.parametrize("output", [None, "-"])
def test_export_markdown_to_standard_output(output):
    _journal()
    done = solo("export", "j.md", *(["-o", output] if output else []))
    assert done.code == 0 and done.err == ""
    assert "\n# Export Me\n" in done.out and "\n## Summary\n" in done.out
    assert "The hall is cold." in done.out
    assert not Path("-").exists()


def test_export_html_follows_the_extension_unless_format_says():
    _journal()
    assert solo("export", "j.md", "-o", "r.html").out == ""
    assert Path("r.html").read_text().startswith("<!DOCTYPE html>")
    assert solo("export", "j.md", "-o", "r2.html", "--format", "md").code == 0
    assert "\n# Export Me\n" in Path("r2.html").read_text()
    html = solo("export", "j.md", "--format", "html", "-o", "-")
    assert html.out.startswith("<!DOCTYPE html>") and "The hall is cold." in html.out
    assert solo("export", "j.md", "-o", "report.md").code == 0
    assert Path("report.md").read_text() == solo("export", "j.md").out


def test_export_never_writes_over_a_journal_or_into_a_folder():
    _journal()
    before = Path("j.md").read_text()
    mine = solo("export", "j.md", "-o", "j.md")
    assert mine.code == 2 and "the journal itself" in mine.error_line()
    Path("other.md").write_text(before)
    other = solo("export", "j.md", "-o", "other.md")
    assert other.code == 2 and "is a solo journal" in other.error_line()
    Path("out").mkdir()
    assert "is a folder" in solo("export", "j.md", "-o", "out").error_line()
    assert Path("j.md").read_text() == before == Path("other.md").read_text()


def test_stats_in_text_and_json():
    _journal()
    text = solo("stats", "j.md")
    assert text.code == 0 and text.out.startswith("Export Me\nSystem: Trespasser")
    assert "Wren: HP 8 → 8 of 8" in text.out
    data = json.loads(solo("stats", "j.md", "--json").out)
    assert data["title"] == "Export Me" and data["party"][0]["name"] == "Wren"


def escaped_title(journal: Path) -> None:
    """The journal's title given escapes by hand (--title refuses control characters)."""
    text = journal.read_text(encoding="utf-8")
    text = text.replace("title: Evil\n", 'title: "\\e]0;pwned\\aEvil"\n', 1)
    journal.write_text(text.replace("# Evil\n", "# \x1b]0;pwned\x07Evil\n", 1),
                       encoding="utf-8")


def test_a_terminal_gets_no_raw_escapes_from_export_or_stats():
    escaped_title(_journal(title="Evil"))
    for args in (("stats", "j.md"), ("export", "j.md"), ("stats", "j.md", "--json")):
        shown = solo(*args, tty=True)
        assert shown.code == 0 and "pwned" in shown.out
        assert "\x1b" not in shown.out and "\x07" not in shown.out, args
    piped = solo("stats", "j.md", "--json")  # to a pipe: the exact JSON string
    assert json.loads(piped.out)["title"] == "\x1b]0;pwned\x07Evil"


def test_physical_dice_in_a_script_read_each_face_from_the_next_line():
    done = solo("new", "p.md", "--system", "trespasser", "--dice", "physical", "--seed", "1",
                stdin="advance\n11\n7\nadvance\n\nstatus")  # the last line has no line break
    assert done.code == 1  # line 2 failed
    assert "d: Encounter check (d10 at or under Alarm 1) d10=7 -> no" in done.out
    assert "(note: rolled at the table: d10=7)" in done.out
    assert ("solo: error: line 2: a d10 shows 1 to 10 (0 is 10); '11' is not a face; the "
            "next line is read for the d10") in done.err
    assert "Rounds played: 2" in done.out  # the empty line let solo roll; status still ran
