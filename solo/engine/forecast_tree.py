"""Every way the dice can fall, counted with the branches that meet merged: exact odds.

A play of the pure engine is run on :class:`Forking` dice, which answer a path of faces
chosen so far and, at the first die past it, stop the play and say what die it is
(:class:`_Branch`). :func:`outcomes` then plays each face of that die in turn. Two paths
that reach a die with the engine in the same state (the same values, lights, locals,
rooms, the same place in the same effects) have the same future, so the second takes
the first's distribution of outcomes instead of playing it again: 1,440 ways a D12 turn
can fall are counted in 26 plays, the 46,656 of Dungeon Turn's rest-hour in under 200.

The state at a die is read off the Python frames between the die and the play
(:meth:`_Count.key`): each frame's code, its place in the code and the locals it still
reads (:mod:`solo.engine.forecast_live`), frozen (:mod:`solo.engine.forecast_freeze`)
with the run's working state, less what no move reads. A frame that may hold what its
locals do not show (a comprehension building a list, a frame from outside the engine and
the dice module) makes the die unmergeable: played out, slower but never wrong.

Fewer dice to branch on, where the procedure allows (:mod:`solo.engine.forecast_names`
says what it reads): dice rolled together are one draw of their sum when no rule reads
them one by one; a check's last ``roll`` and ``natural`` are left out where nothing reads
them again; and the faces of a die that do alike are played once, one standing for the
others (:mod:`solo.engine.forecast_faces`: a table's faces by the entry they pick, an
encounter's by whether it is struck off, a check of one die whose roll nothing reads
again by whether it succeeds): D12's d12 check is 2 plays, not 12. A local that nothing
reads, or nothing after the die (:mod:`solo.engine.forecast_live`), is left out.

A draw that is no die (``random()``), more plays than the ``limit`` or more dice in one
play than :data:`DEPTH` raise :class:`TooMany`: the caller estimates instead.

Pure: no I/O, no clock, no global random.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from math import lcm
from types import CodeType, FrameType
from typing import Any, TypeVar

from solo.engine.forecast_faces import at_a_checks_die, faces_alike, inert_roll, unkept_roll
from solo.engine.forecast_freeze import PLAIN, Freezer, Unmergeable
from solo.engine.forecast_live import Locals, live_names
from solo.engine.forecast_names import checks_quiet, names_read, one_die_checks, rolls_unread
from solo.rules.dice_ways import MULTISETS, dice_summing, multisets, multisets_count, sums

__all__ = ["Forking", "Freezer", "outcomes", "shares", "TooMany", "names_read",  # (the
           "checks_quiet", "rolls_unread", "one_die_checks"]  # last four: forecast_names')

T = TypeVar("T", bound=Hashable)


class TooMany(BaseException):
    """More plays than the count may make, more dice in one play than it follows, or a
    draw no die made. (A BaseException, as :class:`_Branch` is, so that no ``except
    Exception`` in the engine can swallow it and count a way wrong.)"""


class _Branch(BaseException):
    """A die past the path: its faces ``low``..``high`` (each as likely, or as often as
    ``weights`` says), and the state the engine is in (None: not to be told whole)."""

    def __init__(self, low: int, high: int, key: Hashable | None,
                 weights: tuple[int, ...] | None = None,
                 faces: tuple[int, ...] | None = None) -> None:
        super().__init__()
        self.low = low
        self.high = high
        self.key = key
        self.weights = weights
        self.faces = faces
        """The faces to play, each standing for ``weights`` of them (else low..high)."""


class Forking(random.Random):
    """Dice that answer ``path`` face by face and stop the play at the first die past
    it (raising :class:`_Branch` with the die and the state the engine is in)."""

    def __new__(cls, *_: object) -> Forking:  # (Python 3.10's Random takes one argument)
        return super().__new__(cls)

    def __init__(self, path: list[int], count: _Count, inert: list[bool]) -> None:  # noqa: D107
        # Random's own state is never drawn from (random() and getrandbits() refuse), so
        # it is left unseeded: seeding costs more than a short play
        self.gauss_next = None
        self.path = path
        self.at = 0
        self.count = count
        self.inert = list(inert)
        """Whether each die rolled so far changes nothing (one face stands for all), as
        the play this one repeats up to its last face found (the same dice, in the same
        states): found once, not again at each play."""
        self.rolled = 0

    def _inert(self, low: int, high: int) -> bool:
        """Whether the die now rolled (from the frame two below) changes nothing."""
        rolled = self.rolled
        self.rolled = rolled + 1
        if rolled < len(self.inert):
            return self.inert[rolled]
        frame = sys._getframe(2)
        inert = inert_roll(frame, low, high) or (self.count.whole and unkept_roll(frame))
        self.inert.append(inert)
        return inert

    def randint(self, a: int, b: int) -> int:
        if a == b or self._inert(a, b):
            return a  # a die whose face changes nothing: one face stands for all
        at = self.at
        if at < len(self.path):
            self.at = at + 1
            return self.path[at]
        frame = sys._getframe(1)
        key = self.count.key(frame, at)
        alike = faces_alike(frame, a, b, self.count.checks)
        if alike is not None:  # faces that do alike: one stands for them all
            raise _Branch(a, b, key, alike[1], alike[0])
        raise _Branch(a, b, key)

    def whole_dice(self, count: int, sides: int, mode: str = "") -> tuple[int, ...] | None:
        """``count`` dice of ``sides`` in one draw: of their sum (dice that add to it) when
        no rule reads a roll's dice and none is kept or dropped (``mode``); else of the
        faces they show, in no order (the rules read a roll's dice only by count,
        highest and lowest); None when those are too many to draw at once."""
        summed = self.count.whole and not mode and count * sides <= 400
        if not summed and multisets_count(count, sides) > MULTISETS:
            return None
        if self._inert(0, 0):
            return (1,) * count
        at = self.at
        if at < len(self.path):
            self.at = at + 1
            face = self.path[at]
            return (dice_summing(face, count, sides) if summed
                    else multisets(count, sides)[0][face])
        key = self.count.key(sys._getframe(1), at)
        if summed:
            raise _Branch(count, count * sides, key, sums(count, sides))
        faces, weights = multisets(count, sides)
        raise _Branch(0, len(faces) - 1, key, weights)

    def weighted(self, weights: tuple[int, ...]) -> int:
        """One draw of a die whose faces ``0``..``len(weights) - 1`` come as often as
        ``weights`` says (what a generator's room brings that the rules read): a branch
        of the count like any die."""
        at = self.at
        if at < len(self.path):
            self.at = at + 1
            return self.path[at]
        raise _Branch(0, len(weights) - 1, self.count.key(sys._getframe(1), at), weights)

    def _randbelow(self, n: int) -> int:
        return self.randint(0, n - 1)

    def random(self) -> float:
        raise TooMany("a draw that is no die")

    def getrandbits(self, k: int) -> int:
        raise TooMany("a draw that is no die")


DEPTH = 300
"""The most dice one play is followed through (each a level of the count's recursion)."""

_CLEAN = ("solo/engine/", "solo\\engine\\", "solo/rules/dice.py", "solo\\rules\\dice.py")
_UNCLEAN_NAMES = frozenset({"<listcomp>", "<genexpr>", "<setcomp>", "<dictcomp>"})


class _Count:
    """One count: where its plays start (``root``), and how the state at a die is read."""

    def __init__(self, root: CodeType, freezer: Freezer, whole: bool,
                 quiet_checks: bool = False, checks: frozenset[int] = frozenset(),
                 tail: Locals | None = None) -> None:
        self.root = root
        self.tail = tail
        self.freezer = freezer
        self.whole = whole
        self.quiet_checks = quiet_checks
        self.checks = checks
        self.clean: dict[CodeType, bool] = {}

    def key(self, frame: FrameType | None, at: int) -> Hashable | None:
        """The engine's state at this die, of locals those still read (None: it cannot be
        told whole). Not how many dice the play rolled before it (``at``): two plays in
        one state have one future however many dice each took to get there (a struck-off
        encounter's table die, rolled and then nothing)."""
        freezer = self.freezer
        freezer.dead = self.quiet_checks and at_a_checks_die(frame)
        frames: list[tuple[FrameType, frozenset[str], dict[str, Any]]] = []
        while frame is not None and frame.f_code is not self.root:
            clean = self.clean.get(code := frame.f_code)
            if clean is None:
                clean = self.clean[code] = _clean_code(code)
            if not clean:
                return None
            frames.append((frame, live_names(code, frame.f_lasti), frame.f_locals))
            frame = frame.f_back
        if frame is None:
            return None
        freezer.tail, freezer.frames = self.tail, frames
        freeze, seen = freezer.freeze, dict[int, Hashable]()
        try:
            return tuple((frame.f_code, frame.f_lasti, tuple(
                (name, value if type(value) in PLAIN else freeze(value, seen))
                for name, value in local.items() if name in live))
                for frame, live, local in frames)
        except Unmergeable:
            return None
        finally:  # (the frames lead back to the count: held on, they would make a cycle)
            freezer.frames = []


def _clean_code(code: CodeType) -> bool:
    """Whether a frame of ``code`` shows all it holds in its locals: the engine's own
    functions (not a comprehension), or the one-die roll of the dice module."""
    if code.co_name in _UNCLEAN_NAMES:
        return False
    name = code.co_filename
    return any(part in name for part in _CLEAN)


def outcomes(play: Callable[[random.Random], T], limit: int,
             events: Callable[[list], Hashable] | None = None,
             freezer: Freezer | None = None, whole: bool = False,
             quiet_checks: bool = False, rolls: bool = False, counted: bool = True,
             named: bool = False, checks: frozenset[int] = frozenset(),
             read: frozenset[str] | None = None,
             tail: Locals | None = None) -> tuple[dict[T, Fraction], int]:
    """Each outcome of ``play`` with its exact chance, and the plays it took. Raises
    TooMany past ``limit`` plays or for a draw no die made; an error ``play`` raises
    passes through. ``events``: what of the run's recorded events the outcome reads (None:
    all of them, compared whole); ``freezer``: one to share between counts; ``whole``:
    no rule reads a roll's dice (the name ``dice``), so dice rolled together may be
    drawn as their sum and the last roll's dice are left out of the state;
    ``quiet_checks``: no check's plus reads ``roll``, ``natural`` or ``dice``, so at a
    check's own die the last ones are left out (the check binds them anew); ``rolls``:
    ``roll`` and ``natural`` are read only by the tests of the checks that bind them
    (:func:`rolls_unread`), so they are left out at every die; ``counted``: an
    expression reads ``encounters`` (else only whether the move met one is kept: what
    ``play`` reads of the count must be no more); ``named``: ``play`` reads the outcomes
    the move names (a hazard die's result), so they are part of the state; ``checks``:
    the checks whose one die is drawn as success and failure (:func:`one_die_checks`),
    each standing for its faces; ``read``: the names the procedure's expressions read
    (:func:`names_read`): a local none of them reads (a table's ``as`` for a ``say``) is
    left out (None: all kept); ``tail``: so is one read no more after a die."""

    def root(dice: Forking) -> T:
        return play(dice)

    count = _counting(root.__code__, events, freezer, whole, quiet_checks, rolls, counted,
                      named, checks, read, tail)
    memo: dict[Hashable, Ways[T]] = {}
    plays = 0

    def walk(path: list[int], inert: list[bool]) -> Ways[T]:
        nonlocal plays
        plays = _played(plays, limit, path)
        dice = Forking(path, count, inert)
        try:
            return {root(dice): 1}, 1
        except _Branch as branch:
            key = branch.key
            caught = branch.with_traceback(None)
        if key is not None:
            known = memo.get(key)
            if known is not None:
                return known
        found = _joined(caught, [walk([*path, face], dice.inert) for face in _faces(caught)])
        if key is not None:
            memo[key] = found
        return found

    return _chances(walk([], [])), plays


def shares(play: Callable[[random.Random], tuple[Sequence[str], Iterable[Hashable]]],
           limit: int, **settings: Any) -> tuple[dict[Hashable, Fraction], int]:
    """The chance of each name and each mark ``play`` may give, and the plays it took:
    ``play`` gives the names its run named, in order (its outcomes list: a hazard die's
    results, in a move of several turns named in any of them), and its marks (what the
    caller reads of the run's end: the state at each die must tell them, as it does an
    encounter met, a light out or a check rolled); ``settings`` as :func:`outcomes`
    takes them (``named`` kept).

    Not their joint chances: so the names of the turns before a die's are no part of
    the state there (only whether each is named counts, and a name once named in an
    earlier turn stays named), and a move of six turns meets the same states as it does
    unnamed, not one for every set of names named so far. Each state keeps the chance
    of each name and mark from its own turn on; a way into it adds the names before."""

    def root(dice: Forking) -> tuple[Sequence[str], Iterable[Hashable]]:
        return play(dice)

    count = _counting(root.__code__, named=True, **settings)
    freezer = count.freezer
    freezer.by_name = True
    memo: dict[Hashable, Ways[Hashable]] = {}
    plays = 0

    def walk(path: list[int], since: int, inert: list[bool]) -> Ways[Hashable]:
        """Each name's ways to be named from the outcome ``since`` on, and each mark's."""
        nonlocal plays
        plays = _played(plays, limit, path)
        dice = Forking(path, count, inert)
        freezer.names_at = None
        try:
            named, marks = root(dice)
            return dict.fromkeys([*named[since:], *marks], 1), 1
        except _Branch as branch:
            caught = branch.with_traceback(None)
        key, at = caught.key, freezer.names_at
        if key is None or at is None:  # not told whole: played out, from where it began
            key, at = None, ((), since)
        names, start = at
        own = memo.get(key) if key is not None else None
        if own is None:
            own = _joined(caught, [walk([*path, face], start, dice.inert)
                                   for face in _faces(caught)])
            if key is not None:
                memo[key] = own
        counted, ways = own
        return {**counted, **dict.fromkeys(names[since:start], ways)}, ways

    return _chances(walk([], 0, [])), plays


def _counting(root: CodeType, events: Callable[[list], Hashable] | None = None,
              freezer: Freezer | None = None, whole: bool = False,
              quiet_checks: bool = False, rolls: bool = False, counted: bool = True,
              named: bool = False, checks: frozenset[int] = frozenset(),
              read: frozenset[str] | None = None, tail: Locals | None = None) -> _Count:
    """One count's way of telling the state at a die (the settings :func:`outcomes`
    says), its plays starting at ``root``."""
    if freezer is None:
        freezer = Freezer(events)
    elif events is not None:
        freezer.events = events
    freezer.unread = whole
    freezer.rolls_unread = rolls
    freezer.counted = counted
    freezer.named = named
    freezer.read = read
    return _Count(root, freezer, whole, quiet_checks, checks, tail)


def _played(plays: int, limit: int, path: list[int]) -> int:
    """One more play, of the dice ``path``: TooMany past the bounds."""
    if plays >= limit:
        raise TooMany(f"more than {limit} plays")
    if len(path) > DEPTH:
        raise TooMany(f"more than {DEPTH} dice in one play")
    return plays + 1


def _faces(branch: _Branch) -> Sequence[int]:
    """Each face of the die ``branch`` to play."""
    return branch.faces or range(branch.low, branch.high + 1)


Ways = tuple[dict[T, int], int]
"""What a play may come to from a die on: the ways to each outcome, of so many in all
(whole numbers: adding chances as fractions cost a tenth of a count)."""


def _joined(branch: _Branch, after: list[Ways[T]]) -> Ways[T]:
    """The ways from the die ``branch`` on, from those after each of its faces."""
    weights = branch.weights or (1,) * len(after)
    common = lcm(*(ways for _, ways in after))
    found: dict[T, int] = {}
    for weight, (counted, ways) in zip(weights, after, strict=True):
        scale = weight * (common // ways)
        for outcome, many in counted.items():
            found[outcome] = found.get(outcome, 0) + many * scale
    return found, common * sum(weights)


def _chances(counted: Ways[T]) -> dict[T, Fraction]:
    """Each outcome's exact chance."""
    found, ways = counted
    return {outcome: Fraction(many, ways) for outcome, many in found.items()}
