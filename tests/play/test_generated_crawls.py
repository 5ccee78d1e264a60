"""Crawls played with a generator (#36 items 3 and 6): the procedure's own move into a new
room rolls it, no number is typed for any room, the rules read the rolled exits and doors,
and the same seed and lines give the same journal, byte for byte."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solo.errors import UsageError
from solo.journal.store import read_tail
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import solo

GENERATORS = ("classic", "tracker", "site")
MOVES = {"d12-tension": "enter", "trespasser": "advance", "dungeon-turn": "enter"}
QUOTED = re.compile(r"'([^']+)'")


def _journal(tmp_path: Path, system: str, generator: str, name: str = "crawl.md",
             settings: tuple[str, ...] = ()) -> Path:
    return create_journal_file(str(tmp_path / name), system, "A generated crawl", 11, [],
                               dungeon=(generator, list(settings)))


def _play(session: Session, move: str, turns: int) -> list[str]:
    """Play ``move`` until ``turns`` turns have passed, doing what each refusal suggests
    (open the door, search, walk to a room with a way on): the lines played."""
    lines: list[str] = []
    for line in ("light torch",):
        if "torch" in session.procedure.lights:
            session.handle(line)
            lines.append(line)
    while session.state.turn < turns:
        assert len(lines) < 300, lines[-10:]
        line, tried = move, {move}
        while True:
            try:
                session.handle(line)
            except UsageError as error:
                if " needs result (success/failure" in str(error):  # Trespasser: the
                    line += " success"                              # player's own roll
                    continue
                if str(error).startswith("An encounter came this round"):  # Trespasser:
                    line = "stay"                           # the next round for actions
                    continue
                options = [word for word in QUOTED.findall(str(error))
                           if word not in tried and word != "go"]
                assert options, str(error)
                line = " ".join(word for word in options[0].split()  # ('success|failure':
                                if "|" not in word)                   # the roll, said below)
                if not line.startswith(("break-door", "batter-door", "pick-lock",
                                        "force-door", "go ")):
                    tried.update((line, options[0]))
                continue
            lines.append(line)
            if line == move:
                break
            line = move
    return lines


@pytest.mark.parametrize("generator", GENERATORS)
@pytest.mark.parametrize("system", sorted(MOVES))
def test_thirty_turns_need_no_number_and_replay_byte_for_byte(tmp_path, system, generator):
    path = _journal(tmp_path, system, generator)
    session = Session(path)
    try:
        lines = _play(session, MOVES[system], 30)
        rooms = len(session.state.dungeon.rooms)
    finally:
        session.close()
    assert rooms >= 5
    moves = [line for line in lines if line.split()[0] in ("enter", "advance", "room")]
    assert not any(re.search(r"\d", line) for line in moves), moves
    text = path.read_text(encoding="utf-8")
    assert text.count("tbl: ") >= rooms
    assert re.search(r"\[R:\d+\|active\|[^|\]]+\|exits ", text)
    again = tmp_path / "again.md"
    run = solo("new", str(again), "--system", system, "--title", "A generated crawl",
               "--seed", "11", "--dungeon", generator, stdin="\n".join(lines) + "\n")
    assert run.code == 0, run.err
    assert again.read_bytes() == path.read_bytes()


def _session(tmp_path: Path, system: str = "d12-tension", generator: str = "classic",
             settings: tuple[str, ...] = ()) -> Session:
    return Session(_journal(tmp_path, system, generator, settings=settings))


def test_a_locked_door_is_refused_by_name_until_the_procedure_opens_it(tmp_path):
    session = _session(tmp_path, settings=("doors=barred",))
    try:
        session.handle("enter")
        room = session.state.dungeon.current
        assert room is not None
        shut = next(exit for exit in room.exits if exit.barred)
        with pytest.raises(UsageError, match=rf"the door {shut.direction} of {room.id} is "
                           rf"{shut.door}: 'break-door {shut.direction}' opens it first"):
            session.handle(f"enter {shut.direction}")
        tension = session.state.values["tension"]
        session.handle(f"break-door {shut.direction}")
        assert session.state.values["tension"] == tension + 1
        opened = session.state.dungeon.current
        assert opened is not None
        assert not next(exit for exit in opened.exits
                        if exit.direction == shut.direction).barred
        session.handle(f"enter {shut.direction}")
        assert session.state.dungeon.here != room.id
    finally:
        session.close()


def test_d12s_check_counts_the_rolled_exits(tmp_path):
    session = _session(tmp_path)
    try:
        session.handle("enter")
        room = session.state.dungeon.current
        assert room is not None
        seen = sum(1 for exit in room.exits if exit.seen)
    finally:
        session.close()
    assert f"Random encounter (exits {seen}," in session.path.read_text(encoding="utf-8")


def test_a_typed_room_still_wins(tmp_path):
    session = _session(tmp_path)
    try:
        session.handle("enter 3")
        room = session.state.dungeon.current
        assert room is not None and len(room.exits) == 3 and not room.description
        assert "tbl: Room" not in session.path.read_text(encoding="utf-8")
    finally:
        session.close()


def test_undo_and_resume_keep_a_generated_room(tmp_path):
    session = _session(tmp_path)
    try:
        session.handle("enter")
        first = session.state.dungeon
        session.handle("linger")
        session.undo()
        assert session.state.dungeon.rooms == first.rooms
        path = session.path
    finally:
        session.close()
    again = Session(path)
    try:
        assert again.state.dungeon.rooms == first.rooms
        assert again.state.values["dungeon"] == "classic"
    finally:
        again.close()


def test_a_hidden_way_is_found_by_a_search(tmp_path):
    generator = tmp_path / "secret.yaml"
    generator.write_text(
        "kind: generator\nid: secret\nname: Secret ways\nroom:\n  kind: rooms\n"
        "  exits:\n    count: {dice: d1}\n    directions: [N]\n    door: doors\n"
        "  contents: stock\ntables:\n  rooms:\n    dice: d1\n    entries:\n"
        "      1: {is: hall, text: a bare hall}\n  doors:\n    dice: d1\n    entries:\n"
        "      1: {is: secret, text: a wall that turns}\n  stock:\n    dice: d1\n"
        "    entries:\n      1: {is: empty, text: nothing}\n", encoding="utf-8")
    session = _session(tmp_path, generator=str(generator.resolve()))
    try:
        session.handle("enter")
        room = session.state.dungeon.current
        assert room is not None and [exit.door for exit in room.exits] == ["hidden"]
        text = session.path.read_text(encoding="utf-8")
        assert "[R:1|active|a bare hall]" in text
        with pytest.raises(UsageError, match="no way on.*'find-secret'"):
            session.handle("enter")
        session.handle("find-secret")
        found = session.state.dungeon.current
        assert found is not None and found.exits[0].door == "" and found.exits[0].secret
        assert "exits N(secret)" in session.path.read_text(encoding="utf-8")
    finally:
        session.close()


def test_set_dungeon_in_play_and_its_refusals(tmp_path):
    path = create_journal_file(str(tmp_path / "plain.md"), "trespasser", None, 5, [])
    session = Session(path)
    try:
        session.handle("advance")
        assert "tbl: Room" not in path.read_text(encoding="utf-8")
        with pytest.raises(UsageError, match="unknown generator 'nowhere'; choose one of: classic"):
            session.handle("set dungeon nowhere")
        with pytest.raises(UsageError, match="no setting 'colour'"):
            session.handle("set dungeon site colour=red")
        session.handle("set dungeon tracker")
        session.handle("advance")
        assert "tbl: Location" in path.read_text(encoding="utf-8")
    finally:
        session.close()


def test_solo_dungeons_lists_them_and_a_bare_dungeon_option_too(tmp_path):
    listed = solo("dungeons")
    assert listed.code == 0
    assert [line.split("\t")[0] for line in listed.out.splitlines()
            if not line.startswith(" ")][:3] == ["classic", "site", "tracker"]
    assert "  doors: open, mixed (default), barred" in listed.out
    bare = solo("new", str(tmp_path / "x.md"), "--system", "d12-tension", "--dungeon")
    assert bare.code == 2
    assert "classic, site, tracker" in bare.error_line()
    assert not (tmp_path / "x.md").exists()
    wrong = solo("new", str(tmp_path / "y.md"), "--system", "d12-tension", "--dungeon",
                 "classic", "--dungeon-set", "doors=welded")
    assert wrong.code == 2 and "not 'welded'" in wrong.error_line()


def test_old_exit_records_read_as_before():
    from solo.engine.room_changes import room_data
    from solo.engine.room_records import room_from_data

    old = room_from_data({"id": "R1", "x": [["N", None], ["E", None, 1]]})
    assert [(exit.secret, exit.door) for exit in old.exits] == [(False, ""), (True, "")]
    assert room_data(old)["x"] == [["N", None], ["E", None, 1]]
    new = room_from_data({"id": "R2", "x": [["W", None, 0, "locked"], ["S", None, 1,
                                                                        "hidden"]]})
    assert [(exit.secret, exit.door) for exit in new.exits] == [(False, "locked"),
                                                                (True, "hidden")]
    assert room_data(new)["x"] == [["W", None, 0, "locked"], ["S", None, 1, "hidden"]]
    with pytest.raises(ValueError, match="no door"):
        room_from_data({"id": "R3", "x": [["W", None, 0, "welded"]]})


def test_the_tail_keeps_the_generator(tmp_path):
    path = _journal(tmp_path, "d12-tension", "site", settings=("theme=haunted",))
    assert '"dungeon":"site","dungeon_set":"theme=haunted"' in path.read_text(
        encoding="utf-8")
    assert read_tail(path) is not None


def test_simulate_with_a_dungeon_counts_rooms_doors_traps_and_encounters():
    import json

    run = solo("simulate", "--system", "d12-tension", "--dungeon", "classic", "--turns", "60",
               "--seed", "4", "--dungeon-set", "doors=barred", "--json")
    assert run.code == 0, run.err
    counts = json.loads(run.out)
    assert counts["turns"] >= 60 and counts["rooms"] >= 20
    assert counts["doors_forced"] > 0 and counts["traps"] > 0
    assert counts["encounters_per_room"] == round(counts["encounters"] / counts["rooms"], 4)
    again = solo("simulate", "--system", "d12-tension", "--dungeon", "classic", "--turns",
                 "60", "--seed", "4", "--dungeon-set", "doors=barred", "--json")
    assert again.out == run.out
    text = solo("simulate", "--system", "trespasser", "--dungeon", "tracker", "--turns",
                "30")
    assert text.code == 0 and "rooms entered: " in text.out and "per room)" in text.out
    wrong = solo("simulate", "--system", "trespasser", "--dungeon", "nowhere")
    assert wrong.code == 2 and "classic" in wrong.error_line()


TRAPPED = ("kind: generator\nid: trapped\nname: Trapped halls\nroom:\n  kind: rooms\n"
           "  exits:\n    count: {dice: d1}\n    directions: [N]\n    door: doors\n"
           "  contents: stock\ntables:\n  rooms:\n    dice: d1\n    entries:\n"
           "      1: {is: hall, text: a bare hall}\n  doors:\n    dice: d1\n    entries:\n"
           "      1: {is: trapped, text: a door with a wire}\n  stock:\n    dice: d1\n"
           "    entries:\n      1: {is: trap, text: a pit under the flagstones}\n")


@pytest.mark.parametrize(("pace", "found"), [("crawl", True), ("walk", False)])
def test_delving_crawling_finds_traps_walking_springs_them(tmp_path, pace, found):
    generator = tmp_path / "trapped.yaml"
    generator.write_text(TRAPPED, encoding="utf-8")
    session = _session(tmp_path, "delving", str(generator.resolve()))
    try:
        for line in ("light candle", f"move {pace}", "enter", "enter"):
            session.handle(line)
        text = session.path.read_text(encoding="utf-8")
    finally:
        session.close()
    assert ("finds the trap in R1 (a pit under the flagstones) before it springs" in text) \
        == found
    assert ("A trap in R1 (a pit under the flagstones) springs on the party" in text) \
        != found
    assert ("finds a trap on the door N of R1" in text) == found
    assert "[R:1|active, trapped|a bare hall" in text


def test_elsewhere_a_trapped_door_springs_unless_a_search_found_it(tmp_path):
    generator = tmp_path / "trapped.yaml"
    generator.write_text(TRAPPED, encoding="utf-8")
    session = _session(tmp_path, "d12-tension", str(generator.resolve()))
    try:
        session.handle("enter")
        session.handle("find-secret")
        session.handle("enter")
        session.handle("enter")
        text = session.path.read_text(encoding="utf-8")
    finally:
        session.close()
    assert "A trap on the door N of R1 springs" not in text
    assert "A trap on the door N of R2 springs as the party goes through." in text


def test_physical_dice_are_asked_for_every_roll_of_the_generator(tmp_path):
    generator = tmp_path / "trapped.yaml"
    generator.write_text(TRAPPED.replace("count: {dice: d1}", "count: {dice: d3}")
                         .replace("directions: [N]", "directions: [N, E, W]"),
                         encoding="utf-8")
    session = _session(tmp_path, "d12-tension", str(generator.resolve()))
    asked: list[int] = []
    faces = iter(["2", "3", "2"])  # two exits; of N E W the third, W; of N E the second, E

    def ask(sides: int, problem: str | None, purpose: str = "") -> str:
        asked.append(sides)
        return "1" if sides == 1 else next(faces, "")  # then solo rolls D12's own dice

    try:
        session.set_dice("physical")
        session.ask_die = ask
        session.handle("enter")
        room = session.state.dungeon.current
    finally:
        session.close()
    # the kind's d1, the exits' d3, the directions' d3 and d2, each door's d1, the contents'
    assert asked[:7] == [1, 3, 3, 2, 1, 1, 1]
    assert room is not None and [exit.direction for exit in room.exits] == ["E", "W"]


def test_room_and_room_exits_win_over_what_was_rolled(tmp_path):
    session = _session(tmp_path, "dungeon-turn", settings=("doors=barred",))
    try:
        session.handle("enter")
        room = session.state.dungeon.current
        assert room is not None
        shut = next(exit for exit in room.exits if exit.barred)
        with pytest.raises(UsageError, match=rf"is {shut.door}: once the party has opened "
                           rf"it, 'room exits {shut.direction}' says so"):
            session.handle(f"enter {shut.direction}")
        session.handle(f"room a drowned chapel, exits {shut.direction}")
        changed = session.state.dungeon.current
        assert changed is not None and changed.description == "a drowned chapel"
        assert not any(exit.barred for exit in changed.exits
                       if exit.direction == shut.direction)
        session.handle(f"enter {shut.direction}")
        assert session.state.dungeon.here != room.id
    finally:
        session.close()


def test_a_door_the_player_types_is_shut_too(tmp_path):
    path = create_journal_file(str(tmp_path / "typed.md"), "d12-tension", None, 5, [])
    session = Session(path)
    try:
        session.handle("enter")
        session.handle("room exits N(locked) E(stuck) W(trapped)")
        with pytest.raises(UsageError, match="the door N of R1 is locked: 'break-door N' "
                           "opens it first"):
            session.handle("enter N")
        session.handle("break-door N")
        session.handle("enter N")
    finally:
        session.close()
    text = path.read_text(encoding="utf-8")
    assert "[R:1|active|exits N(locked), E(stuck), W]" in text
    assert "[R:1|active|exits N, E(stuck), W]" in text
