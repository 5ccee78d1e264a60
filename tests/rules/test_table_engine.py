"""The table engine generators need: links between tables, weights, compound dice (d66),
columns, rolls again, Markdown tables; and the shipped tables rolling as they always did."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from solo.errors import RulesError
from solo.rules import dice
from solo.rules.catalog import load_file, load_oracle_tables
from solo.rules.meaning import roll_meaning
from solo.rules.table_file import parse_tables_file
from solo.rules.table_markdown import parse_markdown_tables
from solo.rules.table_roll import MAX_DRAWS, entry_odds, roll_on, tag_odds
from solo.rules.tables import expand_inline_dice
from solo.rules.yamlfile import load_yaml, load_yaml_file

ROOT = Path(__file__).resolve().parents[2]
ORACLES = ROOT / "oracles"


def _tables(text: str, file: str = "mine.yaml"):
    return parse_tables_file(load_yaml(text, file))


def _refused(text: str, file: str = "mine.yaml") -> str:
    with pytest.raises(RulesError) as caught:
        _tables(text, file)
    return str(caught.value)


# --- the shipped tables: loaded and rolled exactly as before -----------------------------

# Taken with the code before this engine (commit 6537b64): the tables as loaded, and 50
# rolls of each (the engine's way: the table's dice, then the entry's own dice) from a
# Random seeded with the table's name, then one more draw to show where the dice stopped.
SHIPPED_LOADED = "7f76c1c6570332b48c496f05896b7dbde51011ea9bb893464759c82b33ff1072"
SHIPPED_ROLLED = "11778bddadc97471b18b6755d09562c99e52819769c17beca45ee63b14831360"
"""Taken anew when an inline roll of 1 came to name its noun in the singular ("1 giant ant"):
the dice and their order are as before; only those texts changed. And again when Dungeon
Turn's local effect 1 took an id and the words "if it has one" (the dice as before)."""


def _shipped_tables():
    for path in sorted(ORACLES.glob("*.yaml")):
        doc = load_yaml_file(path)
        if doc.data.get("kind") == "tables":
            yield from sorted(parse_tables_file(doc).items())


def test_the_shipped_tables_load_as_before():
    digest = hashlib.sha256()
    for name, table in _shipped_tables():
        digest.update(repr((name, table.title, table.dice, table.plus, [
            (entry.low, entry.high, entry.text, entry.id) for entry in table.entries])).encode())
        assert table.plain and not table.digits and not table.columns
    assert digest.hexdigest() == SHIPPED_LOADED


def test_the_shipped_tables_roll_the_same_dice_in_the_same_order_as_before():
    old_way, new_way = hashlib.sha256(), hashlib.sha256()
    for name, table in _shipped_tables():
        old_rng, new_rng = random.Random(name), random.Random(name)
        for _ in range(50):
            result = dice.roll(table.expression, old_rng)
            text, _ = expand_inline_dice(table.entries[table.index_for(result.total)].text,
                                         old_rng)
            old_way.update(f"{result.total}|{text}|".encode())
            rolled = roll_on({name: table}, name, new_rng)
            new_way.update(f"{rolled.draws[0].value}|{rolled.text}|".encode())
            assert len(rolled.draws) == 1
        old_way.update(str(old_rng.random()).encode())
        new_way.update(str(new_rng.random()).encode())
    assert old_way.hexdigest() == SHIPPED_ROLLED
    assert new_way.hexdigest() == SHIPPED_ROLLED


def test_a_plus_is_added_as_the_engine_adds_it_and_clamps_at_the_ends():
    tables = dict(_shipped_tables())
    rolled = roll_on(tables, "d12-encounters", random.Random(5), plus=30)
    assert rolled.entry.id == tables["d12-encounters"].entries[-1].id
    assert rolled.draws[0].value == rolled.draws[0].faces[0] + 30


# --- links (nesting) ----------------------------------------------------------------------

LINKED = """\
kind: tables
tables:
  room:
    dice: d2
    entries:
      1: "a hall with [[monster]] in it"
      2: {text: an empty cell, roll: [loot, loot]}
  monster:
    dice: d2
    entries:
      1: 1d4 rats
      2: a troll
  loot:
    dice: d2
    entries:
      1: a coin
      2: a gem
"""


def test_a_link_in_the_text_is_filled_in_and_a_roll_list_is_appended():
    tables = _tables(LINKED)
    texts = {roll_on(tables, "room", random.Random(seed)).text for seed in range(60)}
    assert any(text.startswith("a hall with ") and text.endswith(" rats in it")
               for text in texts)
    assert "a hall with a troll in it" in texts
    assert {"an empty cell; a coin; a gem", "an empty cell; a gem; a gem"} <= texts


def test_every_table_rolled_is_a_draw_with_its_depth():
    tables = _tables(LINKED)
    for seed in range(40):
        rolled = roll_on(tables, "room", random.Random(seed))
        assert rolled.draws[0].table == "room" and rolled.draws[0].depth == 0
        assert all(draw.depth == 1 for draw in rolled.draws[1:])
        assert len(rolled.draws) == (2 if "hall" in rolled.text else 3)


def test_a_table_that_rolls_itself_is_refused_with_file_line_and_key():
    message = _refused("""\
kind: tables
tables:
  loop:
    dice: d2
    entries:
      1: plain
      2: {text: again, roll: loop}
""")
    assert message.startswith("mine.yaml:7: tables.loop.entries.2.roll: ")
    assert "rolls itself" in message


def test_a_cycle_through_other_tables_is_refused_naming_the_loop():
    message = _refused("""\
kind: tables
tables:
  a:
    dice: d2
    entries: {1: "[[b]]", 2: x}
  b:
    dice: d2
    entries: {1: "[[c]]", 2: y}
  c:
    dice: d2
    entries: {1: "[[a]]", 2: z}
""")
    assert "mine.yaml:" in message and "rolls itself (a -> b -> c -> a)" in message


def test_links_more_than_ten_deep_are_refused_when_the_file_loads():
    chain = "".join(f"  t{n}:\n    dice: d2\n    entries: {{1: \"[[t{n + 1}]]\", 2: x}}\n"
                    for n in range(11))
    text = "kind: tables\ntables:\n" + chain + "  t11:\n    dice: d2\n    entries: {1: a, 2: b}\n"
    message = _refused(text)
    assert "mine.yaml:3: tables.t0: " in message and "the limit is 10" in message
    ten = "kind: tables\ntables:\n" + chain.split("  t10:")[0] + \
        "  t10:\n    dice: d2\n    entries: {1: a, 2: b}\n"
    tables = _tables(ten)
    ones = _Ones()
    assert max(draw.depth for draw in roll_on(tables, "t0", ones).draws) == 10


class _Ones(random.Random):
    """Every die shows 1."""

    def randint(self, a: int, b: int) -> int:
        return a


def test_an_entry_that_rolls_again_without_end_stops_with_one_line():
    tables = _tables("""\
kind: tables
tables:
  echo:
    dice: d6
    entries:
      1: {text: and again, again: 2}
      2-6: the end
""")
    with pytest.raises(RulesError) as caught:
        roll_on(tables, "echo", _Ones())
    assert "\n" not in str(caught.value) and "10 tables deep" in str(caught.value)
    lengths = {len(roll_on(tables, "echo", random.Random(seed)).draws) for seed in range(300)}
    assert 1 in lengths and 3 in lengths and max(lengths) <= MAX_DRAWS


def test_a_table_whose_every_entry_rolls_again_is_refused():
    message = _refused("""\
kind: tables
tables:
  echo:
    dice: d2
    entries:
      1: {text: once more, again: 1}
      2: {text: twice more, again: 2}
""")
    assert message.startswith("mine.yaml:5: tables.echo.entries: ")
    assert "without end" in message


def test_a_link_to_a_missing_table_fails_the_roll_in_one_line():
    tables = _tables("kind: tables\ntables:\n  a:\n    dice: d1\n    entries: {1: '[[gone]]'}\n")
    with pytest.raises(RulesError, match="table 'a' rolls 'gone', which does not exist"):
        roll_on(tables, "a", random.Random(1))


# --- weights, compound dice, columns -----------------------------------------------------

WEIGHTED = """\
kind: tables
tables:
  weather:
    entries:
      - {text: clear, weight: 5}
      - {text: rain, weight: 3}
      - storm
"""


def test_weighted_entries_become_ranges_of_one_die_and_roll_in_proportion():
    table = _tables(WEIGHTED)["weather"]
    assert table.dice == "d9"
    assert [(entry.low, entry.high) for entry in table.entries] == [(1, 5), (6, 8), (9, 9)]
    assert entry_odds(table) == (Fraction(5, 9), Fraction(3, 9), Fraction(1, 9))
    rng = random.Random(36)
    counts = Counter(roll_on({"weather": table}, "weather", rng).text for _ in range(9000))
    for text, share in (("clear", 5 / 9), ("rain", 3 / 9), ("storm", 1 / 9)):
        # four standard deviations of a share of 9,000 rolls
        assert abs(counts[text] / 9000 - share) < 4 * (share * (1 - share) / 9000) ** 0.5


def test_a_weight_that_is_not_a_whole_number_is_refused_at_its_line():
    message = _refused(WEIGHTED.replace("weight: 3", "weight: lots"))
    assert message.startswith("mine.yaml:6: tables.weather.entries.1.weight: ")


D66 = """\
kind: tables
tables:
  shapes:
    dice: d66
    entries:
      11-16: a corridor
      21-36: a square room
      41-56: a long hall
      61-66: a cave
"""


def test_d66_reads_two_dice_as_tens_and_units():
    table = _tables(D66)["shapes"]
    assert table.digits == (6, 6) and not table.plain
    rng = random.Random(66)
    seen = set()
    for _ in range(2000):
        draw = roll_on({"shapes": table}, "shapes", rng).draws[0]
        assert draw.value == draw.faces[0] * 10 + draw.faces[1]
        seen.add(draw.value)
    assert seen == {tens * 10 + units for tens in range(1, 7) for units in range(1, 7)}
    assert entry_odds(table) == (Fraction(6, 36), Fraction(12, 36), Fraction(12, 36),
                                 Fraction(6, 36))


@pytest.mark.parametrize("written, sides", [("d66", (6, 6)), ("d666", (6, 6, 6)),
                                            ("1d6;1d6", (6, 6)), ("d4;d8", (4, 8))])
def test_compound_dice_are_written_as_the_field_writes_them(written, sides):
    entries = "\n".join(f"      {value}: v{value}" for value in _faces(sides))
    text = f"kind: tables\ntables:\n  t:\n    dice: \"{written}\"\n    entries:\n{entries}\n"
    assert _tables(text)["t"].digits == sides


def _faces(sides):
    values = [0]
    for count in sides:
        values = [value * 10 + face for value in values for face in range(1, count + 1)]
    return values


def test_a_d66_gap_names_the_roll_nothing_covers():
    message = _refused(D66.replace("21-36", "21-35"))
    assert message.startswith("mine.yaml:5: tables.shapes.entries: gap: nothing covers 36")


COLUMNS = """\
kind: tables
tables:
  spark:
    dice: d3
    columns: [action, subject]
    entries:
      1: [seek, a door]
      2: {cells: [guard, a name], id: guard}
      3: [break, "[[thing]]"]
  thing:
    dice: d2
    entries: {1: an oath, 2: a seal}
"""


def test_columns_are_rolled_together_each_with_its_own_roll():
    tables = _tables(COLUMNS)
    pairs = set()
    for seed in range(80):
        rolled = roll_on(tables, "spark", random.Random(seed))
        (first, action), (second, subject) = rolled.cells
        assert (first, second) == ("action", "subject")
        assert [draw.column for draw in rolled.draws if draw.depth == 0] == ["action", "subject"]
        pairs.add((action, subject))
    assert ("seek", "a name") in pairs and ("break", "a door") in pairs
    assert {subject for _, subject in pairs} >= {"an oath", "a seal"}


def test_a_row_with_too_few_cells_is_refused():
    message = _refused(COLUMNS.replace("1: [seek, a door]", "1: [seek]"))
    assert message.startswith("mine.yaml:7: tables.spark.entries.1: expected 2 cells")


# --- Markdown tables ---------------------------------------------------------------------

MARKDOWN = """\
# My oracles

Some words first, and a table that is not a dice table:

| name | value |
|------|-------|
| a    | b     |

## Omens

| d100 | Omen |
|:----:|------|
| 01-50 | a crow |
| 51-99 | a black dog |
| 00 | a comet, see [[Colours]] |

## Colours

| 1d6;1d6 | Colour | Shade |
|---|---|---|
| 11-36 | red | pale |
| 41-66 | blue | deep |
"""


def test_markdown_tables_with_dice_in_the_first_column_are_read():
    tables = parse_markdown_tables(MARKDOWN, "notes.md")
    assert sorted(tables) == ["colours", "omens"]
    omens = tables["omens"]
    assert omens.dice == "d100" and omens.entries[-1].low == 100
    assert tables["colours"].columns == ("Colour", "Shade")
    assert tables["colours"].digits == (6, 6)


def test_markdown_links_roll_the_named_table():
    tables = parse_markdown_tables(MARKDOWN.replace("[[Colours]]", "[[colours]]"), "notes.md")
    rigged = roll_on(tables, "omens", _Hundred())
    assert rigged.text.startswith("a comet, see ") and " / " in rigged.text


class _Hundred(random.Random):
    def randint(self, a: int, b: int) -> int:
        return b


def test_a_markdown_gap_is_refused_with_file_and_line():
    with pytest.raises(RulesError) as caught:
        parse_markdown_tables(MARKDOWN.replace("| 51-99 |", "| 52-99 |"), "notes.md")
    assert str(caught.value).startswith("notes.md:14: tables.omens.entries.52-99: gap")


def test_a_markdown_row_that_is_no_roll_is_refused_with_its_line():
    with pytest.raises(RulesError) as caught:
        parse_markdown_tables(MARKDOWN.replace("| 00 |", "| hundred |"), "notes.md")
    assert str(caught.value).startswith("notes.md:15: omens: expected a roll")


def test_solo_check_reads_a_markdown_file(tmp_path: Path):
    from tests.fake_env import solo

    path = tmp_path / "notes.md"
    path.write_text(MARKDOWN.replace("[[Colours]]", "[[colours]]"), encoding="utf-8")
    result = solo("check", str(path))
    assert result.code == 0 and "ok (tables)" in result.out
    assert load_file(path)[0] == "tables"


# --- the meaning oracle ------------------------------------------------------------------

def test_the_meaning_oracle_gives_an_action_and_a_subject_from_two_d66_rolls():
    tables = load_oracle_tables()
    table = tables["meaning"]
    assert table.digits == (6, 6) and table.columns == ("Action", "Subject")
    first = roll_meaning(tables, random.Random(7))
    assert first == roll_meaning(tables, random.Random(7))
    assert [draw.column for draw in first.draws] == ["Action", "Subject"]
    assert first.text == f"{first.action} / {first.subject}"
    actions = {roll_meaning(tables, random.Random(seed)).action for seed in range(400)}
    assert len(actions) > 30


def test_tag_odds_are_exact_through_links():
    tables = _tables("""\
kind: tables
tables:
  stock:
    dice: d6
    entries:
      1-3: {text: beast, is: encounter, roll: hoard}
      4-6: {text: dust, roll: hoard}
  hoard:
    dice: d6
    entries:
      1: {text: gold, is: treasure}
      2-6: nothing
""")
    assert tag_odds(tables, "stock", "encounter") == Fraction(1, 2)
    assert tag_odds(tables, "stock", "treasure") == Fraction(1, 6)
    assert tag_odds(tables, "stock", "treasure", plus=10) == Fraction(1, 6)
    assert tag_odds(tables, "stock", "encounter", plus=10) == 0


def test_a_roll_that_fans_out_past_200_tables_stops_with_one_line():
    fan = ", ".join(["next"] * 12)
    tables = _tables(f"""\
kind: tables
tables:
  top:
    dice: d1
    entries: {{1: {{text: a, roll: [{fan.replace("next", "mid")}]}}}}
  mid:
    dice: d1
    entries: {{1: {{text: b, roll: [{fan.replace("next", "low")}]}}}}
  low:
    dice: d1
    entries: {{1: {{text: c, roll: [{fan.replace("next", "leaf")}]}}}}
  leaf:
    dice: d1
    entries: {{1: d}}
""")
    with pytest.raises(RulesError) as caught:
        roll_on(tables, "top", random.Random(1))
    assert str(caught.value) == ("table 'top' rolled more than 200 tables in one go; its "
                                 "links or rolls again never end")
    assert len(roll_on(tables, "mid", random.Random(1)).draws) == 1 + 12 + 144
