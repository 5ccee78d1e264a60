"""Tell a fault of the procedure file from a bug in solo, for what goes wrong while a
command runs.

What the procedure file got wrong is raised on purpose, as an ExprError, by the code that
meets it: the expression evaluator (a name read before it has a value, a word where a
number belongs, a division by zero) and the effects (a value past solo's limits).
:func:`procedure_error` adds the file's name to those, and turns a procedure whose
routines call each other without end (Python's stack runs out) into one too. Everything
else is returned unchanged: a refusal of what the player typed stays their one-line error,
and any other exception is a bug in solo, kept whole (its type, message and traceback)
for the "internal error" line and ``solo --traceback``.
"""

from __future__ import annotations

from solo.rules.expr import ExprError
from solo.rules.world import World

__all__ = ["procedure_error"]


def procedure_error(world: World, error: Exception) -> Exception:
    """The exception to raise for ``error``, met while a command of ``world`` ran: an
    ExprError naming the procedure file for a fault of that file, else ``error`` itself.
    Raise it ``from error`` so a translated one keeps its cause."""
    if isinstance(error, ExprError):
        return ExprError(f"{world.procedure.file}: {error}")
    if isinstance(error, RecursionError):
        return ExprError(f"{world.procedure.file}: the procedure nests too deeply (a routine "
                         "calls itself, or another that calls it, without end)")
    return error
