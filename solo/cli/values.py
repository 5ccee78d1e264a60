"""The values typed on the command line, as argparse's ``type=`` checks them: each refusal
is one usage error (exit 2) naming the argument, the same for every command that takes it."""

from __future__ import annotations

import argparse
import unicodedata

from solo import defaults
from solo.rules import numbers
from solo.terminal import printable

__all__ = ["whole", "seed", "positive", "turns", "title", "path", "command", "generator",
           "EMPTY_PATH"]

EMPTY_PATH = "an empty path"
"""Why an empty name is refused wherever a file or a folder is named: it would read as
the current folder (or as no option at all), never as what the player meant."""


def whole(value: str) -> int:
    """A whole number; argparse's error names the argument before the message."""
    number = numbers.whole_number(value, signed=True)
    if number is None:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {printable(value)!r}")
    return number


def seed(value: str) -> int:
    """A seed, for every command that takes one: 0 or more (a stock Random seeded with -N
    rolls as with N, so a negative seed would be a second name for another's rolls)."""
    number = numbers.whole_number(value)
    if number is None:
        raise argparse.ArgumentTypeError(f"a seed is a whole number of 0 or more, not "
                                         f"{printable(value)!r}")
    return number


def positive(value: str) -> int:
    number = whole(value)
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {number}")
    return number


def turns(value: str) -> int:
    number = positive(value)
    if number > defaults.SIMULATE_MAX_TURNS:
        raise argparse.ArgumentTypeError(
            f"at most {defaults.SIMULATE_MAX_TURNS:,} turns in one run; "
            "run several with other seeds for more")
    return number


def title(value: str) -> str:
    """A title as typed, on one line: an empty one is refused (leaving --title out gives
    the default), and so is one holding a line break or another control character (the
    heading, the front matter and every listing show a title as one line)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("a title cannot be empty; leave --title out for "
                                         "the default, 'A <procedure> crawl'")
    control = next((char for char in value if unicodedata.category(char) == "Cc"
                    or char in "\u2028\u2029"), None)
    if control is not None:
        raise argparse.ArgumentTypeError(f"a title is one line of text, without a line break "
                                         f"or another control character ({control!r})")
    return value


def path(value: str) -> str:
    """A file's or a folder's name, as typed; an empty one is refused."""
    if not value:
        raise argparse.ArgumentTypeError(EMPTY_PATH)
    return value


def command(value: str) -> str:
    """A command to play (``simulate --action``, ``--setup``); an empty one is refused, never
    taken for the default action."""
    if not value.strip():
        raise argparse.ArgumentTypeError("an empty command; give a command such as "
                                         "'explore', or leave the option out")
    return value


def generator(value: str) -> str:
    """A dungeon generator's id or file (``--dungeon``); an empty one (or ``--dungeon``
    alone) is refused with the generators' ids."""
    if not value.strip():
        from solo.rules.catalog import generator_files  # (only to say which there are)

        raise argparse.ArgumentTypeError(
            "needs a generator: " + ", ".join(sorted(generator_files()))
            + " (solo dungeons lists them), or a generator file")
    return value
