"""The code stays clean under ruff, mypy and import-linter, as docs/architecture.md promises."""

import os
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


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    command = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if command is None:
        pytest.skip("import-linter is not installed (it comes with: pip install '.[test]')")
    return subprocess.run([command, "--no-cache"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(root)})


def test_layers_and_no_circles_hold():
    """The layers' contracts in pyproject.toml: cli above play and report, above journal,
    engine, rules and the leaf modules; the engine's own layers; and no import circle
    anywhere."""
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout


@pytest.mark.parametrize(("module", "line", "broken"), [
    ("solo/engine/state.py", "from solo.journal import record  # noqa",
     "solo.engine is not allowed"),
    ("solo/rules/dice.py", "from solo.play import line  # noqa", "solo.rules is not allowed"),
    ("solo/report/model.py", "from solo.play import session  # noqa", "solo.report is not allowed"),
    ("solo/engine/carry_out.py", "from solo.engine import tool_grammar  # noqa",
     "solo.engine.carry_out is not allowed to import solo.engine.tool_grammar"),
    ("solo/engine/effects_dice.py", "from solo.engine import effects_flow  # noqa",
     "solo.engine.effects_dice is not allowed to import solo.engine.effects_flow"),
])
def test_a_backward_import_breaks_the_contract(tmp_path, module, line, broken):
    """A deliberate import of a higher layer makes lint-imports fail, naming the layer."""
    shutil.copytree(ROOT / "solo", tmp_path / "solo")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text(encoding="utf-8") + "\n" + line + "\n", encoding="utf-8")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert broken in result.stdout


def test_a_circle_inside_a_package_breaks_the_contract(tmp_path):
    shutil.copytree(ROOT / "solo", tmp_path / "solo")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "solo" / "rules" / "dice.py"  # tables imports dice: close the circle
    circle = "\nfrom solo.rules import tables  # noqa\n"
    target.write_text(target.read_text(encoding="utf-8") + circle, encoding="utf-8")
    result = _lint_imports(tmp_path)
    assert result.returncode != 0
    assert "No cycles are allowed in solo.rules" in result.stdout
