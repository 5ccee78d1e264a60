"""The line rule: what one typed line is, decided before anything is journaled.

* A line is a command only if it parses whole as that command with its arguments.
  A command word followed by words it does not take is never run: nothing is
  journaled, and the error says how to keep the line as narration.
* A short line whose first word is close to a command (``advnace``) is caught with
  "did you mean advance?" instead of going into the journal as prose.
* A lone lowercase word that is no command (``map``) is refused with the nearest
  commands: it is a guessed command, not a line of the story.
* A line whose first word is no command but has a command's shape (``foo-bar``, or a
  short line starting ``find-secret``) is refused with the nearest commands too.
* A sentence (a capital first letter, four words or more, ending ``.`` ``!`` ``?`` or
  ``…``) is narration even when its first word is a command, whether or not the rest
  would fit it: ``Strike the goblin down!``, ``Room after room, the halls stretch on.``
  (a command is typed as help shows it, not as a sentence). A line of the player's own
  Lonelog that ``?`` (help's short form) does not take (``? Is anyone here``) is
  narration too. Any other line starting with a command word that does not fit is refused
  with :class:`NotRun`, which says how to keep it: at the prompt, Enter again on the line
  handed back; anywhere, the :data:`KEEP` mark.
* :data:`KEEP` (``>``) before a line keeps it as narration, and the mark is dropped: it
  never reaches the journal. A line that starts with one of :data:`NARRATION_MARKS` (a
  quotation, say, closed or not: a paragraph of dialogue opens with ``"`` and may go on in
  the next) is narration kept exactly as typed; any other line is narration too.
* What is typed or piped is cut into lines at ``\n``, ``\r\n`` and ``\r`` only
  (:func:`split_lines`, for the prompt, a paste and a script alike). Every other character
  Python would also break a line at (:data:`REFUSED_BREAKS`: a vertical tab, U+2028…) is
  refused wherever it stands in a line, with one line naming it: nothing is journaled.

Everything here is pure: it reads the loaded rules and the state, never the journal.
"""

from __future__ import annotations

import difflib
import random
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import AnyStr

from solo import defaults
from solo.engine.core import carried_out
from solo.engine.requests import (
    Act,
    ChangeHitPoints,
    Douse,
    Light,
    Request,
    SessionStep,
    SetDice,
    SetDungeon,
    Show,
)
from solo.engine.state import State
from solo.errors import UsageError
from solo.play.commands_table import command_table, command_words
from solo.rules.world import World

__all__ = ["Parsed", "NotRun", "parse_line", "clean", "split_lines", "split_pasted",
           "check_breaks", "LINE_ENDS", "REFUSED_BREAKS", "NARRATION_MARKS", "KEEP",
           "KEEP_AS_PROSE", "LINE_RULE", "MAX_DIGITS"]

KEEP = ">"
"""Before a line: keep it as narration; the mark itself is never journaled."""

NARRATION_MARKS = ('"', "'", "“", "‘", "*", "_", "(")
"""How a line of narration kept exactly as typed may begin (a quotation, emphasis…)."""

KEEP_AS_PROSE = f"to keep it as narration, start the line with {KEEP}"

LINE_RULE = (
    "A line is a command only if it parses whole as that command; otherwise nothing is "
    "journaled and the line stays for you to fix. Any line whose first word is no command "
    "is narration, unless it looks like a command (one lowercase word, or a hyphenated "
    "one such as find-secret). A sentence is narration even when it starts with a command "
    "word, if it has all three: a capital letter first, four words or more, and a full "
    "stop, ! or ? at its end: 'Strike the goblin down!'. Any other near miss is refused; "
    "to keep it as narration, press Enter again on the line handed back, or start the line "
    "with > (the > is not written). A quotation is kept exactly as typed.")

MAX_DIGITS = defaults.MAX_DIGITS  # in any number typed into any command
_SHORT = 3  # words: a line this short starting near a command word is taken for a typo


@dataclass(frozen=True)
class Parsed:
    """One line, decided. ``kind``: empty, narration or command; a command carries its
    request, read once by its entry (:mod:`solo.engine.requests`)."""

    kind: str
    text: str
    request: Request | None = None
    hint: str = ""  # what to type to run what a sentence kept as narration would have run


def clean(text: str) -> str:
    """One line as it may reach the journal: tabs and other whitespace controls become
    spaces, any other control character or lone surrogate becomes U+FFFD."""
    out = []
    for char in text:
        category = unicodedata.category(char)
        if category == "Cc" or category == "Cs" or char in "\u2028\u2029":
            out.append(" " if char.isspace() else "\ufffd")
        else:
            out.append(char)
    return "".join(out)


LINE_ENDS = ("\r\n", "\r", "\n")
"""Where a typed, pasted or piped text is cut into lines: what terminals and files give."""

REFUSED_BREAKS = {
    "\x0b": "a vertical tab (U+000B)",
    "\x0c": "a form feed (U+000C)",
    "\x1c": "a file separator (U+001C)",
    "\x1d": "a group separator (U+001D)",
    "\x1e": "a record separator (U+001E)",
    "\x85": "a next line character (U+0085)",
    "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
}
"""The other characters ``str.splitlines`` breaks a line at: refused inside a line, by name."""

_END = re.compile("|".join(map(re.escape, LINE_ENDS)))
_END_BYTES = re.compile(_END.pattern.encode())
_REFUSED = re.compile(f"[{''.join(REFUSED_BREAKS)}]")


def split_lines(text: AnyStr) -> list[AnyStr]:
    """``text`` (str or bytes) cut into lines at :data:`LINE_ENDS` only, the line ends
    dropped; a last line end closes the last line (as ``str.splitlines``: ``'a\\n'`` is one
    line, ``''`` none). Nothing else ends a line: :func:`check_breaks` refuses the rest."""
    pieces: list[AnyStr] = (_END_BYTES if isinstance(text, bytes) else _END).split(text)
    if not pieces[-1]:
        pieces.pop()
    return pieces


def check_breaks(line: str) -> None:
    """Raise a one-line UsageError if ``line`` holds a character that would break it
    elsewhere (:data:`REFUSED_BREAKS`), naming the first one."""
    found = _REFUSED.search(line)
    if found:
        raise UsageError(f"{REFUSED_BREAKS[found.group()]} inside the line: type it as two "
                         "lines")


def split_pasted(text: str) -> list[str]:
    """A paste of several lines, as the lines one would have typed (empty ones dropped)."""
    return [line for line in split_lines(text) if line.strip()]


class NotRun(UsageError):
    """A line that starts with a command word and does not fit it: nothing journaled. At
    the prompt, Enter again on the line handed back keeps it as narration
    (:func:`solo.play.repl.run_interactive`); ``reason`` is the message without the hint."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(f"{reason}; {KEEP_AS_PROSE}")


def _misfit(name: str, why: str) -> NotRun:
    return NotRun(f"{why} — not run as '{name}'")


_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]*]*$")
_COMMAND_SHAPE = re.compile(r"[a-z]+(?:-[a-z]+)+")
_SENTENCE_WORDS = 4  # a sentence this long or longer that does not parse is the story


def is_sentence(text: str) -> bool:
    """A capital letter first, at least four words, sentence punctuation last: the story."""
    return (text[:1].isupper() and len(text.split()) >= _SENTENCE_WORDS
            and _SENTENCE_END.search(text) is not None)


def _kept(text: str) -> str | None:
    """The line without the mark that keeps it as narration, if it has one: ``>`` (and
    the spaces after it)."""
    return text[len(KEEP):].strip() if text.startswith(KEEP) else None


def parse_line(world: World, state: State, line: str) -> Parsed:
    """Decide what ``line`` is; raises UsageError (nothing to journal) if it is a command
    word whose arguments do not fit, or a likely typo of one, or if it holds a character
    that breaks lines elsewhere (:func:`check_breaks`)."""
    check_breaks(line)
    text = clean(line).strip()
    if not text:
        return Parsed("empty", "")
    kept = _kept(text)
    if kept is not None:
        return Parsed("narration", kept) if kept else Parsed("empty", "")
    if text.startswith(NARRATION_MARKS):
        return Parsed("narration", text)
    if state.party and ":" in text:
        head, _, said = text.partition(":")  # (a name holds no colon)
        member = state.member(head) if said.strip() else None  # any case, any spacing
        if member is not None:
            return _for_member(world, state, member.name, text)
        _check_member_typo(world, state, text)
    words = text.split()
    first, rest = words[0].lower(), text[len(words[0]):].strip()
    command = command_table(world.procedure).get(first)
    if command is not None and is_sentence(text):  # 'Room after room, the halls…': the story
        try:
            _dry_run(world, state, command.read(world, state, rest, text=text))
        except UsageError:
            return Parsed("narration", text)
        return Parsed("narration", text, hint=f"Kept as narration, a sentence; to run it, "
                      f"type it as help shows it: {first} {rest}")
    if command is None:
        _check_typo(world, first, len(words))
        _check_lone_word(world, text)
        _check_command_shape(world, words[0], text)
        return Parsed("narration", text)
    try:
        request = command.read(world, state, rest, text=text)
    except UsageError as error:
        if first == "?":  # '? Is anyone here': the player's own Lonelog question
            return Parsed("narration", text)
        raise _misfit(command.name, str(error)) from None
    return Parsed("command", text, request)


_SESSIONS = (SessionStep, Show, SetDice, SetDungeon)
"""Requests the sitting carries out itself (or reads a file for): not tried in a dry run."""


def _dry_run(world: World, state: State, request: Request) -> None:
    """Carry ``request`` out on the state as it is, keeping nothing (the state is frozen,
    no journal is near), to learn whether it would run now: a UsageError if not."""
    if not isinstance(request, _SESSIONS):
        carried_out(world, state, request, random.Random(0), record=False)


_MEMBER_ACTS = (Light, Douse, ChangeHitPoints)
"""The tools a member may use by name (``Wren: light torch``), beside the procedure's
actions: the others work the tools, not the fiction."""


def _for_member(world: World, state: State, name: str, text: str) -> Parsed:
    """``Wren: search feature``: the command is Wren's; ``Wren: I climb`` is narration,
    kept whole and as typed."""
    inner = parse_line(world, state, text.split(":", 1)[1])
    if inner.kind == "narration":
        return Parsed("narration", text)
    if isinstance(inner.request, (Act, *_MEMBER_ACTS)):
        return Parsed("command", text, replace(inner.request, actor=name))
    raise UsageError(f"'{inner.text.split()[0] if inner.text else inner.text}' is not "
                     f"something {name} does alone; type it without '{name}:' "
                     f"({KEEP_AS_PROSE})")


_CLOSE = 0.75  # how alike a typed word and a command or member's name are, for 'did you mean'


def _closest(word: str, words: list[str]) -> str | None:
    close = difflib.get_close_matches(word, words, n=1, cutoff=_CLOSE)
    return close[0] if close else None


def _check_typo(world: World, first: str, count: int) -> None:
    if count > _SHORT:
        return
    close = _closest(first.rstrip(".,;:!?…"), command_words(world.procedure))
    if close:  # 'advnace', or 'stay.': a command with a stray mark after it
        raise UsageError(f"no command {first!r}: did you mean {close}? ({KEEP_AS_PROSE})")


def _check_member_typo(world: World, state: State, text: str) -> None:
    """``Wern: hurt 3`` in a party with Wren: a name close to a member's before a line that
    is a command whole is a misspelt member, refused; ``Zed: trap`` (no one like Zed, or
    words that are no command) stays dialogue."""
    head, _, rest = text.partition(":")
    names = {member.name.casefold(): member.name for member in state.party}
    close = _closest(head.strip().casefold(), list(names))
    if close is None:
        return
    try:
        if parse_line(world, state, rest).kind != "command":
            return
    except UsageError:
        return
    raise UsageError(f"no member {head.strip()!r}: did you mean {names[close]}? "
                     f"({KEEP_AS_PROSE})")


def _check_lone_word(world: World, text: str) -> None:
    """A lone lowercase word with no punctuation (``map``, ``odds``, ``foo-bar``) is almost
    always a command the player guessed, never a line of the story: refused with the
    nearest commands. ``Silence.`` or ``>map`` stay narration."""
    if not ((text.isalpha() or _COMMAND_SHAPE.fullmatch(text)) and text == text.lower()):
        return
    _refuse_guess(world, text)


def _check_command_shape(world: World, first: str, text: str) -> None:
    """A hyphenated lowercase first word (``find-secret north``, ``combat-normal``) is a
    command's shape: refused unless the line reads as a sentence. With words after it, the
    line may be the story (``well-armed guards wait``): Enter again keeps it (NotRun)."""
    if _COMMAND_SHAPE.fullmatch(first) and not _SENTENCE_END.search(text):
        _refuse_guess(world, first, keepable=first != text)


def _refuse_guess(world: World, word: str, keepable: bool = False) -> None:
    """Refuse ``word`` with the commands nearest it, or nearest one of its hyphenated parts
    (``rest-hour``: rest)."""
    words = command_words(world.procedure)
    near = difflib.get_close_matches(word, words, n=3, cutoff=0.5)
    for part in word.split("-") if "-" in word else ():
        near += [close for close in difflib.get_close_matches(part, words, n=2, cutoff=0.6)
                 if close not in near]
    near = near[:3]
    hint = f"the nearest: {', '.join(near)}" if near else "type help for the list"
    if keepable:
        raise NotRun(f"{word!r} is not a command ({hint})")
    raise UsageError(f"{word!r} is not a command ({hint}); {KEEP_AS_PROSE}")
