"""The effects a procedure's actions, hooks and table entries are made of, as data.

One frozen dataclass for each kind of effect (``Adjust`` for ``adjust:``, ``Check`` for
``check:``…), ``Effect`` the union of them, and ``Template``, text with ``{expression}``
fields. :mod:`solo.rules.effects` reads them from YAML; the engine interprets them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.rules.expr import Expr

__all__ = ["Template", "SourceCheck", "Adjust", "Assign", "Let", "RollDice", "Check",
           "RollTable", "Encounter", "LightChange", "Say", "Branch", "Do", "calls", "Outcome",
           "Ask", "Supply", "Vitality", "Condition", "Members", "RoomChange", "WHO", "Effect",
           "LIGHT_OPERATIONS"]

LIGHT_OPERATIONS = ("out", "dim", "halve", "douse", "refill", "step", "light", "flicker")
"""What a ``light`` effect does to each chosen source: ``out`` (spent), ``dim``, ``halve``
its time left, ``douse`` (put aside with what it has left), ``refill`` (full again, using
one of the kind's refill supply), ``step`` (its usage die one size down, out below d4);
``light`` lights a new source of the (single) kind named."""


@dataclass(frozen=True)
class Template:
    """Text with ``{expression}`` fields filled in at run time.

    ``parts`` alternate literal text and expressions: text, expr, text, expr, …, text.
    """

    text: str
    fields: tuple[Expr, ...] = ()
    parts: tuple[Any, ...] = ()

    def render(self, scope: Mapping[str, Any]) -> str:
        if not self.fields:
            return self.text
        parts = self.parts
        if len(parts) == 3:  # one field, the commonest case: "Alarm {alarm}"
            return f"{parts[0]}{parts[1].evaluate(scope)}{parts[2]}"
        return "".join([part if index % 2 == 0 else str(part.evaluate(scope))
                        for index, part in enumerate(parts)])


@dataclass(frozen=True)
class Adjust:
    changes: tuple[tuple[str, Expr], ...]
    reason: Template | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Assign:
    values: tuple[tuple[str, Expr], ...]
    reason: Template | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Let:
    values: tuple[tuple[str, Expr], ...]
    when: Expr | None = None


@dataclass(frozen=True)
class RollDice:
    dice: Template
    label: Template
    plus: Expr | None = None
    name: str | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Check:
    dice: Template
    success: Expr
    label: Template
    plus: Expr | None = None
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    when: Expr | None = None


@dataclass(frozen=True)
class RollTable:
    table: str
    plus: Expr | None = None
    name: str | None = None
    outcome: bool = False
    when: Expr | None = None


@dataclass(frozen=True)
class Encounter:
    table: str | None = None
    sign: bool = False
    then: tuple[Effect, ...] = ()
    when: Expr | None = None
    otherwise: tuple[Effect, ...] = ()  # when the entry rolled was struck off


@dataclass(frozen=True)
class SourceCheck:
    """A roll made for each lit source: the light effect applies where it succeeds."""

    dice: Template
    success: Expr
    label: Template


@dataclass(frozen=True)
class LightChange:
    operation: str
    kinds: tuple[str, ...] | None = None
    count: int | None = None
    reason: Template | None = None
    when: Expr | None = None
    check: SourceCheck | None = None
    how: str = ""  # a source put out: "blown" (running, wind); else it burnt out
    doused: bool = False  # 'out' reaches the sources put aside (doused) too


@dataclass(frozen=True)
class Say:
    text: Template
    when: Expr | None = None


@dataclass(frozen=True)
class Branch:
    condition: Expr
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    when: Expr | None = None


@dataclass(frozen=True)
class Do:
    routine: str
    when: Expr | None = None
    args: tuple[tuple[str, Expr], ...] = ()  # the routine's parameters, given with 'with:'


def calls(routine: str) -> Do:
    """The effect ``do: ROUTINE`` with no ``with:`` (its parameters at their defaults), for
    the engine to run a routine the procedure names (carried out as every ``do:`` is)."""
    return Do(routine)


@dataclass(frozen=True)
class Ask:
    """Ask the oracle a yes/no question, in the journal's style and chaos."""

    question: Template
    odds: Template | None = None
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    when: Expr | None = None


@dataclass(frozen=True)
class Supply:
    """Add to (or take from) supply counts such as spare torches; never below 0."""

    changes: tuple[tuple[str, Expr], ...]
    reason: Template | None = None
    when: Expr | None = None


WHO = ("each", "actor")
"""Whom a party effect reaches: ``each`` member (the default), or the ``actor`` the
command named (``Wren: rest``), every member when it named none. Inside ``members:``,
the member whose turn it is."""


@dataclass(frozen=True)
class Vitality:
    """Harm (``sign`` -1) or heal (+1) members' hit points by an amount, or by dice rolled
    for each member; hit points stay from 0 to the member's maximum."""

    sign: int
    amount: Expr | None = None
    dice: Template | None = None
    plus: Expr | None = None
    label: Template | None = None
    who: str = "each"
    reason: Template | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Condition:
    """Move members' conditions (``fatigue: 1``), within the bounds the procedure gives."""

    changes: tuple[tuple[str, Expr], ...]
    who: str = "each"
    reason: Template | None = None
    when: Expr | None = None


@dataclass(frozen=True)
class Members:
    """Run effects once for each member (or for the actor), with ``member``, ``hp``,
    ``max_hp`` and ``member_<condition>`` naming that member's."""

    effects: tuple[Effect, ...]
    who: str = "each"
    when: Expr | None = None


@dataclass(frozen=True)
class Outcome:
    name: str
    when: Expr | None = None


@dataclass(frozen=True)
class RoomChange:
    """Change the room the party is in, on the map: its status (``+collapsed`` adds a
    word, ``-locked`` takes one away, a bare word sets the status), ``block`` exits
    taken away (those leading nowhere known first) and ``reveal`` of its hidden ways
    opened. Nothing happens where the party is in no room (no map is kept)."""

    status: tuple[str, ...] = ()
    block: Expr | None = None
    when: Expr | None = None
    reveal: Expr | None = None


Effect = (Adjust | Assign | Let | RollDice | Check | RollTable | Encounter | LightChange | Say
          | Branch | Do | Outcome | Ask | Supply | Vitality | Condition | Members | RoomChange)
