"""A game kept running in memory for many commands in a row (``solo simulate``)."""

from __future__ import annotations

import random

from solo.engine.carry_out import carry_out
from solo.engine.command_table import read
from solo.engine.events import Event
from solo.engine.requests import Request
from solo.engine.state import State
from solo.engine.world_state import new_run
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
        request = self._commands.get(line)
        if request is None:
            request = self._commands[line] = read(self.world, self.state(), line)
        run = self._run
        run.events.clear()
        carry_out(self.world, run, request)
        return run.turn
