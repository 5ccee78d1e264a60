"""The ``map`` drawing at the terminal: boxes and lines within the width, the party's room
marked, open exits shown, and nothing the player typed able to reach the terminal raw."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st
from map_dungeons import HOSTILE, big_dungeon, dungeons, hostile_rooms, twelve_rooms

from solo.engine.rooms import Dungeon, Exit, Room
from solo.play.map_text import map_lines
from tests.suite_profile import scaled

BOX_CHARS = "┌┐└┘╔╗╚╝┏┓┗┛│║┃"
OFF_EDGES = re.compile(r"^(\d+) more rooms? off the edges: (.*)\.$")


def columns(line: str) -> int:
    """Terminal columns, counted here as wcwidth does: wide characters take two, combining
    marks and invisible format characters none (the soft hyphen one)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else
               0 if unicodedata.category(char) in ("Mn", "Me") else
               0 if unicodedata.category(char) == "Cf" and char != "\xad" else 1
               for char in line)


def _room_line(lines: list[str], room: str) -> str:
    return next(line for line in lines if re.search(rf"[│║┃┤╢┨]\s*{room}\W", line))


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Cs") or char in "\u202a\u202b\u202c\u202d\u202e"


def test_the_sample_is_drawn_in_boxes_with_the_party_s_room_in_a_double_line():
    lines = map_lines(twelve_rooms())
    # (counted as walks go, each exit the way it leads: R8 has no way back west to R6, so
    # the way out is down to R9, R10, R11, R12 and R1, as 'rooms' and the rules count it)
    assert lines[0] == "Map of 12 rooms; you are in R8; the way out, R1, is 5 rooms away."
    assert all(columns(line) <= 80 for line in lines)
    here = _room_line(lines, "R8")
    assert re.search(r"[║╢]\s+R8\s+[║╟]", here)
    wide = map_lines(twelve_rooms(), width=100)  # (at 80 columns R1 is off the west edge)
    assert re.search(r"[┃┨]\s+R1✓\s+[┃┠]", _room_line(wide, "R1"))
    assert re.search(r"[│┤]\s+R4\s+[│├]", _room_line(lines, "R4"))
    assert any(line.startswith("@ R8 ") and "Stair head" in line for line in lines)


def test_the_loop_the_stair_the_secret_door_and_the_open_exits_show():
    lines = map_lines(twelve_rooms(), width=100)
    assert re.search(r"R2✓\$\s*├───┤\s*R3", _room_line(lines, "R2"))  # the loop's top
    assert re.search(r"R5\s*├───┤\s*R4", _room_line(lines, "R5"))  # and its bottom
    assert "╟─?" in _room_line(lines, "R8")  # the open exit east of the party
    drawing = "\n".join(lines)
    assert "┆" in drawing  # R10 over R11, a secret door
    assert "≡" in drawing  # the stair down from R8
    assert "Passages too long to draw: R12 ─ R1." in lines  # the long way no direction gives
    assert any(line.startswith("  R12 ") and line.endswith("unexplored: N, up") for line in lines)
    assert any("R7" in line and "collapsed" in line for line in lines)  # the dead end
    legend = " ".join(lines[-2:])
    for item in ("you are here", "way out", "┄ secret", "≡ stair", "? unexplored exit", "✓ cleared",
                 "$ looted", "✗ collapsed"):
        assert item in legend


def test_a_narrow_terminal_shows_the_part_around_the_party_and_counts_the_rest():
    for width in (24, 40, 60):
        lines = map_lines(twelve_rooms(), width=width)
        assert all(columns(line) <= width for line in lines), width
        assert any(re.search(r"[║╢]\s+R8\s+[║╟]", line) for line in lines)
        key = [line for line in lines if re.match(r"^[@ ] R\d+ ", line)]
        hidden = int(re.search(r"(\d+) more rooms? off the edges", " ".join(lines)).group(1))
        assert len(key) + hidden == 12


def test_a_big_map_keeps_to_the_width_and_height_it_is_given():
    lines = map_lines(big_dungeon(), width=80, height=20)
    assert all(columns(line) <= 80 for line in lines)
    first = next(number for number, line in enumerate(lines)
                 if any(char in BOX_CHARS for char in line))
    note = next(number for number, line in enumerate(lines) if OFF_EDGES.match(line))
    assert 0 < note - first <= 20
    hidden = int(OFF_EDGES.match(lines[note]).group(1))
    counts = [int(count) for count in re.findall(r"(\d+) (?:west|east|north|south)",
                                                  OFF_EDGES.match(lines[note]).group(2))]
    assert sum(counts) == hidden > 250
    assert any(line.startswith("@ R150 ") for line in lines)


def test_hostile_descriptions_and_ids_cannot_reach_the_terminal_raw():
    lines = map_lines(hostile_rooms())
    assert all(columns(line) <= 80 for line in lines)
    assert not any(_unsafe(char) for line in lines for char in line)
    assert all("\n" not in line for line in lines)
    assert any("\\x1b[31mred" in line for line in lines)  # shown, escaped
    assert "\x1b" in HOSTILE and "\n" in HOSTILE
    key = sum(line.startswith(("  R", "@ R", "  x]|")) for line in lines)
    hidden = int(re.search(r"(\d+) more rooms? off the edges", " ".join(lines)).group(1))
    assert key + hidden == 13  # one key line a room shown: no line broken by a newline
    lines = map_lines(hostile_rooms(), width=200)  # (east of R12: off the edge at 80)
    side = "┤ x]|"  # the box's west side, where the passage from R12 meets it
    middle = next(number for number, line in enumerate(lines) if side in line)
    label, top = lines[middle], lines[middle - 1]
    start = columns(label[:label.index(side)])
    end = columns(label[:label.index("│", label.index(side) + 1)])
    corners = [columns(top[:index]) for index, char in enumerate(top) if char in "┌┐"]
    assert start in corners and end in corners  # the hostile id's box still closes


def test_wide_ids_keep_their_boxes_square():
    rooms = (Room("大広間", "great hall", exits=(Exit("E", "R2"),)), Room("R2", "side room"))
    lines = map_lines(Dungeon(rooms, here="R2", way_out="大広間"))
    box = lines[1:4]
    assert "大広間" in box[1] and box[0].lstrip().startswith("┏")
    assert len({columns(line) for line in box}) == 1  # top, middle and bottom line up


def test_an_empty_dungeon_says_so():
    assert map_lines(Dungeon()) == ["No rooms on the map yet."]


def test_a_room_without_a_description_says_so_in_the_key():
    lines = map_lines(Dungeon((Room("R1"),), here="R1", way_out="R1"))
    assert lines[0] == "Map of 1 room; you are in R1, the way out."
    assert "@ R1  (no description) · you are here · way out" in lines


@settings(max_examples=scaled(120), deadline=None)
@given(dungeons(), st.integers(8, 140))
def test_any_dungeon_fits_any_width_and_stays_safe(dungeon, width):
    lines = map_lines(dungeon, width=width)
    assert lines
    assert all(columns(line) <= width for line in lines)
    assert not any(_unsafe(char) for line in lines for char in line)
