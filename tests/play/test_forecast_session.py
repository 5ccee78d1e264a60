"""The 'odds' look-up as a player types it: never journaled, never a draw from the
journal's dice; the status bar's forecast and 'set odds off'; the odds of a journal for
scripts, read-only."""

from __future__ import annotations

import json
import re

import pytest

from solo.play.odds_journal import journal_odds
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here

SCRIPTS = {
    "trespasser": ["supply torch 2", "light torch", "advance", "A long hall.",
                   "stay", "advance", "backtrack", "ask Is anyone there? unlikely", "advance",
                   "undo", "advance", "roll 2d6", "advance"],
    "d12-tension": ["light torch", "enter 3", "combat-normal", "linger 1", "enter 2",
                    "set show_tension false", "enter 1", "noise", "enter 4"],
    "dungeon-turn": ["light torch", "explore", "search", "move", "rest", "explore",
                     "explore", "explore", "table dungeon-turn-signs", "explore"],
}


@pytest.mark.parametrize("system", sorted(SCRIPTS))
def test_odds_after_every_line_leaves_the_journal_byte_for_byte(tmp_path, system):
    lines = SCRIPTS[system]
    journals = []
    for name, script in (("plain", lines),
                         ("odds", [piece for line in lines for piece in (line, "odds")])):
        folder = tmp_path / name
        folder.mkdir()
        done = run_here("new", "crawl.md", "--system", system, "--title", "Same", "--seed",
                        "7", cwd=folder, stdin="\n".join(script) + "\n")
        assert done.returncode == 0, done.stderr
        journals.append((folder / "crawl.md").read_bytes())
        if name == "odds":
            assert done.stdout.count("on solo's own dice") == len(lines)
    assert journals[0] == journals[1]


def test_odds_as_typed_at_the_prompt(tmp_path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "trespasser", "Odds", 9, [])
    session = Session(path)
    try:
        session.handle("light torch")
        session.handle("advance")
        size = path.stat().st_size
        shown = session.handle("odds").lines
        assert shown[0].startswith("Odds for round 2")
        text = "\n".join(str(line) for line in shown)
        assert ("backtrack: refused bare, as the party's way began here, with no way back to "
                "retrace") in text
        assert re.search(r"stay +encounter 0% · Torch out 1 in 6\n", text)
        assert "hide needs stealth" in text
        assert "If the party keeps to advance:" in text and "Alarm 1 reaches 10" in text
        assert session.toolbar().startswith("advance: encounter")
        session.handle("set odds off")
        assert not session.toolbar().startswith("advance:")
        session.handle("odds on")
        assert session.toolbar().startswith("advance:")
        session.handle("odds off")
        assert not session.toolbar().startswith("advance:")
        assert path.stat().st_size == size  # none of it journaled
        with pytest.raises(Exception, match="odds takes on, off or nothing"):
            session.handle("odds maybe")
    finally:
        session.close()


def test_the_status_bar_keeps_hidden_tension_hidden(tmp_path):
    path = create_journal_file(str(tmp_path / "crawl.md"), "d12-tension", "Hidden", 5, [])
    session = Session(path)
    try:
        session.handle("set show_tension false")
        session.handle("combat-escaped")
        bar = session.toolbar()
        assert "Tension" not in bar and bar.startswith("enter 2: encounter at least ")
        text = "\n".join(str(line) for line in session.handle("odds").lines)
        assert "reaches" not in text and "Tension is behind the screen" in text
    finally:
        session.close()


def test_odds_of_a_journal_for_scripts_reads_it_only(tmp_path):
    done = run_here("new", "crawl.md", "--system", "trespasser", "--seed", "3", cwd=tmp_path,
                    stdin="light torch\nadvance\nstay\n")
    assert done.returncode == 0, done.stderr
    path = tmp_path / "crawl.md"
    before = path.read_bytes()
    data = journal_odds(path)
    assert path.read_bytes() == before
    assert json.loads(json.dumps(data)) == data
    assert (data["system"], data["last_command"], data["action"]) == ("trespasser", "stay",
                                                                       "stay")
    advance = next(odds for odds in data["actions"] if odds["action"] == "advance")
    chance = advance["encounter"]  # Alarm 2 after advance and stay, 3 after one more
    assert chance["exact"] == "3/10" or abs(chance["p"] - 0.3) <= 4 * chance["se"]
    assert "backtrack" in data["skipped"]  # one room: none to go back to
    assert data["danger"]["value"] == 2 and data["lights"][0]["kind"] == "torch"
    session = Session(path)  # no lock was left behind
    session.close()
