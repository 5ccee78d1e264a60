"""The ``solo`` command: parse the command line and hand over to the right module.

Subcommands only parse and delegate. Heavy imports (yaml, prompt_toolkit) happen inside
the subcommand that needs them, so that ``solo --version`` and ``solo roll 2d6`` start fast.
"""

from __future__ import annotations

import os
import sys

from solo import __version__

__all__ = ["main"]

PROG = "solo"


def main(argv: list[str] | None = None) -> int:
    """Run solo; returns the exit code (0 ok, 1 error, 2 usage, 130 Ctrl-C)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["--version"], ["-V"]):
        print(f"{PROG} {__version__}")
        return 0
    traceback = "--traceback" in args
    if traceback:
        args.remove("--traceback")
        from solo.internal import SHOW_TRACEBACK

        SHOW_TRACEBACK["on"] = True
    from solo.errors import SoloError

    if sys.stdin is None:  # started with stdin closed (<&-): read it as empty
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 - lives as long as solo
    try:
        quick = _quick_roll(args)
        if quick is not None:
            return quick
        from solo.cli.commands import dispatch

        return dispatch(args)
    except KeyboardInterrupt:
        if traceback:
            raise
        print(file=sys.stderr)
        return 130
    except SoloError as error:
        if traceback:
            raise
        from solo.terminal import printable

        print(printable(f"{PROG}: error: {error}"), file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as error:  # a bug: say so in one line, unless asked for the traceback
        if traceback:
            raise
        print(f"{PROG}: error: internal error ({type(error).__name__}: {error}); "
              "rerun with --traceback and report it", file=sys.stderr)
        return 1


def _quick_roll(args: list[str]) -> int | None:
    """``solo roll EXPR [--seed N]`` without argparse, so a dice roll starts fast.

    Returns None (let argparse handle it) for anything but that plain form.
    """
    if len(args) < 2 or args[0] != "roll":
        return None
    words, seed = [], None
    rest = iter(args[1:])
    for word in rest:
        if word.startswith("--seed"):
            value = word.partition("=")[2] if "=" in word else next(rest, "")
            digits = value.lstrip("-")
            if not (digits.isascii() and digits.isdigit()) or seed is not None:
                return None
            seed = int(value)
        elif word.startswith("-") and not word[1:2].isdigit():
            return None  # --help and the like
        else:
            words.append(word)
    if not words:
        return None
    import random

    from solo.rules import dice
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    print(dice.roll(" ".join(words), random.Random(seed)))
    return 0
