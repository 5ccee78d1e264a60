"""What a procedure's expressions read, for the forecast's count: which names at all,
which a check's plus reads, and which are read other than by the success test of the
check that binds them; which checks roll one die whose roll nothing reads again; and,
for one move played again and again, the tests that read the clock and the names it
may set. Worked out once for each loaded procedure (kept for the last few).

Pure: it reads the loaded procedure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from solo.engine.dungeon_named import DUNGEON, DUNGEON_SET
from solo.engine.key_rooms import KEY_FOUND
from solo.errors import SoloError
from solo.rules import dice
from solo.rules.effect_model import (
    Adjust,
    Ask,
    Assign,
    Branch,
    Check,
    Condition,
    Do,
    Encounter,
    Let,
    Members,
    Outcome,
    RollDice,
    RollTable,
    Say,
    SourceCheck,
    Template,
    Vitality,
)
from solo.rules.expr import Expr
from solo.rules.procedure import Action, Arg, Procedure, Restock, parts_of
from solo.rules.tables import Table
from solo.rules.world import World

__all__ = ["routine_called", "idle", "names_read", "checks_quiet", "rolls_unread",
           "one_die_checks", "clock_tests", "sets", "foretells", "chain_reads",
           "unread_trackers", "tests_of"]

_SHOWN_ONLY = frozenset({"prompt", "steps", "summary", "source", "name", "simulate"})
"""The parts of a procedure only shown to the player, which no rule reads."""

_Read = tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[int]]
_NAMES: dict[int, tuple[object, _Read]] = {}


def routine_called(item: object) -> str | None:
    """The routine ``item`` calls, if it is a ``do:`` effect (None otherwise)."""
    return item.routine if isinstance(item, Do) else None


def idle(action: Action) -> bool:
    """Whether ``action`` passes no time and only says something (``light-sources``): no
    move to forecast."""
    return action.time is None and all(type(effect) is Say for effect in action.effects)


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


def one_die_checks(world: World) -> frozenset[int]:
    """The checks whose one die the count may draw as two faces, success and failure
    (each as often as the faces it stands for), by the id of their success test: a
    check of one plain die whose label reads no ``roll`` or ``natural``, in a procedure
    that reads no ``dice`` and no ``roll`` or ``natural`` but by the tests that bind them
    (:func:`rolls_unread`), and no check's plus reads them. Then what a check's face
    changes (its ``roll``, ``natural``, the last roll's dice, the face its event shows)
    is never read again, and the faces that succeed alike have one future."""
    names, pluses, outside, checks = _read(world)
    if "dice" in names or pluses & {"roll", "natural", "dice"} \
            or outside & {"roll", "natural"}:
        return frozenset()
    return checks


def _one_die(check: Check) -> bool:
    """Whether ``check`` rolls one plain die and its label reads none of its roll."""
    if check.dice.fields or any(field.names & {"roll", "natural"}
                                for field in check.label.fields):
        return False
    try:
        return dice.single_die(dice.parse(check.dice.text)) is not None
    except SoloError:
        return False


def _read(world: World) -> _Read:
    """The names the procedure's expressions read: all of them, those its checks' pluses
    read, and those read other than by a check's success test; and the checks of one
    plain die whose label reads none of its roll (:func:`one_die_checks`), by the id of
    their success test (none whose test serves another check too). What only words are
    made from (a ``say``, with its ``when``) is not counted: no rule reads it."""
    procedure = world.procedure
    known = _NAMES.get(id(procedure))
    if known is not None and known[0] is procedure:
        return known[1]
    names: set[str] = set()
    pluses: set[str] = set()
    outside: set[str] = set()
    single: dict[int, bool] = {}  # a success test's id: whether every check of it is one die
    none: frozenset[str] = frozenset()
    stack: list[tuple[object, bool, frozenset[str]]] = [
        (getattr(procedure, field), False, none) for field in procedure.__dataclass_fields__
        if field not in _SHOWN_ONLY]
    met: set[tuple[int, frozenset[str]]] = set()
    while stack:
        item, success, shadowed = stack.pop()
        if isinstance(item, Expr):  # each time met: one may serve in two places
            read = item.names - shadowed
            names |= read
            if not success:
                outside |= read
            continue
        if (id(item), shadowed) in met or isinstance(item, (str, int, float, bool,
                                                            type(None), Say)):
            continue  # (what a Say reads, even in its ``when``, only makes words)
        met.add((id(item), shadowed))
        if isinstance(item, dict):
            stack.extend((value, False, shadowed) for value in item.values())
        elif isinstance(item, (list, tuple, frozenset, set)):
            stack.extend((value, False, shadowed) for value in item)
        elif hasattr(item, "__dataclass_fields__"):
            if isinstance(item, Check):
                if item.plus is not None:
                    pluses |= item.plus.names - shadowed
                single[id(item.success.evaluate)] = single.get(id(item.success.evaluate), True) \
                    and _one_die(item)
            # (a restock's test reads its own roll, in a scope of its own)
            tested = isinstance(item, (Check, SourceCheck, Restock))
            stack.extend((getattr(item, field), tested and field == "success", shadowed)
                         for field in item.__dataclass_fields__
                         if not (isinstance(item, Action) and field == "effects"))
            if isinstance(item, Action):  # its arguments are its effects' own names: an
                # argument called ``dice`` hides the last roll's dice in all they run
                stack.append((item.effects, False,
                              shadowed | {arg.name for arg in item.args}))
    if len(_NAMES) >= 8:
        _NAMES.pop(next(iter(_NAMES)))
    found = (frozenset(names), frozenset(pluses), frozenset(outside),
             frozenset(key for key, one in single.items() if one))
    _NAMES[id(procedure)] = (procedure, found)
    return found


_CLOCK = frozenset({"turn", "minutes"})
_STORED = frozenset({"roll", "natural", "dice", DUNGEON, DUNGEON_SET, KEY_FOUND})
"""Names a move binds or stores other than by an effect's own names: a check's roll,
the generator a journal names, the keyed rooms found."""
_MOVES: dict[tuple[int, str], tuple[object, tuple[tuple[Expr, ...], frozenset[str], bool]]] = {}


def clock_tests(world: World, action: str) -> tuple[Expr, ...] | None:
    """The expressions that read the clock (``turn``, ``minutes``) when the party plays
    ``action`` again and again, if each reads nothing else but names that nothing it
    may run binds or sets (the procedure's values, which a state keeps): a state's turn
    then matters to what the move does only by their values at each of its turns.
    None: one reads something the move may change (a local, a value an effect sets), so
    the turn itself matters. What only makes words (a ``say``, a label, a reason) is not
    counted; nor are the other actions and the ``between`` block (leaving, waiting and
    returning are commands of their own)."""
    tests, bound, _ = _move(world, action)
    return None if any((test.names - _CLOCK) & bound for test in tests) else tests


def sets(world: World, action: str) -> frozenset[str]:
    """Every name ``action`` may bind or change (as :func:`clock_tests` reads it): a
    value not among them stays as it is however the move's dice fall."""
    return _move(world, action)[1]


def _move(world: World, action: str) -> tuple[tuple[Expr, ...], frozenset[str], bool]:
    """What playing ``action`` may run (all but the other actions and ``between``; every
    action for ``""``): the expressions in it that read the clock, the names it binds or
    sets, and whether an encounter in it is a sign. Kept for the last few worlds."""
    procedure = world.procedure
    known = _MOVES.get((id(procedure), action))
    if known is not None and known[0] is procedure:
        return known[1]
    tests: dict[int, Expr] = {}
    bound: set[str] = set(_STORED)
    stack: list[object] = [getattr(procedure, field) for field in procedure.__dataclass_fields__
                           if field not in _SHOWN_ONLY and field not in ("between", "actions")]
    stack += [procedure.actions.get(action) if action else procedure.actions,
              dict(world.tables)]
    sign = False
    for item in parts_of(stack, (Say, Template)):
        if isinstance(item, Expr):
            if item.names & _CLOCK:
                tests[id(item)] = item
        elif hasattr(item, "__dataclass_fields__"):
            bound |= _binds(item)
            sign = sign or (isinstance(item, Encounter) and item.sign)
    found = (tuple(tests.values()), frozenset(bound), sign)
    if len(_MOVES) >= 16:
        _MOVES.pop(next(iter(_MOVES)))
    _MOVES[(id(procedure), action)] = (procedure, found)
    return found


def foretells(world: World) -> bool:
    """Whether any encounter of the procedure (or of a table it rolls) is a sign, which
    foretells the next encounter met."""
    return _move(world, "")[2]


def _binds(item: object) -> set[str]:
    """The names an effect or an argument sets or binds: a value changed, a local let,
    a routine's parameters (pairs of a name and what it gets), a roll or an entry kept
    by name, an argument and the values its choices set."""
    names: set[str] = set()
    for field in ("values", "changes", "args"):
        pairs = getattr(item, field, None)
        if isinstance(pairs, tuple):
            names |= {pair[0] for pair in pairs if isinstance(pair, tuple) and pair
                      and isinstance(pair[0], str)}
    if isinstance(item, (RollDice, RollTable)) and item.name:
        names.add(item.name)
    if isinstance(item, Arg):
        names.add(item.name)
        names |= {name for _, sets in item.choices for name, _ in sets}
    return names


_PARTY = (Vitality, Condition, Members)
"""Effects that reach the party's members alone: nothing where the party has none."""
_CHAINS: dict[tuple[int, bool], tuple[object, frozenset[str]]] = {}


def chain_reads(world: World, party: bool) -> frozenset[str]:
    """The names whose values may change what one move played again and again brings to
    what the chain counts (the lights, the party, the supplies, the encounters and signs,
    the map, the clock, the dice rolled and whether the move is refused): every name an
    expression reads, but those read only to set a name that is not itself among them
    (Delving's ``fatigue``, Exploration's ``since_rest`` and ``rest_due`` while the party
    has no members: they lead only to a save and a condition no one takes). An effect
    that sets a name, a ``say``, a named outcome and (``party`` False: the party has
    none) an effect on the party's members change nothing else; a branch, a check or a
    question matter as what they run does; every other effect, and every expression
    outside an effect, counts whole. Kept for the last few worlds."""
    procedure = world.procedure
    known = _CHAINS.get((id(procedure), party))
    if known is not None and known[0] is procedure:
        return known[1]
    read: set[str] = set()
    writes: list[tuple[str, frozenset[str]]] = []  # a name set, and what its value reads
    none: frozenset[str] = frozenset()
    stack: list[tuple[object, frozenset[str]]] = [
        (getattr(procedure, field), none) for field in procedure.__dataclass_fields__
        if field not in _SHOWN_ONLY]
    stack.append((dict(world.tables), none))
    met: set[tuple[int, frozenset[str]]] = set()
    while stack:
        item, context = stack.pop()
        if isinstance(item, Expr):
            read |= item.names | context
            continue
        if (id(item), context) in met or isinstance(item, (str, int, float, bool,
                                                           type(None), Say, Outcome)):
            continue
        met.add((id(item), context))
        if isinstance(item, dict):
            stack.extend((value, context) for value in item.values())
        elif isinstance(item, (list, tuple, frozenset, set)):
            stack.extend((value, context) for value in item)
        elif isinstance(item, (Adjust, Assign, Let)):
            when = context | (item.when.names if item.when is not None else none)
            pairs = item.changes if isinstance(item, Adjust) else item.values
            writes.extend((name, when | value.names) for name, value in pairs)
        elif isinstance(item, RollDice) and item.name is None:
            continue  # a total kept under no name: only shown
        elif isinstance(item, _PARTY) and not party:
            continue
        elif isinstance(item, (Branch, Check, Ask)):  # as what it runs
            inner = context | _names_in(item, ("then", "otherwise"))
            stack.extend((getattr(item, field), inner) for field in ("then", "otherwise"))
        elif isinstance(item, Do) and item.routine in procedure.routines:
            inner = context | (item.when.names if item.when is not None else none)
            writes.extend((name, inner | value.names) for name, value in item.args)
            stack.append((procedure.routines[item.routine], inner))
        elif hasattr(item, "__dataclass_fields__"):
            read |= context
            stack.extend((getattr(item, field), context) for field in item.__dataclass_fields__)
    found = set(read)
    while True:  # what a name that counts is set from counts too
        more = {name for target, names in writes if target in found for name in names}
        more |= {name[:-6] for name in found if name.endswith("_level")}
        if more <= found:
            break
        found |= more
    if len(_CHAINS) >= 8:
        _CHAINS.pop(next(iter(_CHAINS)))
    result = frozenset(found)
    _CHAINS[(id(procedure), party)] = (procedure, result)
    return result


def _names_in(item: Branch | Check | Ask, skipped: tuple[str, ...]) -> frozenset[str]:
    """Every name the expressions of ``item`` read, but in its fields ``skipped``."""
    names: set[str] = set()
    stack: list[object] = [getattr(item, field) for field in item.__dataclass_fields__
                           if field not in skipped]
    while stack:
        part = stack.pop()
        if isinstance(part, Expr):
            names |= part.names
        elif isinstance(part, Template):
            stack.extend(part.fields)
        elif isinstance(part, (list, tuple)):
            stack.extend(part)
        elif hasattr(part, "__dataclass_fields__"):
            stack.extend(getattr(part, field) for field in part.__dataclass_fields__)
    return frozenset(names)


def unread_trackers(world: World, danger: str = "", party: bool = True) -> frozenset[str]:
    """The trackers no rule reads to any end the chain counts: not by name or level in
    what a move played again and again may bring (:func:`chain_reads`; ``party``: the
    party has members), nor in a table's dice or plus, nor the danger watched. Delving's
    and Overloaded's fatigue only adds up, Exploration's rest clock leads only to a save
    no member makes: two states that differ in them alone do alike at every move, so the
    chain keeps them as one (and meets the same states again)."""
    names = chain_reads(world, party)
    tabled = {word for table in world.tables.values()
              for text in (table.dice, table.plus) if isinstance(text, str)
              for word in _WORD.findall(text)}
    return frozenset(
        tracker for tracker in world.procedure.trackers
        if tracker != danger and tracker not in names and f"{tracker}_level" not in names
        and tracker not in tabled)


_WORD = re.compile(r"[A-Za-z_]\w*")


_TESTS: dict[tuple[int, int], tuple[object, object, dict[str, tuple[Expr, ...] | None]]] = {}


def tests_of(procedure: Procedure, tables: Mapping[str, Table]
             ) -> dict[str, tuple[Expr, ...] | None]:
    """For each name an expression of the procedure or its tables reads (not the words a
    ``say`` makes, which no rule reads): the expressions that read it, when each reads
    that name alone; None when one reads more. Kept for the last few procedures."""
    known = _TESTS.get((id(procedure), id(tables)))
    if known is not None and known[0] is procedure and known[1] is tables:
        return known[2]
    found: dict[str, dict[int, Expr]] = {}
    for item in parts_of([procedure, dict(tables)], (Say,)):
        if isinstance(item, Expr):
            for name in item.names:
                found.setdefault(name, {})[id(item)] = item
    tests = {name: None if any(test.names != {name} for test in read.values())
             else tuple(read.values()) for name, read in found.items()}
    if len(_TESTS) >= 8:
        _TESTS.pop(next(iter(_TESTS)))
    _TESTS[(id(procedure), id(tables))] = (procedure, tables, tests)
    return tests
