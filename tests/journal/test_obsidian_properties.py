"""A folder of journals opened as an Obsidian vault shows each crawl's properties with the
types Obsidian's help gives their values (help.obsidian.md/properties): ``created`` a Date &
time (``2020-08-21T10:30:00``), ``tags`` Tags, ``party`` and ``tables`` Lists, ``seed`` and
``solo`` Numbers, the rest Text. Obsidian reads the front matter with the npm ``yaml``
package, so that is what reads it here (through node; the tests skip, saying why, without it).

A seed past what a JavaScript number holds exactly is the one exception, by design: solo
writes it quoted, as text, so that no digit is lost when Obsidian writes the header back.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from solo.journal.header import FIELDS
from solo.play.start import create_journal_file
from tests import obsidian

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "journals" / "examples").glob("*.md"))
JOURNALS = [path for path in EXAMPLES if not path.name.endswith(".report.md")]
PROPERTY_TYPES = {"title": "text", "system": "text", "seed": "number", "created": "datetime",
                  "tags": "tags", "tables": "multitext", "party": "multitext", "oracle": "text",
                  "dice": "text", "solo": "number"}
"""Each property solo writes, and its Obsidian type (the ids Obsidian's type menu stores)."""
DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")
TAG = re.compile(r"[\w/-]*[^\W\d][\w/-]*")  # letters, digits, _ - /; not digits alone


def _is(kind: str, value: Any) -> bool:
    """Whether ``value``, as JavaScript holds it, is what a property of that type stores."""
    if kind == "text":
        return isinstance(value, str) and "\n" not in value
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "datetime":
        return isinstance(value, str) and DATETIME.fullmatch(value) is not None
    if kind == "multitext":
        return isinstance(value, list) and all(isinstance(item, str) for item in value)
    if kind == "tags":
        return isinstance(value, list) and all(isinstance(item, str) and TAG.fullmatch(item)
                                               for item in value)
    raise AssertionError(kind)


def _parsed(paths: list[Path]) -> list[dict[str, Any]]:
    package, why = obsidian.node_yaml()
    if package is None:
        pytest.skip(why)
    texts = [obsidian.FRONT_MATTER.match(path.read_text(encoding="utf-8")).group(1)
             for path in paths]
    read = obsidian.node_parse(package, texts)
    assert all("ok" in one for one in read), read
    return [one["ok"] for one in read]


def test_every_property_solo_writes_has_a_type():
    assert set(PROPERTY_TYPES) == {field.name for field in FIELDS}


def test_the_example_crawls_show_each_property_as_its_type():
    for path, properties in zip(JOURNALS, _parsed(JOURNALS), strict=True):
        assert {"title", "system", "seed", "created", "tags", "party", "solo"} <= set(properties)
        for name, value in properties.items():
            assert _is(PROPERTY_TYPES[name], value), (path.name, name, value)


def test_a_new_crawl_s_properties_have_their_types(tmp_path: Path):
    paths = []
    for number, (system, party) in enumerate([("d12-tension", []), ("trespasser", ["Wren"]),
                                              ("delving", ["yes", "012", "Brother Ott"])]):
        path = tmp_path / f"j{number}.md"
        create_journal_file(str(path), system, f"Crawl {number}", 7 + number, [], party=party)
        paths.append(path)
    for properties in _parsed(paths):
        for name, value in properties.items():
            assert _is(PROPERTY_TYPES[name], value), (name, value)


def test_a_seed_javascript_cannot_hold_stays_text_so_no_digit_is_lost(tmp_path: Path):
    path = tmp_path / "big.md"
    create_journal_file(str(path), "d12-tension", "Big", 2**53 + 1, [])
    (properties,) = _parsed([path])
    assert properties["seed"] == str(2**53 + 1) and _is("text", properties["seed"])
