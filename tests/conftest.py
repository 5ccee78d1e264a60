"""Shared fixtures: XDG folders in a temp dir, scripted dice, and a tiny play helper."""

from __future__ import annotations

import os
import random
import re
import subprocess

import pytest
from chromium import browser
from hypothesis import HealthCheck, settings

from solo.engine.core import Result, perform, read, start
from solo.engine.state import State
from solo.rules.catalog import load_world
from solo.rules.world import World
from tests.suite_profile import FULL, SCALE

# Hypothesis' profiles (tests/suite_profile.py): every search at a quarter of its full size
# and the same examples every run by default; at full size, drawing new examples, with
# SOLO_TEST_PROFILE=full. A test's own @settings(max_examples=scaled(N)) sizes its search.
settings.register_profile("default", deadline=None, derandomize=True, database=None,
                          max_examples=max(1, round(100 * SCALE)),
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("full", deadline=None, max_examples=max(1, round(100 * SCALE)),
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("full" if FULL else "default")


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(home / "state"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.fixture
def here(tmp_path, monkeypatch):
    """The test's own folder as the working folder (solo writes journals/ there)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


class ScriptedRandom(random.Random):
    """A Random whose randint answers come from a script (then from the seed).

    Use it to put an exact die face under a rule: ``ScriptedRandom([6, 3])`` makes
    the next two dice show 6 and then 3, whatever their size.
    """

    def __new__(cls, *_, **__):  # (Python 3.10's Random takes one argument and seeds by it)
        return super().__new__(cls)

    def __init__(self, faces, seed: int = 0) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        if self.faces:
            face = self.faces.pop(0)
            assert a <= face <= b, f"scripted face {face} does not fit d{b}"
            return face
        return super().randint(a, b)


def perform_line(world: World, state: State, line: str, rng: random.Random,
                 actor: str | None = None) -> Result:
    """Read ``line`` as the player typed it (as member ``actor``'s, if given) by its
    command's entry, then carry it out: the engine's two steps, as play takes them."""
    return perform(world, state, read(world, state, line, actor), rng)


_WORLDS: dict[str, World] = {}


class Crawl:
    """A world and a state, played one command at a time. Worlds are immutable, so each
    procedure is loaded once for the whole test run."""

    def __init__(self, system: str, party: tuple[str, ...] = ()) -> None:
        if system not in _WORLDS:
            _WORLDS[system] = load_world(system)
        self.world: World = _WORLDS[system]
        self.state: State = start(self.world, party=party)  # each at the procedure's HP
        self.last: Result | None = None

    def do(self, line: str, faces=(), seed: int = 0, actor: str | None = None,
           rng: random.Random | None = None) -> Result:
        """Play ``line`` (as member ``actor``'s, like ``Wren: rest`` at the prompt), its
        dice showing ``faces`` first, or drawn from ``rng``."""
        rng = rng or (ScriptedRandom(faces, seed) if faces else random.Random(seed))
        self.last = perform_line(self.world, self.state, line, rng, actor)
        self.state = self.last.state
        return self.last

    def value(self, name: str):
        return self.state.values[name]

    def events(self, kind):
        events = self.last.events if self.last else ()
        return [event for event in events if isinstance(event, kind)]


@pytest.fixture
def crawl():
    return Crawl


@pytest.fixture(scope="module")
def chromium():
    """One headless Chromium for a test module (tests/chromium.py; the test skips, saying
    why, where there is none)."""
    started = browser()
    yield started
    started.close()


# -- solo's process starts: only in tests marked e2e (SOLO_COUNT_STARTS=FILE logs them) -------

_SOLO_IN_A_LINE = re.compile(r"(^|[\s/'\"])solo(['\"]?\s|$)|-m solo\b|import solo|from solo")


def _is_solo(argv: object) -> bool:
    """Whether a process start runs solo: the console script, ``python -m solo``, a Python
    that imports solo (``-c``), or a shell line (``sh -c``, ``unshare``) that runs one of
    those; not a tool that only reads solo's sources (``python -m mypy solo``, ruff)."""
    words = [str(word) for word in argv] if isinstance(argv, (list, tuple)) else [str(argv)]
    program = os.path.basename(words[0])
    if program == "solo":
        return True
    if program.startswith("python") and words[1:2] == ["-m"]:
        return words[2:3] == ["solo"]
    if program.startswith("python") or program in ("sh", "bash", "unshare", "env", "timeout"):
        return any(_SOLO_IN_A_LINE.search(word) for word in words[1:])
    return False


_RUNNING = {"e2e": False}  # whether the test now running is marked e2e


def pytest_configure(config: pytest.Config) -> None:
    """Every start of a solo process is checked: a test not marked ``e2e`` that starts one
    fails, saying to run solo in-process (tests/fake_env.py) or to mark it. With
    SOLO_COUNT_STARTS=FILE, each start is also logged to FILE, one line each (the test, then
    the command): ``cut -f1 FILE | sort | uniq -c`` counts them."""
    log = os.environ.get("SOLO_COUNT_STARTS")
    original = subprocess.Popen.__init__

    def watched(self, args, *rest, **options):  # type: ignore[no-untyped-def]
        if _is_solo(args):
            test = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
            if not _RUNNING["e2e"]:
                raise AssertionError(
                    f"{test} starts solo as a process ({' '.join(map(str, args))[:80]}) but "
                    "is not marked e2e: run it in-process (tests/fake_env.py), or mark it "
                    "@pytest.mark.e2e if only a process proves the point")
            if log:
                with open(log, "a", encoding="utf-8") as out:
                    out.write(f"{test}\t{' '.join(map(str, args))[:120]!r}\n")
        original(self, args, *rest, **options)

    subprocess.Popen.__init__ = watched  # type: ignore[method-assign]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    """Note whether the test about to run (its fixtures too) is marked e2e."""
    _RUNNING["e2e"] = item.get_closest_marker("e2e") is not None
    yield
    _RUNNING["e2e"] = False
