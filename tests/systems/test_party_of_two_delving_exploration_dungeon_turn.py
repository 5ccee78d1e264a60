"""Delving, Dungeon Exploration and Dungeon Turn played end to end with a party of two,
through ``solo``'s command line: the rules that reach the members do so in the journal, and
each member's last ``[PC:…]`` tag, read the way Lonelog reads a journal, is the state the
journal's last record holds."""

from __future__ import annotations

import re
from pathlib import Path

from solo.journal.store import read_records
from tests.fake_env import run_here
from tests.journal.test_journal_markdown import lonelog_reading

PARTY = ("--party", "Wren", "--party", "Brother Ott")
SEEDS = {"delving": 1, "exploration": 1, "dungeon-turn": 151}
"""Seeds whose crawls make each rule fire (found by trying seeds in turn)."""


def crawl(tmp_path: Path, system: str, seed: int, moves: list[str], *later: list[str]):
    """``solo new`` with a party of two, then ``solo play`` with ``moves`` on stdin (and
    again for each of ``later``, a sitting each): the first play run, the journal's text
    and the party in its last record."""
    journal = tmp_path / "j.md"
    made = run_here("new", str(journal), "--system", system, "--seed", str(seed), *PARTY,
                    cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    played = run_here("play", str(journal), cwd=tmp_path, stdin="\n".join(moves) + "\n")
    for sitting in later:
        again = run_here("play", str(journal), cwd=tmp_path, stdin="\n".join(sitting) + "\n")
        assert again.returncode == 0, again.stderr
    text = journal.read_text()
    party = read_records(journal)[-1]["state"]["party"]
    return played, text, {member["name"]: member for member in party}


def fenced(text: str) -> list[str]:
    """The lines inside the journal's code fences (its Lonelog notation)."""
    return [line for block in re.findall(r"^```\n(.*?)^```$", text, re.S | re.M)
            for line in block.splitlines()]


def tag_fields(member: dict, marks: list[str]) -> list[str]:
    return [f"HP {member['hp']}/{member['max']}", *marks]


def changes(lines: list[str], name: str, what: str) -> list[tuple[int, str]]:
    """``=> [PC:NAME|…] WHAT -1: reason`` lines: each change and its reason."""
    pattern = re.compile(rf"=> \[PC:{re.escape(name)}\|[^\]]*\] {what} ([+-]\d+)(?:: (.*))?$")
    return [(int(found[1]), found[2] or "") for found in map(pattern.match, lines) if found]


def only_error(played, words: str) -> None:
    """The run failed on exactly one line, and that line's error says ``words``."""
    errors = [line for line in played.stderr.splitlines() if line.startswith("solo: error:")]
    assert played.returncode == 1 and len(errors) == 1 and words in errors[0], played.stderr


# -- Delving ------------------------------------------------------------------------------------

DELVING = ["supply torch 1", "light torch", "light torch", "Wren: explore", "explore",
           "Brother Ott: explore", "party add Mira hp 1", *["explore"] * 5]
DELVING_LATER = [*["explore"] * 5, "Wren: rest", *["explore"] * 3]


def test_delving_fatigue_costs_every_member_a_hit_point(tmp_path: Path):
    played, text, party = crawl(tmp_path, "delving", SEEDS["delving"], DELVING, DELVING_LATER)
    only_error(played, "no torches left to light a torch")
    lines = fenced(text)
    reading = lonelog_reading(text)
    assert reading["sessions"] == ["Session 1", "Session 2"]
    assert [line for line in lines if line.startswith("@(")] == [
        "@(Wren) explore", "@(Brother Ott) explore", "@(Wren) rest"]
    assert "=> [Inv:Torches|0] -1: one used to light a torch" in lines
    assert set(party) == {"Wren", "Brother Ott", "Mira"}
    for name, member in party.items():
        count = member.get("c", {}).get("fatigue")
        assert reading["last"]["PC"][name] == tag_fields(
            member, [f"Fatigue damage {count}"] if count else [])
    # every fatigue result not rested off cost each member 1 HP, Mira's only one; each
    # member's own count is what it cost them
    wren = changes(lines, "Wren", "HP")
    assert wren and set(wren) == {(-1, "fatigue without rest")}
    assert party["Wren"]["hp"] == party["Brother Ott"]["hp"] == 8 - len(wren)
    assert party["Wren"]["c"] == party["Brother Ott"]["c"] == {"fatigue": len(wren)}
    assert changes(lines, "Mira", "HP") == [(-1, "fatigue without rest")]
    assert party["Mira"]["hp"] == 0 and "=> Mira is down at 0 HP" in lines
    assert party["Mira"]["c"] == {"fatigue": 1}
    assert sum(line.startswith("tbl: Dungeon Hazard Die (d6) d6=2 ") for line in lines) \
        >= len(wren)
    # the second sitting took up each member's hit points where the first left them
    resumed = fenced(text.split("## Session 2", 1)[1])
    assert changes(resumed, "Wren", "HP") and changes(resumed, "Brother Ott", "HP")


# -- Dungeon Exploration -------------------------------------------------------------------------

EXPLORATION = ["supply torch 1", "supply oil 1", "light torch", "light torch",
               "Wren: explore", *["explore"] * 3, "party add Mira",
               "Brother Ott: search", *["explore"] * 7, "light lantern", "refill",
               "Wren: rest", *["explore"] * 8]


def test_exploration_each_character_saves_and_keeps_their_own_fatigue(tmp_path: Path):
    played, text, party = crawl(tmp_path, "exploration", SEEDS["exploration"], EXPLORATION)
    only_error(played, "no torches left to light a torch")
    lines = fenced(text)
    reading = lonelog_reading(text)
    assert [line for line in lines if line.startswith("@(")] == [
        "@(Wren) explore", "@(Brother Ott) search", "@(Wren) rest"]
    assert "=> [Inv:Oil flasks|0] -1: one used to light a lantern" in lines
    assert "(note: No oil flasks left: the lantern burns on with what it has.)" in lines
    for name, member in party.items():
        fatigue = member.get("c", {}).get("fatigue", 0)
        assert reading["last"]["PC"][name] == tag_fields(
            member, [f"Fatigue {fatigue}"] if fatigue else [])
        gained = changes(lines, name, "Fatigue")
        assert set(gained) <= {(1, "failed CON save")} and len(gained) == fatigue
        saves = [line for line in lines if line.startswith(f"d: CON save (DC 12) for {name} ")]
        assert len(saves) >= fatigue and sum(line.endswith("-> no") for line in saves) == fatigue
    # the saves differ between characters: the rule reaches each one
    assert len({member.get("c", {}).get("fatigue", 0) for member in party.values()}) > 1
    assert any("6 turns (about an hour) without rest" in line for line in lines)
    worst = max(member.get("c", {}).get("fatigue", 0) for member in party.values())
    counts = [int(found) for found in re.findall(r"\[Track:Fatigue (\d+)\]", text)]
    assert counts and counts[-1] == worst, "the party's count follows the most fatigued"


# -- Dungeon Turn --------------------------------------------------------------------------------

DUNGEON_TURN = ["supply torch 1", "light torch", "light torch", "Wren: explore",
                *["explore"] * 6, "party add Mira hp 3", "Brother Ott: search",
                "leave 1 1 dangerous 2", "return", "rest-hour", "Wren: explore", "explore"]
LADDER = {0: [], 1: ["tired"], 2: ["exhausted"]}


def test_dungeon_turn_fatigue_healing_and_the_cost_of_leaving_reach_each_member(
        tmp_path: Path):
    played, text, party = crawl(tmp_path, "dungeon-turn", SEEDS["dungeon-turn"],
                                 DUNGEON_TURN)
    only_error(played, "no torches left to light a torch")
    lines = fenced(text)
    reading = lonelog_reading(text)
    assert [line for line in lines if line.startswith("@(")] == [
        "@(Wren) explore", "@(Brother Ott) search", "@(Wren) explore"]
    for name, member in party.items():
        fatigue = member.get("c", {}).get("fatigue", 0)
        assert reading["last"]["PC"][name] == tag_fields(member, LADDER[fatigue])
    # fatigue: Wren and Ott moved up the ladder; Mira, who joined later, did not with them
    assert changes(lines, "Wren", "Fatigue") == changes(lines, "Brother Ott", "Fatigue")
    assert (1, "no rest after a fatigue result") in changes(lines, "Wren", "Fatigue")
    assert any(re.match(r"=> \[PC:Wren\|HP \d+/8\|(tired|exhausted)\]", line) for line in lines)
    # leaving on a dangerous journey: each member rolled their own damage
    for name in party:
        assert any(line.startswith(f"d: Dangerous journey: {name} takes 1d6 for each of the ")
                   for line in lines), name
        assert (changes(lines, name, "HP")[0][1]) == "dangerous journey"
    assert "=> Mira is down at 0 HP" in lines and "=> Wren is down at 0 HP" not in lines
    assert "(note: Mira is brought to 0 hit protection: Mira suffers an omen and must make an " \
        "omen roll.)" in lines
    # the hour's rest healed each member 1d8 + str_bonus
    heals = [line for line in lines if line.startswith("d: The hour's rest heals ")]
    assert [line.split(" (1d8")[0][len("d: The hour's rest heals "):] for line in heals] == [
        "Wren", "Brother Ott", "Mira"]
    for name in party:
        assert changes(lines, name, "HP")[-1][1] == "an hour's rest" or \
            party[name]["hp"] == party[name]["max"]
