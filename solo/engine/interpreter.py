"""Carry out a procedure's effects against a working copy of the state.

A :class:`Run` is made for one command, mutates its own copies, records events,
and hands back a new frozen :class:`~solo.engine.state.State`. It never does I/O.

A Run given a :class:`~solo.engine.compiled.Program` (``solo simulate``) runs an action's
effects and its turns through the program's closures instead, recording no events;
the rare effects those closures hand back come here, to the same handlers.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Protocol

from solo import defaults
from solo.engine import oracle
from solo.engine.events import (
    Acted,
    Answered,
    Checked,
    Encountered,
    Event,
    LightChanged,
    MemberChanged,
    Rolled,
    Said,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.engine.state import MAX_TEXT, MAX_VALUE, Light, Member, State, member_index
from solo.errors import SoloError, UsageError
from solo.rules import dice, oracle_styles
from solo.rules.effects import (
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
    Say,
    Supply,
    Vitality,
)
from solo.rules.expr import ExprError
from solo.rules.procedure import USAGE_DICE, Action, Procedure
from solo.rules.tables import Table, expand_inline_dice
from solo.rules.validate import BUILTIN_NAMES, MAX_TURNS_PER_ACTION


class CompiledActions(Protocol):
    """What a run needs of its compiled form (:class:`solo.engine.compiled.Program`)."""

    on_action: Callable[[], None]

    def action(self, action: Action) -> Callable[[], None]: ...

    def pass_turns(self, count: int) -> None: ...

__all__ = ["Run", "describe_light", "light_level", "MAX_TURNS_PER_ACTION", "MAX_LIT",
           "MAX_CALL_DEPTH", "BUILTIN_NAMES"]

MAX_LIT = 100
"""The most sources the party may have burning at once: more than any party carries."""
MAX_CALL_DEPTH = 50
"""How deeply routines may call each other."""

def describe_light(light: Light) -> str:
    left = "no limit" if light.remaining is None else f"{light.remaining} turns left"
    return (f"lit, {left}" + (", dimmed" if light.dimmed else "")
            + (f", usage die {light.die}" if light.die else ""))


def _bounded(name: str, value: Any) -> Any:
    """``value`` if the state may hold it; an ExprError naming ``name`` otherwise."""
    kind = type(value)
    if kind is int:
        if -MAX_VALUE <= value <= MAX_VALUE:
            return value
        raise ExprError(f"{name} would be out of range (over {MAX_VALUE:,} in size)")
    if kind is str and len(value) > MAX_TEXT:
        raise ExprError(f"{name} would be {len(value):,} characters long; the limit is "
                        f"{MAX_TEXT:,}")
    return value


def _whole(what: str, value: Any) -> int:
    if type(value) is int or type(value) is bool:
        return int(value)
    raise ExprError(f"{what} needs a whole number, not {str(value)[:40]!r}")


def light_level(procedure: Procedure, lights: Iterable[Light]) -> str:
    """'bright' if any bright source burns undimmed, 'dim' if any source burns, else 'dark'."""
    level = "dark"
    for light in lights:
        kind = procedure.lights.get(light.kind)
        if kind is not None and kind.level == "bright" and not light.dimmed:
            return "bright"
        level = "dim"
    return level


class _Scope(dict):
    """Names visible to expressions.

    The dict itself holds the state's values overlaid with the command's locals, so the
    common lookups run at C speed; names computed from the run (turn, light, …) come
    from ``__missing__``. :class:`Run` keeps it in step through :meth:`Run.bind` and
    :meth:`Run.store`.
    """

    __slots__ = ("run",)

    def __init__(self, run: Run) -> None:
        super().__init__(run.values)
        self.update(run.locals)
        self.run = run

    def __missing__(self, name: str) -> Any:
        run = self.run
        computed = _COMPUTED.get(name)
        if computed is not None:
            return computed(run)
        if name.startswith("lit_") and name[4:] in run.procedure.lights:
            return sum(1 for light in run.lights if light.kind == name[4:])
        if name in run.supplies:
            return run.supplies[name]
        if name.startswith("member_"):
            conditions = run.procedure.party.conditions
            if name[7:] in conditions:
                return _actor_count(run, name[7:])
            if name.endswith("_level") and name[7:-6] in conditions:
                return conditions[name[7:-6]].level(_actor_count(run, name[7:-6])) or ""
        if name in run.procedure.supplies:
            return 0  # not counted yet (``has_NAME`` is true for it)
        if name.startswith("has_") and name[4:] in run.procedure.supplies:
            return run.supplies.get(name[4:], 1) > 0  # not counted: the party has enough
        if name == "dice":  # the dice the last roll kept, one by one: count(dice, 1)
            last = run.last_roll
            if last is None:
                return run.last_dice  # a single die the compiled path rolled, or ()
            return tuple(die for term in last.terms
                         for die, kept in zip(term.rolls, term.kept, strict=True) if kept)
        if name.endswith("_level"):
            tracker = run.procedure.trackers.get(name[:-6])
            if tracker is not None and tracker.levels:
                return tracker.level(run.values[tracker.name])
        raise KeyError(name)


class Run:
    """One command's worth of effects."""

    def __init__(self, procedure: Procedure, tables: Mapping[str, Table], state: State,
                 rng: random.Random, action: Action | None = None,
                 styles: Mapping[str, oracle_styles.OracleStyle] | None = None) -> None:
        self.procedure = procedure
        self.tables = tables
        self.styles = styles or {}
        self.doused = list(state.doused)
        self.supplies = dict(state.supplies)
        self.foretold = state.foretold
        self.rng = rng
        self.action = action
        self.values = dict(state.values)
        self.turn = state.turn
        self.lights = list(state.lights)
        self.struck = dict(state.struck)
        self.foreshadowed = state.foreshadowed
        self.last_encounter = state.last_encounter
        self.encounters = state.encounters
        self.party = list(state.party)
        self.actor: str | None = None  # the member the command names (``Wren: rest``)
        self.member: int | None = None  # the member ``members:`` is at, by index
        self.state = state
        self.locals: dict[str, Any] = {}
        self.events: list[Event] = []
        self.outcomes: list[str] = []
        self.scope = _Scope(self)
        self.depth = 0
        self.turn_outcomes_start = 0
        self.last_roll: dice.Roll | None = None
        self.last_dice: tuple[int, ...] = ()  # read when last_roll is None
        if "turn" not in self.values:
            self.scope["turn"] = self.turn
        self.record = True  # False: skip the events no one reads (solo simulate)
        self.program: CompiledActions | None = None  # set: actions run compiled, recording nothing

    # -- results ---------------------------------------------------------------
    def finish(self) -> State:
        state = self.state
        return State(values=self.values, turn=self.turn, step=state.step + 1, prev=state.step,
                     lights=tuple(self.lights), struck=self.struck,
                     foreshadowed=self.foreshadowed, last_encounter=self.last_encounter,
                     encounters=self.encounters, doused=tuple(self.doused),
                     supplies=self.supplies, foretold=self.foretold,
                     party=tuple(self.party))

    # -- a procedure action -----------------------------------------------------
    def act(self, action: Action, arguments: Mapping[str, Any], line: str) -> None:
        """Carry out ``action``: its guard, ``on_action``, its effects, then its turns."""
        self.action = action
        self._set_locals(arguments)
        if action.allowed is not None and not action.allowed.evaluate(self.scope):
            raise UsageError(action.refusal or f"{action.name} is not possible now")
        time = 0 if action.time is None else action.time.evaluate(self.scope)
        if type(time) is not int:
            time = _whole(f"the time of '{action.name}'", time)
        if not 0 <= time <= MAX_TURNS_PER_ACTION:
            raise ExprError(f"'{action.name}' would take {time} turns; one command may take "
                            f"0 to {MAX_TURNS_PER_ACTION}")
        program = self.program
        if program is not None:  # solo simulate: the same effects, compiled, no events
            self.turn_outcomes_start = len(self.outcomes)
            if time > 0:
                program.on_action()
            program.action(action)()
            program.pass_turns(time)
            return
        self.events.append(Acted(line, self.actor))
        self.turn_outcomes_start = len(self.outcomes)
        if time > 0:
            self.execute(self.procedure.on_action)
        self.execute(action.effects)
        self.pass_turns(time)

    # -- time ------------------------------------------------------------------
    def pass_turns(self, count: int) -> None:
        scope = self.scope
        # ``turn`` is kept in the scope's dict (read every turn), unless a value or a local
        # of that name hides it
        keep_turn = "turn" not in self.values and "turn" not in self.locals
        for _ in range(count):
            self.turn += 1
            if keep_turn:
                scope["turn"] = self.turn
            self.turn_outcomes_start = len(self.outcomes)
            if self.record:
                self.events.append(TurnPassed(self.turn, self.procedure.minutes))
            self.execute(self.procedure.each_turn)
            self._burn_lights()

    def _burn_lights(self) -> None:
        kept = []
        for light in self.lights:
            if light.remaining is None:
                kept.append(light)
                continue
            left = light.remaining - 1
            label = self.procedure.lights[light.kind].label
            if left <= 0:
                self.events.append(LightChanged(light.kind, label, describe_light(light),
                                                "burnt out", "time"))
            else:
                kept.append(Light(light.kind, left, light.dimmed))
        self.lights = kept

    # -- effects ---------------------------------------------------------------
    def execute(self, effects: Iterable[Effect]) -> None:
        """Run effects in order, skipping those whose ``when`` is false. This is the hot
        path of ``solo simulate``: guards call the compiled evaluator directly, and an
        unknown name (KeyError) becomes an ExprError in :func:`solo.engine.core.perform`."""
        scope, handlers = self.scope, _HANDLERS
        effect: Any  # one of the Effect classes; their kind is told apart by class below
        for effect in effects:
            when = effect.when
            if when is not None and not when.evaluate(scope):
                continue
            kind = effect.__class__
            if kind is Say:  # the commonest effects are run here, saving a call each
                self.events.append(Said(effect.text.render(scope)))
            elif kind is Branch:
                chosen = effect.then if effect.condition.evaluate(scope) else effect.otherwise
                if chosen:
                    self.execute(chosen)
            else:
                handlers[kind](self, effect)

    def evaluate(self, expr) -> Any:
        return 0 if expr is None else expr.evaluate(self.scope)

    def _adjust(self, effect: Adjust) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        for name, expr in effect.changes:
            by = expr.evaluate(self.scope)
            if type(by) is not int:
                by = _whole(f"adjusting {name}", by)
            self.change_tracker(name, self.values[name] + by, reason)

    def _set_locals(self, arguments: Mapping[str, Any]) -> None:
        """Start a command's locals afresh: the last command's ones leave the scope."""
        if not arguments and not self.locals:
            return  # nothing to take out, nothing to put in
        scope, values = self.scope, self.values
        for name in self.locals:
            if name in values:
                scope[name] = values[name]
            else:
                del scope[name]
        self.locals = dict(arguments)
        scope.update(self.locals)

    def bind(self, name: str, value: Any) -> None:
        """Give a local name (an argument, a let, a roll) a value for this command."""
        kind = type(value)
        if (kind is int and not -MAX_VALUE <= value <= MAX_VALUE) or kind is str:
            _bounded(name, value)
        self.locals[name] = value
        self.scope[name] = value

    def store(self, name: str, value: Any) -> None:
        """Change one of the state's values (a tracker, a setting, a flag)."""
        kind = type(value)
        if (kind is int and not -MAX_VALUE <= value <= MAX_VALUE) or kind is str:
            _bounded(name, value)
        self.values[name] = value
        if name not in self.locals:
            self.scope[name] = value

    def change_tracker(self, name: str, wanted: int, reason: str) -> None:
        tracker = self.procedure.trackers[name]
        before = self.values[name]
        after = self.set_tracker(name, wanted)
        if tracker.shown:
            self.events.append(TrackerChanged(name, tracker.label, before, after, reason,
                                              tracker.notation, tracker.maximum))

    def set_tracker(self, name: str, wanted: int) -> int:
        """Move tracker ``name`` to ``wanted`` within its bounds; the value it takes."""
        tracker = self.procedure.trackers[name]
        if type(wanted) is not int:
            wanted = _whole(f"tracker {name}", wanted)
        low, high = tracker.minimum, tracker.maximum
        after = (low if low is not None and wanted < low
                 else high if high is not None and wanted > high else wanted)
        if low is None or high is None:
            _bounded(f"tracker {name}", after)
        self.values[name] = after
        if name not in self.locals:
            self.scope[name] = after
        return after

    def _default_reason(self) -> str:
        return self.action.name if self.action else "procedure"

    def _assign(self, effect: Assign) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        for name, expr in effect.values:
            value = expr.evaluate(self.scope)
            if name in self.procedure.trackers:
                if self.values[name] != value:
                    self.change_tracker(name, int(value), reason)
            else:
                self.store(name, value)

    def _let(self, effect: Let) -> None:
        for name, expr in effect.values:
            self.bind(name, expr.evaluate(self.scope))

    def _roll(self, dice_text: str) -> dice.Roll:
        return dice.roll(dice_text, self.rng)

    def _roll_dice(self, effect: RollDice) -> None:
        result = self._roll(effect.dice.render(self.scope))
        plus = 0 if effect.plus is None else effect.plus.evaluate(self.scope)
        if type(plus) is not int:
            plus = _whole("a roll's plus", plus)
        self.last_roll = result
        if effect.name:
            self.bind(effect.name, result.total + plus)
        if self.record:
            self.events.append(Rolled(effect.label.render(self.scope), result, plus))

    def _check(self, effect: Check) -> None:
        result = self._roll(effect.dice.render(self.scope))
        plus = 0 if effect.plus is None else effect.plus.evaluate(self.scope)
        if type(plus) is not int:
            plus = _whole("a check's plus", plus)
        self.last_roll = result
        self.bind("natural", result.total)
        self.bind("roll", result.total + plus)
        success = bool(effect.success.evaluate(self.scope))
        if self.record:
            self.events.append(Checked(effect.label.render(self.scope), result, plus, success))
        self.execute(effect.then if success else effect.otherwise)

    def table(self, name: str) -> Table:
        table = self.tables.get(name) or self.procedure.tables.get(name)
        if table is None:
            raise UsageError(f"no table named {name!r}; 'tables' lists them")
        return table

    def roll_table(self, name: str, plus_expr=None) -> tuple[Table, int, TableRolled]:
        table = self.table(name)
        result = dice.roll(table.expression, self.rng)
        if plus_expr is not None:
            plus = _whole(f"table {name}'s plus", plus_expr.evaluate(self.scope))
        elif table.plus_expr is not None:
            plus = table.plus_expr.evaluate(self.scope)
            if type(plus) is not int:
                plus = _whole(f"table {name}'s plus", plus)
        else:
            plus = 0
        index = table.index_for(result.total + plus)
        entry = table.entries[index]
        text, inline = expand_inline_dice(entry.text, self.rng)
        event = TableRolled(table.name, table.title, result, plus, entry.id, text, tuple(inline))
        self.events.append(event)
        return table, index, event

    def _roll_table(self, effect: RollTable) -> None:
        table, index, event = self.roll_table(effect.table, effect.plus)
        if effect.outcome:
            self.outcomes.append(event.entry_id)
        if effect.name:
            self.bind(effect.name, event.entry_id)
        self.execute(table.entries[index].effects)

    def _encounter(self, effect: Encounter) -> None:
        name = effect.table or self.procedure.encounters or ""
        if not effect.sign and self.foreshadowed and self.foreshadowed[0] == name:
            index = self.foreshadowed[1]
            table = self.table(name)
            # The creature foretold arrives as foretold: the count rolled with the sign.
            text = self.foretold
            if text is None or index >= len(table.entries):
                text, _ = expand_inline_dice(table.entries[min(index, len(table.entries) - 1)]
                                             .text, self.rng)
            self.foreshadowed, self.foretold = None, None
            self._meet(table, min(index, len(table.entries) - 1), text, "foreshadowed", effect)
            return
        table, index, event = self.roll_table(name)
        if index in self.struck.get(name, ()):
            self.events.append(Encountered(name, event.text,
                                           "struck-sign" if effect.sign else "struck"))
            self.execute(effect.otherwise)
            return
        if effect.sign:
            # Reading: a newer sign replaces an older one, and the journal says so.
            if self.foreshadowed is not None and self.foretold is not None:
                self.events.append(Said(f"The earlier sign ({self.foretold}) is superseded: "
                                        "the newer sign is what comes next."))
            self.foreshadowed, self.foretold = (name, index), event.text
            self.events.append(Encountered(name, event.text, "sign"))
            self.execute(effect.then)
            return
        self._meet(table, index, event.text, "met", effect)

    def _meet(self, table: Table, index: int, text: str, status: str, effect: Encounter) -> None:
        self.encounters += 1
        self.last_encounter = (table.name, index)
        self.events.append(Encountered(table.name, text, status))
        self.execute(effect.then)

    # -- light sources and supplies ---------------------------------------------------
    def light_source(self, kind_name: str, reason: str, by_player: bool = False) -> bool:
        """Light one source of ``kind_name``: a doused one first, with what it had left,
        else a fresh one (taking one of its supply, if it uses one). False if none is left
        (the player is refused instead)."""
        kind = self.procedure.lights[kind_name]
        if len(self.lights) >= MAX_LIT:
            raise UsageError(f"{MAX_LIT} sources are already burning; douse one first")
        for index, spare in enumerate(self.doused):
            if spare.kind == kind_name:
                del self.doused[index]
                self.lights.append(spare)
                self.events.append(LightChanged(kind_name, kind.label, "doused",
                                                describe_light(spare), reason))
                return True
        if kind.uses is not None and kind.uses in self.supplies:  # counted
            supply = self.procedure.supplies[kind.uses]
            have = self.supplies.get(kind.uses, 0)
            if have <= 0:
                if by_player:
                    raise UsageError(f"no {supply.label.lower()} left to light a "
                                     f"{kind.label.lower()}")
                self.events.append(Said(f"No {supply.label.lower()} left: the "
                                        f"{kind.label} is not lit."))
                return False
            self.change_supply(kind.uses, have - 1, f"one used to light a {kind.label.lower()}")
        lit = Light(kind_name, kind.turns, False, kind.die)
        self.lights.append(lit)
        self.events.append(LightChanged(kind_name, kind.label, "unlit", describe_light(lit),
                                        reason))
        return True

    def douse_source(self, kind_name: str, reason: str) -> bool:
        """Put out one lit source of ``kind_name``, keeping what it has left for later."""
        for index, light in enumerate(self.lights):
            if light.kind == kind_name:
                del self.lights[index]
                self.doused.append(light)
                self.events.append(LightChanged(kind_name, self.procedure.lights[kind_name].label,
                                                describe_light(light), "doused", reason))
                return True
        return False

    def change_supply(self, name: str, wanted: int, reason: str) -> None:
        supply = self.procedure.supplies[name]
        before = self.supplies.get(name, 0)
        after = max(0, _bounded(f"supply {name}", wanted))
        self.supplies[name] = after
        self.events.append(TrackerChanged(name, supply.label, before, after, reason, "Inv"))

    def _supply(self, effect: Supply) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        for name, expr in effect.changes:
            if name not in self.supplies:
                continue  # not counted: the player has not said how many the party carries
            by = _whole(f"supply {name}", expr.evaluate(self.scope))
            self.change_supply(name, self.supplies.get(name, 0) + by, reason)

    def _light(self, effect: LightChange) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        if effect.operation == "light":
            for _ in range(effect.count or 1):
                if not self.light_source((effect.kinds or ("",))[0], reason):
                    break
            return
        remaining = effect.count
        kept: list[Light] = []
        for light in self.lights:
            chosen = (remaining is None or remaining > 0) and (
                effect.kinds is None or light.kind in effect.kinds)
            if not chosen:
                kept.append(light)
                continue
            kind = self.procedure.lights[light.kind]
            if effect.check is not None and not self._check_source(effect.check, kind.label,
                                                                   light):
                kept.append(light)
                continue
            if remaining is not None:
                remaining -= 1
            if effect.operation == "douse":
                self.doused.append(light)
                self.events.append(LightChanged(light.kind, kind.label, describe_light(light),
                                                "doused", reason))
                continue
            after = self._apply_light(effect.operation, light, kind)
            if after is light:
                continue  # nothing to change (a refill without oil, a source with no die)
            self.events.append(LightChanged(light.kind, kind.label, describe_light(light),
                                            describe_light(after) if after else "out", reason))
            if after is not None:
                kept.append(after)
        self.lights = kept

    def _check_source(self, check, label: str, light: Light) -> bool:
        """Roll ``check`` for one light source (``source`` names it, ``die`` is its usage
        die); True if it succeeds."""
        self.bind("source", label)
        self.bind("die", light.die or "")
        result = self._roll(check.dice.render(self.scope))
        self.last_roll = result
        self.bind("natural", result.total)
        self.bind("roll", result.total)
        success = bool(check.success.evaluate(self.scope))
        if self.record:
            self.events.append(Checked(check.label.render(self.scope), result, 0, success))
        return success

    def _apply_light(self, operation: str, light: Light, kind) -> Light | None:
        if operation == "out":
            return None
        if operation == "dim":
            if light.dimmed or kind.level == "dim":
                return None
            return Light(light.kind, light.remaining, True, light.die)
        if operation == "step":
            if light.die is None:
                return light
            index = USAGE_DICE.index(light.die)
            return None if index == 0 else Light(light.kind, light.remaining, light.dimmed,
                                                 USAGE_DICE[index - 1])
        if operation == "refill":
            if kind.refill is not None and kind.refill in self.supplies:  # counted
                have = self.supplies.get(kind.refill, 0)
                if have <= 0:
                    supply = self.procedure.supplies[kind.refill].label.lower()
                    self.events.append(Said(f"No {supply} left to refill the {kind.label}."))
                    return light
                self.change_supply(kind.refill, have - 1,
                                   f"one used to refill the {kind.label.lower()}")
            return Light(light.kind, kind.turns, False, kind.die)
        if light.remaining is None:
            return light
        return Light(light.kind, max(1, light.remaining // 2), light.dimmed, light.die)

    # -- the party's members ---------------------------------------------------------
    def targets(self, who: str) -> list[int]:
        """The indices of the members an effect reaches (see :data:`solo.rules.effects.WHO`)."""
        if self.member is not None:
            return [self.member]
        if who == "actor" and self.actor is not None:
            index = member_index(self.party, self.actor)
            return [] if index is None else [index]
        return list(range(len(self.party)))

    def marks(self, member: Member) -> tuple[str, ...]:
        return self.procedure.party.marks(member.conditions, member.own)

    def change_member(self, index: int, what: str, wanted: int, reason: str) -> None:
        """Move member ``index``'s hit points (``hp``) or condition ``what`` to ``wanted``,
        within its bounds; a member who drops to 0 HP meets the procedure's ``down``."""
        member = self.party[index]
        if type(wanted) is not int:
            wanted = _whole(f"{member.name}'s {what}", wanted)
        if what == "hp":
            before, label = member.hp, "HP"
            after = max(0, min(member.max_hp, wanted))
            member = replace(member, hp=after)
        else:
            condition = self.procedure.party.conditions[what]
            before, label = member.condition(what, condition.start), condition.label
            after = condition.clamp(wanted)
            _bounded(f"{member.name}'s {what}", after)
            kept = {name: value for name, value in member.conditions if name != what}
            if after != condition.start:
                kept[what] = after
            member = replace(member, conditions=_in_order(kept, self.procedure.party.conditions))
        if after == before:
            return  # already at the bound: nothing to journal
        self.party[index] = member
        if self.member == index:
            self._bind_member(member)
        self.events.append(MemberChanged(member.name, what, label, before, after, reason,
                                         member.hp, member.max_hp, self.marks(member)))
        if what == "hp" and before > 0 and after == 0 and self.procedure.party.down:
            self._for_member(index, self.procedure.party.down)

    def change_own(self, index: int, name: str, value: int, reason: str) -> None:
        """Give member ``index`` their own value of setting ``name``."""
        member = self.party[index]
        before = member.own_value(name, self.values[name])
        member = replace(member, own=_in_order({**dict(member.own), name: value},
                                               self.procedure.settings))
        self.party[index] = member
        if self.member == index:
            self._bind_member(member)
        elif self.member is None:
            self._show_actors_own()
        if value != before:
            self.events.append(MemberChanged(member.name, name, name, before, value, reason,
                                             member.hp, member.max_hp, self.marks(member)))

    def _bind_member(self, member: Member) -> None:
        self.bind("member", member.name)
        self.bind("hp", member.hp)
        self.bind("max_hp", member.max_hp)
        for name, condition in self.procedure.party.conditions.items():
            value = member.condition(name, condition.start)
            self.bind(f"member_{name}", value)
            if condition.levels:
                self.bind(f"member_{name}_level", condition.level(value) or "")
        for name in self._owned():  # a setting the member has their own value of
            self.bind(name, member.own_value(name, self.values[name]))

    def _owned(self) -> set[str]:
        """The settings some member has their own value of."""
        values = self.values
        return {name for member in self.party for name, _ in member.own if name in values}

    def act_as(self, actor: str | None) -> None:
        """Play the command as member ``actor`` (``Wren: search``): their own values of
        the settings count wherever the command reads them, outside ``members:``."""
        self.actor = actor
        self._show_actors_own()

    def _show_actors_own(self) -> None:
        index = None if self.actor is None else member_index(self.party, self.actor)
        actor = None if index is None else self.party[index]
        for name in self._owned():
            self.locals.pop(name, None)
            self.scope[name] = self.values[name] if actor is None \
                else actor.own_value(name, self.values[name])

    @contextmanager
    def _at_member(self, index: int) -> Iterator[None]:
        """Within: effects reach member ``index`` only, and ``member``, ``hp``… name theirs."""
        outer = self.member
        self.member = index
        self._bind_member(self.party[index])
        try:
            yield
        finally:
            self.member = outer
            if outer is not None:
                self._bind_member(self.party[outer])
            else:
                self._show_actors_own()

    def _for_member(self, index: int, effects: Iterable[Effect]) -> None:
        with self._at_member(index):
            self.execute(effects)

    def _members(self, effect: Members) -> None:
        for index in self.targets(effect.who):
            self._for_member(index, effect.effects)

    def _vitality(self, effect: Vitality) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        for index in self.targets(effect.who):
            with self._at_member(index):
                if effect.dice is None:
                    amount = _whole("harm or heal", self.evaluate(effect.amount))
                else:
                    result = self._roll(effect.dice.render(self.scope))
                    plus = _whole("a harm or heal's plus", self.evaluate(effect.plus))
                    self.last_roll = result
                    amount = max(0, result.total + plus)
                    if self.record:
                        label = (effect.label.render(self.scope) if effect.label else
                                 ("Damage to " if effect.sign < 0 else "Healing for ")
                                 + self.party[index].name)
                        self.events.append(Rolled(label, result, plus))
                if amount:
                    self.change_member(index, "hp", self.party[index].hp + effect.sign * amount,
                                       reason)

    def _condition(self, effect: Condition) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        conditions = self.procedure.party.conditions
        for index in self.targets(effect.who):
            with self._at_member(index):
                for name, expr in effect.changes:
                    by = _whole(f"condition {name}", expr.evaluate(self.scope))
                    current = self.party[index].condition(name, conditions[name].start)
                    if conditions[name].clamp(current + by) != current:
                        self.change_member(index, name, current + by, reason)

    # -- the oracle --------------------------------------------------------------------
    def ask(self, question: str, odds: str | None, style_name: str | None = None
            ) -> oracle.Answer:
        """Ask the oracle in the journal's style (or ``style_name``) at the current chaos."""
        style = oracle_styles.get_style(self.styles, style_name or str(self.values.get("oracle",
                                                                                defaults.ORACLE_STYLE)))
        answer = oracle.ask(style, self.rng, odds, self.chaos(), self.tables)
        self.events.append(Answered(question, style.name, answer.odds, answer.summary(),
                                    answer.text, answer.event))
        return answer

    def chaos(self) -> int:
        """The oracle's chaos factor: the ``chaos`` value, or the danger tracker's if it
        follows it."""
        chaos = self.values.get("chaos", defaults.CHAOS)
        if chaos == "follow":
            name = self.procedure.danger
            if not name:
                return 5
            maximum = self.procedure.trackers[name].maximum
            return oracle.chaos_from_danger(int(self.values[name]), maximum or 10)
        return int(chaos)

    def _ask(self, effect: Ask) -> None:
        odds = effect.odds.render(self.scope) if effect.odds is not None else None
        answer = self.ask(effect.question.render(self.scope), odds)
        self.bind("answer", "yes" if answer.yes else "no")
        self.execute(effect.then if answer.yes else effect.otherwise)

    def _do(self, effect: Do) -> None:
        self.depth += 1
        if self.depth > MAX_CALL_DEPTH:
            raise SoloError("the procedure's routines call each other too deeply "
                            f"(over {MAX_CALL_DEPTH} levels)")
        given = dict(effect.args)
        for name, default in self.procedure.params.get(effect.routine, ()):
            self.bind(name, given[name].evaluate(self.scope) if name in given else default)
        self.execute(self.procedure.routines[effect.routine])
        self.depth -= 1

    def _outcome(self, effect: Outcome) -> None:
        """Name this turn's outcome, replacing one a table recorded earlier in the same turn."""
        if len(self.outcomes) > self.turn_outcomes_start:
            self.outcomes[-1] = effect.name
        else:
            self.outcomes.append(effect.name)


_HANDLERS: dict[type, Callable[[Run, Any], None]] = {
    Adjust: Run._adjust, Assign: Run._assign, Let: Run._let, RollDice: Run._roll_dice,
    Check: Run._check, RollTable: Run._roll_table, Encounter: Run._encounter,
    LightChange: Run._light, Do: Run._do,  # Say and Branch run inside Run.execute
    Outcome: Run._outcome, Ask: Run._ask, Supply: Run._supply, Vitality: Run._vitality,
    Condition: Run._condition, Members: Run._members,
}

def _in_order(counts: Mapping[str, int], order: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """``counts`` as pairs in the procedure's ``order`` (names it no longer has first)."""
    place = {name: index for index, name in enumerate(order)}
    return tuple(sorted(counts.items(), key=lambda pair: place.get(pair[0], -1)))


def _actor_count(run: Run, name: str) -> int:
    """The actor's hit points (``hp``, ``max_hp``) or condition, 0 with no actor."""
    index = None if run.actor is None else member_index(run.party, run.actor)
    if index is None:
        return 0
    member = run.party[index]
    if name in ("hp", "max_hp"):
        return int(getattr(member, name))
    condition = run.procedure.party.conditions[name]
    return member.condition(name, condition.start)


_COMPUTED: dict[str, Callable[[Run], Any]] = {
    "turn": lambda run: run.turn,
    "light": lambda run: light_level(run.procedure, run.lights),
    "lit": lambda run: len(run.lights),
    "resting": lambda run: run.action is not None and run.action.resting,
    "action": lambda run: run.action.name if run.action else "",
    "encounters": lambda run: run.encounters,
    "minutes": lambda run: run.turn * (run.procedure.minutes or 0),
    "party_size": lambda run: len(run.party),
    # outside ``members:``, a member's names read the actor's (nothing if none is named)
    "member": lambda run: run.actor or "",
    "hp": lambda run: _actor_count(run, "hp"),
    "max_hp": lambda run: _actor_count(run, "max_hp"),
    "party_down": lambda run: sum(1 for member in run.party if member.hp == 0),
}
"""Names whose value the run works out when an expression reads them."""
