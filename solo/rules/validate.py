"""Cross-checks of a loaded procedure: every name it uses must exist somewhere."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping
from typing import Any

from solo.rules.effect_model import Assign, Check, Effect, Encounter, Let, RollDice, RollTable
from solo.rules.expr import Expr, ExprError
from solo.rules.yamlfile import Document

__all__ = ["BUILTIN_NAMES", "BUILTIN_TYPES", "MAX_TURNS_PER_ACTION", "validate_procedure",
           "check_tables_exist", "name_types"]

BUILTIN_TYPES: dict[str, str] = {
    "turn": "int", "roll": "int", "natural": "int", "resting": "bool", "light": "str",
    "lit": "int", "action": "str", "encounters": "int", "chaos": "any", "minutes": "int",
    "source": "str", "die": "str", "dice": "dice", "answer": "str", "oracle": "str",
    "party_size": "int", "party_down": "int", "member": "str", "hp": "int", "max_hp": "int",
    "room": "str", "room_exits": "int", "rooms_to_exit": "int", "rooms_known": "int",
    "room_new": "bool", "way_out": "str", "days_away": "int", "expedition": "int",
    "rooms_given": "bool", "room_traps_found": "int", "room_traps": "int",
}
"""The names every procedure's expressions can read besides its own, with their types.
Defined once: the interpreter computes them, ``solo check`` knows them from here. Each
light kind adds ``lit_KIND`` (a count) and each tracker with levels ``TRACKER_level``.
``member``, ``hp`` and ``max_hp`` (and ``member_CONDITION`` for each of the party's
conditions) name one member's inside ``members:`` and ``party: down:``."""
BUILTIN_NAMES = frozenset(BUILTIN_TYPES)


def _walk(effects: Iterable[Effect]) -> Iterable[Effect]:
    for effect in effects:
        yield effect
        for child in ("then", "otherwise", "effects"):
            yield from _walk(getattr(effect, child, ()))


MAX_TURNS_PER_ACTION = 1000
"""The most turns one command may pass (a day of 10-minute turns is 144)."""


def _all_effects(procedure) -> list[Effect]:
    between = procedure.between
    effects = [*procedure.on_action, *procedure.each_turn, *procedure.party.down,
               *between.on_leave, *between.each_day, *between.on_return]
    for routine in procedure.routines.values():
        effects.extend(routine)
    for action in procedure.actions.values():
        effects.extend(action.effects)
    for table in procedure.tables.values():
        for entry in table.entries:
            effects.extend(entry.effects)
    return effects


def name_types(procedure) -> dict[str, str]:
    """Every name the procedure's expressions may read, with its type (int, bool, str,
    dice, any): solo's own names, trackers, supplies, settings, arguments, levels, and
    the names its effects make (set, let, roll/table ``as:``, routine parameters)."""
    types: dict[str, str] = dict(BUILTIN_TYPES)

    def add(name: str, kind: str) -> None:
        old = types.get(name)
        types[name] = kind if old is None or old == kind else (
            "int" if {old, kind} <= {"int", "bool"} else "any")

    for name in procedure.trackers:
        types[name] = "int"
        if procedure.trackers[name].levels:
            types[f"{name}_level"] = "str"
    for name in procedure.supplies:
        types[name] = "int"
        types[f"has_{name}"] = "bool"
    for name, condition in procedure.party.conditions.items():
        types[f"member_{name}"] = "int"
        if condition.levels:
            types[f"member_{name}_level"] = "str"
    for name in procedure.lights:
        types[f"lit_{name}"] = "int"
    for name, value in procedure.settings.items():
        add(str(name), _type_of(value))
    for action in procedure.actions.values():
        for arg in action.args:
            add(arg.name, "str" if arg.kind == "choice" else "int")
            for _, sets in arg.choices:
                for name, value in sets:
                    add(str(name), _type_of(value))
    for params in procedure.params.values():
        for name, default in params:
            add(name, "any" if default is None else _type_of(default))
    effects = [effect for effect in _walk(_all_effects(procedure)) if type(effect) in _MADE]
    for _ in range(2):  # a let may read a name another let makes
        for effect in effects:
            for name, kind in _MADE[type(effect)](effect, procedure, types):
                add(name, kind)
    return types


def _assigned(effect: Any, procedure, types: dict[str, str]) -> Iterable[tuple[str, str]]:
    """The names a ``set:`` or ``let:`` makes (not the trackers it sets), with the types
    their values give (any, where a value cannot be typed yet)."""
    for name, expr in effect.values:
        if name not in procedure.trackers:
            try:
                yield name, expr.type_in(types)
            except ExprError:
                yield name, "any"


_MADE: dict[type, Callable[[Any, Any, dict[str, str]], Iterable[tuple[str, str]]]] = {
    Assign: _assigned, Let: _assigned,
    RollDice: lambda effect, procedure, types: [(effect.name, "int")] if effect.name else [],
    RollTable: lambda effect, procedure, types: [(effect.name, "str")] if effect.name else [],
}
"""The names an effect makes for the expressions after it, by the effect's type: ``set:``
and ``let:``, and the ``as:`` of a roll (a number) or a table (a word)."""


def _type_of(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    return "int" if isinstance(value, int) else "str" if isinstance(value, str) else "any"


def validate_procedure(doc: Document, procedure) -> None:
    """Raise a located RulesError for a name used but never defined, a word where a number
    belongs, or a time no command could take: each of :data:`_CHECKS` in turn."""
    types = name_types(procedure)
    for check in _CHECKS:
        check(doc, procedure, types)


def _supplies_apart(doc: Document, procedure, types: dict[str, str]) -> None:
    clash = set(procedure.supplies) & (set(procedure.trackers) | set(procedure.settings))
    if clash:
        name = sorted(clash)[0]
        raise doc.error(("supplies", name), f"{name!r} is also a tracker or a setting; "
                        "give the supply another name")


def _names_known(doc: Document, procedure, types: dict[str, str]) -> None:
    known = set(types) | ({procedure.danger} if procedure.danger else set())
    for path, expr in doc.expressions:
        missing = sorted(expr.names - known)
        if missing:
            raise doc.error(path, f"unknown name {missing[0]!r}; define it as a tracker, a "
                                  "setting, an argument, or with set/let first")


def _types_fit(doc: Document, procedure, types: dict[str, str]) -> None:
    for path, expr in doc.expressions:
        try:
            expr.type_in(types)
        except ExprError as error:
            raise doc.error(path, str(error)) from None


def _tracker_values(effect: Any, procedure) -> Iterable[tuple[Expr, str]]:
    return [(expr, f"tracker {name} needs a number") for name, expr in effect.values
            if name in procedure.trackers]


def _plus(effect: Any, procedure) -> Iterable[tuple[Expr, str]]:
    return [] if effect.plus is None else [(effect.plus, "plus needs a number")]


_NUMBERS: dict[type, Callable[[Any, Any], Iterable[tuple[Expr, str]]]] = {
    Assign: _tracker_values, Check: _plus, RollDice: _plus, RollTable: _plus}
"""The expressions of an effect that must give a number, with what to say if one does not:
a ``set:`` of a tracker, a ``plus:``."""


def _numbers(doc: Document, procedure, types: dict[str, str]) -> None:
    paths = {id(expr): path for path, expr in doc.expressions}
    numeric = list(doc.numeric)
    for name, action in procedure.actions.items():
        if action.time is not None:
            numeric.append((paths.get(id(action.time), ("actions", name, "time")),
                            action.time, "time needs a whole number of turns"))
            _check_time(doc, procedure, name, action)
    for effect in _walk(_all_effects(procedure)):
        numbers = _NUMBERS.get(type(effect))
        if numbers is not None:
            numeric.extend((paths.get(id(expr), ()), expr, message)
                           for expr, message in numbers(effect, procedure))
    for path, expr, message in numeric:
        kind = expr.type_in(types)
        if kind in ("str", "dice"):
            raise doc.error(path, f"{message}, but {expr.text!r} gives "
                            f"{'a word' if kind == 'str' else 'the dice of a roll'}")


_REFERENCES: dict[str, tuple[Callable[[Any], Container[str]], str]] = {
    "routine": (lambda procedure: procedure.routines, "no routine named {name!r}"),
    "tracker": (lambda procedure: procedure.trackers,
                "no tracker named {name!r}; adjust works on trackers"),
    "light": (lambda procedure: procedure.lights, "no light source named {name!r}"),
    "supply": (lambda procedure: procedure.supplies,
               "no supply named {name!r}; list it under 'supplies:'"),
    "condition": (lambda procedure: procedure.party.conditions,
                  "no condition named {name!r}; list it under 'party: conditions:'"),
}
"""Each kind of name an effect refers to: where the procedure defines it, and what to say
when it does not (tables are checked with the shared ones, in :func:`check_tables_exist`)."""


def _references(doc: Document, procedure, types: dict[str, str]) -> None:
    for path, kind, name in doc.references:
        if kind in _REFERENCES:
            defined, message = _REFERENCES[kind]
            if name not in defined(procedure):
                raise doc.error(path, message.format(name=name))


def _calls(doc: Document, procedure, types: dict[str, str]) -> None:
    for path, routine, given in doc.calls:
        params = dict(procedure.params.get(routine, ()))
        for name in given:
            if name not in params:
                raise doc.error(path + ("with", name), f"routine {routine!r} has no parameter "
                                f"{name!r}" + (f"; it takes {', '.join(params)}" if params
                                               else "; it takes none"))
        for name, default in params.items():
            if default is None and name not in given:
                raise doc.error(path, f"routine {routine!r} needs {name!r}: "
                                f"do: {{routine: {routine}, with: {{{name}: ...}}}}")


def _encounter_table(doc: Document, procedure, types: dict[str, str]) -> None:
    needs_default = any(isinstance(effect, Encounter) and effect.table is None
                        for effect in _walk(_all_effects(procedure)))
    if procedure.encounters is None and needs_default:
        raise doc.error(("encounters",), "an encounter effect needs a table: name one here")


_CHECKS: tuple[Callable[[Document, Any, dict[str, str]], None], ...] = (
    _supplies_apart, _names_known, _types_fit, _numbers, _references, _calls,
    _encounter_table)
"""What :func:`validate_procedure` checks, in the order its errors come."""


def _check_time(doc: Document, procedure, name: str, action) -> None:
    """A constant time past the limit, or one read from an argument with no max."""
    path = ("actions", name, "time")
    expr = action.time
    if not expr.names:
        value = expr.evaluate({})
        if isinstance(value, int) and not 0 <= value <= MAX_TURNS_PER_ACTION:
            raise doc.error(path, f"one command may take 0 to {MAX_TURNS_PER_ACTION} turns, "
                            f"not {value}")
        return
    for arg in action.args:
        if arg.name in expr.names and arg.kind == "int" and arg.maximum is None:
            raise doc.error(path, f"the time reads argument {arg.name!r}, which has no max; "
                            f"give it 'max:' (a command takes at most {MAX_TURNS_PER_ACTION} "
                            "turns)")


def check_tables_exist(doc: Document, procedure, available: Mapping[str, Any]) -> None:
    """Every table the procedure rolls must be its own or among ``available``, and a
    table's modifier must read names the procedure has."""
    names = set(available) | set(procedure.tables)
    for path, kind, name in doc.references:
        if kind == "table" and name not in names:
            raise doc.error(path, f"no table named {name!r} in the procedure or in oracles/")
    if procedure.encounters and procedure.encounters not in names:
        raise doc.error(("encounters",), f"no table named {procedure.encounters!r}")
    known = set(name_types(procedure)) | ({procedure.danger} if procedure.danger else set())
    for path, kind, name in doc.references:
        table = available.get(name) if kind == "table" and name not in procedure.tables \
            else None
        if table is not None and table.plus_expr is not None:
            missing = sorted(table.plus_expr.names - known)
            if missing:
                raise doc.error(path, f"table {name!r} adds {table.plus!r}, but this "
                                f"procedure has no {missing[0]!r}")
