"""``solo ask`` reads the words as ``ask`` reads them at the prompt, and what its options
add never drops, repeats or goes unread."""

from __future__ import annotations

import pytest

from tests.fake_env import solo


def _ask(*args: str):
    return solo("ask", *args, "--seed", "1")


@pytest.mark.parametrize("words", [("Is it?", "likely", "--odds", "unlikely"),
                                   ("Is it? likely", "--odds", "likely")])
def test_odds_given_twice_are_refused(words):
    done = _ask(*words)
    assert done.code == 2 and done.out == ""
    assert "odds are given twice" in done.error_line()


def test_odds_after_the_question_or_as_an_option_are_the_same_question():
    written = _ask("Is it?", "likely")
    assert written.code == 0, written.err
    assert written.out.startswith("? Is it? (likely, mythic)\n")
    assert _ask("Is it?", "--odds", "likely").out == written.out


@pytest.mark.parametrize("style", ["ironsworn", "opse"])
def test_chaos_is_refused_for_a_style_that_does_not_read_it(style):
    done = _ask("Is it?", "--chaos", "3", "--style", style)
    assert done.code == 2 and done.out == ""
    assert f"--chaos is for a style that reads the chaos factor (mythic); {style}" \
        in done.error_line()


def test_chaos_changes_a_mythic_answer_and_must_be_in_its_range():
    calm, wild = _ask("Is it?", "--chaos", "1"), _ask("Is it?", "--chaos", "9")
    assert calm.code == wild.code == 0
    assert "vs 10 ->" in calm.out and "vs 90 ->" in wild.out
    for outside in ("0", "10"):
        done = _ask("Is it?", "--chaos", outside)
        assert done.code == 2 and "from 1 to 9" in done.error_line()


@pytest.mark.parametrize("words", [("",), ("Is", "it", "likely"), ("meaningless words",)])
def test_a_question_without_a_question_mark_is_refused_as_at_the_prompt(words):
    done = _ask(*words)
    assert done.code == 2 and done.out == ""
    assert "a question ends with '?'" in done.error_line()


def test_a_style_before_the_question_is_read_as_at_the_prompt():
    done = _ask("ironsworn:", "Is it?", "likely")
    assert done.code == 0, done.err
    assert done.out.startswith("? Is it? (likely, ironsworn)\n")
    assert _ask("ironsworn: Is it? likely").out == done.out
    assert done.out == _ask("Is it?", "likely", "--style", "ironsworn").out
    for typed in ("ironsworn:Is it? likely", "IRONSWORN : Is it? likely", "Ironsworn :Is it?"
                  " likely?"):  # the colon with or without spaces, the odds with their ?
        assert _ask(typed).out == done.out, typed


def test_odds_typed_with_a_question_mark_are_the_odds_not_the_question():
    done = _ask("Is", "the", "door", "locked?", "very", "likely?")
    assert done.out.startswith("? Is the door locked? (very likely, mythic)\n")
    assert _ask("Is the door locked? Very Likely?").out == done.out
    assert _ask("Who? What?").out.startswith("? Who? What? (50/50, mythic)\n")


def test_a_style_given_twice_is_refused():
    done = _ask("ironsworn: Is it?", "--style", "opse")
    assert done.code == 2 and "style is given twice" in done.error_line()


def test_odds_are_checked_against_the_style_named_before_the_question():
    done = _ask("opse: Is it? very likely")
    assert done.code == 2 and "choose one of: likely, even, unlikely" in done.error_line()


def test_odds_close_to_an_alias_are_suggested_by_the_name_the_list_shows():
    done = _ask("Is it?", "--style", "ironsworn", "--odds", "certain")
    assert done.code == 2
    assert "did you mean almost certain? choose one of: almost certain," in done.error_line()


def test_ask_meaning_asks_the_meaning_oracle():
    done = _ask("meaning", "What", "waits", "below?")
    assert done.code == 0, done.err
    question, answer = done.out.splitlines()
    assert question == "? What waits below? (meaning)"
    assert answer.startswith("d: Action d66=") and " -> " in answer
    assert _ask("meaning What waits below?").out == done.out


def test_ask_meaning_refuses_the_yes_no_options():
    done = _ask("meaning", "--odds", "likely")
    assert done.code == 2 and "the meaning oracle takes no --odds" in done.error_line()
