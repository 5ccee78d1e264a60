"""Generators: the file's checks (each refusal names file, line and key), rolling a room
(the same seed, the same room), the classic proportions, and the exact odds against a
seeded simulation."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from solo.errors import RulesError, UsageError
from solo.rules.catalog import generator_list, load_file, load_generator
from solo.rules.generate import RoomContext, door_odds, resolve_settings, roll_room, room_odds
from solo.rules.generator import DIRECTIONS, parse_generator
from solo.rules.paths import generators_dir
from solo.rules.yamlfile import load_yaml

ROOT = Path(__file__).resolve().parents[2]

SMALL = """\
kind: generator
id: small
name: Small
settings:
  doors:
    default: mixed
    choices:
      mixed: {door_plus: 0}
      shut: {door_plus: 2}
room:
  kind: kinds
  exits:
    count: {dice: d3}
    directions: [N, E, S, W]
    door: {table: doors, plus: door_plus}
  contents: stock
tables:
  kinds:
    dice: d2
    entries:
      1: {is: hall, text: a hall}
      2: {is: cell, text: a cell}
  doors:
    dice: d4
    entries:
      1-2: {is: open, text: open}
      3: {is: locked, text: locked}
      4: {is: secret, text: hidden}
  stock:
    dice: d6
    entries:
      1-3: {is: empty, text: dust}
      4-5: {is: encounter, text: someone}
      6: {is: trap, text: a pit}
"""


def _generator(text: str = SMALL, file: str = "gen.yaml"):
    return parse_generator(load_yaml(text, file))


def _refusal(text: str) -> str:
    with pytest.raises(RulesError) as caught:
        _generator(text)
    message = str(caught.value)
    assert "\n" not in message
    return message


def _line_of(text: str, fragment: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if fragment in line)


# --- refusals: file, line, key -------------------------------------------------------------

@pytest.mark.parametrize("old, new, at, key, words", [
    ("      3: {is: locked, text: locked}", "      3-4: {is: locked, text: locked}",
     "      4: {is: secret", "tables.doors.entries.4", "overlaps 3-4"),
    ("      6: {is: trap, text: a pit}", "      7: {is: trap, text: a pit}",
     "      7: {is: trap", "tables.stock.entries.7", "gap: nothing covers 6"),
    ("      2: {is: cell, text: a cell}", "      2: {is: cell, text: a cell, roll: kinds}",
     "      2: {is: cell", "tables.kinds.entries.2.roll", "rolls itself"),
    ("      4: {is: secret, text: hidden}", "      4: {is: ajar, text: hidden}",
     "      4: {is: ajar", "tables.doors.entries.4.is", "unknown door kind 'ajar'"),
    ("    directions: [N, E, S, W]", "    directions: [N, E, S, WEST]",
     "    directions:", "room.exits.directions.3", "unknown direction 'WEST'"),
    ("    count: {dice: d3}", "    count: {dice: 2d8}",
     "    count:", "room.exits.count.dice", "a room has at most 12"),
    ("      6: {is: trap, text: a pit}", "      6: {is: monster, text: a pit}",
     "      6: {is: monster", "tables.stock.entries.6.is", "unknown content 'monster'"),
    ("    door: {table: doors, plus: door_plus}", "    door: {table: doors, plus: door_bonus}",
     "    door:", "room.exits.door.plus", "unknown name 'door_bonus'"),
    ("  contents: stock", "  contents: stocks",
     "  contents:", "room.contents", "expected one of this file's tables"),
    ("      1-2: {is: open, text: open}", "      1-2: {text: open}",
     "      1-2: {text: open}", "tables.doors.entries.1-2", "needs 'is:'"),
    ("      mixed: {door_plus: 0}", "      mixed: {door_plus: [0]}",
     "      mixed:", "settings.doors.choices.mixed.door_plus", "expected a name with a number"),
])
def test_a_bad_generator_is_refused_naming_file_line_and_key(old, new, at, key, words):
    assert old in SMALL
    text = SMALL.replace(old, new)
    message = _refusal(text)
    assert message.startswith(f"gen.yaml:{_line_of(text, at)}: {key}: "), message
    assert words in message


def test_more_than_twelve_exits_from_a_table_is_refused():
    text = SMALL.replace("    count: {dice: d3}", "    count: {table: ways}") + """\
  ways:
    dice: d2
    entries:
      1: {is: 2, text: two}
      2: {is: 13, text: thirteen}
"""
    message = _refusal(text)
    assert message.startswith(f"gen.yaml:{len(text.splitlines())}: tables.ways.entries.2.is: ")
    assert "at most 12" in message


def test_a_choice_that_could_never_be_taken_is_refused():
    text = SMALL.replace("  contents: stock", "  contents:\n    - stock\n"
                         "    - {when: \"doors == 'shut'\", table: stock}")
    message = _refusal(text)
    assert message.startswith(f"gen.yaml:{_line_of(text, '    - stock')}: room.contents.0: ")


def test_a_generator_that_rolls_without_end_is_refused_when_it_loads():
    text = SMALL.replace("      6: {is: trap, text: a pit}",
                         "      6: {is: trap, text: a pit, roll: pit}") + """\
  pit:
    dice: d2
    entries:
      1: {text: deeper, roll: deeper}
      2: the bottom
  deeper:
    dice: d2
    entries:
      1: {text: deeper still, roll: pit}
      2: the bottom
"""
    message = _refusal(text)
    assert "rolls itself (pit -> deeper -> pit)" in message or \
        "rolls itself (deeper -> pit -> deeper)" in message


# --- rolling --------------------------------------------------------------------------------

def test_the_same_seed_gives_the_same_room_byte_for_byte():
    for ident in ("classic", "tracker", "site"):
        generator = load_generator(ident)
        settings = resolve_settings(generator)
        rooms = [repr(roll_room(generator, settings, random.Random(seed), RoomContext(4, "S")))
                 for seed in range(30)]
        again = [repr(roll_room(generator, settings, random.Random(seed), RoomContext(4, "S")))
                 for seed in range(30)]
        assert rooms == again
        assert len(set(rooms)) > 20


def test_the_last_way_left_is_taken_without_a_one_sided_die():
    """A room with as many exits as there are ways left takes the last one as it is: no
    'd1' roll on screen, and none asked of a player rolling their own dice."""
    for ident in ("classic", "tracker", "site"):
        generator = load_generator(ident)
        settings = resolve_settings(generator)
        rooms = [roll_room(generator, settings, random.Random(seed), RoomContext(4, "S"))
                 for seed in range(300)]
        assert not [draw for room in rooms for draw in room.draws if draw.dice == "d1"]
        exits = Counter(len(room.exits) for room in rooms)
        assert exits[3] > 0, (ident, exits)  # rooms that took every way left were rolled
        for room in rooms:
            ways = [direction for direction, _ in room.exits]
            assert "S" not in ways and len(set(ways)) == len(ways)


def test_the_exits_line_says_the_number_of_exits_the_room_gets():
    """Classic's d4 counts exits besides the way in, on N E S W: past the first room a 4
    gives the three sides left, and its ``tbl:`` line says so rather than '4 exits'."""
    generator = load_generator("classic")
    settings = resolve_settings(generator)
    capped = 0
    for seed in range(200):
        for context in (RoomContext(0, None), RoomContext(1, "S")):
            room = roll_room(generator, settings, random.Random(seed), context)
            count = next(draw for draw in room.draws if draw.table == "exit-count")
            said = int(re.findall(r"(\d+) exits?", count.text)[-1])
            assert said == len(room.exits), count.text
            if count.value > len(room.exits):
                capped += 1
                assert count.text == "4 exits, but only 3 directions are free: 3 exits"
    assert capped > 20


def test_a_room_draws_only_from_the_random_it_is_given():
    generator = load_generator("classic")
    rng = random.Random(9)
    roll_room(generator, resolve_settings(generator), rng)
    after = rng.random()
    rng = random.Random(9)
    random.seed(1)
    roll_room(generator, resolve_settings(generator), rng)
    assert rng.random() == after


def test_no_exit_is_rolled_where_the_party_came_in():
    generator = _generator()
    for seed in range(200):
        room = roll_room(generator, resolve_settings(generator), random.Random(seed),
                         RoomContext(0, "S"))
        directions = [direction for direction, _ in room.exits]
        assert "S" not in directions
        assert directions == sorted(directions, key=DIRECTIONS.index)
        assert 1 <= len(directions) <= 3


def test_every_roll_is_a_draw_for_the_journal():
    generator = load_generator("classic")
    room = roll_room(generator, resolve_settings(generator), random.Random(3), RoomContext())
    tables = [draw.table for draw in room.draws]
    assert tables[:3] == ["room-kind", "room-detail", "exit-count"]
    assert tables.count("exit-direction") == len(room.exits) == tables.count("doors")
    assert room.description.startswith(room.draws[0].text)


def test_the_exits_text_is_the_rooms_tag():
    generator = load_generator("classic")
    texts = {roll_room(generator, resolve_settings(generator, {"doors": "barred"}),
                       random.Random(seed)).exits_text() for seed in range(300)}
    assert any("(locked)" in text for text in texts)
    assert any(re.fullmatch(r"[NESW](, [NESW](\(\w+\))?)*", text) for text in texts)


def test_every_die_of_a_room_can_be_rolled_by_hand():
    """Physical dice: each die is asked of the player through ``randint(1, sides)``."""
    from solo.play.physical import TypedDice

    asked: list[int] = []

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        asked.append(sides)
        return "1"

    generator = load_generator("classic")
    room = roll_room(generator, resolve_settings(generator), TypedDice("s", ask),
                     RoomContext(0, "S"))
    faces = [face for draw in room.draws for face in draw.faces]
    assert asked and faces == [1] * len(faces) and len(asked) >= len(faces)
    assert room.kind == "hall" and room.exits == (("N", "open"),)
    # a 1 on the stocking die is empty, and a 1 on the empty room's treasure die finds some
    assert room.content_kinds == ("treasure",)


def test_settings_are_listed_one_line_each():
    from solo.rules.generate import settings_help

    lines = settings_help(load_generator("classic"))
    assert lines[1].startswith("doors: open, mixed (default), barred - ")
    assert len(lines) == 3


def test_settings_take_their_defaults_and_refuse_unknown_words():
    generator = load_generator("classic")
    assert resolve_settings(generator)["door_plus"] == 0
    assert resolve_settings(generator, {"doors": "barred"})["door_plus"] == 3
    with pytest.raises(UsageError, match="open, mixed, barred"):
        resolve_settings(generator, {"doors": "wide"})
    with pytest.raises(UsageError, match="size, doors, stocking"):
        resolve_settings(generator, {"colour": "red"})


# --- the classic proportions ---------------------------------------------------------------

def test_the_classic_generator_stocks_rooms_in_the_classic_proportions():
    """1981 Basic: d6 1-2 empty, 3-4 monster, 5 special, 6 trap; treasure on 1-3 with a
    monster, 1-2 with a trap, 1 in an empty room, never in a special one."""
    generator = load_generator("classic")
    settings = resolve_settings(generator)
    rng = random.Random(1981)
    rooms = 12_000
    first = Counter()
    treasure = Counter()
    for _ in range(rooms):
        room = roll_room(generator, settings, rng, RoomContext())
        kind = room.content_kinds[0]
        if kind == "treasure":  # an empty room's hidden treasure
            kind = "empty"
        first[kind] += 1
        treasure[kind] += "treasure" in room.content_kinds
    for kind, share in (("empty", 2 / 6), ("encounter", 2 / 6), ("special", 1 / 6),
                        ("trap", 1 / 6)):
        # within four standard deviations of the share, for 12,000 rooms
        assert abs(first[kind] / rooms - share) < 4 * (share * (1 - share) / rooms) ** 0.5
    for kind, share in (("encounter", 3 / 6), ("trap", 2 / 6), ("empty", 1 / 6)):
        seen = first[kind]
        assert abs(treasure[kind] / seen - share) < 4 * (share * (1 - share) / seen) ** 0.5
    assert treasure["special"] == 0


# --- exact odds against a simulation -------------------------------------------------------

@pytest.mark.parametrize("ident, chosen", [
    ("classic", {}), ("classic", {"doors": "barred", "stocking": "crowded"}),
    ("tracker", {"stocking": "busy"}), ("site", {"theme": "haunted", "domain": "stronghold"}),
])
def test_the_exact_odds_match_a_seeded_simulation(ident, chosen):
    generator = load_generator(ident)
    settings = resolve_settings(generator, chosen)
    context = RoomContext(2, "S")
    odds = room_odds(generator, settings, context)
    rng = random.Random(f"{ident}{chosen}")
    rooms = 6000
    seen = Counter()
    for _ in range(rooms):
        room = roll_room(generator, settings, rng, context)
        doors = {door for _, door in room.exits}
        seen["encounter"] += room.encounter
        seen["trap"] += "trap" in room.content_kinds or "trapped" in doors
        seen["locked"] += "locked" in doors
        seen[f"exits{len(room.exits)}"] += 1
    checks = {"encounter": odds.encounter, "trap": odds.trap, "locked": odds.locked}
    checks.update({f"exits{number}": chance for number, chance in odds.exits.items()})
    for name, exact in checks.items():
        share = float(exact)
        spread = 4 * (share * (1 - share) / rooms) ** 0.5 + 1e-9
        assert abs(seen[name] / rooms - share) <= spread, (name, seen[name] / rooms, share)


def test_the_exact_odds_are_fractions_worked_out_from_the_tables():
    generator = _generator()
    odds = room_odds(generator, resolve_settings(generator))
    assert odds.encounter == Fraction(1, 3)
    assert odds.exits == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    # at least one locked door among 1, 2 or 3, each locked 1 in 4
    assert odds.locked == Fraction(1, 3) * (Fraction(1, 4) + Fraction(7, 16) + Fraction(37, 64))
    shut = room_odds(generator, resolve_settings(generator, {"doors": "shut"}))
    # a shut dungeon shifts the door die past the open ones: 3 locked, 4-6 secret
    assert shut.doors["open"] == 0 and shut.doors["secret"] > odds.doors["secret"]


@pytest.mark.parametrize("ident, domain", [("site", "tomb"), ("site", "cavern"),
                                           ("tracker", None)])
def test_the_doors_setting_shuts_more_ways_and_hides_no_more(ident, domain):
    """The setting's help: how often a way on is shut. From its first choice to its last,
    a way on is shut (stuck or locked) more often and open less often; a way hidden or
    trapped is as likely whatever it says, and the last choice's commonest way is shut."""
    generator = load_generator(ident)
    setting = generator.setting("doors")
    assert setting is not None
    choices = setting.words
    chosen = {"domain": domain} if domain else {}
    odds = [door_odds(generator, resolve_settings(generator, {**chosen, "doors": choice}))
            for choice in choices]
    shut = [each["stuck"] + each["locked"] for each in odds]
    assert shut == sorted(shut) and shut[0] < shut[-1]
    assert [each["open"] for each in odds] == sorted((each["open"] for each in odds),
                                                     reverse=True)
    for kind in ("secret", "trapped"):
        assert len({each[kind] for each in odds}) == 1, kind
    assert shut[-1] > max(odds[-1]["open"], odds[-1]["secret"], odds[-1]["trapped"])


# --- the shipped generators and the catalog ------------------------------------------------

def test_three_generators_ship_as_package_data():
    assert sorted(path.stem for path in generators_dir().glob("*.yaml")) == \
        ["classic", "site", "tracker"]
    assert [ident for ident, _, _ in generator_list()] == ["classic", "site", "tracker"]
    for ident in ("classic", "tracker", "site"):
        generator = load_generator(ident)
        assert generator.source and generator.summary


def test_an_unknown_generator_lists_the_generators():
    with pytest.raises(UsageError, match="choose one of: classic, site, tracker"):
        load_generator("maze")


def test_the_directions_are_the_maps():
    from solo.engine.rooms import DIRECTIONS as MAP_DIRECTIONS

    assert DIRECTIONS == MAP_DIRECTIONS


def test_solo_check_recognises_a_generator(tmp_path: Path):
    from tests.fake_env import solo

    good = tmp_path / "mine.yaml"
    good.write_text(SMALL, encoding="utf-8")
    assert load_file(good)[0] == "generator"
    result = solo("check", str(good))
    assert result.code == 0 and "ok (generator)" in result.out
    bad = tmp_path / "bad.yaml"
    bad.write_text(SMALL.replace("[N, E, S, W]", "[N, E, S, X]"), encoding="utf-8")
    result = solo("check", str(bad))
    assert result.code == 1
    assert f"{bad}:{_line_of(SMALL, 'directions:')}: room.exits.directions.3: " in result.err


# --- the guide's example -------------------------------------------------------------------

def test_the_guides_example_loads_and_rolls(tmp_path: Path):
    guide = (ROOT / "docs" / "generators.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(.*?)```", guide, re.S)
    examples = [block for block in blocks if "kind: generator" in block]
    assert examples, "docs/generators.md has a complete generator in a yaml block"
    generator = parse_generator(load_yaml(examples[0], "docs/generators.md"))
    settings = resolve_settings(generator)
    room = roll_room(generator, settings, random.Random(1), RoomContext(0, "S"))
    assert room.kind and room.description and room.contents
    assert 0 < room_odds(generator, settings).encounter < 1
