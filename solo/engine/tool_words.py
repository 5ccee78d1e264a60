"""What completion offers after the words of a tool command typed so far (``strike``,
``set``, ``ask``, ``party``, ``supply``: the ones whose later words come from known sets),
read from the world and the game's state: a table's entries, a setting's declared values, the odds
of the style a question is asked in, the party's names and what is kept per member. The
entries that use them are :mod:`solo.engine.tool_grammar`'s."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from solo import defaults
from solo.engine.arguments import member_keys
from solo.engine.commands import rest_of
from solo.engine.dungeon_named import DUNGEON, parse_settings
from solo.engine.state import State
from solo.errors import SoloError, UsageError
from solo.rules import oracle_styles
from solo.rules.procedure import Procedure
from solo.rules.world import World

__all__ = ["settable", "table_named", "strike_words", "set_words", "ask_words", "party_words",
           "odds_names", "style_named", "supply_names"]

_SPAN = 12
"""The most numbers completion offers for a value with a minimum and a maximum (a longer
range is typed)."""

_SITTING = {"dice": defaults.DICE_MODES, "odds": ("on", "off")}
"""What ``set`` takes beside the procedure's own names (where none shadows it): the dice
and the status bar's odds, each with its words (and ``set dungeon``)."""


def settable(world: World, state: State) -> Sequence[str]:
    """The procedure's names ``set NAME VALUE`` takes: trackers (not its own hidden
    counters, ``shown: false``), settings, supplies."""
    procedure = world.procedure
    return [*(name for name, tracker in procedure.trackers.items() if tracker.shown),
            *procedure.settings, *procedure.supplies]


def table_named(world: World, word: str) -> str | None:
    """The name of the table ``word`` names, in any case (``Dungeon-Events``); None: none."""
    if world.table(word) is not None:
        return word
    return next((name for name in world.table_names() if name.casefold() == word.casefold()),
                None)


def strike_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    """A table's name, then the entries of that table not struck off yet."""
    named = table_named(world, typed[0]) if len(typed) == 1 else None
    table = world.table(named) if named is not None else None
    if not typed or table is None:
        return () if typed else world.table_names()
    struck = state.struck.get(table.name, ())
    return [entry.id for index, entry in enumerate(table.entries) if index not in struck]


def set_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    """What may be set, then the values it declares (a setting's choices, true or false, a
    short range of numbers); after ``set dungeon GENERATOR``, its settings (NAME=WORD)."""
    procedure = world.procedure
    sitting = {name: words for name, words in _SITTING.items() if name not in procedure.settings}
    own = DUNGEON not in procedure.settings
    if not typed:
        return [*settable(world, state), *sitting, *([DUNGEON] if own else [])]
    name = typed[0].lower()
    if name == DUNGEON and own:
        return _dungeon_words(world, typed[1:])
    if len(typed) > 1:
        return ()
    if name in sitting:
        return sitting[name]
    if name in procedure.trackers:
        return _span(procedure.trackers[name].minimum, procedure.trackers[name].maximum)
    return _setting_values(procedure, name)


def _setting_values(procedure: Procedure, name: str) -> Sequence[str]:
    """The values the procedure declares for setting ``name`` (none known: ())."""
    default = procedure.settings.get(name)
    declared = procedure.setting_values.get(name)
    if isinstance(default, bool):
        return ("true", "false")
    if declared is None:
        return ()
    return declared.choices or _span(declared.minimum, declared.maximum)


def _span(low: int | None, high: int | None) -> Sequence[str]:
    if low is None or high is None or high - low >= _SPAN:
        return ()
    return [str(number) for number in range(low, high + 1)]


def _dungeon_words(world: World, typed: Sequence[str]) -> Sequence[str]:
    """After ``set dungeon``: the generators and keys, or off; then the chosen generator's
    settings not given yet, each word as NAME=WORD."""
    if not typed:
        return [*sorted({*world.generator_ids, *world.generators, *world.keys}), "off"]
    generator = world.generators.get(typed[0])
    try:
        given = parse_settings(list(typed[1:]))
    except UsageError:
        return ()
    return [f"{setting.name}={word}" for setting in (generator.settings if generator else ())
            if setting.name not in given for word in setting.words]


def ask_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    """``meaning`` or an oracle style (``mythic:``) first; after the question's ``?``, the
    odds of the style it is asked in. The question itself is the player's."""
    if not typed:
        return ["meaning", *(f"{name}:" for name in sorted(world.styles))]
    marks = [index for index, word in enumerate(typed) if "?" in word]
    if typed[0].lower() == "meaning" or not marks:
        return ()
    named, _ = style_named(" ".join(typed), world.styles)  # (read as the line is read)
    try:
        style = oracle_styles.get_style(world.styles, named or str(
            state.values.get("oracle", defaults.ORACLE_STYLE)))
    except SoloError:
        return ()
    return rest_of(odds_names(style), typed[marks[-1] + 1:])


def style_named(text: str, styles: Collection[str]) -> tuple[str | None, str]:
    """The oracle style a question names before a colon, with or without spaces around it
    (``ironsworn:Is it?``, ``Opse : Is it?``), and the rest; ``(None, text)`` if none does."""
    named, colon, after = text.partition(":")
    if colon and named.strip().lower() in styles:
        return named.strip().lower(), after
    return None, text


def odds_names(style: oracle_styles.OracleStyle) -> list[str]:
    """Every name and alias of a style's odds."""
    return [name for level in style.odds for name in (level.name, *level.aliases)]


def party_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    """add, set or remove; then a member's name (to set or remove); then, after it, what is
    kept per member (``hp`` too, adding one) and the values a condition or setting spans."""
    if not typed:
        return ["add", "set", "remove"]
    verb, after = typed[0].lower(), typed[1:]
    names = [member.name for member in state.party]
    if verb == "add" and after:
        keys = ["hp", *member_keys(world)]
        cut = next((index for index, word in enumerate(after) if index and word.lower()
                    in keys), len(after))  # (the name ends at the first key)
        return _counts(world, after[cut:], keys)
    cut = _member_words(names, after)
    if verb == "set" and cut:
        return _counts(world, after[cut:], member_keys(world))
    return rest_of(names, after) if verb in ("set", "remove") and not cut else ()


def _member_words(names: Sequence[str], words: Sequence[str]) -> int:
    """How many of ``words``, from the first, are a member's whole name (0: none)."""
    said = [word.casefold() for word in words]
    return max((len(name.split()) for name in names
                if said[:len(name.split())] == name.casefold().split()), default=0)


def _counts(world: World, pairs: Sequence[str], keys: Sequence[str]) -> Sequence[str]:
    """After a member's name: a key not given yet, then the values that key spans."""
    if len(pairs) % 2 == 0:
        given = {word.lower() for word in pairs[::2]}
        return [key for key in keys if key not in given]
    key = pairs[-1].lower()
    condition = world.procedure.party.conditions.get(key)
    if key not in keys:
        return ()
    return (_span(condition.minimum, condition.maximum) if condition is not None
            else _setting_values(world.procedure, key))


def supply_names(world: World, state: State) -> Sequence[str]:
    """What ``supply`` takes: the supplies, and the light kinds that use one up."""
    procedure = world.procedure
    return [*procedure.supplies, *(kind for kind, light in procedure.lights.items()
                                   if light.uses or light.refill)]
