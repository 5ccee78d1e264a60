"""What the forecast's count reads off the engine's Python frames (forecast_freeze's
docstring lists it): held here, so that a change of the engine that breaks it fails
loudly, not silently into a slower count, an estimate, or ways merged that differ."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

import solo
from solo.engine import forecast_tree
from solo.engine.core import perform, read, start
from solo.engine.dungeon_named import start_values
from solo.engine.dungeon_rolls import SEEKS
from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from solo.engine.forecast_faces import FRAMES_READ
from solo.engine.forecast_freeze import RUN_PARTS
from solo.engine.forecast_live import ENGINE_READS
from solo.engine.world_state import new_run
from solo.errors import SoloError
from solo.rules.catalog import load_world, stock_generator, system_ids

TESTED_FOR_ABSENCE = frozenset({"rolled", "result", "step", "index"})
"""Names the count tests for (bound once the die is rolled): renamed, they would be
absent always, and the count would take every die for the one not yet rolled."""


@pytest.mark.parametrize("code", list(FRAMES_READ), ids=lambda code: code.co_name)
def test_every_local_the_count_reads_is_its_functions_own(code):
    own = set(code.co_varnames) | set(code.co_cellvars) | set(code.co_freevars)
    missing = FRAMES_READ[code] - own
    assert not missing, (f"{code.co_name} ({code.co_filename}) no longer has the locals "
                         f"{sorted(missing)}: update solo/engine/forecast_faces.py")
    bound = set(code.co_varnames) | set(code.co_cellvars)
    assert FRAMES_READ[code] & TESTED_FOR_ABSENCE <= bound  # bound by the function itself


def test_every_part_of_a_run_the_freezer_names_is_a_runs_own():
    world = load_world("d12-tension")
    run = new_run(world, start(world), rng=random.Random(0))
    run.program()  # (set once a run acts)
    missing = {name for name in RUN_PARTS if not hasattr(run, name)}
    assert not missing, f"a run has no {sorted(missing)}: update forecast_freeze.py"


def _states(system: str):
    """A few states of ``system`` a player meets: a torch lit and the usual move made,
    bare and with a generator rolling the rooms."""
    world = load_world(system)
    for generator in (None, "classic"):
        state = start(world)
        if generator is not None:
            stock_generator(world, generator)
            state = replace(state, values={**state.values, **start_values(world, generator)})
        for index, line in enumerate(["light torch", world.procedure.simulate,
                                      world.procedure.simulate]):
            try:
                state = perform(world, state, read(world, state, line),
                                random.Random(index)).state
            except SoloError:
                continue
        yield world, state


@pytest.mark.parametrize("system", system_ids())
def test_every_die_of_every_shipped_procedures_moves_is_told_whole(monkeypatch, system):
    """At each die the count reads the engine's state off its frames; a frame it cannot
    read whole (a comprehension, a function from outside the engine, a local of a kind
    the freezer does not know) leaves the die untold: played out face by face, never
    merged, slower, and past the bound an estimate. None of the shipped procedures'
    moves has one."""
    untold: list[str] = []
    key = forecast_tree._Count.key

    def told(self, frame, at):
        found = key(self, frame, at)
        if found is None:
            names = []
            while frame is not None and frame.f_code is not self.root:
                names.append(f"{frame.f_code.co_name} ({frame.f_code.co_filename})")
                frame = frame.f_back
            untold.append(" < ".join(names))
        return found

    monkeypatch.setattr(forecast_tree._Count, "key", told)
    for world, state in _states(system):
        forecast(world, state, seeded(), world.procedure.simulate)
    assert not untold, f"dice the count cannot tell whole: {sorted(set(untold))[:3]}"


_ENGINE_READING = re.compile(r"\.locals\.get\(|\.locals\[[^\]]*\](?!\s*=[^=])|\bcompile_expr\(|"
                             r"\.routines\b|\baction\.effects\b|\.scope\[[^\]]*\](?!\s*=[^=])")
"""How an engine function could read a command's locals, or run a routine or an action's
effects, other than through the compiled steps it holds."""
_KNOWN_READING = {
    ("compiled.py", "action.effects"),  # Program.action: only Run.act asks for it
    ("compiled.py", ".routines"),  # Program.routine: the step of a ``do``
    ("effects_tables.py", ".routines"),  # the encounter-met routine, by name (MET)
    ("dungeon_rolls.py", ".locals.get("),  # what a search seeks (ENGINE_READS)
    ("dungeon_rolls.py", "compile_expr("),  # when a moving party finds a trap (ENGINE_READS)
    ("compiled_parts.py", ".scope[name]"),  # branch_of: a name its step holds (a string)
}


def test_the_engine_reads_a_commands_locals_only_as_forecast_live_says():
    """forecast_live leaves out of the state at a die the command's locals the rest of
    the play reads no more, relying on the engine reading one only by the expressions of
    the steps it holds or of the procedure outside its actions' effects and routines,
    and by ENGINE_READS; running a routine only through a ``do`` or as encounter-met, and
    an action's effects only through Run.act (which starts the locals afresh). A new way
    in the engine fails here: tell forecast_live of it."""
    found = set()
    for path in sorted((Path(solo.__file__).parent / "engine").glob("*.py")):
        if path.name.startswith("forecast"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            for match in _ENGINE_READING.finditer(line.split("#")[0]):
                text = match.group(0).rstrip()
                found.add((path.name, ".locals.get(" if text.startswith(".locals.get")
                           else text))
    assert found == _KNOWN_READING
    assert SEEKS in ENGINE_READS and {"pace", "light"} <= ENGINE_READS
