"""Resuming a 100,000-turn journal against resuming a 10-turn one: in-process
(``solo.play.session.Session(path)`` opened and closed) and as ``solo play J < /dev/null``.

The long journal is D12 played with ``linger 2`` (a turn in the room the party is in), so
it keeps no map: D12's own ``enter`` makes a room a turn, and a map of 10,000 rooms is the
cap. ``--command "enter 2"`` times a journal with a room a turn (at most 10,000 turns);
bench/bench_rooms.py times a crawl through 300 rooms.

Usage: python bench/bench_resume.py [--turns 100000] [--runs 15] [--command LINE] [--profile]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import common

GOAL = 1.1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000, help="turns in the big journal")
    parser.add_argument("--runs", type=int, default=15, help="runs per figure (median)")
    parser.add_argument("--command", default="linger 2",
                        help="the line that plays each turn of the long journal")
    parser.add_argument("--profile", action="store_true",
                        help="show where resuming the big journal spends its time")
    options = parser.parse_args()
    common.print_header("resume")
    scratch = common.scratch_dir("resume")
    env = common.solo_env(scratch)
    small, big = scratch / "small.md", scratch / "big.md"
    start = time.perf_counter()
    common.build_journal(small, 10)
    common.build_journal(big, options.turns, command=options.command)
    print(f"resume: journals built in {time.perf_counter() - start:.1f} s: 10 turns "
          f"({common.size_text(small)}), {options.turns} turns ({common.size_text(big)})",
          flush=True)

    from solo.play.session import Session

    def open_close(path):
        def run():
            session = Session(path)
            assert session.state.turn >= 10
            session.close()
        return run

    runs = {small: [], big: []}
    for path in runs:  # warm-up: caches and the page cache
        open_close(path)()
    for _ in range(options.runs):
        for path in runs:
            runs[path].append(common.time_call(open_close(path)))
    small_s, big_s = common.median(runs[small]), common.median(runs[big])
    print(common.reported_line("resume", f"Session({options.turns} turns) open+close", big_s,
                               "Session(10 turns)", small_s, common.IN_PROCESS_NOTE),
          flush=True)

    cli = common.resume_times([small, big], options.runs, env)
    small_c, big_c = cli[small], cli[big]
    print(common.ratio_line("resume", f"solo play ({options.turns} turns) < /dev/null", big_c,
                            "solo play (10 turns) < /dev/null", small_c, f"<= {GOAL}x",
                            big_c / small_c <= GOAL), flush=True)

    if options.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(open_close(big))
        pstats.Stats(profile).sort_stats("cumulative").print_stats(15)
        done = subprocess.run([common.PYTHON, "-X", "importtime", "-m", "solo", "play",
                               str(big)], stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, env=env, check=False)
        print("\n".join(line for line in done.stderr.splitlines()
                        if line.endswith(("| solo.play.session", "| solo.play.repl", "| yaml"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
