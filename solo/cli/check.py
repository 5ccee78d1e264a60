"""``solo check FILE…``: load each file as solo would, say ``ok (KIND)`` or why not; for a
procedure, refuse an action a solo command would shadow, and warn of a die whose sides a
setting or tracker gives when that value may fall below 1 (every roll of it would fail)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from solo.environment import Environment
from solo.errors import RulesError, SoloError
from solo.terminal import printable

__all__ = ["run_check", "tables_file", "sides_warnings"]

_SIDES = re.compile(r"d\{\s*([A-Za-z_]\w*)\s*\}")
"""A die whose sides are one value's, ``d{encounter_in}``."""
_DICE_KEYS = ("dice", "roll", "check")
"""The keys whose text is dice (``roll:`` and ``check:`` in their one-line form)."""


def run_check(files: list[str], env: Environment) -> int:
    """Check each file; 1 if any failed, warnings aside."""
    from solo.rules.catalog import load_file

    failures = 0
    for name in files:
        try:
            if Path(name).is_dir():
                raise SoloError(f"{name} is a folder; name the files in it to check")
            kind, loaded = load_file(Path(name))
            if kind == "procedure":
                _refuse_shadowing(Path(name), loaded)
        except SoloError as error:
            failures += 1
            env.warn(f"solo: error: {error}")
        else:
            env.say(f"{printable(name)}: ok ({kind})")
            for warning in sides_warnings(Path(name), loaded) if kind == "procedure" else ():
                env.warn(printable(f"solo: warning: {warning}"))
    return 1 if failures else 0


def tables_file(path: Path) -> None:
    """A RulesError naming ``path`` unless it is a tables file holding a table (a Markdown
    file or a ``kind: tables`` file), as ``solo new --tables`` needs."""
    from solo.rules.catalog import load_file

    kind, _ = load_file(path)
    if kind != "tables":
        raise RulesError(f"expected a tables file (kind: tables, or Markdown dice tables), "
                         f"not a {kind} file", file=str(path))


def _refuse_shadowing(path: Path, procedure) -> None:
    """A procedure action (or alias) named like a solo command would never run: refuse it,
    naming the file and line (the table of commands says which words are solo's)."""
    from solo.play.commands_table import RESERVED
    from solo.rules.yamlfile import load_yaml_file

    for name, action in procedure.actions.items():
        for index, word in enumerate((name, *action.aliases)):
            if word.lower() in RESERVED:
                doc = load_yaml_file(path)
                key = ("actions", name) if index == 0 else ("actions", name, "aliases",
                                                            index - 1)
                what = "action" if index == 0 else f"alias of action {name!r}"
                raise RulesError(f"the {what} {word!r} would be shadowed by solo's own "
                                 f"command '{word}'; rename it", file=str(path),
                                 line=doc.line(key), key=".".join(map(str, key)))


def sides_warnings(path: Path, procedure) -> list[str]:
    """A line for each die of the procedure file at ``path`` whose sides are a number
    setting or a tracker that may be below 1: one that starts there, a setting without a
    ``min`` of 1 or more (``set`` takes 0), a tracker whose ``min`` is below 1 or missing. A
    die's sides from anything else (an action's argument, an expression) are not judged."""
    from solo.rules.yamlfile import load_yaml_file

    doc, said = load_yaml_file(path), []
    for key, text in _dice_texts(doc.data, ()):
        for name in dict.fromkeys(_SIDES.findall(text)):
            why = _below_one(procedure, name)
            if why:
                said.append(f"{path}, line {doc.line(key)} ({'.'.join(map(str, key))}): "
                            f"{text!r} takes its sides from {why}, and a die of fewer than "
                            f"1 side cannot be rolled; give {name} a min of 1")
    return said


def _below_one(procedure, name: str) -> str:
    """How the setting or tracker ``name`` may be below 1 ('' if it cannot, or if it is
    neither a number setting nor a tracker)."""
    tracker = procedure.trackers.get(name)
    if tracker is not None:
        what, start, low = f"the tracker {name}", tracker.start, tracker.minimum
    else:
        start = procedure.settings.get(name)
        if isinstance(start, bool) or not isinstance(start, int):
            return ""
        declared = procedure.setting_values.get(name)
        what, low = f"the setting {name}", None if declared is None else declared.minimum
    if start < 1:
        return f"{what}, which starts at {start}"
    if low is None:
        return f"{what}, which has no min" + (f" ('set {name} 0' is taken)"
                                              if tracker is None else "")
    return f"{what}, whose min is {low}" if low < 1 else ""


def _dice_texts(data: Any, key: tuple) -> Iterator[tuple[tuple, str]]:
    """Each text of ``data`` (a YAML document's) under a key that holds dice, with its key
    path."""
    if isinstance(data, dict):
        for name, value in data.items():
            if name in _DICE_KEYS and isinstance(value, str):
                yield (*key, name), value
            else:
                yield from _dice_texts(value, (*key, name))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _dice_texts(value, (*key, index))
