"""A sign is not an encounter met: when the hazard die shows a Sign on the turn the party
enters a room a generator stocked with an encounter, the room's encounter still happens,
and it is the creature the sign told of (Delving: "rather than meeting it ... the next
time an encounter is rolled, the PCs meet that creature"). The odds count it so, and
agree with seeded plays."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from solo.engine.core import perform, read
from solo.engine.forecast import forecast
from solo.engine.forecast_dice import seeded
from solo.rules.generate import RoomContext, resolve_settings, room_odds
from tests.fake_env import solo
from tests.play.test_odds_dungeon import begun, world_of

SIGN = re.compile(r"^=> A sign of something nearby: (.+)$", re.M)
MET = re.compile(r"^=> Encounter, as the signs foretold: (.+)$", re.M)


@pytest.mark.parametrize("seed", [11, 34, 42, 44, 53, 68])
def test_the_stocked_rooms_encounter_is_the_creature_the_sign_told_of(tmp_path: Path, seed):
    journal = tmp_path / "x.md"
    run = solo("new", str(journal), "--system", "delving", "--seed", str(seed),
               "--dungeon", "tracker", stdin="enter\n")
    assert run.code == 0, run.err
    text = journal.read_text(encoding="utf-8")
    assert "(note: In R1: encounter" in text  # the room was stocked with one
    sign, met = SIGN.search(text), MET.search(text)
    assert sign is not None and met is not None, text
    assert met.group(1) == sign.group(1)
    assert sign.start() < met.start()


@pytest.mark.parametrize("generator", ["tracker", "classic"])
def test_delvings_enter_counts_the_stocked_encounter_whatever_the_hazard_die_shows(generator):
    world = world_of("delving")
    state = begun("delving", generator)
    gen = world.generators[generator]
    stocked = room_odds(gen, resolve_settings(gen), RoomContext(0, None)).encounter
    odds = next(odds for odds in forecast(world, state, seeded()).actions
                if odds.line == "enter")
    # the hazard die's 1 is an encounter; on any other face the stocked one is met
    assert odds.encounter.exact == Fraction(1, 6) + Fraction(5, 6) * stocked
    request = read(world, state, "enter")
    rng, plays = random.Random(36), 2000
    met = sum(perform(world, state, request, rng).state.encounters > state.encounters
              for _ in range(plays))
    exact = odds.encounter.value
    assert abs(met / plays - exact) <= 4 * (exact * (1 - exact) / plays) ** 0.5
