"""The commands that may run long: ``solo simulate`` and ``solo export``.

At a terminal, a run that goes on over a second shows how far it has got on stderr
(:mod:`solo.cli.progress`); piped or redirected, nothing shows and nothing is measured.
Ctrl-C stops either with one line on stderr and exit code 130: a simulation prints no
figures, an export to a file leaves no file (nor a half-written one) behind.
"""

from __future__ import annotations

import json
from pathlib import Path

from solo.cli.progress import Progress
from solo.environment import Environment
from solo.terminal import printable

__all__ = ["run_simulate", "run_export", "interrupted", "LONG_EXPORT"]

LONG_EXPORT = 4 * 1024 * 1024
"""A journal this large takes over a second to export: its progress shows from the start
(the reading, one call, gives progress no chance to show until it is done)."""


def run_simulate(options, env: Environment) -> int:
    """``solo simulate``: play the turns, then print the counts (or one JSON object)."""
    from solo.engine.simulate import simulate
    from solo.errors import SoloError, UsageError
    from solo.rules.catalog import load_world

    if options.dungeon_set and options.dungeon is None:
        raise UsageError("--dungeon-set needs --dungeon ID")
    world = load_world(options.system)
    if getattr(options, "dungeon", None):
        return _simulate_dungeon(world, options, env)
    progress = Progress(env, "simulate")
    done = 0

    def played(turns: int) -> None:
        nonlocal done
        done = turns
        progress.turns(turns, options.turns)

    try:
        result = simulate(world, options.turns, options.seed, setup=options.setup,
                          script=options.action, progress=played if progress.shown else None)
    except KeyboardInterrupt:
        progress.wipe()
        if env.traceback:
            raise
        where = f" after {done:,} of {options.turns:,} turns" if done else ""
        return interrupted(env, f"{where}; nothing was printed")
    progress.wipe()
    if result.commands and sum(result.refusals.values()) == result.commands:
        command, why = next(iter(result.why.items()))
        raise SoloError(f"nothing was played: each command was refused ('{printable(command)}'"
                        f": {printable(why)})")
    if options.json:
        env.say(json.dumps(result.to_json()))
    else:
        env.say("\n".join(result.lines()))
    return 0


def _simulate_dungeon(world, options, env: Environment) -> int:
    """``solo simulate --dungeon ID``: a crawl through rolled rooms, then its counts."""
    from solo.engine.dungeon_named import parse_settings
    from solo.engine.simulate_dungeon import simulate_dungeon
    from solo.errors import RulesError, UsageError
    from solo.rules.catalog import stock_generator

    if options.action:
        raise UsageError("simulate --dungeon plays the procedure's own move into new rooms; "
                         "leave out --action")
    try:
        stock_generator(world, options.dungeon)  # read here: the engine reads no file
    except RulesError:
        if _is_key(options.dungeon):
            raise UsageError(f"{options.dungeon} is a dungeon key (kind: key): simulate "
                             "crawls only rooms a generator rolls (solo dungeons lists them); "
                             f"play the key with 'solo new JOURNAL --dungeon {options.dungeon}'"
                             ) from None
        raise
    try:
        result = simulate_dungeon(world, options.dungeon, options.turns, options.seed,
                                  parse_settings(options.dungeon_set), tuple(options.setup))
    except KeyboardInterrupt:
        if env.traceback:
            raise
        return interrupted(env, "; nothing was printed")
    env.say(json.dumps(result.to_json()) if options.json else "\n".join(result.lines()))
    return 0


def _is_key(name: str) -> bool:
    """Whether ``name`` is the path of a dungeon key's file (``kind: key``)."""
    from solo.rules.yamlfile import load_yaml_file

    try:
        data = load_yaml_file(Path(name)).data
    except Exception:  # noqa: BLE001 (unreadable: the generator's own error stands)
        return False
    return isinstance(data, dict) and data.get("kind") == "key"


def interrupted(env: Environment, what: str) -> int:
    """Ctrl-C during a long run (its progress line wiped): one line, exit code 130."""
    env.warn(f"solo: interrupted{what}")
    return 130


def run_export(options, env: Environment) -> int:
    """``solo export``: write the report; then, on stderr, one notice if some record
    repeated or went back a step (the report counts each step once, and is written all the
    same). A long export says at a terminal which part it is at."""
    from solo.cli.output import format_for, write_report
    from solo.report.export import report_text

    journal = Path(options.journal)
    try:
        long = journal.stat().st_size >= LONG_EXPORT
    except OSError:
        long = False  # (reading it says why)
    progress = Progress(env, f"export {options.journal}", long=long)
    to_file = options.output not in (None, "-")
    try:
        report = report_text(journal, format_for(options.output, options.format),
                             reveal=options.reveal, phase=progress.phase)
        if to_file:
            progress.phase(f"writing {Path(options.output).name}")
        else:  # the report itself goes to the screen: the line first
            progress.wipe()
        write_report(journal, options.output, report.text, env)
        progress.wipe()
    except KeyboardInterrupt:
        progress.wipe()
        if env.traceback:
            raise
        return interrupted(env, f"; {printable(options.output)} was not written"
                            if to_file else "")
    if report.notice:
        env.warn(f"solo: notice: {printable(options.journal)}: {report.notice}")
    return 0
