"""``solo search WORDS [JOURNAL…]`` (issue 38): narration, rooms, encounters and oracle
answers across journals, each hit placed by journal, session and scene."""

from __future__ import annotations

import json
import os
from pathlib import Path

from solo.cli.search import search_text
from tests.fake_env import solo

SCRIPT = """enter 3
room the Ossuary of Saint Édith, exits N E S
Bones are stacked to the ceiling here.
ask Is the ossuary guarded? likely
enter 2
"""


def _journal(folder: Path, name: str = "a.md", script: str = SCRIPT, seed: str = "1") -> Path:
    folder.mkdir(exist_ok=True)
    journal = folder / name
    made = solo("new", str(journal), "--system", "d12-tension", "--seed", seed,
                "--title", "Bones", stdin=script)
    assert made.code == 0, made.err
    return journal


def _hits(*args: str) -> list[dict]:
    found = solo("search", "--json", *args)
    assert found.code == 0, found.err
    return json.loads(found.out)["hits"]


def test_each_kind_is_found_with_its_session_and_scene(tmp_path):
    journal = _journal(tmp_path / "journals")
    hits = _hits("ossuary", str(journal))
    kinds = [(hit["kind"], hit["session"], hit["scene"]) for hit in hits]
    assert ("room", 1, "S1") in kinds and ("oracle", 1, "S1") in kinds
    oracle = next(hit for hit in hits if hit["kind"] == "oracle")
    assert oracle["line"].startswith("? Is the ossuary guarded?")
    assert " -> " not in oracle["line"] and ("yes" in oracle["line"].lower().split("likely")[-1]
                                             or "no" in oracle["line"].lower().split("likely")[-1])
    assert _hits("BONES", "stacked", str(journal))[0]["kind"] == "narration"


def test_a_question_is_found_by_its_answer_too(tmp_path):
    journal = _journal(tmp_path / "journals", script="ask meaning What of the door?\n"
                       "ask Is it barred? likely\n")
    meaning = _hits("door", str(journal))
    assert [hit["kind"] for hit in meaning] == ["oracle"]
    words = meaning[0]["line"].split(") ", 1)[1].split()  # the answer's: Action / Subject
    assert _hits(words[0], str(journal)) == meaning == _hits("DOOR", words[-1], str(journal))
    answer = "yes" if "yes" in _hits("barred", str(journal))[0]["line"].lower() else "no"
    found = _hits(answer, "barred", str(journal))
    assert len(found) == 1 and found[0]["line"].startswith("? Is it barred? (likely")
    assert _hits("barred", "vs", str(journal)) == []       # the dice a hit does not show
    assert _hits("door", "barred", str(journal)) == []     # nor the next question's line


def test_every_word_must_be_in_the_line_and_case_does_not_matter(tmp_path):
    journal = _journal(tmp_path / "journals")
    assert _hits("ossuary", "dragon", str(journal)) == []
    assert len(_hits("saint", "ÉDITH", str(journal))) >= 1       # a word that is not ASCII


def test_the_records_and_the_front_matter_are_not_searched(tmp_path):
    journal = _journal(tmp_path / "journals")
    assert _hits("d12-tension", str(journal)) == []           # in the header and records only
    assert _hits("RoomChanged", str(journal)) == []
    assert _hits("played", str(journal)) == []                # solo's line under the title


def test_a_journal_an_editor_rewrapped_or_saved_with_cr_line_ends_reads_the_same(tmp_path):
    journal = _journal(tmp_path / "journals")
    plain = [(hit["kind"], hit["line"]) for hit in _hits("ossuary", str(journal))]
    text = journal.read_text(encoding="utf-8")
    wrapped = tmp_path / "wrapped.md"  # every record cut at 80 columns, its --> kept whole

    def wrap(line: str) -> str:
        body = line.removesuffix(" -->")
        return "\n".join(body[at:at + 80] for at in range(0, len(body), 80)) + " -->"

    wrapped.write_text("\n".join(wrap(line) if line.startswith("<!-- solo") else line
                                 for line in text.split("\n")), encoding="utf-8")
    cr = tmp_path / "cr.md"
    cr.write_bytes(text.replace("\n", "\r").encode("utf-8"))
    for other in (wrapped, cr):
        assert [(hit["kind"], hit["line"]) for hit in _hits("ossuary", str(other))] == plain
    assert _hits("RoomChanged", str(wrapped)) == []


def test_the_journals_folder_is_the_default_and_each_journal_is_named(tmp_path):
    _journal(tmp_path / "journals", "a.md")
    _journal(tmp_path / "journals", "b.md", "enter 2\nA tomb of green marble.\n", "2")
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        found = solo("search", "marble")
        nothing = solo("search", "unicorn")
    finally:
        os.chdir(here)
    assert found.code == 0
    assert found.out.splitlines() == [
        "journals/b.md · Session 1 · S1 (Turn 1 · 0:10) · narration: A tomb of green marble."]
    assert nothing.code == 0 and "No line holds 'unicorn' in 2 journals." in nothing.out


def test_a_room_repeated_by_later_sessions_is_shown_once(tmp_path):
    journal = _journal(tmp_path / "journals")
    assert solo("play", str(journal), stdin="linger\n").code == 0   # a second sitting
    text = journal.read_text(encoding="utf-8")
    assert text.count("Ossuary of Saint Édith|exits N:R2") >= 2     # in [DUNGEON STATUS] too
    rooms = [hit for hit in _hits("ossuary", str(journal)) if hit["kind"] == "room"]
    assert len({hit["line"] for hit in rooms}) == len(rooms)


def test_bad_input_is_one_line(tmp_path):
    assert solo("search").code == 2
    missing = solo("search", "bones", str(tmp_path / "nowhere.md"))
    assert missing.code == 1 and "no journal or folder" in missing.error_line()  # a file: 1


def test_a_bom_and_a_line_before_any_session_do_not_trip_it():
    text = "\ufeff---\nsolo: 2\n---\n\nThe gate of bones.\n\n## Session 1\n\nMore bones.\n"
    hits = search_text(text, ["bones"])
    assert [(hit.session, hit.line) for hit in hits] == [(0, "The gate of bones."),
                                                          (1, "More bones.")]


def test_help_and_json_are_read_anywhere_among_the_words(tmp_path):
    journal = _journal(tmp_path / "journals")
    for where in (("ossuary", "--help"), ("-h", "ossuary"), ("ossuary", str(journal), "--help")):
        helped = solo("search", *where)
        assert helped.code == 0 and helped.err == ""
        assert helped.out.startswith("usage: solo search")
    anywhere = solo("search", "ossuary", "--json", str(journal))
    assert anywhere.code == 0 and json.loads(anywhere.out)["words"] == ["ossuary"]


def test_words_after_a_double_dash_are_found_as_typed(tmp_path):
    journal = _journal(tmp_path / "journals", script="enter 1\nThe sign says --help here.\n")
    found = solo("search", "--json", "--", "--help", str(journal))
    assert found.code == 0, found.err
    result = json.loads(found.out)
    assert result["words"] == ["--help"] and len(result["hits"]) == 1


def test_a_misspelt_option_is_refused_not_searched(tmp_path):
    journal = _journal(tmp_path / "journals")
    done = solo("search", "ossuary", "--jsn", str(journal))
    assert done.code == 2 and done.out == ""
    assert "no option '--jsn'" in done.error_line()


def test_the_player_s_own_lonelog_lines_are_found_in_a_fence_or_under_their_heading(tmp_path):
    journal = _journal(tmp_path / "journals", script="enter 2\n=> The idol's eyes follow us\n")
    assert "```\n=> The idol's eyes follow us\n```" in journal.read_text()  # solo fenced it
    with journal.open("a", encoding="utf-8") as added:  # and the player adds by hand:
        added.write("\n### Aftermath\n\n```\n=> The idol weeps red\n? Is it cursed\n```\n\n"
                    "=> The idol's shrine falls quiet\n")
    found = [(hit["kind"], hit["line"]) for hit in _hits("idol", str(journal))]
    assert found == [("consequence", "=> The idol's eyes follow us"),
                     ("consequence", "=> The idol weeps red"),
                     ("consequence", "=> The idol's shrine falls quiet")]
    assert [hit["kind"] for hit in _hits("cursed", str(journal))] == ["oracle"]


def test_each_encounter_is_listed_once(tmp_path):
    journal = _journal(tmp_path / "journals", script="enter 2\n", seed="6")
    text = journal.read_text(encoding="utf-8")
    assert "tbl: Random encounters" in text and "=> Encounter: 2 goblins" in text
    assert [(hit["kind"], hit["line"]) for hit in _hits("goblins", str(journal))] \
        == [("encounter", "=> Encounter: 2 goblins")]
    assert _hits("encounters", str(journal)) == []  # a table's roll or an environment's


def test_a_tag_s_change_is_found_as_a_tag_not_a_consequence(tmp_path):
    journal = _journal(tmp_path / "journals", script="enter 2\nnoise\n")
    assert "=> [Clock:Tension 1/10] +1: noise" in journal.read_text(encoding="utf-8")
    assert [(hit["kind"], hit["line"]) for hit in _hits("noise", str(journal))] == [
        ("tag", "=> [Clock:Tension 1/10] +1: noise")]


def test_a_light_s_and_a_supply_s_tags_are_found_by_their_names(tmp_path):
    journal = tmp_path / "torch.md"
    made = solo("new", str(journal), "--system", "delving", "--seed", "21",
                stdin="supply torch 2\nlight torch\nexplore\n")
    assert made.code == 0, made.err
    assert [hit["line"] for hit in _hits("torch", str(journal))] == [
        "=> [Inv:Torches|2] +2: counted by the player",
        "=> [Inv:Torches|1] -1: one used to light a torch",
        "=> [Inv:Torch|lit] lit by the party",
        "=> [Inv:Torch|out] burnt out (hazard die 3)"]


def test_a_journal_named_twice_is_searched_once(tmp_path, monkeypatch):
    journal = _journal(tmp_path / "journals")
    monkeypatch.chdir(tmp_path)
    once = _hits("ossuary", "journals/a.md")
    for names in (("journals", "journals/a.md"), ("journals/", "./journals", str(journal))):
        found = json.loads(solo("search", "--json", "ossuary", *names).out)
        assert found["journals"] == 1 and len(found["hits"]) == len(once)
        assert [hit["line"] for hit in found["hits"]] == [hit["line"] for hit in once]


def test_no_journal_to_search_is_an_error_that_says_where_it_looked(tmp_path, monkeypatch):
    (tmp_path / "journals").mkdir()
    _journal(tmp_path / "journals" / "examples")
    monkeypatch.chdir(tmp_path)
    nothing = solo("search", "ossuary")
    assert (nothing.code, nothing.out) == (1, "")
    assert nothing.error_line() == ("solo: error: no journal (.md file) in journals/; its "
                                    "subfolders are not searched: name one, such as "
                                    "journals/examples")
    assert len(_hits("ossuary", "journals/examples")) >= 1
    (tmp_path / "empty").mkdir()
    assert solo("search", "ossuary", "empty").error_line().endswith("in empty/")


def test_a_missing_folder_named_with_a_slash_is_refused_not_searched_for(tmp_path,
                                                                         monkeypatch):
    _journal(tmp_path / "journals")
    monkeypatch.chdir(tmp_path)
    missing = solo("search", "ossuary", "archive/")
    assert (missing.code, missing.out) == (1, "")
    assert missing.error_line() == "solo: error: no journal or folder 'archive/'"
    empty = solo("search", "ossuary", "")
    assert (empty.code, empty.out) == (2, "") and "an empty path" in empty.error_line()


HAND = ("We wait by the door. <!-- the goblins owe us --> The door holds.\n\n"
        "%% a private aside\nover two lines %%\n\n"
        "Ashes %%Cécile's secret%% everywhere. `%% Cécile's cipher %%` stays.\n\n"
        "<!-- a note\n\nover a blank line -->\n\nLate: <!-- Cécile's note left open")


def test_what_the_player_s_viewer_hides_is_not_searched_what_it_shows_is(tmp_path):
    """Comments typed by hand (``<!-- … -->``, Obsidian's ``%% … %%``) are hidden by the
    player's viewer and the reports: search reads the entry as it is shown."""
    journal = _journal(tmp_path / "journals")
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text.replace("Bones are stacked to the ceiling here.",
                                    "Bones are stacked to the ceiling here.\n\n" + HAND))
    for hidden in ("goblins", "aside", "lines", "blank", "secret"):
        assert _hits(hidden, str(journal)) == [], hidden
    [door] = _hits("door", str(journal))
    assert door["line"] == "We wait by the door.  The door holds." and door["scene"] == "S1"
    assert [hit["line"] for hit in _hits("CÉCILE", str(journal))] == [  # (not ASCII)
        "Ashes  everywhere. `%% Cécile's cipher %%` stays.", "Late: <!-- Cécile's note left open"]
    assert [hit["line"] for hit in _hits("cipher", str(journal))] == [
        "Ashes  everywhere. `%% Cécile's cipher %%` stays."]
    assert _hits("bones", "stacked", str(journal))[0]["kind"] == "narration"
    assert [hit["kind"] for hit in _hits("ossuary", str(journal))] == [
        hit["kind"] for hit in _hits("ossuary", str(_journal(tmp_path / "other")))]


def test_a_word_split_by_a_comment_is_found_whole_as_the_viewer_shows_it(tmp_path):
    """``gob<!-- … -->lin`` shows "goblin": it is found by "goblin", in an entry that holds no
    other hit, ASCII or not, and a record's line is no comment that makes one."""
    journal = _journal(tmp_path / "journals")
    text = journal.read_text(encoding="utf-8")
    journal.write_text(text.replace(
        "Bones are stacked to the ceiling here.", "Bones are stacked to the ceiling here.\n\n"
        "The gob<!-- a note -->lin waits.\n\nA %%hidden%%tr%%aside%%oll and a Cé<!---->cile."
        "\n\n<!-- first --> The lantern gutters, the wick <!-- over\ntwo lines --> burnt."))
    assert [hit["line"] for hit in _hits("goblin", str(journal))] == ["The goblin waits."]
    assert [hit["line"] for hit in _hits("troll", "cécile", str(journal))] == [
        "A troll and a Cécile."]
    assert [hit["line"] for hit in _hits("lantern", "burnt", str(journal))] == [
        "The lantern gutters, the wick  burnt."]  # (a comment first, one over two lines)
    assert _hits("note", str(journal)) == [] and _hits("hiddentr", str(journal)) == []
