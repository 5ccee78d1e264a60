"""Journals begun with ``--party`` before solo kept members in its records (the names were
only in the front matter) play on with those members, through the installed ``solo``.

The two journals in tests/data were written by solo itself at those versions: format 1
(``solo: 1``) and format 2 before members. Format 1's ``--party`` kept only its last name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from solo.play.resume import resume_file as resume
from tests.fake_env import run_here

DATA = Path(__file__).resolve().parents[1] / "data"
OLD = {"format1-party-names.md": ["Brother Ott"],
       "format2-party-names.md": ["Wren", "Brother Ott"]}
NOTICE = "This journal began before solo kept its members"


def old_journal(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    shutil.copyfile(DATA / name, path)
    return path


@pytest.mark.parametrize("name", sorted(OLD))
def test_the_front_matters_party_joins_at_full_hit_points_once(tmp_path: Path, name: str):
    path = old_journal(tmp_path, name)
    first = OLD[name][0]
    played = run_here("play", str(path), cwd=tmp_path, stdin=f"party\n{first}: hurt 2\n")
    assert played.returncode == 0, played.stderr
    listed = played.stdout.splitlines()
    assert listed[:len(OLD[name])] == [f"{member}: HP 8/8" for member in OLD[name]]
    assert NOTICE in played.stderr and NOTICE not in played.stdout  # said once, at the start
    assert f"=> [PC:{first}|HP 6/8] HP -2: hurt" in played.stdout
    party = resume(path).state.party
    assert [(member.name, member.hp) for member in party] \
        == [(member, 6 if member == first else 8) for member in OLD[name]]
    again = run_here("play", str(path), cwd=tmp_path, stdin="party\n")
    assert again.returncode == 0, again.stderr
    assert NOTICE not in again.stderr + again.stdout  # the members are in the records now
    assert f"{first}: HP 6/8" in again.stdout.splitlines()


def test_undo_back_past_the_members_joining_keeps_them(tmp_path: Path):
    path = old_journal(tmp_path, "format2-party-names.md")
    played = run_here("play", str(path), cwd=tmp_path, stdin="Wren: hurt 3\nundo\n")
    assert played.returncode == 0, played.stderr
    assert [(m.name, m.hp) for m in resume(path).state.party] \
        == [("Wren", 8), ("Brother Ott", 8)]
    again = run_here("play", str(path), cwd=tmp_path, stdin="party\n")
    assert again.stdout.splitlines()[:2] == ["Wren: HP 8/8", "Brother Ott: HP 8/8"]


def test_a_party_removed_to_the_last_member_stays_gone(tmp_path: Path):
    """A journal of today whose members have all left is not taken for an old one."""
    made = run_here("new", "j.md", "--system", "trespasser", "--seed", "4", "--party", "Wren",
                    cwd=tmp_path, stdin="party remove Wren\n")
    assert made.returncode == 0, made.stderr
    again = run_here("play", "j.md", cwd=tmp_path, stdin="party\n")
    assert NOTICE not in again.stderr + again.stdout
    assert "No one is named in the party yet" in again.stdout
    assert resume(tmp_path / "j.md").state.party == ()


def test_the_reports_show_the_members_once_they_joined(tmp_path: Path):
    path = old_journal(tmp_path, "format2-party-names.md")
    run_here("play", str(path), cwd=tmp_path, stdin="Wren: hurt 2\n")
    figures = run_here("stats", str(path), "--json", cwd=tmp_path)
    assert figures.returncode == 0, figures.stderr
    members = {row["name"]: (row["start_hp"], row["end_hp"], row["hp_track"])
               for row in json.loads(figures.stdout)["party"]}
    assert members == {"Wren": (8, 6, [[2, 6]]), "Brother Ott": (8, 8, [])}
    report = run_here("export", str(path), cwd=tmp_path)
    assert report.returncode == 0, report.stderr
    assert "### Party\n\n- **Wren:** HP 8 → 6 of 8\n- **Brother Ott:** HP 8 → 8 of 8\n" \
        in report.stdout
