"""Where a dice expression typed among other words ends: the one reading of ``roll EXPR
[WHY]`` at the prompt and of ``solo roll EXPRESSION…`` on the command line.

The expression is the first word and every word joined to it by ``+`` or ``-`` (a word
that starts with one, or follows one that ends with one): the dice notation allows spaces
around those signs and nowhere else, so ``d20 + 5``, ``d20 +5`` and ``d20+ 5`` are all
``d20+5``. What follows is the reason for the roll, kept as typed, unless it begins like
part of the dice (``4d6 kh3``, ``d20 5``, ``2d6 1d4``): that is refused, so that no die
or number typed for the roll is ever taken for words.
"""

from __future__ import annotations

from solo.errors import DiceError
from solo.rules import dice

TYPE_CHECKING = False  # typing is not imported at run time: ``solo roll`` starts faster
if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["split_expression", "expression_alone"]

_SUFFIXES = ("kh", "kl", "dh", "dl")
_SIGNS = ("+", "-")
_ALONE = "solo roll takes a dice expression alone"  # and no reason, unlike the prompt's roll


def split_expression(text: str, reason: bool = True) -> tuple[str, str]:
    """``text`` cut into its dice expression (not yet parsed) and the words after it, as
    typed (stripped). Raise :class:`DiceError` if those words begin like part of the dice:
    a keep or drop suffix, or a word that is itself dice or a number (its advice offers a
    reason only if the roll takes one)."""
    end, joined = 0, False
    for start, stop in _words(text):
        word = text[start:stop]
        if end and not joined and not word.startswith(_SIGNS):
            break
        end, joined = stop, word.endswith(_SIGNS)
    expression, why = text[:end].strip(), text[end:].strip()
    first = why.split(maxsplit=1)[0] if why else ""
    joined_up = expression.replace(" ", "")
    if first[:2].lower() in _SUFFIXES and (first[2:] == "" or first[2:].isdecimal()
                                           and first[2:].isascii()):
        raise DiceError(f"{first!r} after {expression!r} reads as part of the dice: write it "
                        f"against them ({joined_up}{first})")
    if first and _is_dice(first) and not _is_dice(joined_up):  # 'd 6': the dice cut in two
        together = joined_up + first
        if _is_dice(together):
            raise DiceError(f"{first!r} after {expression!r} is part of the dice: write them "
                            f"together ({together})")
    elif first and _is_dice(first):
        raise DiceError(f"{first!r} after {expression!r} reads as dice: join it with + or - "
                        f"({joined_up}+{first})" + (", or begin the reason with a word"
                                                    if reason else f"; {_ALONE}"))
    return expression, why


def expression_alone(text: str) -> str:
    """``text`` as one dice expression and nothing else (``solo roll`` takes no reason):
    raise :class:`DiceError` naming the words after the dice, if any."""
    expression, why = split_expression(text, reason=False)
    if why:
        dice.parse(expression)  # ('x 6': that 'x' is no dice is said first)
        raise DiceError(f"{why[:40]!r} after the dice {expression!r} is not part of them: "
                        + _ALONE)
    return expression


def _words(text: str) -> Iterator[tuple[int, int]]:
    """The start and end of each word of ``text`` (words are cut at whitespace)."""
    start = None
    for index, char in enumerate(text):
        if char.isspace():
            if start is not None:
                yield start, index
                start = None
        elif start is None:
            start = index
    if start is not None:
        yield start, len(text)


def _is_dice(word: str) -> bool:
    try:
        dice.parse(word)
    except DiceError:
        return False
    return True
