"""The recap's last words are the player's words as the reports read them: a comment a
viewer hides (``<!-- … -->``, Obsidian's ``%% … %%``) is not shown, nor a line of solo's
own opening of a sitting (its tags, its ``[DUNGEON STATUS]`` block)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fake_env import solo

PRESS = "We press on past the goblins."


def journal(tmp_path: Path) -> Path:
    """Two sittings; the second opens with solo's snapshot, then the player's line."""
    path = tmp_path / "a.md"
    first = ("The stair goes down into the dark.\nenter 3\nask Is it safe?\n"
             "A dusty hall, bones on the floor.\nlinger\nnoise\nenter 2\n"
             "We hear dripping water somewhere.\n")
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "4", "--title",
                "The Ash Crypt", "--party", "Wren", stdin=first).code == 0
    assert solo("play", str(path), stdin=f"{PRESS}\nenter 1\nundo\nenter 2\n").code == 0
    return path


def last_words(path: Path) -> str:
    done = solo("status", str(path), "--json")
    assert done.code == 0, done.err
    return str(json.loads(done.out)["last_words"])


@pytest.mark.parametrize("edited, shown", [
    (f"{PRESS} <!-- spoiler: the adventurer is a doppelganger -->", PRESS),
    (f"{PRESS}\n%% GM secret %%", PRESS),
    (f"{PRESS}\n<!-- the cultist\nis the key NPC -->", PRESS),
    (f"{PRESS} %% the cultist\nis the key NPC %%", PRESS),
    ("", "We hear dripping water somewhere."),  # (the line deleted: the one before it)
    (r"We press on \*quietly\*.", "We press on *quietly*."),
])
def test_the_recap_shows_the_players_words_as_a_viewer_shows_them(tmp_path, edited, shown):
    path = journal(tmp_path)
    assert last_words(path) == PRESS
    text = path.read_text()
    assert text.count(f"\n{PRESS}\n") == 1
    path.write_text(text.replace(f"\n{PRESS}\n", f"\n{edited}\n"))
    assert last_words(path) == shown
    assert "DUNGEON STATUS" not in solo("status", str(path)).out
