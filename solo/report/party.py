"""The party and its supplies in a play report, read from the journal's records.

Each member's hit points over time come from the ``MemberChanged`` and ``PartyChanged``
events the records hold (entries taken back with ``undo`` left out); where each member and
supply began and ended (their marks too) comes from the first and last states. A journal
with no named member and no counted supply costs two state reads and nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from typing import Any

from solo.journal.record_types import MemberChanged, PartyChanged, RecordEvent, TrackerChanged
from solo.report.model import Crawl

__all__ = ["MemberStory", "SupplyStory", "PartyStory", "party_story", "party_rows",
           "party_markdown", "party_html", "party_figures", "member_rows", "stay_text"]


@dataclass
class MemberStory:
    """One member's stay in the party (one who left and came back, a story a stay): HP at its
    start and end, the lowest, the downs to 0, each change (turn charted, HP, if outside)."""

    name: str
    max_hp: int
    start_hp: int
    end_hp: int
    lowest: int
    downs: int = 0
    track: list[tuple[int, int, bool]] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)
    joined: int | None = None  # the turn they joined, if not there from the start
    left: int | None = None  # the turn they left, if they did
    away: set[str] = field(default_factory=set)  # "joined" and "left", when done outside


@dataclass
class SupplyStory:
    label: str
    start: int | None  # None: not counted at the start
    end: int
    used: int = 0
    added: int = 0


@dataclass
class PartyStory:
    members: list[MemberStory]
    supplies: list[SupplyStory]

    def __bool__(self) -> bool:
        return bool(self.members or self.supplies)


def member_rows(state: dict[str, Any]) -> list[dict[str, Any]]:
    rows = state.get("party")
    return [row for row in rows if isinstance(row, dict) and isinstance(row.get("name"), str)] \
        if isinstance(rows, list) else []


def _counts(state: dict[str, Any], key: str = "supplies") -> tuple[tuple[str, int], ...]:
    counts = state.get(key)  # (the supplies, or a member's conditions "c" or own settings "s")
    return tuple((str(name), count) for name, count in counts.items() if type(count) is int) \
        if isinstance(counts, dict) else ()


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _whole(value: Any) -> int:
    return value if type(value) is int else 0


def party_story(crawl: Crawl) -> PartyStory:
    """The party and supplies of ``crawl`` (empty when it names no one and counts nothing)."""
    records = crawl.records
    if records is None or not records.kinds:
        return PartyStory([], [])
    first, last = records.state(0), records.state(len(records.kinds) - 1)
    if not (member_rows(first) or member_rows(last) or _counts(first) or _counts(last)):
        return PartyStory([], [])
    members: dict[str, MemberStory] = {}
    for row in member_rows(first):
        hp, top = _whole(row.get("hp")), _whole(row.get("max"))
        members[row["name"]] = MemberStory(row["name"], top, hp, hp, hp)
    supplies: dict[str, SupplyStory] = {}
    for name, amount in _counts(first):
        supplies[name] = SupplyStory(_label(name), amount, amount)
    retracted, turns, kinds = records.retracted, records.turns_inside(records.live()), records.kinds
    for index, events in records.tally().eventful.items():  # (the party's events among them)
        if kinds[index] == "command" and index not in retracted:
            _read_events(events, turns[index], members, supplies, records.turns[index])
    for row in member_rows(last):
        hp, top = _whole(row.get("hp")), _whole(row.get("max"))
        story = members.setdefault(row["name"], MemberStory(row["name"], top, hp, hp, hp))
        story.end_hp, story.max_hp = hp, top
        if crawl.procedure is not None:  # (as the state has them: a quiet change makes no event)
            story.marks = list(crawl.procedure.party.marks(_counts(row, "c"), _counts(row, "s")))
    for name, amount in _counts(last):
        supplies.setdefault(name, SupplyStory(_label(name), None, amount)).end = amount
    return PartyStory(list(members.values()), list(supplies.values()))


def _read_events(events: Iterable[RecordEvent], turn: int, members: dict[str, MemberStory],
                 supplies: dict[str, SupplyStory], played: int) -> None:
    for event in events:
        if isinstance(event, MemberChanged):
            story = members.get(name := event.name)
            if story is None:  # named only in the front matter of a journal from before
                hp = event.before if event.what == "hp" else event.hp  # members
                story = members[name] = MemberStory(name, event.max_hp, hp, hp, hp)
            if event.what == "hp":
                story.end_hp, story.lowest = event.after, min(story.lowest, event.after)
                story.track.append((turn, event.after, turn != played))
                story.downs += event.before > 0 and event.after == 0
            story.marks = list(event.marks)
        elif isinstance(event, PartyChanged):
            name, hp = event.name, event.hp
            if event.joined and name in members:  # (back after leaving: a story a stay)
                members[f"{name}\0{len(members)}"] = members.pop(name)
            if event.joined:
                members[name] = MemberStory(name, event.max_hp, hp, hp, hp, joined=turn)
            elif name in members:
                members[name].left = turn
            if name in members and turn != played:  # (done outside)
                members[name].away.add("joined" if event.joined else "left")
        elif isinstance(event, TrackerChanged) and event.notation == "Inv":
            name = event.tracker
            before, after = _whole(event.before), _whole(event.after)
            label = event.label or name
            supply = supplies.setdefault(name, SupplyStory(label, None, before))
            supply.label, supply.end = label, after
            supply.used += max(before - after, 0)
            supply.added += max(after - before, 0)


# -- what the reports show ----------------------------------------------------------------

def _member_text(story: MemberStory, unit: str) -> str:
    text = f"HP {story.start_hp} → {story.end_hp} of {story.max_hp}"
    if story.lowest < min(story.start_hp, story.end_hp):
        text += f", lowest {story.lowest}"
    if story.downs:
        text += f", down at 0 HP {story.downs}×"
    if story.marks:
        text += f"; {', '.join(story.marks)}"
    return text + stay_text(story, unit)


def stay_text(story: MemberStory, unit: str) -> str:
    """When the member joined and left the party, if they did: "; joined in turn 2"."""
    return "".join(f"; {how} " + (f"outside, after {unit} {turn - 1}" if how in story.away
                                  else f"in {unit} {turn}") for how, turn
                   in (("joined", story.joined), ("left", story.left)) if turn is not None)


def _supply_text(story: SupplyStory) -> str:
    begun = "not counted at first" if story.start is None else f"{story.start}"
    moved = [part for part in (f"{story.used} used" if story.used else "",
                               f"{story.added} added" if story.added else "") if part]
    return f"{begun} → {story.end}" + (f" ({', '.join(moved)})" if moved else "")


def party_rows(crawl: Crawl) -> list[tuple[str, str]]:
    """(label, text) rows for the summary: one per member, one per supply."""
    story = party_story(crawl)
    return ([(member.name, _member_text(member, crawl.unit)) for member in story.members]
            + [(supply.label, _supply_text(supply)) for supply in story.supplies])


def _track_text(story: MemberStory, unit: str) -> str:
    return " → ".join([str(story.start_hp)] + [  # (one outside: charted in the next turn)
        f"{hp} (outside, after {unit} {turn - 1})" if out else f"{hp} ({unit} {turn})"
        for turn, hp, out in story.track])


def party_markdown(crawl: Crawl) -> list[str]:
    """The report's "Party" section: each member's HP over time, and the supplies."""
    story = party_story(crawl)
    if not story:
        return []
    out = ["", "### Party", ""] if story.members else []
    for member in story.members:
        out.append(f"- **{member.name}:** {_member_text(member, crawl.unit)}")
    if any(member.track for member in story.members):
        out += ["", f"HP over time, {crawl.unit} by {crawl.unit}:", ""]
        out += [f"- {member.name}: {_track_text(member, crawl.unit)}"
                for member in story.members if member.track]
    if story.supplies:
        out += ["", "### Supplies", ""]
        out += [f"- **{supply.label}:** {_supply_text(supply)}" for supply in story.supplies]
    return out


def party_html(crawl: Crawl, story: PartyStory | None = None) -> str:
    """The HTML report's party and supplies: a table each (empty when there is neither);
    ``story``, the crawl's :func:`party_story` when the caller has it already."""
    story = party_story(crawl) if story is None else story
    if not story:
        return ""
    parts = []
    if story.members:
        rows = "".join(
            f"<tr><th scope=\"row\">{escape(member.name)}</th>"
            f"<td>{escape(_member_text(member, crawl.unit))}</td></tr>\n"
            for member in story.members)  # (HP over time: a line each, drawn by html_hp)
        parts.append('<h3>Party</h3>\n<table class="party">\n<thead><tr><th scope="col">'
                     'Member</th><th scope="col">Hit points</th></tr></thead>\n<tbody>\n'
                     f"{rows}</tbody>\n</table>\n")
    if story.supplies:
        rows = "".join(f"<tr><th scope=\"row\">{escape(supply.label)}</th>"
                       f"<td>{escape(_supply_text(supply))}</td></tr>\n"
                       for supply in story.supplies)
        parts.append('<h3>Supplies</h3>\n<table class="supplies">\n<tbody>\n'
                     f"{rows}</tbody>\n</table>\n")
    return "".join(parts)


def party_figures(crawl: Crawl) -> dict[str, Any]:
    """The party and supplies for ``solo stats --json``."""
    story = party_story(crawl)
    return {"party": [{"name": m.name, "max_hp": m.max_hp, "start_hp": m.start_hp,
                       "end_hp": m.end_hp, "lowest": m.lowest, "downs": m.downs,
                       "marks": m.marks, "hp_track": [list(step[:2]) for step in m.track],
                       "joined": m.joined, "left": m.left} for m in story.members],
            "supplies": [{"label": s.label, "start": s.start, "end": s.end, "used": s.used,
                          "added": s.added} for s in story.supplies]}
