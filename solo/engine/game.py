"""A game kept running in memory for many commands in a row (``solo simulate``)."""

from __future__ import annotations

import random
from typing import Any

from solo.engine.carry_out import carry_out
from solo.engine.command_table import read
from solo.engine.events import Event
from solo.engine.procedure_errors import procedure_error
from solo.engine.requests import Act, Request
from solo.engine.state import State
from solo.engine.world_state import new_run
from solo.rules.expr import ExprError
from solo.rules.procedure import Action
from solo.rules.world import World

__all__ = ["Game"]


class Game:
    """A game kept running in memory for many commands in a row (``solo simulate``).

    The same engine as :func:`solo.engine.core.perform`, without a frozen snapshot per
    command: the state is worked on in place and taken out with :meth:`state` when wanted.
    A refused command (UsageError) changes nothing; any other error may leave the game
    half-way through a command, so stop using it then.
    """

    def __init__(self, world: World, state: State, rng: random.Random,
                 record: bool = True) -> None:
        self.world = world
        self._run = new_run(world, state, rng=rng)
        # False (solo simulate): the procedure's effects run as the steps compiled for runs
        # that record nothing, building no events, labels or reasons that no one reads
        self._run.record = record
        self._commands: dict[str, Request] = {}
        # a procedure action played by a game that records nothing: what carry_out gives
        # Run.act, by its line (such a game keeps no map: room_commands.move_for makes no
        # move for it, and no event shows the action, so carry_out adds nothing else)
        self._quiet_acts: dict[str, tuple[Action, Any, str]] = {}

    @property
    def turn(self) -> int:
        return self._run.turn

    @property
    def encounters(self) -> int:
        return self._run.encounters

    @property
    def outcomes(self) -> list[str]:
        """Every outcome recorded so far, in order (one or more per turn that records any)."""
        return self._run.outcomes

    @property
    def events(self) -> list[Event]:
        """The events of the last command (when not recording, only those of the engine's
        own commands and of the rare effects that journal in any case: lights, supplies,
        the party, the oracle)."""
        return self._run.events

    def state(self) -> State:
        return self._run.finish()

    def perform(self, line: str) -> int:
        """Carry out one command line; raises UsageError (nothing changes) if refused.
        The turn it leaves the game at."""
        run = self._run
        act = self._quiet_acts.get(line)
        if act is not None:  # carry_out's way for an action, when nothing is recorded
            if run.events:
                run.events.clear()
            try:
                run.act(*act)
            except (ExprError, RecursionError) as error:
                raise procedure_error(self.world, error) from error
            return run.turn
        request = self._commands.get(line)
        if request is None:
            request = self._commands[line] = read(self.world, self.state(), line)
            if isinstance(request, Act) and not run.record:
                self._quiet_acts[line] = (self.world.procedure.actions[request.action],
                                          request.arguments, request.text)
        run.events.clear()
        run.begin()
        carry_out(self.world, run, request)
        return run.turn
