"""The party's members: whom an effect reaches, their hit points, conditions and own
settings, the names a member's effects read (``member``, ``hp``…), the trackers that
follow the party's most (``party: most``), and the ``harm`` / ``heal``, ``condition`` and
``members`` effects."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace

from solo.engine.compiled_parts import CompileFunction, Compiler, Step
from solo.engine.events import MemberChanged, RollData, Rolled, Said
from solo.engine.run import RunState, bounded, whole
from solo.engine.state import Member, member_index
from solo.rules.effect_model import Condition, Effect, Members, Vitality
from solo.rules.procedure import Procedure

__all__ = ["targets", "marks", "change_member", "most_of_party", "with_count", "follow_party",
           "change_own", "act_as", "at_member", "for_member", "compile_members",
           "compile_harm_or_heal", "compile_condition", "COMPILERS"]


def targets(run: RunState, who: str) -> list[int]:
    """The indices of the members an effect reaches (see :data:`solo.rules.effect_model.WHO`)."""
    if run.member is not None:
        return [run.member]
    if who == "actor" and run.actor is not None:
        index = member_index(run.party, run.actor)
        return [] if index is None else [index]
    return list(range(len(run.party)))


def marks(run: RunState, member: Member) -> tuple[str, ...]:
    return run.procedure.party.marks(member.conditions, member.own)


def change_member(run: RunState, index: int, what: str, wanted: int, reason: str,
                  journal: bool = True) -> bool:
    """Move member ``index``'s hit points (``hp``) or condition ``what`` to ``wanted``,
    within its bounds; a member who drops to 0 HP meets the procedure's ``down``. With
    ``journal`` false the change is kept (the state records it) but makes no event.
    Whether anything changed (not if the value was at its bound already)."""
    member = run.party[index]
    if type(wanted) is not int:
        wanted = whole(f"{member.name}'s {what}", wanted)
    if what == "hp":
        before, label = member.hp, "HP"
        after = max(0, min(member.max_hp, wanted))
        member = replace(member, hp=after)
    else:
        condition = run.procedure.party.conditions[what]
        before, label = member.condition(what, condition.start), condition.label
        after = condition.clamp(wanted)
        bounded(f"{member.name}'s {what}", after)
        kept = {name: value for name, value in member.conditions if name != what}
        if after != condition.start:
            kept[what] = after
        member = replace(member, conditions=_in_order(kept, run.procedure.party.conditions))
    if after == before:
        return False  # already at the bound: nothing to journal
    run.party[index] = member
    if run.member == index:
        _bind_member(run, member)
    if journal:
        run.events.append(MemberChanged(member.name, what, label, before, after, reason,
                                        member.hp, member.max_hp, marks(run, member)))
    if what == "hp":
        if before > 0 and after == 0:
            if member.name not in run.fallen:
                run.fallen += (member.name,)
            if run.procedure.party.down:
                for_member(run, index, run.procedure.party.down)
    elif what in run.procedure.trackers:  # (a tracker that may follow the party's most)
        follow_party(run, reason)
    return True


def most_of_party(procedure: Procedure, party: Sequence[Member]) -> dict[str, tuple[int, str]]:
    """Each tracker that follows the party's most (``party: most``), while members are
    named: the largest of their own counts of its condition, and the first member's name
    who has it."""
    most = {}
    for name, tracker in procedure.trackers.items() if party else ():
        if tracker.most:
            start = procedure.party.conditions[name].start
            top = max(party, key=lambda member: member.condition(name, start))
            most[name] = (top.condition(name, start), top.name)
    return most


def with_count(procedure: Procedure, member: Member, name: str, count: int) -> Member:
    """``member`` holding ``count`` of condition ``name`` (in the procedure's order)."""
    return replace(member, conditions=_in_order({**dict(member.conditions), name: count},
                                                procedure.party.conditions))


def follow_party(run: RunState, reason: str) -> None:
    """Bring each tracker that follows the party's most to it, journaled with ``reason``
    (the members' own lines say whose count it is)."""
    for name, (most, _) in most_of_party(run.procedure, run.party).items():
        if run.values[name] != most:
            run.change_tracker(name, most, reason)


def change_own(run: RunState, index: int, name: str, value: int, reason: str) -> bool:
    """Give member ``index`` their own value of setting ``name``; whether it changed the
    value they play with (not when it is theirs, or the party's, already: nothing then)."""
    member = run.party[index]
    before = member.own_value(name, run.values[name])
    if value == before:
        return False
    member = replace(member, own=_in_order({**dict(member.own), name: value},
                                           run.procedure.settings))
    run.party[index] = member
    if run.member == index:
        _bind_member(run, member)
    elif run.member is None:
        _show_actors_own(run)
    run.events.append(MemberChanged(member.name, name, name, before, value, reason,
                                    member.hp, member.max_hp, marks(run, member)))
    return True


def act_as(run: RunState, actor: str | None) -> None:
    """Play the command as member ``actor`` (``Wren: search``): their own values of
    the settings count wherever the command reads them, outside ``members:``."""
    run.actor = actor
    _show_actors_own(run)


@contextmanager
def at_member(run: RunState, index: int) -> Iterator[None]:
    """Within: effects reach member ``index`` only, and ``member``, ``hp``… name theirs."""
    outer = run.member
    run.member = index
    _bind_member(run, run.party[index])
    try:
        yield
    finally:
        run.member = outer
        if outer is not None:
            _bind_member(run, run.party[outer])
        else:
            _show_actors_own(run)


def for_member(run: RunState, index: int, effects: Iterable[Effect]) -> None:
    """Run ``effects`` for member ``index`` alone."""
    with at_member(run, index):
        run.execute(effects)


def compile_members(compiler: Compiler, effect: Members) -> Step:
    """Run the effect's effects for each member it reaches, one after another."""
    who, body = effect.who, compiler.steps(effect.effects)

    def members(run: RunState) -> None:
        for index in targets(run, who):
            with at_member(run, index):
                body(run)

    return members


def compile_harm_or_heal(compiler: Compiler, effect: Vitality) -> Step:
    """Take hit points from (``harm``) or give them to (``heal``) each member reached: a
    number, or dice rolled for each member."""
    return lambda run: _harm_or_heal(run, effect)


def _harm_or_heal(run: RunState, effect: Vitality) -> None:
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    for index in targets(run, effect.who):
        with at_member(run, index):
            if effect.sign < 0 and run.party[index].hp == 0:  # nothing left to take
                if effect.dice is not None and run.record:  # (no dice rolled for nothing)
                    run.events.append(Said(f"{run.party[index].name} is down at 0 HP "
                                           "already: no damage rolled."))
                continue
            if effect.dice is None:
                amount = whole("harm or heal", run.evaluate(effect.amount))
            else:
                if run.record:
                    run.about(effect.label.render(run.scope) if effect.label else
                              ("Damage to " if effect.sign < 0 else "Healing for ")
                              + run.party[index].name)
                result = run.roll(effect.dice.render(run.scope))
                plus = whole("a harm or heal's plus", run.evaluate(effect.plus))
                run.last_roll = result
                amount = max(0, result.total + plus)
                if run.record:
                    label = (effect.label.render(run.scope) if effect.label else
                             ("Damage to " if effect.sign < 0 else "Healing for ")
                             + run.party[index].name)
                    run.events.append(Rolled(label, RollData.of(result), plus))
            if amount:
                change_member(run, index, "hp", run.party[index].hp + effect.sign * amount,
                              reason)


def compile_condition(compiler: Compiler, effect: Condition) -> Step:
    """Move conditions of each member reached by the amounts given (within bounds)."""
    if effect.reason is not None and effect.reason.fields:
        return lambda run: _change_conditions(run, effect)

    def change_conditions(run: RunState) -> None:
        if run.member is None and not run.party:
            return  # no one to reach (simulate's turns), and a reason that cannot fail
        _change_conditions(run, effect)

    return change_conditions


def _change_conditions(run: RunState, effect: Condition) -> None:
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    conditions = run.procedure.party.conditions
    for index in targets(run, effect.who):
        with at_member(run, index):
            for name, expr in effect.changes:
                by = whole(f"condition {name}", expr.evaluate(run.scope))
                current = run.party[index].condition(name, conditions[name].start)
                if conditions[name].clamp(current + by) != current:
                    change_member(run, index, name, current + by, reason,
                                  not conditions[name].quiet)


def _bind_member(run: RunState, member: Member) -> None:
    run.bind("member", member.name)
    run.bind("hp", member.hp)
    run.bind("max_hp", member.max_hp)
    for name, condition in run.procedure.party.conditions.items():
        value = member.condition(name, condition.start)
        run.bind(f"member_{name}", value)
        if condition.levels:
            run.bind(f"member_{name}_level", condition.level(value) or "")
    for name in _owned(run):  # a setting the member has their own value of
        run.bind(name, member.own_value(name, run.values[name]))


def _owned(run: RunState) -> set[str]:
    """The settings some member has their own value of."""
    values = run.values
    return {name for member in run.party for name, _ in member.own if name in values}


def _show_actors_own(run: RunState) -> None:
    index = None if run.actor is None else member_index(run.party, run.actor)
    actor = None if index is None else run.party[index]
    for name in _owned(run):
        run.locals.pop(name, None)
        run.scope[name] = run.values[name] if actor is None \
            else actor.own_value(name, run.values[name])


def _in_order(counts: Mapping[str, int], order: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """``counts`` as pairs in the procedure's ``order`` (names it no longer has first)."""
    place = {name: index for index, name in enumerate(order)}
    return tuple(sorted(counts.items(), key=lambda pair: place.get(pair[0], -1)))


COMPILERS: dict[type, CompileFunction] = {Vitality: compile_harm_or_heal,
                                          Condition: compile_condition,
                                          Members: compile_members}
"""The effects this module carries out, each with its one compile function."""
