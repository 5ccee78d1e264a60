"""Dice notation: parse expressions like ``4d6kh3`` or ``2d6+1d4-1`` and roll them.

Grammar (case-insensitive, spaces allowed around ``+`` and ``-``)::

    expression := [sign] term (sign term)*
    term       := [count] "d" (sides | "%") [("kh" | "kl" | "dh" | "dl") [n]]  |  integer

``d%`` is ``d100``; a keep/drop suffix without a number means 1. ``d66`` is the
tabletop's: a d6 for tens and a d6 for units, read as digits (11-66), not a die of 66
sides; ``d666`` reads three d6 (111-666). They take no count above 1 and no keep/drop.
Expressions are checked against solo's limits (length, dice, sides) before anything is rolled, and
every problem is reported as a one-line :class:`~solo.errors.DiceError`.
All randomness comes from the ``random.Random`` passed to :func:`roll`.
"""

from __future__ import annotations

import random

from solo.errors import DiceError
from solo.rules.dice_terms import (
    DIGIT_DICE,
    Constant,
    Dice,
    Digits,
    Expression,
    Roll,
    Term,
    TermRoll,
    join_terms,
)

TYPE_CHECKING = False  # typing is not imported at run time: ``solo roll`` starts faster
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "MAX_DICE", "MAX_SIDES", "MAX_LENGTH", "Dice", "Digits", "Constant", "Term",
    "Expression",
    "TermRoll", "Roll", "DiceError", "parse", "roll", "single_die", "stock_random", "tell_die",
]

MAX_DICE = 1000
MAX_SIDES = 1_000_000
MAX_LENGTH = 200

_DIGITS = "0123456789"
_SPACES = " \t"
_MODES = ("kh", "kl", "dh", "dl")


def _quote(text: str) -> str:
    """Quote (part of) an expression for a one-line message."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _malformed(text: str, pos: int, expected: str) -> DiceError:
    end = " (the end)" if pos >= len(text) else ""
    return DiceError(f"cannot read dice expression {_quote(text)}: "
                     f"expected {expected} at position {pos + 1}{end}")


def _refuse(text: str, problem: str) -> DiceError:
    return DiceError(f"dice expression {_quote(text)} {problem}")


def _skip(text: str, i: int, chars: str = _DIGITS) -> int:
    """Index just past the run of ``chars`` (ASCII digits by default) starting at ``i``."""
    while i < len(text) and text[i] in chars:
        i += 1
    return i


def _check_dice(text: str, count: int, sides: int, mode: str, keep: int) -> None:
    """Refuse dice no table could roll: none, a side-less die, too many sides, more kept
    or dropped than rolled, none kept."""
    if count == 0:
        raise _refuse(text, "rolls no dice; roll at least 1 die")
    if sides == 0:
        raise _refuse(text, "has a 0-sided die; dice need at least 1 side")
    if sides > MAX_SIDES:
        raise _refuse(text, f"has a die with {sides} sides; the limit is {MAX_SIDES}")
    if keep > count:  # (a drop must leave a die: at most count - 1)
        verb = "keeps" if mode[0] == "k" else "drops"
        raise _refuse(text, f"{verb} {keep} of only {count} dice; "
                            f"{verb[:-1]} at most {count - (verb == 'drops')}")
    if mode and (keep if mode[0] == "k" else count - keep) == 0:
        kept = "keeps no dice" if mode[0] == "k" else f"drops every die ({keep} of {count})"
        raise _refuse(text, f"{kept}; keep at least 1")


_PARSED: dict[str, Expression] = {}
_PARSED_LIMIT = 1024


def parse(text: str) -> Expression:
    """Parse dice notation into an :class:`Expression`; raise :class:`DiceError` if it is
    malformed or over the limits. Results are cached (up to 1,024 expressions)."""
    parsed = _PARSED.get(text) if isinstance(text, str) else None
    if parsed is None:
        parsed = _parse(text)
        if len(_PARSED) >= _PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[text] = parsed
    return parsed


def _parse(text: str) -> Expression:
    if not isinstance(text, str):
        raise DiceError(f"a dice expression must be text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise _refuse(text, f"is {len(text)} characters long; the limit is {MAX_LENGTH}")
    terms: list[Term] = []
    n, dice = len(text), 0
    i = _skip(text, 0, _SPACES)
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i = _skip(text, i + 1, _SPACES)
    while True:
        j = _skip(text, i)
        if j < n and text[j] in "dD":
            count = int(text[i:j]) if j > i else 1
            i = j + 1
            written = ""  # the sides as typed: d66 is not a die of 66 sides
            if i < n and text[i] == "%":
                sides, i = 100, i + 1
            else:
                j = _skip(text, i)
                if j == i:
                    raise _malformed(text, i, "the number of sides (or %) after 'd'")
                written, sides, i = text[i:j], int(text[i:j]), j
            mode, keep = text[i:i + 2].lower(), 0
            if mode in _MODES:
                j = _skip(text, i + 2)
                keep = int(text[i + 2:j]) if j > i + 2 else 1
                i = j
            else:
                mode = ""
            expected = "'+', '-' or the end"
            if written in DIGIT_DICE:
                if count != 1 or mode:
                    many = "two d6 for tens and units" if len(written) == 2 else \
                        "three d6 for hundreds, tens and units"
                    raise _refuse(text, f"has a d{written}, which reads {many}: roll one at "
                                        "a time (d66+d66), with no keep or drop")
                dice += len(written)
                terms.append(Digits(DIGIT_DICE[written], sign))
            else:
                _check_dice(text, count, sides, mode, keep)
                dice += count
                terms.append(Dice(count, sides, sign, mode, keep))
                if not mode:
                    expected = "'+', '-', a keep/drop suffix (kh, kl, dh, dl) or the end"
        elif j > i:
            terms.append(Constant(int(text[i:j]), sign))
            i, expected = j, "'d', '+', '-' or the end"
        else:
            raise _malformed(text, i, "a number or a die like d6")
        j, i = i, _skip(text, i, _SPACES)
        if i == n:
            break
        if text[i] not in "+-":
            raise _malformed(text, i, expected if i == j else "'+', '-' or the end")
        sign = -1 if text[i] == "-" else 1
        i = _skip(text, i + 1, _SPACES)
    if dice > MAX_DICE:
        raise _refuse(text, f"rolls {dice} dice; the limit is {MAX_DICE}")
    low = high = 0
    for term in terms:
        if isinstance(term, Dice):
            lo, hi = term.keep, term.keep * term.sides
        elif isinstance(term, Digits):
            lo, hi = term.read((1,) * len(term.faces)), term.read(term.faces)
        else:
            lo = hi = term.value
        if term.sign < 0:
            lo, hi = -hi, -lo
        low, high = low + lo, high + hi
    frozen = tuple(terms)
    return Expression(join_terms([t.text for t in frozen], frozen), frozen, low, high)


_ONE_KEPT = (True,)


_STOCK_RANDINT = random.Random.randint


def stock_random(rng: random.Random) -> bool:
    """Whether ``rng`` rolls a die as a stock Random does: ``randint(1, n)`` is
    ``1 + _randbelow(n)`` (a Random that answers randint itself is asked instead)."""
    return type(rng).randint is _STOCK_RANDINT


def single_die(expr: Expression) -> int | None:
    """The sides of ``expr`` when it is one plain die (d6, d12, d100), else None: such a
    roll's total is one face, ``1 + rng._randbelow(sides)`` from a stock Random."""
    if len(expr.terms) != 1:
        return None
    term: Any = expr.terms[0]
    if term.__class__ is Dice and term.count == 1 and not term.mode and term.sign > 0:
        return term.sides
    return None


def roll(expr: str | Expression, rng: random.Random) -> Roll:
    """Roll ``expr`` (text or a parsed :class:`Expression`) using only ``rng``."""
    if not isinstance(expr, Expression):
        expr = parse(expr)
    terms: tuple[Any, ...] = expr.terms  # Dice or Constant, told apart by class (fast)
    if len(terms) == 1:  # one plain die (d6, d12, d100): the engine's commonest roll
        term = terms[0]
        if term.__class__ is Dice and term.count == 1 and not term.mode and term.sign > 0:
            # randint(1, n) is 1 + _randbelow(n) in a stock Random: the same faces, two
            # calls fewer (a Random that answers randint itself is asked instead)
            face = (rng._randbelow(term.sides) + 1  # type: ignore[attr-defined]
                    if type(rng).randint is _STOCK_RANDINT
                    else rng.randint(1, term.sides))
            return Roll(expr, face, (TermRoll(term, (face,), _ONE_KEPT, face),))
    randint = rng.randint
    stock = type(rng).randint is _STOCK_RANDINT
    below: Any = rng._randbelow if stock else None  # type: ignore[attr-defined]
    results = []
    total = 0
    for term in terms:
        if term.__class__ is Constant:
            value = term.value if term.sign > 0 else -term.value
            results.append(TermRoll(term, (), (), value))
            total += value
            continue
        if term.__class__ is Digits:
            ask = None if stock else getattr(rng, "digit_dice", None)  # your own dice
            digits = ask(term.faces) if ask is not None else tuple(
                [randint(1, sides) for sides in term.faces])
            value = term.read(digits) * term.sign
            results.append(TermRoll(term, digits, (True,) * len(digits), value))
            total += value
            continue
        sides, count = term.sides, term.count
        if count == 1:
            rolls: tuple[int, ...] = (randint(1, sides),)
        elif stock:
            rolls = tuple([below(sides) + 1 for _ in range(count)])
        else:
            whole = getattr(rng, "whole_dice", None)  # the forecast's dice: a sum at once
            rolls = (whole(count, sides, term.mode) if whole is not None else None) \
                or tuple([randint(1, sides) for _ in range(count)])
        if term.mode:
            order = sorted(range(count), key=rolls.__getitem__, reverse=term.keep_high)
            chosen = set(order[:term.keep])
            kept = tuple([index in chosen for index in range(count)])
            value = sum([die for die, keep in zip(rolls, kept, strict=True) if keep])
        else:
            kept = (True,) * count
            value = sum(rolls)
        if term.sign < 0:
            value = -value
        results.append(TermRoll(term, rolls, kept, value))
        total += value
    return Roll(expr, total, tuple(results))


def tell_die(rng: random.Random, part: str) -> None:
    """Say which die the next one is (``answer die``, ``Action``) to a generator that asks
    the player for its dice (:mod:`solo.play.physical`); a stock Random has no ear for it."""
    tell = getattr(rng, "about_die", None)
    if tell is not None:
        tell(part)
