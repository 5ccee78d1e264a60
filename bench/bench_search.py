"""``solo search`` over 100 journals of 2,000 turns each (issue 38): goal at most 1 s.

One D12 crawl of 2,000 turns is played by ``solo new`` from a script (a room every fifth
turn, narration every tenth, a leave and a return every 500 turns), then copied 100 times
with a line of its own at the end of each copy (so no two files are the same). Then:

- ``solo search WORDS journals/`` as a process (start-up included), best of ``--runs``;
- the same in-process (``main(argv, env)``), best of ``--runs``;
- the time to read the same files' bytes (nothing decoded), for scale.

Usage: python bench/bench_search.py [--journals 100] [--turns 2000] [--runs 5]
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import common

GOAL = 1.0


def _script(turns: int) -> str:
    lines = ["party add Wren hp 10", "supply torch 200", "light torch", "enter 3",
             "room the statue hall, exits N E S", "room way out",
             "The hall is full of broken statues."]
    played = 1
    while played < turns:
        played += 1
        if played % 500 == 0:
            lines += ["leave", "wait 7", "return"]
        elif played % 5 == 0:
            lines.append("enter 2")
        else:
            lines.append("linger 2")
        if played % 10 == 0:
            lines.append(f"The party listens at turn {played}; dust falls somewhere ahead.")
    return "\n".join(lines) + "\n"


def _make(folder: Path, journals: int, turns: int) -> Path:
    first = folder / "crawl-000.md"
    subprocess.run([common.solo_script(), "new", str(first), "--system", "d12-tension",
                    "--seed", "38", "--title", "Search bench"], input=_script(turns),
                   text=True, capture_output=True, env=common.solo_env(folder), check=False)
    text = first.read_text(encoding="utf-8")
    for number in range(1, journals):
        (folder / f"crawl-{number:03d}.md").write_text(
            text + f"\nCopy {number}: the bats return to the statue hall.\n", encoding="utf-8")
    return first


def _best(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--journals", type=int, default=100)
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    print(common.machine_line())
    folder = Path(tempfile.mkdtemp(prefix="solo-bench-search-"))
    try:
        first = _make(folder, options.journals, options.turns)
        size = sum(path.stat().st_size for path in folder.glob("*.md"))
        print(f"{options.journals} journals of {options.turns:,} turns: "
              f"{size / 1e6:.1f} MB ({first.stat().st_size / 1e3:.0f} kB each)")
        argv = ["search", "statue", "hall", str(folder)]

        def process() -> None:
            done = subprocess.run([common.solo_script(), *argv], capture_output=True,
                                  text=True, env=common.solo_env(folder), check=False)
            assert done.returncode == 0 and "statue hall" in done.stdout, done.stderr

        from solo.cli.main import main as solo_main
        from solo.environment import Environment

        def in_process() -> None:
            out = io.StringIO()
            env = Environment(io.StringIO(), out, io.StringIO(), io.BytesIO())
            assert solo_main(argv, env) == 0 and "statue hall" in out.getvalue()

        def read_only() -> None:
            for path in folder.glob("*.md"):
                path.read_bytes()

        seconds = _best(options.runs, process)
        inner = _best(options.runs, in_process)
        reading = _best(options.runs, read_only)
        print(f"solo search, a process: {seconds:.3f} s (goal <= {GOAL:.1f} s: "
              f"{'met' if seconds <= GOAL else 'NOT met'})")
        print(f"solo search, in-process: {inner:.3f} s; reading their bytes: {reading:.3f} s "
              f"({inner / reading:.1f}x)")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
