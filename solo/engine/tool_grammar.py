"""The engine's own commands beside a procedure's actions, each with its grammar: ``light``,
``douse``, ``strike``, ``set``, ``roll``, ``table``, ``ask``, ``chaos``, ``oracle``,
``party``, ``hurt``, ``heal`` and ``supply``.

Each entry reads the words after its name into a typed request
(:mod:`solo.engine.requests`), or raises a one-line UsageError saying why they do not fit;
it also lists the words that may come next (completion; the longer lists are
:mod:`solo.engine.tool_words`'). What depends on the game's
moment (is a torch burning? is anyone in the party?) is the engine's to refuse when it
carries the request out (:mod:`solo.engine.tool_commands`).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from solo import defaults
from solo.engine import oracle
from solo.engine.arguments import (
    check_member_name,
    quote,
    set_member_refusal,
    split_member,
    supply_named,
    whole_number,
)
from solo.engine.commands import Command, check_digits, first_word
from solo.engine.dungeon_named import DUNGEON, set_dungeon_request
from solo.engine.requests import (
    AddMember,
    Ask,
    AskMeaning,
    ChangeHitPoints,
    ChooseOracle,
    CountSupply,
    Douse,
    Light,
    RemoveMember,
    Request,
    Roll,
    RollOn,
    SessionStep,
    SetChaos,
    SetDice,
    SetMember,
    SetSetting,
    SetSupply,
    SetTracker,
    Show,
    Strike,
)
from solo.engine.room_grammar import ROOM_TOOLS
from solo.engine.state import State
from solo.engine.tool_words import (
    ask_words,
    odds_names,
    party_words,
    set_words,
    settable,
    strike_words,
    style_named,
    supply_names,
    table_named,
)
from solo.errors import SoloError, UsageError
from solo.rules import dice, oracle_styles
from solo.rules.procedure import Procedure
from solo.rules.roll_words import split_expression
from solo.rules.world import World

__all__ = ["TOOLS", "DICE_MODES", "odds_names", "read_question", "check_odds"]

DICE_MODES = defaults.DICE_MODES
_LOW, _HIGH = defaults.CHAOS_RANGE
_ASK_USAGE = "ask QUESTION? [ODDS] | ask meaning [QUESTION]"


def _light_kinds(world: World, state: State) -> Sequence[str]:
    return list(world.procedure.lights)


def _lit(world: World, state: State) -> Sequence[str]:
    """The kinds of the sources burning, each once."""
    return list(dict.fromkeys(light.kind for light in state.lights))


def _light_kind(command: Command, world: World, rest: str) -> str:
    kinds = list(world.procedure.lights)
    words = rest.split()
    if len(words) != 1 or words[0].lower() not in kinds:
        raise UsageError(f"{command.usage}: KIND: choose one of: "
                         + (", ".join(kinds) or "none in this procedure"))
    return words[0].lower()


def _light(command: Command, world: World, state: State, rest: str) -> Request:
    if not rest:
        return Show("lights")  # a bare 'light' shows what is lit
    return Light(_light_kind(command, world, rest))


def _douse(command: Command, world: World, state: State, rest: str) -> Request:
    return Douse(_light_kind(command, world, rest))


def _table_names(world: World, state: State) -> Sequence[str]:
    return world.table_names()


def _strike(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    if not words:
        return Strike()
    name = _table_or_refuse(command, world, words[0])
    table, entry = world.table(name), " ".join(words[1:])
    found = table.find(entry) if table is not None and entry else None
    if table is None or found is None:
        ids = [one.id for one in table.entries] if table is not None else []
        shown = ", ".join(ids[:_IDS]) + (", … (Tab completes them)" if len(ids) > _IDS else "")
        raise UsageError((f"no entry {quote(entry)} on {name}" if entry else command.usage)
                         + f": name an entry by its id ({shown}), its exact text, or a "
                         "number it covers")
    return Strike(name, found)


_IDS = 8
"""The most entry ids a refusal of ``strike`` names."""


def _set(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    procedure = world.procedure
    if words[:1] and words[0].lower() == "dice" and "dice" not in procedure.settings:
        if len(words) != 2:
            raise UsageError("set dice MODE: MODE is physical or solo")
        mode = words[1].lower()
        if mode not in DICE_MODES:
            raise UsageError(f"dice are {' or '.join(DICE_MODES)}, not {mode[:20]!r}")
        return SetDice(mode)
    if words[:1] and words[0].lower() == DUNGEON and DUNGEON not in procedure.settings:
        return set_dungeon_request(world, words[1:])  # the generator of new rooms
    if words[:1] and words[0].lower() == "odds" and "odds" not in procedure.settings:
        if len(words) != 2 or words[1].lower() not in ("on", "off"):
            raise UsageError("set odds on|off: the odds in the status bar")
        return SessionStep("odds", words[1].lower())  # the sitting's, never journaled
    known = ", ".join(set_words(world, state, ()))  # (the dice, odds and dungeon too)
    if not words:
        raise UsageError(f"{command.usage}: NAME: choose one of: {known}")
    if words[0].lower() not in settable(world, state):
        hidden = words[0].lower() in procedure.trackers  # a counter the rules keep
        raise UsageError(f"{words[0].lower()} is the procedure's own count, kept behind the "
                         f"screen, not set by hand; choose one of: {known}" if hidden else
                         f"nothing named {quote(words[0])} to set; choose one of: {known}")
    _two_words(command, words, f"set {words[0].lower()} VALUE")
    name, value = words[0].lower(), words[1]
    if name in procedure.trackers:
        number, moved = whole_number(name, value), value[0] in "+-"
        tracker = procedure.trackers[name]
        if not moved and tracker.clamp(number) != number:  # (a move stops at the bound)
            low, high = tracker.minimum, tracker.maximum
            raise UsageError(f"{name} is {_span(low, high)}, not {number}")
        return SetTracker(name, number, moved)
    if name in procedure.supplies:
        return SetSupply(name, whole_number(name, value), value[0] in "+-")
    default = procedure.settings[name]
    if isinstance(default, bool):
        if value.lower() not in ("true", "false", "yes", "no", "on", "off"):
            raise UsageError(f"{name} takes true or false")
        return SetSetting(name, value.lower() in ("true", "yes", "on"))
    if isinstance(default, int):
        return _declared(procedure, name, whole_number(name, value))
    if len(value) > 200:
        raise UsageError(f"{name} takes a word of at most 200 characters")
    return _declared(procedure, name, value)


def _span(low: int | None, high: int | None) -> str:
    """A tracker's bounds in words: ``from 0 to 10``, ``at least 0``, ``at most 9``."""
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _declared(procedure: Procedure, name: str, value: int | str) -> SetSetting:
    """``set NAME VALUE`` when VALUE is one the procedure declares for the setting."""
    values = procedure.setting_values.get(name)
    if values is not None and isinstance(value, str):  # a declared word, in any case
        value = next((word for word in values.choices if word.casefold() == value.casefold()),
                     value)
    problem = values.refusal(name, value) if values is not None else None
    if problem:
        raise UsageError(problem)
    return SetSetting(name, value)


def _roll(command: Command, world: World, state: State, rest: str) -> Request:
    if not rest:
        raise UsageError(f"{command.usage}: for example roll 2d6 reaction")
    try:
        expression, why = split_expression(rest)
        check_digits(expression.split())  # the reason is free text; the dice are not
        parsed = dice.parse(expression)
    except SoloError as error:
        raise UsageError(str(error)) from None
    return Roll(parsed, why)


def _table(command: Command, world: World, state: State, rest: str) -> Request:
    return RollOn(_table_or_refuse(command, world, rest.strip()))


def _table_or_refuse(command: Command, world: World, word: str) -> str:
    """The table ``word`` names (any case), or a UsageError naming the tables there are:
    all of them, or, when many are installed, the closest few and where the rest are."""
    name = table_named(world, word) if word else None
    if name is not None:
        return name
    names = world.table_names()
    listing = f"choose one of: {', '.join(names)}"
    if len(listing) > 240:
        close = difflib.get_close_matches(word.lower(), names, n=3) if word else []
        listing = (f"did you mean {' or '.join(close)}? " if close else "") \
            + "'tables' lists the crawl's tables"
    raise UsageError((f"no table named {quote(word)}; " if word else f"{command.usage}: ")
                     + listing)


def _ask(command: Command, world: World, state: State, rest: str) -> Request:
    return read_question(rest, world.styles,
                         str(state.values.get("oracle", defaults.ORACLE_STYLE)))


def read_question(rest: str, styles: Mapping[str, oracle_styles.OracleStyle],
                  current_style: str) -> Ask | AskMeaning:
    """The words after ``ask``, read one way at the prompt and by ``solo ask``: ``meaning
    [QUESTION]``, or ``[STYLE:] QUESTION? [ODDS]``, the odds checked against the style named
    before the question, else ``current_style``."""
    first, _, question = rest.partition(" ")
    if first.lower() == "meaning":  # the meaning oracle: an action and a subject
        return AskMeaning(question.strip())
    if "?" not in rest:
        raise UsageError(f"{_ASK_USAGE}: a question ends with '?'")
    style_name, rest = style_named(rest, styles)
    question, odds = oracle.split_question(rest, styles.get(style_name or current_style))
    if odds is not None:
        check_odds(styles, style_name or current_style, odds)
    return Ask(question, odds, style_name)


def check_odds(styles: Mapping[str, oracle_styles.OracleStyle], style_name: str,
               odds: str) -> None:
    """A UsageError, with the style's odds (and the closest), unless ``odds`` is one of
    them; nothing said of a style that does not exist (the engine says what is wrong)."""
    try:
        style = oracle_styles.get_style(styles, style_name)
    except SoloError:
        return
    try:
        oracle_styles.resolve_odds(style, odds)
    except SoloError:
        close = difflib.get_close_matches(odds.lower(), odds_names(style), n=1, cutoff=0.6)
        hint = (f"did you mean {oracle_styles.resolve_odds(style, close[0]).name}? "
                if close else "")  # (by its own name, not an alias: the list names it)
        raise UsageError(f"unknown odds {quote(odds)}: {hint}choose one of: "
                         + ", ".join(level.name for level in style.odds)) from None


def _chaos_words(world: World, state: State) -> Sequence[str]:
    return ["follow", *map(str, range(_LOW, _HIGH + 1))]


def _chaos(command: Command, world: World, state: State, rest: str) -> Request:
    word, *after = rest.lower().split() or [""]
    if not word:
        return Show("chaos")
    if after:  # 'chaos follow now': the word too many is the problem, not the number
        raise UsageError(f"{command.usage}: one word, then nothing; not "
                         f"{quote(' '.join(rest.split()[1:]))} after {quote(word)}")
    if word == "follow":
        if world.procedure.danger is None:
            raise UsageError("this procedure has no danger tracker for chaos to follow")
        return SetChaos("follow")
    if word not in _chaos_words(world, state):
        raise UsageError(f"{command.usage}: N is from {_LOW} to {_HIGH}")
    return SetChaos(int(word))


def _style_names(world: World, state: State) -> Sequence[str]:
    return sorted(world.styles)


def _oracle(command: Command, world: World, state: State, rest: str) -> Request:
    word = rest.strip().lower()
    if not word:
        return Show("oracle")
    if word not in world.styles:
        raise UsageError(f"no oracle style {rest.strip()!r}; choose one of: "
                         + ", ".join(sorted(world.styles)))
    return ChooseOracle(word)


def _party(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    if not words:
        return Show("party")
    verb = words[0].lower()
    if verb not in ("add", "set", "remove") or len(words) < 2:
        raise UsageError(f"{command.usage}: add, set or remove, then the name")
    if verb == "remove":
        return RemoveMember(check_member_name(" ".join(words[1:])))
    name, counts = split_member(world, words[1:], verb == "add")
    if verb == "add":
        return AddMember(name, counts)
    if not counts:
        raise set_member_refusal(world)
    return SetMember(name, counts)


def _hit_points(sign: int):
    verb = "hurt" if sign < 0 else "heal"

    def parse(command: Command, world: World, state: State, rest: str) -> Request:
        words = rest.split()
        if len(words) != 1 or not words[0].isdigit() or int(words[0]) < 1:
            raise UsageError(f"{command.usage}: N is a number of hit points from 1 up")
        return ChangeHitPoints(whole_number(verb, words[0]), sign)
    return parse


def _supply(command: Command, world: World, state: State, rest: str) -> Request:
    words = rest.split()
    name = supply_named(world, words[0]) if words else None
    if name is None:
        counted = ", ".join(world.procedure.supplies) or "none in this procedure"
        what = f"no supply named {quote(words[0])}" if words else f"{command.usage}: NAME"
        raise UsageError(f"{what}: choose one of: {counted}")
    _two_words(command, words, f"supply {name} COUNT")
    return CountSupply(name, whole_number(name, words[1]), words[1][0] in "+-")


def _two_words(command: Command, words: list[str], wanted: str) -> None:
    """Refuse a NAME without its value (``supply torches``), or with more words after it,
    saying which; the NAME itself is known by now."""
    if len(words) == 1:
        raise UsageError(f"{wanted}: {wanted.split()[-1]} is missing ({command.usage})")
    if len(words) > 2:
        raise UsageError(f"{wanted}: one {wanted.split()[-1]}, then nothing; not "
                         f"{quote(' '.join(words[2:]))} after {quote(words[1])}")


def _tool(name: str, usage: str, help: str, parse, complete=None,
          numbered: int | None = None) -> Command:
    if complete is None:
        return Command(name, usage, help, "tool", parse, numbered=numbered)
    return Command(name, usage, help, "tool", parse, complete, numbered=numbered)


TOOLS: dict[str, Command] = {command.name: command for command in (
    _tool("light", "light KIND", "Light a source (torch, lantern, candle…); 'lights' shows "
          "them.", _light, first_word(_light_kinds)),
    _tool("douse", "douse KIND", "Put out a burning source.", _douse, first_word(_lit)),
    _tool("strike", "strike [TABLE ENTRY]", "Strike a defeated encounter off its table "
          "(the last one met, by default).", _strike, strike_words),
    _tool("set", "set NAME VALUE", "Set a setting, or a tracker (+N/-N to move it); "
          "'set dice physical' has solo ask for every die, 'set dice solo' rolls them; "
          "'set dungeon classic doors=barred' has a generator roll each new room, 'set "
          "dungeon KEY.yaml' plays a key before the first room ('set dungeon off': the "
          "player describes them); "
          "'set odds off' takes the odds out of the status bar.",
          _set, set_words),
    _tool("roll", "roll EXPR [WHY]", "Roll dice, such as 2d6, 4d6kh3, d20+3 or d66 (a d6 for "
          "tens, one for units; spaces only around + and -); the words after the dice say "
          "what for: 'roll 2d6 + 1 reaction'.", _roll, numbered=1),
    _tool("table", "table NAME", "Roll on a table; 'tables' lists them.", _table,
          first_word(_table_names)),
    _tool("ask", _ASK_USAGE, "Ask the oracle a yes/no "
          "question (odds default to 50/50), or 'ask meaning' for an action and a subject "
          "to read as a hint.", _ask, ask_words, numbered=0),
    _tool("chaos", "chaos [N|follow]", "Show the oracle's chaos, set it (1-9), or let it "
          "follow the danger.", _chaos, first_word(_chaos_words)),
    _tool("oracle", "oracle [STYLE]", "Show the oracle style, or choose one: mythic, "
          "ironsworn or opse.", _oracle, first_word(_style_names)),
    _tool("party", "party [add NAME [hp N] | set NAME KEY N | remove NAME]", "Show the "
          "party, or add, set or remove a member: 'party add Cid hp 6', 'party set Cid "
          "con_bonus 2' (their own value of a number setting, or a condition's count); "
          "'NAME: ACTION' plays an action as that member's.", _party, party_words),
    _tool("hurt", "hurt N", "Take N hit points from the member named (Wren: hurt 3), or from "
          "each member.", _hit_points(-1)),
    _tool("heal", "heal N", "Give back N hit points to the member named (Wren: heal 2), or "
          "to each member, up to their maximum.", _hit_points(1)),
    _tool("supply", "supply NAME COUNT", "Count a supply the party carries (supply torch 3; "
          "once counted, +N/-N adds or takes); lighting and refilling use it up.", _supply,
          first_word(supply_names)),
)}
TOOLS.update(ROOM_TOOLS)
"""Each of the engine's own commands, by its word (the dungeon's among them)."""
