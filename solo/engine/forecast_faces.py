"""Which faces of a die the forecast's count must play apart, read off the engine's frames
at the die (:class:`solo.engine.forecast_tree.Forking`): faces that lead to one future
are played once, the one face standing for the others.

- :func:`inert_roll`: a table whose entry changes nothing (words only, or an encounter
  only named): one face stands for all.
- :func:`faces_alike`: a plain table of one die, each entry once (its faces alike:
  nothing reads a table's face but the entry it picks), and entries alike once too where
  the table binds its entry to a name (``as: environment``) that only tests of that name
  alone read (``environment == 'collapse'``: the entries the tests tell apart, each with
  effects of its own apart); an encounter table's entries struck off once and the
  others once; a check of one die whose roll
  nothing reads again (:func:`~solo.engine.forecast_names.one_die_checks`), one face
  that succeeds and one that fails; a light source's check of one die (a torch's d6
  each turn) likewise, in a procedure where those checks are so counted.
- :func:`unkept_roll`: a ``roll`` that keeps its total under no name, where no rule
  reads a roll's dice: nothing reads its faces again (its event only shows them), so
  one face stands for all.
- :func:`at_a_checks_die`: a check's own die, where its last ``roll`` and ``natural``
  are read no more.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

from collections.abc import Callable
from types import CodeType, FrameType

from solo.engine import effects_lights, effects_tables
from solo.engine.compiled_parts import nothing
from solo.engine.effects_dice import compile_check, compile_roll
from solo.engine.effects_tables import compile_encounter, compile_table
from solo.engine.forecast_names import tests_of
from solo.engine.run import RunState, Scope
from solo.rules import dice
from solo.rules.tables import Table

__all__ = ["inert_roll", "faces_alike", "at_a_checks_die", "unkept_roll", "FRAMES_READ"]

Faces = tuple[tuple[int, ...], tuple[int, ...]]
"""The faces to play, and how many faces each stands for."""


def _code_in(function: Callable, name: str) -> CodeType:
    return next(code for code in function.__code__.co_consts
                if isinstance(code, CodeType) and code.co_name == name)


_CHECK_CODE = _code_in(compile_check, "check")
_ROLL_ENTRY = _code_in(compile_table, "roll_entry")
_ROLL_OUTCOME = _code_in(compile_table, "roll_outcome")
_ROLL_AS = _code_in(compile_table, "roll_as")
_ENCOUNTER = _code_in(compile_encounter, "encounter")
_ROLL_TABLE = effects_tables.roll_table.__code__
_DICE_ROLL = dice.roll.__code__
_RUN_ROLL = RunState.roll.__code__
_ROLL_DICE = _code_in(compile_roll, "roll_dice")
_SOURCE_CHECK = effects_lights._check_source.__code__
_dice_roller = getattr(effects_tables, "_dice_roller")  # noqa: B009 (the engine's own)
_TABLE_ONE_DIE = _code_in(_dice_roller, "one_die")
_TABLE_INDEX = _code_in(_dice_roller, "index")


FRAMES_READ: dict[CodeType, frozenset[str]] = {
    _CHECK_CODE: frozenset({"run", "success", "added_by", "rolled"}),
    _ROLL_ENTRY: frozenset({"steps", "step"}),
    _ROLL_OUTCOME: frozenset({"steps", "step", "index"}),
    _ROLL_AS: frozenset({"run", "name", "ids", "steps", "index"}),
    _ENCOUNTER: frozenset({"run", "name", "index"}),
    _ROLL_TABLE: frozenset({"run", "table", "plus_expr", "result"}),
    _TABLE_ONE_DIE: frozenset({"run", "low", "count", "found", "last"}),
    _TABLE_INDEX: frozenset({"run", "low", "count", "found", "last", "evaluate"}),
    _SOURCE_CHECK: frozenset({"run", "check", "result"}),
    _ROLL_DICE: frozenset({"name", "rolled"}),
}
"""What this module reads of the engine's frames, by the code of the function: the
local names it reads, or tests for (``rolled``, ``result``, ``step``, ``index``: bound
once the die is rolled, so that their absence says the die is the one being rolled). A
rename in the engine must be made here too: a name tested for absence and renamed would
be absent always, and the count would merge faces that differ. tests/engine/
test_forecast_frames.py holds each name to its function's own names, and fails loudly."""


def at_a_checks_die(frame: FrameType | None) -> bool:
    """Whether this die is a check's own roll (the innermost check has not rolled yet):
    the check binds ``roll``, ``natural`` and the last roll's dice right after it, and
    nothing reads the old ones between, when no check's plus reads them."""
    while frame is not None:
        if frame.f_code is _CHECK_CODE:
            return "rolled" not in frame.f_locals
        frame = frame.f_back
    return False


def inert_roll(frame: FrameType | None, low: int = 0, high: int = 0) -> bool:
    """Whether this die rolls a table whose entry changes nothing: a table whose entries
    have no effects (only words, not recorded here), or an encounter table with nothing
    struck off, whose entry only names what is met or foretold (the last encounter, read
    by ``strike`` alone), or whose faces ``low``..``high`` reach only entries struck
    off, or only entries not. Its faces are all alike to what follows."""
    if high > low and frame is not None:
        alike = _encounter_faces(frame, low, high)
        if alike is not None and len(alike[0]) == 1:
            return True
    while frame is not None:
        code = frame.f_code
        if code is _ROLL_ENTRY or code is _ROLL_OUTCOME:
            local = frame.f_locals
            if "step" in local or "index" in local:
                return False  # past the roll: a die of the entry's own effects
            return all(step is nothing for step in local["steps"])
        if code is _ENCOUNTER:  # a sign's entry too: only named when it arrives
            local = frame.f_locals
            if "index" in local:
                return False
            return not local["run"].struck.get(local["name"])
        if code is _CHECK_CODE:
            return False
        frame = frame.f_back
    return False


def unkept_roll(frame: FrameType | None) -> bool:
    """Whether this die is one of a ``roll`` effect's dice, the roll keeping its total
    under no name. The caller knows no rule reads a roll's dice (``dice``): then nothing
    reads this one's faces again (the last roll is read only as ``dice``, and the event
    that shows it is read by no count), and one face stands for all."""
    for _ in range(3):  # the roll's own frame, or its roller's, or dice.roll's under it
        if frame is None:
            return False
        if frame.f_code is _ROLL_DICE:
            local = frame.f_locals
            return "rolled" not in local and local["name"] is None
        frame = frame.f_back
    return False


def _encounter_faces(frame: FrameType, low: int, high: int) -> Faces | None:
    """The faces of an encounter table's die grouped by whether they reach an entry
    struck off (None: not an encounter's roll of its entry)."""
    code = frame.f_code
    back = frame.f_back
    if code is _DICE_ROLL and back is not None and back.f_code is _ROLL_TABLE:
        struck = _struck_above(back)
        return None if struck is None else _journaled_entry(back, low, high, struck)
    if code is _TABLE_ONE_DIE or code is _TABLE_INDEX:
        struck = _struck_above(frame)
        return None if struck is None else _entry(frame, low, high, struck)
    return None


def faces_alike(frame: FrameType, low: int, high: int, checks: frozenset[int]
                ) -> Faces | None:
    """At the die ``frame`` rolls (``low``..``high``): the faces to play and how many
    each stands for, when some of them do alike: a plain table's die, one face for each
    entry; the die of a check in ``checks``, one face that succeeds and one that fails.
    None: every face is played."""
    code = frame.f_code
    back = frame.f_back
    if code is _DICE_ROLL and back is not None and back.f_code is _ROLL_TABLE:
        return _journaled_entry(back, low, high, _struck_above(back))
    if code is _TABLE_ONE_DIE or code is _TABLE_INDEX:
        return _entry(frame, low, high, _struck_above(frame))
    if checks:
        found = _source_faces(frame, low, high)
        return found if found is not None else _check_faces(frame, low, high, checks)
    return None


def _struck_above(frame: FrameType) -> frozenset[int] | None:
    """The entries struck off, when the table ``frame`` rolls is an encounter's, rolling
    the entry met (or foretold): nothing but whether it is struck off is read of which
    entry it is (it is only named, and the last one met only by ``strike``)."""
    above = frame.f_back
    for _ in range(3):  # the encounter, through its roller
        if above is None:
            return None
        if above.f_code is _ENCOUNTER:
            local = above.f_locals
            if "index" in local:
                return None
            return frozenset(local["run"].struck.get(local["name"], ()))
        above = above.f_back
    return None


def _grouped(faces: range, group: Callable[[int], object]) -> Faces:
    """``faces`` in groups that do alike: the first face of each, and its group's size."""
    groups: dict[object, list[int]] = {}
    for face in faces:
        groups.setdefault(group(face), [face, 0])[1] += 1
    shown = sorted(groups.values())
    return tuple(face for face, _ in shown), tuple(many for _, many in shown)


def _journaled_entry(frame: FrameType, low: int, high: int, struck: frozenset[int] | None
                     ) -> Faces | None:
    """The die of a plain table of one die that a recording run rolls
    (:func:`solo.engine.effects_tables.roll_table`): its faces grouped by entry (an
    encounter's by whether the entry is in ``struck``). Only the entry is read of the
    face (its journal line's dice are words)."""
    local = frame.f_locals
    table: Table = local["table"]
    if "result" in local or not table.plain or dice.single_die(table.expression) is None:
        return None
    read = local["plus_expr"] if local["plus_expr"] is not None else table.plus_expr
    try:
        plus = 0 if read is None else read.evaluate(local["run"].scope)
    except Exception:  # noqa: BLE001 (the play raises it, as play does)
        return None
    if type(plus) is not int:
        return None
    if struck is not None:
        return _grouped(range(low, high + 1),
                        lambda face: table.index_for(face + plus) in struck)
    return _grouped(range(low, high + 1), _as_read(frame, lambda face: table.index_for(
        face + plus)))


def _entry(frame: FrameType, low: int, high: int, struck: frozenset[int] | None
           ) -> Faces | None:
    """The die of a plain table of one die that a run recording nothing rolls (the
    engine's own roller of an entry's index): its faces grouped by entry (an
    encounter's by whether the entry is in ``struck``)."""
    local = frame.f_locals
    start, count, found, last = local["low"], local["count"], local["found"], local["last"]
    plus = 0
    evaluate = local.get("evaluate")
    if evaluate is not None:
        try:
            plus = evaluate(local["run"].scope)
        except Exception:  # noqa: BLE001 (the play raises it, as play does)
            return None
        if type(plus) is not int:
            return None
    if not count:
        return None

    def index(face: int) -> int:
        offset = face + plus - start
        return found[offset] if 0 <= offset < count else 0 if offset < 0 else last

    if struck is not None:
        return _grouped(range(low, high + 1), lambda face: index(face) in struck)
    return _grouped(range(low, high + 1), _as_read(frame, index))


def _as_read(frame: FrameType, index: Callable[[int], int]) -> Callable[[int], object]:
    """What the rules read of the entry a face of the table ``frame`` rolls picks (by
    ``index``): the entry, unless the table binds it to a name (``as: environment``)
    that only expressions of that name alone read: then what those tests make of its id,
    and its effects, if it has any of its own (entries alike in both have one future: the
    name is kept in the state as the first of them has it)."""
    above = frame.f_back
    for _ in range(3):  # roll_as, through the roller (and roll_table when recording)
        if above is None or above.f_code is _ROLL_AS:
            break
        above = above.f_back
    if above is None or above.f_code is not _ROLL_AS or "index" in above.f_locals:
        return index
    local = above.f_locals
    run, name, ids, steps = local["run"], local["name"], local["ids"], local["steps"]
    tests = tests_of(run.procedure, run.tables).get(name, ())
    if tests is None:
        return index
    try:
        told = [tuple(test.evaluate({name: entry}) for test in tests) for entry in ids]
    except Exception:  # noqa: BLE001 (a test that needs more: every entry apart)
        return index
    return lambda face: (told[index(face)], index(face) if steps[index(face)] is not nothing
                         else None)


def _check_faces(frame: FrameType | None, low: int, high: int, checks: frozenset[int]
                 ) -> Faces | None:
    """At the one die of a check in ``checks`` (:func:`one_die_checks`): a face that
    succeeds and one that fails, each with how many faces it stands for (one of them
    alone when every face does alike). None: not such a die, or its test cannot be
    asked ahead (an error it raises is then raised by the play, as play raises it)."""
    while frame is not None and frame.f_code is not _CHECK_CODE:
        frame = frame.f_back
    if frame is None:
        return None
    local = frame.f_locals
    success = local["success"]
    if "rolled" in local or id(success) not in checks:
        return None
    added_by = local["added_by"]
    scope = Scope(local["run"])  # a copy: the run itself is not touched
    try:
        added = 0 if added_by is None else added_by(scope)

        def succeeds(face: int) -> bool:
            scope["natural"], scope["roll"] = face, face + added
            return bool(success(scope))

        return _grouped(range(low, high + 1), succeeds)
    except Exception:  # noqa: BLE001 (the play raises it, face by face)
        return None


def _source_faces(frame: FrameType, low: int, high: int) -> Faces | None:
    """At the one plain die a light's source check rolls (a torch's d6 each turn), in a
    procedure whose checks' rolls nothing reads again (the caller's ``checks``): a face
    that succeeds and one that fails, as for a check (:func:`_check_faces`). None: not
    such a die (its label reads its roll, its dice are more than one plain die)."""
    back = frame.f_back
    if frame.f_code is not _DICE_ROLL or back is None or back.f_code is not _RUN_ROLL:
        return None
    source = back.f_back
    if source is None or source.f_code is not _SOURCE_CHECK or "result" in source.f_locals:
        return None
    local = source.f_locals
    check = local["check"]
    if any(field.names & {"roll", "natural"} for field in check.label.fields):
        return None
    scope = Scope(local["run"])  # a copy: the run itself is not touched
    try:
        if dice.single_die(dice.parse(check.dice.render(scope))) != high or low != 1:
            return None

        def succeeds(face: int) -> bool:
            scope["natural"], scope["roll"] = face, face
            return bool(check.success.evaluate(scope))

        return _grouped(range(low, high + 1), succeeds)
    except Exception:  # noqa: BLE001 (the play raises it, face by face)
        return None
