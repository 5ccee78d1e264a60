"""The values of dice notation: a parsed expression, its terms (dice, digit dice such as
``d66``, constants) and a roll of it (:mod:`solo.rules.dice` reads and rolls them).

Each is a small frozen value class (:class:`_Record`), compared and hashed by value.
"""

from __future__ import annotations

__all__ = ["Dice", "Digits", "Constant", "Term", "Expression", "TermRoll", "Roll",
           "DIGIT_DICE", "join_terms"]


class _Record:
    """A small frozen value class: fields in ``_fields``, compared and hashed by value.

    Used instead of dataclasses so that ``solo roll`` does not pay for importing
    ``dataclasses`` (and ``inspect``) at start-up.
    """

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _defaults: dict = {}

    def __init__(self, *args, **kwargs) -> None:
        values = dict(self._defaults)
        values.update(zip(self._fields, args, strict=False))
        values.update(kwargs)
        for name in self._fields:
            object.__setattr__(self, name, values[name])
        self._derive()

    def _derive(self) -> None:
        """Fill in fields computed from the others (none by default)."""

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._key()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"


class Dice(_Record):
    """``count`` dice with ``sides`` sides, optionally keeping/dropping (``mode``) ``n`` of them.

    ``mode`` is "", "kh", "kl", "dh" or "dl"; ``keep`` (how many dice count) and
    ``keep_high`` (keep the highest ones?) are derived.
    """

    __slots__ = ("count", "sides", "sign", "mode", "n", "keep", "keep_high")
    _fields = ("count", "sides", "sign", "mode", "n")
    _defaults = {"sign": 1, "mode": "", "n": 0}
    count: int
    sides: int
    sign: int
    mode: str
    n: int
    keep: int
    keep_high: bool

    def _derive(self) -> None:
        keep = self.count if not self.mode else (
            self.n if self.mode[0] == "k" else self.count - self.n)
        object.__setattr__(self, "keep", keep)
        object.__setattr__(self, "keep_high", self.mode in ("kh", "dl"))

    @property
    def text(self) -> str:
        """Normalized notation, without the sign: ``4d6kh3``, ``d20``."""
        count = "" if self.count == 1 else str(self.count)
        return f"{count}d{self.sides}{self.mode}{self.n if self.mode else ''}"


class Constant(_Record):
    """A plain integer term; ``value`` is non-negative and ``sign`` is +1 or -1."""

    __slots__ = ("value", "sign")
    _fields = ("value", "sign")
    _defaults = {"sign": 1}
    value: int
    sign: int

    @property
    def text(self) -> str:
        """The number, without the sign."""
        return str(self.value)


class Digits(_Record):
    """Dice read as digits, not added: ``d66`` is a d6 for tens and a d6 for units
    (``faces`` (6, 6): 11-66); ``sign`` is +1 or -1."""

    __slots__ = ("faces", "sign")
    _fields = ("faces", "sign")
    _defaults = {"sign": 1}
    faces: tuple[int, ...]
    sign: int

    @property
    def text(self) -> str:
        """``d66``, without the sign."""
        return "d" + "".join(map(str, self.faces))

    def read(self, rolls: tuple[int, ...]) -> int:
        """The number the dice ``rolls`` read as digits: (4, 2) reads 42."""
        value = 0
        for face in rolls:
            value = value * 10 + face
        return value


DIGIT_DICE = {"66": (6, 6), "666": (6, 6, 6)}
"""The dice notation's digit dice: the sides written, and each die's faces."""

Term = Dice | Digits | Constant


def join_terms(parts: list[str], terms: tuple[Term, ...]) -> str:
    """Join rendered terms with their signs: ``-1+[4]-[2]``."""
    out = []
    for index, (part, term) in enumerate(zip(parts, terms, strict=True)):
        out.append(("-" if term.sign < 0 else "+" if index else "") + part)
    return "".join(out)


class Expression(_Record):
    """A parsed dice expression: normalized ``text``, its ``terms`` and the possible range."""

    __slots__ = ("text", "terms", "minimum", "maximum")
    _fields = ("text", "terms", "minimum", "maximum")
    text: str
    terms: tuple[Term, ...]
    minimum: int
    maximum: int

    def __str__(self) -> str:
        return self.text


class TermRoll(_Record):
    """One term's result: every die rolled in order, which were kept, and the signed value."""

    __slots__ = ("term", "rolls", "kept", "value")
    _fields = ("term", "rolls", "kept", "value")

    def __init__(self, term: Term, rolls: tuple[int, ...], kept: tuple[bool, ...],
                 value: int) -> None:  # written out: this runs for every roll
        setter = object.__setattr__
        setter(self, "term", term)
        setter(self, "rolls", rolls)
        setter(self, "kept", kept)
        setter(self, "value", value)
    term: Term
    rolls: tuple[int, ...]
    kept: tuple[bool, ...]
    value: int

    def render(self) -> str:
        """``[5, 5, 3d, 4]`` for dice (a dropped one marked ``d``, as the journal marks it),
        the number for a constant."""
        if isinstance(self.term, Constant):
            return str(self.term.value)
        return "[" + ", ".join(str(die) if keep else f"{die}d"
                               for die, keep in zip(self.rolls, self.kept, strict=True)) + "]"


class Roll(_Record):
    """The result of rolling an :class:`Expression`."""

    __slots__ = ("expression", "total", "terms")
    _fields = ("expression", "total", "terms")

    def __init__(self, expression: Expression, total: int, terms: tuple[TermRoll, ...]) -> None:
        setter = object.__setattr__
        setter(self, "expression", expression)
        setter(self, "total", total)
        setter(self, "terms", terms)
    expression: Expression
    total: int
    terms: tuple[TermRoll, ...]

    @property
    def text(self) -> str:
        """Its expression's text: ``4d6kh3``."""
        return self.expression.text

    @property
    def dice(self) -> tuple[int, ...]:
        """Every die rolled, in order, kept or not."""
        return tuple(die for term in self.terms for die in term.rolls)

    @property
    def dropped(self) -> tuple[int, ...]:
        """The places among :attr:`dice` of the dice it dropped."""
        kept = [kept for term in self.terms for kept in term.kept]
        return tuple([place for place, keep in enumerate(kept) if not keep])

    def brief(self) -> str:
        """The dice and the total without the expression: ``[5, 5, 3, 4] → 14``."""
        parts = [term.render() for term in self.terms]
        return f"{join_terms(parts, self.expression.terms)} → {self.total}"

    def __str__(self) -> str:
        return f"{self.expression.text} = {self.brief()}"
