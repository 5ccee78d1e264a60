"""Playing a key: what starting, resuming and a bad key do (docs/keys.md, #39 item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "keys" / "bell-abbey.yaml"


def start(folder: Path, key: Path, system: str = "d12-tension", stdin: str = ""):
    return solo("new", str(folder / "j.md"), "--system", system, "--seed", "5",
                "--dungeon", str(key), stdin=stdin)


def test_the_first_move_enters_the_entrance_and_names_the_key_by_path_and_hash(here):
    key = here / "abbey.yaml"
    key.write_bytes(EXAMPLE.read_bytes())
    run = start(here, key, stdin="rooms\nenter\n")
    assert run.code == 0, run.err
    assert "No rooms yet: the procedure's 'enter' goes into the key's entrance " \
           "(explored: 0 of 20 rooms, 0 of 5 secrets)" in run.out
    assert "[R:1|active|Cellar stair|exits S(out), N, E]" in run.out
    assert "Broken steps down from the bramble" in run.out  # its text, on entering
    assert "Porters' room" not in run.out  # the room beyond, not yet
    text = (here / "j.md").read_text(encoding="utf-8")
    import hashlib
    assert hashlib.sha256(key.read_bytes()).hexdigest() in text
    assert '"dungeon_key":"abbey.yaml"' in text  # beside the journal: named relative to it
    assert "Porters' room" not in text and "tally marks" not in text


def test_a_shut_door_is_refused_by_name_until_the_procedures_action_opens_it(here):
    run = start(here, EXAMPLE, stdin="enter\nenter E\nenter N\nenter E\nbreak-door\nenter E\n")
    assert run.code == 1  # a batch with a refusal in it
    assert "the door E of R5 is stuck: 'break-door E' opens it first" in run.err
    assert "[R:7|active|Fish store|" in run.out


def test_a_secret_door_is_found_by_the_procedures_search_and_counted(here):
    run = start(here, EXAMPLE, "trespasser",
                stdin="advance\nadvance N\nadvance N\nadvance W\nrooms\nsearch success\nrooms\n")
    assert run.code == 0, run.err
    before, after = run.out.split("@ search", 1)
    assert "SW" not in before.split("Chapter house")[-1]
    assert "A secret way SW is found" in after
    assert "exits N, SW(secret), E:R4" in after
    assert "Explored: 4 of 20 rooms, 1 of 5 secrets." in after
    assert "Hidden reliquary" not in run.out  # what lies beyond, not until entered


def test_a_key_moved_or_edited_between_sittings_is_a_notice(here):
    key = here / "abbey.yaml"
    key.write_bytes(EXAMPLE.read_bytes())
    assert start(here, key, stdin="enter\nenter N\n").code == 0
    key.write_text(key.read_text(encoding="utf-8").replace("Porters' room", "Gate room"),
                   encoding="utf-8")
    status = solo("status", str(here / "j.md"))
    assert "The key abbey.yaml was edited since it was last played (its sha256 differs): " \
           "R2: its name changed. The rooms already entered keep what the journal " \
           "recorded." in status.out
    rooms = solo("play", str(here / "j.md"), stdin="rooms\n")
    assert "R2 (here) · Porters' room" in rooms.out  # as the journal recorded it
    key.write_text(key.read_text(encoding="utf-8").replace(
        "      - {dir: N, to: R4}\n      - {dir: E, to: R5}\n",
        "      - {dir: N, to: R4}\n", 1), encoding="utf-8")
    status = solo("status", str(here / "j.md"))
    # R2 lost its way east; R5, not yet entered, lost its way back: counted, not named
    assert "R2: its name, exits and doors changed; 1 room not yet entered changed." \
        in status.out
    assert "R5" not in status.out
    key.rename(here / "moved.yaml")
    status = solo("status", str(here / "j.md"))
    assert "The key abbey.yaml is not found (moved or deleted?)" in status.out
    moved = solo("play", str(here / "j.md"), stdin="enter\n")
    assert moved.code == 1
    assert "the key abbey.yaml is not found (moved or deleted?)" in moved.err


@pytest.mark.parametrize("edit, expected", [
    (("{dir: N, to: R4}", "{dir: N, to: R44}"),
     "bad.yaml:48: rooms.1.exits.0.to: R44 is not a room of this key"),
    (("- id: R3\n", "- id: R2\n"),
     "bad.yaml:54: rooms.2.id: two rooms with the id R2 (the first at line 43)"),
])
def test_a_bad_key_is_refused_with_its_file_and_line_and_nothing_started(here, edit, expected):
    key = here / "bad.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    assert edit[0] in text
    key.write_text(text.replace(*edit, 1), encoding="utf-8")
    run = start(here, key)
    assert run.code == 1
    assert expected in run.error_line()
    assert not (here / "j.md").exists()


def test_an_encounter_the_procedure_lacks_is_refused_at_the_start(here):
    key = here / "bad.yaml"
    text = EXAMPLE.read_text(encoding="utf-8")
    key.write_text(text.replace("{encounter: gutter-cats}", "{encounter: wyvern-nest}", 1),
                   encoding="utf-8")
    run = start(here, key)
    line = run.error_line()
    assert "bad.yaml:51: R2 meets 'wyvern-nest', which is neither one of the key's " \
           "encounters nor an entry of the procedure's encounter table" in line
    assert not (here / "j.md").exists()


def _found(journal: Path) -> str:
    return journal.read_text(encoding="utf-8").rsplit('"key_found":"', 1)[1].split('"')[0]


def test_a_secret_found_names_only_rooms_entered_and_its_far_side_once_entered(here):
    journal = here / "j.md"
    run = start(here, EXAMPLE, "trespasser",
                stdin="advance\nadvance N\nadvance N\nadvance W\nsearch success\n")
    assert run.code == 0, run.err
    assert "A secret way SW is found" in run.out
    assert _found(journal) == "R6:SW"  # not R11's face of it: R11 is not entered
    walked = solo("play", str(journal), stdin="advance SW\nrooms\n")
    assert walked.code == 0, walked.err
    assert "R11 (here) · Hidden reliquary · active · exits NE:R6(secret)" in walked.out
    assert _found(journal) == "R11:NE R6:SW"
    assert "Explored: 5 of 20 rooms, 1 of 5 secrets." in walked.out  # one door, two faces


def test_a_journal_that_named_the_far_side_of_a_secret_unentered_still_resumes(here):
    journal = here / "j.md"
    assert start(here, EXAMPLE, "trespasser", stdin="advance\nadvance N\nadvance N\n"
                 "advance W\nsearch success\n").code == 0
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text.replace('"key_found":"R6:SW"', '"key_found":"R11:NE R6:SW"'),
                       encoding="utf-8")  # as solo wrote it before
    walked = solo("play", str(journal), stdin="rooms\nadvance SW\nrooms\n")
    assert walked.code == 0, walked.err
    assert "R6 (here) · Chapter house · active · exits N, SW(secret), E:R4" in walked.out
    assert "R11 (here) · Hidden reliquary · active · exits NE:R6(secret)" in walked.out
    assert "Explored: 5 of 20 rooms, 1 of 5 secrets." in walked.out


def test_room_exits_cannot_give_a_keyed_room_an_exit_the_key_lacks(here):
    run = start(here, EXAMPLE, stdin="enter\nroom exits W\nroom exits NE(locked)\nrooms\n")
    assert run.code == 1
    assert run.err.count("the key gives R1 its exits, and ") == 2
    assert "[R:1|active|Cellar stair|exits S(out), N, E]" in run.out
    assert "R1 (here, way out) · Cellar stair · active · exits S(out), N, E\n" in run.out


ONE_SIDED = """kind: key
id: sk
name: Secret test
entrance: R1
rooms:
  - {id: R1, name: Hall, text: A hall., exits: [{dir: S, to: out},
     {dir: E, to: R2, door: secret, text: a sliding panel}, {dir: N, to: R3}]}
  - {id: R2, name: Closet, text: A closet., exits: [{dir: W, to: R1, text: a plain door}]}
  - {id: R3, name: Gallery, text: A gallery., exits: [{dir: S, to: R2}]}
"""


@pytest.mark.parametrize("system, move", [("d12-tension", "enter"), ("trespasser", "advance")])
def test_a_secret_door_walked_through_from_its_open_side_joins_the_exits_and_is_used(
        here, system, move):
    key = here / "k.yaml"
    key.write_text(ONE_SIDED, encoding="utf-8")
    run = start(here, key, system, stdin=f"{move}\n{move} N\n{move} S\n{move} W\n")
    assert run.code == 0, run.err
    assert "[R:1|active|Hall|exits S(out), E:R2(secret), N:R3]\n[#R:1]" in run.out  # journal says
    walked = solo("play", str(here / "j.md"), stdin=f"rooms\n{move} E\nrooms\n")
    assert walked.code == 0, walked.err
    assert "R1 (here, way out) · Hall · active · exits S(out), E:R2(secret), N:R3" in walked.out
    assert "Explored: 3 of 3 rooms, 1 of 1 secret." in walked.out
    assert "R2 (here) · Closet" in walked.out  # through the panel, not round by R3


FOUR = """kind: key
id: four
name: Four rooms
entrance: R1
rooms:
  - {id: R1, name: Hall, text: A hall., exits: [{dir: S, to: out}, {dir: N, to: R2}]}
  - {id: R2, name: Cell, text: A cell., exits: [{dir: S, to: R1}, {dir: N, to: R3}]}
  - {id: R3, name: Vault, text: A vault., exits: [{dir: S, to: R2}, {dir: E, to: R4}]}
  - {id: R4, name: Crypt, text: A crypt., exits: [{dir: W, to: R3}]}
"""


def test_a_room_entered_then_edited_out_of_the_key_stays_explored_as_it_stays_mapped(here):
    key, journal = here / "k.yaml", here / "j.md"
    key.write_text(FOUR, encoding="utf-8")
    assert start(here, key, stdin="enter\nenter N\nenter N\n").code == 0
    key.write_text(FOUR.replace("  - {id: R3, name: Vault, text: A vault., exits: [{dir: S, "
                                "to: R2}, {dir: E, to: R4}]}\n", "")
                   .replace("{dir: N, to: R3}", "{dir: N, to: R4}")
                   .replace("{dir: W, to: R3}", "{dir: S, to: R2}"), encoding="utf-8")
    assert "R3 is no longer in the key" in solo("status", str(journal)).out
    rooms = solo("play", str(journal), stdin="rooms\n")
    assert "R3 (here) · Vault" in rooms.out  # as the journal recorded it
    assert "Explored: 3 of 4 rooms." in rooms.out  # R3 among them, and R4 not yet entered
    assert "Explored: 3 of 4 rooms" in solo("stats", str(journal)).out
    assert '"explored": "3 of 4 rooms"' in solo("stats", str(journal), "--json").out
    assert "- **Explored:** 3 of 4 rooms" in solo("export", str(journal)).out
    page = solo("export", str(journal), "--format", "html").out
    assert "Explored</dt><dd>3 of 4 rooms</dd>" in page
