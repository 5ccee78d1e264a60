"""Unexpected errors inside a session: one line for the player, the trace on request."""

from __future__ import annotations

from traceback import format_exception

__all__ = ["internal_error_lines"]


def internal_error_lines(error: BaseException, where: str = "", *,
                         traceback: bool = False) -> list[str]:
    """What to show for a bug met while playing a line; the session then goes on. With
    ``traceback`` (``solo --traceback``), the Python traceback comes first."""
    first = f"solo: internal error: {where}{type(error).__name__}: {error}"
    if len(first) > 300:
        first = first[:300] + "…"
    lines = [f"{first}; the journal is intact (rerun with --traceback to see where)"]
    if traceback:
        lines = ["".join(format_exception(error)).rstrip(), lines[0]]
    return lines
