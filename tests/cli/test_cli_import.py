"""``solo import FILE -o KEY.yaml``: a JSON export made a key that ``solo check`` passes;
no file overwritten; what is not an export refused in one line, naming the file."""

from __future__ import annotations

import json
from pathlib import Path

from tests.fake_env import solo

DATA = Path(__file__).resolve().parents[1] / "data"


def test_import_writes_a_key_that_check_passes(tmp_path):
    for name in ("donjon-small.json", "watabou-small.json"):
        key = tmp_path / name.replace(".json", ".yaml")
        run = solo("import", str(DATA / name), "-o", str(key))
        assert run.code == 0, run.err
        assert run.out.startswith(f"Wrote {key}: 5 rooms from the ")
        assert solo("check", str(key)).out == f"{key}: ok (key)\n"
        assert key.read_text(encoding="utf-8").startswith("# A dungeon key made by 'solo import'")


def test_a_door_label_donjon_never_gives_is_warned_of(tmp_path):
    data = json.loads((DATA / "donjon-labelled.json").read_text(encoding="utf-8"))
    data["rooms"][2]["doors"]["west"][0].update(key="gate", type="Iron Gate")
    export = tmp_path / "odd.json"
    export.write_text(json.dumps(data), encoding="utf-8")
    key = tmp_path / "odd.yaml"
    run = solo("import", str(export), "-o", str(key))
    assert run.code == 0 and run.out.startswith(f"Wrote {key}: 5 rooms")
    assert run.err == (f"solo: warning: {export}: the door label 'gate' / 'Iron Gate' is none "
                       "of donjon's (key arch, open, lock, trap, secret, portc; or its type, "
                       "such as Locked Door): read as an open door at R2 west; give the exit "
                       "its kind in the key if it is not\n")
    assert solo("check", str(key)).code == 0
    clean = solo("import", str(DATA / "donjon-labelled.json"), "-o", str(tmp_path / "k.yaml"))
    assert clean.code == 0 and clean.err == ""


def test_import_without_output_prints_the_key():
    run = solo("import", str(DATA / "watabou-small.json"))
    assert run.code == 0 and "kind: key\n" in run.out and "name: The Sample Undercroft" in run.out


def test_import_never_overwrites_a_file(tmp_path):
    key = tmp_path / "k.yaml"
    key.write_text("mine\n", encoding="utf-8")
    run = solo("import", str(DATA / "donjon-small.json"), "-o", str(key))
    assert run.code == 1
    assert run.error_line() == (f"solo: error: {key} already exists; solo will not overwrite "
                                "it (choose another name with -o)")
    assert key.read_text(encoding="utf-8") == "mine\n"


def test_a_file_that_is_no_export_is_refused_in_one_line(tmp_path):
    other = tmp_path / "notes.json"
    other.write_text('{"hello": "world"}', encoding="utf-8")
    run = solo("import", str(other), "-o", str(tmp_path / "k.yaml"))
    assert run.code == 1
    assert run.error_line() == (f"solo: error: {other}: expected a donjon dungeon JSON export "
                                "('cells' and 'rooms') or a One Page Dungeon JSON export "
                                "('rects' and 'doors')")
    assert not (tmp_path / "k.yaml").exists()
    missing = solo("import", str(tmp_path / "none.json"))
    assert missing.code == 1 and "cannot read" in missing.error_line()


def test_the_key_must_be_named_yaml(tmp_path):
    run = solo("import", str(DATA / "donjon-small.json"), "-o", str(tmp_path / "k.txt"))
    assert run.code == 2 and "must end in .yaml" in run.error_line()


def test_an_export_too_big_for_a_key_names_the_export_never_the_key_unwritten(tmp_path):
    export = tmp_path / "many.json"
    export.write_text(json.dumps({"title": "Many", "doors": [], "rects": [
        {"x": 3 * n, "y": 0, "w": 2, "h": 2} for n in range(5_001)]}), encoding="utf-8")
    for output in (["-o", str(tmp_path / "many.yaml")], []):
        run = solo("import", str(export), *output)
        assert run.code == 1
        assert run.error_line() == (f"solo: error: {export}: rects: 5,001 rooms; a key has at "
                                    "most 5,000: export a smaller dungeon")
    assert not (tmp_path / "many.yaml").exists()


def test_a_key_of_one_room_is_one_room(tmp_path):
    export = tmp_path / "one.json"
    export.write_text(json.dumps({"title": "One", "doors": [],
                                  "rects": [{"x": 0, "y": 0, "w": 2, "h": 2}]}), encoding="utf-8")
    run = solo("import", str(export), "-o", str(tmp_path / "one.yaml"))
    assert run.code == 0 and run.err == ""  # (the entrance: entered without a door)
    assert run.out.startswith(f"Wrote {tmp_path / 'one.yaml'}: 1 room from the One Page ")
