"""What playing one line gives back: the lines to show, and whether the sitting ends."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Reply"]


@dataclass(frozen=True)
class Reply:
    """The lines a played line shows the player; ``quit`` ends the sitting."""

    lines: tuple[str, ...] = ()
    quit: bool = False
