"""``solo export`` and ``solo stats``: a journal's play report or figures, as text.

The report is read from the records (:mod:`solo.report.read`) and rendered as md
(:mod:`solo.report.markdown`) or html (:mod:`solo.report.html`); the command line writes it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from solo.errors import UsageError
from solo.journal.store import not_utf8
from solo.report.html import render_html
from solo.report.markdown import render_markdown
from solo.report.read import gc_paused, read_journal
from solo.report.summary import figures, record_order_note, stats_lines

__all__ = ["Report", "report_text", "stats_text", "FORMATS"]

FORMATS = ("md", "html")


class Report(NamedTuple):
    """A rendered report, and the one notice to show beside it (None when all is well)."""

    text: str
    notice: str | None


HIDDEN_NOTE = "{} kept hidden{} ({} --reveal shows it)"
"""What the reports say of a danger tracker kept behind the screen."""


def _hide_danger(crawl, command: str) -> None:
    """Keep a danger tracker hidden at the journal's end behind the screen: its figures
    gone from the report, the summary saying since when."""
    danger = crawl.danger
    if danger is None or not danger.hidden:
        return
    since = f" from turn {danger.hidden_from + 1}" if danger.hidden_from else " from the start"
    crawl.danger_hidden, crawl.danger = HIDDEN_NOTE.format(danger.label, since, command), None
    crawl.hidden_from = danger.hidden_from + 1


def report_text(path: Path, fmt: str, reveal: bool = False,
                phase: Callable[[str], object] | None = None) -> Report:
    """The play report of the journal at ``path`` as ``fmt`` (md or html), with a notice if
    a record repeated or went back a step (each counts once), or a line is not UTF-8. A
    danger tracker kept behind the screen at the journal's end is left out unless ``reveal``.
    ``phase``, if given, is told when each part begins ("reading", "rendering html")."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown export format {fmt!r}; choose md or html")
    with gc_paused():
        if phase is not None:
            phase("reading")
        crawl = read_journal(path)  # (the html report finds lines itself, when it needs them)
        if not reveal:
            _hide_danger(crawl, "export")
        if phase is not None:
            phase(f"rendering {fmt}")
        text = render_html(crawl) if fmt == "html" else render_markdown(crawl)
        notes = (not_utf8(crawl.records.text) if crawl.records else "", record_order_note(crawl))
        report = Report(text, "; ".join(filter(None, notes)) or None)
        del crawl  # the reading gone, by reference counts, before the collector resumes (a
    return report  # collection would otherwise walk all of it, on the next allocation)


def stats_text(path: Path, as_json: bool, reveal: bool = False) -> str:
    """``solo stats``: the summary's figures, as lines or as one JSON object. A danger
    tracker kept behind the screen when the journal ends is left out unless ``reveal``."""
    with gc_paused():
        crawl = read_journal(path)
        if not reveal:
            _hide_danger(crawl, "stats")
        bad = not_utf8(crawl.records.text) if crawl.records and not as_json else ""
        text = json.dumps(figures(crawl), ensure_ascii=False) if as_json \
            else "\n".join([*stats_lines(crawl), *([f"Note: {bad}"] if bad else [])])
        del crawl  # (gone before the collector resumes, as for the reports)
    return text
