"""What the player types is run as typed or refused in one line, never turned into
something else: a member's name is never made of a key or a stray number, a key is given
once, a supply kept uncounted is not counted by a sign, and a name's spacing does not make
two names of one."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from solo.engine import core as engine
from solo.engine.state import Member
from solo.play.line import parse_line
from solo.rules.catalog import load_world
from tests.conftest import perform_line
from tests.fake_env import solo

PARTY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "party.yaml"


def _play(path: Path, lines: str, *options: str):
    return solo("new", str(path), "--system", "exploration", "--seed", "1", *options,
                stdin=lines)


def test_party_add_refuses_what_it_would_have_misread(tmp_path):
    path = tmp_path / "pa.md"
    played = _play(path, "party add hp 3\nparty add Cid 5\nparty add Dee hp 4 hp 6\n"
                   "party add Eve\nparty set Eve con_bonus 1 con_bonus 4\n")
    assert played.code == 1
    said = played.err
    assert "the name comes first; 'hp' is kept per member, not a name" in said
    assert "did you mean 'party add Cid hp 5'?" in said
    assert "hp is given twice; give it once" in said
    assert "con_bonus is given twice; give it once" in said
    members = [line for line in path.read_text().splitlines() if line.startswith("=> [PC:")]
    assert members == ["=> [PC:Eve|HP 8/8] joins the party"]  # no one else, nothing set


def test_a_signed_count_of_a_supply_kept_uncounted_is_refused(tmp_path):
    path = tmp_path / "sp.md"
    played = _play(path, "supply torch +0\nsupply torch -1\nlight torch\n")
    assert played.code == 1
    assert played.err.count("Torches are not counted yet: nothing to add to or take from; "
                            "'supply torches N' starts counting at N") == 2
    journal = path.read_text()
    assert "[Inv:Torches" not in journal  # still uncounted: the torch lights
    assert "=> [Inv:Torch|lit]" in journal


def test_a_name_typed_with_more_spaces_is_the_same_name(tmp_path):
    path = tmp_path / "sb.md"
    played = _play(path, "a b: hurt 1\nparty add c   d\nC D: hurt 2\n", "--party", "a  b")
    assert played.code == 0, played.err
    journal = path.read_text()
    assert "party: [a b]" in journal
    assert "=> [PC:a b|HP 7/8] HP -1: hurt" in journal
    assert "=> [PC:c d|HP 6/8] HP -2: hurt" in journal
    again = _play(tmp_path / "two.md", "", "--party", "a  b", "--party", "A B")
    assert again.code == 2 and "A B is named twice in the party" in again.error_line()


def test_an_older_journals_member_with_two_spaces_is_still_reached():
    world = load_world(PARTY)
    state = replace(engine.start(world), party=(Member("a  b", 6, 6),))
    parsed = parse_line(world, state, "a b: trap")
    assert parsed.kind == "command" and parsed.request.actor == "a  b"
    state = perform_line(world, state, "party set a b fatigue 1", random.Random(1)).state
    assert state.party[0].condition("fatigue", 0) == 1
