"""One reader for every number the player types: ``²``, ``①``, ``٣`` and ``Ⅲ`` are no
number (``str.isdigit()`` says yes to the first two, which ``int()`` then refuses), so the
dice prompt asks again, in batch and at the REPL, and never crashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from solo.play import start
from solo.play.physical import TypedDice
from solo.rules.numbers import MAX_DIGITS, number_between, whole_number
from tests.fake_env import fake_env, run_here

ODD_DIGITS = ("²", "①", "٣", "Ⅲ", "1_0", "٣٣", "𝟑", "3.0", "0x3", "+3", "three")


@pytest.mark.parametrize("typed", ODD_DIGITS)
def test_only_ascii_digits_make_a_number(typed: str):
    assert whole_number(typed) is None
    assert number_between(typed, 1, 6) is None


def test_ascii_digits_signs_spaces_and_the_one_limit():
    assert whole_number(" 42\n") == 42
    assert whole_number("-7") is None and whole_number("-7", signed=True) == -7
    assert whole_number("+7", signed=True) == 7
    assert whole_number("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert whole_number("9" * (MAX_DIGITS + 1)) is None
    assert whole_number("") is None and whole_number("4 2") is None
    assert number_between("6", 1, 6) == 6 and number_between("7", 1, 6) is None
    assert number_between("-2", -3, 3) == -2


def test_the_dice_prompt_asks_again_for_every_odd_digit():
    typed = [*ODD_DIGITS, "4"]
    asked: list[str | None] = []

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        asked.append(problem)
        return typed[len(asked) - 1]

    dice = TypedDice("1:0", ask)
    assert dice.randint(1, 6) == 4
    assert dice.typed == [(6, 4)]
    assert asked[0] is None
    for problem, answer in zip(asked[1:], ODD_DIGITS, strict=True):
        assert problem == f"a d6 shows 1 to 6; {answer!r} is not a face"


def test_in_a_script_odd_digits_are_refused_and_the_die_is_asked_again(tmp_path: Path):
    moves = "light torch\nadvance\n²\n①\n٣\nⅢ\n4\n\n"
    done = run_here("new", "j.md", "--system", "trespasser", "--seed", "4", "--dice",
                    "physical", cwd=tmp_path, stdin=moves)
    assert done.returncode == 1, done.stderr  # each odd digit is an error of its line
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    for answer in ("²", "①", "٣", "Ⅲ"):
        assert f"a d6 shows 1 to 6; '{answer}' is not a face" in done.stderr
    text = (tmp_path / "j.md").read_text()
    assert "(note: rolled at the table: d6=4)" in text




@pytest.mark.parametrize("typed", ["²", "①", "٣", "Ⅲ"])
def test_choosing_a_procedure_by_an_odd_digit_is_refused_not_crashed(typed):
    env = fake_env(f"{typed}\n2\n", tty=True)  # refused, asked again, then answered
    chosen = start.ask_procedure("d12-tension", env)
    assert f"no procedure {typed!r}" in env.stderr.getvalue()
    assert f"  2. {chosen} — " in env.stdout.getvalue()


def test_choosing_a_procedure_by_its_number():
    env = fake_env("2\n", tty=True)
    chosen = start.ask_procedure("d12-tension", env)
    listed = env.stdout.getvalue()
    assert f"  2. {chosen} — " in listed
