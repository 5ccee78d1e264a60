"""What a keyed dungeon reveals: only the rooms entered. A key whose every room carries a
word of its own is walked room by room; no word of a room not yet entered may appear in
anything meant for the screen or the journal."""

from __future__ import annotations

import random
import re
from pathlib import Path

from solo.rules.key_file import key_from_text, load_key_file
from solo.rules.key_reveal import explored, hidden_here, key_changes, reveal, seen_rooms

ROOT = Path(__file__).resolve().parents[2]
ABBEY = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
MARKERS = ["amberfox", "basalisk", "copperwren", "duskmoth", "emberlynx", "frostowl",
           "gloamtoad", "hollyhare"]


def marked_key() -> str:
    """Eight rooms in a ring with spokes, each with its marker in its name, text, contents,
    secrets, the words of the exits it writes, and a secret door on each side of R4-R8."""
    lines = ["kind: key", "id: marked", "name: Marked", "entrance: R1",
             "encounters:", "  beast: a beast", "rooms:"]
    ring = {1: [("N", 2), ("E", 3)], 2: [("N", 4)], 3: [("N", 5), ("E", 6)],
            4: [("E", 5), ("N", 7)], 5: [("N", 8)], 6: [("N", 8)], 7: [], 8: []}
    for number, word in enumerate(MARKERS, 1):
        lines += [f"  - id: R{number}", f"    name: {word} hall",
                  f"    text: The {word} room, and nothing else.", "    exits:"]
        for direction, to in ring[number]:
            lines.append(f"      - {{dir: {direction}, to: R{to}, text: the {word} door}}")
        if number == 4:
            lines.append(f"      - {{dir: SE, to: R8, door: secret, text: {word} panel}}")
        if number == 8:
            lines.append(f"      - {{dir: NW, to: R4, door: secret, text: {word} slab}}")
        if number == 1:
            lines.append("      - {dir: S, to: out}")
        lines += ["    contents:", f"      - {{treasure: {word} coins}}",
                  f"      - {{encounter: beast, text: a {word} beast}}",
                  "    secrets:", f"      - a {word} ring under a stone"]
    return "\n".join(lines) + "\n"


def shown(key, seen, found) -> str:
    """Everything the API gives the screen and the journal for the party's rooms."""
    parts = [repr(room) + room.exits_text() for room in seen_rooms(key, seen, found)]
    parts.append(str(explored(key, seen, found)))
    parts.append(repr(explored(key, seen, found)))
    return "\n".join(parts)


def test_no_word_of_an_unentered_room_appears_before_it_is_entered():
    key = key_from_text(marked_key(), "marked.yaml")
    rng = random.Random(5)
    seen: list[str] = []
    found: set[str] = set()
    here = key.entrance
    for _ in range(60):
        room = reveal(key, seen, here, found)
        if here not in seen:
            seen.append(here)
        text = shown(key, seen, found) + repr(room) + room.exits_text()
        for number, word in enumerate(MARKERS, 1):
            if f"R{number}" not in seen:
                assert word not in text, f"{word} (R{number}) shown before it was entered"
        if rng.random() < 0.5:  # search: the rules find what is hidden here
            found.update(secret.id for secret in hidden_here(key, here, found)[:1])
        ways = [exit.to for exit in key.room(here).exits
                if exit.to and (exit.door != "secret" or any(
                    secret.exit is not None and key.room(here).exits[secret.exit] is exit
                    and (secret.id in found or secret.twin in found)
                    for secret in key.secrets if secret.room == here))]
        here = rng.choice(ways)
    assert len(seen) == len(MARKERS), "the walk reached every room"


def test_the_room_beyond_an_exit_is_named_only_once_entered():
    key = key_from_text(marked_key(), "marked.yaml")
    first = reveal(key, [], "R1")
    assert first.exits_text() == "N, E, S(out)"
    assert all(exit.to is None for exit in first.exits)
    later = reveal(key, ["R1", "R2"], "R1")
    assert later.exits_text() == "N:R2, E, S(out)"
    back = reveal(key, ["R1"], "R2")
    assert back.exits_text() == "N, S:R1"


def test_a_secret_exit_shows_once_found_from_either_side():
    key = key_from_text(marked_key(), "marked.yaml")
    assert "SE" not in reveal(key, ["R1", "R2"], "R4").exits_text()
    assert [secret.id for secret in hidden_here(key, "R4")] == ["R4:SE", "R4:secret1"]
    assert "SE(secret)" in reveal(key, ["R1", "R2"], "R4", {"R4:SE"}).exits_text()
    # found from R8's side: R4's face of the same door is found too
    assert "SE(secret)" in reveal(key, ["R1", "R2"], "R4", {"R8:NW"}).exits_text()
    assert [secret.id for secret in hidden_here(key, "R4", {"R8:NW"})] == ["R4:secret1"]


def test_hidden_things_show_only_once_found():
    key = key_from_text(marked_key(), "marked.yaml")
    assert reveal(key, [], "R1").found == ()
    assert reveal(key, [], "R1", {"R1:secret1"}).found == ("a amberfox ring under a stone",)


def test_explored_counts_rooms_entered_and_secrets_found_a_door_once():
    key = key_from_text(marked_key(), "marked.yaml")
    assert str(explored(key, [])) == "0 of 8 rooms, 0 of 9 secrets"
    figures = explored(key, ["R1", "R4", "R8"], {"R4:SE", "R8:NW", "R1:secret1"})
    assert str(figures) == "3 of 8 rooms, 2 of 9 secrets"
    assert (figures.rooms_seen, figures.rooms, figures.secrets_found, figures.secrets) == (
        3, 8, 2, 9)


def test_the_abbeys_text_stays_hidden_room_by_room():
    key = load_key_file(ABBEY)
    words = {room.id: set(re.findall(r"[a-z]{6,}", (room.name + " " + room.text).lower()))
             for room in key.rooms}
    seen = ["R1"]
    text = shown(key, seen, set())
    for room in key.rooms[1:]:
        own = words[room.id] - set().union(*(words[other] for other in seen))
        leaked = sorted(word for word in own if word in text.lower()
                        and all(word not in words[other] for other in words
                                if other != room.id))
        assert not leaked, f"{room.id}'s words {leaked} shown before it was entered"


def test_an_edited_key_says_what_changed_in_rooms_seen_and_only_counts_the_others():
    text = marked_key()
    old = key_from_text(text, "marked.yaml")
    edited = text.replace("The amberfox room", "The amberfox hall").replace(
        "The hollyhare room", "The hollyhare den")
    new = key_from_text(edited, "marked.yaml")
    notice = key_changes(old, new, ["R1", "R2"])
    assert notice == ["R1: its text changed", "1 room not yet entered changed"]
    assert "hollyhare" not in " ".join(notice)
    assert key_changes(old, old, ["R1"]) == []
