"""Your own dice: solo asks for every die it would roll, marks what was typed, and a
script's next line is the face."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.play.physical import TypedDice, die_prompt
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo as solo_run


def answers(*typed: str):
    """An ``ask`` that answers from a list, recording what it was asked."""
    asked: list[tuple[int, str | None]] = []
    queue = list(typed)

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        asked.append((sides, problem))
        purposes.append(purpose)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return ask, asked


purposes: list[str] = []  # what each die asked for was said to be for, in order


def test_a_typed_face_is_the_die_and_an_impossible_one_is_asked_again():
    ask, asked = answers("7", "0", "x", "4")
    dice = TypedDice("1:0", ask)
    assert dice.randint(1, 6) == 4
    assert [sides for sides, _ in asked] == [6, 6, 6, 6]
    assert asked[0][1] is None and "1 to 6" in asked[1][1] and "'x'" in asked[3][1]
    assert dice.typed == [(6, 4)]


def test_enter_alone_lets_solo_roll_that_die_from_the_same_seed():
    ask, _ = answers("", "")
    dice, plain = TypedDice("9:3", ask), random.Random("9:3")
    assert [dice.randint(1, 20), dice.randint(1, 8)] == [plain.randint(1, 20),
                                                         plain.randint(1, 8)]
    assert dice.typed == []


def test_input_ending_mid_roll_is_one_clear_error():
    ask, _ = answers()
    with pytest.raises(UsageError, match="waited for a d10"):
        TypedDice("1:0", ask).randint(1, 10)


def test_a_huge_number_is_refused_not_crashed():
    ask, asked = answers("9" * 5000, "3")
    assert TypedDice("1:0", ask).randint(1, 6) == 3 and len(asked) == 2


def test_a_session_with_physical_dice_marks_typed_rolls(tmp_path: Path):
    path = tmp_path / "j.md"
    create_journal_file(str(path), "trespasser", "Dice", 4, [])
    session = Session(path)
    try:
        session.set_dice("physical")
        ask, asked = answers("1", "", "3")  # the hide roll, then let solo roll...
        session.ask_die = ask
        session.handle("light torch")
        purposes.clear()
        reply = session.handle("advance")
        assert asked and all(sides in (6, 10) for sides, _ in asked)
        # each die is asked for by what it is for, as the journal names that roll
        assert purposes[0] == "Light depletion check, Torch (d6, out on a 1)"
        assert purposes[1].startswith("Encounter check (d10 at or under Alarm")
        assert any(line.startswith("(note: rolled at the table: ") for line in reply.lines)
        state = session.state
    finally:
        session.close()
    text = path.read_text()
    assert "(note: set dice physical)" in text and '"typed":[[' in text
    again = Session(path)
    try:
        assert again.dice == "physical" and again.state == state
        again.set_dice("solo")
        again.ask_die = answers()[0]  # never asked now
        again.handle("advance")
    finally:
        again.close()
    assert resume(path).state.turn == state.turn + 1


def test_undoing_set_dice_restores_the_mode(tmp_path: Path):
    path = tmp_path / "j.md"
    create_journal_file(str(path), "trespasser", "Dice", 4, [])
    session = Session(path)
    try:
        session.handle("advance")
        session.set_dice("physical")
        session.undo()
        assert session.dice == "solo"
        with pytest.raises(UsageError, match="dice are solo or physical"):
            session.set_dice("loaded")
    finally:
        session.close()


# -- through the command line: a script (in-process), and a real terminal (e2e) -------------
def test_in_a_script_the_next_line_is_the_die(tmp_path: Path):
    from tests.fake_env import run_here

    moves = "light torch\nadvance\n9\n4\n\nadvance\n3\n"
    done = run_here("new", "j.md", "--system", "trespasser", "--seed", "4", "--dice", "physical",
                    cwd=tmp_path, stdin=moves)
    # advance rolls the torch's d6 (9 refused, then 4) and the encounter d10 (Enter: solo
    # rolls it); the second advance: the d6 (3), then the input ends
    text = (tmp_path / "j.md").read_text()
    assert "dice: physical" in text
    assert "solo: error: line 3: a d6 shows 1 to 6; '9' is not a face" in done.stderr
    assert "d: Light depletion check, Torch (d6, out on a 1) d6=4 -> no" in text
    assert "(note: rolled at the table: d6=4)" in text
    assert "d6=3" not in text  # that advance never finished: nothing of it was recorded
    assert done.returncode == 1  # the script ran out while solo waited for the last d10
    assert "waited for a d10" in done.stderr
    assert resume(tmp_path / "j.md").state.turn == 1


def test_in_a_script_a_line_that_is_no_face_is_played_not_eaten(tmp_path: Path):
    from tests.fake_env import run_here

    # enter 3 waits for four dice (d12, d12, d10, d4); the script gives three
    moves = "enter 3\n5\n2\n\nroll 2d6 reaction\n4\n3\n"
    done = run_here("new", "p.md", "--system", "d12-tension", "--seed", "4", "--dice",
                    "physical", cwd=tmp_path, stdin=moves)
    assert done.returncode == 1
    assert ("solo: error: line 1: not played, nothing of it recorded: it waited for a d4, "
            "and line 5 ('roll 2d6 reaction') is not a face") in done.stderr
    text = (tmp_path / "p.md").read_text()
    assert "@ enter 3" not in text and "Random encounter" not in text
    assert "d: reaction 2d6=7 [4, 3]" in text  # the line the d4 did not take was played


@pytest.mark.parametrize(("sides", "typed", "face"), [
    (100, "00", 100), (100, "0", 100), (10, "0", 10), (100, "7", 7), (10, "10", 10)])
def test_a_zero_face_is_the_highest_as_the_dice_print_it(sides, typed, face):
    answers = iter([typed])

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        return next(answers)  # asked again: StopIteration, not a loop

    dice = TypedDice("1:0", ask)
    assert dice.randint(1, sides) == face
    assert dice.typed == [(sides, face)]


@pytest.mark.parametrize(("sides", "typed"), [(6, "0"), (20, "0"), (10, "00"), (100, "000")])
def test_zero_is_no_face_of_other_dice(sides, typed):
    answers = iter([typed, "1"])
    problems: list[str | None] = []

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        problems.append(problem)
        return next(answers)

    assert TypedDice("1:0", ask).randint(1, sides) == 1
    assert problems[1] is not None and f"{typed!r} is not a face" in problems[1]


def test_in_a_script_00_on_percentile_dice_is_100(tmp_path: Path):
    path = tmp_path / "j.md"
    done = solo_run("new", str(path), "--system", "d12-tension", "--seed", "1", "--dice",
                    "physical", stdin="roll d100 luck\n00\nroll d10 luck\n0\n")
    assert done.code == 0, done.err
    text = path.read_text()
    assert "d: luck d100=100" in text and "d: luck d10=10" in text


def test_a_d66_asks_for_the_tens_die_then_the_units_die():
    """d66 is a d6 for tens and a d6 for units: each prompt says which it is."""
    from solo.play.physical import die_prompt
    from solo.rules.dice import roll

    said: list[str] = []

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        said.append(die_prompt(sides, purpose))
        return "3" if len(said) == 1 else "5"

    dice = TypedDice("1:0", ask)
    dice.about("Roll")
    assert roll("d66", dice).total == 35
    assert said == ["Roll (d66), tens die (d6): ", "Roll (d66), units die (d6): "]
    assert dice.typed == [(6, 3), (6, 5)] and dice.purpose == "Roll"
    said.clear()
    dice.about("Action (d66)")
    assert roll("d66", dice).total == 35
    assert said == ["Action (d66), tens die (d6): ", "Action (d66), units die (d6): "]


@pytest.mark.parametrize(("sides", "purpose", "prompt"), [
    (10, "Random encounter (d10+Tension)", "Random encounter (d10+Tension) (0 is 10): "),
    (10, "Roll", "Roll (d10, 0 is 10): "),
    (100, "Roll", "Roll (d100, 00 is 100): "),
    (100, "", "A d100 (00 is 100, Enter: solo rolls it): "),
    (6, "Roll", "Roll (d6): "),
])
def test_a_d10_or_d100_prompt_says_what_its_zero_face_means(sides, purpose, prompt):
    from solo.play.physical import die_prompt

    assert die_prompt(sides, purpose) == prompt


def test_a_d66_typed_at_the_table_in_a_script_is_read_tens_then_units(tmp_path: Path):
    played = solo_run("new", str(tmp_path / "j.md"), "--system", "d12-tension", "--seed",
                      "1", "--dice", "physical", stdin="roll d66\n2\n6\n")
    assert played.code == 0, played.err
    assert "d: Roll d66=26 [2, 6]" in played.out


def _prompts(tmp_path: Path, *commands: str) -> list[str]:
    """The prompts of every die ``commands`` ask for (solo rolling each: Enter alone)."""
    path = tmp_path / f"{len(list(tmp_path.iterdir()))}.md"
    create_journal_file(str(path), "d12-tension", "Dice", 8, [])
    session = Session(path)
    said: list[str] = []

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        said.append(die_prompt(sides, purpose))
        return ""

    try:
        session.set_dice("physical")
        session.ask_die = ask
        for command in commands:
            session.handle(command)
    finally:
        session.close()
    return said


def test_each_die_of_an_oracle_s_answer_is_asked_for_by_its_purpose(tmp_path: Path):
    assert _prompts(tmp_path, "oracle opse", "ask Is the door barred?") == [
        "Oracle: Is the door barred?, answer die (d6): ",
        "Oracle: Is the door barred?, modifier die (d6): "]
    mythic = _prompts(tmp_path, "chaos 9", *[f"ask Q{n}? very likely" for n in range(12)])
    assert mythic[0] == "Oracle: Q0?, answer die (d100, 00 is 100): "
    events = [prompt for prompt in mythic if "random event" in prompt]
    assert events and all(prompt.startswith("Oracle: Q") and prompt.endswith(
        ", random event (d100, 00 is 100): ") for prompt in events)
    assert _prompts(tmp_path, "ask meaning") == [
        "Action (d66), tens die (d6): ", "Action (d66), units die (d6): ",
        "Subject (d66), tens die (d6): ", "Subject (d66), units die (d6): "]


def test_a_compound_table_s_dice_are_asked_for_by_their_digit():
    from solo.rules.table_file import parse_tables_file
    from solo.rules.table_roll import roll_on
    from solo.rules.yamlfile import load_yaml

    said: list[str] = []
    dice = TypedDice("1:0", lambda sides, problem, purpose="": said.append(
        die_prompt(sides, purpose)) or str(sides // 2))
    tables = parse_tables_file(load_yaml(
        "kind: tables\ntables:\n  loot:\n    dice: d4;d8\n    entries:\n"
        + "".join(f"      {tens}1-{tens}8: thing {tens}\n" for tens in range(1, 5)), "t.yaml"))
    dice.about("Loot")
    assert roll_on(tables, "loot", dice).text == "thing 2"
    assert said == ["Loot (d4;d8), tens die (d4): ", "Loot (d4;d8), units die (d8): "]
