"""Subcommands of ``solo``: each parses its arguments and delegates to one module."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from solo import __version__
from solo.errors import SoloError, UsageError

__all__ = ["dispatch", "build_parser"]

DEFAULT_SYSTEM = "d12-tension"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line on stderr, exit code 2
        raise UsageError(f"{message} (see: {self.prog} --help)")


def _seed(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {value!r}") from None


def _positive(value: str) -> int:
    number = _seed(value)
    if number < 1:
        raise argparse.ArgumentTypeError("expected a whole number of at least 1")
    return number


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="solo", description="Play tabletop dungeon crawls alone: solo keeps "
                     "the GM's books, answers yes/no questions, and writes a Markdown journal.",
                     epilog="With no command, solo offers to resume your latest journal in "
                     "./journals or to start a new crawl.")
    parser.add_argument("--version", action="version", version=f"solo {__version__}")
    parser.add_argument("--traceback", action="store_true",
                        help="Show the full Python traceback on errors.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = sub.add_parser("new", help="Start a new crawl and its journal.")
    new.add_argument("journal", nargs="?", help="Journal file (default: journals/<title>.md).")
    new.add_argument("--system", default=None, help="Procedure id (see: solo systems); "
                     f"default {DEFAULT_SYSTEM}.")
    new.add_argument("--title", default=None, help="The crawl's title.")
    new.add_argument("--seed", type=_seed, help="Seed for every roll (random if omitted).")
    new.add_argument("--tables", nargs="+", default=[], metavar="FILE",
                     help="Extra tables files for this dungeon.")
    new.add_argument("--oracle", default="mythic", help="Oracle style: mythic, ironsworn, opse.")
    new.add_argument("--party", nargs="+", default=[], metavar="NAME",
                     help="The party's members, for the journal's front matter.")

    play = sub.add_parser("play", help="Resume a journal exactly where it stopped.")
    play.add_argument("journal", help="The journal file.")

    roll = sub.add_parser("roll", help="Roll dice, such as 2d6+1 or 4d6kh3.")
    roll.add_argument("expression", nargs="+", help="Dice expression.")
    roll.add_argument("--seed", type=_seed, help="Seed, for a repeatable roll.")

    ask = sub.add_parser("ask", help="Ask the oracle a yes/no question.")
    ask.add_argument("question", help='The question, such as "Is the door locked?".')
    ask.add_argument("--odds", default=None, help="Odds, such as likely (default 50/50).")
    ask.add_argument("--style", default=None, help="Oracle style: mythic, ironsworn, opse.")
    ask.add_argument("--chaos", type=int, default=5, help="Chaos factor 1-9 (mythic).")
    ask.add_argument("--seed", type=_seed, help="Seed, for a repeatable answer.")

    sub.add_parser("systems", help="List the procedures, one per line: id, then name.")

    check = sub.add_parser("check", help="Validate procedure, tables or oracle files.")
    check.add_argument("files", nargs="+", help="YAML files to check.")

    simulate = sub.add_parser("simulate", help="Play many turns headless and count outcomes.")
    simulate.add_argument("--system", required=True, help="Procedure id or file.")
    simulate.add_argument("--turns", type=_positive, default=1000, help="Turns (default 1000).")
    simulate.add_argument("--seed", type=_seed, default=1, help="Seed (default 1).")
    simulate.add_argument("--action", action="append", default=[], help="A command to play; "
                          "repeat it for a script played in a cycle (default: the "
                          "procedure's ordinary exploring action).")
    simulate.add_argument("--setup", action="append", default=[], help="A command played "
                          "once before the script, such as 'light torch' (repeatable).")
    simulate.add_argument("--json", action="store_true", help="Print one JSON object.")

    export = sub.add_parser("export", help="Export a journal as a play report.")
    export.add_argument("journal", help="The journal file.")
    export.add_argument("--format", choices=("md", "html"), default="md", help="md or html.")
    export.add_argument("-o", "--output", default=None, help="Output file (default: stdout).")

    stats = sub.add_parser("stats", help="Show a journal's figures.")
    stats.add_argument("journal", help="The journal file.")
    stats.add_argument("--json", action="store_true", help="Print one JSON object.")

    template = sub.add_parser("new-procedure", help="Write a commented starting procedure file.")
    template.add_argument("name", help="Id of the new procedure (e.g. my-dungeon).")
    template.add_argument("-o", "--output", default=None, help="File (default: NAME.yaml).")
    return parser


def dispatch(argv: list[str]) -> int:
    parser = build_parser()
    try:
        options = parser.parse_args(argv)
    except SystemExit as leaving:  # --help and --version
        return int(leaving.code or 0)
    handler = _HANDLERS[options.command or "home"]
    return handler(options)


def _random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _roll(options) -> int:
    import random

    from solo import dice

    seed = options.seed if options.seed is not None else _random_seed()
    result = dice.roll(" ".join(options.expression), random.Random(seed))
    print(result)
    return 0


def _ask(options) -> int:
    import random

    from solo import oracle
    from solo.catalog import load_styles, load_tables

    styles = load_styles()
    style = oracle.get_style(styles, options.style)
    question, odds = oracle.split_question(options.question)
    seed = options.seed if options.seed is not None else _random_seed()
    answer = oracle.ask(style, random.Random(seed), options.odds or odds, options.chaos,
                        load_tables())
    print(f"? {question}")
    print(f"d: {answer.summary()}")
    return 0


def _systems(options) -> int:
    from solo.catalog import load_system, system_ids

    for ident in system_ids():
        print(f"{ident}\t{load_system(ident).name}")
    return 0


def _check(options) -> int:
    from solo.catalog import load_file

    failures = 0
    for name in options.files:
        try:
            kind, _ = load_file(Path(name))
        except SoloError as error:
            failures += 1
            print(f"solo: error: {error}", file=sys.stderr)
        else:
            print(f"{name}: ok ({kind})")
    return 1 if failures else 0


def _simulate(options) -> int:
    from solo.catalog import load_world
    from solo.simulate import simulate

    result = simulate(load_world(options.system), options.turns, options.seed,
                      setup=options.setup, script=options.action)
    if options.json:
        print(json.dumps(result.to_json()))
    else:
        print("\n".join(result.lines()))
    return 0


def _new(options) -> int:
    from solo.play import create_and_play

    return create_and_play(options.journal, options.system or DEFAULT_SYSTEM, options.title,
                           options.seed, options.tables, options.oracle, options.party)


def _play(options) -> int:
    from solo.play import play

    return play(Path(options.journal))


def _home(options) -> int:
    from solo.play import home

    return home()


def _export(options) -> int:
    from solo.report import export

    return export(Path(options.journal), options.format, options.output)


def _stats(options) -> int:
    from solo.report import stats

    return stats(Path(options.journal), options.json)


def _new_procedure(options) -> int:
    from solo.template import write_template

    return write_template(options.name, options.output)


_HANDLERS = {"roll": _roll, "ask": _ask, "systems": _systems, "check": _check,
             "simulate": _simulate, "new": _new, "play": _play, "home": _home,
             "export": _export, "stats": _stats, "new-procedure": _new_procedure}
