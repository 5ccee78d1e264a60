"""Lonelog 1.6, as solo writes it: the one module that knows the journal's notation.

Everything a journal shows is spelled here and nowhere else: the core symbols (``@``
what the party attempts, ``?`` questions, ``d:`` rolls, ``tbl:`` tables, ``->``
results, ``=>`` consequences, ``(note: …)`` reminders and tool commands), the tags
(``[Clock:Tension 3/10]``, ``[Track:…]``, ``[Timer:Torch 5]``, ``[Inv:Torch|lit]``,
``[Inv:Torches|2]``, ``[PC:Wren|HP 6/8|tired]``), ``@(Wren)`` for one member's action,
dice in the Dice Notation add-on's form (``d6=3``, ``d10+7=8``, ``4d6kh3=14 [5, 5, 3d, 4]``),
the session and scene headings, the fences around mechanics, and how the player's own
narration is kept from changing the page's structure.

Rendering is one way only: events in, text out. Nothing reads this text back; reports
read the hidden records (:mod:`solo.journal.record`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from solo.engine.events import (
    Acted,
    ActedNote,
    ActedOwnLine,
    Answered,
    Checked,
    Encountered,
    Event,
    LightChanged,
    MemberChanged,
    PartyChanged,
    Rolled,
    RoomChanged,
    Said,
    Struck,
    TableRolled,
    TrackerChanged,
    TurnPassed,
)
from solo.engine.oracle import answer_line
from solo.engine.requests import NOTE, OWN_LINE
from solo.rules.dice_notation import roll_text

__all__ = ["Line", "FENCE", "SUBTITLE", "LONELOG_MARKS", "event_lines", "render_events",
           "roll_text", "tag", "one_line", "clock_text", "scene_heading", "session_heading",
           "mechanics_block", "narration_block", "is_lonelog", "note", "title_block",
           "inline_text", "line_kind", "member_tag", "room_tag", "dungeon_status_block",
           "counter_tag"]

FENCE = "```"
"""Mechanics go inside a fence of this many backticks; no notation line can start with one."""

LONELOG_MARKS = ("@", "?", "d:", "tbl:", "gen:", "->", "=>", "[", "(")
"""How a line the player writes in Lonelog begins: kept exactly as typed, inside a fence."""


class Line(str):
    """A rendered line that knows what it is (``action``, ``roll``, ``result``…), so a screen
    can colour it without reading its text."""

    kind: str = "text"

    def __new__(cls, text: str, kind: str = "text") -> Line:
        line = super().__new__(cls, text)
        line.kind = kind
        return line


# -- making text safe -----------------------------------------------------------------------
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]")


def answer_text(event: Answered) -> str:
    """An oracle answer's dice and answer: ``d100=23 vs 50 -> Yes``, or the meaning
    oracle's ``Action d66=35, Subject d66=42 -> Betray / A promise``."""
    if event.method == "meaning":
        rolls = ", ".join(f"{label} {roll_text(roll, plus)}" for label, roll, plus
                          in zip(event.labels, event.rolls, event.pluses, strict=True))
        return f"{rolls} -> {event.text}"
    return answer_line(event.rolls, event.value, event.target, event.method, event.text,
                       event.random_event, event.event)


def one_line(text: str) -> str:
    """Any text as one clean line: line breaks and carriage returns become spaces, other
    control characters (terminal escapes included) and lone surrogates are dropped."""
    if "\n" in text or "\r" in text or "\u2028" in text or "\u2029" in text:
        text = " ".join(text.splitlines())
    return _CONTROL.sub("", text).strip() if _CONTROL.search(text) else text.strip()


def _tag_part(text: str) -> str:
    """A tag's name or field: one line, with no ``]`` to close it early nor ``|`` to split it."""
    return one_line(str(text)).replace("]", ")").replace("[", "(").replace("|", "/")


def tag(kind: str, name: str, *fields: object) -> str:
    """``[Kind:Name|field|field]``; a field that is None is left out."""
    parts = [f"{kind}:{_tag_part(name)}", *(_tag_part(str(f)) for f in fields if f is not None)]
    return "[" + "|".join(parts) + "]"


def counter_tag(kind: str, name: str, value: int, maximum: int | None) -> str:
    """``[Clock:Tension 3/10]``, ``[Track:Depth 2]``, ``[Timer:Torch 5]``."""
    of = f"/{maximum}" if maximum is not None else ""
    return f"[{kind}:{_tag_part(name)} {value}{of}]"


# -- dice ------------------------------------------------------------------------------------
# -- events -> lines -------------------------------------------------------------------------
def note(text: str) -> str:
    return f"(note: {one_line(text)})"


def member_tag(name: str, hp: int, max_hp: int, marks: Iterable[str] = ()) -> str:
    """``[PC:Wren|HP 6/8|tired]``: a member's hit points and the conditions they show."""
    return tag("PC", name, f"HP {hp}/{max_hp}", *marks)


def _light_tags(event: LightChanged) -> str:
    """``[Inv:Torch|lit] [Timer:Torch 6]``, ``[Inv:Torch|out]``, ``[Inv:Lantern|dimmed]``."""
    after = event.after
    if after.startswith("lit"):
        state = "dimmed" if "dimmed" in after else "lit"
        found = re.search(r"(\d+) turns? left", after)
        timer = " " + counter_tag("Timer", event.label, int(found[1]), None) if found else ""
        return tag("Inv", event.label, state) + timer
    return tag("Inv", event.label, "out")


def _acted(event: Acted) -> list[Line]:
    command = one_line(event.command)
    if event.shown == OWN_LINE:
        return []
    if event.shown == NOTE:
        return [Line(note(command), "note")]
    if event.actor:
        return [Line(f"@({_tag_part(event.actor)}) {command}", "action")]
    return [Line(f"@ {command}", "action")]


def _member_changed(event: MemberChanged) -> list[Line]:
    shown = member_tag(event.name, event.hp, event.max_hp, event.marks)
    delta = event.after - event.before
    reason = one_line(event.reason)
    lines = [Line(f"=> {shown} {_tag_part(event.label)} {delta:+d}"
                  + (f": {reason}" if reason else ""), "result")]
    if event.what == "hp" and event.before > 0 and event.after == 0:
        lines.append(Line(f"=> {one_line(event.name)} is down at 0 HP", "result"))
    return lines


def _party_changed(event: PartyChanged) -> list[Line]:
    shown = member_tag(event.name, event.hp, event.max_hp, event.marks)
    return [Line(f"=> {shown} " + ("joins the party" if event.joined
                                    else "leaves the party"), "result")]


def _checked(event: Checked) -> list[Line]:
    return [Line(f"d: {one_line(event.label)} {roll_text(event.roll, event.plus)} -> "
                 f"{'yes' if event.success else 'no'}", "roll")]


def _rolled(event: Rolled) -> list[Line]:
    label = one_line(event.label)
    return [Line(f"d: {label + ' ' if label else ''}{roll_text(event.roll, event.plus)}",
                 "roll")]


def _table_rolled(event: TableRolled) -> list[Line]:
    # a plus read from a tracker behind the screen: the dice alone, no plus or total
    rolled = roll_text(event.roll) if event.hidden else roll_text(event.roll, event.plus)
    line = f"tbl: {one_line(event.title)} {rolled} -> {one_line(event.text)}"
    if event.inline:
        line += " (" + ", ".join(roll_text(roll) for roll in event.inline) + ")"
    return [Line(line, "table")]


def _tracker_changed(event: TrackerChanged) -> list[Line]:
    reason = one_line(event.reason)
    if event.hidden:
        return [Line(f"=> {one_line(event.label)} moves behind the screen"
                     + (f": {reason}" if reason else ""), "result")]
    delta = event.after - (event.before or 0)  # (None only in a record edited so)
    change = f"{delta:+d}" if delta else "no change"
    shown = tag("Inv", event.label, event.after) if event.notation == "Inv" \
        else counter_tag(event.notation, event.label, event.after, event.maximum)
    return [Line(f"=> {shown} {change}" + (f": {reason}" if reason else ""), "result")]


def _light_changed(event: LightChanged) -> list[Line]:
    reason = one_line(event.reason)
    return [Line(f"=> {_light_tags(event)}" + (f" {reason}" if reason else ""), "result")]


_ENCOUNTER_SAID = {"met": "Encounter: {}",
                   "foreshadowed": "Encounter, as the signs foretold: {}",
                   "sign": "A sign of something nearby: {}",
                   "struck": "No encounter: {} was struck off",
                   "struck-sign": "No sign: {} was struck off, so nothing is foretold"}
"""How each kind of encounter result reads, its text in the braces."""


def _encountered(event: Encountered) -> list[Line]:
    return [Line("=> " + _ENCOUNTER_SAID[event.status].format(one_line(event.text)), "result")]


def _struck(event: Struck) -> list[Line]:
    return [Line(f"=> Struck off {one_line(event.table)}: {one_line(event.text)}", "result")]


def _answered(event: Answered) -> list[Line]:
    odds = ", ".join(one_line(part) for part in (event.odds, event.style) if part)
    return [Line(f"? {one_line(event.question)}" + (f" ({odds})" if odds else ""),
                 "question"),
            Line(f"d: {one_line(answer_text(event))}", "roll")]


_LINES: dict[type, Callable[[Any], list[Line]]] = {
    Acted: _acted, ActedNote: _acted, ActedOwnLine: _acted, MemberChanged: _member_changed,
    PartyChanged: _party_changed,
    TurnPassed: lambda event: [], Checked: _checked, Rolled: _rolled,
    TableRolled: _table_rolled, TrackerChanged: _tracker_changed,
    LightChanged: _light_changed, Encountered: _encountered,
    Said: lambda event: [Line(note(event.text), "note")], Struck: _struck,
    Answered: _answered, RoomChanged: lambda event: [Line(room_tag(event), "result")]}
"""Each kind of event and how it reads in the journal (a turn passing: not at all)."""


def event_lines(event: Event) -> list[Line]:
    """One event as the Lonelog lines that show it (none for a turn passing)."""
    render = _LINES.get(type(event))
    if render is None:  # pragma: no cover - every event of solo.engine.events has a row
        raise TypeError(f"cannot render {event!r}")
    return render(event)


def room_tag(event: RoomChanged) -> str:
    """``[R:4|active|storage room|exits S:R2, E]`` for a room entered or changed, ``[#R:4]``
    for one the party comes back to (the Dungeon Crawling add-on's tags)."""
    number = _tag_part(event.room.removeprefix("R"))
    if event.how == "back":
        return f"[#R:{number}]"
    fields = [", ".join(_tag_part(word) for word in event.status) or "active"]
    if event.description:
        fields.append(_tag_part(event.description))
    if event.exits:
        fields.append("exits " + ", ".join(_tag_part(exit) for exit in event.exits))
    return f"[R:{number}|" + "|".join(fields) + "]"


def dungeon_status_block(rooms: Iterable[RoomChanged]) -> str:
    """``[DUNGEON STATUS]`` … ``[/DUNGEON STATUS]``: every known room's tag, fenced, as a
    session after the first opens with it."""
    return mechanics_block(["[DUNGEON STATUS]", *(room_tag(room) for room in rooms),
                            "[/DUNGEON STATUS]"])


def render_events(events: Iterable[Event]) -> list[Line]:
    lines: list[Line] = []
    for event in events:
        lines.extend(event_lines(event))
    return lines


# -- structure -------------------------------------------------------------------------------
def clock_text(turn: int, minutes: int | None) -> str:
    """In-game time elapsed after ``turn`` turns, as H:MM (empty if turns have no length)."""
    if not minutes:
        return ""
    total = turn * minutes
    return f"{total // 60}:{total % 60:02d}"


def scene_heading(scene: int, unit: str, first: int, last: int, minutes: int | None) -> str:
    """``### S3 *Round 3 · 0:30*``: a scene per turn (or per run of turns) with its own id."""
    label = unit.capitalize()
    span = f"{label} {first}" if first == last else f"{label}s {first}–{last}"
    elapsed = clock_text(last, minutes)
    return f"### S{scene} *{span}" + (f" · {elapsed}" if elapsed else "") + "*"


def session_heading(number: int, date: str) -> str:
    """``## Session 2`` with its date line right under it, as Lonelog's own example writes it
    (the Obsidian plugin reads a session's date only there)."""
    return f"## Session {number}\n*Date: {date}*"


SUBTITLE = re.compile(r"\*.*, played with solo\. Seed \d+\.\*")
"""The line :func:`title_block` writes under the title, as ``solo search`` passes it over."""


def title_block(title: str, procedure: str, seed: int, party: Iterable[str] = ()) -> str:
    """The journal's opening: its title, what it plays, and the party's tags if named."""
    block = f"# {inline_text(title)}\n\n*{one_line(procedure)}, played with solo. Seed {seed}.*"
    members = list(party)
    return block + ("\n\n" + mechanics_block(members) if members else "")


def inline_text(text: str) -> str:
    """The player's words (a title, a question) as one line of Markdown that shows them as
    typed: no raw HTML (:func:`_escape_html`)."""
    return _escape_html(one_line(text))


def mechanics_block(lines: Iterable[str]) -> str:
    """Notation inside a fence. Every line is one line and starts with a Lonelog mark, so no
    line can close the fence early."""
    return FENCE + "\n" + "\n".join(lines) + "\n" + FENCE


_OPENS_NOTATION = re.compile(r"\([a-z][a-z -]{0,30}:|\[#?[A-Za-z][\w-]*:")


def is_lonelog(text: str) -> bool:
    """Whether the player wrote this line in Lonelog (``=> The guard falls``). A parenthesis
    or a bracket opens it only as a meta note or a tag does, a label and a colon (``(note:
    …)``, ``[N:Mara|wary]``): ``(Light glints.)`` and ``[[Wren]] draws.`` are prose."""
    if text.startswith(("(", "[")):
        return _OPENS_NOTATION.match(text) is not None
    return text.startswith(LONELOG_MARKS)


_BLOCK_START = re.compile(r"#{1,6}(?:\s|$)|`{3,}|~{3,}|<|(?:[-_*]\s*){3,}$|[-+*](?:\s|$)|>|"
                          r"\[(?:\\.|[^]\\])*\]:")  # (a link or footnote definition, hidden)
_ORDERED = re.compile(r"\d{1,9}(?=[.)](?:\s|$))")
# a code span, an escape, an Obsidian comment (%% … %%), else a %% none closes (group 2): that
# one would hide the entries after it in Obsidian, so its % are escaped
_PERCENTS = re.compile(r"(?<!`)(`+)(?!`).*?(?<!`)\1(?!`)|\\.|%%.*?%%|(%%+)")


_CODE_OR_ANGLE = re.compile(r"(\\*)(<)(?=[A-Za-z/!?])|(`+)")


def _escape_html(text: str) -> str:
    """Every ``<`` that Markdown could read as raw HTML (``<div hidden>`` would hide the rest
    of the journal in a viewer) gets a backslash, which every viewer hides; one a backslash
    escapes already, or inside a code span (shown as typed there), is left alone."""
    if "<" not in text:
        return text
    out: list[str] = []
    at = 0
    while True:
        found = _CODE_OR_ANGLE.search(text, at)
        if found is None:
            out.append(text[at:])
            return "".join(out)
        if found.group(3):  # a code span runs to the next run of as many backticks
            ticks = found.group(3)
            close = re.compile(f"(?<!`){ticks}(?!`)").search(text, found.end())
            end = close.end() if close else found.end()
            out.append(text[at:end])
            at = end
            continue
        slashes = found.group(1)
        out.append(text[at:found.start(2)])
        if len(slashes) % 2 == 0:
            out.append("\\")
        out.append("<")
        at = found.end()


def narration_block(text: str) -> str:
    """The player's words as Markdown that cannot change the page's structure.

    Lonelog lines go into a fence exactly as typed. Prose is one paragraph: a start Markdown
    reads as a heading, fence, HTML block, rule, list, quote or definition gets a backslash,
    and so does every ``<`` that could open raw HTML (:func:`_escape_html`) and each ``%``
    of a ``%%`` left open; every viewer hides the backslash."""
    text = one_line(text)
    if is_lonelog(text):
        return mechanics_block([text])
    text = _escape_html(text)
    text = _PERCENTS.sub(lambda hit: hit[0] if hit[2] is None else "\\%" * len(hit[2]), text)
    if ordered := _ORDERED.match(text):  # "1. Then…" is a list item: escape its dot
        return text[:ordered.end()] + "\\" + text[ordered.end():]
    return "\\" + text if _BLOCK_START.match(text) else text


_KINDS = (("@", "action"), ("?", "question"), ("d:", "roll"), ("tbl:", "table"),
          ("gen:", "table"), ("->", "result"), ("=>", "result"), ("(", "note"))


def line_kind(line: str) -> str:
    """What a notation line is, by its Lonelog mark (for a line not rendered from an event,
    such as one in a report's copy of the journal)."""
    for mark, kind in _KINDS:
        if line.startswith(mark):
            return kind
    return "text"
