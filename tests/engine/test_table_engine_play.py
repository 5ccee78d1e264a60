"""The engine rolls new-style tables (d66, links, columns) through the table engine, reads
Markdown oracles, and asks the meaning oracle (#36 items 3 and 4, the play side)."""

from __future__ import annotations

import re

from tests.fake_env import solo

D66 = """kind: tables
tables:
  omens:
    title: Omens
    dice: d66
    entries:
      11-36: "a crow on the lintel, [[weather]]"
      41-66: a candle that will not light
  weather:
    title: Weather
    dice: d2
    entries:
      1: rain
      2: wind
"""


def _journal(tmp_path, stdin: str, *extra: str) -> str:
    path = tmp_path / "j.md"
    run = solo("new", str(path), "--system", "d12-tension", "--seed", "5", *extra,
               stdin=stdin)
    assert run.code == 0, run.err
    return path.read_text(encoding="utf-8")


def test_a_d66_table_with_a_link_rolls_as_the_table_engine_reads_it(tmp_path):
    tables = tmp_path / "omens.yaml"
    tables.write_text(D66, encoding="utf-8")
    text = _journal(tmp_path, "table omens\n" * 6, "--tables", str(tables))
    rolls = re.findall(r"tbl: Omens d66=(\d\d) \[(\d), (\d)\] -> (.+)", text)
    assert len(rolls) == 6
    for value, tens, units, words in rolls:
        assert value == tens + units and 1 <= int(units) <= 6
        assert words.startswith("a crow") == (int(value) <= 36)
    assert text.count("tbl: Weather d2=") == sum(1 for value, *_ in rolls if int(value) <= 36)


def test_markdown_oracles_are_tables_too(tmp_path):
    text = _journal(tmp_path, "table meaning\n")
    assert re.search(r"tbl: Meaning \(Action\) d66=\d\d \[\d, \d\] -> \w", text)
    assert re.search(r"tbl: Meaning \(Subject\) d66=\d\d \[\d, \d\] -> \w", text)


def test_ask_meaning_is_journaled_as_an_oracle_answer(tmp_path):
    text = _journal(tmp_path, "ask meaning Who lit the lamp?\nask meaning\n")
    assert re.search(r"\? Who lit the lamp\? \(meaning\)\nd: Action d66=\d\d \[\d, \d\], "
                     r"Subject d66=\d\d \[\d, \d\] -> [^/\n]+ / \S", text)
    assert "? What does it mean? (meaning)" in text


def test_the_same_seed_gives_the_same_meaning(tmp_path):
    first = _journal(tmp_path, "ask meaning\n")
    (tmp_path / "j.md").unlink()
    assert _journal(tmp_path, "ask meaning\n") == first
