"""Bring your own procedure: the guide, its examples, the YAML-only procedures
``classic`` and ``overloaded``, ``solo new-procedure``, and that no procedure file can
reach into Python."""

from __future__ import annotations

import io
import json
import math
import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from solo.cli.template import TEMPLATE, template_text, write_template
from solo.engine.events import Checked, Encountered, LightChanged, TableRolled, TrackerChanged
from solo.engine.simulate import simulate
from solo.errors import SoloError, UsageError
from solo.rules.catalog import load_file, load_world
from solo.rules.effects import EFFECT_KEYS
from solo.rules.schema import keys_of
from solo.rules.validate import BUILTIN_NAMES
from tests.fake_env import run_here

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDE = DOCS / "procedures.md"
SYSTEMS = ROOT / "solo" / "systems"


def _solo(*args: str, cwd: Path | None = None, stdin: str = "") -> subprocess.CompletedProcess:
    """Run the command line as a player would (in-process: tests/fake_env.py)."""
    return run_here(*args, cwd=cwd or Path.cwd(), stdin=stdin)


def _yaml_files() -> list[Path]:
    files = sorted(DOCS.rglob("*.yaml")) + sorted((ROOT / "oracles").glob("*.yaml"))
    return files + sorted(SYSTEMS.glob("*.yaml")) + [TEMPLATE]


def _procedure_files() -> list[Path]:
    return sorted(DOCS.rglob("*.yaml")) + sorted(SYSTEMS.glob("*.yaml")) + [TEMPLATE]


def _guide_blocks() -> list[str]:
    return re.findall(r"^```yaml\n(.*?)^```", GUIDE.read_text(encoding="utf-8"), re.S | re.M)


def _within(count: int, n: int, p: float) -> None:
    sigma = math.sqrt(n * p * (1 - p))
    expected = f"{n * p:.0f} ± {4 * sigma:.0f}"
    assert abs(count - n * p) <= 4 * sigma, f"{count} of {n}: expected {expected}"


# -- every YAML file solo ships or documents passes solo check --------------------------

def test_every_yaml_file_under_docs_oracles_and_systems_passes_solo_check():
    files = _yaml_files()
    assert len([f for f in files if f.parent == DOCS / "examples"]) >= 4
    assert {SYSTEMS / "classic.yaml", SYSTEMS / "overloaded.yaml"} <= set(files)
    result = _solo("check", *map(str, files))
    assert result.returncode == 0, result.stderr
    for path in files:
        assert f"{path}: ok (" in result.stdout


def test_every_complete_file_quoted_in_the_guide_passes_solo_check(tmp_path):
    blocks = _guide_blocks()
    assert len(blocks) >= 30
    for block in blocks:
        yaml.safe_load(block)  # every snippet is at least valid YAML
    # A complete file names its kind, and a procedure has its actions.
    complete = [block for block in blocks if re.search(r"^kind: tables", block, re.M)
                or re.search(r"^kind: procedure", block, re.M) and "\nactions:" in block]
    assert len(complete) >= 2
    paths = []
    for index, block in enumerate(complete):
        path = tmp_path / f"block{index}.yaml"
        path.write_text(block, encoding="utf-8")
        paths.append(str(path))
    result = _solo("check", *paths)
    assert result.returncode == 0, result.stderr


def test_the_guide_quotes_the_minimal_example_exactly():
    minimal = (DOCS / "examples" / "minimal.yaml").read_text(encoding="utf-8")
    assert minimal in _guide_blocks()


def test_the_guide_links_every_example_and_every_link_exists():
    text = GUIDE.read_text(encoding="utf-8")
    linked = set(re.findall(r"docs/examples/([\w.-]+\.yaml)", text))
    linked |= set(re.findall(r"\(examples/([\w.-]+\.yaml)\)", text))
    on_disk = {path.name for path in (DOCS / "examples").glob("*.yaml")}
    assert linked == on_disk


def test_every_link_inside_the_guide_leads_to_a_heading():
    text = GUIDE.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", re.sub(r"^```.*?^```", "", text, flags=re.S | re.M),
                          re.M)
    anchors = {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert len(links) >= 20
    assert links <= anchors, sorted(links - anchors)


def test_the_guide_covers_every_building_block_and_name():
    text = GUIDE.read_text(encoding="utf-8")
    for key in (*EFFECT_KEYS, *keys_of("procedure"), "when", "reason", "plus", "sign", "allowed",
                "refusal", "resting", "choices", "aliases", "group", "time"):
        assert f"`{key}" in text, key
    for name in BUILTIN_NAMES - {"true", "false"}:
        assert f"`{name}`" in text, name
    for phrase in ('when: "turn <= 6"', 'turn % 2 == 0', "~/.config/solo/systems/",
                   "~/.config/solo/oracles/", "solo new --tables", "solo systems",
                   "solo simulate --system", "solo check", "solo new --system"):
        assert phrase in text, phrase


# -- the two YAML-only procedures played end to end ------------------------------------

CLASSIC_CRAWL = """light torch
explore
explore
search
move heavy
explore
explore
explore
rest
status
strike classic-wandering-monsters 1
explore
explore
"""

OVERLOADED_CRAWL = """light lantern
light torch
explore
explore
search
move hurried
rest
set every 2
explore
explore
explore
status
"""


@pytest.mark.parametrize("system, script, die_line", [
    ("classic", CLASSIC_CRAWL, "d: Wandering monster (1 in 6) d6="),
    ("overloaded", OVERLOADED_CRAWL, "tbl: Overloaded encounter die (d6) d6="),
])
def test_a_scripted_crawl_plays_end_to_end(tmp_path, system, script, die_line):
    result = _solo("new", "--system", system, "--seed", "3", "--title", "T", cwd=tmp_path,
                   stdin=script)
    assert result.returncode == 0, result.stderr
    assert "solo: error" not in result.stderr
    journal = (tmp_path / "journals" / "t.md").read_text(encoding="utf-8")
    headings = re.findall(r"^### S\d+ \*Turn (\d+) · ", journal, re.M)
    assert headings == [str(turn) for turn in range(1, len(headings) + 1)]
    assert len(headings) >= 8
    assert die_line in journal
    assert "[Inv:Torch|lit]" in journal
    if system == "classic":
        assert "No wandering-monster check this turn" in journal
        assert "Struck off classic-wandering-monsters" in journal
        assert journal.count(die_line) == len(headings) // 2
    else:
        assert "No roll this turn (the die comes every 2 turns)." in journal


# -- rates, as solo simulate counts them -------------------------------------------------

def test_classic_brings_a_monster_1_turn_in_12_as_solo_simulate_counts_it():
    result = _solo("simulate", "--system", "classic", "--turns", "12000", "--seed", "7",
                   "--json")
    assert result.returncode == 0, result.stderr
    counts = json.loads(result.stdout)
    outcomes = counts["outcomes"]
    assert counts["turns"] == 12000
    assert set(outcomes) == {"encounter", "nothing", "no-check"}
    assert outcomes["no-check"] == 6000                       # every odd turn
    assert outcomes["encounter"] + outcomes["nothing"] == 6000
    _within(outcomes["encounter"], 6000, 1 / 6)               # 1 in 6 on even turns
    _within(counts["encounters"], 12000, 1 / 12)              # 1 in 12 over all turns
    assert counts["encounters"] == outcomes["encounter"]


def test_overloaded_die_shows_each_face_one_turn_in_six():
    result = simulate(load_world("overloaded"), 12000, 11)
    faces = ("encounter", "spoor", "shift", "exhaustion", "lantern", "torch")
    assert set(result.outcomes) == set(faces)
    assert sum(result.outcomes.values()) == 12000
    for face in faces:
        _within(result.outcomes[face], 12000, 1 / 6)


def test_overloaded_every_2_rolls_the_die_on_even_turns_only():
    world = load_world("overloaded")
    procedure = replace(world.procedure, settings={**world.procedure.settings, "every": 2})
    result = simulate(replace(world, procedure=procedure), 1200, 5)
    assert result.outcomes.pop("no-roll") == 600
    assert sum(result.outcomes.values()) == 600


# -- classic: the numbers of the rule, at their boundaries --------------------------------

def test_classic_numbers(crawl):
    procedure = crawl("classic").world.procedure
    assert procedure.name == "Classic wandering-monster check"
    assert procedure.encounters == "classic-wandering-monsters"
    assert procedure.lights["torch"].turns == 6
    assert procedure.lights["lantern"].turns == 24
    assert procedure.settings["encounter_die"] == 6
    assert procedure.settings["encounter_chance"] == 1
    assert procedure.settings["check_every"] == 2
    assert set(procedure.actions) >= {"explore", "search", "rest", "move"}


def test_classic_checks_only_on_even_turns_and_a_1_is_a_monster(crawl):
    c = crawl("classic")
    first = c.do("explore", faces=[1])          # turn 1: the 1 must not be used
    assert not [e for e in first.events if isinstance(e, Checked)]
    assert first.outcomes == ("no-check",)
    second = c.do("explore", faces=[1, 4])      # turn 2: a 1 on the d6, then the monster
    checks = [e for e in second.events if isinstance(e, Checked)]
    assert [(e.roll.total, e.success) for e in checks] == [(1, True)]
    met = [e for e in second.events if isinstance(e, Encountered) and e.status == "met"]
    assert len(met) == 1 and met[0].table == "classic-wandering-monsters"
    assert second.outcomes == ("encounter",)
    c.do("explore")
    fourth = c.do("explore", faces=[2])         # a 2 is no monster
    assert fourth.outcomes == ("nothing",)
    assert not [e for e in fourth.events if isinstance(e, Encountered)]


def test_classic_struck_monster_is_no_encounter(crawl):
    c = crawl("classic")
    c.do("explore")
    c.do("strike classic-wandering-monsters 3")
    result = c.do("explore", faces=[1, 3])
    assert [e.status for e in result.events if isinstance(e, Encountered)] == ["struck"]
    assert result.outcomes == ("struck",)
    assert c.state.encounters == 0


@pytest.mark.parametrize("kind, turns", [("torch", 6), ("lantern", 24)])
def test_classic_lights_last_their_turns(crawl, kind, turns):
    c = crawl("classic")
    c.do(f"light {kind}")
    for _ in range(turns - 1):
        c.do("rest", faces=[6])
    assert [light.remaining for light in c.state.lights] == [1]
    c.do("rest", faces=[6])
    assert c.state.lights == ()
    assert [e.after for e in c.events(LightChanged)] == ["burnt out"]


def test_classic_party_rests_one_turn_in_six_or_grows_weary(crawl):
    c = crawl("classic")
    for _ in range(5):
        c.do("explore", faces=[6])
    assert c.value("weary") == 0
    c.do("explore", faces=[6])                  # the 6th turn without rest
    assert c.value("weary") == 1
    c.do("rest", faces=[6])
    assert c.value("weary") == 0
    for _ in range(5):
        c.do("explore", faces=[6])
    c.do("rest", faces=[6])                     # resting the 6th turn keeps them fresh
    assert c.value("weary") == 0


def test_classic_search_finds_on_a_1_in_6_and_not_in_the_dark(crawl):
    c = crawl("classic")
    with pytest.raises(UsageError, match="dark"):
        c.do("search")
    c.do("light torch")
    found = c.do("search", faces=[1])
    assert [e.success for e in found.events if isinstance(e, Checked)] == [True]
    c.do("set search_chance 2")
    assert [e.success for e in c.do("search", faces=[2, 6]).events
            if isinstance(e, Checked)] == [True, False]
    assert "60 feet" in str(c.do("move heavy", faces=[6]).events)


# -- overloaded: each face of the die -----------------------------------------------------

def _die(result):
    return [e for e in result.events if isinstance(e, TableRolled) and e.table == "overloaded-die"]


def test_overloaded_numbers(crawl):
    procedure = crawl("overloaded").world.procedure
    assert procedure.name == "Overloaded encounter die"
    assert procedure.settings == {"every": 1}
    assert procedure.tables["overloaded-die"].dice == "d6"
    assert [e.id for e in procedure.tables["overloaded-die"].entries] == [
        "encounter", "spoor", "shift", "exhaustion", "lantern", "torch"]
    assert procedure.lights["torch"].turns is None
    assert procedure.lights["lantern"].turns is None


def test_overloaded_1_is_an_encounter_2_spoor_3_shift(crawl):
    c = crawl("overloaded")
    one = c.do("explore", faces=[1, 2])
    assert [e.status for e in one.events if isinstance(e, Encountered)] == ["met"]
    two = c.do("explore", faces=[2, 5, 4])
    assert [e.table for e in two.events if isinstance(e, TableRolled)] == [
        "overloaded-die", "overloaded-spoor", "classic-wandering-monsters"]
    assert [e.status for e in two.events if isinstance(e, Encountered)] == ["sign"]
    three = c.do("explore", faces=[3, 2])
    assert [e.table for e in three.events if isinstance(e, TableRolled)] == [
        "overloaded-die", "overloaded-shifts"]
    assert (one.outcomes, two.outcomes, three.outcomes) == (
        ("encounter",), ("spoor",), ("shift",))


def test_overloaded_4_costs_fatigue_unless_the_party_rests(crawl):
    c = crawl("overloaded")
    c.do("explore", faces=[4])
    assert c.value("fatigue") == 0
    c.do("explore", faces=[6])                  # no rest the turn after: +1
    assert c.value("fatigue") == 1
    c.do("explore", faces=[4])
    c.do("rest", faces=[6])                     # rested the turn after: nothing
    assert c.value("fatigue") == 1
    c.do("rest", faces=[4])                     # already resting: nothing waits
    c.do("explore", faces=[6])
    assert c.value("fatigue") == 1
    assert not [e for e in c.last.events if isinstance(e, TrackerChanged)]


@pytest.mark.parametrize("face, goes_out, stays",
                         [(5, "lantern", "torch"), (6, "torch", "lantern")])
def test_overloaded_5_and_6_put_out_lanterns_and_torches(crawl, face, goes_out, stays):
    c = crawl("overloaded")
    c.do("light lantern")
    c.do("light torch")
    for _ in range(10):
        c.do("explore", faces=[2 if face == 5 else 3, 1, 1])   # other faces leave lights alone
    assert len(c.state.lights) == 2
    result = c.do("explore", faces=[face])
    assert _die(result)[0].entry_id == goes_out
    assert [light.kind for light in c.state.lights] == [stays]
    assert [e.kind for e in result.events if isinstance(e, LightChanged)] == [goes_out]


# -- solo new-procedure ---------------------------------------------------------------

def test_new_procedure_writes_a_file_that_passes_check_and_plays(tmp_path):
    result = _solo("new-procedure", "my-dungeon", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    path = tmp_path / "my-dungeon.yaml"
    assert "my-dungeon.yaml" in result.stdout
    assert "solo check my-dungeon.yaml" in result.stdout
    assert "solo simulate --system my-dungeon.yaml" in result.stdout
    kind, procedure = load_file(path)
    assert kind == "procedure"
    assert (procedure.id, procedure.name) == ("my-dungeon", "My dungeon")
    assert _solo("check", str(path)).returncode == 0
    assert simulate(load_world(path), 60, 1).turns == 60
    assert "#" in path.read_text(encoding="utf-8")       # the commented starting file


def test_new_procedure_refuses_to_overwrite(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("my own work\n", encoding="utf-8")
    result = _solo("new-procedure", "x", "-o", str(path))
    assert result.returncode == 1
    assert "already exists" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert path.read_text(encoding="utf-8") == "my own work\n"
    with pytest.raises(SoloError, match="already exists"):
        write_template("x", str(path), io.StringIO())


def test_new_procedure_output_option_and_odd_ids(tmp_path):
    said = io.StringIO()
    assert write_template("1984", str(tmp_path / "orwell.yaml"), said) == 0
    kind, procedure = load_file(tmp_path / "orwell.yaml")
    assert (procedure.id, procedure.name) == ("1984", "1984")
    assert "orwell.yaml" in said.getvalue()
    with pytest.raises(UsageError):
        template_text("../escape")
    with pytest.raises(UsageError):
        write_template("fine", str(tmp_path / "fine.txt"), io.StringIO())


# -- procedure files are data: nothing reaches into Python --------------------------------

_MODULES = r"(?:os|sys|subprocess|shutil|builtins|importlib|pathlib|pickle|socket|yaml|solo)"
_FORBIDDEN = [re.compile(pattern) for pattern in (
    r"!!?python", r"python/", r"__import__", r"\bimport ", r"\blambda\b", r"__\w+__",
    r"\b(?:eval|exec|compile|open|getattr)\s*\(", rf"\b{_MODULES}\.[A-Za-z_]",
)]


def _strings(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def _reaches_into_python(text: str) -> list[str]:
    """Problems: tags anywhere in the text, Python-looking code in any key or value."""
    found = [match.group(0) for match in re.finditer(r"!!?python\S*|!![a-z]+/", text)]
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:  # an unsafe tag stops the safe loader
        return found + [f"unreadable: {error}"]
    for value in _strings(data):
        found.extend(match.group(0) for pattern in _FORBIDDEN for match in pattern.finditer(value))
    return found


def test_the_python_scan_would_catch_a_bad_file():
    assert _reaches_into_python('name: !!python/object/apply:os.system ["ls"]\n')
    assert _reaches_into_python("say: \"{__import__('os')}\"\n")
    assert _reaches_into_python("when: os.system('ls')\n")
    assert _reaches_into_python("when: lambda s: 1\n")
    assert not _reaches_into_python("when: \"turn % 2 == 0\"\nsay: Torches last 6 turns.\n")


@pytest.mark.parametrize("path", _procedure_files(), ids=lambda path: path.name)
def test_no_procedure_file_reaches_into_python(path):
    assert _reaches_into_python(path.read_text(encoding="utf-8")) == []


def test_no_yaml_in_the_guide_reaches_into_python():
    for block in _guide_blocks():
        assert _reaches_into_python(block) == []


def test_solo_check_refuses_a_python_tag_and_nothing_runs(tmp_path):
    marker = tmp_path / "marker"
    payload = f'!!python/object/apply:os.system ["touch {marker}"]'
    evil = tmp_path / "evil.yaml"
    evil.write_text("kind: procedure\nid: evil\n"
                    f"name: {payload}\n"
                    "actions:\n  explore: {time: 1}\n", encoding="utf-8")
    for args in (("check", str(evil)), ("simulate", "--system", str(evil), "--turns", "1"),
                 ("new", "--system", str(evil), "--title", "E")):
        result = _solo(*args, cwd=tmp_path)
        assert result.returncode == 1, args
        assert "is not allowed" in result.stderr
        assert not marker.exists()
    assert not (tmp_path / "journals").exists()
    # The payload is real: an unsafe loader would have run it.
    yaml.unsafe_load(f"x: {payload}")
    assert marker.exists()


# -- one description of the format ---------------------------------------------------------

def test_the_guides_key_tables_are_the_ones_the_schema_makes():
    from solo.rules.schema import guide_reference, markdown_table

    text = GUIDE.read_text(encoding="utf-8")
    generated = re.findall(r"<!-- keys: (\w+) -->\n(.*?)\n<!-- end keys -->", text, re.S)
    assert dict(generated) == {"procedure": markdown_table("procedure"),
                               "all": guide_reference()}, (
        "the guide's key tables are out of date: paste `python -m solo.rules.schema`")


@pytest.mark.parametrize("block, yaml_text, key", [
    ("procedure", "kind: procedure\nid: x\nname: X\nactoins: {}\n", "actoins"),
    ("clock", "clock: {unit: turn, minuts: 10}\n", "clock.minuts"),
    ("tracker", "trackers: {t: {mx: 3}}\n", "trackers.t.mx"),
    ("light", "lights: {torch: {turn: 6}}\n", "lights.torch.turn"),
    ("supply", "supplies: {oil: {strat: 2}}\n", "supplies.oil.strat"),
    ("arg", "actions: {go: {args: [{name: n, mn: 1}]}}\n", "actions.go.args.0.mn"),
    ("action", "actions: {go: {tme: 1}}\n", "actions.go.tme"),
    ("table", "tables: {t: {dice: d6, entires: {1-6: x}}}\n", "tables.t.entires"),
    ("check", "each_turn: [{check: {dice: d6, succes: 'roll > 1'}}]\n",
     "each_turn.0.check.succes"),
    ("light-effect", "each_turn: [{light: {do: out, kind: [torch]}}]\n",
     "each_turn.0.light.kind"),
    ("ask", "each_turn: [{ask: {question: Q?, odd: likely}}]\n", "each_turn.0.ask.odd"),
])
def test_every_block_names_an_unknown_key_with_its_line(tmp_path, block, yaml_text, key):
    from solo.rules.schema import BLOCKS

    lines = [] if yaml_text.startswith("kind:") else ["kind: procedure", "id: x", "name: X"]
    if "lights:" not in yaml_text and lines:
        lines.append("lights: {torch: {turns: 6}}")
    line = len(lines) + 1 + (3 if not lines else 0)
    lines.append(yaml_text.rstrip("\n"))
    if "actions:" not in yaml_text:
        lines.append("actions: {go: {time: 1}}")
    path = tmp_path / "p.yaml"
    path.write_text("\n".join(lines) + "\n")
    result = _solo("check", str(path))
    assert result.returncode == 1
    expected = ", ".join(k.name for k in BLOCKS[block].keys)
    assert f"p.yaml:{line}: {key}: unknown key; expected {expected}" in result.stderr
