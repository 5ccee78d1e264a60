"""Time ``solo export`` (md and html) and ``solo stats`` on a long journal.

Builds a 10,000-turn journal (100,000 with ``--big``) by driving the pure engine
and writing entries exactly as a play session does (without the fsync), then
times the report functions in-process and prints seconds and turns per second.

    python bench/bench_export.py [--big] [--turns N] [--system ID] [--keep DIR]
                                 [--journal FILE] [--repeat N] [--process] [--reordered]
                                 [--party NAME]... [--rooms N]

``--journal FILE`` times an existing journal instead of building one (``--keep`` keeps the
built one as ``bench-journal.md``, to time again). ``--process`` times whole processes
instead, on 100,000 turns unless told: ``solo export J`` (md and html) against
``python -c`` reading the file and splitting it into lines, run in turns. ``--reordered``
also times the same journal with every record re-saved by a JSON tool (keys sorted and
spaced, sorted and tight, in solo's order and spaced, indented as ``json.tool`` writes) or
wrapped by an editor (one record, or every one, at 80 columns; indented and wrapped), in
turns with the journal as solo wrote it. ``--party NAME``
(again for each member) plays with a party, whose hit points the reports follow; ``--rooms
N``, a dungeon of N rooms (300 unless told), through which the party goes on once it knows
them all (a new room every turn would make a long crawl's map the whole of its cost).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import re
import sys
import tempfile
import time
from pathlib import Path

NARRATION = [
    "The passage narrows; water drips somewhere ahead.",
    "We wait, listening. Nothing but our own breath.",
    "*Mara* chalks an arrow on the wall and we press on.",
    "The fight is short and ugly. They fall.",
    "Something skitters away from the torchlight.",
]

# What a player might type on each turn, by procedure: (turn action, extra commands, the
# turn action once the dungeon has as many rooms as it will have).
PLANS = {
    "d12-tension": ("enter 3", ["combat-normal", "noise", "combat-quiet", "find-secret",
                                "disarm-trap", "rescue-prisoner", "achieve-objective"],
                    "linger"),
    "trespasser": ("advance", ["loud", "listen"], "stay"),
}
CPU_GOALS = {"stats --json": 6, "export md": 8, "export html": 10}
ROOMS = 300  # the rooms of the bench crawl's dungeon (a room a turn would be 10,000 rooms)


def build_journal(path: Path, turns: int, system: str = "d12-tension", seed: int = 7,
                  party: list[str] | None = None, rooms: int = ROOMS) -> int:
    """Write a journal of ``turns`` turns to ``path`` through a real play session (fsync
    left out), with ``party`` if given; returns the number of entries. The party finds
    ``rooms`` rooms, then stays in the dungeon it knows, going now and then to a room of
    it (where the procedure's turn action makes a new room)."""
    import os

    from solo.errors import SoloError
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    create_journal_file(str(path), system, f"Bench crawl of {turns} turns", seed, [],
                        party=party or [])
    session = Session(path, durable=False)
    first = next(iter(session.procedure.actions))
    action, extras, staying = PLANS.get(system, (first, [], first))
    chooser = random.Random(seed)
    entries = 0

    def perform(command: str) -> None:
        nonlocal entries
        try:
            session.handle(command)
        except SoloError:  # a refused command (nothing to strike, light already lit…)
            return
        entries += 1

    try:
        perform("light torch")
        stuck = 0
        while session.state.turn < turns:
            turn = session.state.turn
            if not session.state.lights:
                perform("light torch")
            dungeon = session.state.dungeon
            if len(dungeon.rooms) < rooms:
                perform(action)
            else:
                ways = dungeon.neighbours(dungeon.here) if dungeon.here is not None else []
                if ways and chooser.random() < 0.1:
                    perform(f"go {chooser.choice(ways)}")
                perform(staying)
            stuck = stuck + 1 if session.state.turn == turn else 0
            if stuck > 100:
                raise SystemExit(f"the bench crawl stands still at turn {turn}: "
                                 f"{system} refuses {action!r} and {staying!r}")
            roll = chooser.random()
            if roll < 0.25:
                session.narrate(chooser.choice(NARRATION))
                entries += 1
            if roll < 0.005 and session.state.last_encounter:
                perform("strike")
            elif roll < 0.20 and extras:
                perform(chooser.choice(extras))
            elif roll < 0.23:
                perform("ask Is anyone following us? likely")
    finally:
        session.close()
    return entries


_FLOOR: list[tuple[float, float]] = []  # every timing of the floor (wall, CPU), run by run


def _timed(repeat: int, function, *args) -> tuple[float, float, str]:
    """The best of ``repeat`` runs (wall and CPU seconds), and what the last one printed.
    Each run is preceded by a run of the floor (reading the lines), so the floor the ratios
    use is the best of as many runs, spread over the same minutes (a busy machine slows
    both alike)."""
    best = best_cpu = float("inf")
    for _ in range(repeat):
        if function is not _read_lines:
            start, start_cpu = time.perf_counter(), time.process_time()
            _read_lines(args[0])
            _FLOOR.append((time.perf_counter() - start, time.process_time() - start_cpu))
        out = io.StringIO()
        start, start_cpu = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(out):
            code = function(*args)
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        if code != 0:
            raise SystemExit(f"{getattr(function, '__name__', function)} returned {code}")
    return best, best_cpu, out.getvalue()


def _read_lines(path: Path) -> int:
    """The physical floor: Python reading the journal's lines and doing nothing with them."""
    with open(path, encoding="utf-8") as handle:
        for _ in handle:
            pass
    return 0


def _read(path: Path) -> int:
    from solo.report.read import read_journal
    read_journal(path)
    return 0


def _stats(path: Path, as_json: bool) -> int:
    from solo.report.export import stats_text
    print(stats_text(path, as_json))
    return 0


def _export(path: Path, fmt: str) -> int:
    from solo.report.export import report_text
    sys.stdout.write(report_text(path, fmt).text)
    return 0


_SPLIT = "import sys; open(sys.argv[1], encoding='utf-8').read().split('\\n')"


def _processes(journal: Path, turns: int, repeat: int) -> None:
    """``solo export`` as whole processes against ``python -c`` reading and splitting the
    file, each run of each in turn (a busy machine slows them alike); best of each."""
    import subprocess

    solo = Path(sys.executable).parent / "solo"
    command = [str(solo)] if solo.exists() else [sys.executable, "-m", "solo"]
    runs = {"read and split": [sys.executable, "-c", _SPLIT, str(journal)],
            "export md": [*command, "export", str(journal), "--format", "md"],
            "export html": [*command, "export", str(journal), "--format", "html"]}
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, argv in runs.items():
            start = time.perf_counter()
            done = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, check=False)
            best[name] = min(best[name], time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(f"{name} failed: {done.stderr.decode(errors='replace')}")
    floor = best["read and split"]
    print(f"whole processes, {turns} turns, best of {repeat} runs each, in turns:")
    for name, seconds in best.items():
        ratio = "" if name == "read and split" else \
            f"  {seconds / floor:5.1f}x (goal <= 10x) {'ok' if seconds / floor <= 10 else 'MISSED'}"
        print(f"{name:<15} {seconds:7.3f} s{ratio}")


def _fold(comment: str, width: int = 80) -> str:
    """A comment cut into lines of ``width`` characters wherever they fall (``fold``)."""
    return "\n".join(line[at:at + width] for line in comment.split("\n")
                     for at in range(0, max(len(line), 1), width))


def _dumped(record: dict, sort: bool, separators: tuple[str, str] | None,
            indent: int | None = None, ascii_only: bool = False) -> str:
    return (json.dumps(record, sort_keys=sort, indent=indent, separators=separators,
                       ensure_ascii=ascii_only)
            .replace("<", "\\u003c").replace(">", "\\u003e"))


RESAVES = {  # how a JSON tool or an editor may write the records again: (record, its place)
    "sorted, spaced": lambda record, _: _dumped(record, True, (", ", ": ")),
    "sorted, tight": lambda record, _: _dumped(record, True, (",", ":")),
    "solo's order, spaced": lambda record, _: _dumped(record, False, (", ", ": ")),
    "json.tool (indented, ASCII)": lambda record, _: _dumped(record, False, None, 4, True),
    "one record wrapped at 80": lambda record, place: _dumped(record, False, (",", ":"))
    if place != 5000 else _fold(_dumped(record, False, (",", ":"))),
    "every record wrapped at 80": lambda record, _: _fold(_dumped(record, False, (",", ":"))),
    "json.tool and wrapped at 80": lambda record, _: _fold(_dumped(record, False, None, 4,
                                                                    True)),
}


def _resave(journal: Path, path: Path, style: str = "sorted, spaced") -> None:
    """``journal`` with every record parsed and written again as :data:`RESAVES` says
    (a JSON tool: keys sorted or not, the separators, indented; an editor: lines wrapped),
    still safe in a comment."""
    places = iter(range(1 << 30))

    def again(match: re.Match) -> bytes:
        body = RESAVES[style](json.loads(match[1]), next(places))
        return b"<!-- solo " + body.encode() + b" -->"

    path.write_bytes(re.sub(rb"^<!-- solo (\{.*\}) -->$", again, journal.read_bytes(),
                            flags=re.M))


def _reordered(journal: Path, resaved: Path, turns: int, repeat: int) -> None:
    """Each report of the journal as solo wrote it and of the same records re-saved (each
    style of :data:`RESAVES`), run in turns; best of each, and the re-saved one's time
    against the original's."""
    for style in RESAVES:
        _resave(journal, resaved, style)
        _timed(1, _read, resaved)
        print(f"re-saved journal ({style}): {resaved.stat().st_size / 1e6:.1f} MB; best of "
              f"{repeat} runs, in turns with the original:")
        _against(journal, resaved, repeat)
    floor = min(seconds for seconds, _ in _FLOOR)
    print(f"floor (read lines): {floor:.3f} s")


def _against(journal: Path, resaved: Path, repeat: int) -> None:
    for name, function, extra in (("read", _read, ()), ("stats --json", _stats, (True,)),
                                  ("export md", _export, ("md",)),
                                  ("export html", _export, ("html",))):
        best = {journal: float("inf"), resaved: float("inf")}
        cpu = dict(best)
        outputs = {}
        for _ in range(repeat):
            for path in best:
                seconds, used, outputs[path] = _timed(1, function, path, *extra)
                best[path], cpu[path] = min(best[path], seconds), min(cpu[path], used)
        same = "same output" if outputs[journal] == outputs[resaved] else "OUTPUT DIFFERS"
        print(f"{name:<12} original {best[journal]:7.3f} s  re-saved {best[resaved]:7.3f} s  "
              f"{best[resaved] / best[journal]:5.2f}x (CPU {cpu[resaved] / cpu[journal]:.2f}x, "
              f"goal <= 1.1x)  ({same})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="100,000 turns instead of 10,000")
    parser.add_argument("--turns", type=int, default=None, help="exact number of turns")
    parser.add_argument("--system", default="d12-tension", help="procedure id")
    parser.add_argument("--keep", default=None, help="folder to keep the journal and exports in")
    parser.add_argument("--journal", default=None,
                        help="time this journal instead of building one")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs of each measurement, best shown (default 5, 2 with --big)")
    parser.add_argument("--process", action="store_true",
                        help="time whole processes (100,000 turns unless --turns)")
    parser.add_argument("--reordered", action="store_true",
                        help="also time the journal with its records re-saved, keys sorted")
    parser.add_argument("--party", action="append", default=[], metavar="NAME",
                        help="a party member to play with (again for each)")
    parser.add_argument("--rooms", type=int, default=ROOMS,
                        help=f"rooms in the crawl's dungeon (default {ROOMS})")
    options = parser.parse_args(argv)
    turns = options.turns or (100_000 if options.big or options.process else 10_000)
    repeat = options.repeat or (2 if options.big else 5)

    from solo.report.export import report_text  # noqa: F401 - imports are not what we time
    from solo.report.read import read_journal

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(options.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        if options.journal:
            journal = Path(options.journal)
            crawl = read_journal(journal)
            turns = crawl.turns
            print(f"journal: {journal}, {turns} turns, {crawl.snapshots} entries, "
                  f"{journal.stat().st_size / 1e6:.1f} MB")
        else:
            journal = folder / "bench-journal.md"
            start = time.perf_counter()
            entries = build_journal(journal, turns, options.system, party=options.party,
                                    rooms=options.rooms)
            built = time.perf_counter() - start
            size = journal.stat().st_size
            print(f"journal: {turns} turns, {entries} entries, {size / 1e6:.1f} MB, "
                  f"built in {built:.2f} s")
        if options.process:
            _processes(journal, turns, repeat)
            return 0
        if options.reordered:
            _reordered(journal, folder / "bench-reordered.md", turns, repeat)
            return 0
        _timed(1, _read, journal)  # warm up: the procedure, tables and parsers load once
        print(f"in-process, best of {repeat} run{'s' if repeat != 1 else ''}:")
        results = [
            ("read lines", *_timed(repeat, _read_lines, journal)),
            ("read", *_timed(repeat, _read, journal)),
            ("stats", *_timed(repeat, _stats, journal, False)),
            ("stats --json", *_timed(repeat, _stats, journal, True)),
            ("export md", *_timed(repeat, _export, journal, "md")),
            ("export html", *_timed(repeat, _export, journal, "html")),
        ]
        for name, seconds, cpu, output in results:
            print(f"{name:<12} {seconds:7.3f} s (CPU {cpu:.3f} s)  {turns / seconds:10,.0f} turns/s"
                  + (f"  ({len(output) / 1e6:.1f} MB out)" if len(output) > 10_000 else ""))
        wall = min(results[0][1], *(seconds for seconds, _ in _FLOOR))
        cpu_floor = min(results[0][2], *(cpu for _, cpu in _FLOOR))
        print(f"floor (read lines), best of {len(_FLOOR) + repeat} runs spread over the "
              f"measurements: {wall:.3f} s (CPU {cpu_floor:.3f} s)")
        for name, seconds, cpu, _ in results[1:]:
            goal = ""
            if name in CPU_GOALS:  # (issue 34: CPU time against reading the lines)
                ratio = cpu / cpu_floor
                goal = (f"  (goal <= {CPU_GOALS[name]}x in CPU) "
                        f"{'ok' if ratio <= CPU_GOALS[name] else 'MISSED'}")
            print(f"{name:<12} {seconds / wall:6.1f}x the time to read the lines "
                  f"({cpu / cpu_floor:.1f}x in CPU time){goal}")
        if options.keep:
            (folder / "bench-report.md").write_text(results[4][3], encoding="utf-8")
            (folder / "bench-report.html").write_text(results[5][3], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
