"""No I/O under the engine (#39's design debt): the play layer reads the journal's generator
or key into the world when it starts or resumes, and the engine only looks them up. Once a
sitting is open, a crawl through a key or a generator plays, searches, forecasts and
counts with every way of reading a file made to fail."""

from __future__ import annotations

import builtins
import io
import os
import random
from contextlib import contextmanager
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from solo.engine.key_views import explored_text, key_notice
from solo.errors import UsageError
from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.rules import catalog, key_file, key_shelf
from solo.rules.catalog import load_world

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"


class FileRead(AssertionError):
    """A file was read under the engine."""


def _refuse(*args, **kwargs):
    raise FileRead(f"a file was read under the engine: {args[:1]}")


@contextmanager
def no_files():
    """Every way solo reads a file, and the loaders of generators and keys, raise (put back
    on leaving, before pytest itself needs them)."""
    with pytest.MonkeyPatch.context() as patch:
        for owner, name in ((builtins, "open"), (io, "open"), (os, "stat"), (os, "open"),
                            (Path, "read_bytes"), (Path, "read_text"), (Path, "is_file"),
                            (catalog, "load_generator"), (catalog, "read_key"),
                            (key_file, "load_key_file"), (key_shelf, "load_key_file")):
            patch.setattr(owner, name, _refuse)
        yield


def _opened(tmp_path: Path, system: str, dungeon: str):
    path = create_journal_file(str(tmp_path / "j.md"), system, None, 7, [],
                               dungeon=(dungeon, []))
    session = Session(path)
    try:
        return session.world, session.state
    finally:
        session.close()


def _play(world, state, lines: list[str]):
    for number, line in enumerate(lines):
        try:
            state = engine.perform(world, state, engine.read(world, state, line),
                                   random.Random(number)).state
        except FileRead:
            raise
        except Exception as error:  # noqa: BLE001 - a refusal is play, not a read
            assert "not found" not in str(error), error
    return state


def test_a_keyed_crawl_reads_no_file_once_the_sitting_is_open(tmp_path):
    key = tmp_path / "abbey.yaml"
    key.write_bytes(EXAMPLE.read_bytes())
    world, state = _opened(tmp_path, "d12-tension", str(key))
    assert list(world.keys) == ["abbey.yaml"]  # stocked, by the name the journal stores
    with no_files():
        state = _play(world, state, ["enter", "enter N", "find-secret", "enter", "enter E",
                                     "break-door", "enter E", "find-secret", "enter"])
        explored = explored_text(world, state.values, state.dungeon)
        notice = key_notice(world, state.values, state.dungeon)
        odds = forecast(world, state, seeded())
    assert len(state.dungeon.rooms) >= 3
    assert explored is not None
    assert explored.startswith(f"{len(state.dungeon.rooms)} of 20 rooms")
    assert notice is None
    assert odds is not None


def test_a_generated_crawl_reads_no_file_once_the_sitting_is_open(tmp_path):
    world, state = _opened(tmp_path, "trespasser", "classic")
    assert list(world.generators) == ["classic"]
    with no_files():
        state = _play(world, state, ["advance", "stay", "search success",
                                     "batter-door success", "advance"])
        odds = forecast(world, state, seeded())
    assert len(state.dungeon.rooms) >= 2
    assert odds is not None


def test_a_world_not_stocked_has_no_dungeon_and_reads_none(tmp_path):
    key = tmp_path / "abbey.yaml"
    key.write_bytes(EXAMPLE.read_bytes())
    _, state = _opened(tmp_path, "d12-tension", str(key))
    bare = load_world("d12-tension")
    with no_files():
        request = engine.read(bare, state, "enter")
        with pytest.raises(UsageError, match="the key abbey.yaml is not found"):
            engine.perform(bare, state, request, random.Random(1))
        notice = key_notice(bare, state.values, state.dungeon)
    assert notice is not None and "not found" in notice
