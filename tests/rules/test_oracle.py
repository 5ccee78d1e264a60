"""Tests for the yes/no oracle: fate chart, thresholds, d6 answers, loading and statistics."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo.engine.oracle import (
    Answer,
    ask,
    chaos_from_danger,
    judge,
    round_half_up,
    split_question,
)
from solo.errors import OracleError, RulesError
from solo.rules import oracle_styles
from solo.rules.oracle_styles import load_styles, parse_style, resolve_odds, styles_from_shipped
from solo.rules.paths import shipped_oracles_dir
from solo.rules.table_file import parse_tables_file
from solo.rules.yamlfile import load_yaml

STYLES = styles_from_shipped()
MYTHIC, IRONSWORN, OPSE = STYLES["mythic"], STYLES["ironsworn"], STYLES["opse"]
CHART = [1, 1, 1, 5, 10, 15, 25, 35, 50, 65, 75, 85, 90, 95, 99, 99, 99]
MYTHIC_ODDS = ["impossible", "nearly impossible", "very unlikely", "unlikely", "50/50",
               "likely", "very likely", "nearly certain", "certain"]
IRONSWORN_TARGETS = {"almost certain": 90, "likely": 75, "50/50": 50, "unlikely": 25,
                     "small chance": 10}
OPSE_YES_ON = {"likely": 3, "even": 4, "unlikely": 5}


def _tables():
    text = (shipped_oracles_dir() / "event-focus.yaml").read_text(encoding="utf-8")
    return parse_tables_file(load_yaml(text, "event-focus.yaml"))


class Faces(random.Random):
    """A Random whose ``randint`` returns scripted die faces, in order (dice use randint)."""

    def __new__(cls, *_, **__):  # (Python 3.10's Random seeds by its argument)
        return super().__new__(cls)

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


# --- fate chart ------------------------------------------------------------------------


@pytest.mark.parametrize("chaos", [1, 3, 5, 9])
@pytest.mark.parametrize("rank", range(9))
def test_fate_chart_targets(chaos: int, rank: int) -> None:
    answer = judge(MYTHIC, MYTHIC_ODDS[rank], chaos, 100)
    assert answer.target == CHART[rank + chaos - 1]


def test_fate_chart_chaos_five_row() -> None:
    row = [judge(MYTHIC, odds, 5, 1).target for odds in MYTHIC_ODDS]
    assert row == [10, 15, 25, 35, 50, 65, 75, 85, 90]


def test_fate_chart_chaos_extremes() -> None:
    assert [judge(MYTHIC, odds, 1, 1).target for odds in MYTHIC_ODDS] == CHART[:9]
    assert [judge(MYTHIC, odds, 9, 1).target for odds in MYTHIC_ODDS] == CHART[8:]
    assert judge(MYTHIC, "impossible", 1, 1).target == 1
    assert judge(MYTHIC, "certain", 9, 1).target == 99


def test_fate_chart_index_clamps_to_chart() -> None:
    short = replace(MYTHIC, chart=(3, 40, 70))
    assert judge(short, "impossible", 1, 1).target == 3
    assert judge(short, "certain", 9, 1).target == 70
    low = replace(MYTHIC, odds=(oracle_styles.Odds("none", 0),), default_odds="none",
                         chaos_range=(0, 9))
    assert judge(low, "none", 0, 1).target == 1  # index -1 clamps to 0


@pytest.mark.parametrize("chaos", [0, 10, -1])
def test_chaos_out_of_range(chaos: int) -> None:
    with pytest.raises(OracleError, match="1 to 9"):
        judge(MYTHIC, None, chaos, 50)


@pytest.mark.parametrize(
    ("odds", "chaos", "target", "exc_yes", "exc_no"),
    [
        ("50/50", 5, 50, 10, 91),          # 50/5 = 10, 50/5 = 10
        ("likely", 5, 65, 13, 94),         # 13.0; 35/5 = 7
        ("unlikely", 5, 35, 7, 88),        # 7.0; 65/5 = 13
        ("very likely", 5, 75, 15, 96),    # 15; 25/5 = 5
        ("very unlikely", 5, 25, 5, 86),   # 5; 75/5 = 15
        ("nearly certain", 5, 85, 17, 98),  # 17; 15/5 = 3
        ("certain", 5, 90, 18, 99),        # 18; 10/5 = 2
        ("nearly impossible", 5, 15, 3, 84),  # 3; 85/5 = 17
        ("impossible", 5, 10, 2, 83),      # 2; 90/5 = 18
        ("certain", 9, 99, 20, 101),       # 19.8 -> 20; 0.2 -> 0: never exceptional no
        ("impossible", 1, 1, 0, 81),       # 0.2 -> 0: never exceptional yes; 19.8 -> 20
        ("nearly impossible", 3, 5, 1, 82),  # 1.0; 95/5 = 19
        ("impossible", 6, 15, 3, 84),
    ],
)
def test_exceptional_boundaries(odds, chaos, target, exc_yes, exc_no) -> None:
    for roll in range(1, 101):
        answer = judge(MYTHIC, odds, chaos, roll)
        assert answer.target == target
        assert answer.yes is (roll <= target)
        expected = roll <= exc_yes if roll <= target else roll >= exc_no
        assert answer.exceptional is expected, roll
        assert answer.text.startswith("Yes" if answer.yes else "No")
        assert answer.text.endswith(", and…") is expected


def _chart_style(divisor: int, *targets: int):
    """A fate-chart style whose odds "0", "1", ... hit ``targets`` exactly at chaos 1."""
    odds = tuple(oracle_styles.Odds(str(rank), rank) for rank in range(len(targets)))
    return replace(MYTHIC, chart=targets, exceptional_divisor=divisor, odds=odds,
                   default_odds="0")


def _exceptional_rolls(style, odds: str) -> list[int]:
    return [roll for roll in range(1, 101) if judge(style, odds, 1, roll).exceptional]


def test_exceptional_rounds_half_up() -> None:
    # Divisor 10 puts quotients exactly on .5, where half-up and Python's round() differ.
    style = _chart_style(10, 25, 45, 35, 15)
    # 25/10 = 2.5 -> 3 (round() gives 2); 75/10 = 7.5 -> 8, so exceptional no from 93
    assert _exceptional_rolls(style, "0") == [1, 2, 3, *range(93, 101)]
    # 45/10 = 4.5 -> 5 (round() gives 4); 55/10 = 5.5 -> 6, so from 95
    assert _exceptional_rolls(style, "1") == [1, 2, 3, 4, 5, *range(95, 101)]
    # 35/10 = 3.5 -> 4; 65/10 = 6.5 -> 7 (round() gives 6), so from 94
    assert _exceptional_rolls(style, "2") == [1, 2, 3, 4, *range(94, 101)]
    # 15/10 = 1.5 -> 2; 85/10 = 8.5 -> 9 (round() gives 8), so from 92
    assert _exceptional_rolls(style, "3") == [1, 2, *range(92, 101)]


def test_exceptional_with_divisor_five_fractions() -> None:
    style = _chart_style(5, 12, 62, 99, 1)
    # 12/5 = 2.4 -> 2; 88/5 = 17.6 -> 18, so from 83
    assert _exceptional_rolls(style, "0") == [1, 2, *range(83, 101)]
    # 62/5 = 12.4 -> 12; 38/5 = 7.6 -> 8, so from 93
    assert _exceptional_rolls(style, "1") == [*range(1, 13), *range(93, 101)]
    # 99/5 = 19.8 -> 20; 1/5 = 0.2 -> 0, so never an exceptional no
    assert _exceptional_rolls(style, "2") == list(range(1, 21))
    # 1/5 = 0.2 -> 0, so never an exceptional yes; 99/5 = 19.8 -> 20, so from 81
    assert _exceptional_rolls(style, "3") == list(range(81, 101))


def test_round_half_up() -> None:
    assert [round_half_up(n, 2) for n in range(-3, 6)] == [-1, -1, 0, 0, 1, 1, 2, 2, 3]
    assert round_half_up(25, 10) == 3 and round_half_up(45, 10) == 5
    assert round_half_up(24, 10) == 2 and round_half_up(7) == 7


@given(st.integers(-1000, 1000), st.integers(1, 1000))
def test_round_half_up_matches_floor(numerator: int, denominator: int) -> None:
    assert round_half_up(numerator, denominator) == math.floor(
        Fraction(numerator, denominator) + Fraction(1, 2))


# --- doubles and random events ---------------------------------------------------------


@pytest.mark.parametrize("chaos", range(1, 10))
def test_random_event_only_on_doubles_within_chaos(chaos: int) -> None:
    for roll in range(1, 101):
        answer = judge(MYTHIC, None, chaos, roll)
        double = roll in (11, 22, 33, 44, 55, 66, 77, 88, 99)
        assert answer.random_event is (double and roll // 10 <= chaos), roll


def test_random_event_rolls_event_focus_and_answer_stands() -> None:
    tables = _tables()
    answer = ask(MYTHIC, Faces(33, 57), odds="likely", chaos=5, tables=tables)
    assert answer.random_event and answer.yes and answer.target == 65
    table = tables["event-focus"]
    assert table.dice == "d100" and len(table.entries) >= 10
    assert answer.event == table.entries[table.index_for(57)].text
    assert [roll.total for roll in answer.rolls] == [33, 57]
    assert "random event" in answer.summary() and answer.event in answer.summary()


def test_double_above_chaos_is_no_event() -> None:
    answer = ask(MYTHIC, Faces(66), chaos=5, tables=_tables())
    assert not answer.random_event and answer.event is None and len(answer.rolls) == 1


def test_random_event_without_tables() -> None:
    answer = ask(MYTHIC, Faces(22), chaos=2)
    assert answer.random_event and answer.event is None and len(answer.rolls) == 1


def test_ironsworn_twist_on_doubles_and_hundred() -> None:
    for roll in range(1, 101):
        answer = judge(IRONSWORN, "likely", 5, roll)
        double = roll == 100 or (roll % 11 == 0 and roll >= 11)
        assert (answer.modifier == "twist") is double, roll
        assert answer.yes is (roll <= 75)
        assert answer.text.endswith(", with a twist") is double
    assert judge(IRONSWORN, "50/50", 5, 100).text == "No, with a twist"
    assert judge(IRONSWORN, "50/50", 5, 44).text == "Yes, with a twist"
    assert not judge(IRONSWORN, None, 5, 10).random_event


@pytest.mark.parametrize(("odds", "target"), IRONSWORN_TARGETS.items())
def test_ironsworn_targets(odds: str, target: int) -> None:
    assert judge(IRONSWORN, odds, 5, target).yes
    assert not judge(IRONSWORN, odds, 5, target + 1).yes
    assert judge(IRONSWORN, odds, 5, 1).target == target


def test_opse_answers_and_modifiers() -> None:
    for odds, yes_on in OPSE_YES_ON.items():
        for face in range(1, 7):
            assert judge(OPSE, odds, 5, face).yes is (face >= yes_on)
    assert judge(OPSE, "even", 5, 4, 1).text == "Yes, but…"
    assert judge(OPSE, "even", 5, 3, 6).text == "No, and…"
    assert judge(OPSE, "even", 5, 3, 3).text == "No"
    answer = ask(OPSE, Faces(5, 1), odds="unlikely")
    assert answer.yes and answer.modifier == "but" and answer.text == "Yes, but…"
    assert answer.summary().endswith("vs 5+, d6=1 -> Yes, but…")


def test_summary_format() -> None:
    answer = ask(MYTHIC, Faces(23), odds="50/50")
    assert answer.summary() == "d100=23 vs 50 -> Yes"
    assert judge(MYTHIC, None, 5, 95).summary() == "95 vs 50 -> No, and…"


# --- statistics ------------------------------------------------------------------------


def _assert_rate(hits: int, n: int, p: float) -> None:
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * sigma + 1e-12, (hits / n, p)


@pytest.mark.parametrize("odds", MYTHIC_ODDS)
def test_mythic_yes_rate(odds: str) -> None:
    rng, n = random.Random(f"mythic-{odds}"), 20_000
    hits = sum(ask(MYTHIC, rng, odds).yes for _ in range(n))
    _assert_rate(hits, n, judge(MYTHIC, odds, 5, 1).target / 100)


@pytest.mark.parametrize(("odds", "target"), IRONSWORN_TARGETS.items())
def test_ironsworn_yes_rate(odds: str, target: int) -> None:
    rng, n = random.Random(f"ironsworn-{odds}"), 20_000
    hits = sum(ask(IRONSWORN, rng, odds).yes for _ in range(n))
    _assert_rate(hits, n, target / 100)


@pytest.mark.parametrize(("odds", "yes_on"), OPSE_YES_ON.items())
def test_opse_rates(odds: str, yes_on: int) -> None:
    rng, n = random.Random(f"opse-{odds}"), 20_000
    answers = [ask(OPSE, rng, odds) for _ in range(n)]
    _assert_rate(sum(a.yes for a in answers), n, (7 - yes_on) / 6)
    _assert_rate(sum(a.modifier == "and" for a in answers), n, 1 / 6)
    _assert_rate(sum(a.modifier == "but" for a in answers), n, 1 / 6)


def test_rate_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        _assert_rate(5_300, 10_000, 0.5)


# --- odds and styles -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "canonical"), [
    ("Very Likely", "very likely"), ("  very   likely ", "very likely"),
    ("fifty-fifty", "50/50"), ("EVEN", "50/50"), ("50 / 50", "50/50"), (None, "50/50"),
    ("nearly-impossible", "nearly impossible"), ("almost certain", "nearly certain"),
])
def test_mythic_odds_words(text, canonical) -> None:
    assert resolve_odds(MYTHIC, text).name == canonical


@pytest.mark.parametrize("style", ["mythic", "ironsworn", "opse"])
@pytest.mark.parametrize("alias", ["50/50", "fifty-fifty", "even", "Fifty Fifty"])
def test_middle_aliases_every_style(style: str, alias: str) -> None:
    assert resolve_odds(STYLES[style], alias).name == STYLES[style].default_odds


def test_unknown_odds_is_one_line_listing_choices() -> None:
    with pytest.raises(OracleError) as err:
        judge(MYTHIC, "sorta likely", 5, 50)
    message = str(err.value)
    assert "\n" not in message
    assert message == ("unknown odds 'sorta likely' for style mythic; choose one of: "
                       + ", ".join(MYTHIC_ODDS))
    with pytest.raises(OracleError, match="small chance") as err:
        ask(IRONSWORN, random.Random(1), "very likely")
    assert "\n" not in str(err.value)


def test_unknown_style_is_one_line_listing_choices() -> None:
    with pytest.raises(OracleError) as err:
        oracle_styles.get_style(STYLES, "tarot")
    assert str(err.value) == "unknown oracle style 'tarot'; choose one of: ironsworn, mythic, opse"
    assert oracle_styles.get_style(STYLES, " Ironsworn ") is IRONSWORN
    assert oracle_styles.get_style(STYLES, None) is MYTHIC


@pytest.mark.parametrize(("text", "expected"), [
    ("Is the door locked? very likely", ("Is the door locked?", "very likely")),
    ("Is the door locked?", ("Is the door locked?", None)),
    ("Is the door locked?   ", ("Is the door locked?", None)),
    ("Is the door locked", ("Is the door locked", None)),
    ("  Who? What? likely ", ("Who? What?", "likely")),
    ("Is it? very    likely", ("Is it?", "very likely")),
    ("", ("", None)),
])
def test_split_question(text, expected) -> None:
    assert split_question(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Is the door locked? very likely?", ("Is the door locked?", "very likely")),
    ("Is it? Likely?", ("Is it?", "Likely")),
    ("Is it? LIKELY ?  ", ("Is it?", "LIKELY")),
    ("Who? What?", ("Who? What?", None)),  # a second question, not odds
    ("Is it? likely.?", ("Is it? likely.?", None)),
    ("Is it??", ("Is it??", None)),
    ("Is it? likely? unlikely", ("Is it? likely?", "unlikely")),
])
def test_odds_typed_with_a_question_mark_are_the_odds(text, expected) -> None:
    assert split_question(text, MYTHIC) == expected

@given(st.text(max_size=40))
def test_split_question_odds_never_contain_question_mark(text: str) -> None:
    question, odds = split_question(text)
    assert odds is None or ("?" not in odds and odds == odds.strip() and odds)
    if "?" in text:
        assert question.endswith("?")


@given(st.sampled_from(sorted(STYLES)), st.integers(1, 100), st.integers(1, 9),
       st.one_of(st.none(), st.integers(1, 6)), st.data())
def test_answer_text_always_yes_or_no(name, roll, chaos, modifier, data) -> None:
    style = STYLES[name]
    odds = data.draw(st.sampled_from([level.name for level in style.odds]))
    answer = judge(style, odds, chaos, roll, modifier)
    assert isinstance(answer, Answer)
    assert ("Yes" in answer.text) != ("No" in answer.text)
    assert answer.text.startswith("Yes") is answer.yes
    if answer.exceptional:
        assert answer.text.endswith(", and…")


@given(st.integers(-5, 30), st.integers(1, 20))
def test_chaos_from_danger_bounds_and_monotonic(value: int, maximum: int) -> None:
    chaos = chaos_from_danger(value, maximum)
    assert 1 <= chaos <= 9
    assert chaos_from_danger(value + 1, maximum) >= chaos


def test_chaos_from_danger_values() -> None:
    assert [chaos_from_danger(t, 10) for t in range(11)] == [3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9]
    assert chaos_from_danger(0, 6) == 3 and chaos_from_danger(6, 6) == 9
    assert chaos_from_danger(20, 10) == 9 and chaos_from_danger(-10, 10) == 1
    assert chaos_from_danger(1, 4) == 5  # 1.5 rounds half-up to 2
    assert chaos_from_danger(1, 12) == 4  # 0.5 rounds half-up to 1 (round() gives 0)
    assert chaos_from_danger(5, 12) == 6  # 2.5 rounds half-up to 3 (round() gives 2)
    with pytest.raises(ValueError):
        chaos_from_danger(1, 0)


# --- files -----------------------------------------------------------------------------


def test_shipped_styles_load() -> None:
    assert set(STYLES) == {"mythic", "ironsworn", "opse"}
    assert MYTHIC.method == "fate-chart" and MYTHIC.chart == tuple(CHART)
    assert MYTHIC.default_odds == "50/50" and MYTHIC.event_table == "event-focus"
    assert MYTHIC.default_chaos == 5 and MYTHIC.chaos_range == (1, 9)
    assert IRONSWORN.hundred_is_double and IRONSWORN.twist_on_doubles
    assert OPSE.modifier_faces == ((1, "but"), (6, "and")) and OPSE.default_odds == "even"
    assert "event-focus" in _tables()


GOOD = """\
kind: oracle
name: coin
method: threshold
dice: d100
odds:
  - name: even
    target: 50
"""


def _write(directory: Path, name: str, text: str) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(text, encoding="utf-8")


def test_load_styles_overrides_and_skips_other_kinds(tmp_path: Path) -> None:
    _write(tmp_path / "mine", "coin.yaml", GOOD)
    _write(tmp_path / "mine", "mythic.yaml", GOOD.replace("coin", "mythic"))
    _write(tmp_path / "mine", "tables.yaml", "kind: tables\ntables: {}\n")
    _write(tmp_path / "mine", "notes.txt", "not yaml")
    styles = load_styles([shipped_oracles_dir(), tmp_path / "mine", tmp_path / "missing"])
    assert set(styles) == {"mythic", "ironsworn", "opse", "coin"}
    assert styles["mythic"].method == "threshold"
    assert judge(styles["coin"], None, 5, 50).yes


@pytest.mark.parametrize(("old", "new", "key", "line"), [
    ("method: threshold", "method: tarot", "method", 3),
    ("target: 50", "target: 150", "odds.0.target", 7),
    ("target: 50", "targt: 50", "odds.0.targt", 7),
    ("dice: d100", "dice: d0x", "dice", 4),
    ("name: coin", "name: [1]", "name", 2),
    ("- name: even", "- name: even\n    aliases: [Even]", "odds.0", 6),
])
def test_bad_style_file_names_file_and_key(tmp_path, old, new, key, line) -> None:
    _write(tmp_path, "coin.yaml", GOOD.replace(old, new))
    with pytest.raises(RulesError) as err:
        load_styles([tmp_path])
    assert err.value.key == key
    assert err.value.line == line
    assert err.value.file is not None and err.value.file.endswith("coin.yaml")
    assert str(err.value).startswith(f"{err.value.file}:{line}: {key}: ")


def test_bad_fate_chart_file() -> None:
    text = (shipped_oracles_dir() / "oracle-mythic.yaml").read_text(encoding="utf-8")
    for old, new, key in [("default: 5", "default: 12", "chaos.default"),
                          ("exceptional-divisor: 5", "exceptional-divisor: 0",
                           "exceptional-divisor"),
                          ("default-odds: 50/50", "default-odds: maybe", "default-odds"),
                          ("chart: [1, 1, 1,", "chart: [1, x, 1,", "chart.1")]:
        with pytest.raises(RulesError) as err:
            parse_style(load_yaml(text.replace(old, new), "m.yaml"))
        assert err.value.key == key and err.value.file == "m.yaml"


@pytest.mark.parametrize(("file", "old", "new", "key", "said"), [
    ("oracle-opse.yaml", "yes-on: 4", "yes-on: 9", "odds.1.yes-on",
     "9 is no roll of d6 (1 to 6): the answer would always be no"),
    ("oracle-opse.yaml", "yes-on: 4", "yes-on: 0", "odds.1.yes-on",
     "0 is no roll of d6 (1 to 6): the answer would always be yes"),
    ("oracle-opse.yaml", "dice: d6\n", "dice: d4\n", "odds.2.yes-on",
     "5 is no roll of d4 (1 to 4): the answer would always be no"),
    ("oracle-opse.yaml", "6: and", "7: and", "modifier.faces.7",
     "expected a whole number from 1 to 6"),
    ("oracle-ironsworn.yaml", "target: 10", "target: 0", "odds.4.target",
     "0 is no roll of d100 (1 to 100): the answer would always be no"),
    ("oracle-ironsworn.yaml", "dice: d100", "dice: d20", "odds.0.target",
     "90 is no roll of d20 (1 to 20): the answer would always be yes"),
    ("oracle-mythic.yaml", "chart: [1, 1, 1,", "chart: [0, 1, 1,", "chart.0",
     "0 is no roll of d100 (1 to 100): the answer would always be no"),
])
def test_a_number_the_dice_cannot_roll_is_refused(file, old, new, key, said) -> None:
    """A yes-on, target or chart value past the dice's faces would answer the same every
    time (a modifier face past them, never colour one): solo check says so."""
    text = (shipped_oracles_dir() / file).read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(RulesError) as err:
        parse_style(load_yaml(text.replace(old, new, 1), "o.yaml"))
    assert err.value.key == key and str(err.value).endswith(f"{key}: {said}")


def test_bad_opse_modifier() -> None:
    text = (shipped_oracles_dir() / "oracle-opse.yaml").read_text(encoding="utf-8")
    with pytest.raises(RulesError) as err:
        parse_style(load_yaml(text.replace("6: and", "6: maybe"), "o.yaml"))
    assert err.value.key == "modifier.faces.6"
