"""The pure engine: (world, state, command, rng) -> (new state, events).

No I/O, no prompts, no clock. Every random number comes from the ``rng``
passed in, so the same seed and the same commands always give the same result.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from solo import dice, oracle
from solo.errors import UsageError
from solo.events import Acted, Answered, Event, LightChanged, Rolled, Said, Struck, TrackerChanged
from solo.expr import ExprError
from solo.interpreter import Run, describe_light
from solo.rules import Action, Arg, Procedure
from solo.state import Light, State
from solo.tables import Table

__all__ = ["World", "Result", "start", "perform", "unknown_name_error", "parse_arguments",
           "ENGINE_COMMANDS", "danger_value", "effective_chaos"]

ENGINE_COMMANDS = ("light", "douse", "strike", "set", "roll", "table", "ask", "chaos", "oracle")


@dataclass(frozen=True)
class World:
    """The rules in force: a procedure, the tables it can roll, and the oracle styles."""

    procedure: Procedure
    tables: Mapping[str, Table] = field(default_factory=dict)
    styles: Mapping[str, oracle.OracleStyle] = field(default_factory=dict)

    def table(self, name: str) -> Table | None:
        return self.tables.get(name) or self.procedure.tables.get(name)

    def table_names(self) -> list[str]:
        return sorted(set(self.tables) | set(self.procedure.tables))


@dataclass(frozen=True)
class Result:
    state: State
    events: tuple[Event, ...]
    outcomes: tuple[str, ...] = ()


def start(world: World, oracle_style: str = "mythic") -> State:
    """The state before the first command."""
    procedure = world.procedure
    values: dict = {name: tracker.start for name, tracker in procedure.trackers.items()}
    values.update(procedure.settings)
    values.setdefault("chaos", 5)
    values.setdefault("oracle", oracle_style)
    return State(values=values)


def danger_value(world: World, state: State) -> tuple[str, int, int | None] | None:
    """The danger tracker's label, value and maximum (Tension or Alarm), if there is one."""
    name = world.procedure.danger
    if not name:
        return None
    tracker = world.procedure.trackers[name]
    return tracker.label, int(state.values[name]), tracker.maximum


def effective_chaos(world: World, state: State) -> int:
    chaos = state.values.get("chaos", 5)
    if chaos == "follow":
        danger = danger_value(world, state)
        if danger is None:
            return 5
        _, value, maximum = danger
        return oracle.chaos_from_danger(value, maximum or 10)
    return int(chaos)


def perform(world: World, state: State, line: str, rng: random.Random) -> Result:
    """Carry out one command line. Raises UsageError (nothing changes) if it is not valid."""
    words = line.split()
    if not words:
        raise UsageError("empty command")
    name, rest = words[0].lower(), words[1:]
    action = world.procedure.action_named(name)
    if action is not None:
        try:
            return _perform_action(world, state, action, rest, line, rng)
        except KeyError as missing:  # a name the procedure reads before giving it a value
            raise unknown_name_error(world, missing) from None
    handler = _BUILTINS.get(name)
    if handler is None:
        raise UsageError(f"unknown command {name!r}; type 'help' for the list")
    run = Run(world.procedure, world.tables, state, rng)
    run.events.append(Acted(line.strip()))
    try:
        handler(world, run, line.strip()[len(words[0]):].strip())
    except KeyError as missing:
        raise unknown_name_error(world, missing) from None
    return Result(run.finish(), tuple(run.events))


def unknown_name_error(world: World, missing: KeyError) -> ExprError:
    return ExprError(f"{world.procedure.id}: unknown name {missing.args[0]!r} in an "
                     "expression; give it a value first (a tracker or a setting)")


def _perform_action(world: World, state: State, action: Action, words: list[str], line: str,
                    rng: random.Random) -> Result:
    run = Run(world.procedure, world.tables, state, rng, action)
    run.act(action, parse_arguments(action, words), line.strip())
    return Result(run.finish(), tuple(run.events), tuple(run.outcomes))


def _describe_arg(arg: Arg) -> str:
    if arg.kind == "choice":
        return f"{arg.name} ({'/'.join(arg.choice_names)})"
    return f"{arg.name} (a whole number)"


def parse_arguments(action: Action, words: list[str]) -> dict:
    """Match words to an action's arguments: ``name=value``, a choice word, or a number."""
    values: dict = {}
    if not words and all(arg.default is not None for arg in action.args):
        return _with_choice_values(action, {arg.name: arg.default for arg in action.args})
    usage = f"usage: {action.name} " + " ".join(f"[{_describe_arg(arg)}]" for arg in action.args)
    for word in words:
        key, eq, text = word.partition("=")
        if eq:
            arg = next((arg for arg in action.args if arg.name == key.lower()), None)
            if arg is None:
                raise UsageError(f"{action.name} has no argument {key!r}; {usage}")
        else:
            text = word
            arg = next((a for a in action.args if a.kind == "choice" and a.name not in values
                        and text.lower() in a.choice_names), None)
            if arg is None:
                arg = next((a for a in action.args if a.kind == "int" and a.name not in values),
                           None)
            if arg is None:
                raise UsageError(f"{action.name} does not understand {word!r}; {usage}")
        values[arg.name] = _convert(action, arg, text, usage)
    for arg in action.args:
        if arg.name not in values:
            if arg.default is None:
                raise UsageError(f"{action.name} needs {_describe_arg(arg)}; {usage}")
            values[arg.name] = arg.default
    return _with_choice_values(action, values)


def _with_choice_values(action: Action, values: dict) -> dict:
    """Add the values each chosen choice sets (``pace: run`` may set ``distance``)."""
    result = dict(values)
    for arg in action.args:
        if arg.kind == "choice":
            result.update(dict(arg.choices)[values[arg.name]])
    return result


def _convert(action: Action, arg: Arg, text: str, usage: str):
    if arg.kind == "choice":
        if text.lower() not in arg.choice_names:
            raise UsageError(f"{arg.name} must be one of {', '.join(arg.choice_names)}; {usage}")
        return text.lower()
    try:
        number = int(text)
    except ValueError:
        raise UsageError(f"{arg.name} must be a whole number, not {text!r}; {usage}") from None
    if arg.minimum is not None and number < arg.minimum:
        raise UsageError(f"{arg.name} must be at least {arg.minimum}; {usage}")
    if arg.maximum is not None and number > arg.maximum:
        raise UsageError(f"{arg.name} must be at most {arg.maximum}; {usage}")
    return number


# -- built-in commands, beside the procedure's own actions ---------------------------

def _light(world: World, run: Run, text: str) -> None:
    kind = _light_kind(world, text)
    lit = Light(kind, world.procedure.lights[kind].turns)
    run.lights.append(lit)
    run.events.append(LightChanged(kind, world.procedure.lights[kind].label, "unlit",
                                   describe_light(lit), "lit by the party"))


def _douse(world: World, run: Run, text: str) -> None:
    kind = _light_kind(world, text)
    for index, light in enumerate(run.lights):
        if light.kind == kind:
            del run.lights[index]
            run.events.append(LightChanged(kind, world.procedure.lights[kind].label,
                                           describe_light(light), "out", "doused by the party"))
            return
    raise UsageError(f"no {kind} is burning; 'lights' shows what is lit")


def _light_kind(world: World, text: str) -> str:
    kinds = world.procedure.lights
    word = text.strip().lower()
    if word not in kinds:
        choices = ", ".join(kinds) or "none in this procedure"
        raise UsageError(f"name a light source: {choices}")
    return word


def _strike(world: World, run: Run, text: str) -> None:
    words = text.split()
    if not words:
        if run.last_encounter is None:
            raise UsageError("no encounter to strike yet; use: strike TABLE ENTRY")
        name, index = run.last_encounter
    else:
        name = words[0]
        table = world.table(name)
        if table is None:
            raise UsageError(f"no table named {name!r}; 'tables' lists them")
        if len(words) < 2:
            raise UsageError("usage: strike [TABLE ENTRY], where ENTRY is its id or a roll")
        found = table.find(" ".join(words[1:]))
        if found is None:
            raise UsageError(f"no entry {' '.join(words[1:])!r} in {name}")
        index = found
    table = run.table(name)
    already = run.struck.get(name, ())
    if index not in already:
        run.struck[name] = tuple(sorted((*already, index)))
    run.events.append(Struck(name, table.entries[index].text))


def _set(world: World, run: Run, text: str) -> None:
    words = text.split()
    if len(words) != 2:
        raise UsageError("usage: set NAME VALUE (a tracker takes +N or -N too)")
    name, value = words[0].lower(), words[1]
    procedure = world.procedure
    if name in procedure.trackers:
        try:
            number = int(value)
        except ValueError:
            raise UsageError(f"{name} takes a whole number, not {value!r}") from None
        current = run.values[name]
        run.change_tracker(name, current + number if value[0] in "+-" else number,
                           "set by the player")
        return
    if name not in procedure.settings:
        known = ", ".join([*procedure.trackers, *procedure.settings]) or "none"
        raise UsageError(f"nothing named {name!r} to set; choose one of: {known}")
    default = procedure.settings[name]
    if isinstance(default, bool):
        if value.lower() not in ("true", "false", "yes", "no", "on", "off"):
            raise UsageError(f"{name} takes true or false")
        converted: object = value.lower() in ("true", "yes", "on")
    elif isinstance(default, int):
        try:
            converted = int(value)
        except ValueError:
            raise UsageError(f"{name} takes a whole number, not {value!r}") from None
    else:
        converted = value
    run.store(name, converted)
    run.events.append(Said(f"{name} is now {converted}"))


def _roll(world: World, run: Run, text: str) -> None:
    if not text:
        raise UsageError("usage: roll EXPR [why], for example: roll 2d6 reaction")
    expression, _, why = text.partition(" ")
    result = dice.roll(expression, run.rng)
    run.events.append(Rolled(why.strip() or "Roll", result))


def _table(world: World, run: Run, text: str) -> None:
    name = text.strip()
    if not name:
        raise UsageError("usage: table NAME; 'tables' lists them")
    if world.table(name) is None:
        raise UsageError(f"no table named {name!r}; choose one of: "
                         f"{', '.join(world.table_names())}")
    run.roll_table(name)


def _ask(world: World, run: Run, text: str) -> None:
    if not text:
        raise UsageError("usage: ask QUESTION? [ODDS], for example: ask Is it locked? likely")
    style_name = str(run.values.get("oracle", "mythic"))
    first, _, rest = text.partition(" ")
    if first.endswith(":") and first[:-1].lower() in world.styles:
        style_name, text = first[:-1].lower(), rest
    question, odds = oracle.split_question(text)
    style = oracle.get_style(world.styles, style_name)
    state = run.finish()
    answer = oracle.ask(style, run.rng, odds, effective_chaos(world, state), world.tables)
    run.events.append(Answered(question, style.name, answer.odds, answer.summary(),
                               answer.text, answer.event))


def _chaos(world: World, run: Run, text: str) -> None:
    word = text.strip().lower()
    if word == "follow":
        if world.procedure.danger is None:
            raise UsageError("this procedure has no danger tracker for chaos to follow")
        run.store("chaos", "follow")
        run.events.append(Said(f"Chaos now follows {world.procedure.danger}"))
        return
    try:
        chaos = int(word)
    except ValueError:
        raise UsageError("usage: chaos N (1-9) or chaos follow") from None
    if not 1 <= chaos <= 9:
        raise UsageError("chaos must be from 1 to 9")
    before = run.values.get("chaos", 5)
    run.store("chaos", chaos)
    run.events.append(TrackerChanged("chaos", "Chaos", before if isinstance(before, int) else 5,
                                     chaos, "set by the player", "Track", 9))


def _oracle(world: World, run: Run, text: str) -> None:
    style = oracle.get_style(world.styles, text.strip().lower() or None)
    run.store("oracle", style.name)
    run.events.append(Said(f"The oracle style is now {style.name}"))


_BUILTINS = {"light": _light, "douse": _douse, "strike": _strike, "set": _set, "roll": _roll,
             "table": _table, "ask": _ask, "chaos": _chaos, "oracle": _oracle}
