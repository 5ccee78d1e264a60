"""Tab completion past the command's first word: what a player sees at the prompt after
``party set Wren``, ``Old Tom:``, ``set NAME``, ``ask …?``, ``strike TABLE`` or a door
action's direction, through the real completer (prompt_toolkit's Document)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.document import Document

from solo.engine.rooms import DIRECTIONS
from solo.errors import UsageError
from solo.play.repl import SoloCompleter
from solo.play.session import Session
from solo.play.start import create_journal_file

KEY = Path(__file__).resolve().parents[2] / "docs" / "examples" / "keys" / "bell-abbey.yaml"


@pytest.fixture
def crawl(tmp_path: Path) -> Iterator[Callable[..., Session]]:
    sessions: list[Session] = []

    def start(system: str, *lines: str, dungeon=(None, [])) -> Session:
        path = create_journal_file(str(tmp_path / f"{system}-{len(sessions)}.md"), system,
                                   "Tab Crawl", 9, [], party=["Wren", "Old Tom"],
                                   dungeon=dungeon)
        session = Session(path)
        sessions.append(session)
        for line in lines:
            session.handle(line)
        return session

    yield start
    for session in sessions:
        session.close()


def complete(session: Session, text: str) -> list[str]:
    return [c.text for c in SoloCompleter(session).get_completions(Document(text), None)]


def typed(session: Session, text: str) -> str:
    """The line once the first completion offered is taken (Tab, then Enter)."""
    document = Document(text)
    first = next(iter(SoloCompleter(session).get_completions(document, None)))
    return text[:len(text) + first.start_position] + first.text


def test_party_set_offers_the_members_then_what_each_may_have_then_its_values(crawl):
    session = crawl("dungeon-turn")
    assert complete(session, "party ") == ["add", "set", "remove"]
    assert complete(session, "party set ") == ["Wren", "Old Tom"]
    assert complete(session, "party set o") == ["Old Tom"]
    assert complete(session, "party set Old ") == ["Tom"]  # a name of two words, typed as two
    assert complete(session, "party set wren ") == ["fatigue", "str_bonus", "int_bonus"]
    assert "hp" not in complete(session, "party set Old Tom ")  # hurt and heal change hp
    assert "quiet_turns" not in complete(session, "party set Wren ")  # the delve's own
    assert complete(session, "party set Wren fatigue ") == ["0", "1", "2"]  # its min to max
    assert complete(session, "party set Wren fatigue 2 ") == ["str_bonus", "int_bonus"]
    assert complete(session, "party set Wren str_bonus ") == []  # any number
    assert complete(session, "party remove ") == ["Wren", "Old Tom"]
    assert complete(session, "party add Cid ")[:1] == ["hp"]
    assert "hp" not in complete(session, "party add Cid hp 6 ")


def test_party_set_offers_no_mark_the_rules_keep(crawl):
    session = crawl("trespasser")
    for line in ("party set Wren ", "party add Cid ", "party set Wren endurance 1 "):
        assert "armor_spent" in complete(session, line)
        assert "acted" not in complete(session, line)  # who has acted: the rules' alone
    assert complete(session, "party set Wren acted ") == []


def test_what_the_completer_offers_after_party_set_is_what_party_set_takes(crawl):
    session = crawl("dungeon-turn")
    for key in complete(session, "party set Old Tom "):
        value = (complete(session, f"party set Old Tom {key} ") or ["1"])[-1]
        session.handle(f"party set Old Tom {key} {value}")
        member = session.state.member("Old Tom")
        assert {**dict(member.conditions), **dict(member.own)}[key] == int(value)


def test_a_member_of_two_names_completes_as_it_is_typed(crawl):
    session = crawl("trespasser")
    assert "Old Tom:" in complete(session, "")
    assert complete(session, "ol") == ["Old Tom:"]
    assert typed(session, "Old T") == "Old Tom:"
    assert complete(session, "Old Tom: sea") == ["search"]
    assert complete(session, "old tom : batter-door ") == ["success", "failure"]
    assert not any(word.endswith(":") for word in complete(session, "Old Tom: "))
    assert complete(session, "Old Tom: I ") == []  # what they say is theirs


def test_set_offers_what_may_be_set_then_the_values_it_declares(crawl):
    session = crawl("d12-tension")
    assert {"tension", "tables", "show_tension", "dice", "odds", "dungeon"} <= set(
        complete(session, "set "))
    assert complete(session, "set tables ") == ["seed", "rich"]  # its declared choices
    assert complete(session, "set show_tension ") == ["true", "false"]
    assert complete(session, "set dice ") == ["solo", "physical"]
    assert complete(session, "set odds ") == ["on", "off"]
    assert {"classic", "off"} <= set(complete(session, "set dungeon "))
    assert complete(session, "set tables rich ") == []
    assert complete(session, "set torches ") == []  # a count: any number
    trespasser = crawl("trespasser")
    assert complete(trespasser, "set alarm ") == [str(n) for n in range(11)]  # 0/10
    assert complete(trespasser, "set depletion p") == ["player"]


def test_set_dungeon_offers_the_generators_then_the_settings_of_the_one_in_play(crawl):
    session = crawl("d12-tension", "set dungeon classic")
    assert {"classic", "site", "tracker"} <= set(complete(session, "set dungeon "))
    assert complete(session, "set dungeon o") == ["off"]
    assert {"doors=barred", "size=small"} <= set(complete(session, "set dungeon classic "))
    assert not any(word.startswith("doors=") for word in complete(
        session, "set dungeon classic doors=barred "))
    assert complete(session, "set dungeon off ") == []


def test_ask_offers_the_odds_after_the_question_and_nothing_inside_it(crawl):
    session = crawl("trespasser")
    assert {"meaning", "mythic:"} <= set(complete(session, "ask "))
    assert complete(session, "ask Is the door ") == []
    assert {"likely", "unlikely", "50/50"} <= set(complete(session, "ask Is it barred? "))
    assert complete(session, "ask Is it barred? very ") == ["unlikely", "likely"]
    assert typed(session, "ask Is it barred? very l") == "ask Is it barred? very likely"
    assert complete(session, "ask meaning ") == []


@pytest.mark.parametrize("line", ["ask opse: Is it? ", "ask Opse : Is it? ",
                                  "ask OPSE :Is it? ", "ask opse:Is it? "])
def test_ask_offers_the_odds_of_the_style_named_however_the_colon_is_spaced(crawl, line):
    session = crawl("trespasser")  # asks with mythic, whose odds opse has only some of
    opse = ["likely", "even", "50/50", "fifty-fifty", "50-50", "even odds", "coin flip",
            "unlikely"]
    assert complete(session, line) == opse
    assert complete(session, line + "very ") == []  # no 'very likely' in opse
    assert "very likely" in complete(session, "ask Opsen : Is it? ")  # not a style: mythic


def test_strike_offers_a_table_then_its_entries_not_struck_yet(crawl):
    session = crawl("trespasser")
    table = session.world.table("trespasser-encounters")
    entries = [entry.id for entry in table.entries]
    assert "trespasser-encounters" in complete(session, "strike tres")
    assert complete(session, "strike trespasser-encounters ") == entries
    session.handle(f"strike trespasser-encounters {entries[0]}")
    assert complete(session, "strike trespasser-encounters ") == entries[1:]


def test_a_door_action_offers_the_shut_doors_then_its_own_words(crawl):
    session = crawl("trespasser", "advance", "room exits N(stuck) E W(locked)")
    assert complete(session, "batter-door ") == ["N", "W", "success", "failure"]
    assert complete(session, "pick-lock ")[:1] == ["W"]  # a lock, not a stuck door
    assert complete(session, "batter-door N ") == ["success", "failure"]
    assert complete(session, "batter-door N success ") == []
    assert complete(session, "Wren: batter-door ") == ["N", "W", "success", "failure"]


def test_a_door_action_offers_two_doors_alike_with_no_direction_by_their_numbers(crawl):
    session = crawl("d12-tension", "enter 0", "room exits (locked) E(stuck) (locked)")
    assert complete(session, "break-door ") == ["?1", "E", "?2"]  # as the exits line names them
    session.handle("break-door ?2")
    assert complete(session, "break-door ") == ["?", "E"]
    session.handle("room exits (stuck)")
    assert complete(session, "break-door ") == ["?(locked)", "E", "?(stuck)"]


def test_room_exits_offers_each_shut_door_with_no_direction_as_it_takes_it(crawl):
    session = crawl("d12-tension", "enter 0", "room exits (locked) E(stuck) (locked)")
    assert complete(session, "room exits ")[10:] == ["?1", "?2"]  # as the exits line
    assert complete(session, "room exits ?1 ")[10:] == ["?2"]
    session.handle("room exits ?2")
    assert complete(session, "room exits ")[10:] == ["?"]
    session.handle("room exits (stuck)")
    assert complete(session, "room exits ")[10:] == ["?(locked)", "?(stuck)"]
    for word in complete(session, "room exits ")[10:]:
        session.handle(f"room exits {word}")  # each one taken


def test_a_move_offers_a_way_or_a_room_then_its_own_words(crawl):
    session = crawl("d12-tension", "enter 2", "enter N 2")
    assert complete(session, "revisit ") == ["S", "R1"]  # as 'go' (no R2: the party is there)
    assert complete(session, "revisit R1 ") == []  # a room or a direction, not both
    assert complete(session, "enter N ") == ["none", "preset"]
    assert complete(session, "enter ")[:9] == [way for way in DIRECTIONS if way != "S"]
    # mapped by hand: any way but S, which leads back to R1 (enter S is refused)
    session.handle("room exits E(locked)")
    assert "E" not in complete(session, "enter ")  # a shut door is opened first


def test_outside_the_dungeon_no_action_offers_anything(crawl):
    session = crawl("delving", "enter", "leave")
    assert session.state.trip.outside
    assert complete(session, "enter ") == complete(session, "search ") == []
    session.handle("return")
    assert complete(session, "enter ")[:1] == ["N"]


def test_a_move_in_a_keyed_room_offers_its_unexplored_exits_and_the_rooms_known(crawl):
    session = crawl("d12-tension", dungeon=(str(KEY), []))
    assert complete(session, "enter ")[:1] == ["N"]  # (no room yet: any way)
    session.handle("enter")
    assert complete(session, "enter ") == ["N", "E", "none", "preset"]  # S leads out
    assert complete(session, "revisit ") == []  # no other room known yet
    session.handle("enter N")
    assert complete(session, "enter ") == ["N", "E", "none", "preset"]
    assert complete(session, "revisit ") == ["S", "R1"]
    assert complete(session, "go ") == ["S", "out", "R1"]


def test_room_exits_in_a_keyed_room_offers_only_the_exits_the_key_gives(crawl):
    """The key refuses an exit it does not give the room; a secret way is offered once
    found (R6 hides one SW)."""
    session = crawl("d12-tension", "enter", "enter N", "enter N", "enter W",
                    dungeon=(str(KEY), []))
    assert complete(session, "room exits ") == ["N", "E"]
    assert complete(session, "room exits n ") == ["E"]
    with pytest.raises(UsageError, match="the key gives R6 its exits, and W is none of them"):
        session.handle("room exits W")
    session.handle("find-secret")
    assert complete(session, "room exits ") == ["N", "SW", "E"]
    session.handle("enter N")
    assert complete(session, "room exits ") == [
        exit.direction for exit in session.state.dungeon.current.exits if exit.seen]


def test_a_move_in_a_rolled_room_offers_its_unexplored_exits(crawl):
    session = crawl("d12-tension", "set dungeon classic", "enter")
    room = session.state.dungeon.current
    assert room is not None
    unexplored = [exit.direction for exit in room.exits if exit.seen and exit.to is None]
    assert unexplored
    assert complete(session, "enter ") == [*unexplored, "none", "preset"]
    assert complete(session, "revisit ") == []


def test_go_offers_the_ways_it_may_take_from_the_room_the_party_is_in(crawl):
    session = crawl("d12-tension")
    assert complete(session, "go ") == []  # in no room yet
    session.handle("enter 2")
    session.handle("room exits N E")
    session.handle("enter N 2")
    assert complete(session, "go ") == ["S", "out", "R1"]  # R2's way back; no 'R2': here
    session.handle("go S")
    assert complete(session, "go ") == ["N", "R2"]  # E leads nowhere known yet; and no
    with pytest.raises(UsageError, match="in R1 already"):  # 'out': R1 is the way out
        session.handle("go out")


def test_douse_offers_what_is_burning(crawl):
    session = crawl("trespasser")
    assert complete(session, "douse ") == []
    session.handle("light lantern")
    assert complete(session, "douse ") == ["lantern"]
    assert complete(session, "light ") == ["torch", "lantern", "candle"]


def test_room_offers_the_words_that_may_follow_the_ones_typed(crawl):
    session = crawl("d12-tension", "enter 2", "room cleared")
    assert complete(session, "room exits N ") == [
        "NE", "E", "SE", "S", "SW", "W", "NW", "U", "D"]  # no shut door for '?' to open
    assert complete(session, "room way ") == ["out"]
    assert complete(session, "room -") == ["-cleared"]  # what the room has
    assert "+cleared" not in complete(session, "room +looted +")
    assert complete(session, "room a dusty hall, ") == ["exits"]
    assert complete(session, "room a dusty ") == []  # the description is the player's


def test_commands_of_one_word_from_a_set_offer_it_once(crawl):
    session = crawl("trespasser")
    assert complete(session, "tables ") == ["all"]
    assert complete(session, "odds ") == ["on", "off"]
    assert complete(session, "light torch ") == []
    assert complete(session, "roll 2d6 ") == []  # the reason is the player's
    assert complete(session, "hurt ") == []  # a number of hit points
    assert complete(session, "hide success ") == []


_PIECES = ["party", "set", "add", "remove", "Old", "Tom", "Tom:", "Wren:", "wren", ":",
           "fatigue", "ask", "meaning", "mythic:", "Is", "it?", "?", "very", "strike",
           "trespasser-encounters", "room", "exits", "way", "+looted", "-", "+", "N",
           "N(stuck)", "?(locked)", "?2", "advance", "batter-door", "go", "R1", "dungeon",
           "classic", "doors=", "=", "set", "dice", "help", "table", "1", "-3", "x" * 50, "é", ","]


def test_no_text_typed_makes_the_completer_fail(crawl):
    """Completion runs at every key: whatever the line, it never raises, and what it offers
    goes on from the word being typed."""
    session = crawl("trespasser", "advance", "room exits N(stuck) E W(locked)")
    completer = SoloCompleter(session)

    @given(st.lists(st.sampled_from(_PIECES), max_size=6), st.sampled_from([" ", " : ", ":"]),
           st.sampled_from(["", " ", "  "]))
    def check(words: list[str], joint: str, tail: str) -> None:
        text = joint.join(words[:2]) + "".join(f" {word}" for word in words[2:]) + tail
        for completion in completer.get_completions(Document(text), None):
            assert completion.text
            assert completion.text.casefold().startswith(
                text[len(text) + completion.start_position:].casefold())

    check()
