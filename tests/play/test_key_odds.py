"""The odds keep a key's unseen rooms hidden (#39 item 3): a move into a room of the key
the party has not entered is not forecast, neither by 'odds' nor by the status bar, since
its figures would tell what the room holds (an encounter met for certain, a locked door);
moves among the rooms already seen are forecast as ever."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from solo.play.odds_view import odds_status
from solo.play.session import Session
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
KEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
MOVES = {"d12-tension": ("enter", "linger"), "trespasser": ("advance", "stay")}


def crawl(tmp_path: Path, system: str, *lines: str) -> Path:
    shutil.copy(KEY, tmp_path / "bell-abbey.yaml")
    journal = tmp_path / "keyed.md"
    run = solo("new", "--system", system, "--title", "Keyed odds", "--seed", "5",
               "--dungeon", str(tmp_path / "bell-abbey.yaml"), str(journal),
               stdin="".join(f"{line}\n" for line in ("light torch", *lines)))
    assert run.code == 0, run.err
    return journal


@pytest.mark.parametrize("system", sorted(MOVES))
def test_a_move_into_an_unseen_room_of_the_key_is_not_forecast(tmp_path, system):
    move, stay = MOVES[system]
    journal = crawl(tmp_path, system, move)
    text = solo("play", str(journal), stdin="odds\n").out
    odds = text[text.index("Odds for"):]
    assert f"not forecast: {move}: " in odds and "not yet seen" in odds, odds
    rows = [line.split() for line in odds.splitlines() if line.startswith("  ")]
    assert not [row for row in rows if row[0] == move and "encounter" in row], odds
    assert [row for row in rows if row[0] == stay and "encounter" in row], odds
    session = Session(journal)
    try:
        assert odds_status(session.world, session.state) == ""
    finally:
        session.close()


def test_with_every_room_of_the_key_entered_the_move_on_is_refused_not_hidden(tmp_path):
    key = tmp_path / "two.yaml"
    key.write_text("kind: key\nid: two\nname: Two rooms\nentrance: R1\nrooms:\n"
                   "  - {id: R1, name: Hall, exits: [{dir: S, to: out}, {dir: N, to: R2}]}\n"
                   "  - {id: R2, name: Closet, exits: [{dir: S, to: R1}]}\n", encoding="utf-8")
    journal = tmp_path / "j.md"
    run = solo("new", str(journal), "--system", "d12-tension", "--seed", "5", "--dungeon",
               str(key), stdin="enter\nenter N\nodds\n")
    assert run.code == 0, run.err
    odds = run.out[run.out.rindex("Odds for"):]
    assert "not forecast: enter: R2 has no way on to a room not yet entered" in odds, odds
    assert "not yet seen" not in odds
