"""Every front-matter field is checked when a journal is read, by every command, against the
one description of the header (solo.journal.header.FIELDS): a wrong field is one line naming
it and what it should be, and nothing is written."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.errors import SoloError
from solo.journal.header import FIELDS, TITLE_LIMIT, HeaderError, render_front_matter
from solo.journal.store import read_meta
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import report_text, stats_text
from tests.fake_env import run_here
from tests.suite_profile import scaled

DATA = Path(__file__).resolve().parents[1] / "data"

# The issue's eleven kinds of wrong ``tables:``, as a player might type them.
WRONG_TABLES = ["5", "true", "[1, 2]", "abc", "{a: 1}", "1.5", "''", "['']", "[[a]]",
                ".inf", "0x1F"]
SHOWN = {"5": "5", "true": "true", "[1, 2]": "[1, 2]", "abc": "'abc'", "{a: 1}": "{a: 1}",
         "1.5": "1.5", "''": "''", "['']": "['']", "[[a]]": "[[a]]", ".inf": ".inf",
         "0x1F": "31"}


def _classic(folder: Path) -> Path:
    done = run_here("new", "C.md", "--system", "classic", "--seed", "1", "--title", "T",
                    cwd=folder, stdin="explore\n")
    assert done.returncode == 0, done.stderr
    return folder / "C.md"


@pytest.mark.parametrize("value", WRONG_TABLES)
def test_the_issues_repro_a_wrong_tables_is_one_line_for_every_command(tmp_path: Path,
                                                                        value: str):
    path = _classic(tmp_path)
    path.write_text(path.read_text().replace("\ntables: []\n", f"\ntables: {value}\n"))
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    expected = f"solo: error: C.md: front matter: tables must be a list of table files, " \
               f"not {SHOWN[value]}"
    commands = [["play"], ["stats"], ["export"]]
    if value == "5":  # the issue's own repro: every way of reading the journal
        commands += [["stats", "--json"], ["export", "--format", "html"]]
    for command in commands:
        done = run_here(*command, "C.md", cwd=tmp_path, stdin="explore\nstatus\n")
        assert done.returncode == 1, (command, done.stdout)
        assert done.stderr.strip().splitlines() == [expected], command
        assert "internal error" not in done.stderr
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def test_tables_abc_is_not_read_letter_by_letter(tmp_path: Path):
    path = _classic(tmp_path)
    path.write_text(path.read_text().replace("\ntables: []\n", "\ntables: abc\n"))
    done = run_here("play", "C.md", cwd=tmp_path, stdin="explore\n")
    assert "a: cannot read" not in done.stderr
    assert "tables must be a list of table files, not 'abc'" in done.stderr


def test_export_refuses_to_write_over_a_journal_with_a_wrong_field(tmp_path: Path):
    path = _classic(tmp_path)
    other = tmp_path / "D.md"
    other.write_text(path.read_text().replace("\nseed: 1\n", "\nseed: one\n"))
    before = other.read_bytes()
    done = run_here("export", "C.md", "-o", "D.md", cwd=tmp_path)
    assert done.returncode == 1
    assert "D.md: front matter: seed must be a whole number, not 'one'" in done.stderr
    assert other.read_bytes() == before


# -- each field against the description ---------------------------------------------------------
WRONG = {"title": (5, "title must be text of at most 65,536 characters, not 5"),
         "system": ([], "system must be a procedure id or a procedure file, not []"),
         "seed": ("1e3", "seed must be a whole number, not '1e3'"),
         "created": ("yesterday", "created must be a date and time like 2023-11-14T10:30:00, "
                     "not 'yesterday'"),
         "tables": ("x.yaml", "tables must be a list of table files, not 'x.yaml'"),
         "party": ([1, 2], "party must be a list of member names, not [1, 2]"),
         "oracle": (True, "oracle must be the name of an oracle style, not true"),
         "dice": ("loaded", "dice must be solo or physical, not 'loaded'"),
         "solo": (0, "solo must be the journal format, 1 or 2, not 0")}


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("template")
    path = folder / "J.md"
    create_journal_file(str(path), "d12-tension", "Checked", 7, [], party=["Wren"])
    session = Session(path)
    try:
        session.handle("enter")
    finally:
        session.close()
    return path.read_bytes()


def _with(template: bytes, folder: Path, changes: dict[str, Any], drop: str | None = None,
          writer=render_front_matter, name: str = "J.md") -> Path:
    """The template journal with its header's values changed (or one key dropped)."""
    path = folder / name
    path.write_bytes(template)
    meta = read_meta(path)
    meta.update(changes)
    if drop is not None:
        del meta[drop]
    text = template.decode()
    end = text.index("\n---\n", 3) + 5
    path.write_text(writer(meta) + text[end:])
    return path


def test_the_description_names_every_key_solo_writes(template: bytes, tmp_path: Path):
    written = yaml.safe_load(template.decode().split("---\n")[1])
    assert [field.name for field in FIELDS if field.name in written] == list(written)
    assert set(WRONG) == {field.name for field in FIELDS if field.kind != "any"}


@pytest.mark.parametrize("field", sorted(WRONG))
def test_a_wrong_field_names_itself_and_what_it_should_be(template: bytes, tmp_path: Path,
                                                          field: str):
    value, words = WRONG[field]
    path = _with(template, tmp_path, {field: value})
    with pytest.raises(HeaderError) as caught:
        read_meta(path)
    assert str(caught.value) == f"{path}: front matter: {words}"


@pytest.mark.parametrize("field", [field.name for field in FIELDS
                                   if field.required and field.name != "solo"])
def test_a_missing_required_field_says_so(template: bytes, tmp_path: Path, field: str):
    path = _with(template, tmp_path, {}, drop=field)
    with pytest.raises(HeaderError, match=f"front matter: {field} is missing; it should be"):
        read_meta(path)


def test_without_its_solo_key_a_journal_is_told_to_have_it_back(template: bytes, tmp_path: Path):
    path = _with(template, tmp_path, {}, drop="solo")
    with pytest.raises(HeaderError, match="front matter: solo is missing; add the line 'solo: "
                                          "2' \\(the journal's format\\)"):
        read_meta(path)


def test_an_overlong_title_is_refused_on_reading_too(template: bytes, tmp_path: Path):
    path = _with(template, tmp_path, {"title": "T" * (TITLE_LIMIT + 1)})
    with pytest.raises(HeaderError, match="title must be text of at most 65,536 characters, "
                                          "not 65,537 characters"):
        read_meta(path)


def test_empty_optional_fields_read_as_left_out(template: bytes, tmp_path: Path):
    empty = {field.name: None for field in FIELDS if not field.required}
    path = _with(template, tmp_path, empty)
    meta = read_meta(path)
    assert meta["title"] == "Checked" and meta["tags"] is None  # the tags are the player's
    assert not (set(empty) - {"title", "tags"}) & set(meta)
    session = Session(path)
    try:
        assert session.handle("status").lines[0].startswith("Checked — D12")  # (the heading)
    finally:
        session.close()


# -- every YAML type at every field, for every command ------------------------------------------
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**40, max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["yes", "no", "on", "1:20", "0o17", "0x1F", "1e3", ".inf", "null", "~",
                     "2024-01-01", "012", "-", "?", ": colon", "# hash", "d12-tension",
                     "classic", "solo", "physical", "21", "-3", "2", "1", "a\x00b",
                     "2023-11-14T10:30:00", "x.yaml", "/", "..", "Wren", ""]))
_VALUES = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)
_RAW = st.sampled_from([
    "!!binary aGVsbG8=", "!!timestamp 2001-12-14t21:59:43.10-05:00", "!!set {a, b}",
    "!!omap [a: 1, b: 2]", "!!python/object/apply:os.system [echo]", "&x [1, *x]",
    "!local thing", "|\n  two\n  lines", ">-\n  folded\n  text", "[a, [b, [c]]]",
    "{? [a]: 1}", "'unclosed", "\"\\x00\"", "*nowhere", "[" * 80 + "]" * 80,
])
_COMMANDS = ("play", "stats", "stats --json", "export md", "export html")


def _run(command: str, path: Path) -> None:
    if command == "play":
        session = Session(path)
        try:
            assert session.handle("status").lines
            session.toolbar()
        finally:
            session.close()
    elif command.startswith("stats"):
        text = stats_text(path, command.endswith("--json"))
        if command.endswith("--json"):
            json.loads(text)
    else:
        report_text(path, command.split()[1])


def _raw_writer(field: str, raw: str):
    def write(meta: dict[str, Any]) -> str:
        lines = render_front_matter({key: value for key, value in meta.items()
                                     if key != field}).split("\n")
        indented = raw.replace("\n", "\n  ") if "\n" in raw else raw
        return "\n".join([*lines[:-2], f"{field}: {indented}", *lines[-2:]])
    return write


def _pyyaml_writer(meta: dict[str, Any]) -> str:
    return "---\n" + yaml.safe_dump(meta, sort_keys=False, allow_unicode=True) + "---\n"


@settings(max_examples=scaled(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(field=st.sampled_from([*(field.name for field in FIELDS), "aliases"]),
       value=st.one_of(_VALUES, _RAW.map(lambda raw: ("raw", raw))),
       writer=st.sampled_from(["both", "pyyaml"]), command=st.sampled_from(_COMMANDS),
       old=st.booleans())
def test_any_value_at_any_field_resumes_or_is_one_line(template: bytes, tmp_path: Path,
                                                       field: str, value: Any, writer: str,
                                                       command: str, old: bool):
    base = (DATA / "format1-party-names.md").read_bytes() if old else template
    if isinstance(value, tuple):
        path = _with(base, tmp_path, {}, writer=_raw_writer(field, value[1]))
    else:
        if writer == "pyyaml" and isinstance(value, float) and math.isnan(value):
            writer = "both"
        path = _with(base, tmp_path, {field: value},
                     writer=_pyyaml_writer if writer == "pyyaml" else render_front_matter)
    before = path.read_bytes()
    try:
        _run(command, path)
    except HeaderError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(f"{path}: ")
    except SoloError as error:  # a header that checks out, naming what cannot be played
        assert "\n" not in str(error)
    assert path.read_bytes() == before


def test_bare_solo_names_the_wrong_field_of_the_latest_journal(tmp_path: Path):
    made = run_here("new", "--system", "classic", "--seed", "1", "--title", "Latest",
                    cwd=tmp_path, stdin="explore\n")
    assert made.returncode == 0, made.stderr
    path = tmp_path / "journals" / "latest.md"
    path.write_text(path.read_text().replace("\nseed: 1\n", "\nseed: [1]\n"))
    before = sorted((tmp_path / "journals").iterdir())
    done = run_here(cwd=tmp_path, stdin="explore\n")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        "solo: error: journals/latest.md: front matter: seed must be a whole number, not [1]"]
    assert sorted((tmp_path / "journals").iterdir()) == before  # no other crawl begun
