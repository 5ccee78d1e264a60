"""The one-line errors for what goes wrong inside a procedure's effects while they run."""

from __future__ import annotations

from solo.rules.expr import ExprError
from solo.rules.world import World

__all__ = ["procedure_error", "unknown_name_error"]


def procedure_error(world: World, error: Exception) -> Exception:
    """The one-line error for what went wrong inside a procedure's effects: an unknown
    name, a word where a number belongs, nesting past Python's stack. Others pass."""
    if isinstance(error, KeyError):  # a name the procedure reads before giving it a value
        return unknown_name_error(world, error)
    if isinstance(error, (TypeError, ArithmeticError)):
        return ExprError(f"{world.procedure.id}: an expression cannot be worked out "
                         f"({_reason(error)}); 'solo check' the procedure file")
    if isinstance(error, RecursionError):
        return ExprError(f"{world.procedure.id}: the procedure nests too deeply")
    return error


def _reason(error: Exception) -> str:
    text = str(error)
    if "'str' and 'int'" in text or "'int' and 'str'" in text:
        return "it mixes a number and a word"
    return text[:80]


def unknown_name_error(world: World, missing: KeyError) -> ExprError:
    return ExprError(f"{world.procedure.id}: unknown name {missing.args[0]!r} in an "
                     "expression; give it a value first (a tracker or a setting)")

