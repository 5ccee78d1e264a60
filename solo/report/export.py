"""``solo export`` and ``solo stats``: a journal's play report or figures, as text.

The report is read from the records (:mod:`solo.report.read`) and rendered as md
(:mod:`solo.report.markdown`) or html (:mod:`solo.report.html`); the command line writes it.
"""

from __future__ import annotations

import json
from pathlib import Path

from solo.errors import UsageError
from solo.report.html import render_html
from solo.report.markdown import render_markdown
from solo.report.read import gc_paused, read_journal
from solo.report.summary import figures, stats_lines

__all__ = ["report_text", "stats_text", "FORMATS"]

FORMATS = ("md", "html")


def report_text(path: Path, fmt: str) -> str:
    """The play report of the journal at ``path`` as ``fmt`` (md or html)."""
    if fmt not in FORMATS:
        raise UsageError(f"unknown export format {fmt!r}; choose md or html")
    with gc_paused():  # (the reading is gone, by reference counts, before it resumes)
        crawl = read_journal(path, with_lines=fmt == "html")
        return render_html(crawl) if fmt == "html" else render_markdown(crawl)


def stats_text(path: Path, as_json: bool) -> str:
    """``solo stats``: the summary's figures, as lines or as one JSON object."""
    with gc_paused():
        crawl = read_journal(path)
        if as_json:
            return json.dumps(figures(crawl), ensure_ascii=False)
        return "\n".join(stats_lines(crawl))
