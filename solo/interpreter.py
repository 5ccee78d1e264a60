"""Carry out a procedure's effects against a working copy of the state.

A :class:`Run` is made for one command, mutates its own copies, records events,
and hands back a new frozen :class:`~solo.state.State`. It never does I/O.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from solo import dice
from solo.effects import (
    Adjust,
    Assign,
    Branch,
    Check,
    Do,
    Effect,
    Encounter,
    Let,
    LightChange,
    Outcome,
    RollDice,
    RollTable,
    Say,
)
from solo.errors import SoloError, UsageError
from solo.events import (
    Acted,
    Checked,
    Encountered,
    Event,
    LightChanged,
    Rolled,
    Said,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.rules import Action, Procedure
from solo.state import Light, State
from solo.tables import Table, expand_inline_dice

__all__ = ["Run", "describe_light", "light_level"]


def describe_light(light: Light) -> str:
    left = "no limit" if light.remaining is None else f"{light.remaining} turns left"
    return f"lit, {left}" + (", dimmed" if light.dimmed else "")


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
        if name == "turn":
            return run.turn
        if name == "light":
            return light_level(run.procedure, run.lights)
        if name == "lit":
            return len(run.lights)
        if name.startswith("lit_") and name[4:] in run.procedure.lights:
            return sum(1 for light in run.lights if light.kind == name[4:])
        if name == "resting":
            return run.action is not None and run.action.resting
        if name == "action":
            return run.action.name if run.action else ""
        if name == "encounters":
            return run.encounters
        if name == "minutes":
            return run.turn * (run.procedure.minutes or 0)
        raise KeyError(name)


class Run:
    """One command's worth of effects."""

    def __init__(self, procedure: Procedure, tables: Mapping[str, Table], state: State,
                 rng: random.Random, action: Action | None = None) -> None:
        self.procedure = procedure
        self.tables = tables
        self.rng = rng
        self.action = action
        self.values = dict(state.values)
        self.turn = state.turn
        self.lights = list(state.lights)
        self.struck = dict(state.struck)
        self.foreshadowed = state.foreshadowed
        self.last_encounter = state.last_encounter
        self.encounters = state.encounters
        self.state = state
        self.locals: dict[str, Any] = {}
        self.events: list[Event] = []
        self.outcomes: list[str] = []
        self.scope = _Scope(self)
        self.depth = 0
        self.turn_outcomes_start = 0

    # -- results ---------------------------------------------------------------
    def finish(self) -> State:
        state = self.state
        return State(values=self.values, turn=self.turn, step=state.step + 1, prev=state.step,
                     lights=tuple(self.lights), struck=self.struck,
                     foreshadowed=self.foreshadowed, last_encounter=self.last_encounter,
                     encounters=self.encounters)

    # -- a procedure action -----------------------------------------------------
    def act(self, action: Action, arguments: Mapping[str, Any], line: str) -> None:
        """Carry out ``action``: its guard, ``on_action``, its effects, then its turns."""
        self.action = action
        self._set_locals(arguments)
        if action.allowed is not None and not action.allowed.evaluate(self.scope):
            raise UsageError(action.refusal or f"{action.name} is not possible now")
        time = int(self.evaluate(action.time))
        self.events.append(Acted(line))
        if time > 0:
            self.execute(self.procedure.on_action)
        self.execute(action.effects)
        self.pass_turns(time)

    # -- time ------------------------------------------------------------------
    def pass_turns(self, count: int) -> None:
        for _ in range(count):
            self.turn += 1
            self.turn_outcomes_start = len(self.outcomes)
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
        unknown name (KeyError) becomes an ExprError in :func:`solo.engine.perform`."""
        scope, handlers = self.scope, _HANDLERS
        for effect in effects:
            when = effect.when
            if when is not None and not when.evaluate(scope):
                continue
            kind = effect.__class__
            if kind is Say:  # the commonest effects are run here, saving a call each
                self.events.append(effect.said or Said(effect.text.render(scope)))
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
            self.change_tracker(name, self.values[name] + int(expr.evaluate(self.scope)), reason)

    def _set_locals(self, arguments: Mapping[str, Any]) -> None:
        """Start a command's locals afresh: the last command's ones leave the scope."""
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
        self.locals[name] = value
        self.scope[name] = value

    def store(self, name: str, value: Any) -> None:
        """Change one of the state's values (a tracker, a setting, a flag)."""
        self.values[name] = value
        if name not in self.locals:
            self.scope[name] = value

    def change_tracker(self, name: str, wanted: int, reason: str) -> None:
        tracker = self.procedure.trackers[name]
        before = self.values[name]
        after = tracker.clamp(wanted)
        self.store(name, after)
        if tracker.shown:
            self.events.append(TrackerChanged(name, tracker.label, before, after, reason,
                                              tracker.notation, tracker.maximum))

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
        plus = int(self.evaluate(effect.plus))
        if effect.name:
            self.bind(effect.name, result.total + plus)
        self.events.append(Rolled(effect.label.render(self.scope), result, plus))

    def _check(self, effect: Check) -> None:
        result = self._roll(effect.dice.render(self.scope))
        plus = int(self.evaluate(effect.plus))
        self.bind("natural", result.total)
        self.bind("roll", result.total + plus)
        success = bool(effect.success.evaluate(self.scope))
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
            plus = int(plus_expr.evaluate(self.scope))
        elif table.plus is not None:
            plus = int(table.plus_expr.evaluate(self.scope))
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
            self.foreshadowed = None
            table = self.table(name)
            text, _ = expand_inline_dice(table.entries[index].text, self.rng)
            self._meet(table, index, text, "foreshadowed", effect)
            return
        table, index, event = self.roll_table(name)
        if index in self.struck.get(name, ()):
            self.events.append(Encountered(name, event.text, "struck"))
            self.execute(effect.otherwise)
            return
        if effect.sign:
            self.foreshadowed = (name, index)
            self.events.append(Encountered(name, event.text, "sign"))
            return
        self._meet(table, index, event.text, "met", effect)

    def _meet(self, table: Table, index: int, text: str, status: str, effect: Encounter) -> None:
        self.encounters += 1
        self.last_encounter = (table.name, index)
        self.events.append(Encountered(table.name, text, status))
        self.execute(effect.then)

    def _light(self, effect: LightChange) -> None:
        reason = effect.reason.render(self.scope) if effect.reason else self._default_reason()
        remaining = effect.count
        kept: list[Light] = []
        for light in self.lights:
            chosen = (remaining is None or remaining > 0) and (
                effect.kinds is None or light.kind in effect.kinds)
            if not chosen:
                kept.append(light)
                continue
            kind = self.procedure.lights[light.kind]
            if effect.check is not None and not self._check_source(effect.check, kind.label):
                kept.append(light)
                continue
            if remaining is not None:
                remaining -= 1
            after = self._apply_light(effect.operation, light, kind.level)
            self.events.append(LightChanged(light.kind, kind.label, describe_light(light),
                                            describe_light(after) if after else "out", reason))
            if after is not None:
                kept.append(after)
        self.lights = kept

    def _check_source(self, check, label: str) -> bool:
        """Roll ``check`` for one light source (``source`` names it); True if it succeeds."""
        self.bind("source", label)
        result = self._roll(check.dice.render(self.scope))
        self.bind("natural", result.total)
        self.bind("roll", result.total)
        success = bool(check.success.evaluate(self.scope))
        self.events.append(Checked(check.label.render(self.scope), result, 0, success))
        return success

    @staticmethod
    def _apply_light(operation: str, light: Light, level: str) -> Light | None:
        if operation == "out":
            return None
        if operation == "dim":
            if light.dimmed or level == "dim":
                return None
            return Light(light.kind, light.remaining, True)
        if light.remaining is None:
            return light
        return Light(light.kind, max(1, light.remaining // 2), light.dimmed)

    def _do(self, effect: Do) -> None:
        self.depth += 1
        if self.depth > 50:
            raise SoloError("the procedure's routines call each other too deeply")
        self.execute(self.procedure.routines[effect.routine])
        self.depth -= 1

    def _outcome(self, effect: Outcome) -> None:
        """Name this turn's outcome, replacing one a table recorded earlier in the same turn."""
        if len(self.outcomes) > self.turn_outcomes_start:
            self.outcomes[-1] = effect.name
        else:
            self.outcomes.append(effect.name)


_HANDLERS = {
    Adjust: Run._adjust, Assign: Run._assign, Let: Run._let, RollDice: Run._roll_dice,
    Check: Run._check, RollTable: Run._roll_table, Encounter: Run._encounter,
    LightChange: Run._light, Do: Run._do,  # Say and Branch run inside Run.execute
    Outcome: Run._outcome,
}
