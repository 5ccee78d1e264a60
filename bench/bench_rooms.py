"""The map's cost, by issue 20's numbers: a Dungeon Turn crawl of 2,000 turns through 300
rooms (bench/rooms_crawl.py) against the same crawl with no map, both played with the same
seed and lines by a real play session; then resuming the 300-room journal against a
10-turn one, and drawing its map at the terminal.

- journal bytes: the 300-room journal at most 3x the one with no rooms (deterministic:
  tests/journal/test_rooms_journal_size.py checks it too);
- resume: ``solo play J < /dev/null`` (the player's resume, from the command to the end of
  the sitting) at most 1.2x the 10-turn journal's time, measured side by side; and
  ``Session(path)`` opened and closed in-process, reported (the same resume without the
  interpreter's start and the imports, so its fixed parts weigh more: see bench/README.md);
- map: ``map_lines`` of the crawl's own 300 rooms under bench_map.py's goal;
- batch: ``solo play J < script`` with fsync on (bench_batch.py's measure), the crawl's
  lines against the same crawl's with no map, each into a fresh journal, in turns;
- export: ``solo export`` md and html in-process (bench_export.py's measure), the 300-room
  journal against the one with no rooms, in turns, best of each.

The last two are reported as ratios to the crawl with no rooms (issue 20: they "stay where
they are"); ``--skip batch`` or ``--skip export`` leaves one out.

- a room a turn (room_a_turn.py): D12's ``enter 2`` (a new room every turn) timed at 100,
  1,000 and 3,000 rooms, against ``linger 2`` on the same map, and the fsync'd batch of
  each, their ratio in the same run; ``--skip room-a-turn`` leaves it out.

Usage: python bench/bench_rooms.py [--turns 2000] [--rooms 300] [--runs 15] [--cli]
                                   [--batch-runs 3] [--skip batch|export|room-a-turn]...
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from functools import partial
from pathlib import Path

import common
import room_a_turn
from bench_map import GOAL as MAP_GOAL
from rooms_crawl import SYSTEM, crawl_lines, without_rooms

BYTES_GOAL = 3.0
RESUME_GOAL = 1.2
SEED = 20


def report_batch(scratch: Path, lines: list[str], runs: int, env: dict[str, str]) -> None:
    scripts = {"rooms": lines, "plain": without_rooms(lines)}
    times = common.batch_times(scratch, {name: "\n".join(script) + "\n"
                                         for name, script in scripts.items()},
                               runs, env, system=SYSTEM, seed=SEED, title="Rooms")
    total = {name: common.median(times[name]) for name in scripts}
    play = {name: max(total[name] - common.median(times[f"{name} idle"]), 1e-9)
            for name in scripts}
    for name in scripts:
        print(f"rooms: batch, fsync on, {len(scripts[name])} lines ({name}): "
              f"{total[name]:.2f} s with start-up, {play[name]:.2f} s without = "
              f"{play[name] / len(scripts[name]) * 1e6:.0f} us a line", flush=True)
    print(f"rooms: batch with rooms vs none, same turns: {total['rooms'] / total['plain']:.2f}x "
          f"with start-up, {play['rooms'] / play['plain']:.2f}x without; a line "
          f"{play['rooms'] / len(lines) / (play['plain'] / len(scripts['plain'])):.2f}x "
          f"(median of {runs}; informational)", flush=True)


def _read_lines(path: Path) -> None:
    """bench_export.py's floor: Python reading the journal's lines."""
    with open(path, encoding="utf-8") as handle:
        for _ in handle:
            pass


def report_export(rooms: Path, plain: Path, runs: int) -> None:
    """``solo export`` md and html in-process, the two journals in turns, best of ``runs``;
    and each against Python reading its lines (bench_export.py's measure)."""
    from solo.report.export import report_text

    jobs = {"read lines": _read_lines, "export md": partial(report_text, fmt="md"),
            "export html": partial(report_text, fmt="html")}
    best = {(job, path): float("inf") for job in jobs for path in (rooms, plain)}
    for job, path in best:
        jobs[job](path)  # warm-up
    for _ in range(runs):
        for job, path in best:
            best[job, path] = min(best[job, path], common.time_call(partial(jobs[job], path)))
    for job in ("export md", "export html"):
        with_rooms, without = best[job, rooms], best[job, plain]
        print(f"rooms: {job}, 300 rooms {common.ms(with_rooms)} "
              f"({with_rooms / best['read lines', rooms]:.1f}x reading its lines) vs no rooms "
              f"{common.ms(without)} ({without / best['read lines', plain]:.1f}x) = "
              f"{with_rooms / without:.2f}x (best of {runs}; informational)", flush=True)


def play(path: Path, lines: list[str], cli: bool, env: dict[str, str]) -> None:
    """A journal of ``lines``: through ``solo new … < script`` (``cli``) or in-process by
    a play session (the fsync left out), the same bytes either way."""
    if cli:
        script = path.with_suffix(".moves")
        script.write_text("\n".join(lines) + "\n")
        with script.open("rb") as moves:
            common.time_process([common.solo_script(), "new", str(path), "--system", SYSTEM,
                                 "--title", "Rooms", "--seed", str(SEED)], stdin=moves,
                                env=env)
        return
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    create_journal_file(str(path), SYSTEM, "Rooms", SEED, [])
    session = Session(path, durable=False)
    try:
        for line in lines:
            session.handle(line)
    finally:
        session.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000, help="turns of the long crawl")
    parser.add_argument("--rooms", type=int, default=300, help="rooms it finds")
    parser.add_argument("--runs", type=int, default=15, help="runs per timing (median)")
    parser.add_argument("--cli", action="store_true",
                        help="build the journals through 'solo new < script' (slower)")
    parser.add_argument("--batch-runs", type=int, default=3,
                        help="runs of each fsync'd batch (median)")
    parser.add_argument("--skip", action="append", default=[],
                        choices=("batch", "export", "room-a-turn"),
                        help="leave out the batch, the export or the room-a-turn figures")
    options = parser.parse_args()
    common.print_header("rooms")
    scratch = common.scratch_dir("rooms")
    env = common.solo_env(scratch)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    lines = crawl_lines(options.turns, options.rooms, SEED)
    rooms, plain, small = scratch / "rooms.md", scratch / "plain.md", scratch / "small.md"
    start = time.perf_counter()
    play(rooms, lines, options.cli, env)
    play(plain, without_rooms(lines), options.cli, env)
    play(small, crawl_lines(10, 3, SEED), options.cli, env)
    print(f"rooms: journals built in {time.perf_counter() - start:.1f} s "
          f"({'solo new < script' if options.cli else 'in-process session'}): "
          f"{len(lines)} lines, {len(without_rooms(lines))} with no map", flush=True)

    from solo.play.map_text import map_lines
    from solo.play.resume import resume_file
    from solo.play.session import Session

    dungeon = resume_file(rooms).state.dungeon
    assert len(dungeon.rooms) == options.rooms, len(dungeon.rooms)
    size, base = rooms.stat().st_size, plain.stat().st_size
    ok_bytes = size <= BYTES_GOAL * base
    print(f"rooms: journal of {options.turns} turns through {options.rooms} rooms "
          f"{common.size_text(rooms)} vs the same crawl with no rooms "
          f"{common.size_text(plain)} = {size / base:.2f}x (goal <= {BYTES_GOAL}x) "
          f"{common.verdict(ok_bytes)}", flush=True)

    def open_close(path: Path):
        def run() -> None:
            Session(path).close()
        return run

    timed: dict[Path, list[float]] = {small: [], rooms: []}
    cpu: dict[Path, list[float]] = {small: [], rooms: []}
    for path in timed:
        open_close(path)()  # warm-up
    for _ in range(options.runs):
        for path in timed:
            start = time.process_time()
            timed[path].append(common.time_call(open_close(path)))
            cpu[path].append(time.process_time() - start)
    big_s, small_s = common.median(timed[rooms]), common.median(timed[small])
    print(common.reported_line("rooms", f"Session({options.rooms} rooms) open+close", big_s,
                               "Session(10 turns)", small_s, common.IN_PROCESS_NOTE),
          flush=True)
    big_cpu, small_cpu = common.median(cpu[rooms]), common.median(cpu[small])
    print(f"rooms: the same in CPU time (steadier on a loaded machine, where the wall clock "
          f"counts the waits for a CPU): {common.ms(big_cpu)} vs {common.ms(small_cpu)} = "
          f"{big_cpu / small_cpu:.2f}x", flush=True)
    cli = common.resume_times([small, rooms], options.runs, env)
    big_c, small_c = cli[rooms], cli[small]
    ok_cli = big_c / small_c <= RESUME_GOAL
    print(common.ratio_line("rooms", f"solo play ({options.rooms} rooms) < /dev/null", big_c,
                            "solo play (10 turns) < /dev/null", small_c,
                            f"<= {RESUME_GOAL}x", ok_cli), flush=True)

    map_lines(dungeon)  # warm-up
    drawing = common.median([common.time_call(lambda: map_lines(dungeon))
                             for _ in range(options.runs)])
    ok_map = drawing < MAP_GOAL
    print(f"rooms: map of the crawl's {options.rooms} rooms (map_lines, 80 columns): "
          f"{drawing:.4f} s ({common.ms(drawing)}, goal < {MAP_GOAL} s) "
          f"{common.verdict(ok_map)}", flush=True)
    if "export" not in options.skip:
        report_export(rooms, plain, min(options.runs, 5))
    if "batch" not in options.skip:
        report_batch(scratch, lines, options.batch_runs, env)
    if "room-a-turn" not in options.skip:
        room_a_turn.report_per_turn(scratch, room_a_turn.ROOMS, 100, options.batch_runs)
        room_a_turn.report_batch(scratch, 3000, options.batch_runs, env)
    if not (ok_cli and ok_map):
        print("rooms: a timing missed its goal (above); the exit code follows the bytes alone")
    return 0 if ok_bytes else 1


if __name__ == "__main__":
    sys.exit(main())
