"""Loading procedure files: located errors, no Python objects, frozen rules."""

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solo.errors import RulesError
from solo.rules.catalog import load_file, load_system, system_ids
from solo.rules.procedure_file import parse_procedure
from solo.rules.yamlfile import load_yaml
from tests.suite_profile import scaled

MINIMAL = """\
kind: procedure
id: tiny
name: Tiny
trackers:
  alarm: {label: Alarm, min: 0, max: 10}
actions:
  advance:
    time: 1
    effects:
      - adjust: {alarm: 1}
"""


def _load(text: str):
    return parse_procedure(load_yaml(text, "p.yaml"))


def test_minimal_procedure_loads_into_frozen_dataclasses():
    procedure = _load(MINIMAL)
    assert procedure.id == "tiny"
    assert procedure.trackers["alarm"].maximum == 10
    with pytest.raises(dataclasses.FrozenInstanceError):
        procedure.id = "other"  # type: ignore[misc]


@pytest.mark.parametrize("change, line, key, expected", [
    (("adjust: {alarm: 1}", "adjust: {alarm: 1 +}"), 10, "actions.advance.effects.0.adjust.alarm",
     "cannot read expression"),
    (("adjust: {alarm: 1}", "adjust: {ghost: 1}"), 10, "actions.advance.effects.0.adjust.ghost",
     "no tracker named 'ghost'"),
    (("adjust: {alarm: 1}", "adjust: {alarm: bonus}"), 10, "actions.advance.effects.0.adjust.alarm",
     "unknown name 'bonus'"),
    (("max: 10}", "max: -1}"), 5, "trackers.alarm.max", "max must not be below min"),
    (("time: 1", "tempo: 1"), 8, "actions.advance.tempo", "unknown key"),
    (("      - adjust", "      - shout"), 10, "actions.advance.effects.0.shout",
     "unknown effect key"),
])
def test_errors_name_file_line_key_and_expectation(change, line, key, expected):
    with pytest.raises(RulesError) as caught:
        _load(MINIMAL.replace(*change))
    message = str(caught.value)
    assert message.startswith(f"p.yaml:{line}: {key}: ")
    assert expected in message
    assert "\n" not in message


def test_malformed_yaml_names_the_line():
    with pytest.raises(RulesError, match=r"^p\.yaml:4: not valid YAML"):
        _load("kind: procedure\nid: x\nactions: [unclosed\n")


def test_python_tags_are_refused_and_nothing_runs(tmp_path: Path):
    marker = tmp_path / "MARKER"
    hostile = tmp_path / "evil.yaml"
    hostile.write_text(f'kind: procedure\nid: !!python/object/apply:os.system ["touch {marker}"]\n')
    with pytest.raises(RulesError, match="is not allowed"):
        load_file(hostile)
    assert not marker.exists()


def test_every_shipped_system_loads():
    assert {"d12-tension", "delving", "exploration", "trespasser", "dungeon-turn"} <= set(
        system_ids())
    for ident in system_ids():
        assert load_system(ident).id == ident


yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["kind", "id", "name", "actions", "trackers", "effects",
                                       "time", "tables", "dice", "entries", "adjust", "check"]),
                      children, max_size=5),
    max_leaves=25)


@settings(max_examples=scaled(200), deadline=None)
@given(yaml_values)
def test_loader_never_crashes_on_any_structure(data):
    import yaml

    text = yaml.safe_dump({"kind": "procedure", "id": "x", "name": "X", "actions": data})
    try:
        _load(text)
    except RulesError:
        pass
