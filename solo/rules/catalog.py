"""Find the procedures, tables and oracle styles solo ships, and a player's own."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from solo.errors import RulesError, UsageError
from solo.rules.oracle_styles import parse_style, styles_from_documents
from solo.rules.paths import shipped_oracles_dir, systems_dir, user_oracles_dir
from solo.rules.procedure import Procedure
from solo.rules.procedure_file import load_document, parse_procedure
from solo.rules.tables import Table, parse_tables_file
from solo.rules.validate import check_tables_exist
from solo.rules.world import World

__all__ = ["system_files", "system_ids", "load_system", "load_tables", "load_styles", "load_world",
           "oracle_dirs", "load_file"]


def oracle_dirs() -> list[Path]:
    return [shipped_oracles_dir(), user_oracles_dir()]


def system_files() -> dict[str, Path]:
    """System id -> file, from the shipped systems and the player's config directory."""
    found: dict[str, Path] = {}
    for folder in (systems_dir(), user_oracles_dir().parent / "systems"):
        if folder.is_dir():
            for path in sorted(folder.glob("*.yaml")):
                found[path.stem] = path
    return found


def system_ids() -> list[str]:
    return sorted(system_files())


def _yaml_files(directories: Iterable[Path]) -> list[Path]:
    files: list[Path] = []
    for folder in directories:
        if folder.is_dir():
            files.extend(sorted(folder.glob("*.yaml")))
    return files


@lru_cache(maxsize=64)
def _document(path: Path):
    """Each oracles/ file is read once per run, whoever asks (tables or oracle styles)."""
    return load_document(path)


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
    return dict(_tables_in(tuple(_yaml_files(oracle_dirs())) + tuple(extra)))


def load_file(path: Path, extra_tables: Iterable[Path] = ()) -> tuple[str, object]:
    """Load any solo YAML file by its ``kind``: ('procedure', Procedure), ('tables', {...}) …

    A procedure's tables must exist in it, in oracles/, or in ``extra_tables``.
    """
    doc = load_document(path)
    kind = doc.data.get("kind") if isinstance(doc.data, dict) else None
    if kind == "procedure":
        procedure = parse_procedure(doc)
        check_tables_exist(doc, procedure, load_tables(extra_tables))
        return kind, procedure
    if kind == "tables":
        return kind, parse_tables_file(doc)
    if kind == "oracle":
        return kind, parse_style(doc)
    raise doc.error(("kind",), "expected 'kind:' to be procedure, tables or oracle")


def load_system(system: str | Path, extra_tables: Iterable[Path] = ()) -> Procedure:
    """A procedure by system id, or by the path of a procedure file."""
    path = Path(system)
    if not (path.suffix in (".yaml", ".yml") and path.exists()):
        files = system_files()
        if str(system) not in files:
            raise UsageError(f"unknown system {system!r}; choose one of: "
                             f"{', '.join(sorted(files))} (solo systems lists them)")
        path = files[str(system)]
    kind, procedure = load_file(path, extra_tables)
    if kind != "procedure":
        raise RulesError("expected a procedure file (kind: procedure)", file=str(path))
    return procedure  # type: ignore[return-value]


def load_world(system: str | Path, extra_tables: Iterable[Path] = ()):
    """Everything the engine needs for one journal."""
    extra = tuple(extra_tables)
    return World(load_system(system, extra), load_tables(extra), load_styles())
