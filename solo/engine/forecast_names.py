"""What a procedure's expressions read, for the forecast's count: which names at all,
which a check's plus reads, and which are read other than by the success test of the
check that binds them. Worked out once for each loaded procedure (kept for the last few).

Pure: it reads the loaded procedure.
"""

from __future__ import annotations

from solo.rules.effect_model import Check, Say, SourceCheck
from solo.rules.expr import Expr
from solo.rules.world import World

__all__ = ["names_read", "checks_quiet", "rolls_unread"]

_SHOWN_ONLY = frozenset({"prompt", "steps", "summary", "source", "name", "simulate"})
"""The parts of a procedure only shown to the player, which no rule reads."""

_NAMES: dict[int, tuple[object, tuple[frozenset[str], frozenset[str], frozenset[str]]]] = {}


def names_read(world: World) -> frozenset[str]:
    """Every name an expression of the procedure reads (kept for the last few worlds)."""
    return _read(world)[0]


def checks_quiet(world: World) -> bool:
    """Whether no check's plus reads ``roll``, ``natural`` or ``dice`` (then the last
    ones are unread at a check's own die)."""
    return not (_read(world)[1] & {"roll", "natural", "dice"})


def rolls_unread(world: World) -> bool:
    """Whether ``roll`` and ``natural`` are read only by the success tests of the checks
    that bind them, right after binding: then the last ones are never read again."""
    return not (_read(world)[2] & frozenset({"roll", "natural"}))


def _read(world: World) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The names the procedure's expressions read: all of them, those its checks' pluses
    read, and those read other than by a check's success test. What only words are made
    from (a ``say``, with its ``when``) is not counted: no rule reads it."""
    procedure = world.procedure
    known = _NAMES.get(id(procedure))
    if known is not None and known[0] is procedure:
        return known[1]
    names: set[str] = set()
    pluses: set[str] = set()
    outside: set[str] = set()
    stack: list[tuple[object, bool]] = [
        (getattr(procedure, field), False) for field in procedure.__dataclass_fields__
        if field not in _SHOWN_ONLY]
    met: set[int] = set()
    while stack:
        item, success = stack.pop()
        if isinstance(item, Expr):  # each time met: one may serve in two places
            names |= item.names
            if not success:
                outside |= item.names
            continue
        if id(item) in met or isinstance(item, (str, int, float, bool, type(None), Say)):
            continue  # (what a Say reads, even in its ``when``, only makes words)
        met.add(id(item))
        if isinstance(item, dict):
            stack.extend((value, False) for value in item.values())
        elif isinstance(item, (list, tuple, frozenset, set)):
            stack.extend((value, False) for value in item)
        elif hasattr(item, "__dataclass_fields__"):
            if isinstance(item, Check) and item.plus is not None:
                pluses |= item.plus.names
            tested = isinstance(item, (Check, SourceCheck))
            stack.extend((getattr(item, field), tested and field == "success")
                         for field in item.__dataclass_fields__)
    if len(_NAMES) >= 8:
        _NAMES.pop(next(iter(_NAMES)))
    found = (frozenset(names), frozenset(pluses), frozenset(outside))
    _NAMES[id(procedure)] = (procedure, found)
    return found
