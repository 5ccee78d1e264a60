"""An expression, or a text with expressions in braces, compiled where it stands in a
procedure file: its errors name that place, and the document keeps every expression it
compiled (for the cross-checks of :mod:`solo.rules.validate`)."""

from __future__ import annotations

import re
from typing import Any

from solo.rules.effect_model import Template
from solo.rules.expr import Expr, ExprError, compile_expr
from solo.rules.yamlfile import Document

__all__ = ["compile_at", "compile_template"]

_FIELD = re.compile(r"\{([^{}]+)\}")


def compile_at(doc: Document, path: tuple, value: Any) -> Expr:
    """Compile an expression found at ``path``, turning errors into located RulesErrors."""
    if not isinstance(value, (str, int, bool)):
        raise doc.error(path, "expected an expression such as 'tension >= 3' or a number")
    try:
        compiled = compile_expr(value)
    except ExprError as err:
        raise doc.error(path, str(err)) from None
    doc.expressions.append((path, compiled))
    return compiled


def compile_template(doc: Document, path: tuple, value: Any) -> Template:
    """Compile a text found at ``path``, each ``{expression}`` in it compiled in place."""
    if not isinstance(value, (str, int)):
        raise doc.error(path, "expected text")
    text = str(value)
    pieces = _FIELD.split(text)  # text, expression source, text, …
    parts = tuple(piece if index % 2 == 0 else compile_at(doc, path, piece)
                  for index, piece in enumerate(pieces))
    return Template(text, tuple(part for part in parts[1::2] if isinstance(part, Expr)), parts)
