"""Run the installed ``solo`` command for real, in a folder of the test's own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SOLO = shutil.which("solo", path=str(Path(sys.executable).parent)) or shutil.which("solo")


def run_solo(*args: str, cwd: Path, stdin: str = "", env: dict | None = None,
             timeout: float = 60) -> subprocess.CompletedProcess:
    """``solo ARGS`` with ``stdin`` piped in (batch mode); never inherits a terminal."""
    command = [SOLO, *args] if SOLO else [sys.executable, "-m", "solo", *args]
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000", **(env or {})}
    return subprocess.run(command, cwd=cwd, input=stdin, text=True, capture_output=True,
                          env=environment, timeout=timeout)
