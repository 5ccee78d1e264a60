"""Subcommands of ``solo``: each handler takes its parsed arguments and delegates to one
module; the grammar is :mod:`solo.cli.parser`."""

from __future__ import annotations

import json
import os
from pathlib import Path

from solo.cli.parser import DEFAULT_SYSTEM, build_parser
from solo.cli.search import run as _search
from solo.environment import Environment
from solo.errors import SoloError, UsageError
from solo.rules import oracle_styles
from solo.terminal import printable

__all__ = ["dispatch"]


def dispatch(argv: list[str], env: Environment) -> int:
    parser = build_parser(env.stdout)
    try:
        options = parser.parse_args(argv)
    except SystemExit as leaving:  # --help and --version
        return int(leaving.code or 0)
    handler = _HANDLERS[options.command or "home"]
    return handler(options, env)


def _random_seed() -> int:
    return int.from_bytes(os.urandom(4), "big")


def _roll(options, env: Environment) -> int:
    import random

    from solo.rules import dice
    from solo.rules.roll_words import expression_alone
    seed = options.seed if options.seed is not None else _random_seed()
    env.say(str(dice.roll(expression_alone(" ".join(options.expression)), random.Random(seed))))
    return 0


def _ask(options, env: Environment) -> int:
    import random

    from solo.engine import oracle
    from solo.rules.catalog import load_styles, load_tables

    styles = load_styles()
    style = oracle_styles.get_style(styles, options.style)
    question, odds = oracle.split_question(" ".join(options.question))
    seed = options.seed if options.seed is not None else _random_seed()
    answer = oracle.ask(style, random.Random(seed), options.odds or odds, options.chaos,
                        load_tables())
    from solo.engine.effects_oracle import answered
    from solo.journal.notation import event_lines

    for line in event_lines(answered(question, style.name, answer)):
        env.say(printable(line))
    return 0


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
    settings; a UsageError listing the generators when it names none."""
    from solo.rules.catalog import generator_files

    name = options.dungeon
    if name is None:
        if options.dungeon_set:
            raise UsageError("--dungeon-set needs --dungeon ID")
        return None, []
    if not name:
        raise UsageError("--dungeon needs a generator: " + ", ".join(sorted(generator_files()))
                         + " (solo dungeons lists them), or a generator file")
    if Path(name).suffix in (".yaml", ".yml") and Path(name).is_file():
        name = str(Path(name).resolve())
    return name, list(options.dungeon_set)


def _check(options, env: Environment) -> int:
    from solo.rules.catalog import load_file

    failures = 0
    for name in options.files:
        try:
            kind, loaded = load_file(Path(name))
            if kind == "procedure":
                _refuse_shadowing(Path(name), loaded)
        except SoloError as error:
            failures += 1
            env.warn(f"solo: error: {error}")
        else:
            env.say(f"{printable(name)}: ok ({kind})")
    return 1 if failures else 0


def _refuse_shadowing(path: Path, procedure) -> None:
    """A procedure action (or alias) named like a solo command would never run: refuse it,
    naming the file and line (the table of commands says which words are solo's)."""
    from solo.errors import RulesError
    from solo.play.commands_table import RESERVED
    from solo.rules.catalog import load_document

    for name, action in procedure.actions.items():
        for index, word in enumerate((name, *action.aliases)):
            if word.lower() in RESERVED:
                doc = load_document(path)
                key = ("actions", name) if index == 0 else ("actions", name, "aliases",
                                                            index - 1)
                what = "action" if index == 0 else f"alias of action {name!r}"
                raise RulesError(f"the {what} {word!r} would be shadowed by solo's own "
                                 f"command '{word}'; rename it", file=str(path),
                                 line=doc.line(key), key=".".join(map(str, key)))


def _simulate(options, env: Environment) -> int:
    from solo.cli.long_runs import run_simulate

    return run_simulate(options, env)


def _new(options, env: Environment) -> int:
    from solo.play.start import ask_procedure, create_and_play

    dungeon = _dungeon_option(options)
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
