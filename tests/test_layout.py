"""The house's shape, as docs/architecture.md describes it: packages by layer, each saying
its job; modules and classes past a size are named for the review (advice, not a gate)."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "solo"
LAYERS = ("rules", "engine", "journal", "play", "report", "cli")
MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 300

MODULES = sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


@pytest.mark.parametrize("layer", LAYERS)
def test_each_layer_is_a_package_that_says_its_job_and_what_it_may_import(layer):
    init = PACKAGE / layer / "__init__.py"
    docstring = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert docstring, f"{_name(init)} has no docstring"
    assert "May import" in docstring


class SizeAdvice(UserWarning):
    """A module or class past the size where it is often two jobs: for the review to read,
    never a failure (a split by line count alone leaves facades behind)."""


def oversized(sources: dict[str, str]) -> list[str]:
    """Each module over MAX_MODULE_LINES lines and each class over MAX_CLASS_LINES, with its
    size, from ``{name: source}``."""
    found = []
    for name, source in sources.items():
        if (count := len(source.splitlines())) > MAX_MODULE_LINES:
            found.append(f"{name}: {count} lines (advice: about {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > MAX_CLASS_LINES:
                    found.append(f"{name}:{node.name}: a class of {size} lines (advice: about "
                                 f"{MAX_CLASS_LINES})")
    return found


def test_modules_and_classes_past_the_advised_size_are_named_for_the_review():
    """Not a gate: each one is a warning in pytest's summary, to ask whether it holds one
    job or two."""
    for advice in oversized({_name(path): path.read_text(encoding="utf-8")
                             for path in MODULES}):
        warnings.warn(SizeAdvice(advice), stacklevel=1)


def test_the_size_advice_names_a_long_module_and_a_long_class():
    body = "".join(f"    x{n} = {n}\n" for n in range(MAX_CLASS_LINES))
    long_class = f"class Big:\n{body}"
    assert oversized({"a.py": long_class}) == [
        f"a.py:Big: a class of {MAX_CLASS_LINES + 1} lines (advice: about {MAX_CLASS_LINES})"]
    long_module = "x = 1\n" * (MAX_MODULE_LINES + 1)
    assert oversized({"b.py": long_module}) == [
        f"b.py: {MAX_MODULE_LINES + 1} lines (advice: about {MAX_MODULE_LINES})"]
    assert oversized({"c.py": "x = 1\n" * MAX_MODULE_LINES}) == []


def test_no_module_is_left_in_the_flat_folder_but_the_leaves():
    flat = {path.name for path in PACKAGE.glob("*.py")}
    assert flat == {"__init__.py", "__main__.py", "errors.py", "terminal.py", "internal.py",
                    "defaults.py", "environment.py", "slugs.py"}


def test_no_solo_import_hides_inside_a_function_outside_the_cli():
    """Outside solo/cli (where a subcommand's imports wait to keep start-up fast), every
    dependency on solo's own modules is at the top of its module."""
    hidden = []
    for path in MODULES:
        if path.is_relative_to(PACKAGE / "cli"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(
                            "solo") or isinstance(inner, ast.Import) and any(
                            alias.name.startswith("solo") for alias in inner.names):
                        hidden.append(f"{_name(path)}:{inner.lineno}")
    assert not hidden, f"solo imports inside functions: {hidden}"


def private_imports(source: str) -> list[str]:
    """Each name a module imports from another of solo's modules that the other keeps
    private (``from solo.x import _helper``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("solo"):
            found.extend(f"{node.module}.{alias.name}" for alias in node.names
                         if alias.name.startswith("_") and not alias.name.startswith("__"))
    return found


def test_no_module_imports_another_modules_private_names():
    """A module's ``_names`` are its own: no other module imports them (issue 26)."""
    leaked = {_name(path): names for path in MODULES
              if (names := private_imports(path.read_text(encoding="utf-8")))}
    assert not leaked, f"private names imported: {leaked}"


def test_the_private_name_check_catches_one():
    assert private_imports("from solo.engine.run import _whole, RunState\n") == [
        "solo.engine.run._whole"]
    assert private_imports("from solo import __version__\n") == []
