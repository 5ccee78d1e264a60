"""The html export's work grows with its journal, never faster (#40: an unpaired emphasis in
a late scene heading made it exponential). Work is counted, never timed: the Python calls
made while rendering (markdown-it-py is Python; solo's own patterns each match one line
with a single repeat, so what they do in C is linear too). The old renderer, whose work
was in its patterns, never finishes these."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solo.play.session import Session
from solo.play.start import create_journal_file
from solo.report.export import report_text
from solo.report.html_blocks import PIECE, blocks_html

# the scene headings of the report (#40): "### S14 *Round 14 · 2:20*" with its closing
# asterisk made unpaired by a blank, a blank after the opening one, or a control byte
VARIANTS = {
    "blank before the closing *": "S{n} *Round {n} · 2:20 *",
    "blank after the opening *": "S{n} * Round {n} · 2:20*",
    "NUL before the closing *": "S{n} *Round {n} · 2:20\x00*",
    "0x01 before the closing *": "S{n} *Round {n} · 2:20\x01*",
    "0x02 before the closing *": "S{n} *Round {n} · 2:20\x02*",
    "0x03 before the closing *": "S{n} *Round {n} · 2:20\x03*",
    "ESC before the closing *": "S{n} *Round {n} · 2:20\x1b*",
}
FENCE = "```\n@ stay\ntbl: Alarm (d10) d10=4 -> nothing stirs\n```"


class Counter:
    calls = 0


@contextmanager
def counted() -> Iterator[type[Counter]]:
    """The Python and C calls made from Python inside the block, counted."""
    Counter.calls = 0

    def profile(frame, event, arg):  # noqa: ARG001
        if event in ("call", "c_call"):
            Counter.calls += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield Counter
    finally:
        sys.setprofile(previous)


def work(render: Callable[[], object]) -> int:
    with counted() as counter:
        render()
    return counter.calls


def journal(heading: str, scenes: int, prose: str = "We wait by the door.") -> bytes:
    """A journal's text as the html report is given it: one piece an entry, each scene a
    heading, its notation and a line of prose."""
    pieces = [f"\n\n### {heading.format(n=n)}\n\n{FENCE}\n\n{prose}\n" for n in
              range(1, scenes + 1)]  # (a NUL of the journal's own is shown as U+FFFD, as
    # solo.report.html_body gives it: a NUL parts the pieces)
    return PIECE.join(piece.replace("\x00", "\ufffd").encode() for piece in pieces)


def words(heading: str) -> str:
    """A heading's words as the page shows them, its emphasis (or asterisks) left out: a
    NUL or control byte as U+FFFD."""
    heading = re.sub("</?em>", "", heading).replace("*", "")
    return re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f]", "\ufffd", heading)


def late(variant: str, scenes: int, every: int = 0, prose: str = "We wait by the door."
         ) -> bytes:
    """A journal of ``scenes`` scenes as solo heads them, but the last (and each ``every``
    th) headed by ``variant``: the shape that hung the old renderer (a dozen scenes
    before it took seconds, each more 2.8 times as long)."""
    return PIECE.join(journal(variant if n == scenes or every and n % every == 0 else SOLO,
                              1, prose).replace(b"S1 ", b"S%d " % n, 1)
                      .replace(b"Round 1 ", b"Round %d " % n, 1) for n in range(1, scenes + 1))


SOLO = "S{n} *Round {n} · 2:20*"


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=VARIANTS.keys())
def test_an_unpaired_scene_emphasis_late_in_the_journal_costs_what_a_scene_costs(variant: str):
    small = work(lambda: blocks_html(late(variant, 200)))
    large = work(lambda: blocks_html(late(variant, 400)))
    assert large <= 2.1 * small  # twice the scenes, about twice the work: linear
    html = blocks_html(late(variant, 20, every=3))
    headings = re.findall(r"<h3>(.*?)</h3>", html)
    assert list(map(words, headings)) == [
        words((variant if n == 20 or n % 3 == 0 else SOLO).format(n=n)) for n in range(1, 21)]


def test_a_journal_of_five_thousand_such_scenes_is_rendered_in_linear_work():
    variants = list(VARIANTS.values())
    pieces = [journal(variants[n % len(variants)], 1).replace(b"S1 ", b"S%d " % n, 1)
              .replace(b"Round 1 ", b"Round %d " % n, 1) for n in range(1, 5001)]
    with counted() as counter:
        html = blocks_html(PIECE.join(pieces))
    assert html.count("<h3>") == 5000 and html.count('<div class="mech">') == 5000
    # a bounded number of calls a scene (markdown-it reads each odd heading's piece),
    # however many scenes came before it
    assert counter.calls <= 2000 * 5000
    assert work(lambda: blocks_html(PIECE.join(pieces[:2500]))) >= counter.calls / 2.1
    mixed = late(variants[0], 5000, every=7)  # the same among scenes as solo heads them
    with counted() as counter:
        html = blocks_html(mixed)
    assert html.count("<h3>") == 5000
    assert counter.calls <= 2000 * 5000


def play(path: Path, lines: list[str]) -> None:
    create_journal_file(str(path), "trespasser", "The Hang", 3, [], party=[])
    session = Session(path)
    try:
        for line in lines:
            session.handle(line)
    finally:
        session.close()


@pytest.mark.parametrize("variant", VARIANTS.values(), ids=VARIANTS.keys())
def test_the_reported_hang_exports_with_every_scene(tmp_path: Path, variant: str):
    """The reproduction of #40: 14 rounds in Trespasser, the last heading edited."""
    path = tmp_path / "H.md"
    play(path, ["stay"] * 14)
    text = path.read_text(encoding="utf-8")
    edited = re.sub(r"^### S14 \*Round 14 · 2:20\*$", "### " + variant.format(n=14), text,
                    flags=re.M)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    with counted() as counter:
        html = report_text(path, "html").text
    headings = re.findall(r"<h3[^>]*>(.*?)</h3>", html)
    assert words(headings[-1]) == words(variant.format(n=14))
    assert len(headings) == 14
    assert counter.calls < 1_000_000  # (the old renderer: 2.8 times more each scene)


# -- random headings and prose ---------------------------------------------------------------
_WORDS = st.lists(st.sampled_from(
    list("ab *_`\\&!#[]()<>\"'·é\t") + ["\x00", "\x01", "\x1b", "**", "__", "  ", "&amp;",
                                          "S1", "Round 14", "2:20", "![x](y)", "[a](b)"]),
    min_size=1, max_size=24).map("".join)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(heading=_WORDS, prose=_WORDS)
def test_random_headings_and_prose_cost_work_linear_in_the_scenes(heading: str, prose: str):
    heading = heading.replace("{", "(").replace("}", ")").replace("\n", " ")
    prose = prose.replace("{", "(").replace("}", ")")
    scenes = "S{n} " + heading  # among scenes as solo heads them, and last
    small = work(lambda: blocks_html(late(scenes, 8, 2, prose)))
    large = work(lambda: blocks_html(late(scenes, 16, 2, prose)))
    assert large <= 2.2 * small + 2_000
    size = len(late(scenes, 16, 2, prose))
    assert large <= 100 * size + 10_000  # a bounded number of calls a byte
