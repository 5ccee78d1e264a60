"""Where a journal's text goes on past its front matter: the one reading the md and html
reports and ``solo search`` share, the header reader's (:mod:`solo.journal.header`)."""

from __future__ import annotations

from solo.journal.header import find_front_matter

__all__ = ["past_front_matter"]

_HEAD_BYTES = 1 << 20  # far past any header (a title is at most 64 KiB)


def past_front_matter(text: bytes) -> int:
    """Where ``text`` goes on after its front matter (0 when it has none), found as the
    header reader finds it (``---`` or ``...`` closing, spaces after a fence). Its head is
    read a character a byte (Latin-1), so the offset is the bytes', a CR before a line
    break as the space the fence lines allow."""
    if not text.startswith(b"---"):
        return 0
    found = find_front_matter(text[:_HEAD_BYTES].replace(b"\r", b" ").decode("latin-1"))
    return 0 if found is None else found.end
