"""``solo simulate`` in turns per second for every procedure (every one rolls a hazard die
each turn): in-process ``solo.engine.simulate.simulate`` and through the CLI, and in-process as a
fraction of a bare ``randrange`` loop run in the same interpreter, interleaved with it
(goal: at least 1/30). ``--instructions`` gives the load-free figure instead: the CPU
instructions a turn, counted by valgrind's callgrind (11,000 turns minus 1,000, so the
start-up cancels out; ``PYTHONHASHSEED=0``, so a run counts the same each time).

Usage: python bench/bench_simulate.py [--turns 100000] [--runs 3] [--system ID] [--profile]
       python bench/bench_simulate.py --instructions [--system ID]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time

import common

GOAL = 100_000  # turns/s
RATIO_GOAL = 30  # simulate at >= 1/30 of a bare randrange loop


def cpu_time(function) -> float:
    """CPU seconds ``function`` takes: steadier than wall time on a shared machine."""
    start = time.process_time()
    function()
    return time.process_time() - start


def bare_loop(count: int) -> None:
    """The yardstick: one ``randrange(6)`` per turn and nothing else."""
    rng = random.Random(1)
    for _ in range(count):
        rng.randrange(6)


def play(system: str, turns: int) -> None:
    """Only simulate ``turns`` turns of ``system`` (what ``--instructions`` counts)."""
    from solo.engine.simulate import simulate
    from solo.rules.catalog import load_world

    world = load_world(system)
    if turns:
        simulate(world, turns, 1)


def instructions(system: str) -> int:
    """The instructions a turn of ``system`` takes, by callgrind: 11,000 turns minus 1,000."""
    runs = [subprocess.Popen(  # the two side by side
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", common.PYTHON,
         __file__, "--play", system, "--turns", str(turns)], stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
        for turns in (1_000, 11_000)]
    counts = []
    for run in runs:
        _, errors = run.communicate()
        found = re.search(r"Collected : (\d+)", errors)
        if run.returncode or found is None:
            raise SystemExit(f"simulate: callgrind failed on {system}: {errors[-300:]}")
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) // 10_000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000, help="turns per simulation")
    parser.add_argument("--runs", type=int, default=3, help="in-process runs (median)")
    parser.add_argument("--cli-runs", type=int, default=1, help="CLI runs (median; 0: none)")
    parser.add_argument("--system", action="append", help="only this procedure (repeatable)")
    parser.add_argument("--profile", action="store_true",
                        help="show where simulating the first procedure spends its time")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a turn with callgrind instead (load-free)")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # (what --instructions runs)
    options = parser.parse_args()
    if options.play:
        play(options.play, options.turns)
        return 0
    if options.instructions:
        return count_instructions(options.system)
    common.print_header("simulate")
    from solo.engine.simulate import simulate
    from solo.errors import SoloError
    from solo.rules.catalog import load_world, system_ids

    env = common.solo_env(common.scratch_dir("simulate"))
    loaded = []
    for system in options.system or system_ids():
        try:
            loaded.append((system, load_world(system)))
        except SoloError as error:
            print(f"simulate: {system} skipped: it does not load ({error})", flush=True)
    for system, world in loaded:
        played = []

        def run(world=world, played=played):
            played.append(simulate(world, options.turns, 1).turns)

        samples, bare_samples = [], []
        for _ in range(options.runs):  # interleaved, so both see the same machine load
            bare_samples.append(cpu_time(lambda: bare_loop(options.turns)))
            samples.append(cpu_time(run))
        seconds = common.median(samples)
        rate = played[-1] / seconds
        bare_rate = options.turns / common.median(bare_samples)
        print(f"simulate: {system} in-process (CPU time), {played[-1]:,} turns of "
              f"'{world.procedure.simulate}' in {seconds:.2f} s = {rate:,.0f} turns/s "
              f"(goal >= {GOAL:,} turns/s) {common.verdict(rate >= GOAL)}", flush=True)
        print(f"simulate: {system} at 1/{bare_rate / rate:.1f} of a bare randrange loop "
              f"({bare_rate:,.0f}/s in this interpreter; goal >= 1/{RATIO_GOAL}) "
              f"{common.verdict(bare_rate / rate <= RATIO_GOAL)}", flush=True)
        if not options.cli_runs:
            continue
        argv = [common.solo_script(), "simulate", "--system", system, "--turns",
                str(options.turns)]
        seconds = common.median([common.time_process(argv, env=env)
                                 for _ in range(options.cli_runs)])
        rate = options.turns / seconds
        print(f"simulate: {system} via 'solo simulate --turns {options.turns}' {seconds:.2f} s "
              f"(start-up included) = {rate:,.0f} turns/s (goal >= {GOAL:,} turns/s) "
              f"{common.verdict(rate >= GOAL)}", flush=True)

    if options.profile and loaded:
        import cProfile
        import pstats

        system, world = loaded[0]
        print(f"simulate: profile of {system}, {options.turns:,} turns")
        profile = cProfile.Profile()
        profile.runcall(simulate, world, options.turns, 1)
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(20)
        stats.sort_stats("cumulative").print_stats(20)
    return 0


def count_instructions(systems: list[str] | None) -> int:
    common.print_header("simulate, instructions a turn")
    if shutil.which("valgrind") is None:
        print("simulate: --instructions needs valgrind (callgrind); none is installed")
        return 1
    from solo.rules.catalog import system_ids

    for system in systems or system_ids():
        print(f"simulate: {system} {instructions(system):,} instructions a turn "
              "(callgrind, 11,000 turns minus 1,000)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
