"""Helpers shared by the benchmark scripts: the machine, timing, the solo command, journals.

Every figure is measured in the run that prints it; ratios compare two timings taken
side by side (interleaved where it matters), never against a number from elsewhere.
"""

from __future__ import annotations

import atexit
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
PYTHON = sys.executable


def solo_script() -> str:
    """The ``solo`` console script of this interpreter's environment (same bin/ folder)."""
    beside = Path(PYTHON).parent / "solo"
    if beside.exists():
        return str(beside)
    found = shutil.which("solo")
    if found is None:
        sys.exit("bench: no 'solo' console script; install with: pip install -e .")
    return found


def solo_env(home: Path | None = None) -> dict[str, str]:
    """The environment for a measured ``solo``: fixed clock, XDG folders kept out of $HOME."""
    env = dict(os.environ)
    env["SOURCE_DATE_EPOCH"] = "1700000000"
    if home is not None:
        env["XDG_CONFIG_HOME"] = str(home / "config")
        env["XDG_STATE_HOME"] = str(home / "state")
    return env


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_line() -> str:
    return (f"machine: {platform.platform()} · {os.cpu_count()} CPUs ({_cpu_model()}) · "
            f"Python {platform.python_version()} ({PYTHON})")


def print_header(name: str) -> None:
    print(f"== {name}")
    print(machine_line(), flush=True)


def median(samples: Sequence[float]) -> float:
    return statistics.median(samples)


def time_call(function: Callable[[], object]) -> float:
    """Seconds taken by one call, by time.perf_counter."""
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def time_process(argv: Sequence[str], *, stdin=subprocess.DEVNULL, env=None, cwd=None,
                 check: bool = True) -> float:
    """Wall-clock seconds for one run of ``argv`` (output discarded)."""
    start = time.perf_counter()
    done = subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env, cwd=cwd, check=False)
    elapsed = time.perf_counter() - start
    if check and done.returncode != 0:
        raise SystemExit(f"bench: {' '.join(map(str, argv))} failed with exit "
                         f"{done.returncode}: {done.stderr.decode(errors='replace').strip()}")
    return elapsed


def resume_times(paths: Sequence[Path], runs: int, env=None) -> dict[Path, float]:
    """The median wall-clock seconds of ``solo play J < /dev/null`` (resume, then quit at
    the end of input) for each journal, the runs interleaved so load falls on all alike."""
    argv = [solo_script(), "play"]
    times: dict[Path, list[float]] = {path: [] for path in paths}
    for path in paths:  # warm-up
        time_process([*argv, str(path)], env=env)
    for _ in range(runs):
        for path in paths:
            with open("/dev/null", "rb") as nothing:
                times[path].append(time_process([*argv, str(path)], stdin=nothing, env=env))
    return {path: median(samples) for path, samples in times.items()}


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def ratio_line(label: str, what: str, value: float, base_what: str, base: float,
               goal: str, ok: bool) -> str:
    """``label: what 41.2 ms vs base 19.8 ms = 2.08x (goal <= 2.5x) ok``."""
    return (f"{label}: {what} {ms(value)} vs {base_what} {ms(base)} = {value / base:.2f}x "
            f"(goal {goal}) {verdict(ok)}")


IN_PROCESS_NOTE = ("reported: no interpreter start or imports, which every resume pays; "
                   "the goal is for 'solo play' below")
"""What an in-process resume figure is: the parts of a resume that grow with the journal,
seen close up (the player's resume is ``solo play``, which the goal measures)."""


def reported_line(label: str, what: str, value: float, base_what: str, base: float,
                  note: str) -> str:
    """``label: what 41.2 ms vs base 19.8 ms = 2.08x (note)``: a figure with no goal."""
    return (f"{label}: {what} {ms(value)} vs {base_what} {ms(base)} = {value / base:.2f}x "
            f"({note})")


def batch_times(folder: Path, scripts: dict[str, str], runs: int, env: dict[str, str], *,
                system: str, seed: int, title: str) -> dict[str, list[float]]:
    """Seconds of ``solo play J < script`` (fsync on) for each script (name: its lines), each
    run into a fresh journal ``solo new`` makes, the scripts in turns (a busy disk or CPU
    slows them alike); and of ``solo play J < /dev/null`` on that journal (start-up with
    nothing to play), as ``"<name> idle"``. Each journal is removed after its run."""
    times: dict[str, list[float]] = {}
    for name, text in scripts.items():
        (folder / f"{name.replace(' ', '')}.moves").write_text(text)
    for run in range(runs):
        for name in scripts:
            path = folder / f"batch-{name.replace(' ', '')}-{run}.md"
            time_process([solo_script(), "new", str(path), "--system", system, "--title", title,
                          "--seed", str(seed)], env=env)
            with open(folder / f"{name.replace(' ', '')}.moves", "rb") as moves:
                times.setdefault(name, []).append(time_process(
                    [solo_script(), "play", str(path)], stdin=moves, env=env))
            with open("/dev/null", "rb") as nothing:
                times.setdefault(f"{name} idle", []).append(time_process(
                    [solo_script(), "play", str(path)], stdin=nothing, env=env))
            path.unlink()
    return times


def scratch_dir(prefix: str) -> Path:
    """A temporary folder, removed when the script ends (kept if SOLO_BENCH_KEEP is set)."""
    folder = Path(tempfile.mkdtemp(prefix=f"solo-bench-{prefix}-"))
    if not os.environ.get("SOLO_BENCH_KEEP"):
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def build_journal(path: Path, turns: int, *, system: str = "d12-tension", seed: int = 1,
                  command: str | None = None, title: str = "Bench") -> int:
    """Write a journal of ``turns`` turns quickly: a real play session writes every entry,
    with the fsync left out. Returns the number of commands written."""
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    create_journal_file(str(path), system, title, seed, [])
    session = Session(path, durable=False)
    line = command or session.procedure.simulate
    commands = stalled = 0
    try:
        while session.state.turn < turns:
            before = session.state.turn
            session.handle(line)
            commands += 1
            stalled = stalled + 1 if session.state.turn == before else 0
            if stalled > 100:  # refused again and again (a map at its cap of rooms)
                raise SystemExit(f"bench: {line!r} stopped passing turns at turn {before:,} "
                                 f"of {system}; give the bench another command")
    finally:
        session.close()
    return commands


def size_text(path: Path) -> str:
    size = path.stat().st_size
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.1f} {unit}" if unit != "B" else f"{size} B"
        size /= 1024
    return f"{size} B"  # pragma: no cover
