"""The ``solo`` command: parse the command line and hand over to the right module.

Subcommands only parse and delegate. Heavy imports (yaml, prompt_toolkit,
markdown-it-py) happen inside the subcommand that needs them, so that
``solo --version`` and ``solo roll 2d6`` start fast.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from solo import __version__

__all__ = ["main"]

PROG = "solo"


def main(argv: Sequence[str] | None = None) -> int:
    """Run solo; returns the exit code (0 ok, 1 error, 2 usage, 130 Ctrl-C)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["--version"], ["-V"]):
        print(f"{PROG} {__version__}")
        return 0
    traceback = "--traceback" in args
    if traceback:
        args.remove("--traceback")
    from solo.errors import SoloError

    try:
        from solo.commands import dispatch

        return dispatch(args)
    except KeyboardInterrupt:
        if traceback:
            raise
        print(file=sys.stderr)
        return 130
    except SoloError as error:
        if traceback:
            raise
        print(f"{PROG}: error: {error}", file=sys.stderr)
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
