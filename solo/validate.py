"""Cross-checks of a loaded procedure: every name it uses must exist somewhere."""

from __future__ import annotations

from collections.abc import Iterable

from solo.effects import Assign, Check, Effect, Encounter, Let, RollDice, RollTable
from solo.yamlfile import Document

__all__ = ["BUILTIN_NAMES", "validate_procedure", "check_tables_exist"]

BUILTIN_NAMES = frozenset({
    "turn", "roll", "natural", "resting", "light", "lit", "action", "encounters", "chaos",
    "minutes", "source", "true", "false",
})


def _walk(effects: Iterable[Effect]) -> Iterable[Effect]:
    for effect in effects:
        yield effect
        for child in ("then", "otherwise"):
            yield from _walk(getattr(effect, child, ()))


def validate_procedure(doc: Document, procedure) -> None:
    """Raise a located RulesError for a name used but never defined."""
    all_effects = [*procedure.on_action, *procedure.each_turn]
    for effects in procedure.routines.values():
        all_effects.extend(effects)
    for action in procedure.actions.values():
        all_effects.extend(action.effects)
    for table in procedure.tables.values():
        for entry in table.entries:
            all_effects.extend(entry.effects)
    known = set(BUILTIN_NAMES) | set(procedure.trackers) | set(procedure.settings)
    known.update(f"lit_{kind}" for kind in procedure.lights)
    for action in procedure.actions.values():
        for arg in action.args:
            known.add(arg.name)
            for _, sets in arg.choices:
                known.update(str(name) for name, _ in sets)
    for effect in _walk(all_effects):
        if isinstance(effect, (Assign, Let)):
            known.update(name for name, _ in effect.values)
        elif isinstance(effect, (RollDice, RollTable)) and effect.name:
            known.add(effect.name)
        elif isinstance(effect, Check):
            known.add("roll")
    if procedure.danger:
        known.add(procedure.danger)
    for path, expr in doc.expressions:
        missing = sorted(expr.names - known)
        if missing:
            raise doc.error(path, f"unknown name {missing[0]!r}; define it as a tracker, a "
                                  "setting, an argument, or with set/let first")
    for path, kind, name in doc.references:
        if kind == "routine" and name not in procedure.routines:
            raise doc.error(path, f"no routine named {name!r}")
        if kind == "tracker" and name not in procedure.trackers:
            raise doc.error(path, f"no tracker named {name!r}; adjust works on trackers")
        if kind == "light" and name not in procedure.lights:
            raise doc.error(path, f"no light source named {name!r}")
    needs_default = any(isinstance(effect, Encounter) and effect.table is None
                        for effect in _walk(all_effects))
    if procedure.encounters is None and needs_default:
        raise doc.error(("encounters",), "an encounter effect needs a table: name one here")


def check_tables_exist(doc: Document, procedure, available: Iterable[str]) -> None:
    """Every table the procedure rolls must be its own or among ``available``."""
    names = set(available) | set(procedure.tables)
    for path, kind, name in doc.references:
        if kind == "table" and name not in names:
            raise doc.error(path, f"no table named {name!r} in the procedure or in oracles/")
    if procedure.encounters and procedure.encounters not in names:
        raise doc.error(("encounters",), f"no table named {procedure.encounters!r}")
