"""Read a generator file (``kind: generator``): how a new room is rolled.

A generator says, for a room the party walks into for the first time, which tables give
its kind and a short description, how many exits it has and in which directions, the
door of each exit (open, stuck, locked, secret, trapped) and what the room holds (empty,
a feature, a trap, treasure, an encounter, something special). It is written in the same
YAML as procedures: dice, ranges, tables (with the links, weights and compound dice of
:mod:`solo.rules.tables`) and expressions for conditions and modifiers. Settings the
player chooses at ``solo new`` (the dungeon's size, its door mix, how often rooms hold
something) are words; each word gives names the expressions read. docs/generators.md is
the guide; :mod:`solo.rules.generate` rolls a room.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solo.errors import DiceError
from solo.rules import dice
from solo.rules.expr import Expr, ExprError, compile_expr
from solo.rules.table_file import check_links, entry_path, links, parse_table
from solo.rules.tables import Table
from solo.rules.yamlfile import Document, load_yaml_file

__all__ = ["DIRECTIONS", "DOOR_KINDS", "CONTENT_KINDS", "CONTEXT_NAMES", "MAX_EXITS",
           "Pick", "Count", "Setting", "Generator", "parse_generator", "load_generator_file"]

DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW", "U", "D")
"""The directions an exit may face, in the map's order (the engine's own list)."""
COMPASS = DIRECTIONS[:8]
DOOR_KINDS = ("open", "stuck", "locked", "secret", "trapped")
CONTENT_KINDS = ("empty", "feature", "trap", "treasure", "encounter", "special")
MAX_EXITS = 12
CONTEXT_NAMES = ("rooms",)
"""Names every generator expression may read besides its settings: ``rooms``, how many
rooms the dungeon has before this one."""

_TOP = ("kind", "id", "name", "summary", "source", "settings", "room", "tables")
_ROOM = ("kind", "description", "exits", "contents")
_EXITS = ("count", "directions", "door")
_SETTING = ("help", "default", "choices")
_PICK = ("table", "plus", "when")
_COUNT = ("dice", "plus", "table", "when")
_COMMENTS = ("note", "reading")


@dataclass(frozen=True)
class Pick:
    """One way to choose a table: roll ``table`` with ``plus`` added, when ``when`` holds."""

    table: str
    plus: Expr | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Count:
    """How many exits: ``dice`` plus ``plus``, or a table whose entries say (``is: 2``),
    when ``when`` holds."""

    dice: str | None = None
    table: str | None = None
    plus: Expr | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Setting:
    """A choice the player makes at ``solo new``: its words, each giving named values."""

    name: str
    help: str
    default: str
    choices: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(word for word, _ in self.choices)

    def values(self, word: str) -> dict[str, Any]:
        return dict(dict(self.choices)[word])


@dataclass(frozen=True)
class Generator:
    """A checked generator file."""

    id: str
    name: str
    summary: str
    source: str
    file: str
    tables: Mapping[str, Table] = field(compare=False, repr=False)
    settings: tuple[Setting, ...] = ()
    kind: tuple[Pick, ...] = ()
    description: tuple[tuple[Pick, ...], ...] = ()
    count: tuple[Count, ...] = ()
    directions: tuple[str, ...] = COMPASS
    door: tuple[Pick, ...] = ()
    contents: tuple[tuple[Pick, ...], ...] = ()
    """Each slot rolled in turn (``contents: {each: [encounter, object]}``); usually one."""

    def setting(self, name: str) -> Setting | None:
        return next((setting for setting in self.settings if setting.name == name), None)


def load_generator_file(path: Path) -> Generator:
    """Read and check the generator file at ``path``."""
    return parse_generator(load_yaml_file(path))


def _keys(doc: Document, path: tuple, raw: Any, allowed: tuple[str, ...],
          required: tuple[str, ...] = (), what: str = "a mapping") -> Mapping[Any, Any]:
    return doc.mapping(path, raw, allowed, required, what, _COMMENTS)


def _text(doc: Document, path: tuple, value: Any, default: str | None = None) -> str:
    if value is None and default is not None:
        return default
    if not isinstance(value, str) or not value.strip():
        raise doc.error(path, "expected text")
    return value.strip()


class _Reader:
    """Reads one file's blocks, knowing its tables and the names its expressions may read."""

    def __init__(self, doc: Document, tables: Mapping[str, Table], names: set[str]) -> None:
        self.doc = doc
        self.tables = tables
        self.names = names

    def expr(self, path: tuple, raw: Any, what: str) -> Expr:
        if isinstance(raw, bool) and what == "a number":
            raise self.doc.error(path, f"expected {what}")
        if not isinstance(raw, (str, int)):
            raise self.doc.error(path, f"expected an expression giving {what}")
        try:
            compiled = compile_expr(raw)
        except ExprError as err:
            raise self.doc.error(path, str(err)) from None
        unknown = sorted(set(compiled.names) - self.names)
        if unknown:
            raise self.doc.error(path, f"unknown name {unknown[0]!r}; a generator reads its "
                                 f"settings and {', '.join(CONTEXT_NAMES)}")
        return compiled

    def table(self, path: tuple, raw: Any) -> str:
        if not isinstance(raw, str) or raw not in self.tables:
            known = ", ".join(sorted(self.tables)) or "none"
            raise self.doc.error(path, f"expected one of this file's tables ({known})")
        return raw

    def alternatives(self, path: tuple, raw: Any) -> list[tuple[tuple, Any]]:
        """A pick written as one choice or a list of them, each with its path; only the
        last may go without ``when``, and the last must (something is always chosen)."""
        if isinstance(raw, list):
            if not raw:
                raise self.doc.error(path, "expected at least one choice")
            items = [(path + (index,), item) for index, item in enumerate(raw)]
        else:
            items = [(path, raw)]
        for index, (where, item) in enumerate(items):
            has_when = isinstance(item, Mapping) and "when" in item
            last = index == len(items) - 1
            if last and has_when:
                raise self.doc.error(where + ("when",), "the last choice needs no 'when': "
                                     "it is taken when no other holds")
            if not last and not has_when:
                raise self.doc.error(where, "every choice but the last needs a 'when' (the "
                                     "ones after it could never be taken)")
        return items

    def picks(self, path: tuple, raw: Any) -> tuple[Pick, ...]:
        result = []
        for where, item in self.alternatives(path, raw):
            if isinstance(item, str):
                result.append(Pick(self.table(where, item)))
                continue
            item = _keys(self.doc, where, item, _PICK, ("table",),
                         "a table's name, or a mapping with table, plus and when")
            result.append(Pick(
                self.table(where + ("table",), item["table"]),
                self.expr(where + ("plus",), item["plus"], "a number")
                if "plus" in item else None,
                self.expr(where + ("when",), item["when"], "true or false")
                if "when" in item else None))
        return tuple(result)

    def counts(self, path: tuple, raw: Any) -> tuple[Count, ...]:
        result = []
        for where, item in self.alternatives(path, raw):
            if isinstance(item, (str, int)) and not isinstance(item, bool):
                item = {"dice": str(item)}
            item = _keys(self.doc, where, item, _COUNT, (),
                         "dice (d4), or a mapping with dice or table, plus and when")
            if ("dice" in item) == ("table" in item):
                raise self.doc.error(where, "give either 'dice' or 'table'")
            dice_text = table = None
            if "dice" in item:
                dice_text = str(item["dice"])
                try:
                    highest = dice.parse(dice_text).maximum
                except DiceError as err:
                    raise self.doc.error(where + ("dice",), str(err)) from None
                if highest > MAX_EXITS:
                    raise self.doc.error(where + ("dice",), f"{dice_text} can roll {highest} "
                                         f"exits; a room has at most {MAX_EXITS}")
            else:
                table = self.table(where + ("table",), item["table"])
                self.count_table(where + ("table",), self.tables[table])
            result.append(Count(
                dice_text, table,
                self.expr(where + ("plus",), item["plus"], "a number") if "plus" in item else None,
                self.expr(where + ("when",), item["when"], "true or false")
                if "when" in item else None))
        return tuple(result)

    def count_table(self, path: tuple, table: Table) -> None:
        for entry in table.entries:
            tag = entry.tag
            if isinstance(tag, bool) or not isinstance(tag, int) or not 0 <= tag:
                raise self.doc.error(self.entry_path(table, entry) + ("is",),
                                     f"table {table.name!r} gives the number of exits: "
                                     "each entry needs 'is:' a number of exits")
            if tag > MAX_EXITS:
                raise self.doc.error(self.entry_path(table, entry) + ("is",),
                                     f"{tag} exits; a room has at most {MAX_EXITS}")

    def entry_path(self, table: Table, entry: Any) -> tuple:
        return entry_path(self.doc, ("tables",), table.name, entry)

    def kinds(self, path: tuple, picks: tuple[Pick, ...], allowed: tuple[str, ...],
              what: str, every: bool) -> None:
        """Every ``is:`` in the picked tables (and the tables they roll) is one of
        ``allowed``; with ``every``, each entry of a picked table has one."""
        seen: set[tuple[str, bool]] = set()
        todo = [(pick.table, True) for pick in picks]
        while todo:
            name, top = todo.pop()
            if (name, top) in seen:
                continue
            seen.add((name, top))
            table = self.tables.get(name)
            if table is None:
                continue
            for entry in table.entries:
                if entry.tag is None and top and every:
                    raise self.doc.error(self.entry_path(table, entry),
                                         f"needs 'is:' one of {', '.join(allowed)} ({what})")
                if entry.tag is not None and entry.tag not in allowed:
                    raise self.doc.error(self.entry_path(table, entry) + ("is",),
                                         f"unknown {what} {entry.tag!r}; expected one of "
                                         f"{', '.join(allowed)}")
                todo.extend((target, False) for target in links(entry))


def _settings(doc: Document, raw: Any) -> tuple[Setting, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise doc.error(("settings",), "expected a mapping of settings")
    result = []
    for name, body in raw.items():
        path = ("settings", name)
        if not isinstance(name, str) or not name.isidentifier() or name in CONTEXT_NAMES:
            raise doc.error(path, "expected a setting's name: a word such as doors")
        body = _keys(doc, path, body, _SETTING, ("default", "choices"),
                     "a mapping with help, default and choices")
        choices_raw = body["choices"]
        if not isinstance(choices_raw, Mapping) or not choices_raw:
            raise doc.error(path + ("choices",), "expected the words the player may choose, "
                            "each with the values it sets ({} for none)")
        choices = []
        for word, values in choices_raw.items():
            where = path + ("choices", word)
            if not isinstance(word, str) or not word.strip() or " " in word:
                raise doc.error(where, "expected a word")
            if values is None:
                values = {}
            if not isinstance(values, Mapping):
                raise doc.error(where, "expected the values this word sets, such as "
                                "{door_plus: 2}")
            for key, value in values.items():
                if (not isinstance(key, str) or not key.isidentifier()
                        or not isinstance(value, (int, str, bool))):
                    raise doc.error(where + (key,), "expected a name with a number, word "
                                    "or true/false")
            choices.append((word, tuple(values.items())))
        default = body["default"]
        if default not in dict(choices):
            raise doc.error(path + ("default",), f"expected one of {', '.join(dict(choices))}")
        help_text = _text(doc, path + ("help",), body.get("help"), name)
        result.append(Setting(name, help_text, str(default), tuple(choices)))
    return tuple(result)


def parse_generator(doc: Document) -> Generator:
    """Check a generator file's document and build its :class:`Generator`."""
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "generator":
        raise doc.error(("kind",), "expected 'kind: generator' at the top of a generator file")
    _keys(doc, (), data, _TOP, ("id", "name", "room", "tables"))
    ident = _text(doc, ("id",), data["id"])
    raw_tables = data["tables"]
    if not isinstance(raw_tables, Mapping) or not raw_tables:
        raise doc.error(("tables",), "expected a mapping of table names to tables")
    tables = {str(name): parse_table(doc, ("tables", name), str(name), raw, extended=True)
              for name, raw in raw_tables.items()}
    check_links(doc, tables, ("tables",), others={})
    settings = _settings(doc, data.get("settings"))
    names = set(CONTEXT_NAMES)
    for setting in settings:
        names.add(setting.name)
        for _, values in setting.choices:
            names.update(key for key, _ in values)
    reader = _Reader(doc, tables, names)
    room = _keys(doc, ("room",), data["room"], _ROOM, ("kind", "exits", "contents"))
    kind = reader.picks(("room", "kind"), room["kind"])
    description_raw = room.get("description", [])
    if isinstance(description_raw, list):  # each item a pick, rolled in turn
        description = tuple(reader.picks(("room", "description", index), item)
                            for index, item in enumerate(description_raw))
    else:
        description = (reader.picks(("room", "description"), description_raw),)
    exits = _keys(doc, ("room", "exits"), room["exits"], _EXITS, ("count", "door"))
    count = reader.counts(("room", "exits", "count"), exits["count"])
    directions = _directions(doc, exits.get("directions"))
    door = reader.picks(("room", "exits", "door"), exits["door"])
    reader.kinds(("room", "exits", "door"), door, DOOR_KINDS, "door kind", True)
    contents_raw = room["contents"]
    if isinstance(contents_raw, Mapping) and "each" in contents_raw:
        _keys(doc, ("room", "contents"), contents_raw, ("each",), ("each",))
        slots = contents_raw["each"]
        if not isinstance(slots, list) or not slots:
            raise doc.error(("room", "contents", "each"), "expected a list of tables, each "
                            "rolled in turn")
        contents = tuple(reader.picks(("room", "contents", "each", index), item)
                         for index, item in enumerate(slots))
    else:
        contents = (reader.picks(("room", "contents"), contents_raw),)
    for picks in contents:
        reader.kinds(("room", "contents"), picks, CONTENT_KINDS, "content", False)
    return Generator(
        id=ident, name=_text(doc, ("name",), data["name"]),
        summary=_text(doc, ("summary",), data.get("summary"), ""),
        source=_text(doc, ("source",), data.get("source"), ""),
        file=doc.file, tables=tables, settings=settings, kind=kind, description=description,
        count=count, directions=directions, door=door, contents=contents)


def _directions(doc: Document, raw: Any) -> tuple[str, ...]:
    if raw is None:
        return COMPASS
    path = ("room", "exits", "directions")
    if not isinstance(raw, list) or not raw:
        raise doc.error(path, f"expected a list of directions from {' '.join(DIRECTIONS)}")
    for index, word in enumerate(raw):
        if not isinstance(word, str) or word.upper() not in DIRECTIONS:
            raise doc.error(path + (index,), f"unknown direction {str(word)[:12]!r}; expected "
                            f"one of {' '.join(DIRECTIONS)}")
    upper = [word.upper() for word in raw]
    if len(set(upper)) != len(upper):
        raise doc.error(path, "a direction appears twice")
    return tuple(direction for direction in DIRECTIONS if direction in upper)
