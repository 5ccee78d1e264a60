"""What resuming's look for records out of step order costs (issues 24, 34): ``Session(path)``
opened and closed on a 10-turn, a 2,000-turn and a 20,000-turn journal, each three ways,
interleaved in the same run. Resume reads the journal's end once into typed records (for
the state, the steps' order and the map), at least:

- 64 KiB (about what the last record and its map need): the yardstick;
- as shipped: ``SCAN_BYTES`` (1 MiB), where records copied or moved near the end are found;
- the whole file (what an exact look at every journal would cost).

Then the 2,000-turn journal with every record pasted twice.
The 2,000-turn journal is played by a real session (bench.common.build_journal); the 20,000
is that one's entries repeated with their steps, turns and counts moved on, made in a
second (playing 20,000 turns of d12-tension here takes many minutes): the same bytes a
turn, and a readable last record.

Usage: python bench/bench_resume_scan.py [--runs 11] [--journals DIR]
(DIR: reuse j10.md, j2000.md, j20000.md from an earlier run, kept by SOLO_BENCH_KEEP=1)
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import common

GOAL = 1.2  # the shipped look, against resuming without it


def repeated(source: Path, target: Path, copies: int) -> None:
    """``source``'s entries ``copies`` times, each copy's numbers moved past the last."""
    text = source.read_text(encoding="utf-8")
    cut = text.index("\n### S1 ")
    head, body = text[:cut], text[cut:]
    last = int(re.findall(r'"step":(\d+)', body)[-1])
    turn = int(re.findall(r'"turn":(\d+)', body)[-1])
    numbers = re.compile(r'"(step|prev|draws|live|turn|scene|map)":(\d+)')

    def moved(copy: int):
        def move(match: re.Match[str]) -> str:
            key, value = match[1], int(match[2])
            return f'"{key}":{value + copy * (turn if key in ("turn", "scene") else last)}'
        return move

    with target.open("w", encoding="utf-8") as out:
        out.write(head)
        for copy in range(copies):
            out.write(numbers.sub(moved(copy), body) if copy else body)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per figure (median)")
    parser.add_argument("--journals", type=Path, default=None,
                        help="a folder with j10.md, j2000.md and j20000.md to reuse")
    options = parser.parse_args()
    common.print_header("resume scan")
    folder = options.journals or common.scratch_dir("resume-scan")
    journals = {turns: folder / f"j{turns}.md" for turns in (10, 2000, 20000)}
    start = time.perf_counter()
    for turns in (10, 2000):
        if not journals[turns].exists():
            common.build_journal(journals[turns], turns)
    if not journals[20000].exists():
        repeated(journals[2000], journals[20000], 10)
    doubled = folder / "doubled.md"
    doubled.write_text(re.sub(r"^(<!-- solo .*-->)$", r"\1\n\n\1",
                              journals[2000].read_text(encoding="utf-8"), flags=re.M),
                       encoding="utf-8")
    print(f"resume scan: journals ready in {time.perf_counter() - start:.1f} s: "
          + ", ".join(f"{turns} turns {common.size_text(path)}"
                      for turns, path in journals.items()), flush=True)

    from functools import partial

    import solo.play.session as session
    from solo.journal.store import read_tail
    from solo.play.session import Session

    shipped = session.read_tail
    ways = {"without": partial(read_tail, least=64 * 1024), "1 MiB": shipped,
            "whole file": partial(read_tail, least=1 << 62)}

    def open_close(path: Path) -> float:
        begun = time.perf_counter()
        Session(path).close()
        return time.perf_counter() - begun

    paths = [*journals.values(), doubled]
    samples: dict[tuple[Path, str], list[float]] = {(p, w): [] for p in paths for w in ways}
    for _ in range(options.runs + 1):  # the first round warms the caches, and is dropped
        for path in paths:
            for way, look in ways.items():
                session.read_tail = look  # type: ignore[assignment]
                samples[path, way].append(open_close(path))
    session.read_tail = shipped
    for path in paths:
        base = common.median(samples[path, "without"][1:])
        figures = {way: common.median(samples[path, way][1:]) for way in ways}
        name = "2000 turns, every record twice" if path == doubled else path.stem[1:] + " turns"
        print(f"resume scan: {name}: without {common.ms(base)}; "
              + "; ".join(f"{way} {common.ms(figures[way])} = {figures[way] / base:.2f}x"
                          for way in ways if way != "without")
              + (f" (goal for 1 MiB <= {GOAL}x) {common.verdict(figures['1 MiB'] / base <= GOAL)}"
                 if path != doubled else ""), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
