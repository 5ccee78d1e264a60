"""The md play report: the journal without its records, with a summary and a chart."""

from __future__ import annotations

import re
from pathlib import Path

from solo.journal.header import render_front_matter
from solo.report.expeditions import expedition_lines
from solo.report.front_matter import past_front_matter
from solo.report.map_mermaid import map_note, mermaid_map
from solo.report.map_story import map_story
from solo.report.model import RETRACTED_MARK, Crawl
from solo.report.palette import mermaid_init
from solo.report.party import party_markdown
from solo.report.summary import summary_rows

__all__ = ["render_markdown", "mermaid_chart", "INTERNAL_KEYS"]


INTERNAL_KEYS = ("solo", "tables")  # front matter only solo itself needs

_MERMAID_CATEGORIES = 60  # up to this many turns, one labelled x-axis category per turn

def _one_line(text: str) -> str:
    return " ".join(text.split())

def _summary_markdown(crawl: Crawl) -> list[str]:
    out = ["## Summary", ""]
    out += [f"- **{label}:** {text}" for label, text in summary_rows(crawl)]
    story = map_story(crawl)
    if crawl.encounters:
        out += ["", "### Encounters", ""]
        for number, encounter in enumerate(crawl.encounters, 1):
            how = f" — {encounter.outcome}" if encounter.outcome else ""
            foretold = " (as the signs foretold)" if encounter.foretold else ""
            room = story.room_of(encounter)
            out.append(f"{number}. {crawl.unit.capitalize()} {encounter.turn}"
                       + (f", in {room}" if room else "")
                       + f": {_one_line(encounter.text)}{foretold}{how}")
    if crawl.questions:
        out += ["", "### Oracle questions", ""]
        for number, question in enumerate(crawl.questions, 1):
            odds = f" ({question.odds})" if question.odds else ""
            answer = f" → {question.answer}" if question.answer else ""
            out.append(f"{number}. {crawl.unit.capitalize()} {question.turn}: "
                       f"{_one_line(question.question)}{odds}{answer}")
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
    if turns <= _MERMAID_CATEGORIES:
        x_axis = f'x-axis "{unit}" [{", ".join(str(turn) for turn in range(1, turns + 1))}]'
    else:
        x_axis = f'x-axis "{unit}" 1 --> {turns}'
    top = max(danger.maximum or 0, danger.peak, 1)
    return ["```mermaid", mermaid_init(), "xychart-beta",
            f'    title "{label} at the end of each {crawl.unit}"',
            f"    {x_axis}",
            f'    y-axis "{label}" 0 --> {top}',
            f"    line [{', '.join(map(str, danger.per_turn))}]",
            "```"]

def _front_matter(crawl: Crawl) -> list[str]:
    kept = {key: value for key, value in crawl.meta.items() if key not in INTERNAL_KEYS}
    kept.setdefault("title", crawl.title)
    if isinstance(kept.get("system"), str) and kept["system"].endswith((".yaml", ".yml")):
        kept["system"] = Path(kept["system"]).name  # never show where the file lives
    return render_front_matter(kept).rstrip("\n").split("\n")

def _body_text(crawl: Crawl) -> bytes:
    """The journal after its front matter with every record taken out (a retracted entry's
    record becomes the mark), cut from the text at the records' places, in UTF-8."""
    if crawl.records is None:
        return b""
    body = crawl.records.body(RETRACTED_MARK.encode() + b"\n")  # decoded once, by the caller
    return body[past_front_matter(body):].strip(b"\n")


_TITLE = re.compile(rb"^# .*$", re.M)

def _title_and_rest(body: bytes) -> tuple[str, str] | None:
    """The body's first top-level heading and the text after it (past blank lines); None
    when it has none. The body is decoded once, past its title."""
    found = _TITLE.search(body)
    if found is None:
        return None
    return (body[:found.end()].decode("utf-8", errors="replace"),
            body[found.end():].lstrip(b"\n").decode("utf-8", errors="replace"))

def render_markdown(crawl: Crawl) -> str:
    """The journal without its machine records, with the summary and chart after the title.
    (Built as pieces joined once: the body of a long journal is tens of megabytes.)"""
    body = _body_text(crawl)
    summary = "\n".join(_summary_markdown(crawl))
    pieces = ["\n".join(_front_matter(crawl)), "\n\n"]
    split = _title_and_rest(body)
    if split is None:
        text = body.decode("utf-8", errors="replace")
        pieces += [f"# {_one_line(crawl.title)}\n\n", summary, "\n\n", text]
    else:
        title, rest = split
        pieces += [title.strip(), "\n\n", summary, "\n\n## Journal\n\n", rest]
    pieces.append("\n")
    return "".join(pieces)
