"""The d12-tension procedure (seed 000) as a player meets it: events, checks, Tension."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from solo.engine.events import (
    Acted,
    Checked,
    Encountered,
    LightChanged,
    MemberChanged,
    Rolled,
    Said,
    TableRolled,
    TrackerChanged,
)
from solo.engine.state import Member
from solo.errors import UsageError
from solo.journal.notation import event_lines
from solo.rules.procedure import Procedure
from tests.conftest import ScriptedRandom
from tests.conftest import perform_line as perform

SYSTEM = "d12-tension"


def _tables(result, name):
    return [event for event in result.events if isinstance(event, TableRolled)
            and event.table == name]


def _met(result):
    return [event for event in result.events
            if isinstance(event, Encountered) and event.status == "met"]


def _quiet_faces(event_face: int = 1) -> list[int]:
    """A d12 event face, then a d12 encounter check face of 12 (never an encounter)."""
    return [event_face, 12]


# -- the frame: Tension 0-10 ---------------------------------------------------------

def test_tension_tracker_runs_from_0_to_10_and_starts_at_0(crawl):
    c = crawl(SYSTEM)
    procedure: Procedure = c.world.procedure
    tension = procedure.trackers["tension"]
    assert (tension.minimum, tension.maximum, tension.start) == (0, 10, 0)
    assert procedure.danger == "tension"
    assert c.value("tension") == 0
    assert procedure.minutes == 10
    assert procedure.simulate == "enter 2"


# -- the d12 Dungeon Events table ------------------------------------------------------

@pytest.mark.parametrize("face, expected", [
    (1, "nothing"), (5, "nothing"), (6, "light-fails"), (7, "environment"),
    (10, "environment"), (11, "sounds"), (12, "sounds"),
])
def test_dungeon_events_faces_at_their_boundaries(crawl, face, expected):
    c = crawl(SYSTEM)
    faces = [face, 3, 12] if expected == "environment" else [face, 12]
    result = c.do("enter 2", faces=faces)
    events = _tables(result, "dungeon-events")
    assert len(events) == 1 and events[0].total == face
    assert events[0].entry_id == expected
    assert result.outcomes == (expected,)
    assert bool(_tables(result, "d12-environment")) == (expected == "environment")


def test_a_six_puts_out_one_lit_light_source(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("light candle")
    c.do("enter 2", faces=_quiet_faces(6))
    outs = [event for event in c.events(LightChanged) if event.after == "out"]
    assert len(outs) == 1
    assert len(c.state.lights) == 1


def test_a_five_leaves_the_lights_alone(crawl):
    c = crawl(SYSTEM)
    c.do("light torch")
    c.do("enter 2", faces=_quiet_faces(5))
    assert not c.events(LightChanged)
    assert len(c.state.lights) == 1


def test_a_six_in_the_dark_puts_nothing_out(crawl):
    c = crawl(SYSTEM)
    result = c.do("enter 2", faces=_quiet_faces(6))
    assert not c.events(LightChanged)
    assert result.outcomes == ("light-fails",)


def test_lingering_rolls_the_same_two_dice(crawl):
    c = crawl(SYSTEM)
    for word in ("linger", "search", "rest"):  # search: find-secret, a linger too
        result = c.do(f"{word} 1", faces=[11, 1, 1])
        assert _tables(result, "dungeon-events")[0].entry_id == "sounds"
        assert len(_met(result)) == 1
    assert c.state.turn == 3


# -- the d12 encounter check: at or under exits, or at or under Tension ------------------

@pytest.mark.parametrize("exits, tension, face, encounter", [
    (2, 0, 2, True), (2, 0, 3, False),
    (0, 0, 1, False),
    (2, 5, 5, True), (2, 5, 6, False),
    (6, 3, 6, True), (6, 3, 7, False),
    (0, 10, 10, True), (0, 10, 11, False), (12, 0, 12, True),
])
def test_encounter_check_boundaries(crawl, exits, tension, face, encounter):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do(f"enter {exits}", faces=[1, face, 1])
    checks = [event for event in result.events if isinstance(event, Checked)]
    assert len(checks) == 1 and checks[0].roll.total == face
    assert checks[0].success is encounter
    assert len(_met(result)) == (1 if encounter else 0)
    assert c.state.encounters == (1 if encounter else 0)


# -- the d10 + Tension tables ------------------------------------------------------------

@pytest.mark.parametrize("tension, face, entry", [
    (0, 1, "lost-adventurer"), (0, 4, "lost-adventurer"), (0, 5, "goblin-band"),
    (0, 10, "goblin-pack"), (5, 1, "goblin-band"), (5, 10, "orc-band"),
    (10, 1, "goblin-pack"), (10, 10, "orc-horde"),
])
def test_encounter_table_is_d10_plus_tension(crawl, tension, face, entry):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do("enter 2", faces=[1, 1, face])
    rolled = _tables(result, "d12-encounters")[0]
    assert rolled.total == face + tension
    assert rolled.entry_id == entry


@pytest.mark.parametrize("tension, face, index", [
    (0, 1, 0), (0, 2, 0), (0, 3, 1), (3, 7, 4), (10, 1, 5), (10, 10, 9),
])
def test_environment_table_is_d10_plus_tension(crawl, tension, face, index):
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    result = c.do("enter 0", faces=[7, face])
    table = c.world.table("d12-environment")
    rolled = _tables(result, "d12-environment")[0]
    assert rolled.total == face + tension
    assert rolled.entry_id == table.entries[index].id


def test_tension_cannot_be_set_past_10_so_tables_stop_at_20(crawl):
    c = crawl(SYSTEM)
    with pytest.raises(UsageError, match="tension is from 0 to 10, not 15"):
        c.do("set tension 15")                            # refused, never made 10
    assert c.value("tension") == 0
    c.do("set tension +15")                               # a move stops at the bound
    assert c.value("tension") == 10
    c.do("set tension 2")
    c.do("set tension -5")
    assert c.value("tension") == 0


def test_totals_past_the_tables_clamp_to_their_ends(crawl):
    c = crawl(SYSTEM)
    # A state that somehow holds Tension 12 (say, from an older save) still rolls cleanly.
    c.state = replace(c.state, values={**c.state.values, "tension": 12})
    result = c.do("enter 0", faces=[7, 10, 1, 10])
    env = _tables(result, "d12-environment")[0]
    enc = _tables(result, "d12-encounters")[0]
    assert env.total == 22 and env.entry_id == c.world.table("d12-environment").entries[-1].id
    assert enc.total == 22 and enc.entry_id == c.world.table("d12-encounters").entries[-1].id


# -- Tension up and down -----------------------------------------------------------------

@pytest.mark.parametrize("command, change", [
    ("break-door", 1), ("combat-quiet", 1), ("combat-normal", 2), ("combat", 2),
    ("combat-escaped", 4), ("noise", 1),
    ("disarm-trap", -1), ("circumvent-trap", -1),  # find-secret lingers: its own tests
    ("rescue-prisoner", -2), ("achieve-objective", -3),
])
def test_each_tension_change(crawl, command, change):
    c = crawl(SYSTEM)
    c.do("set tension 5")
    c.do(command)
    assert c.value("tension") == 5 + change
    changed = c.events(TrackerChanged)
    assert changed and changed[0].before == 5 and changed[0].after == 5 + change
    assert c.state.turn == 0, "reporting an event takes no time"


@pytest.mark.parametrize("command, start", [
    ("break-door", 10), ("combat-quiet", 10), ("combat-normal", 9), ("combat-escaped", 7),
])
def test_tension_is_capped_at_10(crawl, command, start):
    c = crawl(SYSTEM)
    c.do(f"set tension {start}")
    c.do(command)
    assert c.value("tension") == 10


@pytest.mark.parametrize("command, start", [
    ("disarm-trap", 0), ("find-secret", 0), ("rescue-prisoner", 1), ("achieve-objective", 2),
])
def test_tension_never_drops_below_0(crawl, command, start):
    c = crawl(SYSTEM)
    c.do(f"set tension {start}")
    c.do(command)
    assert c.value("tension") == 0


def test_returning_after_a_week_resets_tension_and_a_word_for_it_alone_is_gone(crawl):
    """The seed's week away is the expedition loop (leave, wait 7, return): the old
    'return-later', which reset Tension with the party still deep inside, is no more."""
    c = crawl(SYSTEM)
    c.do("set tension 8")
    c.do("enter 2")
    for line in ("leave", "wait 7", "return"):
        c.do(line)
    assert c.value("tension") == 0
    with pytest.raises(UsageError):
        c.do("return-later")


def test_entering_rooms_does_not_change_tension(crawl):
    c = crawl(SYSTEM)
    c.do("set tension 4")
    for seed in range(20):
        c.do("enter 3", seed=seed)
    assert c.value("tension") == 4


# -- struck-off encounters ---------------------------------------------------------------

def test_a_struck_off_encounter_rolled_again_is_no_encounter(crawl):
    c = crawl(SYSTEM)
    c.do("enter 2", faces=[1, 1, 3])
    assert len(_met(c.last)) == 1 and c.state.encounters == 1
    c.do("strike")
    c.do("enter 2", faces=[1, 1, 4])          # 4 is the same entry (3-4)
    struck = [event for event in c.events(Encountered) if event.status == "struck"]
    assert len(struck) == 1 and not _met(c.last)
    assert c.state.encounters == 1
    c.do("enter 2", faces=[1, 1, 5])          # another entry still comes
    assert len(_met(c.last)) == 1 and c.state.encounters == 2


# -- encounter rate ----------------------------------------------------------------------

def _rate(crawl, tension: int, n: int) -> int:
    c = crawl(SYSTEM)
    c.do(f"set tension {tension}")
    hits = 0
    for seed in range(n):
        c.do(c.world.procedure.simulate, seed=seed)
        hits += len(_met(c.last))
    return hits


@pytest.mark.parametrize("tension, p", [(0, 2 / 12), (5, 5 / 12)])
def test_encounter_rate_with_two_exits(crawl, tension, p):
    n = 2400
    hits = _rate(crawl, tension, n)
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(hits - n * p) < 4 * sigma, (hits, n * p)


def test_encounter_rates_differ_for_tension_0_and_5(crawl):
    # 2/12 and 5/12 are far apart; a wrong rule (Tension ignored) would match them.
    rng = random.Random(7)
    seeds = [rng.randrange(10**6) for _ in range(600)]
    low = crawl(SYSTEM)
    high = crawl(SYSTEM)
    high.do("set tension 5")
    low_hits = high_hits = 0
    for seed in seeds:
        low.do("enter 2", seed=seed)
        high.do("enter 2", seed=seed)
        low_hits += len(_met(low.last))
        high_hits += len(_met(high.last))
    assert high_hits > low_hits * 1.6


# -- the seed's own example tables are the defaults ------------------------------------------

class RecordingRandom(random.Random):
    """Scripted faces, recording the size of every die asked for (so a test sees that an
    entry's '2d4' is two four-sided dice)."""

    def __new__(cls, *_, **__):  # (Python 3.10's Random seeds by its argument)
        return super().__new__(cls)

    def __init__(self, faces) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.sizes: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sizes.append(b)
        if self.faces:
            face = self.faces.pop(0)
            assert a <= face <= b, f"scripted face {face} does not fit d{b}"
            return face
        return a  # every die past the script shows 1


def _play(c, line: str, faces) -> tuple:

    rng = RecordingRandom(faces)
    c.last = perform(c.world, c.state, line, rng)
    c.state = c.last.state
    return c.last, rng.sizes


# (total on d10 + Tension, entry id, dice inside the entry: (count, sides) or None, words)
SEED_ENCOUNTERS = [
    (1, "lost-adventurer", None, "adventurer"), (4, "lost-adventurer", None, "adventurer"),
    (5, "goblin-band", (1, 4), "goblins"), (8, "goblin-band", (1, 4), "goblins"),
    (9, "goblin-pack", (2, 4), "goblins"), (12, "goblin-pack", (2, 4), "goblins"),
    (13, "orc-band", (2, 6), "orcs"), (16, "orc-band", (2, 6), "orcs"),
    (17, "orc-horde", (4, 6), "orcs"), (20, "orc-horde", (4, 6), "orcs"),
]


@pytest.mark.parametrize("total, entry, inline, word", SEED_ENCOUNTERS)
def test_the_seeds_encounter_table_bands_and_their_dice(crawl, total, entry, inline, word):
    c = crawl(SYSTEM)
    tension = max(0, total - 10)
    c.do(f"set tension {tension}")
    face = total - tension
    # event 1 (nothing), encounter check 1 (yes), the table's d10, then each inline die a 2.
    result, sizes = _play(c, "enter 2", [1, 1, face, 2, 2, 2, 2])
    rolled = _tables(result, "d12-encounters")
    assert len(rolled) == 1 and rolled[0].total == total and rolled[0].entry_id == entry
    assert sizes[:3] == [12, 12, 10]
    if inline is None:
        assert sizes[3:] == [] and not rolled[0].inline
    else:
        count, sides = inline
        assert sizes[3:] == [sides] * count
        assert rolled[0].text.startswith(f"{2 * count} {word}")
    assert word in _met(result)[0].text


def test_the_seeds_encounter_table_has_exactly_five_bands(crawl):
    table = crawl(SYSTEM).world.table("d12-encounters")
    assert [entry.span for entry in table.entries] == ["1-4", "5-8", "9-12", "13-16", "17-20"]
    assert (table.dice, table.plus) == ("d10", "tension")


# (total, entry id, dice inside the entry, words the entry must keep)
SEED_ENVIRONMENT = [
    (1, "hidden-gold", (2, 6), ("gold",)), (2, "hidden-gold", (2, 6), ("gold",)),
    (3, "tracks", None, ("Tracks", "pre-set encounter")),
    (5, "breeze", None, ("breeze", "exit")),
    (7, "slime-trails", None, ("slime", "oozes")),
    (9, "draft", None, ("draft", "torches")),
    (11, "toxic-gas", (1, 6), ("Con save", "poison")),
    (12, "toxic-gas", (1, 6), ("Con save", "poison")),
    (13, "tremor", (1, 8), ("Dex save", "blunt")),
    (14, "tremor", (1, 8), ("Dex save", "blunt")),
    (15, "cold", None, ("cold", "coming")),
    (17, "foul-air", None, ("breathe", "move on")),
    (19, "collapse", None, ("collapses", "exit")),
    (20, "collapse", None, ("collapses", "exit")),
]


@pytest.mark.parametrize("total, entry, inline, words", SEED_ENVIRONMENT)
def test_the_seeds_environment_table_entries_and_their_dice(crawl, total, entry, inline, words):
    c = crawl(SYSTEM)
    tension = max(0, total - 10)
    c.do(f"set tension {tension}")
    # event 7 (environment), the table's d10, the entry's own dice, then a quiet check (12).
    faces = [7, total - tension] + ([3] * inline[0] if inline else []) + [12]
    result, sizes = _play(c, "enter 0", faces)
    rolled = _tables(result, "d12-environment")
    assert len(rolled) == 1 and rolled[0].total == total and rolled[0].entry_id == entry
    dice = sizes[2:-1]
    if inline is None:
        assert dice == []
    else:
        count, sides = inline
        assert dice == [sides] * count
        assert f"{3 * count}" in rolled[0].text
    for word in words:
        assert word in rolled[0].text


def test_the_seeds_environment_table_has_ten_entries_two_wide(crawl):
    table = crawl(SYSTEM).world.table("d12-environment")
    assert [entry.span for entry in table.entries] == [f"{n}-{n + 1}" for n in range(1, 21, 2)]


def test_the_richer_tables_are_an_option(crawl):
    c = crawl(SYSTEM)
    assert c.value("tables") == "seed"
    c.do("set tables rich")
    result = c.do("enter 2", faces=[7, 3, 1, 4])
    assert _tables(result, "d12-environment-rich") and not _tables(result, "d12-environment")
    assert _tables(result, "d12-encounters-rich") and not _tables(result, "d12-encounters")
    assert len(_met(result)) == 1
    c.do("strike")
    assert "d12-encounters-rich" in c.state.struck
    c.do("set tables seed")
    result = c.do("enter 2", faces=[7, 3, 1, 4])
    assert _tables(result, "d12-environment") and _tables(result, "d12-encounters")


# -- resting never lowers Tension ------------------------------------------------------------

@pytest.mark.parametrize("word", ["rest", "linger", "search"])  # a search finding nothing
def test_resting_never_lowers_tension(crawl, word):
    c = crawl(SYSTEM)
    c.do("set tension 5")
    for seed in range(40):
        c.do(f"{word} 1", seed=seed)
        assert c.value("tension") == 5
        assert not c.events(TrackerChanged)
    assert c.state.turn == 40


# -- fold the event into the encounter ---------------------------------------------------------

FOLD = "Fold the dungeon event into the encounter"


def _folded(result) -> bool:
    from solo.engine.events import Said

    return any(isinstance(event, Said) and event.text.startswith(FOLD)
               for event in result.events)


@pytest.mark.parametrize("event_face, encounter, folded", [
    (6, True, True), (7, True, True), (11, True, True), (12, True, True),
    (1, True, False), (5, True, False),
    (6, False, False), (11, False, False),
])
def test_an_event_and_an_encounter_together_are_folded(crawl, event_face, encounter, folded):
    c = crawl(SYSTEM)
    c.do("light torch")
    environment = [3] if event_face in (7, 8, 9, 10) else []
    faces = [event_face, *environment, 1 if encounter else 12, 1]
    result = c.do("enter 2", faces=faces)
    assert len(_met(result)) == (1 if encounter else 0)
    assert _folded(result) is folded


def test_a_struck_encounter_folds_nothing(crawl):
    c = crawl(SYSTEM)
    c.do("enter 2", faces=[1, 1, 1])
    c.do("strike")
    result = c.do("enter 2", faces=[11, 1, 1])
    assert not _met(result) and not _folded(result)


# -- showing or hiding Tension -----------------------------------------------------------------

def _prompt(c) -> str:
    from solo.engine.interpreter import Run

    return c.world.procedure.prompt.render(
        Run(c.world.procedure, c.world.tables, c.state, random.Random(0)).scope)


def test_hidden_tension_is_tracked_and_journaled_but_not_prompted(crawl):
    c = crawl(SYSTEM)
    assert c.value("show_tension") is True
    c.do("set tension 3")
    assert _prompt(c).startswith("Tension 3/10 · enter")
    result = c.do("enter 2", faces=[1, 12])
    assert "Tension 3" in [e for e in result.events if isinstance(e, Checked)][0].label
    c.do("set show_tension false")
    assert _prompt(c).startswith("enter EXITS") and "Tension" not in _prompt(c)
    result = c.do("enter 2", faces=[1, 12])
    assert "Tension" not in [e for e in result.events if isinstance(e, Checked)][0].label
    c.do("combat-normal")
    assert c.value("tension") == 5
    changed = c.events(TrackerChanged)
    assert changed and (changed[0].before, changed[0].after) == (3, 5)
    # still deadly when hidden: the check reads Tension all the same
    result = c.do("enter 0", faces=[1, 5, 1])
    assert len(_met(result)) == 1


def test_hidden_tension_leaves_the_status_bar_and_the_journal_s_text(tmp_path):
    from solo.play.session import Session
    from solo.play.start import create_journal_file

    path = create_journal_file(str(tmp_path / "j.md"), SYSTEM, "Hidden", 5, [])
    session = Session(path)
    try:
        session.handle("combat-normal")
        assert "Tension 2/10" in session.toolbar()
        assert "Tension 2/10" in session.where()
        session.handle("set show_tension false")
        session.handle("combat-quiet")
        assert "Tension" not in session.toolbar() and "Tension" not in session.where()
        assert session.state.values["tension"] == 3
    finally:
        session.close()
    text = path.read_text()
    assert "[Clock:Tension 2/10] +2: normal combat" in text
    assert "=> Tension moves behind the screen: quiet combat" in text
    assert "Tension 3/10" not in text
    again = Session(path)
    try:
        assert "Tension" not in again.toolbar()
        again.handle("set show_tension true")
        assert "Tension 3/10" in again.toolbar()
    finally:
        again.close()


# -- the party: hazards that hurt, and a party of two playing its rooms ------------------

def _hp(c) -> dict[str, int]:
    return {member.name: member.hp for member in c.state.party}


def _said(result) -> str:
    return "\n".join(event.text for event in result.events if isinstance(event, Said))


def test_a_party_of_two_takes_turns_naming_who_acts(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("enter 2", actor="Wren")
    assert result.events[0] == Acted("enter 2", "Wren") and c.state.turn == 1
    result = c.do("linger 1", actor="brother ott")           # any case names the member
    assert result.events[0] == Acted("linger 1", "Brother Ott") and c.state.turn == 2
    assert _tables(result, "dungeon-events"), "lingering still rolls the Dungeon Events"
    assert _hp(c) == {"Wren": 8, "Brother Ott": 8}, "the seed's rooms do not hurt by themselves"
    with pytest.raises(UsageError, match="no one called"):
        c.do("enter 2", actor="Zed")


@pytest.mark.parametrize(("hazard", "sides", "reason"), [
    ("gas", 6, "toxic gas"), ("tremor", 8, "falling tiles"), ("slime", 4, "a fall on the slime")])
def test_a_failed_save_hurts_only_the_member_named(crawl, hazard, sides, reason):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do(f"failed-save {hazard}", actor="Wren")
    rolls = [event for event in result.events if isinstance(event, Rolled)]
    assert len(rolls) == 1
    assert rolls[0].roll.text == f"d{sides}"
    assert rolls[0].label == f"Damage to Wren ({hazard}, 1d{sides})"
    changes = [event for event in result.events if isinstance(event, MemberChanged)]
    assert [(e.name, e.before, e.after, e.reason) for e in changes] == [
        ("Wren", 8, 8 - rolls[0].total, reason)]
    assert _hp(c)["Brother Ott"] == 8


def test_a_failed_save_takes_the_damage_the_table_showed(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("failed-save tremor 8", actor="Brother Ott")
    assert not [event for event in result.events if isinstance(event, Rolled)]
    assert _hp(c) == {"Wren": 8, "Brother Ott": 0}
    with pytest.raises(UsageError, match="more than the die can show"):
        c.do("failed-save gas 7", actor="Wren")
    with pytest.raises(UsageError, match="damage must be at least 1"):
        c.do("failed-save gas 0", actor="Wren")           # 0 is no face: never a roll
    assert _hp(c)["Wren"] == 8


def test_a_failed_save_with_no_name_hurts_each_member(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    result = c.do("failed-save tremor", faces=[3, 5])
    assert _hp(c) == {"Wren": 5, "Brother Ott": 3}
    assert [event.label for event in result.events if isinstance(event, Rolled)] == [
        "Damage to Wren (tremor, 1d8)", "Damage to Brother Ott (tremor, 1d8)"]


def test_a_member_hurt_to_0_is_down(crawl):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("hurt 5", actor="Wren")
    result = c.do("failed-save gas", actor="Wren", rng=ScriptedRandom([6]))
    lines = [line for event in result.events for line in event_lines(event)]
    assert "=> [PC:Wren|HP 0/8] HP -3: toxic gas" in lines
    assert "=> Wren is down at 0 HP" in lines
    assert _hp(c) == {"Wren": 0, "Brother Ott": 8}


@pytest.mark.parametrize(("hazard", "sides"), [("gas", 6), ("tremor", 8)])
def test_failed_save_damage_is_one_die_of_the_seeds_size(crawl, hazard, sides):
    c = crawl(SYSTEM, party=("Wren",))
    c.state = replace(c.state, party=(Member("Wren", 1_000_000, 1_000_000),))
    rng = random.Random(14)
    trials = 4000
    damage = []
    for _ in range(trials):
        before = _hp(c)["Wren"]
        c.do(f"failed-save {hazard}", actor="Wren", rng=rng)
        damage.append(before - _hp(c)["Wren"])
    assert set(damage) == set(range(1, sides + 1))
    mean = (sides + 1) / 2
    sigma = math.sqrt((sides * sides - 1) / 12 / trials)
    assert abs(sum(damage) / trials - mean) < 4 * sigma


@pytest.mark.parametrize(("face", "entry", "word"), [(7, "toxic-gas", "gas"),
                                                     (9, "tremor", "tremor")])
def test_a_harmful_environment_asks_the_party_for_saves(crawl, face, entry, word):
    c = crawl(SYSTEM, party=("Wren", "Brother Ott"))
    c.do("combat-escaped")                                 # Tension 4: d10 + 4
    result = c.do("enter 2", actor="Wren", rng=ScriptedRandom([7, face, 3, 12]))
    table = _tables(result, "d12-environment")[0]
    assert table.entry_id == entry and "take 3 " in table.text   # the damage, rolled
    assert f"type NAME: failed-save {word} and the damage shown." in _said(result)
    assert _hp(c) == {"Wren": 8, "Brother Ott": 8}, "the save is the player's to roll"


def test_without_a_party_the_hazards_hurt_no_one_and_ask_for_no_saves(crawl):
    c = crawl(SYSTEM)
    c.do("combat-normal")
    result = c.do("enter 2", faces=[7, 9, 2, 12])
    assert _tables(result, "d12-environment")[0].entry_id == "toxic-gas"
    assert "failed-save" not in _said(result)
    for line in ("failed-save gas", "failed-save tremor 5"):   # refused, as 'hurt' is
        with pytest.raises(UsageError, match="no one is named in the party to hurt"):
            c.do(line)


# -- torches ---------------------------------------------------------------------------------

def test_counted_torches_run_out(crawl):
    c = crawl(SYSTEM)
    c.do("supply torch 1")
    c.do("light torch")
    assert c.state.supplies["torches"] == 0
    with pytest.raises(UsageError, match="no torches left"):
        c.do("light torch")
    c.do("enter 2", faces=_quiet_faces(6))                # the event puts it out
    assert not c.state.lights and c.state.supplies["torches"] == 0
    c.do("supply torch +2")
    c.do("light torch")
    assert c.state.supplies["torches"] == 1 and len(c.state.lights) == 1


# -- the smallest numbers of the saves (survivors of bench/mutate_seeds.py) -----------------------

def test_a_party_of_one_is_asked_for_saves_too(crawl):
    c = crawl(SYSTEM, party=("Wren",))
    c.do("combat-escaped")
    result = c.do("enter 2", rng=ScriptedRandom([7, 7, 3, 12]))
    assert _tables(result, "d12-environment")[0].entry_id == "toxic-gas"
    assert "type NAME: failed-save gas and the damage shown." in _said(result)


@pytest.mark.parametrize("damage", [1, 2])
def test_a_failed_save_takes_even_1_damage_as_shown(crawl, damage):
    c = crawl(SYSTEM, party=("Wren",))
    result = c.do(f"failed-save gas {damage}", actor="Wren")
    assert not [event for event in result.events if isinstance(event, Rolled)]
    assert _hp(c) == {"Wren": 8 - damage}


def test_a_failed_save_given_0_damage_is_refused_and_left_out_rolls(crawl):
    """0 is no face of the die: the player said a number, so it is not turned into a roll."""
    c = crawl(SYSTEM, party=("Wren",))
    with pytest.raises(UsageError, match="damage must be at least 1"):
        c.do("failed-save gas 0", actor="Wren", rng=ScriptedRandom([5]))
    assert _hp(c) == {"Wren": 8}
    result = c.do("failed-save gas", actor="Wren", rng=ScriptedRandom([5]))
    assert [event.total for event in result.events if isinstance(event, Rolled)] == [5]
    assert _hp(c) == {"Wren": 3}


def test_a_collapse_takes_exactly_one_exit_of_the_room_away(crawl):
    """The environment's collapse blocks one exit of the room the party is in (on the map:
    the YAML's ``block: 1``), one that leads nowhere known first, and marks it collapsed."""
    c = crawl(SYSTEM)
    c.do("enter 3", faces=[11, 12])  # a quiet first room with three exits
    c.do("set tension 10")
    c.do("enter N 4", faces=[7, 9, 12])  # event 7 (environment), d10 9 + 10 = collapse
    assert _tables(c.last, "d12-environment")[0].entry_id == "collapse"
    room = c.state.dungeon.current
    assert room is not None and "collapsed" in room.status
    assert [exit.to for exit in room.exits] == ["R1", None, None]  # 4 exits, one blocked
