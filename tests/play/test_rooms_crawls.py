"""Crawls through a dozen rooms with a loop and dead ends, played by ``solo``'s command line
in two sittings, and by the real prompt_toolkit session (issue 20).

What a player would notice: the rules read the map (D12's encounter check counts the
room's exits, its breeze names the shortest known way out, Dungeon Turn's ``leave``
counts the rooms to the exit, Trespasser backtracks to known areas), the journal's room
tags read by a lonelog.nvim-style parser, the second sitting opening with the whole map,
the map that sitting finds equal to the one the first left, ``undo`` taking a room back,
and the journal rendered as Markdown with every record hidden.

Every crawl maps the same dungeon, a snake whose end the player links back to its start
(``room exits W:R1``), so that the shortest way out goes through the loop::

    R6 ── R7
    │      │
    R5     R8
    │      │
    R4     R9 ── R12   (R12: a dead end, entered last)
    │      │
    R3 ── R2     R10   (R3: a dead end)
    │      │
    R1 ── R11          (R11 ── R1: the loop, linked by hand)

R3 hangs west of R2 (the drawing is squeezed). From R9 the way out is 3 rooms through the
loop (R10, R11, R1), not 7 back along the snake; from R12 it is 4.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from solo.engine.rooms import Dungeon
from solo.journal.notation import LONELOG_MARKS
from solo.play.repl import run_interactive
from solo.play.resume import resume_file
from solo.play.rooms_view import rooms_lines
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here
from tests.journal.test_rooms_notation import NVIM_TAG, nvim_tags

SNAKE = ["N", "N", "N", "E", "S", "S", "S", "S"]
"""The directions from R2 to R11 (R4, R5, R6, R7, R8, R9, R10, R11)."""

D12_SEED = 1  # a seed whose breeze blows in R9, once the loop is known
D12_FIRST = [
    "light torch", "enter 3", "room entry hall, exits N E S", "enter N 3", "enter W 1",
    "room a dead end", "linger", "room cleared", "back", "linger",
    *(f"enter {way} 2" for way in SNAKE),
    "room exits W:R1", "linger", "go N", "linger", "go N", "linger", "linger", "linger",
    "enter E 1", "rooms",
]
D12_SECOND = ["rooms", "undo", "rooms"]

DT_FIRST = [
    "light torch", "enter", "room entry hall, exits N E S", "enter N", "enter W",
    "room a dead end", "room cleared", "back", "search",
    *(f"enter {way}" for way in SNAKE),
    "room exits W:R1", "go N", "go N", "enter E", "undo", "enter E", "room +looted",
    "leave 2 arduous", "rooms",
]
DT_SECOND = ["rooms", "undo", "leave 2 arduous", "undo", "leave 2 0 arduous"]  # (leave ends
# the expedition: undo takes it back, and the party is in R12 again)

TRESPASSER_FIRST = [
    "light torch", "advance", "room entry hall, exits N E S", "advance N", "advance W",
    "room a dead end", "room cleared", "backtrack",
    *(f"advance {way}" for way in SNAKE),
    "room exits W:R1", "backtrack R1", "backtrack E", "backtrack N", "backtrack R9",
    "advance E", "room +looted", "stay", "rooms",
]
TRESPASSER_SECOND = ["rooms", "backtrack", "rooms"]


@dataclass(frozen=True)
class Crawl:
    path: Path
    first: str  # what the first sitting showed
    second: str  # and the second
    after_first: Dungeon  # the map as the first sitting left it, read back from the journal
    live: Dungeon  # the map the first sitting's session held at its end


def replay(folder: Path, system: str, seed: int, lines: list[str]) -> Dungeon:
    """The map a session holds after ``lines`` (the engine's own, never read back)."""
    path = create_journal_file(str(folder / f"live-{system}.md"), system, "Live", seed, [])
    session = Session(path)
    try:
        for line in lines:
            session.handle(line)
        return session.state.dungeon
    finally:
        session.close()


def play_crawl(folder: Path, system: str, seed: int, first: list[str],
               second: list[str]) -> Crawl:
    env = {"XDG_CONFIG_HOME": str(folder / "config"), "XDG_STATE_HOME": str(folder / "state")}
    one = run_here("new", "crawl.md", "--system", system, "--seed", str(seed), "--title",
                   "Crawl", cwd=folder, stdin="\n".join(first) + "\n", env=env)
    assert one.returncode == 0, one.stderr
    after_first = resume_file(folder / "crawl.md").state.dungeon
    two = run_here("play", "crawl.md", cwd=folder, stdin="\n".join(second) + "\n", env=env)
    assert two.returncode == 0, two.stderr
    return Crawl(folder / "crawl.md", one.stdout, two.stdout, after_first,
                 replay(folder, system, seed, first))


@pytest.fixture(scope="module")
def crawls(tmp_path_factory) -> dict[str, Crawl]:
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"  # the module's own: no monkeypatch here
    try:
        return {system: play_crawl(tmp_path_factory.mktemp(system), system, seed, one, two)
                for system, seed, one, two in (
                    ("d12-tension", D12_SEED, D12_FIRST, D12_SECOND),
                    ("dungeon-turn", 7, DT_FIRST, DT_SECOND),
                    ("trespasser", 7, TRESPASSER_FIRST, TRESPASSER_SECOND))}
    finally:
        if old is None:
            os.environ.pop("SOURCE_DATE_EPOCH", None)
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


def shown_for(text: str, command: str, nth: int = 0) -> list[str]:
    """The lines solo showed for the ``nth`` time ``command`` was played: its ``@`` line and
    what follows, up to the next command or scene heading."""
    lines = text.splitlines()
    start = [index for index, line in enumerate(lines) if line == f"@ {command}"][nth]
    end = next((index for index in range(start + 1, len(lines))
                if lines[index].startswith(("@ ", "### "))), len(lines))
    return lines[start:end]


def encounter_label(text: str, command: str, nth: int = 0) -> str:
    return next(line for line in shown_for(text, command, nth)
                if line.startswith("d: Random encounter"))


# -- the rules read the map -----------------------------------------------------------------
def test_d12_encounter_checks_count_the_exits_the_map_gives_each_room(crawls):
    shown = crawls["d12-tension"].first
    assert "(exits 3, Tension" in encounter_label(shown, "enter N 3")
    assert "(exits 1, Tension" in encounter_label(shown, "enter W 1")
    assert "(exits 1, Tension" in encounter_label(shown, "linger", 0)  # the dead end R3
    # R2 was entered with 3 exits: going on north through one of them leaves it 3
    assert "(exits 3, Tension" in encounter_label(shown, "linger", 1)
    assert "(exits 2, Tension" in encounter_label(shown, "linger", 2)  # R11, loop linked
    assert "(exits 2, Tension" in encounter_label(shown, "linger", 4)  # R9
    for way in set(SNAKE):
        for nth in range(SNAKE.count(way)):
            assert "(exits 2, Tension" in encounter_label(shown, f"enter {way} 2", nth)


def test_d12_breeze_names_the_shortest_known_way_out_through_the_loop(crawls):
    crawl = crawls["d12-tension"]
    breeze = "(note: The breeze blows from the way out: S to R10, 3 rooms in all.)"
    assert breeze in crawl.first.splitlines()
    assert breeze in crawl.path.read_text()
    at_r9 = crawl.live.placed("R9", crawl.live.way_out, crawl.live.previous)
    assert (at_r9.way_out, at_r9.way_to_exit()) == ("R1", ("R10", 3))  # R9, R10, R11, R1


def test_dungeon_turn_leave_counts_the_rooms_to_the_exit_on_the_map(crawls):
    crawl = crawls["dungeon-turn"]
    assert crawl.live.here == "R12" and crawl.live.rooms_to_exit() == 4
    check = next(line for line in shown_for(crawl.first, "leave 2 arduous")
                 if line.startswith("d: Leaving the dungeon"))
    assert "DC 16" in check  # 10 + travel 2 + 4 rooms
    again = shown_for(crawl.second, "leave 2 arduous")  # read off the map that was resumed
    assert "DC 16" in next(line for line in again if line.startswith("d: Leaving"))
    given = shown_for(crawl.second, "leave 2 0 arduous")  # a number typed wins over the map
    assert "DC 12" in next(line for line in given if line.startswith("d: Leaving"))


def test_trespasser_backtracks_to_known_areas_by_name_direction_or_the_last(crawls):
    shown = crawls["trespasser"].first
    assert shown_for(shown, "backtrack")[1] == "[#R:2]"  # from the dead end, to R2
    assert shown_for(shown, "backtrack R1")[1] == "[#R:1]"  # through the loop
    assert shown_for(shown, "backtrack E")[1] == "[#R:11]"
    assert shown_for(shown, "backtrack R9")[1] == "[#R:9]"
    for command in ("backtrack R1", "backtrack E", "backtrack R9"):
        assert not any(line.startswith("[R:") for line in shown_for(shown, command))
    assert crawls["trespasser"].live.here == "R12"
    assert shown_for(crawls["trespasser"].second, "backtrack")[1] == "[#R:9]"


# -- the journal -------------------------------------------------------------------------
@pytest.mark.parametrize("system", ["d12-tension", "dungeon-turn", "trespasser"])
def test_every_crawl_maps_a_dozen_rooms_with_a_loop_and_dead_ends(crawls, system):
    dungeon = crawls[system].live
    assert [room.id for room in dungeon.rooms] == [f"R{n}" for n in range(1, 13)]
    assert dungeon.room("R1").exits[1].to == "R11"  # the loop: R1's E exit
    assert [len(dungeon.room(dead).exits) for dead in ("R3", "R12")] == [1, 1]
    assert dungeon.room("R3").status == ("cleared",)
    assert dungeon.distances("R9")["R1"] == 3


def tag_links(fields: list[str]) -> set[str]:
    """The rooms a tag's ``exits`` field says its exits lead to (``S:R1, ?, R4``)."""
    exits = next((field for field in fields if field.startswith("exits ")), "exits ")
    return {part.split(":")[-1].removesuffix("(secret)") for part in exits[6:].split(", ")
            if part.split(":")[-1].startswith("R")}


@pytest.mark.parametrize("system", ["d12-tension", "dungeon-turn", "trespasser"])
def test_a_lonelog_parser_reads_every_room_as_the_map_has_it(crawls, system):
    """Each room's last tag has its status and description; the links its tags name, read
    from either end as a text-only reader would, are the map's (a room is tagged again when
    the player changes it, not when the party leaves it by a new way: the new room's tag
    says that)."""
    crawl = crawls[system]
    first_sitting = crawl.path.read_text().split("## Session 2")[0]
    last: dict[str, list[str]] = {}
    links: set[frozenset[str]] = set()
    references = set()
    for line in first_sitting.splitlines():
        for kind, name, fields, reference in nvim_tags(line):
            if kind == "R" and reference:
                references.add(name)
            elif kind == "R":
                last[name] = fields
                links |= {frozenset((f"R{name}", to)) for to in tag_links(fields)}
    assert references >= {"2", "9"}  # came back there
    assert sorted(last, key=int) == [str(n) for n in range(1, 13)]
    for room in crawl.after_first.rooms:
        assert last[room.id[1:]][0] == ", ".join(room.status)
        assert (last[room.id[1:]][1] if len(last[room.id[1:]]) > 2 else "") == room.description
    assert links == {frozenset((room.id, to)) for room in crawl.after_first.rooms
                     for to in room.leads_to()}


@pytest.mark.parametrize("system", ["d12-tension", "dungeon-turn", "trespasser"])
def test_the_second_sitting_opens_with_the_whole_map_as_the_first_left_it(crawls, system):
    crawl = crawls[system]
    assert crawl.after_first == crawl.live
    shown = rooms_lines(crawl.live, outside=system == "dungeon-turn")  # (its 'leave' got out)
    seen_last = crawl.first.splitlines()[-len(shown):]
    seen_next = crawl.second.splitlines()[:len(seen_last)]
    assert seen_last == seen_next == shown
    second = crawl.path.read_text().split("## Session 2", 1)[1].splitlines()
    opening = second[second.index("[DUNGEON STATUS]"):second.index("[/DUNGEON STATUS]")]
    tags = [tag for line in opening[1:] for tag in nvim_tags(line)]
    assert [name for _, name, _, _ in tags] == [str(n) for n in range(1, 13)]
    assert [fields[0] for _, _, fields, _ in tags] == [
        ", ".join(room.status) for room in crawl.live.rooms]


def test_undo_after_resuming_takes_the_room_entered_last_off_the_map(crawls):
    crawl = crawls["d12-tension"]
    assert "(note: undo: took back enter E 1)" in crawl.second.splitlines()
    assert not any(line.startswith("R12") for line in crawl.second.splitlines()[-12:])
    dungeon = resume_file(crawl.path).state.dungeon
    assert dungeon.room("R12") is None and dungeon.here == "R9"
    assert [exit.to for exit in dungeon.room("R9").exits] == ["R8", "R10"]


def test_undo_of_an_enter_in_play_gives_its_room_back_to_the_next(crawls):
    shown = crawls["dungeon-turn"].first
    assert "(note: undo: took back enter E)" in shown.splitlines()
    assert shown_for(shown, "enter E", 1)[1] == "[R:12|active|exits W:R9]"
    assert [room.id for room in crawls["dungeon-turn"].live.rooms].count("R12") == 1


@pytest.mark.parametrize("system", ["d12-tension", "dungeon-turn", "trespasser"])
def test_the_journal_renders_as_markdown_with_every_record_hidden(crawls, system):
    text = crawls[system].path.read_text()
    tokens = MarkdownIt("commonmark", {"html": True}).parse(text)
    records = [line for line in text.splitlines() if line.startswith("<!-- solo ")]
    hidden = [token for token in tokens if token.type == "html_block"
              and token.content.startswith("<!-- solo ")]
    assert len(hidden) == len(records) > 20
    assert all(token.content.count("-->") == 1 for token in hidden)
    shown = [token.content for token in tokens if token.type in ("inline", "fence")]
    assert not any('"dungeon"' in part or '"rooms"' in part for part in shown)
    fenced = [line for token in tokens if token.type == "fence"
              for line in token.content.splitlines()]
    assert "[DUNGEON STATUS]" in fenced and any(line.startswith("[R:12|") for line in fenced)
    for line in fenced:
        assert line.startswith(LONELOG_MARKS)
        assert not line.startswith("[R:") or NVIM_TAG.fullmatch(line)


# -- the prompt -------------------------------------------------------------------------------
def test_a_crawl_typed_at_the_prompt_maps_what_the_batch_one_did(tmp_path: Path, crawls):
    path = create_journal_file(str(tmp_path / "typed.md"), "trespasser", "Typed", 7, [])
    session = Session(path)
    try:
        keys = "\r".join(TRESPASSER_FIRST) + "\r"
        with create_pipe_input() as pipe:
            pipe.send_text(keys)
            pipe.close()
            with create_app_session(input=pipe, output=DummyOutput()):
                assert run_interactive(session, input=pipe, output=DummyOutput()) == 0
        assert session.state.dungeon == crawls["trespasser"].live
    finally:
        session.close()
    assert resume_file(path).state.dungeon == crawls["trespasser"].live
    assert "[#R:1]" in path.read_text() and "[R:11|active|exits N:R10, W:R1]" in \
        path.read_text()
