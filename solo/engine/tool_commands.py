"""The engine's own commands beside a procedure's actions: ``light``, ``douse``,
``strike``, ``set``, ``roll``, ``table``, ``ask``, ``chaos``, ``oracle``, ``party``,
``supply``, ``hurt`` and ``heal``. Each is a function of the world, the command's run and
the text after the command's word; each refusal is a one-line UsageError."""

from __future__ import annotations

import difflib
from collections.abc import Callable

from solo import defaults
from solo.engine import oracle
from solo.engine.arguments import MAX_DIGITS, quote, split_member, supply_named, whole_number
from solo.engine.effects_lights import douse_source, light_source
from solo.engine.effects_oracle import ask
from solo.engine.effects_party import change_member, change_own, marks, targets
from solo.engine.effects_tables import roll_table
from solo.engine.events import PartyChanged, Rolled, Said, Struck, TrackerChanged
from solo.engine.run import RunState
from solo.engine.state import MAX_MEMBERS, MAX_VALUE, Member, member_index
from solo.errors import UsageError
from solo.rules import dice, oracle_styles
from solo.rules.world import World

__all__ = ["ToolCommand", "TOOL_COMMANDS", "ENGINE_COMMANDS"]

ToolCommand = Callable[[World, RunState, str], None]
"""One of the engine's own commands: (world, run, the text after its word) -> None."""


def _light(world: World, run: RunState, text: str) -> None:
    light_source(run, _light_kind(world, text), "lit by the party", by_player=True)


def _douse(world: World, run: RunState, text: str) -> None:
    kind = _light_kind(world, text)
    if not douse_source(run, kind, "doused by the party"):
        raise UsageError(f"no {kind} is burning; 'lights' shows what is lit")


def _light_kind(world: World, text: str) -> str:
    kinds = world.procedure.lights
    word = text.strip().lower()
    if word not in kinds:
        choices = ", ".join(kinds) or "none in this procedure"
        raise UsageError(f"name a light source: {choices}")
    return word


def _strike(world: World, run: RunState, text: str) -> None:
    words = text.split()
    if not words:
        if run.last_encounter is None:
            raise UsageError("no encounter to strike yet; use: strike TABLE ENTRY")
        name, index = run.last_encounter
    else:
        name = words[0]
        table = world.table(name)
        if table is None:
            raise UsageError(f"no table named {quote(name)}; 'tables' lists them")
        if len(words) < 2:
            raise UsageError("usage: strike [TABLE ENTRY], where ENTRY is its id or a roll")
        if any(len(word) > MAX_DIGITS for word in words[1:]):
            raise UsageError(f"no entry that long in {name}")
        found = table.find(" ".join(words[1:]))
        if found is None:
            raise UsageError(f"no entry {quote(' '.join(words[1:]))} in {name}")
        index = found
    table = run.table(name)
    already = run.struck.get(name, ())
    if index not in already:
        run.struck[name] = tuple(sorted((*already, index)))
    run.events.append(Struck(name, table.entries[index].text))


def _set(world: World, run: RunState, text: str) -> None:
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
        raise UsageError(f"nothing named {quote(name)} to set; choose one of: {known}")
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


def _roll(world: World, run: RunState, text: str) -> None:
    if not text:
        raise UsageError("usage: roll EXPR [why], for example: roll 2d6 reaction")
    expression, _, why = text.partition(" ")
    result = dice.roll(expression, run.rng)
    run.events.append(Rolled(why.strip() or "Roll", result))


def _table(world: World, run: RunState, text: str) -> None:
    name = text.strip()
    if not name:
        raise UsageError("usage: table NAME; 'tables' lists them")
    if world.table(name) is None:
        names = list(world.table_names())
        listing = ", ".join(names)
        if len(listing) > 240:  # many tables installed: the closest few, and where the rest are
            close = difflib.get_close_matches(name, names, n=3)
            listing = (f"{', '.join(close)}, or " if close else "") + "see 'tables'"
        raise UsageError(f"no table named {quote(name)}; choose one of: {listing}")
    roll_table(run, name)


def _ask(world: World, run: RunState, text: str) -> None:
    if not text:
        raise UsageError("usage: ask QUESTION? [ODDS], for example: ask Is it locked? likely")
    style_name = str(run.values.get("oracle", defaults.ORACLE_STYLE))
    first, _, rest = text.partition(" ")
    if first.endswith(":") and first[:-1].lower() in world.styles:
        style_name, text = first[:-1].lower(), rest
    question, odds = oracle.split_question(text)
    ask(run, question, odds, style_name)


def _chaos(world: World, run: RunState, text: str) -> None:
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


def _oracle(world: World, run: RunState, text: str) -> None:
    style = oracle_styles.get_style(world.styles, text.strip().lower() or None)
    run.store("oracle", style.name)
    run.events.append(Said(f"The oracle style is now {style.name}"))


def _party(world: World, run: RunState, text: str) -> None:
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
        run.events.append(PartyChanged(name, True, hp, hp, marks(run, member)))
        return
    if verb == "set" and len(words) >= 2:
        name, counts = split_member(world, words[1:])
        index = member_index(run.party, name)
        if index is None:
            raise UsageError(f"no one called {quote(name)} in the party")
        if not counts or "hp" in counts:
            raise UsageError("usage: party set NAME CONDITION N or SETTING N (hit points "
                             "change with hurt and heal)")
        for key, value in counts.items():
            if key in world.procedure.party.conditions:
                change_member(run, index, key, value, "set by the player")
            else:
                change_own(run, index, key, value, "set by the player")
        return
    if verb == "remove" and len(words) >= 2:
        index = member_index(run.party, " ".join(words[1:]))
        if index is not None:
            member = run.party.pop(index)
            run.events.append(PartyChanged(member.name, False, member.hp, member.max_hp,
                                           marks(run, member)))
            return
        raise UsageError(f"no one called {quote(' '.join(words[1:]))} in the party")
    raise UsageError("usage: party add NAME [hp N] [CONDITION N…] [SETTING N…], "
                     "party set NAME CONDITION N or SETTING N…, or party remove NAME")


def _supply(world: World, run: RunState, text: str) -> None:
    words = text.split()
    if len(words) != 2:
        raise UsageError("usage: supply NAME COUNT, such as supply torch 3 (+N/-N to add)")
    name = supply_named(world, words[0])
    if name is None:
        known = ", ".join(world.procedure.supplies) or "none in this procedure"
        raise UsageError(f"solo does not count {quote(words[0])} here; it counts: {known}")
    _count_supply(run, name, words[1], "counted by the player")


def _count_supply(run: RunState, name: str, value: str, reason: str) -> None:
    """Supply ``name`` to ``value`` typed by the player, or by it with a sign (``+2``)."""
    number = whole_number(name, value)
    wanted = run.supplies.get(name, 0) + number if value[0] in "+-" else number
    if not 0 <= wanted <= MAX_VALUE:
        raise UsageError(f"{name} must stay from 0 to {MAX_VALUE:,}")
    run.change_supply(name, wanted, reason)


def _hit_points(sign: int, reason: str) -> ToolCommand:
    """``hurt N`` / ``heal N``: the member the line names (``Wren: hurt 3``), else each."""
    verb = "hurt" if sign < 0 else "heal"

    def change(world: World, run: RunState, text: str) -> None:
        if not run.party:
            raise UsageError(f"no one is named in the party to {verb}; party add NAME first")
        words = text.split()
        if len(words) != 1:
            raise UsageError(f"usage: {verb} N, or NAME: {verb} N for one member")
        amount = whole_number(verb, words[0])
        if amount < 1:
            raise UsageError(f"{verb} takes a number of hit points from 1 up")
        for index in targets(run, "actor"):
            change_member(run, index, "hp", run.party[index].hp + sign * amount, reason)
    return change


TOOL_COMMANDS: dict[str, ToolCommand] = {
    "light": _light, "douse": _douse, "strike": _strike, "set": _set, "roll": _roll,
    "table": _table, "ask": _ask, "chaos": _chaos, "oracle": _oracle, "party": _party,
    "supply": _supply, "hurt": _hit_points(-1, "hurt"), "heal": _hit_points(1, "healed"),
}
"""Each of the engine's own commands, by its word."""
ENGINE_COMMANDS = tuple(TOOL_COMMANDS)
"""The engine's own commands beside a procedure's actions (defined once, by TOOL_COMMANDS)."""
