"""Time ``solo export`` (md and html) and ``solo stats`` on a long journal.

Builds a 10,000-turn journal (100,000 with ``--big``) by driving the pure engine
and writing entries exactly as a play session does (without the fsync), then
times the report functions in-process and prints seconds and turns per second.

    python bench/bench_export.py [--big] [--turns N] [--system ID] [--keep DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
import time
from pathlib import Path

from solo import engine
from solo.catalog import load_world
from solo.journal import JOURNAL_FORMAT, front_matter, snapshot_line
from solo.render import render_events, turn_heading

NARRATION = [
    "The passage narrows; water drips somewhere ahead.",
    "We wait, listening. Nothing but our own breath.",
    "*Mara* chalks an arrow on the wall and we press on.",
    "The fight is short and ugly. They fall.",
    "Something skitters away from the torchlight.",
]

# What a player might type on each turn, by procedure: (turn action, extra commands).
PLANS = {
    "d12-tension": ("enter 3", ["combat-normal", "noise", "combat-quiet"]),
    "trespasser": ("advance", ["loud", "listen"]),
}


def build_journal(path: Path, turns: int, system: str = "d12-tension", seed: int = 7) -> int:
    """Write a journal of ``turns`` turns to ``path``; returns the number of entries."""
    world = load_world(system)
    procedure = world.procedure
    action, extras = PLANS.get(system, (next(iter(procedure.actions)), []))
    meta = {"title": f"Bench crawl of {turns} turns", "system": procedure.id, "seed": seed,
            "created": "2023-11-14T22:13:20Z", "tables": [], "party": [], "oracle": "mythic",
            "solo": JOURNAL_FORMAT}
    state = engine.start(world)
    chunks = [front_matter(meta), f"\n# {meta['title']}\n\n*{procedure.name}, played with "
              f"solo. Seed {seed}.*\n\n", snapshot_line(state, "start"), "\n"]
    chooser = random.Random(seed)
    entries = 0

    def perform(command: str) -> None:
        nonlocal state, entries
        try:
            result = engine.perform(world, state, command, random.Random(f"{seed}:{state.step}"))
        except Exception:  # a refused command (nothing to strike, light already lit…)
            return
        heading = ""
        if result.state.turn > state.turn:
            heading = turn_heading(procedure.clock_unit, state.turn + 1, result.state.turn,
                                   procedure.minutes) + "\n\n"
        lines = render_events(result.events)
        chunks.append("\n" + heading + "  \n".join(lines) + "\n\n"
                      + snapshot_line(result.state, command) + "\n")
        state = result.state
        entries += 1

    perform("light torch")
    while state.turn < turns:
        if not state.lights:
            perform("light torch")
        perform(action)
        roll = chooser.random()
        if roll < 0.25:
            chunks.append(f"\n{chooser.choice(NARRATION)}\n")
        if roll < 0.05 and state.last_encounter:
            perform("strike")
        elif roll < 0.15 and extras:
            perform(chooser.choice(extras))
        elif roll < 0.18:
            perform("ask Is anyone following us? likely")
    path.write_text("".join(chunks), encoding="utf-8")
    return entries


def _timed(function, *args) -> tuple[float, str]:
    out = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out):
        code = function(*args)
    elapsed = time.perf_counter() - start
    if code != 0:
        raise SystemExit(f"{function.__name__} returned {code}")
    return elapsed, out.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="100,000 turns instead of 10,000")
    parser.add_argument("--turns", type=int, default=None, help="exact number of turns")
    parser.add_argument("--system", default="d12-tension", help="procedure id")
    parser.add_argument("--keep", default=None, help="folder to keep the journal and exports in")
    options = parser.parse_args(argv)
    turns = options.turns or (100_000 if options.big else 10_000)

    from solo import report

    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(options.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        journal = folder / "bench-journal.md"
        start = time.perf_counter()
        entries = build_journal(journal, turns, options.system)
        built = time.perf_counter() - start
        size = journal.stat().st_size
        print(f"journal: {turns} turns, {entries} entries, {size / 1e6:.1f} MB, "
              f"built in {built:.2f} s")
        results = [
            ("read", *_timed(lambda: (report.read_journal(journal), 0)[1])),
            ("stats", *_timed(report.stats, journal, False)),
            ("stats --json", *_timed(report.stats, journal, True)),
            ("export md", *_timed(report.export, journal, "md", None)),
            ("export html", *_timed(report.export, journal, "html", None)),
        ]
        for name, seconds, output in results:
            print(f"{name:<12} {seconds:7.3f} s  {turns / seconds:12,.0f} turns/s"
                  + (f"  ({len(output) / 1e6:.1f} MB out)" if len(output) > 10_000 else ""))
        if options.keep:
            (folder / "bench-report.md").write_text(results[3][2], encoding="utf-8")
            (folder / "bench-report.html").write_text(results[4][2], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
