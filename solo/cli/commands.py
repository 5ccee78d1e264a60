"""Subcommands of ``solo``: each handler takes its parsed arguments and delegates to one
module; the grammar is :mod:`solo.cli.parser`."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from solo import defaults
from solo.cli.parser import DEFAULT_SYSTEM, build_parser
from solo.cli.search import run as _search
from solo.environment import Environment
from solo.errors import OracleError, UsageError
from solo.rules import oracle_styles
from solo.terminal import printable

if TYPE_CHECKING:
    import argparse
    import random

    from solo.engine.events import Answered
    from solo.engine.requests import Ask
    from solo.rules.oracle_styles import OracleStyle

__all__ = ["parse", "dispatch"]


def parse(argv: list[str], env: Environment) -> argparse.Namespace | int:
    """The command line's options, or the exit code once --help or --version is shown."""
    parser = build_parser(env.stdout)
    try:
        options, extra = parser.parse_known_args(argv)
    except SystemExit as leaving:  # --help and --version
        return int(leaving.code or 0)
    if extra:  # the command's help, where its arguments are
        command = f" {options.command}" if options.command else ""
        raise UsageError(printable(f"unrecognized arguments: {' '.join(extra)} (see: "
                                   f"solo{command} --help)"))
    return options


def dispatch(options: argparse.Namespace, env: Environment) -> int:
    """Run the subcommand ``options`` name (none: home, resume or start a crawl)."""
    return _HANDLERS[options.command or "home"](options, env)


def _random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _roll(options, env: Environment) -> int:
    from solo.cli.one_roll import roll_words

    env.say(roll_words(options.expression, options.seed))
    return 0


def _ask(options, env: Environment) -> int:
    """``solo ask``: the words read as ``ask`` reads them at the prompt; what the options add
    may not say a second time what the words said, nor be what the style does not read."""
    import random

    from solo.engine.meaning_oracle import meaning_answer
    from solo.engine.requests import AskMeaning
    from solo.engine.tool_grammar import read_question
    from solo.journal.notation import event_lines
    from solo.rules.catalog import load_oracle_tables, load_styles

    styles = load_styles()
    chosen = _style(styles, options.style).name if options.style is not None else None
    request = read_question(" ".join(options.question), styles,
                            chosen or defaults.ORACLE_STYLE)
    seed = options.seed if options.seed is not None else _random_seed()
    if isinstance(request, AskMeaning):
        given = [f"--{name}" for name in ("odds", "style", "chaos")
                 if getattr(options, name) is not None]
        if given:
            raise UsageError(f"the meaning oracle takes no {' or '.join(given)}")
        event = meaning_answer(load_oracle_tables(), random.Random(seed), request.question)
    else:
        event = _answer(request, options, styles, random.Random(seed))
    for line in event_lines(event):
        env.say(printable(line))
    return 0


def _answer(request: Ask, options: argparse.Namespace,
            styles: Mapping[str, OracleStyle], rng: random.Random) -> Answered:
    """A yes/no question's answer, the options laid over what the words said."""
    from solo.engine import oracle
    from solo.engine.effects_oracle import answered
    from solo.engine.tool_grammar import check_odds
    from solo.rules.catalog import load_tables

    if request.style is not None and options.style is not None:
        raise UsageError(f"the style is given twice ({request.style}: before the question, "
                         f"and --style {printable(options.style)}); give it once")
    if request.odds is not None and options.odds is not None:
        raise UsageError(f"the odds are given twice ({printable(request.odds)!r} after the "
                         f"question, and --odds {printable(options.odds)!r}); give them once")
    style = _style(styles, request.style or options.style)
    if options.odds is not None:
        if not options.odds.strip():
            raise UsageError("empty odds; give odds such as likely, or leave --odds out")
        check_odds(styles, style.name, options.odds)
    chaos = style.default_chaos
    if options.chaos is not None:
        low, high = style.chaos_range
        if style.method != "fate-chart":
            raise UsageError(f"--chaos is for a style that reads the chaos factor (mythic); "
                             f"{style.name} does not")
        if not low <= options.chaos <= high:
            raise UsageError(f"argument --chaos: expected a whole number from {low} to "
                             f"{high}, not {options.chaos}")
        chaos = options.chaos
    answer = oracle.ask(style, rng, request.odds or options.odds, chaos, load_tables())
    return answered(request.question, style.name, answer)


def _style(styles: Mapping[str, OracleStyle], name: str | None) -> OracleStyle:
    """The oracle style ``name`` (None: the default); a UsageError naming the styles if none
    is called that (an empty name is no name, not the default)."""
    if name is not None and not name.strip():
        raise UsageError(f"an empty oracle style; choose one of: {', '.join(sorted(styles))}")
    try:
        return oracle_styles.get_style(styles, name)
    except OracleError as error:
        raise UsageError(str(error)) from None


def _systems(options, env: Environment) -> int:
    from solo.rules.catalog import load_system, system_ids

    for ident in system_ids():
        env.say(f"{ident}\t{load_system(ident).name}")
    return 0


def _dungeons(options, env: Environment) -> int:
    from solo.rules.catalog import generator_list, load_generator
    from solo.rules.generate import settings_help

    for ident, name, summary in generator_list():
        env.say(printable(f"{ident}\t{name}\t{summary}"))
        for line in settings_help(load_generator(ident)):
            env.say(printable(f"  {line}"))
    return 0


def _dungeon_option(options) -> tuple[str | None, list[str]]:
    """The generator ``solo new --dungeon`` names (a file's path made absolute) and its
    settings (an empty name is refused by the parser, naming the generators)."""
    name = options.dungeon
    if name is None:
        if options.dungeon_set:
            raise UsageError("--dungeon-set needs --dungeon ID")
        return None, []
    if Path(name).suffix in (".yaml", ".yml") and Path(name).is_file():
        name = str(Path(name).resolve())
    return name, list(options.dungeon_set)


def _check(options, env: Environment) -> int:
    from solo.cli.check import run_check

    return run_check(options.files, env)


def _simulate(options, env: Environment) -> int:
    from solo.cli.long_runs import run_simulate

    return run_simulate(options, env)


def _new(options, env: Environment) -> int:
    from solo.cli.check import tables_file
    from solo.play.start import ask_procedure, create_and_play
    from solo.rules.catalog import load_styles

    dungeon = _dungeon_option(options)
    options.oracle = _style(load_styles(), options.oracle).name  # (saved as the style is)
    for name in options.tables:
        tables_file(Path(name))
    system = options.system
    if system is None:
        if not env.at_terminal:
            raise UsageError("solo new needs --system ID without a terminal (see: solo "
                             "systems)")
        system = ask_procedure(DEFAULT_SYSTEM, env)
    return create_and_play(options.journal, system, options.title,
                           options.seed, options.tables, options.oracle, options.party,
                           options.dice, interactive=_interactive, env=env,
                           dungeon=dungeon, party_from=options.party_from)


def _play(options, env: Environment) -> int:
    from solo.play.start import play

    return play(Path(options.journal), _interactive, env)


def _interactive(session, env: Environment) -> int:
    """The REPL, loaded (with prompt_toolkit) only when play runs at a terminal."""
    from solo.play.repl import run_interactive

    return run_interactive(session, traceback=env.traceback)


def _home(options, env: Environment) -> int:
    from solo.play.start import home

    return home(_interactive, env)


def _export(options, env: Environment) -> int:
    from solo.cli.long_runs import run_export

    return run_export(options, env)


def _stats(options, env: Environment) -> int:
    from solo.report.export import stats_text

    text = stats_text(Path(options.journal), options.json, options.reveal) + "\n"
    if options.json and env.stdout_isatty:  # no raw C1 controls on a terminal
        text = "\n".join(json.dumps(json.loads(line)) for line in text.splitlines()) + "\n"
    env.stdout.write(printable(text) if not options.json else text)
    return 0


def _status(options, env: Environment) -> int:
    from solo.play.recap import journal_recap, recap_lines

    data = journal_recap(Path(options.journal), env.clock())
    _show(data, recap_lines(data), options.json, env)
    return 0


def _odds(options, env: Environment) -> int:
    from solo.play.odds_journal import journal_odds, journal_odds_lines

    journal = Path(options.journal)
    if options.json:
        _show(journal_odds(journal), [], True, env)
    else:
        _show({}, journal_odds_lines(journal), False, env)
    return 0


def _show(data: dict, lines: list[str], as_json: bool, env: Environment) -> None:
    """One JSON object (ASCII at a terminal: no raw controls), or the lines made safe."""
    if as_json:
        env.stdout.write(json.dumps(data, ensure_ascii=env.stdout_isatty) + "\n")
    else:
        env.stdout.write("".join(printable(line) + "\n" for line in lines))


def _new_procedure(options, env: Environment) -> int:
    from solo.cli.template import write_template

    return write_template(options.name, options.output, env.stdout)


def _import(options, env: Environment) -> int:
    from solo.cli.import_key import run_import

    return run_import(options.file, options.output, env)


_HANDLERS = {"roll": _roll, "ask": _ask, "systems": _systems, "dungeons": _dungeons,
             "check": _check,
             "simulate": _simulate, "new": _new, "play": _play, "home": _home,
             "export": _export, "stats": _stats, "status": _status, "odds": _odds,
             "new-procedure": _new_procedure, "import": _import, "search": _search}
