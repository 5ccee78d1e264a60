"""``odds`` at the prompt, for every shipped procedure: the look-up as the session answers
it (the forecast on solo's own dice, and its text), at the start of a crawl and a few
turns in with a light burning, against a goal of 0.1 s; and the status bar's one forecast
(its first drawing after a command; later drawings are kept).

Usage: python bench/bench_odds.py [--runs 9] [--profile SYSTEM]
"""

from __future__ import annotations

import argparse
import sys

import common

from solo.play import odds_view
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules.catalog import system_ids

GOAL = 0.1
SETUPS = {
    "start": [],
    "lit, 6 turns in": ["light torch", "USUAL", "USUAL", "USUAL", "USUAL", "USUAL",
                        "USUAL", "light torch"],
}


def sitting(system: str, setup: list[str], folder) -> Session:
    path = create_journal_file(str(folder / f"{system}.md"), system, "Bench", 5, [])
    session = Session(path)
    usual = session.world.procedure.simulate
    for line in setup:
        session.handle(usual if line == "USUAL" else line)
    return session


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per figure (median)")
    parser.add_argument("--profile", help="profile 'odds' for this procedure")
    options = parser.parse_args()
    common.print_header("odds")
    folder = common.scratch_dir("odds")
    missed = False
    systems = system_ids()
    for system in systems:
        for label, setup in SETUPS.items():
            place = folder / label.replace(" ", "-").replace(",", "")
            place.mkdir(exist_ok=True)
            session = sitting(system, setup, place)
            try:
                session.handle("odds")  # warm-up (loads, caches the plain world)
                times = [common.time_call(lambda session=session: session.handle("odds"))
                         for _ in range(options.runs)]
                bar = []
                for _ in range(options.runs):
                    odds_view.show_odds(session.world, True)
                    state = session.state
                    # a new state object each time, as after a command
                    fresh = type(state)(**{field: getattr(state, field)
                                           for field in state.__dataclass_fields__})
                    world = session.world
                    bar.append(common.time_call(
                        lambda fresh=fresh, world=world: odds_view.odds_status(world, fresh)))
            finally:
                session.close()
            seconds, worst = common.median(times), max(times)
            ok = seconds < GOAL  # the median: a loaded machine gives odd worst runs
            missed = missed or not ok
            print(f"odds: {system:<13} {label:<16} median {common.ms(seconds)}, worst "
                  f"{common.ms(worst)}; status bar {common.ms(common.median(bar))} "
                  f"(goal < {GOAL} s) {common.verdict(ok)}", flush=True)
    if options.profile:
        import cProfile
        import pstats

        (folder / "profile").mkdir()
        session = sitting(options.profile, SETUPS["lit, 6 turns in"], folder / "profile")
        profile = cProfile.Profile()
        profile.runcall(lambda: session.handle("odds"))
        session.close()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(15)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
