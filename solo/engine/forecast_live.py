"""What the rest of a play may still read at a die, for the forecast's count: which
locals of each engine frame (a liveness pass over its bytecode), and which of the
command's own locals (the names its effects bind: an argument, a ``let``, a table's
``as``). Two ways that reach a die differing only in what is read no more have one
future, and merge there (:mod:`solo.engine.forecast_tree`).

A command's locals live until its next action starts them afresh (``Run.act``), so
what may read one after a die is what the frames between the die and that action's
``act`` still hold (their steps' expressions, their names), and what the engine runs
after the action's own steps: each turn's effects, the lights, the encounter a room
holds (its table, the ``encounter-met`` routine), the days between expeditions. Those
are found once per procedure (:func:`tail_names`): every expression of it but those of
its actions' effects and of the routines no such part calls. The engine runs an
action's effects only through ``act`` (the locals afresh) and a routine only through a
compiled ``do`` or as :data:`~solo.engine.effects_tables.MET`, and reads a local by its
name only as :data:`ENGINE_READS` lists (tests/engine/test_forecast_frames.py holds
both).

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import dis
import random
from collections.abc import Iterable
from fractions import Fraction
from types import BuiltinFunctionType, CodeType, FrameType, FunctionType, MethodType
from typing import Any

from solo.engine.dungeon_rolls import SEEKS, TRAPS_FOUND
from solo.engine.effects_tables import MET
from solo.engine.forecast_names import names_read, routine_called
from solo.engine.interpreter import Run
from solo.engine.run import RunState, Scope
from solo.rules.expr import Expr, compile_expr
from solo.rules.procedure import parts_of
from solo.rules.tables import Table
from solo.rules.world import World

__all__ = ["live_names", "tail_names", "Locals", "locals_of", "ENGINE_READS"]

ENGINE_READS = frozenset({SEEKS}).union(*(compile_expr(text).names
                                         for text in TRAPS_FOUND.values()))
"""The locals the engine's functions read by their own means: by name (what a search
seeks), or by an expression of their own (when a moving party finds a trap)."""

_LIVE: dict[tuple[CodeType, int], frozenset[str]] = {}
"""The locals a frame of a code may still read from each place in it (:func:`live_names`)."""
_READS = frozenset(code for code in {*dis.haslocal, *dis.hasfree}
                   if "LOAD" in dis.opname[code]
                   or not dis.opname[code].startswith(("STORE_", "DELETE_")))
"""The instructions that may read a local (or a cell) of the frame, as this Python's own
tables name them (a new way to load one, such as 3.14's ``LOAD_FAST_BORROW``, is counted
as a read without being listed: only a plain store or delete is not)."""
_JUMPS = frozenset(getattr(dis, "hasjump", ())) | frozenset(dis.hasjrel) | frozenset(dis.hasjabs)


def live_names(code: CodeType, place: int) -> frozenset[str]:
    """The locals a frame of ``code`` stopped at the instruction at ``place`` may still
    read (a liveness pass over its bytecode, found once for each place): those read by
    an instruction after it, or before it where a later jump or a handler of an
    exception it may raise leads back, and every cell an inner function may share. A
    local that is read no more cannot change what the frame does next, so two frames
    that differ only there have one future."""
    found = _LIVE.get((code, place))
    if found is not None:
        return found
    instructions = list(dis.get_instructions(code))
    handlers = [(entry.start, entry.end, entry.target)
                for entry in getattr(dis.Bytecode(code), "exception_entries", ())]
    begin = place + 1
    while True:  # from the earliest place the rest of the frame may run again
        later = [item for item in instructions if item.offset >= begin]
        back = [item.argval for item in later if item.opcode in _JUMPS
                and isinstance(item.argval, int) and item.argval < begin]
        back += [target for start, end, target in handlers if end > place and target < begin]
        if not back:
            break
        begin = min(back)
    names = set(code.co_cellvars)
    for item in later:
        if item.opcode in _READS:
            names.update(item.argval if isinstance(item.argval, tuple) else (item.argval,))
    found = _LIVE[(code, place)] = frozenset(names)
    return found


_TAILS: dict[int, tuple[World, frozenset[str]]] = {}


def tail_names(world: World) -> frozenset[str]:
    """The names the engine may read once a command's action has run its own effects:
    every expression of the world (its procedure, tables, generators and keys) but those
    of the procedure's actions' effects and of the routines that only they call, what a
    ``say`` reads too, and :data:`ENGINE_READS` (kept for the last few worlds)."""
    known = _TAILS.get(id(world))
    if known is not None and known[0] is world:
        return known[1]
    procedure = world.procedure
    names: set[str] = set(ENGINE_READS)
    called: set[str] = {MET}
    stack: list[Any] = [getattr(procedure, field) for field in procedure.__dataclass_fields__
                        if field not in ("routines", "actions")]
    stack += [[getattr(action, field) for field in action.__dataclass_fields__
               if field != "effects"] for action in procedure.actions.values()]
    stack += [getattr(world, field) for field in world.__dataclass_fields__
              if field != "procedure"]  # (the world's tables, its generators, its keys)
    done: set[str] = set()

    def bodies(item: object) -> list[object]:  # (the routines called, once each)
        if (routine := routine_called(item)) is not None:
            called.add(routine)
        fresh = called - done
        done.update(fresh)
        return [procedure.routines.get(routine, ()) for routine in fresh]

    for item in parts_of(stack, more=bodies):
        if isinstance(item, Expr):
            names |= item.names
    if len(_TAILS) >= 8:
        _TAILS.pop(next(iter(_TAILS)))
    found = frozenset(names)
    _TAILS[id(world)] = (world, found)
    return found


_PLAIN = (int, float, bool, type(None), Fraction, bytes, CodeType)
_DICE = frozenset({"solo.rules.dice", "solo.rules.dice_terms", "solo.rules.dice_notation"})
_ACT = Run.act.__code__


class Locals:
    """Which of a command's locals the rest of a play may read at a die: the procedure's
    :func:`tail_names`, and the names the frames inside the action still hold (each
    value's found once, kept alive while this lives)."""

    def __init__(self, world: World) -> None:
        self.tail = tail_names(world)
        self.droppable = names_read(world) - self.tail
        """The locals that may be read no more at a die (others are kept: no need to look)."""
        self.known: dict[int, tuple[Any, frozenset[str] | None]] = {}

    def at(self, frames: Iterable[tuple[FrameType, frozenset[str], dict[str, Any]]]
           ) -> frozenset[str] | None:
        """The locals still read at a die, from its frames (innermost first, each with
        its live locals, :func:`live_names`, and its locals); None: every one (no
        action's ``act`` among them, or one holds what cannot be read through)."""
        names = set(self.tail)
        for frame, live, local in frames:
            acting = frame.f_code is _ACT
            for name, value in local.items():
                if name in live and not (acting and name == "program"):  # (what act runs
                    found = self._names(value)  # of its program is the tail: each turn's)
                    if found is None:
                        return None
                    names |= found
            if acting:  # (the action's own step still to come, at its on_action's dice)
                return frozenset(names)
        return None

    def _names(self, value: Any) -> frozenset[str] | None:
        """The names ``value`` (a step, an expression, the parts of an effect) may read
        when the rest of the play runs it; None: not to be told."""
        kind = type(value)
        if kind in _PLAIN or isinstance(value, (RunState, Scope, Table, random.Random)):
            return frozenset()  # (a run's locals are read only by expressions; the
            # tables' expressions, and the run's own, are the tail's)
        if kind is str:
            return frozenset({value})  # (a name a step reads: ``branch_of``'s)
        if isinstance(value, Expr):
            return value.names
        if kind.__module__ in _DICE:
            return frozenset()  # the dice a roll is making: no names
        known = self.known.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        self.known[id(value)] = (value, None)  # (met again from inside itself: not told)
        parts: list[Any]
        if kind is FunctionType:
            parts = [cell.cell_contents for cell in value.__closure__ or ()
                     if cell.cell_contents is not value]
            parts += [*(value.__defaults__ or ()), *(value.__kwdefaults__ or {}).values(),
                      *_strings(value.__code__)]
        elif kind is MethodType:
            parts = [value.__func__, value.__self__]
        elif kind is BuiltinFunctionType:
            parts = []
        elif kind in (tuple, list, set, frozenset):
            parts = list(value)
        elif kind is dict:
            parts = [*value, *value.values()]
        elif hasattr(value, "__dataclass_fields__"):
            parts = [getattr(value, field) for field in value.__dataclass_fields__]
        else:
            return None
        found: set[str] = set()
        for part in parts:
            names = self._names(part)
            if names is None:
                return None
            found |= names
        result = frozenset(found)
        self.known[id(value)] = (value, result)
        return result


_LOCALS: dict[int, tuple[World, Locals]] = {}


def locals_of(world: World) -> Locals:
    """The :class:`Locals` of ``world``, kept for the last few worlds (what it has found
    of the steps and expressions of its procedure, found once for all the counts)."""
    known = _LOCALS.get(id(world))
    if known is not None and known[0] is world:
        return known[1]
    if len(_LOCALS) >= 8:
        _LOCALS.pop(next(iter(_LOCALS)))
    found = _LOCALS[id(world)] = (world, Locals(world))
    return found[1]


def _strings(code: CodeType) -> list[str]:
    """The strings a function's code holds (a name it may read), its inner ones' too."""
    found: list[str] = []
    for constant in code.co_consts:
        if type(constant) is str:
            found.append(constant)
        elif type(constant) is CodeType:
            found += _strings(constant)
    return found
