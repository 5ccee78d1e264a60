"""Scripted batch play with fsync on: ``solo play J < moves.txt`` with thousands of
``linger 2`` lines (D12's turn in the room the party is in: the map stays as it is, so the
bench measures what the fsync'd entries cost; ``bench_rooms.py`` measures a crawl through a
growing map), in turns per second (start-up included, and without it).

Batch play fsyncs its entries in groups (solo.play.batch.GROUP lines at most, and before each
wait for input); for comparison the bench also plays the same lines in-process with one
fsync a line, as the REPL saves.

Usage: python bench/bench_batch.py [--moves 3000] [--runs 3] [--profile]
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import common

RAW_GOAL = 0.70  # of the raw fsync-append rate of the same disk
BUSY = 100e-6  # seconds of CPU spun between raw appends, for the reference line


def raw_appends(path, size: int, count: int, busy: float = 0.0) -> float:
    """Seconds to append ``count`` blocks of ``size`` bytes, each one write and one fsync:
    the physical limit of what batch play can do on this disk. With ``busy`` seconds of
    CPU spun between appends: what any per-entry work of that size costs beside fsync."""
    import os
    import time

    block = b"x" * (size - 1) + b"\n"
    clock = time.perf_counter
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        start = clock()
        for _ in range(count):
            os.write(fd, block)
            os.fsync(fd)
            if busy:
                until = clock() + busy
                while clock() < until:
                    pass
        return clock() - start
    finally:
        os.close(fd)
        os.unlink(path)


def one_fsync_a_line(path, moves: int) -> float:
    """Seconds to play ``moves`` x 'linger 2' in-process, each entry fsync'd on its own."""
    import io
    import time

    from solo.play.batch import run_batch
    from solo.play.session import Session

    session = Session(path)
    try:
        start = time.perf_counter()
        run_batch(session, ["linger 2\n"] * moves, io.StringIO(), io.StringIO(), group=1)
        return time.perf_counter() - start
    finally:
        session.close()


def fresh_size(folder, env) -> int:
    path = fresh_journal(folder, "empty", env)
    size = path.stat().st_size
    path.unlink()
    return size


def fresh_journal(folder, name: str, env) -> object:
    path = folder / f"{name}.md"
    subprocess.run([common.solo_script(), "new", str(path), "--system", "d12-tension",
                    "--title", name, "--seed", "1"], stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000, help="'linger 2' lines per run")
    parser.add_argument("--runs", type=int, default=3, help="runs (median)")
    parser.add_argument("--profile", action="store_true",
                        help="show where one batch run spends its time (in-process)")
    options = parser.parse_args()
    common.print_header("batch")
    scratch = common.scratch_dir("batch")
    env = common.solo_env(scratch)
    fs = subprocess.run(["df", "-T", str(scratch)], capture_output=True, text=True,
                        check=False).stdout.splitlines()[-1:]
    print(f"batch: journals in {scratch} ({' '.join(fs[0].split()[:2]) if fs else '?'})")
    moves = scratch / "moves.txt"
    moves.write_text("linger 2\n" * options.moves, encoding="utf-8")

    empty = fresh_size(scratch, env)
    totals, idles, raws, spun, singles = [], [], [], [], []
    for run in range(options.runs):  # solo and the raw appends take turns: the disk's
        path = fresh_journal(scratch, f"run{run}", env)  # mood changes minute to minute
        with open(moves, "rb") as script:
            totals.append(common.time_process([common.solo_script(), "play", str(path)],
                                              stdin=script, env=env))
        from solo.play.resume import resume_file

        turn = resume_file(path).state.turn
        if turn != options.moves:
            raise SystemExit(f"bench: expected {options.moves} turns, the journal has {turn}")
        with open("/dev/null", "rb") as nothing:  # the same start-up, with nothing to do
            idles.append(common.time_process([common.solo_script(), "play", str(path)],
                                             stdin=nothing, env=env))
        entry = (path.stat().st_size - empty) // options.moves
        raws.append(raw_appends(scratch / f"raw{run}.bin", entry, options.moves))
        spun.append(raw_appends(scratch / f"spun{run}.bin", entry, options.moves, BUSY))
        singles.append(one_fsync_a_line(fresh_journal(scratch, f"single{run}", env),
                                        options.moves))
    total, idle, raw = common.median(totals), common.median(idles), common.median(raws)
    rate = options.moves / total
    print(f"batch: solo play J < {options.moves} x 'linger 2' (fsync on) {total:.2f} s = "
          f"{rate:,.0f} turns/s (start-up included)")
    play = max(total - idle, 1e-9)
    print(f"batch: the same without start-up ({common.ms(idle)} for solo play J < /dev/null) "
          f"{play:.2f} s = {options.moves / play:,.0f} turns/s, "
          f"{play / options.moves * 1e6:.0f} us per turn (informational)", flush=True)
    raw_rate = options.moves / raw
    share = (options.moves / play) / raw_rate
    print(f"batch: raw appends of {entry} bytes + fsync on the same disk: {raw_rate:,.0f}/s; "
          f"solo play reaches {share:.0%} of it (goal >= {RAW_GOAL:.0%}) "
          f"{common.verdict(share >= RAW_GOAL)}", flush=True)
    single = common.median(singles)
    print(f"batch: the same in-process with one fsync a line (as the REPL saves): "
          f"{single / options.moves * 1e6:.0f} us per turn, {raw / single:.0%} of the raw "
          "rate (informational)", flush=True)
    busy_share = raw / common.median(spun)
    print(f"batch: raw appends with {BUSY * 1e6:.0f} us of CPU spun between them (about "
          f"solo's own work a turn) reach {busy_share:.0%} of the raw rate "
          "(informational: what any work between fsyncs costs on this disk)", flush=True)

    if options.profile:
        import cProfile
        import io
        import pstats

        from solo.play.batch import run_batch
        from solo.play.session import Session

        path = fresh_journal(scratch, "profile", env)
        session = Session(path)
        profile = cProfile.Profile()
        profile.runcall(run_batch, session, ["linger 2\n"] * options.moves, io.StringIO(),
                        io.StringIO())
        session.close()
        pstats.Stats(profile).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    sys.exit(main())
