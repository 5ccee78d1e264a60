"""A room a turn: what a turn costs as the map grows (issue 20: "the fsync'd batch figures
stay where they are"). D12's ``enter 2`` puts a new room on the map every turn; its
``linger 2`` stays in the room (the map as it is).

- per turn: one in-process play session (fsync left out), ``enter 2`` after ``enter 2``;
  the CPU time of the turns that take the map to 100, 1,000 and 3,000 rooms (the last
  ``--window`` of them: their median; and the mean of all the turns since the size before,
  which counts the turns whose record also keeps the whole map), against as many
  ``linger 2`` turns played right after, on the same map, and the REPL's status bar there
  once (its forecast plays ``enter 2`` forward from the map, each play a branch of it).
  Flat means the same cost at 3,000 rooms as at 100.
- batch: ``solo play J < script`` with fsync on (bench_batch.py's measure), ``--lines``
  x ``enter 2`` against as many ``linger 2``, each into a fresh journal, in turns (median
  of ``--runs``), start-up taken out; their ratio, in the same run.

Usage: python bench/room_a_turn.py [--rooms 100 1000 3000] [--window 100] [--runs 3]
                                   [--lines 3000] [--skip batch]
(bench_rooms.py runs it too, unless given ``--skip room-a-turn``.)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import common

SYSTEM = "d12-tension"
SEED = 1
ROOMS = (100, 1000, 3000)


def _timed_turns(session, line: str, count: int) -> list[float]:
    """CPU seconds of each of ``count`` turns of ``line``."""
    clock = time.process_time
    times = []
    for _ in range(count):
        start = clock()
        session.handle(line)
        times.append(clock() - start)
    return times


def per_turn(folder: Path, rooms: Sequence[int],
             window: int) -> dict[int, tuple[list, list, list, float]]:
    """For each map size in ``rooms``: the CPU seconds of the ``window`` ``enter 2`` turns
    that bring the map to that size, of all the turns since the size before, of ``window``
    ``linger 2`` turns on it, and of the REPL's status bar there (its forecast plays the
    next turns from the map)."""
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    path = folder / f"room-a-turn-{time.monotonic_ns()}.md"
    create_journal_file(str(path), SYSTEM, "Room a turn", SEED, [])
    session = Session(path, durable=False)
    found: dict[int, tuple[list, list, list, float]] = {}
    try:
        for size in sorted(rooms):
            since = _timed_turns(session, "enter 2", size - len(session.state.dungeon.rooms))
            if len(session.state.dungeon.rooms) != size:
                raise SystemExit(f"bench: expected {size} rooms, the map has "
                                 f"{len(session.state.dungeon.rooms)}")
            start = time.process_time()
            session.toolbar()
            bar = time.process_time() - start
            found[size] = (since[-window:], since, _timed_turns(session, "linger 2", window),
                           bar)
    finally:
        session.close()
        path.unlink()
    return found


def report_per_turn(folder: Path, rooms: Sequence[int], window: int, runs: int) -> None:
    """The typical turn (the median of the turns timed) and the mean (with the turns that
    also write the whole map into their record, every 4x the map's size in bytes), the
    median of each over ``runs`` runs."""
    samples: dict[int, list[tuple[float, float, float, float]]] = {size: [] for size in rooms}
    for _ in range(runs):
        for size, (last, since, lingering, bar) in per_turn(folder, rooms, window).items():
            samples[size].append((statistics.median(last), sum(since) / len(since),
                                  statistics.median(lingering), bar))
    first, before = None, 0
    for size in rooms:
        enter, mean, linger, bar = (common.median([sample[at] for sample in samples[size]])
                                    for at in range(4))
        first = first or enter
        print(f"room a turn: at {size:,} rooms, 'enter 2' {enter * 1e6:.0f} us a turn (CPU, "
              f"median of the last {min(window, size)} turns; mean of the turns to rooms "
              f"{before + 1:,}-{size:,} {mean * 1e6:.0f} us), "
              f"{enter / first:.2f}x the turn at {rooms[0]:,} rooms; 'linger 2' on the same "
              f"map {linger * 1e6:.0f} us; the status bar's forecast {common.ms(bar)} "
              f"(median of {runs} runs)", flush=True)
        before = size


def batch_times(folder: Path, lines: int, runs: int, env: dict[str, str]) -> dict[str, float]:
    """Median seconds of ``lines`` lines of ``enter 2``, and of ``linger 2``, played by
    ``solo play J < script`` (fsync on), less the median start-up."""
    scripts = {"enter 2": "enter 2\n" * lines, "linger 2": "linger 2\n" * lines}
    times = common.batch_times(folder, scripts, runs, env, system=SYSTEM, seed=SEED,
                               title="Batch")
    return {name: max(common.median(times[name]) - common.median(times[f"{name} idle"]),
                      1e-9) for name in scripts}


def report_batch(folder: Path, lines: int, runs: int, env: dict[str, str]) -> None:
    play = batch_times(folder, lines, runs, env)
    for name, seconds in play.items():
        print(f"room a turn: batch, fsync on, {lines:,} x '{name}' {seconds:.2f} s without "
              f"start-up = {seconds / lines * 1e6:.0f} us a line", flush=True)
    print(f"room a turn: batch 'enter 2' (a room a turn, {lines:,} rooms at the end) vs "
          f"'linger 2' (no room): {play['enter 2'] / play['linger 2']:.2f}x a line (median "
          f"of {runs}; informational)", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, nargs="+", default=list(ROOMS),
                        help="map sizes at which a turn is timed")
    parser.add_argument("--window", type=int, default=100, help="turns timed at each size")
    parser.add_argument("--runs", type=int, default=3, help="runs of each measure (median)")
    parser.add_argument("--lines", type=int, default=3000, help="lines of each batch script")
    parser.add_argument("--skip", action="append", default=[], choices=("turn", "batch"),
                        help="leave out the per-turn or the batch figures")
    options = parser.parse_args(argv)
    common.print_header("room a turn")
    scratch = common.scratch_dir("room-a-turn")
    if "turn" not in options.skip:
        report_per_turn(scratch, sorted(options.rooms), options.window, options.runs)
    if "batch" not in options.skip:
        report_batch(scratch, options.lines, options.runs, common.solo_env(scratch))
    return 0


if __name__ == "__main__":
    sys.exit(main())
