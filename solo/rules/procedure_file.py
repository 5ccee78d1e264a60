"""Read a procedure file (``kind: procedure``) into a checked :class:`Procedure`.

Each block is checked against the one description of the format (:mod:`solo.rules.schema`),
its expressions compiled, the whole cross-checked (:mod:`solo.rules.validate`) and its
routines spliced in (:mod:`solo.rules.inline`). docs/procedures.md is the guide.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from solo.defaults import MAX_VALUE
from solo.rules.between_file import parse_between
from solo.rules.effect_model import Effect
from solo.rules.effects import parse_effects
from solo.rules.expr import Expr
from solo.rules.file_expressions import compile_at, compile_template
from solo.rules.inline import inline_routines
from solo.rules.procedure import (
    DEFAULT_HP,
    LIGHT_LEVELS,
    MAP_VALUES,
    ROOM_MOVES,
    USAGE_DICE,
    Action,
    Arg,
    LightKind,
    PartyRules,
    Procedure,
    SupplyKind,
    Tracker,
    Walk,
)
from solo.rules.schema import check_keys, keys_of
from solo.rules.settings_file import parse_settings
from solo.rules.table_file import parse_table
from solo.rules.validate import validate_procedure
from solo.rules.yamlfile import Document, load_yaml_file

__all__ = ["parse_procedure", "load_procedure"]

_TOP_KEYS = keys_of("procedure")


def load_procedure(path: Path) -> Procedure:
    return parse_procedure(load_yaml_file(path))


def parse_procedure(doc: Document) -> Procedure:
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "procedure":
        raise doc.error(("kind",), "expected 'kind: procedure' at the top of a procedure file")
    check_keys(doc, (), data, "procedure")
    ident = _text(doc, ("id",), data.get("id"))
    clock = data.get("clock", {}) or {}
    if not isinstance(clock, Mapping):
        raise doc.error(("clock",), "expected a mapping with unit and minutes")
    check_keys(doc, ("clock",), clock, "clock")
    minutes = clock.get("minutes", 10)
    if minutes is not None and (not isinstance(minutes, int) or minutes < 0):
        raise doc.error(("clock", "minutes"), "expected whole minutes per turn, or null")
    trackers = {name: _tracker(doc, ("trackers", name), name, raw)
                for name, raw in _mapping(doc, ("trackers",), data.get("trackers")).items()}
    settings, setting_values = parse_settings(doc, _mapping(doc, ("settings",),
                                                            data.get("settings")))
    supplies = {str(name): _supply(doc, ("supplies", name), str(name), raw)
                for name, raw in _mapping(doc, ("supplies",), data.get("supplies")).items()}
    party = _party(doc, data.get("party"))
    for name, tracker in trackers.items():
        if tracker.most and name not in party.conditions:
            raise doc.error(("trackers", name, "party"), f"'party: most' follows the "
                            f"members' own {name}: list it under 'party: conditions:'")
    lights = {name: _light(doc, ("lights", name), name, raw, supplies)
              for name, raw in _mapping(doc, ("lights",), data.get("lights")).items()}
    tables = {name: parse_table(doc, ("tables", name), str(name), raw, parse_effects)
              for name, raw in _mapping(doc, ("tables",), data.get("tables")).items()}
    routines: dict[str, tuple[Effect, ...]] = {}
    params: dict[str, tuple[tuple[str, Any], ...]] = {}
    for name, raw in _mapping(doc, ("routines",), data.get("routines")).items():
        routines[name], params[name] = _routine(doc, ("routines", name), raw)
    actions = {str(name).lower(): _action(doc, ("actions", name), str(name).lower(), raw)
               for name, raw in _mapping(doc, ("actions",), data.get("actions")).items()}
    if not actions:
        raise doc.error(("actions",), "a procedure needs at least one action")
    danger = data.get("danger")
    if danger is not None and (not isinstance(danger, str) or danger not in trackers):
        raise doc.error(("danger",), "expected the name of one of the trackers")
    encounters = data.get("encounters")
    if encounters is not None and not isinstance(encounters, str):
        raise doc.error(("encounters",), "expected the name of the encounter table")
    steps = data.get("steps", []) or []
    if not isinstance(steps, list) or not all(isinstance(step, str) for step in steps):
        raise doc.error(("steps",), "expected a list of sentences")
    procedure = Procedure(
        id=ident, name=_text(doc, ("name",), data.get("name")), file=doc.file,
        clock_unit=str(clock.get("unit", "turn")), minutes=minutes, danger=danger,
        trackers=trackers, settings=settings, setting_values=setting_values,
        lights=lights, tables=tables,
        encounters=encounters, routines=routines, params=params, supplies=supplies,
        party=party, actions=actions,
        on_action=parse_effects(doc, ("on_action",), data.get("on_action")),
        each_turn=parse_effects(doc, ("each_turn",), data.get("each_turn")),
        steps=tuple(steps), simulate=str(data.get("simulate") or next(iter(actions))),
        enter=_enter(doc, data.get("enter"), actions),
        walk=_walk(doc, data.get("walk"), actions),
        between=parse_between(doc, data.get("between"), actions, supplies),
        summary=str(data.get("summary", "")), source=str(data.get("source", "")),
        prompt=compile_template(doc, ("prompt",), data["prompt"]) if "prompt" in data else None,
    )
    validate_procedure(doc, procedure)
    return inline_routines(procedure)


def _text(doc: Document, path: tuple, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise doc.error(path, "expected text")
    return value


def _mapping(doc: Document, path: tuple, value: Any) -> Mapping:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise doc.error(path, "expected a mapping")
    return value


def _int(doc: Document, path: tuple, value: Any, allow_none: bool = True) -> int | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise doc.error(path, "expected a whole number")
    if abs(value) > MAX_VALUE:
        raise doc.error(path, f"out of range (the limit is {MAX_VALUE:,})")
    return value


def _routine(doc: Document, path: tuple, raw: Any
             ) -> tuple[tuple[Effect, ...], tuple[tuple[str, Any], ...]]:
    """A routine: a list of effects, or ``{params: {name: default}, effects: [...]}``."""
    if not isinstance(raw, Mapping) or "params" not in raw:
        return parse_effects(doc, path, raw), ()
    check_keys(doc, path, raw, "routine")
    params = []
    for name, default in _mapping(doc, path + ("params",), raw["params"]).items():
        if not isinstance(name, str) or not name.isidentifier():
            raise doc.error(path + ("params", name), "expected a parameter name")
        if default is not None and not isinstance(default, (int, str, bool)):
            raise doc.error(path + ("params", name),
                            "expected a default number, word or true/false, or null")
        params.append((name, default))
    return parse_effects(doc, path + ("effects",), raw.get("effects")), tuple(params)


def _supply(doc: Document, path: tuple, name: str, raw: Any) -> SupplyKind:
    if not name.isidentifier():
        raise doc.error(path, "expected a supply name made of letters, digits and _")
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = {"start": raw}
    raw = _mapping(doc, path, raw)
    check_keys(doc, path, raw, "supply")
    start = _int(doc, path + ("start",), raw.get("start", 0))
    if start is not None and not 0 <= start <= 1_000_000:
        raise doc.error(path + ("start",), "expected a count from 0 to 1000000")
    return SupplyKind(name, str(raw.get("label", name.replace("_", " ").capitalize())), start,
                      str(raw.get("reading", "")))


def _party(doc: Document, raw: Any) -> PartyRules:
    if raw is None:
        return PartyRules()
    raw = _mapping(doc, ("party",), raw)
    check_keys(doc, ("party",), raw, "party")
    hp = _int(doc, ("party", "hp"), raw.get("hp", DEFAULT_HP), allow_none=False) or 0
    if not 1 <= hp <= 1_000_000:
        raise doc.error(("party", "hp"), "expected hit points from 1 to 1000000")
    conditions = {}
    for name, spec in _mapping(doc, ("party", "conditions"), raw.get("conditions")).items():
        name = str(name)
        if not name.isidentifier() or name == "hp":
            raise doc.error(("party", "conditions", name), "expected a condition name made "
                            "of letters, digits and _ (not hp)")
        conditions[name] = _tracker(doc, ("party", "conditions", name), name, spec)
    return PartyRules(hp, conditions,
                      parse_effects(doc, ("party", "down"), raw.get("down")))


def _tracker(doc: Document, path: tuple, name: str, raw: Any) -> Tracker:
    raw = _mapping(doc, path, raw)
    check_keys(doc, path, raw, "tracker")
    minimum = _int(doc, path + ("min",), raw.get("min"))
    maximum = _int(doc, path + ("max",), raw.get("max"))
    start = _int(doc, path + ("start",), raw.get("start", minimum or 0), allow_none=False)
    if minimum is not None and maximum is not None and minimum > maximum:
        raise doc.error(path + ("max",), "max must not be below min")
    shown, quiet = raw.get("shown", True), raw.get("quiet", False)
    if not isinstance(quiet, bool):
        raise doc.error(path + ("quiet",), "expected true or false")
    if quiet and path[0] != "party":
        raise doc.error(path + ("quiet",), "quiet is for a party condition; a tracker "
                        "the journal never shows is 'shown: false'")
    if raw.get("joins", "party") not in ("party", "start") or ("joins" in raw
                                                              and path[0] != "party"):
        raise doc.error(path + ("joins",), "expected 'party' or 'start', on a party "
                        "condition: what the first member named starts with")
    if raw.get("party", "most") != "most" or ("party" in raw and path[0] == "party"):
        raise doc.error(path + ("party",), "expected 'most', on a tracker: it follows the "
                        "most of the members' own counts of the condition of its name")
    tracker = Tracker(name=str(name), label=str(raw.get("label", name)), start=start or 0,
                      minimum=minimum, maximum=maximum,
                      notation=str(raw.get("notation", "Track")),
                      shown=shown is not False, reading=str(raw.get("reading", "")),
                      levels=_levels(doc, path + ("levels",), raw.get("levels")),
                      shown_when=compile_at(doc, path + ("shown",), shown)
                      if isinstance(shown, str) else None, quiet=quiet,
                      most="party" in raw, joins_fresh=raw.get("joins") == "start")
    if tracker.clamp(tracker.start) != tracker.start:
        raise doc.error(path + ("start",), "start must lie between min and max")
    return tracker


def _levels(doc: Document, path: tuple, raw: Any) -> tuple[tuple[str, int], ...]:
    """``{calm: 0, wary: 4, roused: 7}``: each level from its lowest value up."""
    levels = []
    for name, low in _mapping(doc, path, raw).items():
        if not isinstance(name, str) or not name.strip():
            raise doc.error(path + (name,), "expected a level name")
        levels.append((name, _int(doc, path + (name,), low, allow_none=False) or 0))
    ordered = sorted(levels, key=lambda level: level[1])
    if len({low for _, low in levels}) != len(levels):
        raise doc.error(path, "two levels start at the same value")
    return tuple(ordered)


def _light(doc: Document, path: tuple, name: str, raw: Any,
           supplies: Mapping[str, SupplyKind]) -> LightKind:
    raw = _mapping(doc, path, raw)
    check_keys(doc, path, raw, "light")
    for key in ("uses", "refill"):
        if key in raw and (not isinstance(raw[key], str) or raw[key] not in supplies):
            raise doc.error(path + (key,), f"no supply named {raw[key]!r}; list it under "
                            "'supplies:'")
    die = raw.get("die")
    if die is not None:
        if not isinstance(die, str) or die.lower() not in USAGE_DICE:
            raise doc.error(path + ("die",), f"expected a usage die: {', '.join(USAGE_DICE)}")
        die = die.lower()
    turns: int | Expr | None
    if isinstance(raw.get("turns"), str):  # read when a fresh one is lit: "lasts * 6"
        turns = compile_at(doc, path + ("turns",), raw["turns"])
        doc.numeric.append((path + ("turns",), turns, "a light's turns need a number"))
    else:
        turns = _int(doc, path + ("turns",), raw.get("turns"))
        if turns is not None and turns < 1:
            raise doc.error(path + ("turns",), "expected at least 1 turn, null for no limit, "
                            "or an expression")
    level = raw.get("level", "bright")
    if level not in LIGHT_LEVELS:
        raise doc.error(path + ("level",), "expected bright or dim")
    return LightKind(str(name), str(raw.get("label", str(name).capitalize())), turns, level,
                     str(raw.get("reading", "")), die, raw.get("uses"), raw.get("refill"))


def _enter(doc: Document, raw: Any, actions: Mapping[str, Action]) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, str) or raw not in actions:
        raise doc.error(("enter",), "expected the name of one of the actions")
    if "enter" in actions:
        raise doc.error(("enter",), "the procedure has its own action 'enter' already")
    return raw


def _walk(doc: Document, raw: Any, actions: Mapping[str, Action]) -> Walk | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise doc.error(("walk",), "expected a mapping")
    check_keys(doc, ("walk",), raw, "walk")
    play = raw.get("play")
    words = play.split() if isinstance(play, str) else []
    if not words or not any(words[0].lower() in (name, *action.aliases)
                            for name, action in actions.items()):
        raise doc.error(("walk", "play"), "expected a command line whose first word is one "
                        "of the actions")
    rooms = raw.get("rooms", 1)
    if type(rooms) is not int or rooms < 0:
        raise doc.error(("walk", "rooms"), "expected a whole number, 0 or more")
    return Walk(" ".join(words), rooms, str(raw.get("reading", "") or ""))


def _choice(doc: Document, path: tuple, raw: Any, allowed: tuple[str, ...]) -> str | None:
    if raw is None:
        return None
    if raw not in allowed:
        raise doc.error(path, f"expected one of: {', '.join(allowed)}")
    return str(raw)


def _arg(doc: Document, path: tuple, raw: Any) -> Arg:
    raw = _mapping(doc, path, raw)
    check_keys(doc, path, raw, "arg")
    name = raw.get("name")
    if not isinstance(name, str) or not name.isidentifier():
        raise doc.error(path + ("name",), "expected an argument name")
    choices_raw = raw.get("choices")
    if choices_raw is not None:
        if isinstance(choices_raw, list):
            choices_raw = {str(choice): {} for choice in choices_raw}
        choices_raw = _mapping(doc, path + ("choices",), choices_raw)
        choices = tuple((str(choice).lower(),
                         tuple(_mapping(doc, path + ("choices", choice), sets or {}).items()))
                        for choice, sets in choices_raw.items())
        default = raw.get("default")
        if default is not None and str(default).lower() not in dict(choices):
            raise doc.error(path + ("default",), "the default must be one of the choices")
        return Arg(name, "choice", None if default is None else str(default).lower(),
                   choices=choices, help=str(raw.get("help", "")))
    return Arg(name, "int", _int(doc, path + ("default",), raw.get("default")),
               _int(doc, path + ("min",), raw.get("min")),
               _int(doc, path + ("max",), raw.get("max")), help=str(raw.get("help", "")),
               map=_choice(doc, path + ("map",), raw.get("map"), MAP_VALUES))


def _action(doc: Document, path: tuple, name: str, raw: Any) -> Action:
    raw = _mapping(doc, path, raw)
    check_keys(doc, path, raw, "action")
    args_raw = raw.get("args", []) or []
    if not isinstance(args_raw, list):
        raise doc.error(path + ("args",), "expected a list of arguments")
    aliases = raw.get("aliases", []) or []
    if not isinstance(aliases, list):
        raise doc.error(path + ("aliases",), "expected a list of other names")
    return Action(
        name=name, help=str(raw.get("help", "")), group=str(raw.get("group", "procedure")),
        time=compile_at(doc, path + ("time",), raw["time"]) if "time" in raw else None,
        args=tuple(_arg(doc, path + ("args", index), item) for index, item in enumerate(args_raw)),
        effects=parse_effects(doc, path + ("effects",), raw.get("effects")),
        resting=bool(raw.get("resting", False)),
        allowed=compile_at(doc, path + ("allowed",), raw["allowed"]) if "allowed" in raw else None,
        refusal=compile_template(doc, path + ("refusal",), raw["refusal"])
        if "refusal" in raw else None, aliases=tuple(str(alias).lower() for alias in aliases),
        room=_choice(doc, path + ("room",), raw.get("room"), ROOM_MOVES),
    )
