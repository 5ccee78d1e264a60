"""The markdown-it-py parser that reads solo journals: CommonMark, front matter, and three
block rules of solo's own, so that Lonelog runs, snapshot lines and turn headings each come
out as one token.

``lonelog`` takes a run of Lonelog lines (``@``, ``?``, ``d:``, ``tbl:``, ``=>``, ``->``)
with the snapshot that follows it; ``solo_state`` takes a stray snapshot line;
``turn_heading`` takes ``## Turn N · H:MM`` (or Rounds, Scenes…).
"""

from __future__ import annotations

import re
from functools import lru_cache

from solo.journal import SNAPSHOT_PREFIX

__all__ = ["parser", "MECHANIC_LINE", "TURN_HEADING"]

MECHANIC_LINE = re.compile(r"(?:@|\?|d:|tbl:|=>|->)(?: |$)")
TURN_HEADING = re.compile(r"(?P<unit>[A-Za-z]+?)s? (?P<first>\d+)(?:\s*[–-]\s*(?P<last>\d+))?"
                          r"(?:\s*·\s*(?P<hours>\d+):(?P<minutes>\d\d))?")


# -- the markdown-it rules ------------------------------------------------------------------
def _line(state, number: int) -> str:
    return state.src[state.bMarks[number] + state.tShift[number]:state.eMarks[number]]


def _is_snapshot(state, number: int) -> bool:
    return state.sCount[number] - state.blkIndent < 4 \
        and _line(state, number).startswith(SNAPSHOT_PREFIX.rstrip())


def _lonelog_rule(state, start: int, end: int, silent: bool) -> bool:
    """A run of Lonelog lines, with the snapshot line that closes the entry if there is one."""
    if state.sCount[start] - state.blkIndent >= 4 or not MECHANIC_LINE.match(_line(state, start)):
        return False
    if silent:
        return True
    number, lines = start, []
    while number < end and not state.isEmpty(number) \
            and state.sCount[number] - state.blkIndent < 4:
        text = _line(state, number)
        if not MECHANIC_LINE.match(text):
            break
        lines.append(text.rstrip())
        number += 1
    token = state.push("lonelog", "div", 0)
    token.content = "\n".join(lines)
    token.meta = {}
    after = state.skipEmptyLines(number)
    if after < end and _is_snapshot(state, after):
        token.meta = {"state": _line(state, after).rstrip(), "state_line": after}
        number = after + 1
    token.map = [start, number]
    state.line = number
    return True


def _state_rule(state, start: int, end: int, silent: bool) -> bool:
    """A snapshot line on its own (the one written when the crawl began, or a moved one)."""
    if not _is_snapshot(state, start):
        return False
    if silent:
        return True
    token = state.push("solo_state", "", 0)
    token.content = _line(state, start).rstrip()
    token.map = [start, start + 1]
    state.line = start + 1
    return True


def _turn_heading_rule(state, start: int, end: int, silent: bool) -> bool:
    """``## Turn 3 · 0:30`` (or ``## Turns 3–5``, ``## Round 2``): one token, not three."""
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    text = _line(state, start)
    if not text.startswith("## "):
        return False
    found = TURN_HEADING.fullmatch(text[3:].strip())
    if found is None:
        return False
    if silent:
        return True
    token = state.push("turn_heading", "h2", 0)
    token.content = text[3:].strip()
    first = int(found["first"])
    token.meta = {"first": first, "last": int(found["last"] or first), "unit": found["unit"],
                  "elapsed": int(found["hours"]) * 60 + int(found["minutes"])
                  if found["hours"] else None}
    token.map = [start, start + 1]
    state.line = start + 1
    return True


def _solo_rules(md) -> None:
    terminates = {"alt": ["paragraph"]}
    md.block.ruler.before("code", "solo_state", _state_rule, terminates)
    md.block.ruler.before("code", "lonelog", _lonelog_rule, terminates)
    md.block.ruler.before("code", "turn_heading", _turn_heading_rule, terminates)


@lru_cache(maxsize=2)
def parser(inline: bool = True):
    """CommonMark with raw HTML escaped (never passed through), front matter and Lonelog."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.front_matter import front_matter_plugin

    md = MarkdownIt("commonmark", {"html": False}).use(front_matter_plugin).use(_solo_rules)
    if not inline:  # reading needs the blocks only: much faster on a long journal
        md.disable(["inline", "text_join"], ignoreInvalid=True)
    return md
