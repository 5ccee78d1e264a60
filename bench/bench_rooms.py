"""The map's cost, by issue 20's numbers: a Dungeon Turn crawl of 2,000 turns through 300
rooms (bench/rooms_crawl.py) against the same crawl with no map, both played with the same
seed and lines by a real play session; then resuming the 300-room journal against a
10-turn one, and drawing its map at the terminal.

- journal bytes: the 300-room journal at most 3x the one with no rooms (deterministic:
  tests/test_rooms_journal_size.py checks it too);
- resume: ``Session(path)`` opened and closed, and ``solo play J < /dev/null``, at most
  1.2x the 10-turn journal's time, measured side by side;
- map: ``map_lines`` of the crawl's own 300 rooms under bench_map.py's goal.

Usage: python bench/bench_rooms.py [--turns 2000] [--rooms 300] [--runs 15] [--cli]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import common
from bench_map import GOAL as MAP_GOAL
from rooms_crawl import SYSTEM, crawl_lines, without_rooms

BYTES_GOAL = 3.0
RESUME_GOAL = 1.2
SEED = 20


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
    for path in timed:
        open_close(path)()  # warm-up
    for _ in range(options.runs):
        for path in timed:
            timed[path].append(common.time_call(open_close(path)))
    big_s, small_s = common.median(timed[rooms]), common.median(timed[small])
    ok_resume = big_s / small_s <= RESUME_GOAL
    print(common.ratio_line("rooms", f"Session({options.rooms} rooms) open+close", big_s,
                            "Session(10 turns)", small_s, f"<= {RESUME_GOAL}x", ok_resume),
          flush=True)
    argv = [common.solo_script(), "play"]
    cli: dict[Path, list[float]] = {small: [], rooms: []}
    for path in cli:
        common.time_process([*argv, str(path)], env=env)
    for _ in range(options.runs):
        for path in cli:
            with open("/dev/null", "rb") as nothing:
                cli[path].append(common.time_process([*argv, str(path)], stdin=nothing,
                                                     env=env))
    big_c, small_c = common.median(cli[rooms]), common.median(cli[small])
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
    if not (ok_resume and ok_cli and ok_map):
        print("rooms: a timing missed its goal (above); the exit code follows the bytes alone")
    return 0 if ok_bytes else 1


if __name__ == "__main__":
    sys.exit(main())
