"""Find the procedures, tables, oracle styles and generators solo ships, and a player's own;
stock a world with the generator or key a journal names (the play layer does, so that the
engine never reads a file)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from solo.errors import RulesError, UsageError
from solo.rules.generator import Generator, load_generator_file, parse_generator
from solo.rules.key_file import parse_key
from solo.rules.key_model import DungeonKey
from solo.rules.key_shelf import read_key
from solo.rules.oracle_styles import parse_style, styles_from_documents
from solo.rules.paths import (
    files_in,
    generators_dir,
    shipped_oracles_dir,
    systems_dir,
    user_generators_dir,
    user_oracles_dir,
)
from solo.rules.procedure import Procedure
from solo.rules.procedure_file import parse_procedure
from solo.rules.table_file import parse_tables_file
from solo.rules.table_markdown import load_markdown_tables
from solo.rules.tables import Table
from solo.rules.validate import check_tables_exist
from solo.rules.world import World
from solo.rules.yamlfile import load_yaml_file

__all__ = ["system_files", "system_ids", "load_system", "load_tables", "load_styles", "load_world",
           "oracle_dirs", "load_file", "generator_files", "generator_list", "load_generator",
           "load_oracle_tables", "stock_generator", "stock_key"]


def oracle_dirs() -> list[Path]:
    return [shipped_oracles_dir(), user_oracles_dir()]


def system_files() -> dict[str, Path]:
    """System id -> file, from the shipped systems and the player's config directory."""
    found: dict[str, Path] = {}
    for folder in (systems_dir(), user_oracles_dir().parent / "systems"):
        found.update((path.stem, path) for path in files_in(folder, "*.yaml"))
    return found


def system_ids() -> list[str]:
    return sorted(system_files())


def _yaml_files(directories: Iterable[Path]) -> list[Path]:
    return [path for folder in directories for path in files_in(folder, "*.yaml")]


@lru_cache(maxsize=64)
def _document(path: Path):
    """Each oracles/ file is read once per run, whoever asks (tables or oracle styles)."""
    return load_yaml_file(path)


def _documents_of_kind(paths: Iterable[Path], kind: str) -> list:
    docs = (_document(path) for path in paths)
    return [doc for doc in docs if isinstance(doc.data, dict) and doc.data.get("kind") == kind]


@lru_cache(maxsize=8)
def _tables_in(paths: tuple[Path, ...]) -> dict[str, Table]:
    tables: dict[str, Table] = {}
    for doc in _documents_of_kind(paths, "tables"):
        tables.update(parse_tables_file(doc))
    return tables


def load_styles() -> dict:
    """The oracle styles in oracles/ (shipped, then the player's); later ones win by name."""
    return styles_from_documents(_document(path) for path in _yaml_files(oracle_dirs()))


def load_tables(extra: Iterable[Path] = ()) -> dict[str, Table]:
    """The tables in oracles/ (shipped, then the player's), then ``extra`` files, later wins."""
    return {**_tables_in(tuple(_yaml_files(oracle_dirs()))), **_extra_tables(extra)}


def _extra_tables(extra: Iterable[Path]) -> dict[str, Table]:
    """The tables of the files ``solo new --tables`` names, Markdown or YAML, later wins."""
    tables: dict[str, Table] = {}
    for path in extra:
        if path.suffix.lower() in (".md", ".markdown"):
            tables.update(load_markdown_tables(path))
        else:
            tables.update(_tables_in((path,)))
    return tables


def load_file(path: Path, extra_tables: Iterable[Path] = ()) -> tuple[str, object]:
    """Load any solo YAML file by its ``kind``: ('procedure', Procedure), ('tables', {...}) …

    A procedure's tables must exist in it, in oracles/, or in ``extra_tables``.
    """
    if path.suffix.lower() in (".md", ".markdown"):
        return "tables", load_markdown_tables(path)
    doc = load_yaml_file(path)
    kind = doc.data.get("kind") if isinstance(doc.data, dict) else None
    if kind == "procedure":
        procedure = parse_procedure(doc)
        check_tables_exist(doc, procedure, load_tables(extra_tables))
        return kind, procedure
    if kind == "tables":
        return kind, parse_tables_file(doc)
    if kind == "oracle":
        return kind, parse_style(doc)
    if kind == "generator":
        return kind, parse_generator(doc)
    if kind == "key":
        return kind, parse_key(doc)
    raise doc.error(("kind",), "expected 'kind:' to be procedure, tables, oracle, generator "
                    "or key")


def load_system(system: str | Path, extra_tables: Iterable[Path] = ()) -> Procedure:
    """A procedure by system id, or by the path of a procedure file."""
    path = Path(system)
    if not (path.suffix in (".yaml", ".yml") and path.exists()):
        files = system_files()
        if str(system) not in files:
            missing = f"no procedure file {str(system)!r}, and no system of that id" \
                if path.suffix in (".yaml", ".yml") else f"unknown system {system!r}"
            raise UsageError(f"{missing}; choose one of: {', '.join(sorted(files))} "
                             "(solo systems lists them)")
        path = files[str(system)]
    kind, procedure = load_file(path, extra_tables)
    if kind != "procedure":
        raise RulesError("expected a procedure file (kind: procedure)", file=str(path))
    return procedure  # type: ignore[return-value]


def load_world(system: str | Path, extra_tables: Iterable[Path] = ()) -> World:
    """Everything the engine needs for one journal, but its dungeon: the generator or key
    the journal names is stocked by :func:`stock_generator` or :func:`stock_key`."""
    extra = tuple(extra_tables)
    return World(load_system(system, extra), load_oracle_tables(extra), load_styles(),
                 generator_ids=tuple(sorted(generator_files())))


def stock_generator(world: World, name: str) -> Generator:
    """The generator ``name`` (an id, or a generator file's path), read into the world's
    ``generators`` unless it is there already. UsageError, listing the generators, for a
    name that is neither; RulesError (file, line, key) for a bad file."""
    found = world.generators.get(name)
    if found is None:
        found = world.generators[name] = load_generator(name)
    return found


def stock_key(world: World, name: str, journal_folder: str | Path) -> DungeonKey | None:
    """The key a journal in ``journal_folder`` names (``name`` as the journal stores it),
    read into the world's ``keys`` unless it is there already; None when no file is there
    (a RulesError when it no longer passes its checks)."""
    found = world.keys.get(name)
    if found is None:
        found = read_key(name, journal_folder)
        if found is not None:
            world.keys[name] = found
    return found


def load_oracle_tables(extra: Iterable[Path] = ()) -> dict[str, Table]:
    """Every table in oracles/ (shipped, then the player's), Markdown tables (``*.md``)
    included, then ``extra`` files; later wins. For :func:`solo.rules.table_roll.roll_on`,
    which rolls links, compound dice and columns (the meaning oracle is ``meaning``)."""
    tables = dict(_tables_in(tuple(_yaml_files(oracle_dirs()))))
    for path in (path for folder in oracle_dirs() for path in files_in(folder, "*.md")):
        tables.update(load_markdown_tables(path, notes=True))
    return {**tables, **_extra_tables(extra)}


def generator_files() -> dict[str, Path]:
    """Generator id -> file: the shipped generators, then the player's own (by file name)."""
    found: dict[str, Path] = {}
    for folder in (generators_dir(), user_generators_dir()):
        found.update((path.stem, path) for path in files_in(folder, "*.yaml"))
    return found


def generator_list() -> list[tuple[str, str, str]]:
    """(id, name, summary) of every generator, sorted by id: what `solo dungeons` lists."""
    listed = []
    for ident, path in sorted(generator_files().items()):
        generator = _generator(path)
        listed.append((ident, generator.name, generator.summary))
    return listed


@lru_cache(maxsize=16)
def _generator(path: Path) -> Generator:
    return load_generator_file(path)


def load_generator(name: str | Path) -> Generator:
    """A generator by id (``classic``) or by the path of a generator file. UsageError, listing
    the generators, when ``name`` is neither; RulesError (file, line, key) for a bad file."""
    path = Path(name)
    if not (path.suffix in (".yaml", ".yml") and path.exists()):
        files = generator_files()
        if str(name) not in files:
            missing = f"no generator or key file {str(name)[:80]!r}, and no generator of " \
                "that id" if path.suffix in (".yaml", ".yml") else \
                f"unknown generator {str(name)[:40]!r}"
            raise UsageError(f"{missing}; choose one of: {', '.join(sorted(files))} (solo "
                             "dungeons lists them), or give the path of a generator or key file")
        path = files[str(name)]
        return _generator(path)
    return load_generator_file(path)
