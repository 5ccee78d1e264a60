"""Unexpected errors inside a session: one line for the player, the trace on request."""

from __future__ import annotations

import traceback

__all__ = ["internal_error_lines", "SHOW_TRACEBACK"]

SHOW_TRACEBACK = {"on": False}  # set by ``solo --traceback``


def internal_error_lines(error: BaseException, where: str = "") -> list[str]:
    """What to show for a bug met while playing a line; the session then goes on."""
    first = f"solo: internal error: {where}{type(error).__name__}: {error}"
    if len(first) > 300:
        first = first[:300] + "…"
    lines = [f"{first}; the journal is intact (rerun with --traceback to see where)"]
    if SHOW_TRACEBACK["on"]:
        lines = ["".join(traceback.format_exception(error)).rstrip(), lines[0]]
    return lines
