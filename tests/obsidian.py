"""Obsidian's property editor, for tests: it rewrites a note's whole front matter with the npm
``yaml`` package (2.x, YAML 1.2), whose ``stringify`` drops every quote YAML 1.2 does not
need, folds long plain strings at 80 columns and writes lists in block style.

Two ways to do that here: the real package through node (:func:`node_yaml` installs it once
into a cache folder, and says why not when it cannot), and :func:`stringify`, a pure-Python
emulation of its quoting and folding for the values a journal's header holds (strings,
whole numbers, read as JavaScript reads them, booleans, null, and lists of those), which
always runs. A test compares the
two whenever node is there, so the emulation stays honest.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

from solo.journal.yaml12 import core_type, load_core

__all__ = ["node_yaml", "node_rewrite", "node_parse", "node_stringify", "stringify", "rewrite_text",
           "FRONT_MATTER"]

FRONT_MATTER = re.compile(r"^---\n([\s\S]*?)\n---\n")
"""The front matter as the issue's repro script finds it."""

_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "solo-tests"
_WHY_NOT: list[str] = []


def node_yaml() -> tuple[Path | None, str]:
    """The folder of an installed npm ``yaml`` 2.x (node_modules/yaml), or None and why."""
    if _WHY_NOT:
        return None, _WHY_NOT[0]
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        _WHY_NOT.append("node and npm are not on this machine")
        return None, _WHY_NOT[0]
    folder = _CACHE / "node-yaml-2"
    package = folder / "node_modules" / "yaml"
    if not (package / "package.json").exists():
        _CACHE.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix="node-yaml-", dir=_CACHE))
        try:
            done = subprocess.run([npm, "install", "--prefix", str(staging), "--no-audit",
                                   "--no-fund", "yaml@2"], capture_output=True, text=True,
                                  timeout=180)
        except (OSError, subprocess.TimeoutExpired) as error:
            _WHY_NOT.append(f"npm install yaml@2 did not finish: {error}")
            shutil.rmtree(staging, ignore_errors=True)
            return None, _WHY_NOT[0]
        if done.returncode != 0 or not (staging / "node_modules" / "yaml").is_dir():
            _WHY_NOT.append("npm install yaml@2 failed: "
                            + (done.stderr.strip().splitlines() or ["no output"])[-1])
            shutil.rmtree(staging, ignore_errors=True)
            return None, _WHY_NOT[0]
        try:
            staging.rename(folder)  # another test run may have won the race: fine
        except OSError:
            shutil.rmtree(staging, ignore_errors=True)
    version = json.loads((package / "package.json").read_text())["version"]
    if not version.startswith("2."):
        _WHY_NOT.append(f"the cached yaml is {version}, not 2.x")
        return None, _WHY_NOT[0]
    return package, ""


_REWRITE = """
const fs = require('fs'), Y = require(process.argv[1]);
const jobs = JSON.parse(fs.readFileSync(0, 'utf8'));
for (const [file, properties] of jobs) {
  const t = fs.readFileSync(file, 'utf8');
  const m = t.match(/^---\\n([\\s\\S]*?)\\n---\\n/);
  const d = Y.parse(m[1]);
  Object.assign(d, properties);
  fs.writeFileSync(file, '---\\n' + Y.stringify(d) + '---\\n' + t.slice(m[0].length));
}
"""

_PARSE = """
const Y = require(process.argv[1]);
const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(texts.map(t => {
  try { return {ok: Y.parse(t)}; } catch (e) { return {error: String(e)}; } })));
"""

_STRINGIFY = """
const Y = require(process.argv[1]);
const values = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(values.map(v => Y.stringify(v))));
"""


def _node(script: str, package: Path, payload: Any) -> str:
    done = subprocess.run(["node", "-e", script, str(package)], input=json.dumps(payload),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def node_rewrite(package: Path, jobs: list[tuple[Path, dict[str, Any]]]) -> None:
    """Edit properties of each file in Obsidian: parse its front matter with ``yaml``, set
    the properties given, and write the whole front matter back with ``stringify``."""
    _node(_REWRITE, package, [[str(path), properties] for path, properties in jobs])


def node_parse(package: Path, texts: list[str]) -> list[dict[str, Any]]:
    """What ``yaml.parse`` makes of each text: ``{"ok": value}`` or ``{"error": message}``."""
    return json.loads(_node(_PARSE, package, texts))


def node_stringify(package: Path, values: list[dict[str, Any]]) -> list[str]:
    """``yaml.stringify`` of each value."""
    return json.loads(_node(_STRINGIFY, package, values))


# -- the emulation ----------------------------------------------------------------------------
_NOT_PLAIN = re.compile(r"^[\n\t ,\[\]{}#&*!|>'\"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n"
                        r"|[\n\t ]#|[\n\t :]$")
_LINE_WIDTH, _MIN_CONTENT = 80, 20


def _fold(text: str, indent: str, at_start: int | None = None) -> str:
    """yaml's foldFlowLines for a plain scalar: break at single spaces between words so no
    line runs past 80 columns (the first line starting at column ``at_start``), each new
    line indented."""
    end_step = max(1 + _MIN_CONTENT, 1 + _LINE_WIDTH - len(indent))
    if len(text) <= end_step:
        return text
    folds: list[int] = []
    end = _LINE_WIDTH - len(indent)
    if at_start is not None:
        if at_start > _LINE_WIDTH - max(2, _MIN_CONTENT):
            folds.append(0)
        else:
            end = _LINE_WIDTH - at_start
    split: int | None = None
    previous = ""
    for index, char in enumerate(text):
        if char == " " and previous not in ("", " ", "\n", "\t"):
            following = text[index + 1:index + 2]
            if following and following not in " \n\t":
                split = index
        if index >= end and split:
            folds.append(split)
            end = split + end_step
            split = None
        previous = char
    if not folds:
        return text
    pieces = [text[:folds[0]]]
    for number, fold in enumerate(folds):
        stop = folds[number + 1] if number + 1 < len(folds) else len(text)
        start = 0 if fold == 0 else fold + 1
        pieces.append(f"\n{indent}{text[start:stop]}")
    return "".join(pieces)


def _string(value: str, indent: str, at_start: int | None = None, key: bool = False) -> str:
    if value and "\n" not in value and not _NOT_PLAIN.search(value) \
            and core_type(value) == "str":
        return value if key else _fold(value, indent, at_start)
    if '"' in value and "'" not in value:
        return "'" + value.replace("'", "''") + "'"
    return json.dumps(value, ensure_ascii=False)


def _scalar(value: Any, indent: str, at_start: int | None = None) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) >= 2 ** 53:  # a JavaScript number: a double
        number = float(value)
        return str(int(Decimal(repr(number)))) if abs(number) < 1e21 else repr(number)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value, indent, at_start)
    raise TypeError(f"the emulation writes no {type(value).__name__}")


def stringify(data: dict[str, Any]) -> str:
    """``yaml.stringify(data)`` for a mapping of scalars and lists of scalars."""
    lines = []
    for key, value in data.items():
        name = _string(str(key), "  ", key=True)
        if isinstance(value, list):
            if not value:
                lines.append(f"{name}: []")
                continue
            lines.append(f"{name}:")
            lines += [f"  - {_scalar(item, '    ')}" for item in value]
        else:
            text = _scalar(value, "  ", len(name) + 2)
            lines.append(f"{name}:{'' if text.startswith(chr(10)) else ' '}{text}")
    return "\n".join(lines) + "\n"


def rewrite_text(text: str, properties: dict[str, Any]) -> str:
    """The emulated property edit: the journal's front matter read and written back as
    Obsidian would, with the properties given set."""
    found = FRONT_MATTER.match(text)
    assert found is not None, "no front matter"
    data = {**load_core(found.group(1)), **properties}
    return "---\n" + stringify(data) + "---\n" + text[found.end():]
