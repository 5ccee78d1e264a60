"""The procedure expression language: safe, small, and precise about errors."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.rules.expr import ExprError, compile_expr
from tests.suite_profile import scaled


@pytest.mark.parametrize("text, scope, expected", [
    ("roll <= exits or roll <= tension", {"roll": 5, "exits": 2, "tension": 5}, True),
    ("roll <= exits or roll <= tension", {"roll": 6, "exits": 2, "tension": 5}, False),
    ("min(20, 10 + travel + rooms)", {"travel": 3, "rooms": 4}, 17),
    ("min(20, 10 + travel + rooms)", {"travel": 8, "rooms": 9}, 20),
    ("turn % 2 == 0 and not resting", {"turn": 4, "resting": False}, True),
    ("2 if light == 'dim' else 1", {"light": "dim"}, 2),
    ("-(2 + sparks)", {"sparks": 3}, -5),
    ("abs(a - b) // 2", {"a": 1, "b": 8}, 3),
])
def test_evaluates(text, scope, expected):
    assert compile_expr(text)(scope) == expected


def test_names_are_reported():
    assert compile_expr("roll <= alarm + bonus").names == {"roll", "alarm", "bonus"}


@pytest.mark.parametrize("text", ["1 +", "foo(1)", "__import__('os')", "a.b", "3 $ 4",
                                  "(" * 100 + "1" + ")" * 100, "x" * 600, "min(1)"])
def test_bad_expressions_raise_expr_error(text):
    with pytest.raises(ExprError):
        compile_expr(text)


def test_unknown_name_at_run_time_is_an_expr_error():
    with pytest.raises(ExprError, match="unknown name 'ghost'"):
        compile_expr("ghost + 1")({})


def test_division_by_zero_is_an_expr_error():
    with pytest.raises(ExprError, match="division by zero"):
        compile_expr("a // b")({"a": 1, "b": 0})


@settings(max_examples=scaled(300), deadline=None)
@given(st.text(max_size=80))
def test_any_text_compiles_or_raises_expr_error(text):
    try:
        compile_expr(text)
    except ExprError:
        pass
