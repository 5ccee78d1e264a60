"""What the player types, read: an action's arguments, a whole number, a member's name
and the counts after it, a supply's name. Each refusal is a one-line UsageError."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from solo import defaults
from solo.errors import UsageError
from solo.rules import numbers
from solo.rules.procedure import Action, Arg
from solo.rules.world import World

__all__ = ["MAX_DIGITS", "MAX_NAME", "quote", "whole_number", "usage_line", "parse_arguments",
           "check_member_name", "split_member", "member_settings", "set_member_refusal",
           "supply_named"]

MAX_DIGITS = defaults.MAX_DIGITS
"""The most digits a number typed at the prompt may have (past that: a one-line refusal)."""


def quote(text: str) -> str:
    """``text`` quoted for a one-line message, cut short if it is long."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def whole_number(name: str, text: str) -> int:
    """A whole number typed by the player, refused (one line) if it is not one or too long."""
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise UsageError(f"a number of more than {MAX_DIGITS} digits")
    number = numbers.whole_number(text, signed=True)
    if number is None:
        raise UsageError(f"{name} takes a whole number, not {quote(text)}")
    return number


def _describe_arg(arg: Arg) -> str:
    if arg.kind == "choice":
        return f"{arg.name} ({'/'.join(arg.choice_names)})"
    mapped = "; the map counts it when the party is on one" if arg.map else ""
    return f"{arg.name} (a whole number{mapped})"


def usage_line(action: Action, moves: str = "") -> str:
    """An action's usage line: its name, the words of its move on the map (``moves``),
    then its arguments, required ones bare and optional ones (with a default, or given by
    the map) in brackets."""
    shown = (arg.name.upper() if arg.default is None and arg.map is None
             else f"[{arg.name.upper()}]" for arg in action.args)
    return " ".join([action.name, *filter(None, [moves]), *shown])


def required_words(action: Action) -> str:
    """What an action cannot be typed without, after its name, as a hint names it: each
    required argument's choices (``success|failure``), else its name in capitals."""
    return "".join(f" {'|'.join(arg.choice_names) or arg.name.upper()}" for arg in action.args
                   if arg.default is None and arg.map is None)


def parse_arguments(action: Action, words: list[str],
                    defaults: Mapping[str, Any] | None = None, moves: str = "") -> dict:
    """Match words to an action's arguments: ``name=value``, a choice word, or a number.
    A number fills the first empty number argument, but after a choice word only those
    that come after that choice in the usage (``leave 2 dangerous 5``: 5 is the bonus,
    never the rooms), unless the choice has none after it (``rest fast 3``).
    ``defaults`` replace the procedure's own for the arguments left out (the map's);
    ``moves``, the words of a move on the map the usage names too (``[DIRECTION]``)."""
    values: dict = {}
    if defaults:
        action = replace(action, args=tuple(
            replace(arg, default=defaults[arg.name]) if arg.name in defaults else arg
            for arg in action.args))
    if not words and all(arg.default is not None for arg in action.args):
        return _with_choice_values(action, {arg.name: arg.default for arg in action.args})
    usage = "usage: " + usage_line(action, moves)
    after = 0  # a number fills one after the choice typed last, if that choice has any
    for word in words:
        key, eq, text = word.partition("=")
        if eq:
            arg = next((arg for arg in action.args if arg.name == key.lower()), None)
            if arg is None:
                raise UsageError(f"{action.name} has no argument {quote(key)}; {usage}")
        else:
            text = word
            arg = next((a for a in action.args if a.kind == "choice" and a.name not in values
                        and text.lower() in a.choice_names), None)
            if arg is not None:
                after = action.args.index(arg) + 1
            else:
                later = [a for a in action.args[after:] if a.kind == "int"]
                arg = next((a for a in later or action.args if a.kind == "int"
                            and a.name not in values), None)
                choice = next((a for a in action.args if a.kind == "choice"
                               and a.name not in values), None)
                if choice is not None and not _NUMBER_LIKE.fullmatch(text):
                    also = f" (or {arg.name}, a whole number)" if arg is not None else ""
                    raise UsageError(f"{choice.name} must be one of "  # a word: the choice's
                                     f"{', '.join(choice.choice_names)}, not {quote(text)}"
                                     f"{also}; {usage}")
            if arg is None:
                raise UsageError(f"{action.name} does not understand {quote(word)}; {usage}")
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
            raise UsageError(f"{arg.name} must be one of {', '.join(arg.choice_names)}, not "
                             f"{quote(text)}; {usage}")
        return text.lower()
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise UsageError(f"a number of more than {MAX_DIGITS} digits; {usage}")
    number = numbers.whole_number(text, signed=True)
    if number is None:
        raise UsageError(f"{arg.name} must be a whole number, not {quote(text)}; {usage}")
    if arg.minimum is not None and number < arg.minimum:
        raise UsageError(f"{arg.name} must be at least {arg.minimum}; {usage}")
    if arg.maximum is not None and number > arg.maximum:
        raise UsageError(f"{arg.name} must be at most {arg.maximum}; {usage}")
    return number


_NAME_WORD = re.compile(r"[^\W_][\w'’.-]*")
_SETTING_SHAPE = re.compile(r"[a-z]+(?:_[a-z0-9]+)+")  # con_bonus: a setting, never a name
_NUMBER_LIKE = re.compile(r"[+-]?[0-9][0-9_.,eE+-]*")  # 3, 1_000, 1e3: meant as a number
MAX_NAME = 40
"""The most characters a member's name may have."""


def check_member_name(name: str) -> str:
    """``name`` as a member's name (words of letters, digits, ' . and -, at most 40
    characters); a UsageError if it cannot be one."""
    words = name.split()
    if not words or len(name) > MAX_NAME or not all(_NAME_WORD.fullmatch(w) for w in words):
        raise UsageError(f"{quote(name)} cannot be a name: use words of letters (digits, "
                         f"' . and - too), at most {MAX_NAME} characters")
    return " ".join(words)


def split_member(world: World, words: list[str],
                 adding: bool = True) -> tuple[str, dict[str, int]]:
    """``Brother Ott hp 6 fatigue 1``: the name, then the counts given after it. The name
    ends at the first word kept per member (``hp``, a condition, a setting), so a word
    where a number belongs (``Dax hp x``) is refused, never taken into the name. Not
    ``adding`` (``party set``), ``hp`` is refused: hurt and heal change hit points. A
    name that would begin with such a key (``hp 3``) or hold a bare number (``Cid 5``) is
    refused, never kept as typed."""
    keys = {"hp", *world.procedure.party.conditions, *member_settings(world)}
    cut = len(words)
    for index in range(1, len(words)):  # a key kept per member, a setting's shape
        # (con_bonus) or a WORD NUMBER pair ends it: the word is refused by name, not named
        pair = index + 1 < len(words) and _NUMBER_LIKE.fullmatch(words[index + 1]) is not None
        word = words[index]
        if word.lower() in keys or _SETTING_SHAPE.fullmatch(word) \
                or (pair and not _NUMBER_LIKE.fullmatch(word)):
            cut = index
            break
    verb = "add" if adding else "set"
    if words[0].lower() in keys or _SETTING_SHAPE.fullmatch(words[0]):
        raise UsageError(f"party {verb} NAME …: the name comes first; {quote(words[0])} is "
                         "kept per member, not a name")
    number = next((index for index, word in enumerate(words[:cut])
                   if _NUMBER_LIKE.fullmatch(word)), None)
    if number is not None:
        before, count = " ".join(words[:number]) or "NAME", words[number]
        raise UsageError(f"{quote(count)} is a number with no key before it: did you mean "
                         f"'party {verb} {before} {'hp' if adding else 'KEY'} {count}'?")
    return check_member_name(" ".join(words[:cut])), _member_counts(world, words[cut:], adding)


def member_settings(world: World) -> list[str]:
    """The procedure's number settings a member may have their own value of (not those
    that are the dungeon's: ``member: false``)."""
    declared = world.procedure.setting_values
    return [name for name, value in world.procedure.settings.items() if type(value) is int
            and (name not in declared or declared[name].member)]


def member_keys(world: World) -> list[str]:
    """What ``party add`` and ``party set`` take per member: the conditions (not the
    procedure's own marks, ``shown: false``: Trespasser's acted) and the member settings."""
    return [*(name for name, condition in world.procedure.party.conditions.items()
              if condition.shown), *member_settings(world)]


def set_member_refusal(world: World, key: str | None = None) -> UsageError:
    """Why ``party set`` does not take ``key`` (None: none given), and what it does take."""
    keys = member_keys(world)
    takes = (f"party set NAME KEY N: KEY is one of {', '.join(keys)}" if keys else
             "this procedure keeps no condition or setting per member for party set")
    what = "" if key in (None, "hp") else f"{quote(key)} is not kept per member; "
    return UsageError(f"{what}{takes}; hit points change with hurt and heal")


def _member_counts(world: World, words: list[str], adding: bool = True) -> dict[str, int]:
    """``hp 8 fatigue 1 con_bonus 2`` as counts; a UsageError naming what does not fit."""
    conditions, keys = world.procedure.party.conditions, member_keys(world)
    if len(words) % 2:
        raise UsageError("after the name come pairs: hp N, a condition or a setting and "
                         "its number")
    counts: dict[str, int] = {}
    for key, value in zip(words[::2], words[1::2], strict=True):
        key = key.lower()
        if key in counts:
            raise UsageError(f"{key} is given twice; give it once")
        if key in conditions and key not in keys:  # a mark the rules keep (who has acted)
            raise UsageError(f"{key} is the procedure's own mark, kept by its rules, not "
                             f"by hand; " + (f"choose: {', '.join(['hp', *keys])}" if adding
                                             else str(set_member_refusal(world))))
        if key != "hp" and key not in keys:
            declared = world.procedure.setting_values.get(key)
            if declared is not None and not declared.member:
                raise UsageError(f"{key} is the dungeon's, the same for every member: "
                                 f"'set {key} {value[:12]}' changes it for the party")
            known = ", ".join(["hp", *keys])
            raise UsageError(f"{quote(key)} is not kept per member; choose: {known}"
                             if adding else set_member_refusal(world, key))
        if key == "hp" and not adding:
            raise set_member_refusal(world)
        number = whole_number(key, value)
        if key == "hp":
            if not 1 <= number <= 1_000_000:
                raise UsageError("hp must be from 1 to 1000000")
        elif key in conditions and conditions[key].clamp(number) != number:
            raise UsageError(f"{key} must be from {conditions[key].minimum} to "
                             f"{conditions[key].maximum}")
        elif key not in conditions and not -1000 <= number <= 1000:
            raise UsageError(f"{key} must be from -1000 to 1000")
        elif key in world.procedure.setting_values:  # its own min and max hold for a member
            problem = world.procedure.setting_values[key].refusal(key, number)
            if problem:
                raise UsageError(problem)
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
