"""The html report's map: one self-contained SVG that any XML parser reads, with a title
and a description for screen readers, no script, nothing fetched from elsewhere, and the
player's text only ever as text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from map_dungeons import HOSTILE, big_dungeon, dungeons, hostile_rooms, twelve_rooms

from solo.engine.rooms import Dungeon
from solo.report.map_svg import svg_map
from tests.suite_profile import scaled

SVG = "{http://www.w3.org/2000/svg}"


def _parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def _local(element: ET.Element) -> str:
    return element.tag.rsplit("}", 1)[-1]


def _assert_self_contained(root: ET.Element, text: str) -> None:
    for element in root.iter():
        assert _local(element) not in ("script", "foreignObject", "a", "image", "use", "iframe")
        for name in element.attrib:
            assert not name.lower().startswith("on"), name
            assert not name.endswith("href"), name
    style = "".join(element.text or "" for element in root.iter(f"{SVG}style"))
    assert "url(" not in style and "@import" not in style
    assert text.count("http") == 1  # the namespace only


def test_the_sample_map_has_a_title_a_description_and_one_box_a_room():
    text = svg_map(twelve_rooms())
    root = _parse(text)
    assert root.get("role") == "img"
    first, second = list(root)[:2]
    assert _local(first) == "title" and first.text == "Map of the dungeon: 12 rooms"
    assert _local(second) == "desc"
    assert second.text == (
        "A map of 12 rooms and 13 known passages, 1 of them secret. You are in R8 (Stair "
        "head). The way out is R1 (Entrance hall). The shortest known way there, 5 steps: "
        "R8, R9, R10, R11, R12, R1. 3 exits lead nowhere known yet.")  # (as the party walks:
    # R6 leads east to R8, but R8 names no way back west, so the map's edge is not a way)
    rooms = [group for group in root.iter(f"{SVG}g") if "room" in group.get("class", "")]
    assert len(rooms) == 12
    classes = {group.find(f"{SVG}title").text.split(" — ")[0]: group.get("class")
               for group in rooms}
    assert classes["R8"] == "room here" and classes["R1"] == "room out"
    assert classes["R5"] == "room"
    captions = [group.find(f"{SVG}text").text for group in root.iter(f"{SVG}g")
                if group.get("class") == "caption"]
    assert sorted(captions) == ["way out", "you are here"]
    _assert_self_contained(root, text)


def test_secret_doors_are_dashed_and_stairs_marked():
    root = _parse(svg_map(twelve_rooms()))
    passages = [element for element in root.iter()
                if "pass" in element.get("class", "").split()]
    secret = [element for element in passages if "secret" in element.get("class", "")]
    assert len(secret) == 1
    stairs = [group for group in root.iter(f"{SVG}g") if group.get("class") == "stair"]
    assert len(stairs) == 1
    assert "stroke-dasharray" in root.find(f"{SVG}style").text


def test_the_picture_is_sized_to_hold_every_room():
    root = _parse(svg_map(twelve_rooms()))
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    for box in root.iter(f"{SVG}rect"):
        x, y = float(box.get("x", 0)), float(box.get("y", 0))
        assert 0 <= x and x + float(box.get("width")) <= width
        assert 0 <= y and y + float(box.get("height")) <= height


def test_hostile_text_is_only_ever_text():
    text = svg_map(hostile_rooms())
    root = _parse(text)  # the escape character and U+FFFF would make it unreadable XML
    _assert_self_contained(root, text)
    tooltips = [group.find(f"{SVG}title").text for group in root.iter(f"{SVG}g")
                if "room" in group.get("class", "")]
    assert len(tooltips) == 13
    r1 = next(tip for tip in tooltips if tip.startswith("R1 — "))
    assert "<script>alert(1)</script>" in r1 and "\\x1b[31mred" in r1 and "\x1b" not in r1
    assert "\n" not in r1 and "\u202e" not in r1
    assert "\x1b" in HOSTILE and "<script>" in HOSTILE


def test_a_big_map_and_an_empty_one_are_both_valid():
    big = _parse(svg_map(big_dungeon()))
    assert len([g for g in big.iter(f"{SVG}g") if "room" in g.get("class", "")]) == 300
    empty = _parse(svg_map(Dungeon()))
    assert empty.find(f"{SVG}desc").text == "No rooms are known yet."


@settings(max_examples=scaled(100), deadline=None)
@given(dungeons())
def test_any_dungeon_gives_a_readable_self_contained_svg(dungeon):
    text = svg_map(dungeon)
    root = _parse(text)
    _assert_self_contained(root, text)
    assert [_local(child) for child in list(root)[:2]] == ["title", "desc"]
