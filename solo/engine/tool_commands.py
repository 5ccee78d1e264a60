"""The engine's own commands beside a procedure's actions: ``light``, ``douse``,
``strike``, ``set``, ``roll``, ``table``, ``ask``, ``chaos``, ``oracle``, ``party``,
``supply``, ``hurt`` and ``heal``, carried out. Each is a function of the world, the
command's run and its request, read by the command's entry (:mod:`solo.engine.tool_grammar`);
what is refused here depends on the moment of the game (is a torch burning? is anyone in
the party?), as a one-line UsageError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solo import defaults
from solo.engine.arguments import quote
from solo.engine.dungeon_named import set_dungeon
from solo.engine.effects_lights import douse_source, light_source
from solo.engine.effects_oracle import ask, chaos
from solo.engine.effects_party import change_member, change_own, follow_party, marks, targets
from solo.engine.effects_tables import roll_table
from solo.engine.events import PartyChanged, RollData, Rolled, Said, Struck, TrackerChanged
from solo.engine.meaning_oracle import ask_meaning
from solo.engine.requests import (
    AddMember,
    Ask,
    AskMeaning,
    ChangeHitPoints,
    ChooseOracle,
    CountSupply,
    Douse,
    Light,
    MarkRoom,
    NameWayOut,
    NoteRoom,
    RemoveMember,
    Request,
    Roll,
    RollOn,
    SetChaos,
    SetDungeon,
    SetMember,
    SetSetting,
    SetSupply,
    SetTracker,
    Strike,
)
from solo.engine.room_commands import mark_room, name_way_out, note_room
from solo.engine.run import RunState
from solo.engine.state import MAX_MEMBERS, MAX_VALUE, Member, member_index
from solo.errors import UsageError
from solo.rules import dice, oracle_styles
from solo.rules.world import World

__all__ = ["ToolCommand", "TOOL_COMMANDS"]

ToolCommand = Callable[[World, RunState, Any], None]
"""One of the engine's own commands: (world, run, its request) -> None."""


def _light(world: World, run: RunState, request: Light) -> None:
    light_source(run, request.kind, "lit by the party", by_player=True)


def _douse(world: World, run: RunState, request: Douse) -> None:
    if not douse_source(run, request.kind, "doused by the party"):
        raise UsageError(f"no {request.kind} is burning; 'lights' shows what is lit")


def _strike(world: World, run: RunState, request: Strike) -> None:
    if request.table is None or request.entry is None:
        if run.last_encounter is None:
            raise UsageError("no encounter to strike yet; use: strike TABLE ENTRY")
        name, index = run.last_encounter
    else:
        name, index = request.table, request.entry
    table = run.table(name)
    already = run.struck.get(name, ())
    if index in already:
        raise UsageError(f"{table.entries[index].id} is struck off {name} already")
    run.struck[name] = tuple(sorted((*already, index)))
    run.events.append(Struck(name, table.entries[index].text))


def _set_tracker(world: World, run: RunState, request: SetTracker) -> None:
    name, number = request.name, request.number
    if world.procedure.trackers[name].most and run.party:  # the members' own counts, each
        start = world.procedure.party.conditions[name].start
        for index, member in enumerate(run.party):
            count = member.condition(name, start)
            change_member(run, index, name, count + number if request.relative else number,
                          "set by the player")
        return
    current = run.values[name]
    wanted = world.procedure.trackers[name].clamp(current + number if request.relative
                                                  else number)
    if abs(wanted) > MAX_VALUE:
        raise UsageError(f"{name} cannot go past {MAX_VALUE:,}")
    run.change_tracker(name, wanted, "set by the player")


def _set_supply(world: World, run: RunState, request: SetSupply) -> None:
    _count_supply(run, request.name, request.number, request.relative, "set by the player")


def _set_setting(world: World, run: RunState, request: SetSetting) -> None:
    run.store(request.name, request.value)
    value = request.value  # (true or false as 'set' takes them, never Python's True)
    run.events.append(Said(f"{request.name} is now "
                           f"{str(value).lower() if isinstance(value, bool) else value}"))


def _roll(world: World, run: RunState, request: Roll) -> None:
    run.about(request.why or "Roll")
    result = dice.roll(request.expression, run.rng)
    run.events.append(Rolled(request.why or "Roll", RollData.of(result)))


def _table(world: World, run: RunState, request: RollOn) -> None:
    roll_table(run, request.table)


def _ask(world: World, run: RunState, request: Ask) -> None:
    style_name = request.style or str(run.values.get("oracle", defaults.ORACLE_STYLE))
    ask(run, request.question, request.odds, style_name)


def _chaos(world: World, run: RunState, request: SetChaos) -> None:
    """Chaos set to a number (from the one the oracle read: the danger's, if it followed
    it) or to follow the danger, unless that is behind the screen; kept, with a note, under
    a style that does not read it."""
    danger = world.procedure.danger
    if request.level != "follow":
        run.events.append(TrackerChanged("chaos", "Chaos", chaos(run), int(request.level),
                                         "set by the player", "Track",
                                         defaults.CHAOS_RANGE[1]))
    elif danger and run.hides(frozenset({danger})):
        raise UsageError(f"{world.procedure.trackers[danger].label} is behind the screen: "
                         "chaos that followed it would tell its value; give chaos a number")
    else:
        run.events.append(Said(f"Chaos now follows {danger}"))
    run.store("chaos", request.level)
    style = world.styles.get(str(run.values.get("oracle", defaults.ORACLE_STYLE)))
    if style is not None and style.method != "fate-chart":
        run.events.append(Said(f"The {style.name} oracle does not read chaos: it is kept for "
                               "a style that does (oracle mythic)"))


def _oracle(world: World, run: RunState, request: ChooseOracle) -> None:
    style = oracle_styles.get_style(world.styles, request.style)
    run.store("oracle", style.name)
    run.events.append(Said(f"The oracle style is now {style.name}"))


def _add_member(world: World, run: RunState, request: AddMember) -> None:
    name, counts = request.name, dict(request.counts)
    if member_index(run.party, name) is not None:
        raise UsageError(f"{name} is already in the party")
    if len(run.party) >= MAX_MEMBERS:
        raise UsageError(f"the party is full ({MAX_MEMBERS} members)")
    hp = counts.pop("hp", world.procedure.party.hp)
    conditions = world.procedure.party.conditions
    for key, tracker in world.procedure.trackers.items():
        if tracker.most and not run.party and not conditions[key].joins_fresh:
            # the first one named carries the party's count (a level the party was at)
            counts.setdefault(key, conditions[key].clamp(run.values[key]))
    member = Member(name, hp, hp,
                    tuple((key, value) for key, value in counts.items()
                          if key in conditions and value != conditions[key].start),
                    tuple((key, value) for key, value in counts.items()
                          if key not in conditions))
    run.party.append(member)
    run.events.append(PartyChanged(name, True, hp, hp, marks(run, member)))
    follow_party(run, f"{name} joins the party")


def _set_member(world: World, run: RunState, request: SetMember) -> None:
    index = member_index(run.party, request.name)
    if index is None:
        raise UsageError(f"no one called {quote(request.name)} in the party")
    conditions = world.procedure.party.conditions
    changed = False
    for key, value in request.counts.items():
        change = change_member if key in conditions else change_own
        changed |= change(run, index, key, value, "set by the player")
    if not changed:  # (one refusal for conditions and own settings alike)
        member = run.party[index]
        shown = ", ".join(f"{key} is " + str(
            member.condition(key, conditions[key].start) if key in conditions
            else member.own_value(key, run.values[key])) for key in request.counts)
        raise UsageError(f"{member.name}'s {shown} already: party set changes nothing")


def _remove_member(world: World, run: RunState, request: RemoveMember) -> None:
    index = member_index(run.party, request.name)
    if index is None:
        raise UsageError(f"no one called {quote(request.name)} in the party")
    member = run.party.pop(index)
    run.events.append(PartyChanged(member.name, False, member.hp, member.max_hp,
                                   marks(run, member)))
    follow_party(run, f"{member.name} leaves the party")


def _supply(world: World, run: RunState, request: CountSupply) -> None:
    _count_supply(run, request.name, request.number, request.relative,
                  "counted by the player")


def _count_supply(run: RunState, name: str, number: int, relative: bool, reason: str) -> None:
    """Supply ``name`` to ``number``, or by it (``relative``: typed with a sign, refused
    while the player keeps it uncounted: there is no count to add to)."""
    if relative and name not in run.supplies:
        raise UsageError(f"{run.procedure.supplies[name].label} are not counted yet: "
                         f"nothing to add to or take from; 'supply {name} N' starts counting "
                         "at N")
    wanted = run.supplies.get(name, 0) + number if relative else number
    if not 0 <= wanted <= MAX_VALUE:
        raise UsageError(f"{name} must stay from 0 to {MAX_VALUE:,}")
    run.change_supply(name, wanted, reason)


def _hit_points(world: World, run: RunState, request: ChangeHitPoints) -> None:
    """``hurt N`` / ``heal N``: the member the line names (``Wren: hurt 3``), else each."""
    verb, reason = ("hurt", "hurt") if request.sign < 0 else ("heal", "healed")
    if not run.party:
        raise UsageError(f"no one is named in the party to {verb}; party add NAME first")
    reached = targets(run, "actor")
    changed = [change_member(run, index, "hp",
                             run.party[index].hp + request.sign * request.amount, reason)
               for index in reached]
    if not any(changed):  # no entry that changes nothing: say so instead
        who = (run.party[reached[0]].name if len(reached) == 1 else "every member")
        bound = "is at 0 HP" if request.sign < 0 else (
            f"has all {run.party[reached[0]].max_hp} HP" if len(reached) == 1
            else "has all their HP")
        raise UsageError(f"{who} {bound} already: {verb} changes nothing")


TOOL_COMMANDS: dict[type[Request], ToolCommand] = {
    Light: _light, Douse: _douse, Strike: _strike, SetTracker: _set_tracker,
    SetSupply: _set_supply, SetSetting: _set_setting, Roll: _roll, RollOn: _table, Ask: _ask,
    SetChaos: _chaos, ChooseOracle: _oracle, AddMember: _add_member, SetMember: _set_member,
    RemoveMember: _remove_member, CountSupply: _supply, ChangeHitPoints: _hit_points,
    NoteRoom: note_room, MarkRoom: mark_room, NameWayOut: name_way_out,
    SetDungeon: set_dungeon, AskMeaning: ask_meaning,
}
"""Each of the engine's own commands, by the request it carries out (a walk, ``go`` or
``back``, is carried out as the procedure plays it: :func:`solo.engine.walks.walk_request`)."""
