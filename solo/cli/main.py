"""The ``solo`` command: parse the command line and hand over to the right module.

Subcommands only parse and delegate. Heavy imports (yaml, prompt_toolkit) happen inside
the subcommand that needs them, so that ``solo --version`` and ``solo roll 2d6`` start fast.
Every stream, "is it a terminal?", the clock and ``--traceback`` come from one
:class:`~solo.environment.Environment`, the real one unless a caller (a test) gives its own.
"""

from __future__ import annotations

import os
import re
import sys

from solo import __version__
from solo.environment import Environment

__all__ = ["main"]

PROG = "solo"


def main(argv: list[str] | None = None, env: Environment | None = None) -> int:
    """Run solo; returns the exit code (0 ok, 1 error, 2 usage, 130 Ctrl-C)."""
    args = list(sys.argv[1:] if argv is None else argv)
    env = env or Environment.default()
    stdout = _Watched(env.stdout)
    env = env.replace(stdout=stdout)
    from solo.errors import SoloError

    try:
        done = _quick(args, env)
        if done is None:
            from solo.cli.commands import dispatch, parse

            options = parse(args, env)  # --traceback is an option where options stand, no more
            if isinstance(options, int):
                return options
            env = env.replace(traceback=options.traceback)
            done = dispatch(options, env)
        env.stdout.flush()  # a full disk is found here, not in Python's flush on the way out
        return done
    except KeyboardInterrupt:
        if env.traceback:
            raise
        env.warn()
        return 130
    except SoloError as error:  # the player's mistake: its exit code, traceback or not
        from solo.terminal import printable

        if env.traceback:
            from traceback import format_exc

            env.warn(format_exc().rstrip())
        env.warn(printable(f"{PROG}: error: {error}"))
        return error.exit_code
    except BrokenPipeError:
        _silence(env)
        return 1
    except Exception as error:  # a bug: say so in one line, unless asked for the traceback
        if stdout.failed is not None:  # no bug: stdout is full or failing
            env.warn(f"{PROG}: error: cannot write to standard output: "
                     f"{stdout.failed.strerror or stdout.failed}")
            _silence(env)
            return 1
        if env.traceback:
            raise
        env.warn(f"{PROG}: error: internal error ({type(error).__name__}: {error}); "
                 "rerun with --traceback and report it")
        return 1


def _quick(args: list[str], env: Environment) -> int | None:
    """``solo --version`` and a plain dice roll, without argparse (None: anything else)."""
    if args in (["--version"], ["-V"]):
        env.say(f"{PROG} {__version__}")
        return 0
    return _quick_roll(args, env)


class _Watched:
    """Standard output, keeping the error a write to it raised: a full disk is no bug."""

    def __init__(self, stream) -> None:
        self.stream = stream
        self.failed: OSError | None = None

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            self.failed = error
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            self.failed = error
            raise

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def _silence(env: Environment) -> None:
    """The reader of stdout went away: what is still buffered goes nowhere, without a second
    error when Python flushes stdout on the way out."""
    try:
        fileno = env.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a file: nothing is flushed at exit
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fileno)
    os.close(devnull)


def _quick_roll(args: list[str], env: Environment) -> int | None:
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
            if not (value.isascii() and value.isdigit()) or seed is not None:
                return None  # (argparse says why: a seed is 0 or more)
            seed = int(value)
        elif re.match(r"-d[\d%]", word, re.IGNORECASE):  # no option: a die with a minus first
            from solo.errors import UsageError

            raise UsageError(f"{word!r} reads as an option: write dice that start with a "
                             f"minus after --, as in: solo roll -- {word}")
        elif word.startswith("-") and not word[1:2].isdigit():
            return None  # --help and the like
        else:
            words.append(word)
    if not words:
        return None
    from solo.cli.one_roll import roll_words

    env.say(roll_words(words, seed))
    return 0
