"""Reading the effects of a procedure's actions, hooks and table entries from YAML.

Each effect in YAML is a mapping with one main key (``adjust``, ``check``, ``table``…)
and an optional ``when:`` guard. ``parse_effects`` turns the YAML of a Document into the
frozen dataclasses of :mod:`solo.rules.effect_model`, compiling each
expression and template with its place in the file; the engine interprets them. See
docs/procedures.md for the guide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from solo.rules.effect_model import (
    LIGHT_OPERATIONS,
    WHO,
    Adjust,
    Ask,
    Assign,
    Branch,
    Check,
    Condition,
    Do,
    Effect,
    Encounter,
    Let,
    LightChange,
    Members,
    Outcome,
    RollDice,
    RollTable,
    RoomChange,
    Say,
    SourceCheck,
    Supply,
    Template,
    Vitality,
)
from solo.rules.expr import Expr
from solo.rules.file_expressions import compile_at, compile_template
from solo.rules.schema import check_keys, keys_of
from solo.rules.yamlfile import Document

__all__ = ["parse_effects", "EFFECT_KEYS"]

COMMON_ODDS = ("likely", "50/50", "even", "unlikely")
"""Odds that every shipped oracle style (mythic, ironsworn, opse) knows."""
_SIDE_KEYS = keys_of("effect")


def parse_effects(doc: Document, path: tuple, raw: Any) -> tuple[Effect, ...]:
    """A list of effects (a single effect mapping is accepted as a list of one)."""
    if raw is None:
        return ()
    if isinstance(raw, Mapping):
        raw = [raw]
    if not isinstance(raw, list):
        raise doc.error(path, "expected a list of effects")
    return tuple(_parse_effect(doc, path + (index,), item) for index, item in enumerate(raw))


@dataclass(frozen=True)
class _Place:
    """An effect being read: its mapping in the file, its main key, and the side keys
    already read (``when:``, ``reason:``, ``who:``)."""

    doc: Document
    path: tuple
    raw: Mapping
    key: str
    when: Expr | None
    reason: Template | None
    who: str

    @property
    def here(self) -> tuple:
        """Where the main key's value is."""
        return self.path + (self.key,)

    @property
    def value(self) -> Any:
        return self.raw[self.key]


@dataclass(frozen=True)
class _Kind:
    """One kind of effect, by its main key: how its value is read, and which side keys it
    takes beside that key (``reason``, ``who``, ``then``, ``else``). ``inside`` names the
    kinds whose ``then:``/``else:`` go inside their own mapping instead."""

    read: Callable[[_Place], Effect]
    beside: frozenset[str] = frozenset()
    inside: bool = False


def _parse_effect(doc: Document, path: tuple, raw: Any) -> Effect:
    if isinstance(raw, str):
        return Say(compile_template(doc, path, raw))
    if not isinstance(raw, Mapping):
        raise doc.error(path, f"expected an effect: a mapping with one of {', '.join(EFFECT_KEYS)}")
    main = [key for key in raw if key in _KINDS]
    unknown = [key for key in raw if key not in _KINDS and key not in _SIDE_KEYS]
    if unknown:
        raise doc.error(path + (unknown[0],),
                        f"unknown effect key; expected one of {', '.join(EFFECT_KEYS)}")
    if len(main) != 1:
        raise doc.error(path, f"expected exactly one of {', '.join(EFFECT_KEYS)} in an effect")
    key = main[0]
    kind = _KINDS[key]
    for side in ("then", "else", "reason", "who"):
        if side in raw and side not in kind.beside:
            raise doc.error(path + (side,), f"'{side}:' does nothing beside '{key}:'; "
                            + _SIDE_HINTS[side](kind, key))
    if raw.get("who", "each") not in WHO:
        raise doc.error(path + ("who",), f"expected one of {', '.join(WHO)}")
    when = compile_at(doc, path + ("when",), raw["when"]) if "when" in raw else None
    reason = (compile_template(doc, path + ("reason",), raw["reason"])
              if "reason" in raw else None)
    return kind.read(_Place(doc, path, raw, key, when, reason, str(raw.get("who", "each"))))


def _taking(side: str) -> str:
    return ", ".join(sorted(key for key, kind in _KINDS.items() if side in kind.beside))


_SIDE_HINTS: dict[str, Callable[[_Kind, str], str]] = {
    "then": lambda kind, key: (f"it belongs inside '{key}:'" if kind.inside
                               else "only 'if' takes it"),
    "else": lambda kind, key: (f"it belongs inside '{key}:'" if kind.inside
                               else "only 'if' takes it"),
    "reason": lambda kind, key: f"only {_taking('reason')} write a reason",
    "who": lambda kind, key: f"only {_taking('who')} reach party members",
}
"""What a side key beside a main key that does not take it says: where it belongs."""


def _counted(place: _Place, what: str) -> tuple[tuple[str, Expr], ...]:
    """Names and their numbers, each name a reference to a ``what`` (tracker, supply,
    condition) that must exist."""
    values = _assignments(place.doc, place.here, place.value)
    for name, expr in values:
        place.doc.references.append((place.here + (name,), what, name))
        place.doc.numeric.append((place.here + (name,), expr, f"{place.key} needs a number"))
    return values


def _outcome(place: _Place) -> Outcome:
    value = place.value
    if not isinstance(value, str) or not value.strip():
        raise place.doc.error(place.here, "expected an outcome name")
    if "{" in value or "}" in value:
        raise place.doc.error(place.here, "an outcome is a fixed name, not a template; to "
                              "name it from a value, choose between names with if/else")
    return Outcome(value, place.when)


def _branch(place: _Place) -> Branch:
    doc, path = place.doc, place.path
    return Branch(compile_at(doc, place.here, place.value),
                  parse_effects(doc, path + ("then",), place.raw.get("then")),
                  parse_effects(doc, path + ("else",), place.raw.get("else")), place.when)


def _roll(place: _Place) -> RollDice:
    doc, here = place.doc, place.here
    spec = _spec(doc, here, place.value, "roll", "dice")
    return RollDice(compile_template(doc, here + ("dice",), spec["dice"]),
                    compile_template(doc, here + ("label",), spec.get("label", "Roll")),
                    _optional(doc, here + ("plus",), spec.get("plus")),
                    _name(doc, here + ("as",), spec.get("as")), place.when)


def _check(place: _Place) -> Check:
    doc, here = place.doc, place.here
    spec = _spec(doc, here, place.value, "check", "dice")
    return Check(compile_template(doc, here + ("dice",), spec["dice"]),
                 compile_at(doc, here + ("success",), spec["success"]),
                 compile_template(doc, here + ("label",), spec.get("label", "Check")),
                 _optional(doc, here + ("plus",), spec.get("plus")),
                 parse_effects(doc, here + ("then",), spec.get("then")),
                 parse_effects(doc, here + ("else",), spec.get("else")), place.when)


def _room(doc: Document, path: tuple, value: Any, when: Expr | None) -> RoomChange:
    spec = _spec(doc, path, value, "room-effect", "status")  # room: +collapsed
    raw = spec.get("status", [])
    words = raw.split() if isinstance(raw, str) else raw
    if not isinstance(words, list) or not all(
            isinstance(word, str) and word.lstrip("+-").isalpha() for word in words):
        raise doc.error(path + ("status",), "expected status words: `cleared`, `+collapsed` "
                        "or `-locked`")
    if len({word[0] if word[0] in "+-" else "" for word in words}) > 1:
        raise doc.error(path + ("status",), "set the status, or add (+) or take away (-) "
                        "words, not both")
    numbers = {name: _optional(doc, path + (name,), spec.get(name)) for name in ("block", "reveal")}
    doc.numeric.extend((path + (name,), number, f"{name} needs a number")
                       for name, number in numbers.items() if number is not None)
    if not words and all(number is None for number in numbers.values()):
        raise doc.error(path, "expected `status:`, `block:` or `reveal:`")
    return RoomChange(tuple(word.lower() for word in words), numbers["block"], when,
                      numbers["reveal"])


def _do(doc: Document, path: tuple, value: Any, when: Expr | None) -> Do:
    if isinstance(value, str):
        value = {"routine": value}
    spec = _spec(doc, path, value, "do", "routine")
    if not isinstance(spec["routine"], str):
        raise doc.error(path + ("routine",), "expected the name of a routine")
    args = _assignments(doc, path + ("with",), spec["with"]) if "with" in spec else ()
    doc.references.append((path, "routine", spec["routine"]))
    doc.calls.append((path, spec["routine"], tuple(name for name, _ in args)))
    return Do(spec["routine"], when, args)


def _vitality(doc: Document, path: tuple, value: Any, sign: int, who: str,
              reason: Template | None, when: Expr | None) -> Vitality:
    spec = _spec(doc, path, value, "hp-effect", "amount")
    if ("amount" in spec) == ("dice" in spec):
        raise doc.error(path, "give either 'amount:' (an expression) or 'dice:' (rolled "
                        "for each member)")
    amount = _optional(doc, path + ("amount",), spec.get("amount"))
    if amount is not None:
        doc.numeric.append((path + ("amount",), amount, "harm and heal need a number"))
    dice = (compile_template(doc, path + ("dice",), spec["dice"]) if "dice" in spec
            else None)
    label = (compile_template(doc, path + ("label",), spec["label"]) if "label" in spec
             else None)
    return Vitality(sign, amount, dice, _optional(doc, path + ("plus",), spec.get("plus")),
                    label, who, reason, when)


def _ask(doc: Document, path: tuple, value: Any, when: Expr | None) -> Ask:
    spec = _spec(doc, path, value, "ask", "question")
    odds = spec.get("odds")
    if odds is not None:
        if not isinstance(odds, str):
            raise doc.error(path + ("odds",), "expected odds such as likely or 50/50")
        if "{" not in odds and " ".join(odds.lower().split()) not in COMMON_ODDS:
            raise doc.error(path + ("odds",), f"{odds!r} is not odds every oracle style "
                            f"knows; use one of {', '.join(COMMON_ODDS)}, or a {{…}} "
                            "expression that gives one")
    return Ask(compile_template(doc, path + ("question",), spec["question"]),
               None if odds is None else compile_template(doc, path + ("odds",), odds),
               parse_effects(doc, path + ("then",), spec.get("then")),
               parse_effects(doc, path + ("else",), spec.get("else")), when)


def _spec(doc: Document, path: tuple, value: Any, block: str, required: str) -> Mapping:
    """An effect's spec (``required``'s value alone stands for ``{required: value}``),
    its keys checked against the schema's ``block``."""
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        value = {required: value}
    if not isinstance(value, Mapping):
        raise doc.error(path, f"expected a mapping with {', '.join(sorted(keys_of(block)))}")
    check_keys(doc, path, value, block)
    return value


def _optional(doc: Document, path: tuple, value: Any) -> Expr | None:
    return None if value is None else compile_at(doc, path, value)


def _name(doc: Document, path: tuple, value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.isidentifier():
        raise doc.error(path, "expected a name made of letters, digits and _")
    return value


def _assignments(doc: Document, path: tuple, value: Any) -> tuple[tuple[str, Expr], ...]:
    if not isinstance(value, Mapping) or not value:
        raise doc.error(path, "expected a mapping of names to values, such as {tension: 1}")
    return tuple((_name(doc, path + (name,), name) or "", compile_at(doc, path + (name,), expr))
                 for name, expr in value.items())


def _table(doc: Document, path: tuple, value: Any, when: Expr | None) -> RollTable:
    spec = _spec(doc, path, value, "table-effect", "name")
    if not isinstance(spec["name"], str):
        raise doc.error(path + ("name",), "expected a table name")
    doc.references.append((path, "table", spec["name"]))
    outcome = spec.get("outcome", False)
    if not isinstance(outcome, bool):
        raise doc.error(path + ("outcome",), "expected true or false")
    return RollTable(spec["name"], _optional(doc, path + ("plus",), spec.get("plus")),
                     _name(doc, path + ("as",), spec.get("as")), outcome, when)


def _encounter(doc: Document, path: tuple, value: Any, when: Expr | None) -> Encounter:
    if value is True or value is None:
        value = {}
    if isinstance(value, str):
        value = {"table": value}
    if not isinstance(value, Mapping):
        raise doc.error(path, "expected true, a table name, or a mapping with table/sign/then")
    check_keys(doc, path, value, "encounter")
    sign = value.get("sign", False)
    if not isinstance(sign, bool):
        raise doc.error(path + ("sign",), "expected true or false")
    table = value.get("table")
    if table is not None and not isinstance(table, str):
        raise doc.error(path + ("table",), "expected a table name")
    if table is not None:
        doc.references.append((path + ("table",), "table", table))
    return Encounter(table, sign, parse_effects(doc, path + ("then",), value.get("then")), when,
                     parse_effects(doc, path + ("else",), value.get("else")))


def _light(doc: Document, path: tuple, value: Any, reason: Template | None,
           when: Expr | None) -> LightChange:
    spec = _spec(doc, path, value, "light-effect", "do")
    if spec["do"] not in LIGHT_OPERATIONS:
        raise doc.error(path + ("do",), f"expected one of {', '.join(LIGHT_OPERATIONS)}")
    if spec["do"] == "light":
        kinds_named = spec.get("kinds")
        if isinstance(kinds_named, list) and len(kinds_named) == 1:
            kinds_named = kinds_named[0]
        if not isinstance(kinds_named, str):
            raise doc.error(path + ("kinds",), "'do: light' needs the one kind to light, "
                            "such as kinds: torch")
        if "check" in spec:
            raise doc.error(path + ("check",), "'do: light' takes no check")
    kinds = spec.get("kinds")
    if kinds is not None:
        if isinstance(kinds, str):
            kinds = [kinds]
        if not isinstance(kinds, list) or not all(isinstance(kind, str) for kind in kinds):
            raise doc.error(path + ("kinds",), "expected a list of light kinds such as [torch]")
        kinds = tuple(kinds)
        for kind in kinds:
            doc.references.append((path + ("kinds",), "light", kind))
    count = spec.get("count", "all")
    if count == "all":
        count = None
    elif not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise doc.error(path + ("count",), "expected a whole number of sources, or all")
    check = None
    if "check" in spec:
        here = path + ("check",)
        raw = _spec(doc, here, spec["check"], "light-check", "dice")
        check = SourceCheck(compile_template(doc, here + ("dice",), raw["dice"]),
                            compile_at(doc, here + ("success",), raw["success"]),
                            compile_template(doc, here + ("label",),
                                             raw.get("label", "Check for the {source}")))
    how = spec.get("how", "")
    if how not in ("", "blown"):
        raise doc.error(path + ("how",), "expected blown (or leave it out: burnt out)")
    doused = spec.get("doused", False)
    if doused not in (True, False) or (doused and (spec["do"] != "out" or check)):
        raise doc.error(path + ("doused",), "expected true or false; true only with "
                        "'do: out' and no check")
    return LightChange(spec["do"], kinds, count, reason, when, check, how, doused)


def _plain(read: Callable[[Document, tuple, Any, Expr | None], Effect]
           ) -> Callable[[_Place], Effect]:
    """A reader that needs only the value, its place and the ``when:`` guard."""
    return lambda place: read(place.doc, place.here, place.value, place.when)


_REASON = frozenset({"reason"})
_MEMBERS = frozenset({"reason", "who"})
_KINDS: dict[str, _Kind] = {
    "adjust": _Kind(lambda place: Adjust(_counted(place, "tracker"), place.reason, place.when),
                    _REASON),
    "set": _Kind(lambda place: Assign(_assignments(place.doc, place.here, place.value),
                                      place.reason, place.when), _REASON),
    "let": _Kind(lambda place: Let(_assignments(place.doc, place.here, place.value),
                                   place.when)),
    "roll": _Kind(_roll),
    "check": _Kind(_check, inside=True),
    "table": _Kind(_plain(_table)),
    "encounter": _Kind(_plain(_encounter), inside=True),
    "light": _Kind(lambda place: _light(place.doc, place.here, place.value, place.reason,
                                        place.when), _REASON),
    "say": _Kind(lambda place: Say(compile_template(place.doc, place.here, place.value),
                                   place.when)),
    "if": _Kind(_branch, frozenset({"then", "else"})),
    "do": _Kind(_plain(_do)),
    "outcome": _Kind(_outcome),
    "ask": _Kind(_plain(_ask), inside=True),
    "supply": _Kind(lambda place: Supply(_counted(place, "supply"), place.reason, place.when),
                    _REASON),
    "harm": _Kind(lambda place: _vitality(place.doc, place.here, place.value, -1, place.who,
                                          place.reason, place.when), _MEMBERS),
    "heal": _Kind(lambda place: _vitality(place.doc, place.here, place.value, 1, place.who,
                                          place.reason, place.when), _MEMBERS),
    "condition": _Kind(lambda place: Condition(_counted(place, "condition"), place.who,
                                               place.reason, place.when), _MEMBERS),
    "members": _Kind(lambda place: Members(parse_effects(place.doc, place.here, place.value),
                                           place.who, place.when), frozenset({"who"})),
    "room": _Kind(_plain(_room)),
}
"""Every kind of effect by its main key, in the order the guide and the errors list them."""

EFFECT_KEYS = tuple(_KINDS)
