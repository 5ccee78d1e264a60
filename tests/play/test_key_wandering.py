"""A key's own wandering-monster table (#39, item 1's option; docs/keys.md): while the
journal plays a key that has one, it takes the place of the procedure's encounter table,
drawn when the procedure's own check says so; its ``plus`` must read the procedure's
names; a key without one leaves the procedure's table."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from solo.engine import core as engine
from solo.engine.events import Checked, Encountered
from solo.errors import RulesError
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
WANDERING = """wandering:
  dice: d6
  entries:
    1-2: {id: cats, text: gutter cats hunting along the walls}
    3-4: {id: ringers, text: a bell-ringer alone and listening}
    5: {id: drip, text: water rising over the floor for a turn}
    6: {id: toll, text: the bell rings once and every candle goes out}
"""


def key_file(folder: Path, wandering: str | None = WANDERING, name: str = "abbey.yaml"
             ) -> Path:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert WANDERING in text
    path = folder / name
    path.write_text(text.replace(WANDERING, wandering or ""), encoding="utf-8")
    return path


def test_the_keys_table_replaces_the_procedures_drawn_by_the_procedures_check(here):
    key_file(here)
    key_file(here, None, "plain.yaml")
    lines = "enter\n" + "linger\n" * 40
    keyed = solo("new", "keyed.md", "--system", "d12-tension", "--seed", "8", "--dungeon",
                 "abbey.yaml", stdin=lines)
    plain = solo("new", "plain.md", "--system", "d12-tension", "--seed", "8", "--dungeon",
                 "plain.yaml", stdin=lines)
    assert keyed.code == plain.code == 0, keyed.err + plain.err
    assert "tbl: The Bell Abbey: wandering monsters d6=" in keyed.out
    assert "Random encounters (d10+Tension)" not in keyed.out
    assert "tbl: Random encounters (d10+Tension)" in plain.out
    assert "wandering monsters" not in plain.out
    # the same dice: the procedure's check meets an encounter on the same turns in both
    met = [line.startswith("d: Random encounter") and line.endswith("yes")
           for line in keyed.out.splitlines() if line.startswith("d: Random encounter")]
    also = [line.startswith("d: Random encounter") and line.endswith("yes")
            for line in plain.out.splitlines() if line.startswith("d: Random encounter")]
    assert met == also and any(met)


def test_the_keys_entries_are_drawn_at_their_odds(here):
    """600 lingering turns in D12: every encounter the procedure's check meets is one of the
    key's entries, at the odds of its d6 (1-2, 3-4, 5, 6), within four standard errors."""
    key = key_file(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 1, [],
                               dungeon=(str(key), []))
    session = Session(path)
    try:
        session.handle("enter")
        world, state = session.world, session.state
    finally:
        session.close()
    rng = random.Random(2024)
    drawn: Counter[str] = Counter()
    checks = met = 0
    for _ in range(600):
        result = engine.perform(world, state, engine.read(world, state, "linger"), rng)
        events = result.events
        checks += sum(1 for event in events if isinstance(event, Checked)
                      and event.label.startswith("Random encounter"))
        for event in events:
            if isinstance(event, Encountered) and event.status == "met":
                met += 1
                drawn[event.text] += 1
        state = result.state
    assert checks == 600 and 60 < met < 300
    odds = {"gutter cats hunting along the walls": 2 / 6,
            "a bell-ringer alone and listening": 2 / 6,
            "water rising over the floor for a turn": 1 / 6,
            "the bell rings once and every candle goes out": 1 / 6}
    assert set(drawn) == set(odds)
    for text, chance in odds.items():
        error = (chance * (1 - chance) / met) ** 0.5
        assert abs(drawn[text] / met - chance) < 4 * error, (text, drawn[text], met)


def test_a_plus_the_procedure_does_not_have_is_refused_when_play_starts(here):
    plussed = WANDERING.replace("  dice: d6\n", "  dice: d6\n  plus: tension\n")
    key_file(here, plussed)
    refused = solo("new", "t.md", "--system", "trespasser", "--dungeon", "abbey.yaml")
    assert refused.code == 1
    assert refused.error_line().startswith("solo: error: ")
    assert "abbey.yaml: wandering.plus reads 'tension', which Trespasser Dungeon Procedure " \
        "does not have" in refused.error_line()
    assert not (here / "t.md").exists()
    played = solo("new", "d.md", "--system", "d12-tension", "--seed", "8", "--dungeon",
                  "abbey.yaml", stdin="enter\n" + "linger\n" * 30)
    assert played.code == 0, played.err
    assert "tbl: The Bell Abbey: wandering monsters d6" in played.out  # (+ Tension, 0 here)


def test_undo_of_a_key_set_at_the_prompt_gives_the_procedures_table_back(here):
    key_file(here)
    path = create_journal_file(str(here / "j.md"), "d12-tension", None, 4, [])
    session = Session(path)
    try:
        encounters = session.procedure.encounters
        assert encounters
        session.handle("set dungeon abbey.yaml")
        table = session.world.table(encounters)
        assert table is not None and table.title == "The Bell Abbey: wandering monsters"
        session.handle("undo")
        table = session.world.table(encounters)
        assert table is not None and table.title != "The Bell Abbey: wandering monsters"
    finally:
        session.close()
    resumed = Session(path)
    try:
        assert resumed.world.table(encounters) == table
    finally:
        resumed.close()


def test_check_wandering_needs_an_encounter_table(here):
    from solo.rules.catalog import load_world
    from solo.rules.key_file import check_wandering, load_key_file
    world = load_world("d12-tension")
    key = load_key_file(key_file(here))
    check_wandering(key, world.procedure, ["tension"])
    bare = type("Bare", (), {"encounters": None, "name": "Bare"})()
    with pytest.raises(RulesError, match="Bare has no encounter table"):
        check_wandering(key, bare, [])
