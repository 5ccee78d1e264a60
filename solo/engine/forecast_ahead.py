"""What lies ahead if the party keeps to one move: how many more turns each lit kind of
source burns, and the chance the danger tracker reaches its top within a few turns.

Counted by a chain over the states each move leaves (:mod:`solo.engine.forecast_chain`), in
turns of the clock; the ways past its bound are played on the forecast's own seeded dice
and the figure says it is an estimate, with its standard error.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from solo.engine.forecast_chain import FirstMove, Moves, chain, continue_ways
from solo.engine.forecast_dice import Chance, plain_world, seeded
from solo.engine.forecast_names import sets
from solo.engine.forecast_plays import Spread, lit_kinds, spread
from solo.engine.forecast_rooms import NewRoom, new_room
from solo.engine.forecast_tree import TooMany
from solo.engine.requests import Act, Request
from solo.engine.state import State
from solo.rules.world import World

__all__ = ["LightOdds", "DangerOdds", "ahead", "first_move", "HORIZON", "CHAIN_WAYS", "AHEAD_PLAYS"]

HORIZON = 60
"""How many turns ahead a light is followed."""
CHAIN_WAYS = 2000
"""The most plays counting the moves ahead may take (else: estimated)."""
AHEAD_PLAYS = 250
"""How many ways the rest of a chain too long to count is played on, to estimate it."""


@dataclass(frozen=True)
class LightOdds:
    """How many more turns of ``action`` a lit kind of source burns (the first of them to
    go out, when several burn)."""

    kind: str
    label: str
    lit: int
    turns: Spread
    horizon: int

    def to_json(self) -> dict:
        spread_ = self.turns
        return {"kind": self.kind, "label": self.label, "lit": self.lit,
                "mean": None if spread_.mean is None else round(spread_.mean, 4),
                "se": round(spread_.error, 4), "p10": spread_.low,
                "median": spread_.median, "p90": spread_.high,
                "p10_to_p90": round(spread_.within, 6),
                "lasting": round(spread_.lasting, 6), "horizon": self.horizon,
                "exact": spread_.exact, "plays": spread_.plays}


@dataclass(frozen=True)
class DangerOdds:
    """The chance the danger tracker reaches ``threshold`` within ``turns`` of ``action``."""

    label: str
    value: int
    threshold: int
    turns: int
    chance: Chance

    def to_json(self) -> dict:
        return {"label": self.label, "value": self.value, "threshold": self.threshold,
                "turns": self.turns, "chance": self.chance.to_json()}


def _watched(world: World, state: State, request: Request,
             danger: tuple[str, int, int | None] | None
             ) -> tuple[tuple[str, ...], tuple[str, int] | None, tuple[str, int] | None,
                        Chance | None]:
    """The lit kinds followed, the danger watched, the danger the chain counts (None: no
    way of the move changes it) and, then, its chance (reached now, or never)."""
    procedure = world.procedure
    kinds = tuple(kind for kind in lit_kinds(state) if kind in procedure.lights)
    watched = None
    if danger is not None and danger[2] is not None:
        watched = (procedure.danger or "", danger[2])
    still = None  # the danger no way of the move changes: reached now, or never
    if watched is not None and isinstance(request, Act) \
            and watched[0] not in sets(world, request.action):
        still = Chance.of(Fraction(int(int(state.values.get(watched[0], 0)) >= watched[1])))
    return kinds, watched, watched if still is None else None, still


def first_move(world: World, state: State, request: Request, horizon: int,
               danger: tuple[str, int, int | None] | None) -> FirstMove | None:
    """The look-ahead's first move, to be counted with the next turn's odds of the same
    move (:func:`solo.engine.forecast_move.move_odds`): a move into a generated room
    whose lights or danger are followed; else None."""
    room = new_room(world, state, request)
    kinds, _, counted, _ = _watched(world, state, request, danger)
    if room is None or not (kinds or counted is not None):
        return None
    return FirstMove(plain_world(world), state, request, kinds, counted, horizon, room)


def ahead(world: World, state: State, request: Request, turns: int, horizon: int,
          danger: tuple[str, int, int | None] | None, first: FirstMove | None = None
           ) -> tuple[tuple[LightOdds, ...], DangerOdds | None]:
    """Each lit source's life and the danger's chance of reaching its top if the party
    keeps to ``request``: counted by the chain where its states allow, the rest played.
    ``first``: its first move, counted already (:func:`first_move`)."""
    kinds, watched, counted, still = _watched(world, state, request, danger)
    if not kinds and watched is None:
        return (), None
    lights: tuple[LightOdds, ...] = ()
    reached = still
    if kinds or counted is not None:
        lights, reached = _ahead(world, state, request, turns, horizon, kinds, counted,
                                 first)
    reached = still if still is not None else reached
    if watched is None or danger is None or reached is None:
        return lights, None
    return lights, DangerOdds(danger[0], danger[1], watched[1], turns, reached)


def _ahead(world: World, state: State, request: Request, turns: int, horizon: int,
           kinds: tuple[str, ...], watched: tuple[str, int] | None,
           first: FirstMove | None = None) -> tuple[tuple[LightOdds, ...], Chance | None]:
    """Each lit kind's life and the chance ``watched`` reaches its top (None: not
    watched): each kind counted by a chain of its own (the first kind's counting the
    danger too), as a chain following two kinds at once keeps the turn the first went
    out in each way, which no figure shown tells apart, and soon outgrows its bound.
    The chains share the moves they meet. A kind its own chain cannot count within its
    bound is counted with the others at once as far as that bound, the rest played on
    the forecast's own seeded dice (:func:`~solo.engine.forecast_chain.continue_ways`)."""
    procedure = world.procedure
    lit = lit_kinds(state)
    plain = plain_world(world)
    room = new_room(world, state, request)
    shared = Moves(plain, state, request, kinds, watched, horizon, first)
    spreads: dict[str, Spread] = {}
    reached: Chance | None = None
    for index, followed in enumerate([(kind,) for kind in kinds] if len(kinds) > 1 else []):
        danger = watched if index == 0 else None
        try:  # (the chains of one kind each: CHAIN_WAYS plays in all)
            counted = chain(plain, state, request, followed, danger, turns, horizon,
                            max(CHAIN_WAYS - shared.plays, 1), room=room, shared=shared)
        except TooMany:
            continue
        spreads.update((kind, spread(list(counted.out[0]), True)) for kind in followed)
        reached = Chance.of(counted.reached) if index == 0 else reached
    if len(spreads) < len(kinds) or reached is None:  # some counted with the rest, played
        found, hit = _estimated(plain, state, request, turns, horizon, kinds, watched,
                                room, shared)
        spreads = {kind: spreads.get(kind, found[index]) for index, kind in enumerate(kinds)}
        reached = hit if reached is None else reached
    lights = tuple(LightOdds(kind, procedure.lights[kind].label, lit[kind], spreads[kind],
                             horizon) for kind in kinds)
    return lights, reached if watched is not None else None


def _estimated(world: World, state: State, request: Request, turns: int, horizon: int,
               kinds: tuple[str, ...], watched: tuple[str, int] | None,
               room: NewRoom | None, shared: Moves) -> tuple[list[Spread], Chance]:
    """Each of ``kinds``' life and the chance ``watched`` reaches its top, counted by one
    chain as far as the bound the chains of one kind each left, the rest played."""
    counted = chain(world, state, request, kinds, watched, turns, horizon,
                    max(CHAIN_WAYS - shared.plays, 1), partial=True, room=room, shared=shared)
    if not counted.rest:
        return [spread(list(ways), True) for ways in counted.out], Chance.of(counted.reached)
    tail = continue_ways(world, request, kinds, watched, turns, horizon, counted.rest,
                         seeded(), AHEAD_PLAYS, room)
    left = sum(chance for chance, *_ in counted.rest)
    spreads = [_mixed(list(ways), [out[index] for out, _ in tail], left)
               for index, ways in enumerate(counted.out)]
    hits = sum(1 for _, hit in tail if hit) / len(tail)
    return spreads, Chance(float(counted.reached) + left * hits, None,
                           left * max((hits * (1 - hits) / len(tail)) ** 0.5, 1 / len(tail)),
                           len(tail))


def _mixed(counted: list[tuple[float, int | None]], tail: list[int | None],
           left: float) -> Spread:
    """A light's life from the ways counted (``counted``, exact chances) and plays of the
    rest (``tail``, each of chance ``left`` / plays): an estimate whose standard error is
    the tail's alone."""
    share = left / len(tail)
    weighted = counted + [(share, turn) for turn in tail]
    whole = spread(weighted, True)
    ended = [turn for turn in tail if turn is not None]
    mass = sum(weight for weight, turn in weighted if turn is not None)
    error = 0.0
    if len(ended) > 1 and mass > 0 and whole.mean is not None:
        mean = sum(ended) / len(ended)
        deviation = (sum((turn - mean) ** 2 for turn in ended) / (len(ended) - 1)) ** 0.5
        error = left * len(ended) / len(tail) * deviation / len(ended) ** 0.5 / mass
    return replace(whole, error=error, exact=False, plays=len(tail))
