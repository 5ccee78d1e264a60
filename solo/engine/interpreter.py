"""Carry out a procedure's effects against a working copy of the state.

A :class:`Run` is made for one command (or kept for many, by a
:class:`~solo.engine.game.Game`), mutates its own copies, records events (unless
``record`` is off: ``solo simulate``), and hands back a new frozen
:class:`~solo.engine.state.State`. It never does I/O. Its state and shared operations are
:class:`~solo.engine.run.RunState`'s; its effects are carried out by the steps of its
procedure's :class:`~solo.engine.compiled.Program`, compiled once for every run of that
procedure that records (or that does not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solo.engine.compiled import Program, program_for
from solo.engine.compiled_parts import Step, nothing
from solo.engine.effects_flow import MAX_CALL_DEPTH
from solo.engine.effects_lights import MAX_LIT, burn_lights, describe_light
from solo.engine.events import Acted, Said, TurnPassed
from solo.engine.run import RunState, light_level, whole
from solo.errors import UsageError
from solo.rules.effect_model import Effect
from solo.rules.expr import Expr, ExprError
from solo.rules.procedure import Action
from solo.rules.validate import BUILTIN_NAMES, MAX_TURNS_PER_ACTION

__all__ = ["Run", "describe_light", "light_level", "MAX_TURNS_PER_ACTION", "MAX_LIT",
           "MAX_CALL_DEPTH", "BUILTIN_NAMES"]


class Run(RunState):
    """One command's worth of effects."""

    _program: Program | None = None
    _known_time: tuple[Expr, int] | None = None
    """The last action time that reads no name, and its value."""
    own_start = 0
    """Where the last action's own effects begin among the events (after ``on_action``'s;
    its turns' follow from its first TurnPassed): what a door or a search reads of its
    own check."""
    cut_short = False
    """Whether an encounter ended the last action before all its turns had passed: what
    it was to achieve at their end (a two-turn search's finds) does not come."""

    def program(self) -> Program:
        """The compiled effects of this run's procedure, for a run that records or not
        (``record`` is set before the run carries out anything)."""
        program = self._program
        if program is None or program.record != self.record:
            program = self._program = program_for(self.procedure, self.tables, self.record)
        return program

    # -- a procedure action -----------------------------------------------------
    def act(self, action: Action, arguments: Mapping[str, Any], line: str) -> None:
        """Carry out ``action``: its guard, ``on_action``, its effects, then its turns."""
        if arguments or self.locals:
            self.set_locals(arguments)
        scope = self.scope
        self.set_action(action)
        allowed = action.allowed
        if allowed is not None and not allowed.evaluate(scope):
            refusal = action.refusal.render(scope) if action.refusal else ""
            raise UsageError(refusal or f"{action.name} is not possible now")
        time: Any = 0
        taken = action.time
        if taken is not None:
            known_time = self._known_time
            if known_time is not None and known_time[0] is taken:
                time = known_time[1]
            else:
                time = taken.evaluate(scope)
                if type(time) is not int:
                    time = whole(f"the time of '{action.name}'", time)
                if not 0 <= time <= MAX_TURNS_PER_ACTION:
                    raise ExprError(f"'{action.name}' would take {time} turns; one command "
                                    f"may take 0 to {MAX_TURNS_PER_ACTION}")
                if not taken.names:  # the same every time (``time: 1``)
                    self._known_time = (taken, time)
        record = self.record
        if record:
            self.events.append(Acted(line, self.actor))
        program = self._program or self.program()
        known = program.actions.get(action.name)  # (the action, its step), once compiled
        step = known[1] if known is not None and known[0] is action else program.action(action)
        outcomes = self.outcomes
        self.turn_outcomes_start = len(outcomes)
        self.cut_short = False
        if not time:
            self.own_start = len(self.events)
            if step is not nothing:
                step(self)
            return
        if program.on_action is not nothing:
            program.on_action(self)
        self.own_start = len(self.events)
        if step is not nothing:  # (an empty list, or one only saying, unrecorded)
            step(self)
        self._pass_turns(program.each_turn, time)

    # -- time ------------------------------------------------------------------
    def pass_turns(self, count: int) -> None:
        """``count`` turns pass: each runs ``each_turn``, then the lights burn down."""
        self._pass_turns(self.program().each_turn, count)

    def _pass_turns(self, each_turn: Step, count: int) -> None:
        """``count`` turns pass; an encounter in one of them ends the action there (its
        later turns do not pass), and the turn is the player's again."""
        scope = self.scope
        # ``turn`` is kept in the scope's dict (read every turn), unless a value or a local
        # of that name hides it
        keep_turn = "turn" not in self.values and "turn" not in self.locals
        met = self.encounters
        for passed in range(count):
            if passed and self.encounters != met:
                self.cut_short = True
                if self.record:
                    name = self.action.name if self.action is not None else "the action"
                    self.events.append(Said(
                        f"The encounter stops {name} after {passed} of its {count} turns: "
                        "the rest do not pass, and the next move is yours."))
                return
            turn = self.turn = self.turn + 1
            if keep_turn:
                scope["turn"] = turn
            self.turn_outcomes_start = len(self.outcomes)
            if self.record:
                self.events.append(TurnPassed(turn, self.procedure.minutes))
            if each_turn is not nothing:
                each_turn(self)
            if self.lights:
                burn_lights(self)

    # -- effects ---------------------------------------------------------------
    def execute(self, effects: Iterable[Effect]) -> None:
        """Run effects in order, skipping those whose ``when`` is false."""
        self.program().steps(effects)(self)
