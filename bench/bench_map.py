"""The map of a 300-room dungeon drawn three ways, in-process: ``map_lines`` (the terminal's
``map``), ``mermaid_map`` (the md report) and ``svg_map`` (the html report), each timed with
its own layout, against a goal of 0.2 s a drawing.

Usage: python bench/bench_map.py [--rooms 300] [--runs 15] [--profile]
"""

from __future__ import annotations

import argparse
import random
import sys

import common

from solo.engine.map_layout import layout
from solo.engine.rooms import DIRECTIONS, Dungeon, Exit, Room
from solo.play.map_text import map_lines
from solo.report.map_mermaid import mermaid_map
from solo.report.map_svg import svg_map

GOAL = 0.2


def dungeon(count: int, seed: int = 20) -> Dungeon:
    """``count`` rooms, each found from one of the eight before it (most by a direction, a
    few up or down a stair), with loops, secret doors, open exits and a few rooms joined
    to nothing; the party half way in."""
    rng = random.Random(seed)
    exits: dict[str, list[Exit]] = {f"R{number}": [] for number in range(1, count + 1)}
    for number in range(2, count + 1):
        if rng.random() < 0.02:
            continue
        earlier = f"R{rng.randint(max(1, number - 8), number - 1)}"
        exits[earlier].append(Exit(rng.choice((*DIRECTIONS, None, None)), f"R{number}",
                                   secret=rng.random() < 0.05))
        if rng.random() < 0.1:
            exits[f"R{number}"].append(Exit(None, f"R{rng.randint(1, number - 1)}"))
        if rng.random() < 0.2:
            exits[f"R{number}"].append(Exit(rng.choice((*DIRECTIONS, None))))
    rooms = tuple(Room(room, f"A room of the deep, number {room[1:]}",
                       ("cleared",) if rng.random() < 0.3 else (), tuple(ways))
                  for room, ways in exits.items())
    return Dungeon(rooms, here=f"R{count // 2}", way_out="R1")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=300, help="rooms in the dungeon")
    parser.add_argument("--runs", type=int, default=15, help="runs per figure (median)")
    parser.add_argument("--profile", action="store_true",
                        help="show where drawing the terminal map spends its time")
    options = parser.parse_args()
    common.print_header("map")
    crawl = dungeon(options.rooms)
    plan = layout(crawl)
    print(f"map: {options.rooms} rooms on a {plan.columns} x {plan.rows} grid, "
          f"{len(plan.edges)} passages, {len(plan.stubs)} open exits", flush=True)
    drawings = {"layout alone": lambda: layout(crawl),
                "map_lines (terminal, 80 columns)": lambda: map_lines(crawl),
                "mermaid_map (md report)": lambda: mermaid_map(crawl),
                "svg_map (html report)": lambda: svg_map(crawl)}
    missed = False
    for label, draw in drawings.items():
        draw()  # warm-up
        seconds = common.median([common.time_call(draw) for _ in range(options.runs)])
        ok = seconds < GOAL
        missed = missed or not ok
        print(f"map: {label}: {seconds:.4f} s ({common.ms(seconds)}, goal < {GOAL} s) "
              f"{common.verdict(ok)}", flush=True)
    if options.profile:
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.runcall(lambda: map_lines(crawl))
        pstats.Stats(profile).sort_stats("cumulative").print_stats(12)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
