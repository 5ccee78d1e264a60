"""Reading range tables from YAML (:mod:`solo.rules.tables` says what a table is and the
keys it may have): one table, a whole ``kind: tables`` file, and the links between tables
checked when a file loads (a link to no table, a cycle, nesting past the limit), each
refusal naming file, line and key."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solo.errors import DiceError
from solo.rules import dice
from solo.rules.expr import ExprError, compile_expr
from solo.rules.schema import check_keys, keys_of
from solo.rules.table_keys import (
    EXTENDED_ENTRY_KEYS,
    EXTENDED_TABLE_KEYS,
    check_compound_cover,
    check_extended_keys,
    compound_digits,
    extended_entry,
    parse_columns,
)
from solo.rules.tables import LINK, MAX_DEPTH, RANGE, Entry, Table, slug
from solo.rules.yamlfile import Document

__all__ = ["parse_table", "parse_tables_file", "links", "check_links", "entry_path"]


EffectsParser = Callable[[Document, tuple, Any], tuple]

def parse_table(doc: Document, path: tuple, name: str, raw: Any,
                parse_effects: EffectsParser | None = None, *, extended: bool = False) -> Table:
    """Validate one table definition found at ``path`` in ``doc``; ``extended`` allows
    compound dice, weights, nesting, ``is`` and columns (see the module's text)."""
    if not isinstance(raw, Mapping):
        raise doc.error(path, "expected a table: a mapping with 'dice' and 'entries'")
    weighted = extended and isinstance(raw.get("entries"), list)
    if extended and (weighted or any(key not in keys_of("table") for key in raw)):
        check_extended_keys(doc, path, raw, EXTENDED_TABLE_KEYS,
                             ("entries",) if weighted else ("dice", "entries"))
    else:
        check_keys(doc, path, raw, "table")
    columns = parse_columns(doc, path, raw.get("columns")) if extended else ()
    dice_text = raw.get("dice")
    digits: tuple[int, ...] = ()
    if weighted:
        if dice_text is not None:
            raise doc.error(path + ("dice",), "a weighted table (entries as a list) rolls its "
                            "weights: leave 'dice' out")
    elif not isinstance(dice_text, str):
        raise doc.error(path + ("dice",), "expected a dice expression such as d12 or 2d6")
    else:
        digits = compound_digits(dice_text) if extended else ()
        if not digits:
            try:
                dice.parse(dice_text)
            except DiceError as err:
                raise doc.error(path + ("dice",), str(err)) from None
    plus = raw.get("plus")
    if plus is not None:
        if not isinstance(plus, (str, int)) or isinstance(plus, bool):
            raise doc.error(path + ("plus",), "expected an expression such as tension")
        try:
            compiled = compile_expr(plus)
            doc.expressions.append((path + ("plus",), compiled))
            doc.numeric.append((path + ("plus",), compiled, "a table's plus needs a number"))
        except ExprError as err:
            raise doc.error(path + ("plus",), str(err)) from None
    entries_raw = raw.get("entries")
    if weighted:
        entries, dice_text = _weighted_entries(doc, path, entries_raw, parse_effects, columns)
        keys: list[Any] = list(range(len(entries)))
    else:
        if not isinstance(entries_raw, Mapping) or not entries_raw:
            raise doc.error(path + ("entries",),
                            "expected a mapping of rolls (4 or 1-4) to entries")
        keys = list(entries_raw)
        entries = [_parse_entry(doc, path + ("entries", key), key, value, parse_effects,
                                extended, columns)
                   for key, value in entries_raw.items()]
    order = sorted(range(len(entries)), key=lambda index: entries[index].low)
    for first, second in zip(order, order[1:], strict=False):
        before, after = entries[first], entries[second]
        where = path + ("entries", keys[second])  # the key as written: its line is known
        if after.low <= before.high:
            raise doc.error(where, f"overlaps {before.span}; each roll may appear only once")
        if not digits and after.low != before.high + 1:
            raise doc.error(where, f"gap: nothing covers {before.high + 1}-{after.low - 1}")
    entries = [entries[index] for index in order]
    title = raw.get("title", name)
    table = Table(name=name, title=str(title), dice=str(dice_text),
                  plus=None if plus is None else str(plus),
                  entries=tuple(entries), source=doc.file, digits=digits, columns=columns)
    if digits:
        check_compound_cover(doc, path, table.dice, table.faces(),
                             [(entry.low, entry.high) for entry in table.entries])
    if extended and all(entry.again for entry in entries):
        raise doc.error(path + ("entries",), "every entry rolls again: the table could roll "
                        "without end; give at least one entry without 'again'")
    return table


def _weighted_entries(doc: Document, path: tuple, raw: Any, parse_effects: EffectsParser | None,
                      columns: tuple[str, ...]) -> tuple[list[Entry], str]:
    """A list of weighted entries as a range table over one die of the weights' sum."""
    if not raw:
        raise doc.error(path + ("entries",), "expected at least one entry")
    entries: list[Entry] = []
    low = 1
    for index, value in enumerate(raw):
        weight = value.get("weight", 1) if isinstance(value, Mapping) else 1
        if not isinstance(weight, int) or isinstance(weight, bool) or not 1 <= weight <= 10_000:
            raise doc.error(path + ("entries", index, "weight"),
                            "expected a whole number of chances from 1 to 10000")
        entry = _parse_entry(doc, path + ("entries", index), f"{low}-{low + weight - 1}", value,
                             parse_effects, True, columns)
        entries.append(entry)
        low += weight
    return entries, f"d{low - 1}"


def _parse_entry(doc: Document, path: tuple, key: Any, value: Any,
                 parse_effects: EffectsParser | None, extended: bool = False,
                 columns: tuple[str, ...] = ()) -> Entry:
    match = RANGE.match(str(key)) if isinstance(key, (int, str)) else None
    if match is None or isinstance(key, bool):
        raise doc.error(path, "expected a roll such as 4 or a range such as 1-4")
    if max(len(match.group(1)), len(match.group(2) or "")) > 16:
        raise doc.error(path, "a roll of at most 15 digits")
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    if high < low:
        raise doc.error(path, f"range {key} runs backwards")
    effects: tuple = ()
    extra: dict[str, Any] = {}
    if columns:
        cells_raw = value.get("cells") if isinstance(value, Mapping) else value
        if isinstance(value, Mapping):
            check_extended_keys(doc, path, value, EXTENDED_ENTRY_KEYS + ("cells",), ("cells",))
            extra = extended_entry(doc, path, value)
        if (not isinstance(cells_raw, list) or len(cells_raw) != len(columns)
                or not all(isinstance(cell, str) for cell in cells_raw)):
            raise doc.error(path, f"expected {len(columns)} cells, one for each column "
                            f"({', '.join(columns)})")
        cells = tuple(cells_raw)
        text = " / ".join(cells)
        entry_id = str(value.get("id", slug(text))) if isinstance(value, Mapping) else slug(text)
        return Entry(low=low, high=high, text=text, id=entry_id, cells=cells, **extra)
    if isinstance(value, str):
        text, entry_id = value, slug(value)
    elif isinstance(value, Mapping):
        if extended and any(key not in keys_of("entry") for key in value):
            check_extended_keys(doc, path, value, EXTENDED_ENTRY_KEYS, ("text",))
            extra = extended_entry(doc, path, value)
        elif extended:
            check_keys(doc, path, value, "entry")
        else:
            check_keys(doc, path, value, "entry")
        raw_text = value.get("text")
        if not isinstance(raw_text, str):
            raise doc.error(path + ("text",), "expected the entry's text")
        text = raw_text
        entry_id = str(value.get("id", slug(text)))
        if not isinstance(entry_id, str):
            raise doc.error(path + ("id",), "expected a short name")
        if "effects" in value:
            if parse_effects is None:
                raise doc.error(path + ("effects",), "effects belong in procedure files")
            effects = parse_effects(doc, path + ("effects",), value["effects"])
    else:
        raise doc.error(path, "expected the entry's text, or a mapping with text")
    return Entry(low=low, high=high, text=text, id=entry_id, effects=effects, **extra)


def parse_tables_file(doc: Document) -> dict[str, Table]:
    """The tables of a ``kind: tables`` file (links between them checked)."""
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "tables":
        raise doc.error(("kind",), "expected 'kind: tables' at the top of a tables file")
    raw_tables = data.get("tables")
    if not isinstance(raw_tables, Mapping) or not raw_tables:
        raise doc.error(("tables",), "expected a mapping of table names to tables")
    tables = {str(name): parse_table(doc, ("tables", name), str(name), raw, extended=True)
              for name, raw in raw_tables.items()}
    check_links(doc, tables, ("tables",))
    return tables


def links(entry: Entry) -> tuple[str, ...]:
    """The tables an entry rolls: the links in its text, then its ``roll:`` list."""
    return tuple(match.group(1) for match in LINK.finditer(entry.text)) + entry.rolls


def check_links(doc: Document, tables: Mapping[str, Table], where: tuple,
                others: Mapping[str, Table] | None = None) -> None:
    """Refuse, naming file, line and key, a link to no table (in ``tables`` or ``others``;
    when ``others`` is None, links to tables elsewhere are left for the roll to find) and a
    cycle: a table that rolls itself, at once or through others."""
    for name, table in tables.items():
        for entry in table.entries:
            for target in links(entry):
                if target not in tables and others is not None and target not in others:
                    raise doc.error(entry_path(doc, where, name, entry) + ("roll",),
                                    f"rolls table {target!r}, which does not exist")
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(name: str, trail: tuple[str, ...]) -> None:
        state[name] = 1
        for entry in tables[name].entries:
            for target in links(entry):
                if target not in tables:
                    continue
                if state.get(target) == 1:
                    loop = " -> ".join(trail[trail.index(target):] + (target,)) \
                        if target in trail else f"{name} -> {target}"
                    what = "rolls itself" if target == name else f"rolls itself ({loop})"
                    raise doc.error(entry_path(doc, where, name, entry) + ("roll",),
                                    f"table {name!r} {what}: a cycle would never end")
                if state.get(target) is None:
                    visit(target, trail + (target,))
        state[name] = 2

    for name in tables:
        if state.get(name) is None:
            visit(name, (name,))
    depths: dict[str, int] = {}

    def depth(name: str) -> int:  # how many tables deep a roll of ``name`` can go
        if name not in depths:
            depths[name] = 1 + max((depth(target) for entry in tables[name].entries
                                    for target in links(entry) if target in tables), default=0)
        return depths[name]

    for name in tables:
        if depth(name) > MAX_DEPTH + 1:
            raise doc.error(where + (name,), f"table {name!r} rolls tables {depth(name) - 1} "
                            f"deep through its links; the limit is {MAX_DEPTH}")


def entry_path(doc: Document, where: tuple, name: str, entry: Entry) -> tuple:
    """The key path of ``entry`` in the file (its range key, or its index in a list)."""
    base = where + (name, "entries")
    for key in (entry.span, entry.low, f"{entry.low}-{entry.high}"):
        if base + (key,) in doc.lines:
            return base + (key,)
    raw = doc.data
    for part in base:
        raw = raw.get(part) if isinstance(raw, Mapping) else None
    if isinstance(raw, list):
        low = 1
        for index, value in enumerate(raw):
            weight = value.get("weight", 1) if isinstance(value, Mapping) else 1
            if low == entry.low:
                return base + (index,)
            low += weight if isinstance(weight, int) else 1
    return base
