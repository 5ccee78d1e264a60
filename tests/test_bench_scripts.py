"""Every benchmark in bench/ still loads against the code it measures: a name moved or
renamed in solo/ breaks the script that imports it here, not months later on a quiet
machine (bench_odds_exact.py imported start_values from a module it had left). Loading
runs no measurement: each script measures only under ``if __name__ == "__main__"``."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SCRIPTS = sorted(BENCH.glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.name for script in SCRIPTS])
def test_each_bench_script_loads(script: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))  # (the scripts import common, rooms_crawl)
    spec = importlib.util.spec_from_file_location(f"bench_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
