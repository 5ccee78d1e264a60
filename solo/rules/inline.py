"""Splice routines into the effect lists that call them, once, when a procedure loads.

``do: ROUTINE`` reads well in YAML; at run time it costs a lookup and a nested call on
every turn. Replacing each ``do`` by the routine's own effects (inside an ``if`` when
the ``do`` had a ``when:``) gives the same effects in the same order, faster.
Routines that call themselves, directly or not, are left as ``do``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from solo.rules.effect_model import Ask, Branch, Check, Do, Effect, Encounter, Let
from solo.rules.expr import constant
from solo.rules.procedure import Procedure

__all__ = ["inline_routines"]


def inline_routines(procedure: Procedure) -> Procedure:
    """The same procedure, with every non-recursive ``do`` replaced by its effects."""
    routines: Mapping[str, tuple[Effect, ...]] = procedure.routines
    cache: dict[str, tuple[Effect, ...]] = {}

    def routine(name: str, active: frozenset[str]) -> tuple[Effect, ...] | None:
        if name in active:
            return None  # recursive: keep the do
        if name not in cache:
            flat = flatten(routines[name], active | {name})
            if any(isinstance(effect, Do) for effect in flat):
                return flat  # holds a recursive call: do not cache a partial answer
            cache[name] = flat
        return cache[name]

    def flatten(effects: tuple[Effect, ...], active: frozenset[str] = frozenset()
                ) -> tuple[Effect, ...]:
        result: list[Effect] = []
        for effect in effects:
            if isinstance(effect, Do):
                body = routine(effect.routine, active)
                if body is not None and procedure.params.get(effect.routine):
                    given = dict(effect.args)
                    body = (Let(tuple((name, given.get(name) or constant(default))
                                      for name, default in procedure.params[effect.routine])),
                            *body)
                if body is None:
                    result.append(effect)
                elif effect.when is None:
                    result.extend(body)
                else:
                    result.append(Branch(effect.when, body))
            elif isinstance(effect, (Branch, Check, Ask)):
                result.append(replace(effect, then=flatten(effect.then, active),
                                      otherwise=flatten(effect.otherwise, active)))
            elif isinstance(effect, Encounter):
                result.append(replace(effect, then=flatten(effect.then, active),
                                      otherwise=flatten(effect.otherwise, active)))
            else:
                result.append(effect)
        return tuple(result)

    tables = {}
    for name, table in procedure.tables.items():
        entries = tuple(replace(entry, effects=flatten(entry.effects)) if entry.effects
                        else entry for entry in table.entries)
        tables[name] = replace(table, entries=entries)
    actions = {name: replace(action, effects=flatten(action.effects))
               for name, action in procedure.actions.items()}
    return replace(procedure, tables=tables, actions=actions,
                   on_action=flatten(procedure.on_action),
                   each_turn=flatten(procedure.each_turn))
