"""Mutation test of the seed procedures' numbers (not part of the test suite).

Every whole number in the five seed procedures (and in the D12 seed's own tables) is
changed by +1 and by -1, one at a time, in a scratch copy of the repository. The
procedure's test file and tests/systems/test_seed_numbers.py (plus the content-table tests, for
a tables file) then run against the mutant. A mutant that no test notices is a
*survivor*: a number of the seed's that nothing pins. Takes about 20 minutes on 2 cores.

    python bench/mutate_seeds.py [--jobs 2] [--only d12-tension] [--text] [--json OUT]

Numbers are classed by where they stand: ``rule`` (bounds, durations, expressions, dice,
table ranges, dice inside table entries), ``text`` (numbers in what solo says or labels,
counted with --text) and comments, readings and notes, which are never mutated.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
# Each seed procedure, and the tables files that hold the seed's own numbers (the other
# tables files are solo's own inventions, not the seeds').
SYSTEMS: dict[str, tuple[str, ...]] = {
    "d12-tension": ("d12-tables.yaml",),
    "delving": (),
    "exploration": (),
    "trespasser": (),
    "dungeon-turn": (),
}
SKIPPED_KEYS = {"reading", "note", "summary", "source", "name", "id", "kind", "notation",
                "unit", "level", "group", "aliases"}
TEXT_KEYS = {"say", "label", "refusal", "prompt", "reason", "help", "title", "steps"}
DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class Mutant:
    file: str          # relative to the repository
    line: int
    column: int
    offset: int        # into the file's text
    old: str
    new: str
    kind: str          # rule or text
    path: str          # the YAML keys leading to it
    system: str


def _kind(path: tuple[str, ...]) -> str | None:
    """rule, text, or None for numbers never mutated (comments are no nodes at all)."""
    if any(part in SKIPPED_KEYS for part in path):
        return None
    if any(part in TEXT_KEYS for part in path):
        return "text"
    if path[-1:] == ("-",) and "entries" not in path:
        return "text"                     # a bare string in a list of effects is a say
    return "rule"                         # bounds, expressions, dice, ranges, entry texts


def _walk(node, path: tuple[str, ...], found: list) -> None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if path[-1:] == ("entries",):
                found.append((key, path + (str(key.value),), "rule"))   # 1-4, 5-8 …
            _walk(value, path + (str(key.value),), found)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _walk(item, path + ("-",), found)
    elif isinstance(node, yaml.ScalarNode):
        kind = _kind(path)
        if kind:
            found.append((node, path, kind))


def mutants(relative: str, system: str) -> list[Mutant]:
    text = (ROOT / relative).read_text(encoding="utf-8")
    root = yaml.compose(text)
    found: list = []
    _walk(root, (), found)
    result = []
    for node, path, kind in found:
        start, end = node.start_mark.index, node.end_mark.index
        for match in DIGITS.finditer(text, start, end):
            number = int(match.group())
            line = text.count("\n", 0, match.start()) + 1
            column = match.start() - text.rfind("\n", 0, match.start())
            for new in (number + 1, number - 1):
                if new < 0:
                    continue
                result.append(Mutant(relative, line, column, match.start(), match.group(),
                                     str(new), kind, ".".join(path), system))
    return result


def _tests_for(mutant: Mutant) -> list[str]:
    tests = [f"tests/systems/test_system_{mutant.system.replace('-', '_')}.py",
             "tests/systems/test_seed_numbers.py"]
    if mutant.file.startswith("oracles/"):
        tests.append("tests/rules/test_content_tables.py")
    return tests


def _scratch() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="solo-mutants-"))
    for part in ("solo", "oracles", "tests", "pyproject.toml"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, folder / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(source, folder / part)
    return folder


def run(mutant: Mutant, scratch: Path) -> bool:
    """True if the mutant is killed (a test fails, or the file no longer loads)."""
    target = scratch / mutant.file
    original = target.read_text(encoding="utf-8")
    end = mutant.offset + len(mutant.old)
    target.write_text(original[:mutant.offset] + mutant.new + original[end:], encoding="utf-8")
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
             *_tests_for(mutant)],
            cwd=scratch, capture_output=True, text=True,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
        return done.returncode != 0
    finally:
        target.write_text(original, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", action="append", choices=sorted(SYSTEMS))
    parser.add_argument("--text", action="store_true", help="also mutate numbers in texts")
    parser.add_argument("--json", help="write every mutant and its fate to this file")
    args = parser.parse_args()
    chosen = args.only or sorted(SYSTEMS)
    todo: list[Mutant] = []
    for system in chosen:
        files = [f"solo/systems/{system}.yaml", *(f"oracles/{f}" for f in SYSTEMS[system])]
        for relative in files:
            todo.extend(m for m in mutants(relative, system) if args.text or m.kind == "rule")
    scratches = [_scratch() for _ in range(max(1, args.jobs))]
    # Each worker owns one scratch copy; mutants are dealt out round robin.
    lanes = [todo[i::len(scratches)] for i in range(len(scratches))]
    fates: dict[Mutant, bool] = {}

    def work(lane: list[Mutant], scratch: Path) -> None:
        for mutant in lane:
            fates[mutant] = run(mutant, scratch)

    try:
        with ThreadPoolExecutor(len(scratches)) as pool:
            list(pool.map(work, lanes, scratches))
    finally:
        for scratch in scratches:
            shutil.rmtree(scratch, ignore_errors=True)
    survivors = [m for m in todo if not fates[m]]
    for system in chosen:
        mine = [m for m in todo if m.system == system]
        alive = [m for m in mine if not fates[m]]
        print(f"{system}: {len(mine)} mutants, {len(mine) - len(alive)} killed, "
              f"{len(alive)} survived")
    print(f"total: {len(todo)} mutants, {len(todo) - len(survivors)} killed, "
          f"{len(survivors)} survived")
    for m in survivors:
        print(f"  survivor {m.file}:{m.line}:{m.column} {m.old}->{m.new} [{m.kind}] {m.path}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            [{**asdict(m), "killed": fates[m]} for m in todo], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
