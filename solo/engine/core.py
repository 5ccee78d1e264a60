"""The pure engine: (world, state, command, rng) -> (new state, events).

No I/O, no prompts, no clock. Every random number comes from the ``rng``
passed in, so the same seed and the same commands always give the same result.
"""

from __future__ import annotations

import difflib
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from solo import defaults
from solo.engine import oracle
from solo.engine.compiled import Program
from solo.engine.events import Acted, Event, PartyChanged, Rolled, Said, Struck, TrackerChanged
from solo.engine.interpreter import MAX_LIT, Run, light_level
from solo.engine.state import MAX_MEMBERS, MAX_VALUE, Light, Member, State, member_index
from solo.errors import UsageError
from solo.rules import dice, oracle_styles
from solo.rules.effects import Template
from solo.rules.expr import ExprError
from solo.rules.procedure import USAGE_DICE, Action, Arg
from solo.rules.world import World

__all__ = ["Result", "start", "perform", "unknown_name_error", "parse_arguments",
           "ENGINE_COMMANDS", "danger_value", "effective_chaos", "level_of", "render",
           "whole_number", "MAX_DIGITS", "light_of", "procedure_error", "reconcile", "Game",
           "check_member_name", "supply_named", "split_member", "new_members",
           "member_settings"]

MAX_DIGITS = 16
"""The most digits a number typed at the prompt may have (past that: a one-line refusal)."""


@dataclass(frozen=True)
class Result:
    state: State
    events: tuple[Event, ...]
    outcomes: tuple[str, ...] = ()


def start(world: World, oracle_style: str = defaults.ORACLE_STYLE,
          party: tuple[str, ...] | list[str] = ()) -> State:
    """The state before the first command, with the members named in ``party`` (each at
    the procedure's hit points); raises UsageError for a name that cannot be one."""
    procedure = world.procedure
    values: dict = {name: tracker.start for name, tracker in procedure.trackers.items()}
    values.update(procedure.settings)
    values.setdefault("chaos", defaults.CHAOS)
    values.setdefault("oracle", oracle_style)
    supplies = {name: supply.start for name, supply in procedure.supplies.items()
                if supply.start is not None}
    return State(values=values, supplies=supplies, party=new_members(world, party))


def new_members(world: World, names: tuple[str, ...] | list[str]) -> tuple[Member, ...]:
    """Members called ``names``, each at the procedure's hit points; raises UsageError for
    a name that cannot be one, a name given twice, or too many."""
    hp = world.procedure.party.hp
    members: list[Member] = []
    for name in names:
        check_member_name(name)
        if member_index(members, name) is not None:
            raise UsageError(f"{name} is named twice in the party")
        members.append(Member(name, hp, hp))
    if len(members) > MAX_MEMBERS:
        raise UsageError(f"a party has at most {MAX_MEMBERS} members")
    return tuple(members)


def danger_value(world: World, state: State) -> tuple[str, int, int | None] | None:
    """The danger tracker's label, value and maximum (Tension or Alarm), if there is one."""
    name = world.procedure.danger
    if not name:
        return None
    tracker = world.procedure.trackers[name]
    return tracker.label, int(state.values[name]), tracker.maximum


def effective_chaos(world: World, state: State) -> int:
    """The oracle's chaos factor now (the danger tracker's, when chaos follows it)."""
    return _run(world, state).chaos()


def level_of(world: World, state: State, tracker: str) -> str | None:
    """The named level a tracker stands at (``Wary``), or None if it has no levels."""
    found = world.procedure.trackers.get(tracker)
    value = state.values.get(tracker)
    if found is None or not found.levels or not isinstance(value, int):
        return None
    return found.level(value)


def light_of(world: World, state: State) -> str:
    """The light the party has: 'bright', 'dim' or 'dark'."""
    return light_level(world.procedure, state.lights)


def render(world: World, state: State, template: Template) -> str:
    """Fill a procedure's text template (its prompt, say) from ``state``; raises SoloError
    or KeyError if it names something unknown."""
    return template.render(_run(world, state).scope)


def _run(world: World, state: State, action: Action | None = None,
         rng: random.Random | None = None) -> Run:
    return Run(world.procedure, world.tables, state, rng or random.Random(0), action,
               world.styles)


def whole_number(name: str, text: str) -> int:
    """A whole number typed by the player, refused (one line) if it is not one or too long."""
    digits = text.lstrip("+-")
    if len(digits) > MAX_DIGITS:
        raise UsageError(f"{name} takes a whole number of at most {MAX_DIGITS} digits")
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"{name} takes a whole number, not {_quote(text)}") from None


def perform(world: World, state: State, line: str, rng: random.Random,
            actor: str | None = None) -> Result:
    """Carry out one command line, for member ``actor`` if given (``Wren: search``).
    Raises UsageError (nothing changes) if it is not valid."""
    words = line.split()
    if not words:
        raise UsageError("empty command")
    if actor is not None:
        found = state.member(actor)
        if found is None:
            raise UsageError(f"no one called {_quote(actor)} in the party; 'party' lists it")
        actor = found.name
    name, rest = words[0].lower(), words[1:]
    action = world.procedure.action_named(name)
    try:
        if action is not None:
            return _perform_action(world, state, action, rest, line, rng, actor)
        handler = _BUILTINS.get(name)
        if handler is None:
            raise UsageError(f"unknown command {_quote(name)}; type 'help' for the list")
        run = _run(world, state, rng=rng)
        run.act_as(actor)
        run.events.append(Acted(line.strip(), actor))
        handler(world, run, line.strip()[len(words[0]):].strip())
        return Result(run.finish(), tuple(run.events))
    except Exception as error:
        raise procedure_error(world, error) from None


def procedure_error(world: World, error: Exception) -> Exception:
    """The one-line error for what went wrong inside a procedure's effects: an unknown
    name, a word where a number belongs, nesting past Python's stack. Others pass."""
    if isinstance(error, KeyError):  # a name the procedure reads before giving it a value
        return unknown_name_error(world, error)
    if isinstance(error, (TypeError, ArithmeticError)):
        return ExprError(f"{world.procedure.id}: an expression cannot be worked out "
                         f"({_reason(error)}); 'solo check' the procedure file")
    if isinstance(error, RecursionError):
        return ExprError(f"{world.procedure.id}: the procedure nests too deeply")
    return error


def _reason(error: Exception) -> str:
    text = str(error)
    if "'str' and 'int'" in text or "'int' and 'str'" in text:
        return "it mixes a number and a word"
    return text[:80]


def _quote(text: str) -> str:
    """``text`` quoted for a one-line message, cut short if it is long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def unknown_name_error(world: World, missing: KeyError) -> ExprError:
    return ExprError(f"{world.procedure.id}: unknown name {missing.args[0]!r} in an "
                     "expression; give it a value first (a tracker or a setting)")


def _perform_action(world: World, state: State, action: Action, words: list[str], line: str,
                    rng: random.Random, actor: str | None = None) -> Result:
    run = _run(world, state, action, rng)
    run.act_as(actor)
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
                raise UsageError(f"{action.name} has no argument {_quote(key)}; {usage}")
        else:
            text = word
            arg = next((a for a in action.args if a.kind == "choice" and a.name not in values
                        and text.lower() in a.choice_names), None)
            if arg is None:
                arg = next((a for a in action.args if a.kind == "int" and a.name not in values),
                           None)
            if arg is None:
                raise UsageError(f"{action.name} does not understand {_quote(word)}; {usage}")
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
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise UsageError(f"{arg.name} takes at most {MAX_DIGITS} digits; {usage}")
    try:
        number = int(text)
    except ValueError:
        raise UsageError(f"{arg.name} must be a whole number, not {_quote(text)}; "
                         f"{usage}") from None
    if arg.minimum is not None and number < arg.minimum:
        raise UsageError(f"{arg.name} must be at least {arg.minimum}; {usage}")
    if arg.maximum is not None and number > arg.maximum:
        raise UsageError(f"{arg.name} must be at most {arg.maximum}; {usage}")
    return number


# -- built-in commands, beside the procedure's own actions ---------------------------

def _light(world: World, run: Run, text: str) -> None:
    run.light_source(_light_kind(world, text), "lit by the party", by_player=True)


def _douse(world: World, run: Run, text: str) -> None:
    kind = _light_kind(world, text)
    if not run.douse_source(kind, "doused by the party"):
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
            raise UsageError(f"no table named {_quote(name)}; 'tables' lists them")
        if len(words) < 2:
            raise UsageError("usage: strike [TABLE ENTRY], where ENTRY is its id or a roll")
        if any(len(word) > MAX_DIGITS for word in words[1:]):
            raise UsageError(f"no entry that long in {name}")
        found = table.find(" ".join(words[1:]))
        if found is None:
            raise UsageError(f"no entry {_quote(' '.join(words[1:]))} in {name}")
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
        number = whole_number(name, value)
        current = run.values[name]
        wanted = procedure.trackers[name].clamp(current + number if value[0] in "+-"
                                                else number)
        if abs(wanted) > MAX_VALUE:
            raise UsageError(f"{name} cannot go past {MAX_VALUE:,}")
        run.change_tracker(name, wanted, "set by the player")
        return
    if name in procedure.supplies:
        _count_supply(run, name, value, "set by the player")
        return
    if name not in procedure.settings:
        known = ", ".join([*procedure.trackers, *procedure.supplies, *procedure.settings]
                          ) or "none"
        raise UsageError(f"nothing named {_quote(name)} to set; choose one of: {known}")
    default = procedure.settings[name]
    if isinstance(default, bool):
        if value.lower() not in ("true", "false", "yes", "no", "on", "off"):
            raise UsageError(f"{name} takes true or false")
        converted: object = value.lower() in ("true", "yes", "on")
    elif isinstance(default, int):
        converted = whole_number(name, value)
    else:
        if len(value) > 200:
            raise UsageError(f"{name} takes a word of at most 200 characters")
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
        names = list(world.table_names())
        listing = ", ".join(names)
        if len(listing) > 240:  # many tables installed: the closest few, and where the rest are
            close = difflib.get_close_matches(name, names, n=3)
            listing = (f"{', '.join(close)}, or " if close else "") + "see 'tables'"
        raise UsageError(f"no table named {_quote(name)}; choose one of: {listing}")
    run.roll_table(name)


def _ask(world: World, run: Run, text: str) -> None:
    if not text:
        raise UsageError("usage: ask QUESTION? [ODDS], for example: ask Is it locked? likely")
    style_name = str(run.values.get("oracle", defaults.ORACLE_STYLE))
    first, _, rest = text.partition(" ")
    if first.endswith(":") and first[:-1].lower() in world.styles:
        style_name, text = first[:-1].lower(), rest
    question, odds = oracle.split_question(text)
    run.ask(question, odds, style_name)


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
    before = run.values.get("chaos", defaults.CHAOS)
    run.store("chaos", chaos)
    run.events.append(TrackerChanged("chaos", "Chaos", before if isinstance(before, int) else 5,
                                     chaos, "set by the player", "Track", 9))


def _oracle(world: World, run: Run, text: str) -> None:
    style = oracle_styles.get_style(world.styles, text.strip().lower() or None)
    run.store("oracle", style.name)
    run.events.append(Said(f"The oracle style is now {style.name}"))


def _party(world: World, run: Run, text: str) -> None:
    words = text.split()
    verb = words[0].lower() if words else ""
    if verb == "add" and len(words) >= 2:
        name, counts = split_member(world, words[1:])
        if member_index(run.party, name) is not None:
            raise UsageError(f"{name} is already in the party")
        if len(run.party) >= MAX_MEMBERS:
            raise UsageError(f"the party is full ({MAX_MEMBERS} members)")
        hp = counts.pop("hp", world.procedure.party.hp)
        conditions = world.procedure.party.conditions
        member = Member(name, hp, hp,
                        tuple((key, value) for key, value in counts.items()
                              if key in conditions and value != conditions[key].start),
                        tuple((key, value) for key, value in counts.items()
                              if key not in conditions))
        run.party.append(member)
        run.events.append(PartyChanged(name, True, hp, hp, run.marks(member)))
        return
    if verb == "set" and len(words) >= 2:
        name, counts = split_member(world, words[1:])
        index = member_index(run.party, name)
        if index is None:
            raise UsageError(f"no one called {_quote(name)} in the party")
        if not counts or "hp" in counts:
            raise UsageError("usage: party set NAME CONDITION N or SETTING N (hit points "
                             "change with hurt and heal)")
        for key, value in counts.items():
            if key in world.procedure.party.conditions:
                run.change_member(index, key, value, "set by the player")
            else:
                run.change_own(index, key, value, "set by the player")
        return
    if verb == "remove" and len(words) >= 2:
        index = member_index(run.party, " ".join(words[1:]))
        if index is not None:
            member = run.party.pop(index)
            run.events.append(PartyChanged(member.name, False, member.hp, member.max_hp,
                                           run.marks(member)))
            return
        raise UsageError(f"no one called {_quote(' '.join(words[1:]))} in the party")
    raise UsageError("usage: party add NAME [hp N] [CONDITION N…] [SETTING N…], "
                     "party set NAME CONDITION N or SETTING N…, or party remove NAME")


_NAME_WORD = re.compile(r"[^\W_][\w'’.-]*")
MAX_NAME = 40


def check_member_name(name: str) -> str:
    """``name`` as a member's name (words of letters, digits, ' . and -, at most 40
    characters); a UsageError if it cannot be one."""
    words = name.split()
    if not words or len(name) > MAX_NAME or not all(_NAME_WORD.fullmatch(w) for w in words):
        raise UsageError(f"{_quote(name)} cannot be a name: use words of letters (digits, "
                         f"' . and - too), at most {MAX_NAME} characters")
    return " ".join(words)


def split_member(world: World, words: list[str]) -> tuple[str, dict[str, int]]:
    """``Brother Ott hp 6 fatigue 1``: the name, then the counts given after it."""
    cut = len(words)
    for index in range(1, len(words) - 1):  # the first WORD NUMBER pair ends the name
        if words[index + 1].lstrip("+-").isdigit() and not words[index].isdigit():
            cut = index
            break
    return check_member_name(" ".join(words[:cut])), _member_counts(world, words[cut:])


def member_settings(world: World) -> list[str]:
    """The procedure's number settings, which a member may have their own value of."""
    return [name for name, value in world.procedure.settings.items() if type(value) is int]


def _member_counts(world: World, words: list[str]) -> dict[str, int]:
    """``hp 8 fatigue 1 con_bonus 2`` as counts; a UsageError naming what does not fit."""
    conditions = world.procedure.party.conditions
    settings = member_settings(world)
    if len(words) % 2:
        raise UsageError("after the name come pairs: hp N, a condition or a setting and "
                         "its number")
    counts: dict[str, int] = {}
    for key, value in zip(words[::2], words[1::2], strict=True):
        key = key.lower()
        if key != "hp" and key not in conditions and key not in settings:
            known = ", ".join(["hp", *conditions, *settings])
            raise UsageError(f"{_quote(key)} is not kept per member; choose: {known}")
        number = whole_number(key, value)
        if key == "hp":
            if not 1 <= number <= 1_000_000:
                raise UsageError("hp must be from 1 to 1000000")
        elif key in conditions and conditions[key].clamp(number) != number:
            raise UsageError(f"{key} must be from {conditions[key].minimum} to "
                             f"{conditions[key].maximum}")
        elif key not in conditions and not -1000 <= number <= 1000:
            raise UsageError(f"{key} must be from -1000 to 1000")
        counts[key] = number
    return counts


def supply_named(world: World, word: str) -> str | None:
    """The supply ``word`` names: its own name, its singular (``ration``), or a light kind
    that takes it when lit or refilled (``torch`` for torches, ``lantern`` for oil)."""
    supplies = world.procedure.supplies
    word = word.lower()
    if word in supplies:
        return word
    for name, supply in supplies.items():
        if word in (name.rstrip("s"), name.removesuffix("es"), supply.label.lower()):
            return name
    kind = world.procedure.lights.get(word)
    if kind is not None:
        return kind.uses or kind.refill
    return None


def _supply(world: World, run: Run, text: str) -> None:
    words = text.split()
    if len(words) != 2:
        raise UsageError("usage: supply NAME COUNT, such as supply torch 3 (+N/-N to add)")
    name = supply_named(world, words[0])
    if name is None:
        known = ", ".join(world.procedure.supplies) or "none in this procedure"
        raise UsageError(f"solo does not count {_quote(words[0])} here; it counts: {known}")
    _count_supply(run, name, words[1], "counted by the player")


def _count_supply(run: Run, name: str, value: str, reason: str) -> None:
    """Supply ``name`` to ``value`` typed by the player, or by it with a sign (``+2``)."""
    number = whole_number(name, value)
    wanted = run.supplies.get(name, 0) + number if value[0] in "+-" else number
    if not 0 <= wanted <= MAX_VALUE:
        raise UsageError(f"{name} must stay from 0 to {MAX_VALUE:,}")
    run.change_supply(name, wanted, reason)


def _hit_points(sign: int, reason: str) -> Callable[[World, Run, str], None]:
    """``hurt N`` / ``heal N``: the member the line names (``Wren: hurt 3``), else each."""
    verb = "hurt" if sign < 0 else "heal"

    def change(world: World, run: Run, text: str) -> None:
        if not run.party:
            raise UsageError(f"no one is named in the party to {verb}; party add NAME first")
        words = text.split()
        if len(words) != 1:
            raise UsageError(f"usage: {verb} N, or NAME: {verb} N for one member")
        amount = whole_number(verb, words[0])
        if amount < 1:
            raise UsageError(f"{verb} takes a number of hit points from 1 up")
        for index in run.targets("actor"):
            run.change_member(index, "hp", run.party[index].hp + sign * amount, reason)
    return change


_BUILTINS = {"light": _light, "douse": _douse, "strike": _strike, "set": _set, "roll": _roll,
             "table": _table, "ask": _ask, "chaos": _chaos, "oracle": _oracle, "party": _party,
             "supply": _supply, "hurt": _hit_points(-1, "hurt"),
             "heal": _hit_points(1, "healed")}
ENGINE_COMMANDS = tuple(_BUILTINS)
"""The engine's own commands beside a procedure's actions (defined once, by _BUILTINS)."""


# -- a state from an older version of the procedure ------------------------------------

def reconcile(world: World, state: State) -> tuple[State, tuple[str, ...]]:
    """Fit a resumed state to the procedure as it is now (it may have been edited since):
    new trackers, settings and supplies start at their defaults; what no longer matches
    (a light kind gone, a table shrunk, a tracker holding a word, a setting whose type
    changed) is dropped or reset, with one notice per fix."""
    procedure = world.procedure
    notices: list[str] = []
    fresh = start(world).values
    values = dict(state.values)
    for name, default in fresh.items():
        if name not in values:
            values[name] = default
            if name in procedure.trackers:
                notices.append(f"the procedure has a new tracker, "
                               f"{procedure.trackers[name].label}: it starts at {default}")
            continue
        value = values[name]
        if name in procedure.trackers:
            tracker = procedure.trackers[name]
            if type(value) is not int:
                values[name] = tracker.start
                notices.append(f"{tracker.label} held {str(value)[:40]!r}, not a number: "
                               f"reset to {tracker.start}")
            elif tracker.clamp(value) != value:
                values[name] = tracker.clamp(value)
                notices.append(f"{tracker.label} was {value}, outside "
                               f"{tracker.minimum}-{tracker.maximum} now: set to "
                               f"{values[name]}")
        elif name in procedure.settings and type(value) is not type(default):
            values[name] = default
            notices.append(f"setting {name} was {str(value)[:40]!r}; it now takes "
                           f"{_kind_of(default)}: reset to {default}")
    chaos = values.get("chaos")
    if chaos != "follow" and not (type(chaos) is int and 1 <= chaos <= 9):
        values["chaos"] = 5
        notices.append(f"chaos was {str(chaos)[:40]!r}, not 1 to 9 or follow: reset to 5")
    if world.styles and values.get("oracle") not in world.styles:
        notices.append(f"oracle style {str(values.get('oracle'))[:40]!r} is unknown: "
                       "back to mythic")
        values["oracle"] = defaults.ORACLE_STYLE
    lights = _known_lights(world, state.lights, "lit", notices)
    doused = _known_lights(world, state.doused, "put aside", notices)
    supplies = {name: state.supplies.get(name, supply.start or 0)
                for name, supply in procedure.supplies.items()
                if name in state.supplies or supply.start is not None}
    for name in state.supplies:
        if name not in procedure.supplies:
            notices.append(f"the procedure no longer counts {name}: dropped")
    struck: dict[str, tuple[int, ...]] = {}
    for name, indices in state.struck.items():
        table = world.table(name)
        if table is None:
            notices.append(f"table {name} is gone: its struck-off entries are forgotten")
            continue
        kept = tuple(index for index in indices if index < len(table.entries))
        if len(kept) < len(indices):
            notices.append(f"table {name} is shorter now: {len(indices) - len(kept)} "
                           "struck-off entries past its end are forgotten")
        if kept:
            struck[name] = kept
    foreshadowed, foretold = state.foreshadowed, state.foretold
    if foreshadowed is not None and not _entry_exists(world, foreshadowed):
        notices.append(f"the sign on {foreshadowed[0]} points at an entry that is gone: "
                       "forgotten")
        foreshadowed, foretold = None, None
    last = state.last_encounter
    if last is not None and not _entry_exists(world, last):
        notices.append(f"the last encounter's entry in {last[0]} is gone: 'strike' needs "
                       "a table and entry now")
        last = None
    party: list[Member] = []
    for member in state.party:
        counted = tuple(pair for pair in member.conditions
                        if pair[0] in procedure.party.conditions)
        if len(counted) < len(member.conditions):
            notices.append(f"{member.name}'s conditions the procedure no longer counts: dropped")
        settings = member_settings(world)
        own = tuple(pair for pair in member.own if pair[0] in settings)
        if len(own) < len(member.own):
            notices.append(f"{member.name}'s own settings the procedure no longer has (or no "
                           "longer as numbers): dropped")
        party.append(replace(member, conditions=counted, own=own))
    fixed = replace(state, values=values, lights=lights, doused=doused, supplies=supplies,
                    party=tuple(party),
                    struck=struck, foreshadowed=foreshadowed, foretold=foretold,
                    last_encounter=last)
    return fixed, tuple(notices)


def _kind_of(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    return "a whole number" if isinstance(value, int) else "a word"


def _entry_exists(world: World, pointer: tuple[str, int]) -> bool:
    table = world.table(pointer[0])
    return table is not None and 0 <= pointer[1] < len(table.entries)


def _known_lights(world: World, lights: tuple[Light, ...], what: str,
                  notices: list[str]) -> tuple[Light, ...]:
    kept: list[Light] = []
    gone: dict[str, int] = {}
    for light in lights:
        kind = world.procedure.lights.get(light.kind)
        if kind is None:
            gone[light.kind] = gone.get(light.kind, 0) + 1
            continue
        if light.die is not None and light.die not in USAGE_DICE:
            light = replace(light, die=kind.die)
            notices.append(f"a {kind.label.lower()} had an unknown usage die: reset")
        kept.append(light)
    for name, count in gone.items():
        notices.append(f"{count} {what} {name} source{'s' if count > 1 else ''}: the "
                       "procedure has no such light any more, dropped")
    if len(kept) > MAX_LIT:
        notices.append(f"more than {MAX_LIT} sources {what}: only {MAX_LIT} kept")
        kept = kept[:MAX_LIT]
    return tuple(kept)


# -- many commands in a row, kept in memory -----------------------------------------------

class Game:
    """A game kept running in memory for many commands in a row (``solo simulate``).

    The same engine as :func:`perform`, without a frozen snapshot per command: the state
    is worked on in place and taken out with :meth:`state` when wanted. A refused command
    (UsageError) changes nothing; any other error may leave the game half-way through a
    command, so stop using it then.
    """

    def __init__(self, world: World, state: State, rng: random.Random,
                 record: bool = True) -> None:
        self.world = world
        self._run = _run(world, state, rng=rng)
        self._run.record = record  # False: skip the labels and turn events no one reads
        if not record:  # actions run compiled (solo.engine.compiled), building no events
            self._run.program = Program(self._run)
        self._commands: dict[str, tuple[Action | None, dict, str]] = {}

    @property
    def turn(self) -> int:
        return self._run.turn

    @property
    def encounters(self) -> int:
        return self._run.encounters

    @property
    def outcomes(self) -> list[str]:
        """Every outcome recorded so far, in order (one or more per turn that records any)."""
        return self._run.outcomes

    @property
    def events(self) -> list[Event]:
        """The events of the last command (when not recording, only those of the engine's
        own commands and of the rare effects left to the interpreter)."""
        return self._run.events

    def state(self) -> State:
        return self._run.finish()

    def perform(self, line: str) -> None:
        """Carry out one command line; raises UsageError (nothing changes) if refused."""
        prepared = self._commands.get(line)
        if prepared is None:
            prepared = self._commands[line] = self._prepare(line)
        action, arguments, rest = prepared
        run = self._run
        run.events.clear()
        try:
            if action is not None:
                run.act(action, arguments, line)
                return
            run.action = None
            run.events.append(Acted(line))
            _BUILTINS[line.split()[0].lower()](self.world, run, rest)
        except UsageError:
            raise
        except Exception as error:
            raise procedure_error(self.world, error) from None

    def _prepare(self, line: str) -> tuple[Action | None, dict, str]:
        words = line.split()
        if not words:
            raise UsageError("empty command")
        action = self.world.procedure.action_named(words[0])
        if action is not None:
            return action, parse_arguments(action, words[1:]), ""
        if words[0].lower() not in _BUILTINS:
            raise UsageError(f"unknown command {_quote(words[0])}; use one of the procedure's "
                             f"actions ({', '.join(list(self.world.procedure.actions)[:4])}…)"
                             f" or {', '.join(ENGINE_COMMANDS)}")
        return None, {}, line.strip()[len(words[0]):].strip()
