"""The status bar fitted to the screen: the forecast first, then the turn, the danger, the
light and the members, the title last; what does not fit is shortened, then left out,
least needed first, so the bar never runs past its width (in columns: a wide character
takes two).

Pure: it arranges the texts it is given.
"""

from __future__ import annotations

from collections.abc import Sequence

from solo.engine.map_layout import text_cells

__all__ = ["fit_bar", "SEPARATOR", "WIDTH"]

SEPARATOR = " │ "
WIDTH = 80
"""The columns the bar fits when the screen's are not known (no prompt drawing it)."""


def _shorten(text: str, width: int) -> str:
    """``text`` in ``width`` columns (a wide character takes two), cut with an ellipsis."""
    if text_cells(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    cut = text[:width - 1]
    while text_cells(cut) > width - 1:
        cut = cut[:-1]
    return cut.rstrip(" ,·:") + "…"


def fit_bar(forecast: str, place: str, danger: Sequence[str], trackers: Sequence[str],
            light: str, members: Sequence[str], party: str, title: str,
            width: int = WIDTH, brief: Sequence[str] = ()) -> str:
    """The bar in ``width`` columns: ``forecast`` first, then ``place``, ``danger``,
    ``light``, each of ``members`` (or ``brief``, the same in fewer letters, or ``party``,
    their sum, when they do not fit), the other ``trackers``, and ``title``. Parts that
    do not fit go, least needed first (the title, the other trackers, then the members
    one by one, then the light); the title is shortened before it goes. Then the turn
    loses its time, the danger goes, then the turn, and the forecast, shortened, is
    last."""
    head = [part for part in (forecast, place) if part]
    short = [part for part in (forecast, place.split(" (", 1)[0]) if part]  # no time
    rest = [*danger, light]

    def joined(*groups: Sequence[str]) -> str:
        return SEPARATOR.join(part for group in groups for part in group if part)

    short_title = _shorten(title, 16)
    tries: list[tuple[Sequence[str], ...]] = [
        (head, rest, members, trackers, [title]),
        (head, rest, members, trackers, [short_title]),
        (head, rest, members, trackers),
        (head, rest, members),
        (head, rest, brief or members, trackers),
        (head, rest, brief or members),
        (head, rest, [party], trackers, [short_title]),
        (head, rest, [party], trackers),
        (head, rest, [party]),
        (head, rest),
        (head, danger),
        (short, danger),
        (head,),
        (short,),
        (head[:1],),
    ]
    for groups in tries:
        text = joined(*groups)
        if text_cells(text) <= width:
            return text
    return _shorten(joined(head[:1]), width)
