"""How much the suite searches: a default profile sized for every run, and the ``full`` one
(``SOLO_TEST_PROFILE=full``) with the sizes the suite had before it was cut down: every
fuzzer and Hypothesis search at full length, every kill -9 round.

``SOLO_FUZZ_SCALE`` multiplies the searches on top (``SOLO_FUZZ_SCALE=20`` for a long campaign);
unset, it is 1 in the full profile and 1/4 in the default one. Hypothesis' own profiles (same
names) are registered in tests/conftest.py: the default one is derandomized, so a run sees
the same examples every time; the full one draws new ones."""

from __future__ import annotations

import os

import pytest

PROFILE = os.environ.get("SOLO_TEST_PROFILE", "default").strip().lower() or "default"
if PROFILE not in ("default", "full"):
    raise SystemExit(f"SOLO_TEST_PROFILE is 'default' or 'full', not {PROFILE!r}")
FULL = PROFILE == "full"
SCALE = float(os.environ.get("SOLO_FUZZ_SCALE") or ("1" if FULL else "0.25"))


def scaled(size: int) -> int:
    """``size`` (the full profile's count of examples, lines or rounds) at this run's scale,
    never below 1."""
    return max(1, round(size * SCALE))


def sized(default: int, full: int) -> int:
    """``default`` in the default profile, ``full`` in the full one: for counts that are not
    a search (the rounds of the kill -9 test)."""
    return full if FULL else default


def full_only(*values: object) -> object:
    """A ``pytest.param`` of ``values`` that runs in the full profile only (it shows as
    skipped, saying so, in the default one): for a parametrized case whose check the
    others already make, at a size only a long run can afford."""
    return pytest.param(*values, marks=pytest.mark.skipif(
        not FULL, reason="in the full profile only (SOLO_TEST_PROFILE=full)"))
