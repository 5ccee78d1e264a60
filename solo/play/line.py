"""The line rule: what one typed line is, decided before anything is journaled.

* A line is a command only if it parses whole as that command with its arguments.
  A command word followed by words it does not take is never run: nothing is
  journaled, and the error says how to keep the line as narration.
* A short line whose first word is close to a command (``advnace``) is caught with
  "did you mean advance?" instead of going into the journal as prose.
* A lone lowercase word that is no command (``map``) is refused with the nearest
  commands: it is a guessed command, not a line of the story.
* A line that starts with one of :data:`NARRATION_MARKS` is always narration; any
  other line is narration too.

Everything here is pure: it reads the loaded rules and the state, never the journal.
"""

from __future__ import annotations

import difflib
import random
import re
import unicodedata
from dataclasses import dataclass

from solo import defaults
from solo.engine import core as engine
from solo.engine import oracle
from solo.engine.state import State
from solo.errors import SoloError, UsageError
from solo.play.commands_table import Command, command_table, command_words
from solo.rules import dice, oracle_styles
from solo.rules.world import World

__all__ = ["Parsed", "parse_line", "clean", "split_pasted", "NARRATION_MARKS", "KEEP_AS_PROSE",
           "LINE_RULE", "MAX_DIGITS"]

NARRATION_MARKS = ('"', "'", "“", "*", "_", ">", "(")

KEEP_AS_PROSE = "to keep it as narration, start the line with \" or >"

LINE_RULE = (
    "A line is a command only if it parses whole as that command; otherwise nothing is "
    "journaled and the line stays for you to fix. A line starting with \" > or ( is always "
    "narration, and so is any line whose first word is no command.")

MAX_DIGITS = defaults.MAX_DIGITS  # in any number typed into any command
_DIGITS = re.compile(r"\d+")  # any script's digits: int() reads them all
_SHORT = 3  # words: a line this short starting near a command word is taken for a typo


@dataclass(frozen=True)
class Parsed:
    """One parsed line. ``kind``: empty, narration, session, show, dice or engine."""

    kind: str
    text: str
    name: str = ""
    rest: str = ""
    actor: str | None = None  # the member a command is for: ``Wren: search``


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


def split_pasted(text: str) -> list[str]:
    """A paste of several lines, as the lines one would have typed (empty ones dropped)."""
    return [line for line in text.splitlines() if line.strip()]


def _misfit(name: str, why: str) -> UsageError:
    return UsageError(f"{why} — not run as '{name}'; {KEEP_AS_PROSE}")


def parse_line(world: World, state: State, line: str) -> Parsed:
    """Decide what ``line`` is; raises UsageError (nothing to journal) if it is a command
    word whose arguments do not fit, or a likely typo of one."""
    text = clean(line).strip()
    if not text:
        return Parsed("empty", "")
    if text.startswith(NARRATION_MARKS):
        return Parsed("narration", text)
    if state.party and ":" in text:
        folded = text.casefold()
        for member in state.party:
            name = member.name.casefold()
            if folded.startswith(name) and folded[len(name):].lstrip().startswith(":") \
                    and text.split(":", 1)[1].strip():
                return _for_member(world, state, member.name, text)
    words = text.split()
    first, rest = words[0].lower(), text[len(words[0]):].strip()
    table = command_table(world.procedure)
    if first == "light" and not rest:
        return Parsed("session", text, "lights")
    command = table.get(first)
    if command is None:
        _check_typo(world, first, len(words))
        _check_lone_word(world, text)
        return Parsed("narration", text)
    if command.kind == "session":
        if len(rest.split()) > command.max_words:
            raise _misfit(command.name, f"'{command.name}' takes "
                          + ("no words after it" if command.max_words == 0
                             else f"at most {command.max_words} word after it"))
        return Parsed("session", text, command.name, rest)
    if command.kind == "tool":
        if command.name in ("chaos", "oracle", "party") and not rest:
            return Parsed("show", text, command.name)
        if command.name == "set" and rest.lower().split()[:1] == ["dice"] \
                and "dice" not in world.procedure.settings:
            if len(rest.split()) != 2:
                raise _misfit("set", "set dice MODE: MODE is physical or solo")
            return Parsed("dice", text, "set", rest.split()[1])
        _check_numbers(command.name, rest.split()[:1] if command.name == "roll"
                       else [] if command.name == "ask" else rest.split())
        _check_tool(world, state, command, rest)
        return Parsed("engine", text, command.name, rest)
    action = world.procedure.action_named(first)
    assert action is not None
    _check_numbers(action.name, rest.split())
    try:
        engine.parse_arguments(action, rest.split())
    except UsageError as error:
        raise _misfit(action.name, str(error)) from None
    return Parsed("engine", text, action.name, rest)


_MEMBER_ACTS = frozenset({"light", "douse", "hurt", "heal"})
"""The tools a member may use by name (``Wren: light torch``), beside the procedure's
actions: the others work the tools, not the fiction."""


def _for_member(world: World, state: State, name: str, text: str) -> Parsed:
    """``Wren: search feature``: the command is Wren's; ``Wren: I climb`` is narration,
    kept whole and as typed."""
    inner = parse_line(world, state, text.split(":", 1)[1])
    if inner.kind == "narration":
        return Parsed("narration", text)
    if inner.kind == "engine" and (world.procedure.action_named(inner.name) is not None
                                   or inner.name in _MEMBER_ACTS):
        return Parsed("engine", inner.text, inner.name, inner.rest, actor=name)
    raise UsageError(f"'{inner.name or inner.text}' is not something {name} does alone; "
                     f"type it without '{name}:' ({KEEP_AS_PROSE})")


def _check_numbers(name: str, words: list[str]) -> None:
    """No number typed into a command may be longer than MAX_DIGITS digits."""
    for word in words:
        if any(len(run) > MAX_DIGITS for run in _DIGITS.findall(word)):
            raise _misfit(name, f"a number of more than {MAX_DIGITS} digits")


def _check_typo(world: World, first: str, count: int) -> None:
    if count > _SHORT:
        return
    word = first.rstrip(".,;:!?…")
    close = difflib.get_close_matches(word, command_words(world.procedure), n=1, cutoff=0.75)
    if close:  # 'advnace', or 'stay.': a command with a stray mark after it
        raise UsageError(f"no command {first!r}: did you mean {close[0]}? ({KEEP_AS_PROSE})")


def _check_lone_word(world: World, text: str) -> None:
    """A lone lowercase word with no punctuation (``map``, ``odds``) is almost always a
    command the player guessed, never a line of the story: refused with the nearest
    commands. ``Silence.`` or ``"map`` stay narration."""
    if not (text.isalpha() and text == text.lower()):
        return
    near = difflib.get_close_matches(text, command_words(world.procedure), n=3, cutoff=0.5)
    hint = f"the nearest: {', '.join(near)}" if near else "type help for the list"
    raise UsageError(f"{text!r} is not a command ({hint}); {KEEP_AS_PROSE}")


def _check_tool(world: World, state: State, command: Command, rest: str) -> None:
    """Whether ``rest`` fits the tool's syntax; raises a UsageError saying why not."""
    name, words = command.name, rest.split()
    procedure = world.procedure
    if name in ("light", "douse"):
        kinds = list(procedure.lights)
        if len(words) != 1 or words[0].lower() not in kinds:
            raise _misfit(name, f"{command.usage}: KIND: choose one of: "
                          + (", ".join(kinds) or "none in this procedure"))
    elif name == "strike":
        if words:
            table = world.table(words[0])
            try:
                found = table.find(" ".join(words[1:])) if table and len(words) > 1 else None
            except ValueError:  # a number too long to read
                found = None
            if found is None:
                raise _misfit(name, f"{command.usage}: name a table and one of its entries")
    elif name == "set":
        known = [*procedure.trackers, *procedure.settings, *(procedure.supplies or {})]
        if len(words) != 2 or words[0].lower() not in known:
            raise _misfit(name, f"{command.usage}: NAME: choose one of: "
                          + (", ".join(known) or "none in this procedure"))
    elif name == "party":
        verb = words[0].lower() if words else ""
        if verb not in ("add", "set", "remove") or len(words) < 2:
            raise _misfit(name, f"{command.usage}: add, set or remove, then the name")
        try:
            if verb in ("add", "set"):
                engine.split_member(world, words[1:])
            else:
                engine.check_member_name(" ".join(words[1:]))
        except UsageError as error:
            raise _misfit(name, str(error)) from None
    elif name in ("hurt", "heal"):
        if len(words) != 1 or not words[0].isdigit() or int(words[0]) < 1:
            raise _misfit(name, f"{command.usage}: N is a number of hit points from 1 up")
        if not state.party:
            raise _misfit(name, "no one is named in the party; party add NAME first")
    elif name == "supply":
        if len(words) != 2 or engine.supply_named(world, words[0]) is None:
            counted = ", ".join(procedure.supplies) or "none in this procedure"
            raise _misfit(name, f"{command.usage}: NAME: choose one of: {counted}")
    elif name == "roll":
        if not words:
            raise _misfit(name, f"{command.usage}: for example roll 2d6 reaction")
        try:
            dice.roll(words[0], random.Random(0))
        except SoloError as error:
            raise _misfit(name, str(error)) from None
    elif name == "table":
        if not rest or world.table(rest) is None:
            raise _misfit(name, (f"no table named {rest!r}; " if rest else
                                 f"{command.usage}: ") + "choose one of: "
                          + ", ".join(world.table_names()))
    elif name == "ask":
        _check_ask(world, state, command, rest)
    elif name == "chaos":
        word = rest.lower()
        if word not in ("follow", *map(str, range(1, 10))):
            raise _misfit(name, f"{command.usage}: N is from 1 to 9")
    elif name == "oracle":
        if rest.lower() not in world.styles:
            raise _misfit(name, f"no oracle style {rest!r}; choose one of: "
                          + ", ".join(sorted(world.styles)))


def _check_ask(world: World, state: State, command: Command, rest: str) -> None:
    if "?" not in rest:
        raise _misfit("ask", f"{command.usage}: a question ends with '?'")
    style_name = str(state.values.get("oracle", defaults.ORACLE_STYLE))
    first, _, after = rest.partition(" ")
    if first.endswith(":") and first[:-1].lower() in world.styles:
        style_name, rest = first[:-1].lower(), after
    try:
        style = oracle_styles.get_style(world.styles, style_name)
    except SoloError:
        return  # the engine says what is wrong with the style
    _, odds = oracle.split_question(rest)
    if odds is None:
        return
    try:
        oracle_styles.resolve_odds(style, odds)
    except SoloError:
        names = odds_names(style)
        close = difflib.get_close_matches(odds.lower(), names, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        raise _misfit("ask", f"unknown odds {odds!r}: {hint}choose one of: "
                      + ", ".join(level.name for level in style.odds)) from None


def odds_names(style: oracle_styles.OracleStyle) -> list[str]:
    """Every name and alias of a style's odds."""
    return [name for level in style.odds for name in (level.name, *level.aliases)]
