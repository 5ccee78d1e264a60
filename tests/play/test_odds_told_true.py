"""What ``odds`` says is true (this session's QA pass on the odds): a move it leaves out says
what that move would do; with the party outside, the text and the JSON say the same."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from solo.engine.core import perform, read
from solo.engine.events import Checked
from solo.engine.forecast import forecast, next_turn
from solo.engine.forecast_dice import seeded
from solo.journal.store import read_meta, read_tail
from solo.play.odds_view import odds_lines
from solo.play.resume import journal_world, resume
from tests.engine_states import played, world_of
from tests.fake_env import solo


def _crawl(tmp_path, system: str, moves: str, seed: str, *more: str):
    path = tmp_path / f"{system}.md"
    made = solo("new", str(path), "--system", system, "--seed", seed, *more, stdin=moves)
    assert made.code == 0, made.err
    return path


def test_a_bare_revisit_refused_where_the_way_began_says_a_named_one_plays(tmp_path):
    path = _crawl(tmp_path, "d12-tension", "enter 1\nenter 6\nrevisit\n", "9")
    shown = solo("odds", str(path)).out
    assert ("not forecast: revisit: refused bare, as the party's way began here, with no "
            "way back to retrace (one naming a room, as 'revisit R2', plays but is not "
            "forecast)") in shown, shown
    assert solo("play", str(path), stdin="revisit R2\n").code == 0  # it does play


def test_with_the_party_outside_the_json_forecasts_nothing_as_the_text_says(tmp_path):
    path = _crawl(tmp_path, "d12-tension", "enter 2\nleave\n", "4")
    shown = solo("odds", str(path)).out
    data = json.loads(solo("odds", str(path), "--json").out)
    assert shown.startswith("No odds while the party is outside the dungeon")
    assert data["none"] == shown.strip()
    assert (data["action"], data["actions"], data["lights"], data["danger"]) == (
        None, [], [], None)


def test_with_tension_hidden_at_least_is_never_more_than_the_chance_at_any_tension():
    """Tension 10 behind the screen, two encounter entries struck (13-20 of d10+Tension):
    lingering meets one 10/12 x 2/10 = 1 in 6 times, under the 1 in 3 at Tension 0. The
    'at least' figure is the least over every Tension the party may have, and the text
    says what is taken at which Tension."""
    world = world_of("d12-tension")
    lines = ("strike d12-encounters orc-band", "strike d12-encounters orc-horde",
             "set show_tension false", "enter 4")
    hidden = {odds.line: odds for odds in forecast(world, played("d12-tension", *lines,
                                                                 tension=10), seeded()).actions}
    assert hidden["linger"].at_least and hidden["linger"].encounter.exact == Fraction(1, 6)
    for tension in range(11):  # each figure shown the screen down, at each Tension
        state = played("d12-tension", *lines, tension=tension, show_tension=True)
        for odds in forecast(world, state, seeded()).actions:
            assert hidden[odds.line].encounter.value <= odds.encounter.value, (tension, odds)
    text = "\n".join(odds_lines(world, played("d12-tension", *lines, tension=10)))
    assert "linger       encounter at least 1 in 6" in text
    assert ("Tension is behind the screen: each move's encounter and lights above are the "
            "least they are at any Tension from 0 to 10") in text
    assert "Tension 10" not in text  # nothing tells the value behind the screen


def test_with_tension_hidden_the_figure_holds_against_plays_of_the_engine():
    """1,200 lingers from Tension 10 behind the screen meet an encounter about 1 in 6
    times (not the 1 in 3 once said), at or above the 'at least' figure."""
    world = world_of("d12-tension")
    state = played("d12-tension", "strike d12-encounters orc-band",
                   "strike d12-encounters orc-horde", "set show_tension false", "enter 4",
                   tension=10)
    rng = random.Random(15)
    met = sum(perform(world, state, read(world, state, "linger"), rng).state.encounters
              > state.encounters for _ in range(1200))
    shown = next_turn(world, state, "linger", seeded()).encounter.value
    assert abs(met / 1200 - 1 / 6) < 4 * (1 / 6 * 5 / 6 / 1200) ** 0.5
    assert shown <= 1 / 6 + 1e-12


def test_a_lights_mean_says_it_is_of_those_out_within_the_horizon(tmp_path):
    """D12 with a torch and a lantern: each light-fails event (1 in 12 a turn) puts one
    out, so the lantern goes at the second, still burning after 60 turns 3.5% of the
    time. The mean shown is of the lanterns out within 60 turns, and says so."""
    path = _crawl(tmp_path, "d12-tension", "light torch\nlight lantern\nenter 2\n", "4")
    weights = {turn: (turn - 1) * Fraction(1, 12) ** 2 * Fraction(11, 12) ** (turn - 2)
               for turn in range(2, 61)}
    within = sum(weights.values())
    mean = sum(turn * weight for turn, weight in weights.items()) / within
    shown = solo("odds", str(path)).out
    assert (f"Lantern: out in 7–46 turns (82%), median 20, mean {float(mean):.1f} (of the "
            f"{float(within):.1%} out within 60 turns)") in shown, shown
    lantern = json.loads(solo("odds", str(path), "--json").out)["lights"][1]
    assert abs(lantern["mean"] - float(mean)) < 1e-4
    assert abs(lantern["lasting"] - float(1 - within)) < 1e-6


def _state_of(path):
    meta = read_meta(path)
    world = journal_world(path, meta)
    resumed = resume(world, meta, path, read_tail(path))
    return resumed.world or world, resumed.state


def test_entering_a_generated_room_counts_the_stocked_encounters_surprise_check(tmp_path):
    """Exploration with the classic generator: 'enter' meets an encounter 4 in 9 times
    (the room's stocked one or the hazard die's), and each is met with Wren's WIS check
    against surprise (9 in 20 on a d20 against DC 12): 1 in 5, not the 3 in 40 of the
    hazard die's encounters alone. Plays of the engine agree."""
    path = _crawl(tmp_path, "exploration", "light lantern\nenter\n", "1", "--dungeon",
                  "classic", "--party", "Wren")
    shown = solo("odds", str(path)).out
    label = "WIS check (DC 12) against surprise for Wren"
    assert f"  enter       {label}: 1 in 5" in shown, shown
    world, state = _state_of(path)
    rng = random.Random(15)
    plays = 1500
    surprised = 0
    for _ in range(plays):
        run = perform(world, state, read(world, state, "enter"), rng)
        surprised += any(type(event) is Checked and event.label == label and event.success
                         for event in run.events)
    assert abs(surprised / plays - 1 / 5) < 4 * (1 / 5 * 4 / 5 / plays) ** 0.5


def test_two_and_three_lights_are_counted_exactly_each_on_its_own(tmp_path):
    """Trespasser with a torch and a lantern: each has its own d6 a round, out on a 1, so
    each lasts 1-13 rounds 91% of the time, exactly, as one light alone does; Alarm 1
    cannot reach 10 within 3 rounds (exactly 0, not '~0% ±0.1'). Exploration's candle,
    which nothing but time puts out, goes out in its 5 turns left, exactly."""
    path = _crawl(tmp_path, "trespasser", "light torch\nlight lantern\nadvance\n", "4")
    shown = solo("odds", str(path)).out
    for label in ("Torch", "Lantern"):
        assert f"  {label}: out in 1–13 rounds (91%), median 4, mean 6.0 (of those out " \
               "within 60 rounds)\n" in shown, shown
    assert "  Alarm 1 reaches 10 within 3 rounds: 0%\n" in shown
    assert "~" not in shown and "plays" not in shown
    data = json.loads(solo("odds", str(path), "--json").out)
    assert all(light["exact"] for light in data["lights"])
    assert data["danger"]["chance"]["exact"] == "0"
    path = _crawl(tmp_path, "exploration", "light torch\nlight candle\nexplore\n", "4")
    shown = solo("odds", str(path)).out
    assert "  Candle: out in 5 turns\n" in shown, shown
    assert "  Torch: out in 1–5 turns (100%), median 4, mean 3.6\n" in shown


def test_a_light_still_estimated_says_why(tmp_path):
    """Exploration's lantern beside a torch and a candle: its chain of states is too long
    to follow (its oil halved by the hazard die, 35 turns left), so it is played; the
    note says it is the turns ahead, not the next turn's dice, that are estimated."""
    path = _crawl(tmp_path, "exploration", "light torch\nlight lantern\nlight candle\n"
                  "explore\n", "3", "--party", "Wren", "--party", "Ash")
    shown = solo("odds", str(path)).out
    assert "  Lantern: out in 11–24 turns (85%), median 17, mean 17.1 ±0.3 (250 plays)\n" \
        in shown, shown
    assert ("~ estimated from plays of the engine (± one standard error): the states "
            "the turns ahead may leave are more than solo follows at once; the other "
            "figures are exact.") in shown, shown
