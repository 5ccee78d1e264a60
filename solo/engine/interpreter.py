"""Carry out a procedure's effects against a working copy of the state.

A :class:`Run` is made for one command, mutates its own copies, records events,
and hands back a new frozen :class:`~solo.engine.state.State`. It never does I/O.
Its state and shared operations are :class:`~solo.engine.run.RunState`'s; each kind of
effect is carried out by its handler in :data:`solo.engine.dispatch.HANDLERS`.

A Run given a :class:`~solo.engine.compiled.Program` (``solo simulate``) runs an action's
effects and its turns through the program's closures instead, recording no events;
the rare effects those closures hand back come to the same handlers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from solo.engine.dispatch import HANDLERS
from solo.engine.effects_flow import MAX_CALL_DEPTH
from solo.engine.effects_lights import MAX_LIT, burn_lights, describe_light
from solo.engine.events import Acted, Said, TurnPassed
from solo.engine.run import RunState, light_level, whole
from solo.errors import UsageError
from solo.rules.effects import Branch, Effect, Say
from solo.rules.expr import ExprError
from solo.rules.procedure import Action
from solo.rules.validate import BUILTIN_NAMES, MAX_TURNS_PER_ACTION

__all__ = ["Run", "CompiledActions", "describe_light", "light_level", "MAX_TURNS_PER_ACTION",
           "MAX_LIT", "MAX_CALL_DEPTH", "BUILTIN_NAMES"]


class CompiledActions(Protocol):
    """What a run needs of its compiled form (:class:`solo.engine.compiled.Program`)."""

    on_action: Callable[[], None]

    def action(self, action: Action) -> Callable[[], None]: ...

    def pass_turns(self, count: int) -> None: ...


class Run(RunState):
    """One command's worth of effects."""

    program: CompiledActions | None = None
    """Set (``solo simulate``): actions run compiled, recording nothing."""

    # -- a procedure action -----------------------------------------------------
    def act(self, action: Action, arguments: Mapping[str, Any], line: str) -> None:
        """Carry out ``action``: its guard, ``on_action``, its effects, then its turns."""
        self.action = action
        self.set_locals(arguments)
        if action.allowed is not None and not action.allowed.evaluate(self.scope):
            raise UsageError(action.refusal or f"{action.name} is not possible now")
        time = 0 if action.time is None else action.time.evaluate(self.scope)
        if type(time) is not int:
            time = whole(f"the time of '{action.name}'", time)
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
            burn_lights(self)

    # -- effects ---------------------------------------------------------------
    def execute(self, effects: Iterable[Effect]) -> None:
        """Run effects in order, skipping those whose ``when`` is false. This is the hot
        path of ``solo simulate``: guards call the compiled evaluator directly, and an
        unknown name (KeyError) becomes an ExprError in :func:`solo.engine.core.perform`."""
        scope, handlers = self.scope, HANDLERS
        effect: Any  # one of the Effect classes; their kind is told apart by class below
        for effect in effects:
            when = effect.when
            if when is not None and not when.evaluate(scope):
                continue
            kind = effect.__class__
            if kind is Say:  # the commonest effects are run here, saving a call each
                self.events.append(Said(effect.text.render(scope)))  # as handle_say does
            elif kind is Branch:  # as handle_if does
                chosen = effect.then if effect.condition.evaluate(scope) else effect.otherwise
                if chosen:
                    self.execute(chosen)
            else:
                handlers[kind](self, effect)
