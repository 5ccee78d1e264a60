"""The bundled random tables in oracles/ load, have the expected dice, and roll cleanly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.rules.table_file import parse_tables_file
from solo.rules.tables import Table, expand_inline_dice
from solo.rules.yamlfile import load_yaml

ORACLES = Path(__file__).resolve().parents[2] / "oracles"

EXPECTED = {
    "d12-encounters": "d10",
    "d12-environment": "d10",
    "d12-encounters-rich": "d10",
    "d12-environment-rich": "d10",
    "delving-encounters": "d8",
    "delving-shifts": "d12",
    "exploration-encounters": "d8",
    "exploration-signs": "d6",
    "trespasser-encounters": "d8",
    "dungeon-turn-encounters": "d8",
    "dungeon-turn-signs": "d6",
    "dungeon-turn-local-effects": "d8",
    "classic-wandering-monsters": "d6",
    "overloaded-spoor": "d6",
    "overloaded-shifts": "d6",
}

D12_TABLES = ("d12-encounters", "d12-environment", "d12-encounters-rich",
              "d12-environment-rich")


def _tables_files() -> list[Path]:
    files = []
    for path in sorted(ORACLES.glob("*.yaml")):
        doc = load_yaml(path.read_text(encoding="utf-8"), str(path))
        if isinstance(doc.data, dict) and doc.data.get("kind") == "tables":
            files.append(path)
    return files


def _load_all() -> dict[str, Table]:
    tables: dict[str, Table] = {}
    for path in _tables_files():
        doc = load_yaml(path.read_text(encoding="utf-8"), str(path))
        for name, table in parse_tables_file(doc).items():
            assert name not in tables, f"table {name} defined twice"
            tables[name] = table
    return tables


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return _load_all()


def _sides(dice_text: str) -> int:
    count, _, sides = dice_text.lower().partition("d")
    assert count in ("", "1"), dice_text
    return int(sides)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_table_exists_with_dice(tables: dict[str, Table], name: str) -> None:
    assert name in tables, f"missing table {name}"
    table = tables[name]
    assert table.dice == EXPECTED[name]
    assert table.title.strip()
    assert all(entry.text.strip() for entry in table.entries)


@pytest.mark.parametrize("name", sorted(set(EXPECTED) - set(D12_TABLES)))
def test_plain_tables_cover_their_die(tables: dict[str, Table], name: str) -> None:
    table = tables[name]
    assert table.plus is None
    assert (table.low, table.high) == (1, _sides(table.dice))


@pytest.mark.parametrize("name", D12_TABLES)
def test_d12_tables_run_one_to_twenty(tables: dict[str, Table], name: str) -> None:
    table = tables[name]
    assert table.plus == "tension"
    assert (table.low, table.high) == (1, 20)
    covered = [n for entry in table.entries for n in range(entry.low, entry.high + 1)]
    assert covered == list(range(1, 21))
    for entry in table.entries:
        assert 2 <= entry.high - entry.low + 1 <= 4, entry.span


def test_d12_environment_has_ten_pairs(tables: dict[str, Table]) -> None:
    for name in ("d12-environment", "d12-environment-rich"):
        spans = [entry.span for entry in tables[name].entries]
        assert spans == [f"{n}-{n + 1}" for n in range(1, 21, 2)]


def test_d12_encounters_are_distinct(tables: dict[str, Table]) -> None:
    for name in ("d12-encounters", "d12-encounters-rich"):
        entries = tables[name].entries
        assert len({entry.id for entry in entries}) == len(entries)
        assert len({entry.text for entry in entries}) == len(entries)


def test_every_entry_rolls_its_inline_dice(tables: dict[str, Table]) -> None:
    assert _tables_files(), "no kind: tables files found in oracles/"
    for table in tables.values():
        for entry in table.entries:
            rng = random.Random(1)
            text, _rolls = expand_inline_dice(entry.text, rng)
            assert text.strip(), f"{table.name} {entry.span}"


def test_inline_dice_are_found_where_expected(tables: dict[str, Table]) -> None:
    warband = tables["d12-encounters"].entries[-1]
    _text, rolls = expand_inline_dice(warband.text, random.Random(1))
    assert [roll.total for roll in rolls] and 4 <= rolls[0].total <= 24
    gold = tables["d12-environment"].entries[0]
    _text, rolls = expand_inline_dice(gold.text, random.Random(1))
    assert len(rolls) == 1 and 2 <= rolls[0].total <= 12
