"""Rooms a generator rolls (issue 36's figures), in one in-process play session each:

- a generated room, from the line to the record on disk: D12's ``enter`` with the classic
  generator (the room rolled: its tables, exits, doors, contents, ``tbl:`` lines) against
  a typed ``enter N 3`` in a journal with no generator; CPU time of each turn that enters
  a new room, median over ``--turns`` of each (goal <= 2x);
- a crawl of 300 generated rooms: the median turn that enters a room with about 300 rooms
  on the map against the median with 5 to 20, over five crawls (goal <= 1.2x).

Refusals a rolled dungeon makes (a locked door, a dead end) are answered as a player would
(the command the refusal names), untimed.

Usage: python bench/bench_generated.py [--turns 200] [--rooms 300] [--window 30]
                                       [--crawls 5]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from pathlib import Path

import common

SYSTEM = "d12-tension"
ROOM_GOAL = 2.0
GROWTH_GOAL = 1.2
_SUGGESTED = re.compile(r"'([^']+)'")


def _session(folder: Path, name: str, dungeon: str | None, seed: int):
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    path = folder / f"{name}-{time.monotonic_ns()}.md"
    create_journal_file(str(path), SYSTEM, name, seed, [], dungeon=(dungeon, []))
    return Session(path), path


def _enter(session, line: str) -> float | None:
    """CPU seconds of ``line`` if it entered a new room; refusals answered untimed."""
    from solo.errors import UsageError

    tried = {line}
    while True:
        rooms = len(session.state.dungeon.rooms)
        start = time.process_time()
        try:
            session.handle(line)
        except UsageError as error:
            options = [word for word in _SUGGESTED.findall(str(error))
                       if word not in tried and word != "go"]
            if not options:
                raise SystemExit(f"bench: the crawl is stuck: {error}") from None
            answer = options[0]
            if not answer.startswith(("break-door", "go ")):
                tried.add(answer)
            try:
                session.handle(answer)
            except UsageError:
                pass
            continue
        spent = time.process_time() - start
        return spent if len(session.state.dungeon.rooms) > rooms else None


def room_turns(folder: Path, turns: int) -> tuple[float, float]:
    """The median CPU seconds of a generated room's turn and of a typed one."""
    generated, path = _session(folder, "generated", "classic", 3)
    typed, typed_path = _session(folder, "typed", None, 3)
    rolled: list[float] = []
    plain: list[float] = []
    try:
        while len(rolled) < turns:
            spent = _enter(generated, "enter")
            if spent is not None:
                rolled.append(spent)
            plain.append(_enter(typed, "enter N 3") or 0.0)
    finally:
        generated.close()
        typed.close()
        path.unlink()
        typed_path.unlink()
    return statistics.median(rolled), statistics.median(plain)


def growth(folder: Path, rooms: int, window: int, crawls: int) -> tuple[float, float]:
    """The median CPU seconds of a turn entering a generated room near 10 rooms (5 to 20)
    and near ``rooms`` rooms (``window`` around it), over ``crawls`` crawls."""
    early: list[float] = []
    late: list[float] = []
    for seed in range(7, 7 + crawls):
        session, path = _session(folder, "crawl", "classic", seed)
        try:
            while len(session.state.dungeon.rooms) < rooms + window // 2:
                spent = _enter(session, "enter")
                size = len(session.state.dungeon.rooms)
                if spent is None:
                    continue
                if 5 <= size <= 20:
                    early.append(spent)
                elif abs(size - rooms) <= window // 2:
                    late.append(spent)
        finally:
            session.close()
            path.unlink()
    return statistics.median(early), statistics.median(late)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--rooms", type=int, default=300)
    parser.add_argument("--window", type=int, default=30)
    parser.add_argument("--crawls", type=int, default=5)
    options = parser.parse_args(argv)
    common.print_header("generated rooms")
    folder = common.scratch_dir("generated")
    rolled, plain = room_turns(folder, options.turns)
    ratio = rolled / plain
    print(f"a generated room, line to record: {rolled * 1e6:.0f} us vs typed 'enter N 3' "
          f"{plain * 1e6:.0f} us: {ratio:.2f}x (goal <= {ROOM_GOAL}x) "
          f"{common.verdict(ratio <= ROOM_GOAL)}")
    early, late = growth(folder, options.rooms, options.window, options.crawls)
    ratio = late / early
    print(f"a generated room's turn at {options.rooms} rooms {late * 1e6:.0f} us vs at 10 "
          f"{early * 1e6:.0f} us: {ratio:.2f}x (goal <= {GROWTH_GOAL}x) "
          f"{common.verdict(ratio <= GROWTH_GOAL)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
