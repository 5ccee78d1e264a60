"""A keyed dungeon played to the end (docs/keys.md, #39 item 3): the example key, and the
same key with a marker word in every room's words, crawled in D12 and in Trespasser,
in-process and in batch mode, one command at a time. After every command, nothing of a
room the party has not entered is on the screen, in the journal, in 'rooms', 'map',
'odds', 'recap', 'status' or the export."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path

import pytest
import yaml

from solo.rules.key_file import load_key_file
from solo.rules.key_model import DungeonKey
from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"
TAG = re.compile(r"\[R:(\d+)\|")
ROOM_LINE = re.compile(r"^(R\d+)( \(([^)]*)\))? · .*?(?: · exits (.*))?$")

SYSTEMS = {  # the procedure's move, its door opener, its search
    "d12-tension": ("enter", "break-door", "find-secret"),
    "trespasser": ("advance", "batter-door success", "search success"),
}


def marker(room_id: str) -> str:
    return f"mk{room_id}q"


def marked_key(folder: Path) -> Path:
    """The example key with ``mkR7q`` in every word of room R7: its name, text, contents,
    secrets and the words of its doors."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    for room in data["rooms"]:
        word = marker(room["id"])
        room["name"] = f"{room['name']} {word}"
        room["text"] = f"{room.get('text', '')} {word}"
        for exit in room.get("exits", []):
            exit["text"] = f"{exit.get('text', 'a way')} {word}"
        for content in room.get("contents", []):
            for kind in ("feature", "treasure", "trap", "special"):
                if kind in content:
                    content[kind] = f"{content[kind]} {word}"
            if "encounter" in content:
                content["text"] = f"{content.get('text', 'here')} {word}"
        room["secrets"] = [f"{secret} {word}" for secret in room.get("secrets", [])]
    path = folder / "marked.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


class Crawl:
    """One crawl of a key, a command at a time, checking every output as it goes."""

    def __init__(self, folder: Path, key_path: Path, system: str, monkeypatch,
                 at_prompt: bool = False) -> None:
        self.folder, self.system = folder, system
        self.key: DungeonKey = load_key_file(key_path)
        self.move, self.opener, self.finder = SYSTEMS[system]
        self.journal = folder / "crawl.md"
        self.entered: set[str] = set()
        self.searched: set[str] = set()
        self.shown = ""
        monkeypatch.chdir(folder)
        monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
        if at_prompt:  # named by 'set dungeon KEY.yaml' before the first room
            run = solo("new", str(self.journal), "--system", system, "--seed", "11",
                       stdin=f"set dungeon {key_path}\n")
        else:
            run = solo("new", str(self.journal), "--system", system, "--seed", "11",
                       "--dungeon", str(key_path))
        assert run.code == 0, run.err
        self.check(run.out + run.err)

    def check(self, text: str) -> None:
        """No word of a room not yet entered in ``text`` (rooms entered: those whose tag
        has been shown, this output's included)."""
        self.shown += text
        self.entered |= {f"R{number}" for number in TAG.findall(self.shown)}
        for room in self.key.rooms:
            if room.id not in self.entered:
                assert marker(room.id) not in text, (room.id, text[-2000:])
                assert room.name not in text or any(
                    room.name in other.name for other in self.key.rooms
                    if other.id in self.entered), (room.id, room.name)

    def play(self, command: str) -> tuple[int, list[str]]:
        run = solo("play", str(self.journal),
                   stdin=f"{command}\nrooms\nmap\nodds\nrecap\n")
        self.check(run.out + run.err)
        self.check(self.journal.read_text(encoding="utf-8"))
        rooms = [line for line in run.out.splitlines() if ROOM_LINE.match(line)]
        failed = "solo: error:" in run.err.split("\n", 1)[0] if run.err else False
        return (1 if failed else 0), rooms

    def views(self) -> None:
        for args in (("status", str(self.journal)), ("odds", str(self.journal)),
                     ("export", str(self.journal)), ("stats", str(self.journal))):
            run = solo(*args)
            self.check(run.out + run.err)

    def map_of(self, lines: list[str]) -> tuple[str, dict[str, dict[str, str | None]]]:
        """The room the party is in, and each known room's exits: direction -> the room
        it leads to (None: not known yet), with its door."""
        here, known = "", {}
        for line in lines:
            found = ROOM_LINE.match(line)
            assert found is not None
            room_id, marks, exits = found.group(1), found.group(3) or "", found.group(4) or ""
            if "here" in marks:
                here = room_id
            ways: dict[str, str | None] = {}
            for word in filter(None, (part.strip() for part in exits.split(","))):
                door = re.search(r"\((\w+)\)", word)
                direction = word.split("(")[0].split(":")[0]
                to = word.split("(")[0].split(":")[1] if ":" in word else None
                ways[direction] = to if to else (f"?{door.group(1)}" if door else None)
            known[room_id] = ways
        return here, known

    def next_command(self, here: str, known: dict) -> str | None:
        """The key tells the test (never the player's screen) where rooms are left: the
        nearest known room with a way into a room not entered, or a secret not searched."""
        def wanted(room_id: str) -> str | None:
            key_room = self.key.room(room_id)
            assert key_room is not None
            for direction, to in known[room_id].items():
                exit = next(each for each in key_room.exits if each.direction == direction)
                if exit.to is not None and exit.to not in self.entered and (
                        to is None or str(to).startswith("?")):
                    if to in ("?locked", "?stuck"):
                        return self.opener
                    return f"{self.move} {direction}"
            if key_room.hidden or any(exit.door == "secret" for exit in key_room.exits):
                if room_id not in self.searched:
                    return self.finder
            return None

        queue, seen = deque([here]), {here}
        while queue:
            room_id = queue.popleft()
            command = wanted(room_id)
            if command is not None:
                if room_id != here:
                    return f"go {room_id}"
                if command == self.finder:
                    self.searched.add(room_id)
                return command
            for to in known.get(room_id, {}).values():
                if to and not str(to).startswith("?") and to not in seen:
                    seen.add(to)
                    queue.append(to)
        return None

    def run(self, limit: int = 120) -> list[str]:
        code, lines = self.play(self.move)
        assert code == 0
        commands = [self.move]
        for _ in range(limit):
            here, known = self.map_of(lines)
            command = self.next_command(here, known)
            if command is None:
                break
            code, lines = self.play(command)
            if code and self.system == "trespasser":  # one action a turn: let it pass
                self.play("stay")
                code, lines = self.play(command)
            commands.append(command)
            if len(commands) % 10 == 0:
                self.views()
        self.views()
        return commands


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_marked_key_played_to_the_end_never_shows_an_unseen_room(system, tmp_path,
                                                                    monkeypatch):
    crawl = Crawl(tmp_path, marked_key(tmp_path), system, monkeypatch)
    commands = crawl.run()
    assert crawl.entered == {room.id for room in crawl.key.rooms}, commands
    status = solo("status", str(crawl.journal))
    assert "Explored: 20 of 20 rooms" in status.out
    assert "5 of 5 secrets" in status.out, status.out
    text = crawl.journal.read_text(encoding="utf-8")
    assert crawl.key.sha256 in text and "marked.yaml" in text
    assert crawl.opener in commands  # the locked and stuck doors were opened


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_example_key_played_to_the_end(system, tmp_path, monkeypatch):
    crawl = Crawl(tmp_path, EXAMPLE, system, monkeypatch)
    crawl.run()
    assert crawl.entered == {room.id for room in crawl.key.rooms}
    # the key's text is not copied into the journal beyond the rooms entered: its intro
    # and its name are said; its wandering table, which replaces the procedure's
    # encounter table, only by the entries drawn, each where it is drawn and met
    text = crawl.journal.read_text(encoding="utf-8")
    drawn = "tbl: The Bell Abbey: wandering monsters d6="
    assert drawn in text
    assert "Random encounters" not in text and "goblin" not in text
    assert crawl.key.wandering is not None
    for entry in crawl.key.wandering.entries:
        for line in text.splitlines():
            if entry.text in line:
                assert line.startswith((drawn, "=> Encounter: ", "<!-- solo ")), line


def test_a_marked_key_set_at_the_prompt_and_edited_midway_never_shows_an_unseen_room(
        tmp_path, monkeypatch):
    key = marked_key(tmp_path)
    crawl = Crawl(tmp_path, key, "d12-tension", monkeypatch, at_prompt=True)
    crawl.run(limit=6)
    entered = set(crawl.entered)
    assert 3 <= len(entered) < 15
    # between sittings, every room's text gains words (each keeps its marker)
    text = key.read_text(encoding="utf-8")
    for room in crawl.key.rooms:
        text = text.replace(f"{marker(room.id)}\n", f"{marker(room.id)} and more\n", 1)
    key.write_text(text, encoding="utf-8")
    crawl.key = load_key_file(key)
    status = solo("status", str(crawl.journal))
    crawl.check(status.out + status.err)
    assert "was edited since it was last played" in status.out
    assert f"{20 - len(entered)} rooms not yet entered changed" in status.out
    crawl.views()
    crawl.run()
    assert crawl.entered == {room.id for room in crawl.key.rooms}
