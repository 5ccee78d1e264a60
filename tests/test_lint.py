"""The code stays clean under ruff, as the README promises."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_check_is_clean():
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it comes with: pip install '.[test]')")
    result = subprocess.run([ruff, "check", "solo", "tests", "bench"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean():
    """The package type-checks with the settings in pyproject.toml."""
    pytest.importorskip("mypy", reason="mypy comes with: pip install '.[test]'")
    result = subprocess.run([sys.executable, "-m", "mypy", "solo"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
