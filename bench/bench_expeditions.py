"""Resuming a journal of 10 expeditions and 2,000 turns against a 10-turn journal, via
``solo play J < /dev/null`` (issue 38): goal at most 1.1x.

The long journal is a D12 crawl played by ``solo new`` from a script: a room every fifth
turn, narration every tenth, and every 200 turns ``leave`` (again, until the walk out is
not stopped by an encounter), ``wait 7`` and ``return``: ten expeditions in all. The short
one is the same procedure's first 10 turns. The medians of ``--runs`` resumes each,
interleaved (common.resume_times).

Usage: python bench/bench_expeditions.py [--turns 2000] [--expeditions 10] [--runs 9]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from pathlib import Path

import common

GOAL = 1.1


def _script(turns: int, every: int) -> str:
    lines = ["party add Wren hp 10", "supply torch 200", "light torch", "enter 3",
             "room the statue hall, exits N E S"]
    for played in range(2, turns + 1):
        if played % every == 0 and played < turns:
            # an encounter on the way out stops the walk: 'leave' again goes on (once out,
            # the extra ones are refused, and nothing is journaled)
            lines += ["leave"] * 30 + ["wait 7", "return", "light torch"]
        elif played % 5 == 0:
            lines.append("enter 2")
        else:
            lines.append("linger 2")
        if played % 10 == 0:
            lines.append(f"The party listens at turn {played}; dust falls somewhere ahead.")
    return "\n".join(lines) + "\n"


def _journal(folder: Path, name: str, script: str) -> Path:
    path = folder / name
    done = subprocess.run([common.solo_script(), "new", str(path), "--system", "d12-tension",
                           "--seed", "38", "--title", name], input=script, text=True,
                          capture_output=True, env=common.solo_env(folder), check=False)
    if not path.exists():
        raise SystemExit(f"bench: solo new failed: {done.stderr.strip()}")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=2000)
    parser.add_argument("--expeditions", type=int, default=10)
    parser.add_argument("--runs", type=int, default=9)
    options = parser.parse_args()
    common.print_header("resume a journal of expeditions")
    folder = Path(tempfile.mkdtemp(prefix="solo-bench-expeditions-"))
    try:
        every = max(1, options.turns // options.expeditions)
        long = _journal(folder, "long.md", _script(options.turns, every))
        short = _journal(folder, "short.md", _script(10, 10_000))
        from solo.journal.store import read_records

        last = read_records(long)[-1]["state"]
        print(f"{long.stat().st_size / 1e6:.1f} MB, {last['turn']:,} turns played, "
              f"{(last.get('trip') or [1])[0]} expeditions")
        times = common.resume_times([long, short], options.runs,
                                    env=common.solo_env(folder))
        ratio = times[long] / times[short]
        print(common.ratio_line("resume", f"{(last.get('trip') or [1])[0]} expeditions, "
                                f"{last['turn']:,} turns", times[long], "10 turns",
                                times[short], f"<= {GOAL}x", ratio <= GOAL))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
