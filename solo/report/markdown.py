"""The md play report: the journal without its records, with a summary and a chart."""

from __future__ import annotations

from pathlib import Path

from solo.journal.front_matter import title_span, uncommented
from solo.journal.header import render_front_matter
from solo.journal.notation import inline_text, one_line
from solo.report.expeditions import expedition_lines
from solo.report.map_mermaid import map_note, mermaid_map
from solo.report.map_story import map_story
from solo.report.model import RETRACTED_MARK, Crawl
from solo.report.palette import mermaid_init
from solo.report.party import member_rows, party_markdown
from solo.report.summary import summary_rows

__all__ = ["render_markdown", "mermaid_chart", "INTERNAL_KEYS"]


INTERNAL_KEYS = ("solo", "tables")  # front matter only solo itself needs

_MERMAID_CATEGORIES = 60  # up to this many turns, one labelled x-axis category per turn
_LITERAL = str.maketrans({mark: "\\" + mark for mark in "\\`*_[]<~&%"})  # never formatting

def _summary_markdown(crawl: Crawl) -> list[str]:
    out = ["## Summary", "", *(f"- **{label}:** {text}" for label, text in summary_rows(crawl))]
    story = map_story(crawl)
    if crawl.encounters:
        out += ["", "### Encounters", ""]
        for number, encounter in enumerate(crawl.encounters, 1):
            how = f" — {inline_text(encounter.outcome)}" if encounter.outcome else ""
            foretold = " (as the signs foretold)" if encounter.foretold else ""
            room = story.room_of(encounter)
            out.append(f"{number}. {crawl.unit.capitalize()} {encounter.turn}"
                       + (f", in {room.translate(_LITERAL)}" if room else "")
                       + f": {one_line(encounter.text).translate(_LITERAL)}{foretold}{how}")
    if crawl.questions:
        out += ["", "### Oracle questions", ""]
        for number, question in enumerate(crawl.questions, 1):
            odds = f" ({question.odds})" if question.odds else ""
            answer = f" → {question.answer}" if question.answer else ""
            asked = uncommented([question.question.encode(errors="replace")])[0].decode()
            event = f"; random event: {question.event}" if question.event else ""
            out.append(f"{number}. {crawl.unit.capitalize()} {question.turn}: " + one_line(
                f"{asked}{odds}{answer}{event}").translate(_LITERAL))
    if crawl.expeditions:
        out += ["", "### Expeditions", ""]
        out += [f"{number}. {line}" for number, line
                in enumerate(expedition_lines(crawl.expeditions, crawl.unit), 1)]
    out += party_markdown(crawl)
    chart = mermaid_chart(crawl)
    if chart and crawl.danger is not None:
        out += ["", f"### {crawl.danger.label} per {crawl.unit}", "", *chart]
    if story.dungeon.rooms:
        out += ["", "### Map", "", "```mermaid", mermaid_map(story.dungeon), "```",
                *map_note(story.dungeon)]
    return out

def mermaid_chart(crawl: Crawl) -> list[str]:
    """A Mermaid ``xychart-beta`` block: the danger at the end of each turn, one value a turn."""
    danger = crawl.danger
    if danger is None or not danger.per_turn:
        return []
    label = danger.label.replace('"', "'")
    unit = crawl.unit.capitalize()
    turns = len(danger.per_turn)
    axis = f"[{', '.join(map(str, range(1, turns + 1)))}]" if turns <= _MERMAID_CATEGORIES \
        else f"1 --> {turns}"
    top = max(danger.maximum or 0, danger.peak, 1)
    return ["```mermaid", mermaid_init(), "xychart-beta",
            f'    title "{label} at the end of each {crawl.unit}"',
            f'    x-axis "{unit}" {axis}',
            f'    y-axis "{label}" 0 --> {top}',
            f"    line [{', '.join(map(str, danger.per_turn))}]",
            "```"]

def _front_matter(crawl: Crawl) -> list[str]:
    kept = {key: value for key, value in crawl.meta.items() if key not in INTERNAL_KEYS}
    last = crawl.records.state(-1) if crawl.records and crawl.records.kinds else {}
    if "oracle" in kept:  # (the style and the party at the end, as the records have them)
        kept["oracle"] = last.get("values", {}).get("oracle", kept["oracle"])
    if "party" in kept and "party" in last:  # (a journal from before members: as begun)
        kept["party"] = [row["name"] for row in member_rows(last)]
    if isinstance(kept.get("system"), str) and kept["system"].endswith((".yaml", ".yml")):
        kept["system"] = Path(kept["system"]).name  # never show where the file lives
    return render_front_matter(kept).rstrip("\n").split("\n")

def _journal_text(crawl: Crawl) -> tuple[str, str]:
    """The journal past its front matter, less its records (a retracted entry's becoming the
    mark) and the comments a viewer hides: the text before its title heading, and after."""
    if crawl.records is None:
        return "", ""
    body = crawl.records.body(RETRACTED_MARK.encode() + b"\n", uncommented)
    past, start, end = title_span(uncommented([crawl.records.head])[0])
    return (body[past:start].strip(b"\n").decode("utf-8", errors="replace"),
            body[end:].strip(b"\n").decode("utf-8", errors="replace"))

def render_markdown(crawl: Crawl) -> str:
    """The journal without its machine records, with the summary and chart after the title.
    (Built as pieces joined once: the body of a long journal is tens of megabytes.)"""
    before, rest = _journal_text(crawl)
    return "".join(["\n".join(_front_matter(crawl)), "\n\n", before, "\n\n" if before else "",
                    f"# {inline_text(crawl.title)}\n\n", "\n".join(_summary_markdown(crawl)),
                    "\n\n## Journal\n\n", rest, "\n"])
