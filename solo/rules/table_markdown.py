"""Read Markdown tables whose first column is dice ranges as solo tables.

Iron Vault, Obsidian's Dice Roller and Solo Oracle keep oracles this way::

    ## Meaning

    | d66 | Action | Subject |
    |-----|--------|---------|
    | 11  | Hide   | A key   |
    | 12-13 | Break | A promise |

The first header cell names the dice (``d6``, ``1d6``, ``d100``, ``d%``, ``d66``,
``1d6;1d6``); each row's first cell is a roll or a range (``01-05``; on a d100 ``00`` is
100). One further column makes a plain table; two or more make a table of columns,
rolled together. The table is named after the heading above it (``## Meaning`` ->
``meaning``), or after the file when no heading comes first. ``[[name]]`` in a cell rolls
that table there. Markdown tables of any other shape are left alone: a note may hold both.
Every table is checked as a YAML one is (gaps, overlaps, links), naming file and line.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from solo.errors import RulesError
from solo.rules.table_file import check_links, parse_table
from solo.rules.tables import Table, slug
from solo.rules.yamlfile import Document, rules_text

__all__ = ["parse_markdown_tables", "load_markdown_tables"]

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_DICE_HEAD = re.compile(r"^(?:dice:\s*)?((?:\d*d(?:\d+|%))(?:\s*;\s*\d*d\d+)*)$", re.I)
_ROLL = re.compile(r"^(\d+)\s*(?:[-–—]\s*(\d+))?$")
MAX_ROWS = 10_000


def _cells(line: str) -> list[str]:
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", text)]


def _roll_key(cell: str, hundred: bool) -> str | None:
    match = _ROLL.match(cell.strip())
    if match is None:
        return None
    low, high = match.group(1), match.group(2)

    def number(text: str) -> int:
        value = int(text)
        return 100 if hundred and value == 0 else value

    if high is None:
        return str(number(low))
    return f"{number(low)}-{number(high)}"


def parse_markdown_tables(text: str, file: str) -> dict[str, Table]:
    """Every dice table in Markdown ``text`` (named ``file`` in errors), by name."""
    lines = text.splitlines()
    heading: str | None = None
    found: dict[str, Any] = {}
    doc = Document(data={"tables": found}, file=file)
    index = 0
    while index < len(lines):
        line = lines[index]
        head = _HEADING.match(line)
        if head:
            heading = head.group(2).strip()
            index += 1
            continue
        if ("|" in line and index + 1 < len(lines) and _SEPARATOR.match(lines[index + 1])
                and "|" in lines[index + 1]):
            header = _cells(line)
            dice_head = _DICE_HEAD.match(header[0].replace(" ", "")) if header else None
            body_start = index + 2
            end = body_start
            while end < len(lines) and lines[end].strip().startswith("|"):
                end += 1
            if dice_head and len(header) >= 2:
                _read_table(doc, found, heading, Path(file).stem, dice_head.group(1), header,
                            lines, index, body_start, end)
                heading = None
            index = end
            continue
        index += 1
    tables = {name: parse_table(doc, ("tables", name), name, raw, extended=True)
              for name, raw in found.items()}
    check_links(doc, tables, ("tables",))
    return tables


def _read_table(doc: Document, found: dict[str, Any], heading: str | None, stem: str,
                dice_text: str, header: list[str], lines: list[str], head_line: int,
                start: int, end: int) -> None:
    name = slug(heading or stem)
    path = ("tables", name)
    if name in found:
        raise RulesError(f"a second table named {name!r}; give each its own heading",
                         file=doc.file, line=head_line + 1, key=name)
    if end - start > MAX_ROWS:
        raise RulesError(f"more than {MAX_ROWS} rows", file=doc.file, line=head_line + 1,
                         key=name)
    columns = [cell or f"column {number}" for number, cell in enumerate(header[1:], 2)]
    hundred = dice_text.lower() in ("d100", "1d100", "d%", "1d%")
    entries: dict[str, Any] = {}
    doc.lines[path] = head_line + 1
    doc.lines[path + ("dice",)] = head_line + 1
    for number in range(start, end):
        cells = _cells(lines[number])
        key = _roll_key(cells[0], hundred) if cells else None
        if key is None:
            raise RulesError(f"expected a roll such as 4 or a range such as 1-4, not "
                             f"{cells[0][:20]!r}" if cells else "an empty row",
                             file=doc.file, line=number + 1, key=name)
        if key in entries:
            raise RulesError(f"roll {key} appears twice", file=doc.file, line=number + 1,
                             key=f"{name}.entries.{key}")
        row = cells[1:] + [""] * (len(columns) - len(cells) + 1)
        entries[key] = row[:len(columns)] if len(columns) > 1 else row[0]
        doc.lines[path + ("entries", key)] = number + 1
    if not entries:
        raise RulesError("a dice table with no rows", file=doc.file, line=head_line + 1,
                         key=name)
    raw: dict[str, Any] = {"title": heading or stem, "dice": dice_text, "entries": entries}
    if len(columns) > 1:
        raw["columns"] = columns
    found[name] = raw


def load_markdown_tables(path: Path, *, notes: bool = False) -> dict[str, Table]:
    """The dice tables of a Markdown file: a RulesError if it holds none, unless it may be a
    player's ``notes`` (a Markdown file in an oracles folder need not hold a table)."""
    tables = parse_markdown_tables(rules_text(path, "Markdown"), str(path))
    if not tables and not notes:
        raise RulesError("no dice table here: expected a Markdown table whose first header "
                         "cell names the dice, such as | d6 | Result |", file=str(path))
    return tables
