"""Start-up: ``solo --version`` and ``solo roll 2d6`` against ``python -c pass``, and the
time until the interactive REPL shows its prompt under a pseudo-terminal.

Usage: python bench/bench_startup.py [--runs N] [--importtime]
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import common

GOAL = 2.5
AIM = 2.0
PROMPT = b"solo>"  # the space after it is drawn as a cursor move, not a character
CPR_REQUEST = b"\x1b[6n"


def clean_python(scratch: Path) -> str | None:
    """A venv of this interpreter whose only .pth file puts solo and this environment's
    site-packages on sys.path, without running the environment's own .pth files (which
    can import modules into every start-up and so make any ratio look better)."""
    import site
    import venv

    import solo

    folder = scratch / "clean-venv"
    try:
        venv.EnvBuilder(with_pip=False, symlinks=True).create(folder)
    except Exception as error:  # noqa: BLE001 - a benchmark goes on without this figure
        print(f"startup: no clean venv ({error}); clean figures skipped")
        return None
    python = folder / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    paths = [str(Path(solo.__file__).resolve().parent.parent), *site.getsitepackages()]
    (Path(purelib) / "solo_bench.pth").write_text("\n".join(paths) + "\n", encoding="utf-8")
    # its own copy of the console script, as pip wrote it, but run by the venv's python
    script = Path(common.solo_script()).read_text(encoding="utf-8").split("\n", 1)[1]
    console = folder / "bin" / "solo"
    console.write_text(f"#!{python}\n{script}", encoding="utf-8")
    console.chmod(0o755)
    return str(python)


def measure_commands(runs: int, env: dict[str, str], clean: str | None) -> dict[str, float]:
    solo = common.solo_script()
    py = common.PYTHON
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "solo --version": [solo, "--version"],
        "solo roll 2d6": [solo, "roll", "2d6"],
        "python -m solo --version": [py, "-m", "solo", "--version"],
        "python -m solo roll 2d6": [py, "-m", "solo", "roll", "2d6"],
    }
    if clean is not None:  # the same interpreter in a venv with no other .pth files
        commands.update({
            "clean python -c pass": [clean, "-c", "pass"],
            "clean solo --version": [str(Path(clean).parent / "solo"), "--version"],
            "clean solo roll 2d6": [str(Path(clean).parent / "solo"), "roll", "2d6"],
            "clean python -m solo --version": [clean, "-m", "solo", "--version"],
            "clean python -m solo roll 2d6": [clean, "-m", "solo", "roll", "2d6"],
        })
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for argv in commands.values():  # warm the page cache and .pyc files
        common.time_process(argv, env=env)
    for _ in range(runs):  # interleaved, so drift in the machine hits every command alike
        for name, argv in commands.items():
            samples[name].append(common.time_process(argv, env=env))
    return {name: common.median(values) for name, values in samples.items()}


def _set_size(fd: int, rows: int = 40, columns: int = 120) -> None:
    import fcntl

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def repl_ready_once(journal: Path, env: dict[str, str], timeout: float = 20.0) -> float:
    """Seconds from starting ``solo play J`` on a pty until ``solo> `` is drawn."""
    master, slave = os.openpty()
    _set_size(slave)
    start = time.perf_counter()
    process = subprocess.Popen([common.solo_script(), "play", str(journal)], stdin=slave,
                               stdout=slave, stderr=slave, env=env, close_fds=True,
                               start_new_session=True)
    os.close(slave)
    seen = b""
    ready = None
    try:
        while ready is None:
            left = timeout - (time.perf_counter() - start)
            if left <= 0:
                raise SystemExit(f"bench: no prompt after {timeout} s; output: {seen[-400:]!r}")
            readable, _, _ = select.select([master], [], [], left)
            if not readable:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                raise SystemExit(f"bench: solo play ended early; output: {seen[-400:]!r}") \
                    from None
            seen += chunk
            if CPR_REQUEST in chunk:  # answer prompt_toolkit's cursor-position question
                os.write(master, b"\x1b[1;1R")
            if PROMPT in seen:
                ready = time.perf_counter() - start
        os.write(master, b"\x04")  # Ctrl-D: save and quit
        deadline = time.perf_counter() + 10
        while process.poll() is None and time.perf_counter() < deadline:
            readable, _, _ = select.select([master], [], [], 0.05)
            if readable:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    finally:
        os.close(master)
        if process.poll() is None:
            process.kill()
            process.wait()
    return ready


def import_profile(python: str, env: dict[str, str], argv: list[str], top: int = 12
                   ) -> list[str]:
    """The slowest imports (cumulative) of one run, from ``python -X importtime``."""
    done = subprocess.run([python, "-X", "importtime", *argv], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                          check=False)
    rows = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        own, cumulative, name = (part.strip() for part in
                                 line[len("import time:"):].split("|", 2))
        rows.append((int(cumulative), int(own), name.strip()))
    rows.sort(reverse=True)
    return [f"    {cumulative / 1000:7.1f} ms cumulative {own / 1000:6.1f} ms self  {name}"
            for cumulative, own, name in rows[:top]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per command (median)")
    parser.add_argument("--repl-runs", type=int, default=7, help="REPL start-ups (median)")
    parser.add_argument("--importtime", action="store_true",
                        help="also show the slowest imports of each command")
    options = parser.parse_args()
    common.print_header("start-up")
    scratch = common.scratch_dir("startup")
    env = common.solo_env(scratch)
    # An installed solo starts from its .pyc files (pip compiles them at install); a
    # PYTHONDONTWRITEBYTECODE=1 in this shell would make every run compile solo's source again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    clean = clean_python(scratch)
    times = measure_commands(options.runs, env, clean)
    base = times["python -c pass"]
    for name in ("solo --version", "solo roll 2d6", "python -m solo --version",
                 "python -m solo roll 2d6"):
        value = times[name]
        ratio = value / base
        note = f" (aim {AIM}x met)" if ratio <= AIM else f" (aim {AIM}x not met)"
        print(common.ratio_line("startup", name, value, "python -c pass", base,
                                f"<= {GOAL}x", ratio <= GOAL) + note, flush=True)
    if clean is not None:
        bare = times["clean python -c pass"]
        for name in ("clean solo --version", "clean solo roll 2d6",
                     "clean python -m solo --version", "clean python -m solo roll 2d6"):
            value = times[name]
            ratio = value / bare
            print(common.ratio_line("startup", name, value, "clean python -c pass", bare,
                                    f"<= {GOAL}x", ratio <= GOAL)
                  + f" (same interpreter, a venv without this environment's .pth files, "
                  f"which add {common.ms(base - bare)} to every start-up here)", flush=True)

    journal = scratch / "repl.md"
    common.build_journal(journal, 10)
    tty_env = dict(env, TERM="xterm-256color", COLUMNS="120", LINES="40")
    tty_env.pop("NO_COLOR", None)
    repl_ready_once(journal, tty_env)  # warm-up
    ready = common.median([repl_ready_once(journal, tty_env)
                           for _ in range(options.repl_runs)])
    print(f"startup: REPL ready ('solo> ' drawn on a pty) {common.ms(ready)} vs python -c pass "
          f"{common.ms(base)} = {ready / base:.2f}x (reported, no goal)", flush=True)

    if options.importtime:
        for argv in (["-c", "pass"], ["-m", "solo", "--version"],
                     ["-m", "solo", "roll", "2d6"], ["-m", "solo", "play", str(journal)]):
            where = "clean venv " if clean else ""
            print(f"  slowest imports of {where}python {' '.join(argv)}:")
            print("\n".join(import_profile(clean or common.PYTHON, env, argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
