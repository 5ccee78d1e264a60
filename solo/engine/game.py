"""A game kept running in memory for many commands in a row (``solo simulate``)."""

from __future__ import annotations

import random

from solo.engine.arguments import parse_arguments, quote
from solo.engine.compiled import Program
from solo.engine.events import Acted, Event
from solo.engine.procedure_errors import procedure_error
from solo.engine.state import State
from solo.engine.tool_commands import ENGINE_COMMANDS, TOOL_COMMANDS
from solo.engine.world_state import new_run
from solo.errors import UsageError
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
        self._run.record = record  # False: skip the labels and turn events no one reads
        if not record:  # actions run compiled (solo.engine.compiled), building no events
            self._run.program = Program(self._run)
        self._commands: dict[str, tuple[Action | None, dict, str]] = {}

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
        own commands and of the rare effects left to the interpreter)."""
        return self._run.events

    def state(self) -> State:
        return self._run.finish()

    def perform(self, line: str) -> None:
        """Carry out one command line; raises UsageError (nothing changes) if refused."""
        prepared = self._commands.get(line)
        if prepared is None:
            prepared = self._commands[line] = self._prepare(line)
        action, arguments, rest = prepared
        run = self._run
        run.events.clear()
        try:
            if action is not None:
                run.act(action, arguments, line)
                return
            run.action = None
            run.events.append(Acted(line))
            TOOL_COMMANDS[line.split()[0].lower()](self.world, run, rest)
        except UsageError:
            raise
        except Exception as error:
            raise procedure_error(self.world, error) from None

    def _prepare(self, line: str) -> tuple[Action | None, dict, str]:
        words = line.split()
        if not words:
            raise UsageError("empty command")
        action = self.world.procedure.action_named(words[0])
        if action is not None:
            return action, parse_arguments(action, words[1:]), ""
        if words[0].lower() not in TOOL_COMMANDS:
            raise UsageError(f"unknown command {quote(words[0])}; use one of the procedure's "
                             f"actions ({', '.join(list(self.world.procedure.actions)[:4])}…)"
                             f" or {', '.join(ENGINE_COMMANDS)}")
        return None, {}, line.strip()[len(words[0]):].strip()
