"""The html map's drawing, measured from the SVG's own numbers: passages join neighbours and
cross no box, unexplored exits keep clear of passages and of each other, the captions cover
no line, and the key starts below every mark. What the map cannot draw it names, as the
terminal's map does (one decision for both: :func:`solo.engine.map_layout.sketch`)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from hypothesis import given, settings
from map_dungeons import big_dungeon, dungeons, played, twelve_rooms

from solo.play.map_text import map_lines
from solo.report.map_svg import svg_map
from tests.suite_profile import scaled

SVG = "{http://www.w3.org/2000/svg}"
Rect = tuple[float, float, float, float]  # left, top, right, bottom
Segment = tuple[float, float, float, float]  # x1, y1, x2, y2


@dataclass
class Drawing:
    boxes: dict[str, Rect] = field(default_factory=dict)
    headings: dict[str, str] = field(default_factory=dict)
    passages: list[Segment] = field(default_factory=list)
    stubs: list[tuple[Segment, Rect]] = field(default_factory=list)  # the line, its ?
    captions: list[tuple[str, Rect]] = field(default_factory=list)  # the room, the caption
    legend: list[tuple[float, str]] = field(default_factory=list)  # baseline, words
    polylines: int = 0
    height: float = 0


def _mark(text: ET.Element) -> Rect:
    """Where a ``?`` of 12.5 px, centred on its x, is painted."""
    x, y = float(text.get("x")), float(text.get("y"))
    return x - 4.5, y - 10, x + 4.5, y + 3


def _rect(element: ET.Element) -> Rect:
    x, y = float(element.get("x")), float(element.get("y"))
    return x, y, x + float(element.get("width")), y + float(element.get("height"))


def read(text: str) -> Drawing:
    root = ET.fromstring(text)
    drawing = Drawing(height=float(root.get("height")))
    children = list(root)
    room = ""
    for index, child in enumerate(children):
        tag, kind = child.tag.removeprefix(SVG), child.get("class", "")
        following = children[index + 1] if index + 1 < len(children) else None
        if tag == "polyline":
            drawing.polylines += 1
        elif tag == "line":
            segment = tuple(float(child.get(name)) for name in ("x1", "y1", "x2", "y2"))
            if following is not None and following.tag == f"{SVG}text" and \
                    (following.text or "").startswith("?"):
                drawing.stubs.append((segment, _mark(following)))
            else:
                drawing.passages.append(segment)
        elif tag == "g" and kind.startswith("room"):
            room = child.find(f"{SVG}title").text.split(" — ")[0]
            drawing.boxes[room] = _rect(child.find(f"{SVG}rect"))
            drawing.headings[room] = child.find(f"{SVG}text").text
        elif tag == "g" and kind == "caption":
            drawing.captions.append((room, _rect(child.find(f"{SVG}rect"))))
        elif tag == "text" and kind == "legend":
            drawing.legend.append((float(child.get("y")), child.text))
    return drawing


def _crosses(segment: Segment, rect: Rect) -> bool:
    """Whether any part of the segment lies inside the rectangle (its edge not counted)."""
    x1, y1, x2, y2 = segment
    left, top, right, bottom = rect[0] + 0.5, rect[1] + 0.5, rect[2] - 0.5, rect[3] - 0.5
    low, high = 0.0, 1.0
    for step, room in ((-(x2 - x1), x1 - left), (x2 - x1, right - x1),
                       (-(y2 - y1), y1 - top), (y2 - y1, bottom - y1)):
        if step == 0:
            if room < 0:
                return False
            continue
        share = room / step
        if step < 0:
            low = max(low, share)
        else:
            high = min(high, share)
    return low < high


def _overlap(one: Rect, other: Rect) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def _meet(one: Segment, other: Segment) -> bool:
    """Whether two segments touch or cross."""
    def side(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

    a, b = (one[0], one[1]), (one[2], one[3])
    c, d = (other[0], other[1]), (other[2], other[3])
    d1, d2 = side(*c, *d, *a), side(*c, *d, *b)
    d3, d4 = side(*a, *b, *c), side(*a, *b, *d)
    if (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and 0 not in (d1, d2, d3, d4):
        return True
    return any(_near(point, segment) for point, segment in
               ((a, other), (b, other), (c, one), (d, one)))


def _near(point: tuple[float, float], segment: Segment) -> bool:
    x1, y1, x2, y2 = segment
    length = (x2 - x1) ** 2 + (y2 - y1) ** 2
    share = 0.0 if not length else max(0.0, min(1.0, (
        (point[0] - x1) * (x2 - x1) + (point[1] - y1) * (y2 - y1)) / length))
    return (point[0] - x1 - share * (x2 - x1)) ** 2 + (point[1] - y1 - share * (y2 - y1)) ** 2 < 1


def _centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def assert_clear(drawing: Drawing) -> None:
    """Everything the map draws stands where it can be read."""
    boxes = drawing.boxes
    centres = {_centre(box): room for room, box in boxes.items()}
    assert drawing.polylines == 0  # (no path along the gaps, over what lies in them)
    for passage in drawing.passages:
        ends = centres.get(passage[:2]), centres.get(passage[2:])
        assert None not in ends and ends[0] != ends[1], passage  # from a box to another
        left, top, right, bottom = boxes[ends[0]]  # (neighbours: less than two boxes apart)
        assert abs(passage[2] - passage[0]) < 2 * (right - left)
        assert abs(passage[3] - passage[1]) < 2 * (bottom - top)
        crossed = [room for room, box in boxes.items() if room not in ends
                   and _crosses(passage, box)]
        assert not crossed, (ends, crossed)
    for index, (line, mark) in enumerate(drawing.stubs):
        for room, box in boxes.items():
            assert not _crosses(line, box) and not _overlap(mark, box), (room, line)
        for passage in drawing.passages:
            assert not _meet(line, passage) and not _crosses(passage, mark), (line, passage)
        for other, other_mark in drawing.stubs[index + 1:]:
            assert not _meet(line, other) and not _overlap(mark, other_mark), (line, other)
    for index, (room, caption) in enumerate(drawing.captions):
        own = boxes[room]
        inside = own[0] <= caption[0] and caption[2] <= own[2] and own[1] <= caption[1] \
            and caption[3] <= own[3]  # (over its description: both sides have a line)
        for other, box in boxes.items():
            assert (other == room and inside) or not _overlap(caption, box), (room, other)
        for line, mark in drawing.stubs:
            assert not _crosses(line, caption) and not _overlap(mark, caption), (room, line)
        for passage in drawing.passages:
            assert not _crosses(passage, caption), (room, passage)
        for _, other in drawing.captions[index + 1:]:
            assert not _overlap(caption, other)
    lowest = max([box[3] for box in boxes.values()] + [mark[3] for _, mark in drawing.stubs]
                 + [caption[3] for _, caption in drawing.captions], default=0)
    for baseline, words in drawing.legend:
        assert baseline - 10 >= lowest + 2, words  # (a line's letters rise 10 px at most)
        assert baseline + 4 <= drawing.height, words


def _between(drawing: Drawing, first: str, second: str) -> list[Rect]:
    """The ``?`` marks in the gap between two boxes side by side or one above the other."""
    one, other = drawing.boxes[first], drawing.boxes[second]
    gap = (min(one[0], other[0]), min(one[3], other[3]), max(one[2], other[2]),
           max(one[1], other[1])) if one[0] == other[0] else (
        min(one[2], other[2]), min(one[1], other[1]), max(one[0], other[0]),
        max(one[3], other[3]))
    return [mark for _, mark in drawing.stubs if _overlap(mark, gap)]


def _boxed(lines: list[str]) -> set[str]:
    """The rooms whose box in the terminal's map carries a ``?``."""
    return {found for line in lines for found in re.findall(r"[│║┃┤╢┨] *(R\d+)\?", line)}


def test_a_passage_between_rooms_apart_is_named_as_the_terminal_names_it():
    dungeon = played("long-way")  # (R11, east of R10, is placed under R1)
    drawing = read(svg_map(dungeon))
    assert_clear(drawing)
    assert ["too long to draw: R10 ─ R11"] == [words for _, words in drawing.legend
                                                if "too long" in words]
    lines = map_lines(dungeon)
    assert "Passages too long to draw: R10 ─ R11." in lines
    # the same unexplored exits drawn: R1's south one between R1 and R11, R11's north one a
    # ? in its box, in both drawings
    assert len(_between(drawing, "R1", "R11")) == 1
    assert {room for room, heading in drawing.headings.items() if "?" in heading} == \
        _boxed(lines) == {"R11"}
    assert len(drawing.passages) == 9  # (all ten but the long one)


def test_unexplored_exits_facing_each_other_never_meet():
    drawing = read(svg_map(played("side-by-side")))
    assert_clear(drawing)
    assert len(_between(drawing, "R4", "R3")) == 1  # (R3's, found first; R4's in its box)
    assert drawing.headings["R4"] == "R4?" and drawing.headings["R3"] == "R3"
    assert len(drawing.stubs) == 7  # (R1 N, W; R2 N, E; R3 E, S, W)


def test_the_captions_cover_no_line_and_the_key_starts_below_every_mark():
    for dungeon in (played("corridor"), played("side-by-side"), played("long-way"),
                    twelve_rooms(), twelve_rooms(here="R1")):
        drawing = read(svg_map(dungeon))
        assert_clear(drawing)
        assert len(drawing.captions) == (1 if dungeon.here == dungeon.way_out else 2)
    corridor = read(svg_map(played("corridor")))  # (lines above and below both boxes:
    for room, caption in corridor.captions:  # the captions go beside the line below)
        box = corridor.boxes[room]
        assert caption[1] >= box[3] and caption[0] > _centre(box)[0]


def test_a_big_map_keeps_every_mark_clear():
    assert_clear(read(svg_map(big_dungeon())))


@settings(max_examples=scaled(60), deadline=None)
@given(dungeons())
def test_any_dungeon_keeps_every_mark_clear(dungeon):
    assert_clear(read(svg_map(dungeon)))


RENDERED = r"""(() => {
  const svg = document.querySelector('svg.solo-map');
  const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const words = [...svg.querySelectorAll('text')].map((t) => ({
    text: t.textContent, box: box(t), legend: t.classList.contains('legend'),
    group: t.closest('g.room, g.caption, g.stair') ? [...svg.querySelectorAll(
      'g.room, g.caption, g.stair')].indexOf(t.closest('g.room, g.caption, g.stair')) : -1}));
  const marks = [...svg.querySelectorAll('line, rect:not(.paper), circle')].map(box);
  return {words, marks};
})()"""


def test_in_a_browser_no_two_words_of_the_map_overlap_and_the_key_comes_last(chromium,
                                                                            tmp_path):
    for name, dungeon in (("corridor", played("corridor")), ("facing", played("side-by-side")),
                          ("long", played("long-way")), ("sample", twelve_rooms())):
        page = tmp_path / f"{name}.html"
        page.write_text(f'<!DOCTYPE html><meta charset="utf-8"><body>{svg_map(dungeon)}',
                        encoding="utf-8")
        chromium.open(page.as_uri(), 1100, False)
        view = chromium.evaluate(RENDERED)
        words = view["words"]
        for index, one in enumerate(words):
            for other in words[index + 1:]:
                if one["group"] == other["group"] != -1:
                    continue  # (a room's id over its description, a caption's words)
                assert not _overlap(one["box"], other["box"]), (name, one["text"], other["text"])
        lowest = max([mark[3] for mark in view["marks"]]
                     + [word["box"][3] for word in words if not word["legend"]])
        for word in words:
            if word["legend"]:
                assert word["box"][1] >= lowest, (name, word["text"])
