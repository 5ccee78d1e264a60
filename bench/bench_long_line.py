"""The REPL's memory on a long line: a paste of N characters without bracketed paste (as
a terminal that does not support it sends one, key by key), through a real pseudo-terminal,
then Enter and Ctrl-D. Prints the peak resident memory of the ``solo play`` process (its
VmHWM, read from /proc while it runs; Linux only) and how long the paste took.

Goal (issue 40): a 100,000-character paste stays under 200 MB. The REPL keeps a line to
64 KiB and says so once; the rest of such a paste is dropped before prompt_toolkit sees it.

Usage: python bench/bench_long_line.py [--chars N ...] [--bracketed]
"""

from __future__ import annotations

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL_MB = 200
PROMPT = b"solo>"


def _peak_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _read(master: int, seen: bytearray, timeout: float) -> None:
    ready, _, _ = select.select([master], [], [], timeout)
    if ready:
        try:
            seen += os.read(master, 1 << 16)
        except OSError:
            pass


def paste(chars: int, bracketed: bool = False, timeout: float = 300) -> tuple[float, float, int]:
    """Paste ``chars`` characters into ``solo play``; (peak MB, seconds, journal bytes)."""
    solo = Path(sys.executable).with_name("solo")
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "j.md"
        subprocess.run([str(solo), "new", str(journal), "--system", "trespasser", "--seed",
                        "1"], input=b"", capture_output=True, check=True)
        before = journal.stat().st_size
        master, slave = os.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "30", "NO_COLOR": "1",
               "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_STATE_HOME": folder}
        process = subprocess.Popen([str(solo), "play", str(journal)], stdin=slave,
                                   stdout=slave, stderr=slave, env=env, close_fds=True)
        os.close(slave)
        seen = bytearray()
        peak = 0
        start = time.monotonic()
        try:
            while PROMPT not in seen and time.monotonic() - start < 30:
                _read(master, seen, 0.2)
            text = ("We wait by the door and listen. " * (chars // 32 + 1))[:chars]
            data = text.encode()
            if bracketed:
                data = b"\x1b[200~" + data + b"\x1b[201~"
            began = time.monotonic()
            sent = 0
            while sent < len(data) and time.monotonic() - began < timeout:
                # write as the pty takes it, reading what is drawn
                _, ready, _ = select.select([master], [master], [], 0.5)
                if ready:
                    sent += os.write(master, data[sent:sent + 4096])
                _read(master, seen, 0)
                peak = max(peak, _peak_kb(process.pid))
                seen = seen[-4096:]
            seen.clear()
            os.write(master, b"\r")
            while PROMPT not in seen and time.monotonic() - began < timeout:
                _read(master, seen, 0.2)
                peak = max(peak, _peak_kb(process.pid))
            took = time.monotonic() - began
            os.write(master, b"\x04")
            while process.poll() is None and time.monotonic() - began < timeout + 30:
                _read(master, seen, 0.2)
                peak = max(peak, _peak_kb(process.pid))
        finally:
            if process.poll() is None:
                process.kill()
            process.wait()
            os.close(master)
        return peak / 1024, took, journal.stat().st_size - before


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, action="append",
                        help="characters to paste (repeatable; default 12,500 and 100,000)")
    parser.add_argument("--bracketed", action="store_true",
                        help="send the paste inside bracketed-paste marks")
    options = parser.parse_args()
    failed = False
    for chars in options.chars or [12_500, 100_000]:
        peak, took, grew = paste(chars, options.bracketed)
        mark = "ok" if peak < GOAL_MB else "OVER"
        failed |= peak >= GOAL_MB
        how = "bracketed" if options.bracketed else "unbracketed"
        print(f"long line: {chars:,} characters pasted {how}: peak {peak:.0f} MB "
              f"(goal < {GOAL_MB} MB, {mark}), {took:.1f} s, journal +{grew:,} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
