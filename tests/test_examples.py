"""The example crawls in journals/examples/ are what solo writes today, byte for byte."""

import re
import shutil
from pathlib import Path

import pytest

from solo.journal.record_types import decode, state_of
from solo.journal.store import read_meta
from solo.rules.key_file import load_key_file
from tests.fake_env import run_here

EXAMPLES = Path(__file__).resolve().parent.parent / "journals" / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.moves"))


def test_there_is_an_example_for_every_seed_procedure():
    assert {read_meta(path.with_suffix(".md"))["system"] for path in SCRIPTS
            if "." not in path.stem} == {
        "d12-tension", "delving", "exploration", "trespasser", "dungeon-turn"}
    assert {path.stem for path in SCRIPTS} >= {
        "d12-tension", "delving", "exploration", "trespasser", "dungeon-turn"}


def test_an_example_plays_three_expeditions():
    text = (EXAMPLES / "d12-expeditions.md").read_text(encoding="utf-8")
    for number in (1, 2, 3):
        assert f"Expedition {number} is over:" in text
    assert text.count("[DUNGEON STATUS]") == 2


def test_one_example_is_played_with_a_generator():
    generated = [path for path in SCRIPTS if "." in path.stem]
    assert generated
    for script in generated:
        assert not any(line.split()[0] in ("advance", "enter", "room")
                       and any(char.isdigit() for char in line)
                       for line in script.read_text().splitlines() if line.strip())
        assert "tbl: Room" in script.with_suffix(".md").read_text()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.stem)
def test_replaying_the_script_gives_the_committed_journal_and_report(tmp_path, script):
    journal = script.with_suffix(".md")
    meta = read_meta(journal)
    party = [word for name in meta.get("party") or [] for word in ("--party", name)]
    line = next(line for line in journal.read_text().splitlines() if '"kind":"start"' in line)
    start = decode(line[line.index("{"):line.rindex("}") + 1].encode())
    assert start is not None
    values = (state_of(start) or {})["values"]
    dungeon = ["--dungeon", values["dungeon"], *(word for setting in str(
        values.get("dungeon_set", "")).split() for word in ("--dungeon-set", setting))] \
        if values.get("dungeon") else []
    if values.get("dungeon_key"):  # a key, named relative to the journal: it moves with it
        shutil.copytree(EXAMPLES / "keys", tmp_path / "keys")
        dungeon = ["--dungeon", values["dungeon_key"]]
    result = run_here("new", "played.md", "--system", meta["system"], "--title", meta["title"],
                      "--seed", str(meta["seed"]), *party, *dungeon, cwd=tmp_path,
                      stdin=script.read_text())
    assert result.returncode == 0, result.stderr
    assert "solo: error" not in result.stderr, result.stderr
    replayed = (tmp_path / "played.md").read_text()
    assert replayed == journal.read_text(), (
        f"{journal.name} is out of date: run journals/examples/make-examples")
    shutil.copy(journal, tmp_path / "committed.md")
    report = run_here("export", "committed.md", "--format", "md", cwd=tmp_path)
    assert report.stdout == script.with_suffix(".report.md").read_text()


def test_a_keyed_example_names_its_key_relative_to_itself_and_shows_no_unseen_room():
    """The keyed example plays a copy of docs' example key, kept beside it in keys/ and
    named relative to the journal; no word of a room it never entered is in the journal
    or its reports."""
    keyed = [path for path in SCRIPTS if path.with_suffix(".dungeon").exists()]
    assert [path.stem for path in keyed] == ["d12-bell-abbey"]
    named = keyed[0].with_suffix(".dungeon").read_text().strip()
    assert named == "keys/bell-abbey.yaml"
    copy = EXAMPLES / named
    assert copy.read_bytes() == (EXAMPLES.parent.parent / "docs" / "examples" / "keys"
                                 / "bell-abbey.yaml").read_bytes()
    text = keyed[0].with_suffix(".md").read_text(encoding="utf-8")
    assert f'"dungeon_key":"{named}"' in text
    key = load_key_file(copy)
    entered = set(re.findall(r"\[R:(\d+)\|", text))
    unseen = [room for room in key.rooms if room.id[1:] not in entered]
    assert 6 <= len(unseen) < len(key.rooms) - 6
    shown = "".join(keyed[0].with_suffix(suffix).read_text(encoding="utf-8")
                    for suffix in (".md", ".report.md", ".report.html"))
    for room in unseen:
        assert room.name not in shown, room.id
        assert not re.search(rf"\b{room.id}\b", shown), room.id
        if room.text:
            assert room.text.split(";")[0][:40] not in shown, room.id
    assert f"Explored:** {len(key.rooms) - len(unseen)} of {len(key.rooms)} rooms" \
        in keyed[0].with_suffix(".report.md").read_text(encoding="utf-8")


def test_the_readme_transcript_is_what_solo_prints(tmp_path):
    import shlex

    readme = (EXAMPLES.parent.parent / "README.md").read_text()
    block = readme.split("```text\n", 1)[1].split("```", 1)[0]
    command, expected = block.split("\n", 2)[:2], block.split("\n", 2)[2]
    moves = command[0].split("printf '", 1)[1].split("'", 1)[0].encode().decode("unicode_escape")
    words = shlex.split(command[1].strip().removeprefix("|"))
    assert words[:4] == ["solo", "new", "--system", "trespasser"]
    result = run_here(*words[1:], cwd=tmp_path, stdin=moves)
    assert result.returncode == 0
    assert result.stderr + result.stdout == expected
