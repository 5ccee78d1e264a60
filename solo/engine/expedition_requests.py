"""The requests of the time between expeditions: ``leave``, ``wait N``, ``return`` and
``buy NAME N`` (read by :mod:`solo.engine.expedition_grammar`, carried out by
:mod:`solo.engine.expedition`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from solo.engine.requests import ACTION, Request

__all__ = ["TripRequest", "Leave", "Wait", "Return", "Buy"]


@dataclass(frozen=True)
class TripRequest(Request):
    """A command of the time between expeditions."""

    shown: ClassVar[str] = ACTION


@dataclass(frozen=True)
class Leave(TripRequest):
    """``leave``: get out of the dungeon, ending the expedition."""


@dataclass(frozen=True)
class Wait(TripRequest):
    """``wait N``: N days pass outside."""

    days: int = 1


@dataclass(frozen=True)
class Return(TripRequest):
    """``return``: the next expedition begins, at the way out."""


@dataclass(frozen=True)
class Buy(TripRequest):
    """``buy NAME N``: N of a supply, at the procedure's price."""

    name: str = ""
    count: int = 1
