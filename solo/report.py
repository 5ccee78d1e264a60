"""``solo export`` and ``solo stats``: a journal's play report, as Markdown, HTML or figures.

The journal is read (never written) by :mod:`solo.report_read`; the HTML page is
built by :mod:`solo.report_html`. Markdown keeps the journal as written, minus
the hidden snapshot lines and the front matter's machine keys, with a summary
and a Mermaid chart of the danger tracker on top.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from solo.errors import JournalError, UsageError
from solo.notation import clock_text
from solo.report_columns import Columns
from solo.report_model import Crawl
from solo.report_party import party_figures, party_markdown, party_rows
from solo.report_read import gc_paused, read_journal

__all__ = ["export", "stats", "figures", "render_markdown", "read_journal", "write_output",
           "INTERNAL_KEYS"]

INTERNAL_KEYS = ("solo", "tables")  # front matter only solo itself needs
_MERMAID_CATEGORIES = 60  # up to this many turns, one labelled x-axis category per turn


def export(path: Path, fmt: str, output: str | None) -> int:
    """``solo export``: write the report as ``fmt`` (md or html) to ``output`` (a file, a
    device, ``-`` or None for standard output; see :mod:`solo.output`)."""
    from solo.output import write_report

    if fmt not in ("md", "html"):
        raise UsageError(f"unknown export format {fmt!r}; choose md or html")
    with gc_paused():  # (the reading is gone, by reference counts, before it resumes)
        text = _report(path, fmt)
    write_report(path, output, text)
    return 0


def _report(path: Path, fmt: str) -> str:
    crawl = read_journal(path, with_lines=fmt == "html")
    if fmt == "html":
        from solo.report_html import render_html

        return render_html(crawl)
    return render_markdown(crawl)


def stats(path: Path, as_json: bool) -> int:
    """``solo stats``: the summary's figures, as lines or as one JSON object."""
    with gc_paused():
        text = _stats_text(path, as_json)
    print(text)
    return 0


def _stats_text(path: Path, as_json: bool) -> str:
    crawl = read_journal(path)
    if as_json:
        return json.dumps(figures(crawl), ensure_ascii=False)
    return "\n".join(_stats_lines(crawl))


# -- figures ------------------------------------------------------------------------------------
def figures(crawl: Crawl) -> dict[str, Any]:
    """The report's figures as plain data (what ``solo stats --json`` prints)."""
    danger = crawl.danger
    return {
        "title": crawl.title,
        "system": crawl.system_id,
        "system_name": crawl.system_name,
        "unit": crawl.unit,
        "turns": crawl.turns,
        "minutes": crawl.minutes,
        "time": clock_text(crawl.turns, crawl.minutes_per_turn) or None,
        "encounters": len(crawl.encounters),
        "defeated": sum(encounter.defeated for encounter in crawl.encounters),
        "signs": crawl.signs,
        "encounter_list": [{"turn": e.turn, "text": e.text, "foretold": e.foretold,
                            "defeated": e.defeated, "note": e.note} for e in crawl.encounters],
        "danger": None if danger is None else {
            "label": danger.label, "start": danger.start, "peak": danger.peak,
            "end": danger.end, "max": danger.maximum},
        "lights": {"lit": dict(crawl.lights_lit), "burnt_out": crawl.burnt_out,
                   "put_out": crawl.put_out},
        "questions": len(crawl.questions),
        "question_list": [{"turn": q.turn, "question": q.question, "odds": q.odds,
                           "answer": q.answer} for q in crawl.questions],
        "snapshots": crawl.snapshots,
        "garbled_snapshots": crawl.garbled,
        **party_figures(crawl),
    }


def _turns_text(crawl: Crawl) -> str:
    unit = crawl.unit
    text = f"{crawl.turns} {unit}{'' if crawl.turns == 1 else 's'}"
    if crawl.minutes_per_turn:
        text += (f", {clock_text(crawl.turns, crawl.minutes_per_turn)} of game time "
                 f"({crawl.minutes_per_turn} minutes a {unit})")
    return text


def _danger_text(crawl: Crawl) -> str:
    danger = crawl.danger
    if danger is None:
        return "this procedure keeps no danger tracker"
    of = f" (of {danger.maximum})" if danger.maximum is not None else ""
    return f"start {danger.start}, peak {danger.peak}, end {danger.end}{of}"


def _light_text(crawl: Crawl) -> str:
    if not crawl.lights_lit and not crawl.burnt_out and not crawl.put_out:
        return "none lit"
    kinds = ", ".join(f"{label} ×{count}" for label, count in sorted(crawl.lights_lit.items()))
    return (f"lit {kinds or 'nothing'}; {crawl.burnt_out} burnt out, "
            f"{crawl.put_out} put out")


def _encounters_text(crawl: Crawl) -> str:
    count = len(crawl.encounters)
    defeated = sum(encounter.defeated for encounter in crawl.encounters)
    text = str(count) + (f" ({defeated} defeated)" if defeated else "")
    if crawl.signs:
        text += f"; {crawl.signs} sign{'s' if crawl.signs != 1 else ''} of one"
    return text


def summary_rows(crawl: Crawl) -> list[tuple[str, str]]:
    """(label, text) pairs shared by the Markdown and HTML summaries."""
    rows = [("System", f"{crawl.system_name} ({crawl.system_id})"),
            (crawl.unit.capitalize() + "s", _turns_text(crawl)),
            ("Encounters", _encounters_text(crawl))]
    label = crawl.danger.label if crawl.danger is not None else "Danger"
    rows += [(label, _danger_text(crawl)), ("Light sources", _light_text(crawl)),
             ("Oracle questions", str(len(crawl.questions)))]
    if crawl.garbled:
        rows.append(("Note", f"{crawl.garbled} damaged snapshot line(s) were skipped; "
                     "the figures around them come from the Lonelog lines"))
    return rows


def _stats_lines(crawl: Crawl) -> list[str]:
    return [crawl.title] + [f"{label}: {text}" for label, text in
                            [*summary_rows(crawl), *party_rows(crawl)]]


# -- Markdown -----------------------------------------------------------------------------------
def _one_line(text: str) -> str:
    return " ".join(text.split())


def _summary_markdown(crawl: Crawl) -> list[str]:
    out = ["## Summary", ""]
    out += [f"- **{label}:** {text}" for label, text in summary_rows(crawl)]
    if crawl.encounters:
        out += ["", "### Encounters", ""]
        for number, encounter in enumerate(crawl.encounters, 1):
            how = f" — {encounter.outcome}" if encounter.outcome else ""
            foretold = " (as the signs foretold)" if encounter.foretold else ""
            out.append(f"{number}. {crawl.unit.capitalize()} {encounter.turn}: "
                       f"{_one_line(encounter.text)}{foretold}{how}")
    if crawl.questions:
        out += ["", "### Oracle questions", ""]
        for number, question in enumerate(crawl.questions, 1):
            odds = f" ({question.odds})" if question.odds else ""
            answer = f" → {question.answer}" if question.answer else ""
            out.append(f"{number}. {crawl.unit.capitalize()} {question.turn}: "
                       f"{_one_line(question.question)}{odds}{answer}")
    out += party_markdown(crawl)
    chart = mermaid_chart(crawl)
    if chart and crawl.danger is not None:
        out += ["", f"### {crawl.danger.label} per {crawl.unit}", "", *chart]
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
    return ["```mermaid", "xychart-beta",
            f'    title "{label} at the end of each {crawl.unit}"',
            f"    {x_axis}",
            f'    y-axis "{label}" 0 --> {top}',
            f"    line [{', '.join(map(str, danger.per_turn))}]",
            "```"]


def _front_matter(crawl: Crawl) -> list[str]:
    import yaml

    kept = {key: value for key, value in crawl.meta.items() if key not in INTERNAL_KEYS}
    kept.setdefault("title", crawl.title)
    if isinstance(kept.get("system"), str) and kept["system"].endswith((".yaml", ".yml")):
        kept["system"] = Path(kept["system"]).name  # never show where the file lives
    body = yaml.safe_dump(kept, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return ["---", *body.rstrip("\n").split("\n"), "---"]


RETRACTED_MARK = "*(taken back with undo)*"


def journal_lines(crawl: Crawl, retracted_mark: str = RETRACTED_MARK) -> list[str]:
    """The journal's lines with its hidden records blanked (line numbers kept), the front
    matter blanked, and a mark where a retracted entry's record stood."""
    if not crawl.lines:
        from solo.report_lines import locate

        locate(crawl)
    lines = list(crawl.lines)
    if lines and lines[0].strip() == "---":
        end = next((index for index in range(1, len(lines)) if lines[index].strip() == "---"),
                   0)
        for index in range(end + 1):
            lines[index] = ""
    for index in crawl.hidden:
        lines[index] = ""
    for entry in crawl.entries:
        for index in range(entry.record_line, entry.record_line + entry.record_lines):
            lines[index] = ""
        if entry.retracted:
            lines[entry.record_line] = retracted_mark
    return lines


_BLANK_RUNS = re.compile(r"\n(?:[ \t]*\n)+")


def _body_text(crawl: Crawl) -> str | bytes | None:
    """The journal after its front matter with every record taken out (a retracted entry's
    record becomes the mark), cut from the text at the records' known places: UTF-8 bytes
    when the records were read in columns, else text; None when some record could not be
    read (then the line-based way hides those too)."""
    if crawl.garbled:
        return None
    if isinstance(crawl.records, Columns):  # cut in bytes: decoded once, by the caller
        body = crawl.records.body(RETRACTED_MARK.encode() + b"\n")
        if body.startswith(b"---\n"):
            end = body.find(b"\n---\n", 3)
            body = body[end + 5:] if end >= 0 else body
        return body.strip(b"\n")
    return _body_from_text(crawl)


def _body_from_text(crawl: Crawl) -> str:
    """The same, for a journal read record by record (records in an editor's layout)."""
    text = str(crawl.text)
    pieces = []
    previous = 0
    for entry in crawl.entries:
        pieces.append(text[previous:entry.start])
        if entry.retracted:
            pieces.append(RETRACTED_MARK)
        previous = entry.end
    pieces.append(text[previous:])
    body = "".join(pieces)
    if body.startswith("---\n"):
        end = body.find("\n---\n", 3)
        body = body[end + 5:] if end >= 0 else body
    return _BLANK_RUNS.sub("\n\n", body).strip("\n")


_TITLE = re.compile(r"^# .*$", re.M)
_TITLE_BYTES = re.compile(_TITLE.pattern.encode(), re.M)


def _title_and_rest(body: str | bytes) -> tuple[str, str] | None:
    """The body's first top-level heading and the text after it (past blank lines); None
    when it has none. A body in bytes is decoded once, past its title."""
    if isinstance(body, bytes):
        found = _TITLE_BYTES.search(body)
        if found is None:
            return None
        return (body[:found.end()].decode("utf-8", errors="replace"),
                body[found.end():].lstrip(b"\n").decode("utf-8", errors="replace"))
    title = _TITLE.search(body)
    return None if title is None else (body[:title.end()], body[title.end():].lstrip("\n"))


def render_markdown(crawl: Crawl) -> str:
    """The journal without its machine records, with the summary and chart after the title.
    (Built as pieces joined once: the body of a long journal is tens of megabytes.)"""
    body = _body_text(crawl)
    if body is None:
        body = "\n".join(_squeeze(journal_lines(crawl))).strip("\n")
    summary = "\n".join(_summary_markdown(crawl))
    pieces = ["\n".join(_front_matter(crawl)), "\n\n"]
    split = _title_and_rest(body)
    if split is None:
        text = body.decode("utf-8", errors="replace") if isinstance(body, bytes) else body
        pieces += [f"# {_one_line(crawl.title)}\n\n", summary, "\n\n", text]
    else:
        title, rest = split
        pieces += [title.strip(), "\n\n", summary, "\n\n## Journal\n\n", rest]
    pieces.append("\n")
    return "".join(pieces)


def _squeeze(lines: list[str]) -> list[str]:
    """No two blank lines in a row."""
    out: list[str] = []
    for line in lines:
        if not line.strip() and out and not out[-1].strip():
            continue
        out.append(line)
    return out


# -- writing ------------------------------------------------------------------------------------
def write_output(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` whole or not at all: a temp file beside it, then replace."""
    folder = target.parent if str(target.parent) else Path(".")
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        mode = 0o666 & ~mask
    try:
        fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as err:
        raise JournalError(f"cannot write {target}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.chmod(temp, mode)
        os.replace(temp, target)
    except OSError as err:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise JournalError(f"cannot write {target}: {err.strerror}") from None
