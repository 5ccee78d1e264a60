"""How ``room``, ``go`` and ``back`` read what was typed after them: the request each line
becomes, and the one-line refusal of each line that does not fit."""

from __future__ import annotations

import pytest

from solo.engine import core as engine
from solo.engine.requests import GoBack, GoTo, MarkRoom, NoteRoom
from solo.engine.room_changes import MAX_EXITS, STATUS_WORDS
from solo.engine.room_grammar import ROOM_TOOLS
from solo.engine.rooms import DIRECTIONS, Exit
from solo.errors import UsageError
from solo.rules.catalog import load_world

WORLD = load_world("d12-tension")
STATE = engine.start(WORLD)


def read(line: str):
    name, _, rest = line.partition(" ")
    return ROOM_TOOLS[name].read(WORLD, STATE, rest)


@pytest.mark.parametrize("line, description, exits", [
    ("room library, exits N E S", "library", (Exit("N"), Exit("E"), Exit("S"))),
    ("room library,   exits n, se, u", "library", (Exit("N"), Exit("SE"), Exit("U"))),
    ("room exits 3", None, (Exit(), Exit(), Exit())),
    ("room exits W:R1 e(secret) R4", None, (Exit("W", "R1"), Exit("E", secret=True),
                                            Exit(None, "R4"))),
    ("room a long   hall", "a long hall", ()),
    ("room the exits of the hall are barred", "the exits of the hall are barred", ()),
])
def test_room_reads_a_description_and_exits(line, description, exits):
    request = read(line)
    assert request == NoteRoom(description=description, exits=exits, text=line)


@pytest.mark.parametrize("line, words, mode", [
    ("room cleared", ("cleared",), "set"),
    ("room Cleared looted", ("cleared", "looted"), "set"),
    ("room +looted +haunted", ("looted", "haunted"), "add"),
    ("room -locked", ("locked",), "remove"),
])
def test_room_marks_statuses_set_added_or_taken_away(line, words, mode):
    request = read(line)
    assert isinstance(request, MarkRoom)
    assert (request.words, request.mode) == (words, mode)


@pytest.mark.parametrize("line, said", [
    ("room", "describe the room, give its exits or its status"),
    ("room +looted -locked", "not both in one line"),
    ("room +", "name the status"),
    ("room - looted", "name the status"),
    ("room hall, exits N X", "no exit 'X'"),
    ("room hall, exits N n", "the exit N is named twice"),
    (f"room exits {MAX_EXITS + 1}", f"at most {MAX_EXITS} exits"),
    ("go", "a direction"),
    ("go N R2", "a direction"),
    ("back home", "takes no words after it"),
])
def test_a_line_that_does_not_fit_is_refused_in_one_line(line, said):
    with pytest.raises(UsageError, match=said) as refused:
        read(line)
    assert "\n" not in str(refused.value)


def test_go_and_back_read_where_to():
    """The word as typed (the walk reads it in any case; a refusal quotes it as typed)."""
    assert read("go n") == GoTo(where="n", text="go n")
    assert read("go r2") == GoTo(where="r2", text="go r2")
    assert read("back") == GoBack(text="back")


def test_completion_offers_the_words_each_command_takes():
    room_words = ROOM_TOOLS["room"].complete(WORLD, STATE, ())
    assert "exits" in room_words and set(STATUS_WORDS) <= set(room_words)
    assert set(DIRECTIONS) <= set(room_words)
    # (no room is known yet, so 'go' leads nowhere: tests/play/test_completion.py)
    assert tuple(ROOM_TOOLS["go"].complete(WORLD, STATE, ())) == ()
    assert list(ROOM_TOOLS["back"].complete(WORLD, STATE, ())) == []
