"""A fault of the procedure file is told from a bug in solo: the first names the file, the
second is kept whole for the internal-error line and --traceback."""

from __future__ import annotations

from solo.engine.procedure_errors import procedure_error
from solo.rules.catalog import load_world
from solo.rules.expr import ExprError

WORLD = load_world("trespasser")


def test_an_expression_fault_names_the_procedure_file():
    translated = procedure_error(WORLD, ExprError("unknown name 'x'"))
    assert isinstance(translated, ExprError)
    assert str(translated) == f"{WORLD.procedure.file}: unknown name 'x'"


def test_routines_without_end_are_the_procedure_files_fault():
    translated = procedure_error(WORLD, RecursionError("maximum recursion depth exceeded"))
    assert isinstance(translated, ExprError)
    assert str(translated).startswith(f"{WORLD.procedure.file}: the procedure nests too deeply")


def test_any_other_error_is_a_bug_kept_as_it_is():
    bug = KeyError("3")
    assert procedure_error(WORLD, bug) is bug
