"""A journal whose properties were edited in Obsidian resumes with the same title, seed,
party, tables and procedure, and keeps the player's own properties.

Obsidian rewrites the whole front matter with the npm ``yaml`` package (YAML 1.2), which
drops every quote YAML 1.2 does not need. The edit is made twice: by the real package
through node when node is on the machine (installed once into a cache folder; the tests say
why they skip otherwise), and by tests/obsidian.py's pure-Python emulation of its quoting
and folding, which always runs. A Hypothesis property then writes the same header in any
key order, quoting, flow or block style, with or without extra keys, and it must resume to
the same state.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.journal.header import FIELDS, render_front_matter
from solo.journal.store import read_meta
from solo.journal.yaml12 import core_type, load_core
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import report_text, stats_text
from tests import obsidian
from tests.fake_env import run_here
from tests.suite_profile import scaled

SPECIALS = ["yes", "no", "on", "off", "y", "1:20", "0o17", "0x1F", "1e3", ".inf", "null", "~",
            "2024-01-01", "012", "-lead", "?query", "- dash", "? mark", ": colon", "# hash",
            "Off", "True"]
LONG = "The " + " ".join(["very"] * 48) + " long crawl"  # 200 characters: yaml folds it
MEMBERS = ["yes", "no", "on", "off", "y", "0o17", "0x1F", "1e3", "null", "2024-01-01", "012",
           "Off", "True", "NaN"]  # the specials that are member names solo accepts
PLAYERS_OWN = {"tags": ["solo", "dungeon-crawl", "mine", "yes"], "aliases": ["1:20", "on"],
               "cssclasses": ["wide"], "rating": "012"}
TABLE = "kind: tables\ntables:\n  extra-{n}:\n    dice: d6\n    entries:\n      1-6: nothing\n"


def _hows() -> list[Any]:
    package, why = obsidian.node_yaml()
    node = pytest.param("node", marks=pytest.mark.skipif(package is None, reason=why))
    return [node, "emulation"]


def _edit(how: str, jobs: list[tuple[Path, dict[str, Any]]]) -> None:
    if how == "node":
        package, _ = obsidian.node_yaml()
        assert package is not None
        obsidian.node_rewrite(package, jobs)
    else:
        for path, properties in jobs:
            path.write_text(obsidian.rewrite_text(path.read_text(), properties))


def _crawl(folder: Path, number: int, title: str, member: str | None, table: str) -> Path:
    """A journal with one entry played, whose header names ``table`` (a file beside it, by
    that name, as a player who moved the vault would write it)."""
    (folder / table).write_text(TABLE.format(n=number))
    path = folder / f"j{number}.md"
    create_journal_file(str(path), "d12-tension", title, 1000 + number, [str(folder / table)],
                        party=[member] if member else [])
    meta = read_meta(path)
    meta["tables"] = [table]
    text = path.read_text()
    path.write_text(render_front_matter(meta) + text[text.index("\n---\n", 3) + 5:])
    session = Session(path)
    try:
        session.handle("enter")
    finally:
        session.close()
    return path


def _solo_fields(meta: dict[str, Any]) -> dict[str, Any]:
    return {field.name: meta.get(field.name) for field in FIELDS if field.kind != "any"}


@pytest.mark.parametrize("how", _hows())
def test_a_journal_edited_in_obsidian_resumes_the_same(tmp_path: Path, how: str):
    titles = [*SPECIALS, LONG, "'quote", '"dq"']
    paths = [_crawl(tmp_path, number, title, MEMBERS[number % len(MEMBERS)],
                    SPECIALS[number % len(SPECIALS)] if number < len(SPECIALS) else "t.yaml")
             for number, title in enumerate(titles)]
    before = [(read_meta(path), resume(path).state) for path in paths]
    _edit(how, [(path, PLAYERS_OWN) for path in paths])
    headers = [obsidian.FRONT_MATTER.match(path.read_text()).group(1) for path in paths]
    assert "\ntitle: yes\n" in "\n" + headers[0]  # the quotes are gone, as in the issue
    assert "\ntitle: The very" in "\n" + headers[-3] and "\n  very" in headers[-3]  # folded
    for path, (meta, state), title in zip(paths, before, titles, strict=True):
        again = read_meta(path)
        assert _solo_fields(again) == _solo_fields(meta)
        assert again["title"] == title and {key: again[key] for key in PLAYERS_OWN} \
            == PLAYERS_OWN
        session = Session(path)
        try:
            assert session.state == state
            assert session.handle("status").lines[0] == f"{title} — D12 Dungeon Crawl System " \
                                                 "(d12-tension)"
            session.handle("linger")  # play goes on, and the header stays as it was
        finally:
            session.close()
        assert obsidian.FRONT_MATTER.match(path.read_text()).group(1) \
            == headers[paths.index(path)]
        assert json.loads(stats_text(path, True))["title"] == title
        exported = load_core(report_text(path, "md").text.split("\n---\n", 1)[0][4:])
        assert exported["title"] == title and exported["aliases"] == PLAYERS_OWN["aliases"]
        assert exported["tags"] == PLAYERS_OWN["tags"]


def test_the_emulation_writes_what_yaml_writes(tmp_path: Path):
    package, why = obsidian.node_yaml()
    if package is None:
        pytest.skip(why)
    values = [{"title": special, "system": "d12-tension", "seed": 3, "party": [special, "Wren"],
               "tables": [], "tags": ["solo", special], special or "key": True, "x": None}
              for special in [*SPECIALS, LONG, LONG + " " + LONG, "'quote", '"dq"', "", " x",
                              "x ", "a: b", "a #b", "@at", "%pct", "`tick", "[br", "{br"]]
    values += [{"seed": seed} for seed in (2**53 - 1, 2**53 + 1, 12345678901234567891,
                                           -(2**60), 10**23 + 7)]
    assert [obsidian.stringify(value) for value in values] \
        == obsidian.node_stringify(package, values)


def test_yaml_reads_what_solo_writes_as_solo_does(tmp_path: Path):
    """What solo writes (the specials quoted) reads the same in yaml, PyYAML and solo."""
    package, why = obsidian.node_yaml()
    if package is None:
        pytest.skip(why)
    values = [{"title": special, "party": [special], "tables": [special, "x"], "seed": 3}
              for special in [*SPECIALS, LONG, "'quote", '"dq"', "T" * 65536]]
    texts = [render_front_matter(value)[4:-4] for value in values]
    parsed = obsidian.node_parse(package, texts)
    for value, text, read in zip(values, texts, parsed, strict=True):
        assert read == {"ok": value}
        assert yaml.safe_load(text) == value == load_core(text)


@pytest.mark.parametrize("how", _hows())
def test_a_seed_past_what_javascript_holds_survives_the_edit(tmp_path: Path, how: str):
    seed = 12345678901234567891
    made = run_here("new", "J.md", "--system", "classic", "--seed", str(seed), cwd=tmp_path,
                    stdin="explore\n")
    assert made.returncode == 0, made.stderr
    state = resume(tmp_path / "J.md").state
    _edit(how, [(tmp_path / "J.md", {"tags": ["solo"]})])
    assert read_meta(tmp_path / "J.md")["seed"] == seed
    assert resume(tmp_path / "J.md").state == state


@pytest.mark.parametrize("title", ["yes", "1:20", "Off", "0o17"])
@pytest.mark.parametrize("how", _hows())
def test_the_issues_repro_through_the_installed_solo(tmp_path: Path, title: str, how: str):
    made = run_here("new", "J.md", "--system", "d12-tension", "--seed", "3", "--title", title,
                    cwd=tmp_path, stdin="enter\n")
    assert made.returncode == 0, made.stderr
    _edit(how, [(tmp_path / "J.md", {"tags": ["solo"]})])
    played = run_here("play", "J.md", cwd=tmp_path, stdin="status\n")
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith(f"{title} — D12 Dungeon Crawl System (d12-tension)\n")
    stats = run_here("stats", "J.md", cwd=tmp_path)
    assert stats.stdout.startswith(f"{title}\n")
    assert "\ncreated: 2023-11-14T22:13:20\n" in (tmp_path / "J.md").read_text()


# -- any header that says the same ------------------------------------------------------------
def _plain_ok(text: str) -> bool:
    return bool(text) and core_type(text) == "str" and not obsidian._NOT_PLAIN.search(text) \
        and not re.search(r"[\[\]{},]", text) and text == text.strip()


def _scalar(value: Any, pick: random.Random) -> str:
    if isinstance(value, bool) or value is None or isinstance(value, float):
        raise AssertionError("no such value in this header")
    if isinstance(value, int):
        return pick.choice([str(value), f"'{value}'", f'"{value}"', f"0x{value:x}",
                            f"+{value}"])
    styles = ["single", "double"] + (["plain"] * 2 if _plain_ok(value) else [])
    style = pick.choice(styles)
    if style == "plain":
        return value
    if style == "single":
        return "'" + value.replace("'", "''") + "'"
    return json.dumps(value)


def _write(meta: dict[str, Any], pick: random.Random, extras: dict[str, str]) -> str:
    items = list(meta.items()) + list(extras.items())
    pick.shuffle(items)
    lines = []
    for key, value in items:
        if key in extras and value.startswith("- "):
            lines += [f"{key}:", *("  " + line for line in value.split("\n"))]
        elif key in extras:
            lines.append(f"{key}: {value}")
        elif isinstance(value, list) and (not value or pick.random() < 0.5):
            lines.append(f"{key}: [" + ", ".join(_scalar(item, pick) for item in value) + "]")
        elif isinstance(value, list):
            indent = pick.choice(["", "  ", "    "])
            lines.append(f"{key}:")
            lines += [f"{indent}- {_scalar(item, pick)}" for item in value]
        else:
            lines.append(f"{key}: {_scalar(value, pick)}")
        if pick.random() < 0.2:
            lines.append("# a comment")
    ends = pick.choice(["", " ", "  \t"])
    body = "\n".join(line + ends for line in lines)
    return f"---{pick.choice(['', '   '])}\n{body}\n{pick.choice(['---', '...'])}\n"


_EXTRAS = st.dictionaries(
    st.sampled_from(["aliases", "cssclasses", "rating", "status", "<<", "1", "null", "yes"]),
    st.sampled_from(["[a, b]", "yes", "2024-01-01", "{a: 1}", "''", "", "~", "|\n  text",
                     "0o17", "- a\n- b", ".nan"]), max_size=4)


@pytest.fixture(scope="module")
def same_crawl(tmp_path_factory) -> tuple[bytes, dict[str, Any], Any]:
    folder = tmp_path_factory.mktemp("same")
    (folder / "yes").write_text(TABLE.format(n=0))
    path = folder / "J.md"
    create_journal_file(str(path), "d12-tension", "1:20", 21, [str(folder / "yes")],
                        party=["Wren", "0o17"])
    meta = read_meta(path)
    meta["tables"] = ["yes"]
    text = path.read_text()
    path.write_text(render_front_matter(meta) + text[text.index("\n---\n", 3) + 5:])
    session = Session(path)
    try:
        session.handle("enter")
        session.handle("linger")
    finally:
        session.close()
    return path.read_bytes(), read_meta(path), resume(path).state


@settings(max_examples=scaled(60), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), extras=_EXTRAS)
def test_any_header_saying_the_same_resumes_to_the_same_state(same_crawl, tmp_path: Path,
                                                              seed: int,
                                                              extras: dict[str, str]):
    data, meta, state = same_crawl
    pick = random.Random(seed)
    values = {key: value for key, value in meta.items() if key not in extras}
    text = data.decode()
    path = tmp_path / "J.md"
    (tmp_path / "yes").write_text(TABLE.format(n=0))
    path.write_text(_write(values, pick, extras) + text[text.index("\n---\n", 3) + 5:])
    again = read_meta(path)
    assert _solo_fields(again) == _solo_fields(values)
    session = Session(path)
    try:
        assert session.state == state and session.seed == 21
        assert "extra-0" in session.world.tables  # the table file named yes
    finally:
        session.close()
