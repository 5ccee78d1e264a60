"""The html report's hit-point charts: one small inline SVG a member, their HP by turn as a
step line (HP holds until it changes), a dot where they dropped to 0.

Each member has a chart of their own, so that two members at full HP never hide one
another, all on the turn scale of the danger chart (:mod:`solo.report.html_chart`) so
that their turns line up. Drawn only when some member's HP changed.
"""

from __future__ import annotations

from html import escape

from solo.report.html_chart import KEEP_WIDTH, frame_for, svg_open, turn_axis, value_lines
from solo.report.model import Crawl
from solo.report.party import MemberStory, PartyStory, stay_text

__all__ = ["hp_charts"]

_HEIGHT = 64  # a member's plot


def hp_charts(crawl: Crawl, story: PartyStory) -> str:
    """A figure of each member's HP over time, from the crawl's :func:`party_story` (empty
    when no member's HP changed)."""
    members = story.members
    if not any(member.track for member in members):
        return ""
    turns = max(crawl.turns, 1)  # (a change outside after the last turn: at its end)
    charts = "".join(_member_chart(member, turns, crawl.unit) for member in members)
    key = '; <span class="key-enc">●</span> down at 0 HP' \
        if any(member.downs for member in members) else ""
    return (f'<figure class="chart hp">{charts}<figcaption>Hit points of each member, '
            f"{escape(crawl.unit)} by {escape(crawl.unit)}{key}.</figcaption></figure>\n")


def _member_chart(member: MemberStory, turns: int, unit: str) -> str:
    top = max(member.max_hp, member.start_hp, *(hp for _, hp, _ in member.track), 1)
    frame = frame_for(turns, top, _HEIGHT)
    title = f"{member.name}: hit points per {unit}"
    out = [f'<p class="who">{escape(member.name)}</p>',
           svg_open(frame, title, _description(member, unit)),
           *value_lines(frame, (0, frame.top)), *turn_axis(frame)]
    first = member.joined or 0
    last = member.left if member.left is not None else turns
    path = "".join(f"H{frame.x(turn)}V{frame.y(hp)}" for turn, hp, _ in member.track)
    out.append(f'<path class="hp" d="M{frame.x(first)} {frame.y(member.start_hp)}{path}'
               f'H{frame.x(last)}"{KEEP_WIDTH}/>')
    befores = [member.start_hp, *(hp for _, hp, _ in member.track)][:-1]
    for (turn, hp, away), before in zip(member.track, befores, strict=True):
        when = f"Outside, after {unit} {turn - 1}" if away else f"{unit.capitalize()} {turn}"
        if hp == 0 < before:  # (down)
            out.append(f'<circle class="down" cx="{frame.x(turn)}" cy="{frame.y(0)}" r="4">'
                       f"<title>{escape(f'{when}: {member.name} down')}</title></circle>")
    out.append("</svg>")
    return "".join(out)


def _description(member: MemberStory, unit: str) -> str:
    """The chart in words."""
    changes = len(member.track)
    text = (f"{member.name}'s hit points: {member.start_hp} of {member.max_hp} at the start, "
            f"{member.end_hp} at the end, lowest {member.lowest}; {changes} change"
            f"{'s' if changes != 1 else ''}")
    if member.downs:
        text += f", down at 0 HP {member.downs} time{'s' if member.downs != 1 else ''}"
    return text + stay_text(member, unit) + "."
