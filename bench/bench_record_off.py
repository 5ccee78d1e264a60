"""Whether ``solo simulate``'s steps that record nothing earn their keep (issue 34, item 4):
each procedure simulated in-process with the program compiled for runs that record nothing,
as ``simulate`` plays, and with the program compiled for runs that record (the steps a
played turn runs, events built and thrown away), in turns, CPU time, best of N.

Keeping two forms of a compile function needs a measured 10%: the ratio printed is what
the record-off form saves.

Usage: python bench/bench_record_off.py [--turns 30000] [--runs 3] [--system ID]
"""

from __future__ import annotations

import argparse
import time

import common


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=30_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--system", action="append", help="only this procedure (repeatable)")
    options = parser.parse_args()
    common.print_header("record-off steps")
    from solo.engine import interpreter
    from solo.engine.simulate import simulate
    from solo.rules.catalog import load_world, system_ids

    quiet = interpreter.program_for

    def recording(procedure, tables, record):  # the program a played turn runs
        return quiet(procedure, tables, True)

    for system in options.system or system_ids():
        world = load_world(system)
        best = {"off": float("inf"), "on": float("inf")}
        for _ in range(options.runs):
            for form, program in (("off", quiet), ("on", recording)):
                interpreter.program_for = program
                start = time.process_time()
                simulate(world, options.turns, seed=1)
                best[form] = min(best[form], time.process_time() - start)
        interpreter.program_for = quiet
        off, on = options.turns / best["off"], options.turns / best["on"]
        print(f"{system:14s} record-off {off:9,.0f} turns/s   recording steps {on:9,.0f} "
              f"turns/s   record-off saves {1 - best['off'] / best['on']:.0%}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
