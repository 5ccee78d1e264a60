"""Front matter every YAML reader reads the same: titles and names that are YAML specials
round-trip exactly through solo, PyYAML (YAML 1.1) and a YAML 1.2 reader; ``created`` is a
date-time Obsidian recognises, ``tags`` a list."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
import yaml

from solo.journal.header import render_front_matter
from solo.journal.store import read_meta
from solo.journal.yaml12 import core_type, dump_both, load_core
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import stats_text
from tests.fake_env import run_here

BAD_INPUT = ["1e3", "0x1F", ".inf", "yes", "no", "on", "null", "~", "2024-01-01", ": colon",
             "# hash", "'quote", '"dq"', "-lead", "- lead", "?lead", "? lead", "1:20", "0o17",
             "012", "Off", "y", "<<", "=", "+12", "0b101", "1_000", "NaN", ".NaN", "True",
             "2023-11-14T10:30:00", "a\u2028b", "tab\there", "trailing ", " leading", "@at",
             "%pct", "!bang", "&amp", "*star", "|pipe", ">gt", "[br", "{br", "\ufeffbom"]


def _header(path: Path) -> str:
    text = path.read_text()
    return text[4:text.index("\n---\n", 3) + 1]


@pytest.mark.parametrize("title", BAD_INPUT)
def test_a_special_title_round_trips_through_solo_pyyaml_and_yaml_12(tmp_path: Path,
                                                                     title: str):
    path = tmp_path / "J.md"
    create_journal_file(str(path), "d12-tension", title, 5, [])
    header = _header(path)
    assert yaml.safe_load(header)["title"] == title  # YAML 1.1
    assert load_core(header)["title"] == title  # YAML 1.2 core
    assert read_meta(path)["title"] == title
    assert json.loads(stats_text(path, True))["title"] == title
    session = Session(path)
    try:
        assert session.handle("status").lines[0].startswith(f"{title} — D12")
    finally:
        session.close()


def test_special_member_and_table_names_round_trip(tmp_path: Path):
    names = ["yes", "no", "on", "null", "1e3", "0x1F", "2024-01-01", "012", "Off", "True"]
    tables = []
    for number, name in enumerate(["yes", "0o17", "~", ": colon", "# hash", "-lead"]):
        (tmp_path / name).write_text(f"kind: tables\ntables:\n  t{number}:\n    dice: d6\n"
                                     "    entries:\n      1-6: nothing\n")
        tables.append(name)
    path = tmp_path / "J.md"
    create_journal_file(str(path), "d12-tension", "T", 5, [str(tmp_path / name)
                                                          for name in tables], party=names)
    meta = read_meta(path)
    meta["tables"] = tables  # as a player writes them: beside the journal
    text = path.read_text()
    path.write_text(render_front_matter(meta) + text[text.index("\n---\n", 3) + 5:])
    header = _header(path)
    for reading in (yaml.safe_load(header), load_core(header), read_meta(path)):
        assert reading["party"] == names and reading["tables"] == tables
    session = Session(path)
    try:
        assert [member.name for member in session.state.party] == names
        assert {f"t{number}" for number in range(len(tables))} <= set(session.world.tables)
    finally:
        session.close()


def test_a_64_kib_title_round_trips_through_the_installed_solo(tmp_path: Path):
    title = ("A long crawl: 'with' \"quotes\" # and more. " * 1600)[:65536]
    done = run_here("new", "J.md", "--system", "d12-tension", "--seed", "1", "--title", title,
                    cwd=tmp_path, stdin="enter\n")
    assert done.returncode == 0, done.stderr
    header = _header(tmp_path / "J.md")
    assert yaml.safe_load(header)["title"] == title == load_core(header)["title"]
    stats = run_here("stats", "J.md", "--json", cwd=tmp_path)
    assert stats.returncode == 0 and json.loads(stats.stdout)["title"] == title
    played = run_here("play", "J.md", cwd=tmp_path, stdin="linger\n")
    assert played.returncode == 0, played.stderr


def test_created_is_an_obsidian_date_time_and_tags_a_list(tmp_path: Path):
    path = tmp_path / "J.md"
    create_journal_file(str(path), "dungeon-turn", "T", 5, [])
    header = _header(path)
    assert re.search(r"^created: 2023-11-14T22:13:20$", header, re.M)  # UTC, no quotes
    assert "\ntags: [solo, dungeon-crawl, dungeon-turn]\n" in header
    assert yaml.safe_load(header)["created"] == datetime.datetime(2023, 11, 14, 22, 13, 20)
    assert load_core(header)["created"] == "2023-11-14T22:13:20"  # 1.2 core: the text
    assert load_core(header)["tags"] == ["solo", "dungeon-crawl", "dungeon-turn"]


def test_an_older_created_is_written_in_the_new_form_when_solo_writes_a_header():
    text = render_front_matter({"created": "2023-11-14T22:13:20Z", "later": "2024-01-02"})
    assert text == "---\ncreated: 2023-11-14T22:13:20\nlater: '2024-01-02'\n---\n"
    shifted = render_front_matter({"created": "2023-11-14T23:13:20+01:00"})
    assert shifted == "---\ncreated: 2023-11-14T22:13:20\n---\n"


@pytest.mark.parametrize("text", BAD_INPUT)
def test_what_the_writer_writes_reads_back_the_same_in_yaml_11_and_12(text: str):
    written = dump_both({"v": text, "list": [text, "x"], "nested": {"k": [text]}})
    expected = {"v": text, "list": [text, "x"], "nested": {"k": [text]}}
    assert yaml.safe_load(written) == expected == load_core(written)
    if core_type(text) != "str":  # a 1.2 reader would take it for another type
        assert f"v: {text}\n" not in written
