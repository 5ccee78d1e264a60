"""The yes/no oracle: a question answered with a style (:mod:`solo.rules.oracle_styles`).

* ``fate-chart`` (Mythic-style): d100 against ``chart[rank + chaos - 1]``, exceptional
  results, and random events on doubles at or under the chaos factor.
* ``threshold`` (Ironsworn-style): d100 against a target; doubles add a twist.
* ``d6-answer`` (One Page Solo Engine-style): a d6 answer and a d6 modifier.

Every number lives in the style file; see ``oracles/oracle-*.yaml``. Answering is pure:
all randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from solo.errors import OracleError
from solo.rules import dice
from solo.rules.dice_notation import roll_text
from solo.rules.oracle_styles import OracleStyle, resolve_odds
from solo.rules.tables import Table, expand_inline_dice

if TYPE_CHECKING:
    from solo.rules.dice_notation import Shown

__all__ = ["Answer", "round_half_up", "chaos_from_danger", "split_question", "judge", "ask"]

def round_half_up(numerator: int, denominator: int = 1) -> int:
    """``floor(numerator / denominator + 0.5)`` in exact integers (denominator > 0)."""
    return (2 * numerator + denominator) // (2 * denominator)


def chaos_from_danger(value: int, maximum: int) -> int:
    """Chaos 1..9 that follows a danger tracker (Tension 0-10, Alarm, ...).

    ``chaos = 3 + round_half_up(6 * value / maximum)``, clamped to 1..9: a calm
    dungeon (0) is chaos 3, a half-way one chaos 6, a maxed-out one chaos 9.
    """
    if maximum <= 0:
        raise ValueError("a danger tracker's maximum must be positive")
    return max(1, min(9, 3 + round_half_up(6 * value, maximum)))


def split_question(text: str, style: OracleStyle | None = None) -> tuple[str, str | None]:
    """``"Is it locked? very likely"`` -> ``("Is it locked?", "very likely")``.

    Words after the final ``?`` are the odds; without a ``?`` it is all question. With
    nothing after it, a last part that is odds of ``style`` is the odds, its ``?`` typed
    out of habit (``Is it? Likely?``), not a second question.
    """
    head, mark, tail = text.rpartition("?")
    if not mark:
        return text.strip(), None
    before, inner, last = head.rpartition("?")
    if style is not None and inner and not tail.strip() and last.strip() \
            and _is_odds(style, last):
        head, tail = before, last
    odds = " ".join(tail.split())
    return (head + mark).strip(), odds or None


def _is_odds(style: OracleStyle, words: str) -> bool:
    try:
        resolve_odds(style, words)
    except OracleError:
        return False
    return True


@dataclass(frozen=True)
class Answer:
    """What the oracle said, with the dice behind it (answer, modifier, event, inline)."""

    style: str
    odds: str
    value: int  # the deciding roll
    target: int | None
    yes: bool
    exceptional: bool = False
    modifier: str | None = None  # "and", "but" or "twist"
    random_event: bool = False
    event: str | None = None
    chaos: int | None = None
    rolls: tuple[dice.Roll, ...] = ()
    method: str = "fate-chart"

    @property
    def text(self) -> str:
        """The answer line: ``Yes``, ``No, and…``, ``Yes, but…``, ``No, with a twist``."""
        word = "Yes" if self.yes else "No"
        if self.modifier == "twist":
            return f"{word}, with a twist"
        return f"{word}, {self.modifier}…" if self.modifier else word

    def summary(self) -> str:
        """A compact journal line in Lonelog's dice notation: ``d100=23 vs 50 -> Yes``."""
        return answer_line(self.rolls, self.value, self.target, self.method, self.text,
                           self.random_event, self.event)


def answer_line(rolls: tuple[Shown, ...], value: int, target: int | None, method: str,
                text: str, random_event: bool, event: str | None) -> str:
    """An answer's ``d:`` line from its data: ``d100=23 vs 50 -> Yes``."""
    shown = [roll_text(roll) for roll in rolls] or [str(value)]
    if target is not None:
        shown[0] += f" vs {target}" + ("+" if method == "d6-answer" else "")
    count = 2 if method == "d6-answer" and len(rolls) > 1 else 1
    line = ", ".join(shown[:count]) + f" -> {text}"
    if random_event:
        line += "; random event"
        if shown[count:]:
            line += f" ({', '.join(shown[count:])})"
        if event:
            line += f": {event}"
    return line


def _double(value: int, hundred: bool) -> int | None:
    """The repeated digit of a double (11..99; 100 as 00 if ``hundred``), else None."""
    if value == 100 and hundred:
        return 0
    return value // 10 if 11 <= value <= 99 and value % 11 == 0 else None


def judge(style: OracleStyle, odds: str | None, chaos: int, roll_value: int,
          modifier_value: int | None = None) -> Answer:
    """Read already-rolled dice: the pure heart of :func:`ask` (no rolls, no event text)."""
    level = resolve_odds(style, odds)
    low, high = style.chaos_range
    common: dict[str, Any] = {"style": style.name, "odds": level.name, "value": roll_value,
                              "method": style.method}
    if style.method == "fate-chart":
        if isinstance(chaos, bool) or not isinstance(chaos, int) or not low <= chaos <= high:
            raise OracleError(f"chaos must be a whole number from {low} to {high}, not {chaos}")
        index = max(0, min(len(style.chart) - 1, level.value + chaos - 1))
        target = style.chart[index]
        yes = roll_value <= target
        div = style.exceptional_divisor
        exceptional = (roll_value <= round_half_up(target, div) if yes
                       else roll_value >= 101 - round_half_up(100 - target, div))
        digit = _double(roll_value, False)
        return Answer(**common, target=target, yes=yes, exceptional=exceptional,
                      modifier="and" if exceptional else None, chaos=chaos,
                      random_event=digit is not None and digit <= chaos)
    if style.method == "threshold":
        twist = style.twist_on_doubles and _double(roll_value, style.hundred_is_double) is not None
        return Answer(**common, target=level.value, yes=roll_value <= level.value,
                      modifier="twist" if twist else None)
    faces = dict(style.modifier_faces)
    return Answer(**common, target=level.value, yes=roll_value >= level.value,
                  modifier=None if modifier_value is None else faces.get(modifier_value))


def ask(style: OracleStyle, rng: random.Random, odds: str | None = None, chaos: int = 5,
        tables: Mapping[str, Table] | None = None) -> Answer:
    """Roll the style's dice and answer; a random event is rolled on ``tables`` if present."""
    dice.tell_die(rng, "answer die")  # (your own dice: each prompt names its die)
    rolls = [dice.roll(style.dice, rng)]
    modifier_value = None
    if style.modifier_dice:
        dice.tell_die(rng, "modifier die")
        rolls.append(dice.roll(style.modifier_dice, rng))
        modifier_value = rolls[-1].total
    answer = judge(style, odds, chaos, rolls[0].total, modifier_value)
    event = None
    if answer.random_event and tables and style.event_table is not None \
            and style.event_table in tables:
        table = tables[style.event_table]
        dice.tell_die(rng, "random event")
        rolls.append(dice.roll(table.dice, rng))
        event, inline = expand_inline_dice(table.entries[table.index_for(rolls[-1].total)].text,
                                           rng)
        rolls.extend(inline)
    return replace(answer, rolls=tuple(rolls), event=event)
