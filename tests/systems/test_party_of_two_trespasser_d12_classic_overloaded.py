"""A party of two plays trespasser, d12-tension, classic and overloaded through ``solo``'s
command line (in-process): members named at the prompt, their hit points and conditions, and
the supplies, checked against a Lonelog reading of the journal and the state in its last record."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.play.resume import resume_file as resume
from solo.rules.catalog import load_world
from tests.fake_env import run_here
from tests.journal.test_journal_markdown import lonelog_reading

PARTY = ("--party", "Wren", "--party", "Brother Ott")


def _new(tmp_path: Path, system: str, seed: int) -> Path:
    result = run_here("new", "J.md", "--system", system, "--seed", str(seed), *PARTY,
                      cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    return tmp_path / "J.md"


def _play(tmp_path: Path, lines: list[str]):
    return run_here("play", "J.md", cwd=tmp_path, stdin="\n".join(lines) + "\n")


def _acted(text: str) -> list[str]:
    """The ``@(Name) …`` lines: the actions the journal gives to a member."""
    return [line for line in text.splitlines() if line.startswith("@(")]


def _tags_agree_with_the_last_record(path: Path, system: str) -> dict:
    """Each member's last ``[PC:…]`` tag is what the state in the last record holds; the
    Lonelog reading, for more checks."""
    reading = lonelog_reading(path.read_text())
    state = resume(path).state
    rules = load_world(system).procedure.party
    assert state.party, "the party is still there at the end"
    for member in state.party:
        expected = [f"HP {member.hp}/{member.max_hp}", *rules.marks(member.conditions)]
        assert reading["last"]["PC"][member.name] == expected, member.name
    return reading


# -- trespasser: each member's moment's rest ---------------------------------------------

def test_trespasser_a_party_of_two_eats_fasts_hurts_and_heals(tmp_path):
    path = _new(tmp_path, "trespasser", 5)
    result = _play(tmp_path, [
        "supply rations 1", "supply torch 1", "light torch",
        "stay",                           # (seed 5's advance meets an encounter: no rest)
        "Wren: rest",                     # eats the party's only ration
        "Brother Ott: rest",              # nothing left: 1 endurance
        "party add Mara hp 5",
        "stay",
        "Brother Ott: hurt 5",            # 3/8
        "Brother Ott: rest 4",            # recovery dice: 7/8, and still no food
        "Wren: search feature",
        "Mara: listen door",
        "party remove Mara",
        "backtrack",
        "rest fast",                      # no one named: every member fasts
        "status",
        "light torch",                    # refused: the one torch is in use
    ])
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "solo: error: line 17: no torches left to light a torch"]
    text = path.read_text()
    assert _acted(text) == ["@(Wren) rest", "@(Brother Ott) rest",
                            "@(Brother Ott) rest 4", "@(Wren) search feature",
                            "@(Mara) listen door"]
    assert "=> [Inv:Rations|0] -1: Wren eats" in text
    assert "=> [PC:Brother Ott|HP 8/8|Endurance lost 1|acted] Endurance lost +1: no food" in text
    assert "=> [PC:Brother Ott|HP 7/8|Endurance lost 2|acted] HP +4: recovery dice" in text
    reading = _tags_agree_with_the_last_record(path, "trespasser")
    assert reading["last"]["PC"] == {
        "Wren": ["HP 8/8", "Endurance lost 1", "acted"],      # their action this round
        "Brother Ott": ["HP 7/8", "Endurance lost 3", "acted"],
        "Mara": ["HP 5/5", "acted"]}                          # her tag as she left
    assert reading["last"]["Inv"]["Rations"] == ["0"]
    assert reading["last"]["Inv"]["Torches"] == ["0"]
    assert "Wren: HP 8/8, Endurance lost 1, acted\nBrother Ott: HP 7/8, Endurance lost 3, acted" \
        in result.stdout
    assert "Mara" not in result.stdout.split("crawl —", 1)[1], "status after she left"


# -- d12-tension: a party of two in the rooms, and the seed's harmful effects -------------

def test_d12_tension_a_party_of_two_meets_the_toxic_gas(tmp_path):
    path = _new(tmp_path, "d12-tension", 2)
    result = _play(tmp_path, [
        "supply torch 2", "light torch",
        "Wren: enter 2",
        "Brother Ott: linger 1",
        "combat-escaped",                 # Tension 4
        "Wren: enter 3",                  # seed 2: the toxic gas, 3 damage
        "Wren: failed-save gas 3",
        "Brother Ott: failed-save gas",   # solo rolls his
        "Brother Ott: linger 2",
        "party add Mara hp 5",
        "Mara: hurt 2",
        "Wren: enter 1",
        "party remove Mara",
        "Brother Ott: enter 2",
        "light torch",
        "status",
        "light torch",                    # refused: both torches are used
    ])
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "solo: error: line 17: no torches left to light a torch"]
    text = path.read_text()
    assert _acted(text) == [
        "@(Wren) enter 2", "@(Brother Ott) linger 1", "@(Wren) enter 3",
        "@(Wren) failed-save gas 3", "@(Brother Ott) failed-save gas",
        "@(Brother Ott) linger 2", "@(Wren) enter 1", "@(Brother Ott) enter 2"]
    assert re.search(r"Con save or take 3 poison damage .*\n\(note: Each member saves; "
                     r"for each one who fails, type NAME: failed-save gas", text)
    rolled = re.search(r"d: Damage to Brother Ott \(gas, 1d6\) d6=(\d)", text)
    assert rolled, "solo rolled Brother Ott's damage"
    ott = 8 - int(rolled[1])
    assert f"=> [PC:Brother Ott|HP {ott}/8] HP -{rolled[1]}: toxic gas" in text
    assert "=> [PC:Wren|HP 5/8] HP -3: toxic gas" in text
    reading = _tags_agree_with_the_last_record(path, "d12-tension")
    assert reading["last"]["PC"] == {"Wren": ["HP 5/8"], "Brother Ott": [f"HP {ott}/8"],
                                     "Mara": ["HP 3/5"]}
    assert reading["last"]["Inv"]["Torches"] == ["0"]
    assert reading["scenes"] == [f"S{n}" for n in range(1, 7)]
    assert f"Wren: HP 5/8\nBrother Ott: HP {ott}/8\n" in result.stdout


# -- classic and overloaded: no party rules, and nothing breaks with a party --------------

@pytest.mark.parametrize("system", ["classic", "overloaded"])
def test_a_party_plays_the_procedures_without_party_rules(tmp_path, system):
    path = _new(tmp_path, system, 11)
    moves = ["light torch", "Wren: explore", "Brother Ott: search", "party add Mara hp 5",
             "Mara: explore", "party remove Mara", "Wren: move", "rest", "Brother Ott: explore",
             "status"]
    result = _play(tmp_path, moves)
    assert result.returncode == 0, result.stderr
    text = path.read_text()
    assert _acted(text) == ["@(Wren) explore", "@(Brother Ott) search", "@(Mara) explore",
                            "@(Wren) move", "@(Brother Ott) explore"]
    reading = _tags_agree_with_the_last_record(path, system)
    assert reading["last"]["PC"]["Wren"][0] == "HP 8/8"
    assert "Wren: HP 8/8\nBrother Ott: HP 8/8\n" in result.stdout


# -- the party at the prompt --------------------------------------------------------------

def test_the_party_commands_and_what_stays_narration(tmp_path):
    path = _new(tmp_path, "trespasser", 1)
    result = _play(tmp_path, [
        "party",
        "party add X hp 5",
        "party",
        "party remove X",
        "Wren: serch",
        "Wren: I climb the wall",
        "Zed: search",
        "status",
    ])
    assert result.returncode == 1, "the typo is an error"
    assert result.stderr.strip().splitlines() == [
        "solo: error: line 5: no command 'serch': did you mean search? (to keep it as "
        "narration, start the line with >)"]
    listings = result.stdout.split("Wren: HP 8/8\nBrother Ott: HP 8/8\n")
    assert len(listings) == 4, "party, party with X, status"
    assert listings[2].startswith("X: HP 5/5\n")
    text = path.read_text()
    assert "=> [PC:X|HP 5/5] joins the party" in text
    assert "=> [PC:X|HP 5/5] leaves the party" in text
    assert "serch" not in text
    assert "\nWren: I climb the wall\n" in text
    assert "\nZed: search\n" in text
    assert _acted(text) == []
    assert "X:" not in result.stdout.split("crawl —", 1)[1], "status after X left"
    _tags_agree_with_the_last_record(path, "trespasser")
