"""``solo search WORDS [JOURNAL…]``: find narration, consequences, tags' changes, rooms,
encounters and oracle answers across journals (default: every journal in ./journals, not
its subfolders), each hit with its journal, session, scene and the line it is in.

Each file is read once, as one text: the least common word is looked for with ``str.find``
(at C speed), and only the lines it is found in are looked at; the sessions, scenes and code
fences around a hit are placed by bisection once a file has a hit. A line matches when it
holds every word (any case), as the player's viewer shows it: the text between two records
(an entry's) that holds a line found, or a comment of the player's (``<!-- … -->``,
``%% … %%``) that may hide a part of one, is read again without their comments, as the
reports cut them (so a word split by a comment, ``gob<!-- … -->lin``, is found whole, as
it is shown). The hidden records and the front matter are never searched, and a room's tag
repeated by later sessions' ``[DUNGEON STATUS]`` blocks is shown once, where it first
appears. A Lonelog line is read by its mark, in a fence or not (the player may write their
own, where they like): ``=>`` a consequence (``=> Encounter: …`` an encounter met, its one
line; a tag's change, ``=> [Inv:Torch|lit] …``, a tag), ``? `` a question with its
answer (its next line's, after ``->``), found and shown as one line, ``[R:`` a room.
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from solo.cli.values import EMPTY_PATH
from solo.environment import Environment
from solo.errors import JournalError, UsageError
from solo.terminal import printable

__all__ = ["Hit", "add_parser", "run", "search_text", "search_bytes", "search_paths",
           "journal_paths"]

JOURNALS = Path("journals")
KINDS = ("narration", "consequence", "tag", "room", "encounter", "oracle")
MAX_WORDS = 20
MAX_WORD = 200


@dataclass(frozen=True)
class Hit:
    """One line found: its journal, session (0: before the first), scene (``S3``, '' before
    the first), the scene's time as the journal gives it, what kind of line and the line."""

    journal: str
    session: int
    scene: str
    when: str
    kind: str
    line: str

    def text(self) -> str:
        where = f"Session {self.session}" if self.session else "before any session"
        if self.scene:
            where += f" · {self.scene}" + (f" ({self.when})" if self.when else "")
        return f"{self.journal} · {where} · {self.kind}: {self.line}"


def _kind(line: str, fenced: bool) -> str | None:
    """What a line is, of the kinds searched (None: another kind, not searched)."""
    from solo.journal.notation import SUBTITLE  # (not at start-up)

    if line.startswith("=>"):
        return "encounter" if line.startswith("=> Encounter") \
            else "tag" if line.startswith("=> [") else "consequence"
    if line.startswith(("[R:", "[#R:")):
        return "room"
    if line.startswith("? "):
        return "oracle"
    if fenced or line.startswith(("#", "*Date", "<!--", "---")) or SUBTITLE.fullmatch(line):
        return None
    return "narration"


def search_text(text: str, words: Sequence[str], journal: str = "") -> list[Hit]:
    """The lines of one journal's ``text`` that hold every one of ``words`` (any case)."""
    return search_bytes(text.encode("utf-8"), words, journal)


def search_bytes(data: bytes, words: Sequence[str], journal: str = "") -> list[Hit]:
    """The lines of one journal (its bytes, UTF-8) that hold every one of ``words`` (any
    case). ASCII words are looked for in the bytes lowered (at C speed, nothing decoded but
    the lines found); other words in the decoded text lowered."""
    from solo.journal.front_matter import past_front_matter  # (not at start-up: yaml)
    from solo.journal.record_split import journal_bytes

    data = journal_bytes(data)  # (a BOM dropped, CR or CRLF line ends made LF)
    body = past_front_matter(data)
    text: Any = data
    keys: list[Any] = [word.lower().encode() for word in words]
    lowered: Callable[[Any], Any] = bytes.lower
    marks = _BYTES
    if not all(word.isascii() for word in words):
        text, marks, lowered = data.decode("utf-8", "replace"), _TEXT, _lowered
        keys = [word.lower() for word in words]
        body = len(data[:body].decode("utf-8", "replace"))  # (it ends a line: no letter cut)
    starts = _lines(low := lowered(text), keys, marks, body)
    entries = sorted(starts + _comments(low, max(keys, key=len), marks, body))
    if (shown := _shown(text, entries, marks)) is not text:
        text, starts = shown, _lines(lowered(shown), keys, marks, body)
    return list(_hits(text, starts, journal, marks))


def _lowered(text: str) -> str:
    """``text`` in lower case, each character where it was (a letter whose lower case is
    longer is left as it is)."""
    lowered = text.lower()
    if len(lowered) != len(text):
        lowered = "".join(char if len(char.lower()) != 1 else char.lower() for char in text)
    return lowered


def _comments(lowered: Any, key: Any, marks: _Marks, body: int) -> list[int]:
    """Where each comment of the player's starts in ``lowered`` (bytes or text, in lower case)
    from ``body`` on (a ``<!--`` that starts no record's line, or a ``%%``) that may hide a
    part of a line holding ``key``: one right after a letter of the key (in the key's
    middle), or one in an entry that holds the key (at a line's start, or between lines). A
    mark whose first character is nowhere is not looked for (``find``: 0.7 ms less a 3 MB
    journal with no ``%``)."""
    record, found = marks.record, []
    typed = [mark for mark in marks.typed if lowered.find(mark.pattern[:1], body) >= 0]
    for at in (hit.start() for mark in typed for hit in mark.finditer(lowered, body)):
        end = lowered.find(record, at)
        if lowered[at - 1:at] in key or \
                key in lowered[lowered.rfind(record, 0, at) + 1:end if end >= 0 else None]:
            found.append(at)
    return found


def _shown(data: Any, starts: list[int], marks: _Marks) -> Any:
    """``data`` (bytes or text) with each entry that holds a place of ``starts`` (the text
    between a record's line and the next record) as the player's viewer shows it, without
    their comments (:func:`solo.journal.front_matter.uncommented`); ``data`` itself when no
    such entry holds one."""
    from solo.journal.front_matter import uncommented

    record, newline, text = marks.record, marks.newline, isinstance(data, str)
    entries: dict[int, int] = {}
    for start in starts:
        before = data.rfind(record, 0, start)
        after = data.find(record, start)
        entries[0 if before < 0 else data.find(newline, before + 1) + 1] = \
            len(data) if after < 0 else after
    typed = [data[begin:end] for begin, end in entries.items()]
    typed = [entry.encode() for entry in typed] if text else typed
    if (shown := uncommented(typed)) == typed:
        return data
    parts: list[Any] = []
    done = 0
    for (begin, end), entry in zip(entries.items(), shown, strict=True):
        parts += data[done:begin], entry.decode() if text else entry
        done = end
    return data[:0].join([*parts, data[done:]])


@dataclass(frozen=True)
class _Marks:
    """The marks the search reads a journal by, as bytes or as text."""

    newline: Any
    comment: Any
    typed: tuple[re.Pattern, re.Pattern]  # (a comment's start, not a record's; ``%%``)
    record: Any  # (the line break before a record's line)
    close: Any  # (a comment's end)
    fence: Any
    session: re.Pattern
    scene: re.Pattern


_BYTES = _Marks(b"\n", b"<!--", (re.compile(rb"<(?:(?<!\n<)|(?!!-- solo))!--"), re.compile(b"%%")),
                b"\n<!-- solo", b"-->", b"\n```", re.compile(rb"\n## Session (\d+)"),
                re.compile(rb"\n### (S\d+)([^\n]*)"))
_TEXT = _Marks("\n", "<!--", (re.compile(r"<(?:(?<!\n<)|(?!!-- solo))!--"), re.compile("%%")),
               "\n<!-- solo", "-->", "\n```", re.compile(r"\n## Session (\d+)"),
               re.compile(r"\n### (S\d+)([^\n]*)"))


def _lines(lowered: Any, words: list[Any], marks: _Marks, body: int) -> list[int]:
    """Where each line from ``body`` on (past the front matter) that holds every word
    starts (records left out): the longest word found with ``find``, the others looked for
    in its lines only."""
    wanted = sorted(set(words), key=len, reverse=True)
    key, others = wanted[0], wanted[1:]
    newline, comment = marks.newline, marks.comment
    ask, arrow = _ASK_ARROW[type(newline)]
    starts: list[int] = []
    size = len(lowered)
    at = lowered.find(key, body)
    while at >= 0:
        start = lowered.rfind(newline, 0, at) + 1
        end = lowered.find(newline, at)
        end = size if end < 0 else end
        opened = lowered.rfind(marks.record, 0, start)  # (a record wrapped over lines runs
        in_record = opened >= 0 and lowered.find(marks.close, opened, start) < 0  # to its -->)
        if not lowered.startswith(comment, start) and not in_record:
            shown, line = start, lowered[start:end]
            if arrow in line or line.lstrip().startswith(ask):  # a question, or its answer
                shown, line = _with_answer(lowered, start, end, newline)
            if all(word in line for word in (others if shown == start else wanted)) \
                    and starts[-1:] != [shown]:
                starts.append(shown)
        at = lowered.find(key, end)
    return starts


_ASK_ARROW: dict[type, tuple[Any, Any]] = {bytes: (b"? ", b"->"), str: ("? ", "->")}
"""A question's mark and the arrow before its answer, as bytes and as text."""


def _with_answer(lowered: Any, start: int, end: int, newline: Any) -> tuple[Any, Any]:
    """Where the line from ``start`` to ``end`` is shown, and what is shown there: a question
    (``? ``) with its answer (what its next line says after ``->``), as a hit shows it, the
    answer's line in its question's place; any other line as it is."""
    ask, arrow = _ASK_ARROW[type(newline)]
    line = lowered[start:end]
    if not line.lstrip().startswith(ask):
        before = lowered.rfind(newline, 0, max(start - 1, 0)) + 1
        if not start or arrow not in line or not lowered[before:start].lstrip().startswith(ask):
            return start, line
        start, end, line = before, start - 1, lowered[before:start - 1]
    after = lowered.find(newline, end + 1)
    answer = lowered[end + 1:len(lowered) if after < 0 else after]
    return start, line + newline + answer.split(arrow, 1)[1] if arrow in answer else line


def _hits(data: Any, starts: list[int], journal: str, marks: _Marks) -> Iterator[Hit]:
    """Each line found, placed: its session and scene, whether it is inside a fence."""
    from solo.journal.front_matter import ESCAPED  # (the reports' reading of narration)
    if not starts:
        return
    text = isinstance(data, str)
    fences = [match.start() for match in re.finditer(re.escape(marks.fence), data)]
    opened = 1 if data.startswith(marks.fence[1:]) else 0
    sessions = [(match.start(), int(match.group(1))) for match in marks.session.finditer(data)]
    session_places = [place for place, _ in sessions]
    scenes = [(match.start(), match.group(1), match.group(2))
              for match in marks.scene.finditer(data)]
    scene_places = [place for place, _, _ in scenes]
    seen_rooms: set[str] = set()
    for start in starts:
        end = data.find(marks.newline, start)
        end = len(data) if end < 0 else end
        line = _decoded(data[start:end], text).strip()
        kind = _kind(line, fenced=(bisect.bisect_left(fences, start) + opened) % 2 == 1)
        if kind is None:
            continue
        if kind == "room":
            if line in seen_rooms:
                continue
            seen_rooms.add(line)
        if kind == "oracle":
            after_end = data.find(marks.newline, end + 1)
            after = _decoded(data[end + 1:len(data) if after_end < 0 else after_end], text)
            if "->" in after:
                line += " " + after.split("->", 1)[1].strip()
        at = bisect.bisect_left(session_places, start) - 1
        session_place, session = sessions[at] if at >= 0 else (-1, 0)
        scene = when = ""
        where = bisect.bisect_left(scene_places, start) - 1
        if where >= 0 and scenes[where][0] > session_place:
            scene = _decoded(scenes[where][1], text)
            when = _decoded(scenes[where][2], text).strip().strip("*").strip()
        yield Hit(journal, session, scene, when, kind,  # (narration: its escapes shown bare)
                  ESCAPED.sub(r"\1", line) if kind == "narration" else line)


def _decoded(piece: Any, text: bool) -> str:
    return piece if text else piece.decode("utf-8", "replace")


def journal_paths(given: Sequence[str]) -> list[Path]:
    """The journals to search, each once (two names of one file are one journal): each file
    given, the ``.md`` files of each folder given (sorted; not those of its subfolders), or
    those of ./journals when none is given. No journal at all is an error saying where it
    looked, and which subfolders hold some."""
    paths: dict[Path, Path] = {}  # (by where each resolves to)
    folders = []
    for name in given or [str(JOURNALS)]:
        path = Path(name)
        if not name:
            raise UsageError(f"search: {EMPTY_PATH}")
        if path.is_dir():
            folders.append(path)
            found = sorted(found for found in path.glob("*.md")
                           if found.is_file() and not found.name.endswith(".report.md"))
        elif path.is_file():
            found = [path]
        else:
            raise JournalError(f"no journal or folder {name!r}")
        for each in found:
            paths.setdefault(each.resolve(), each)
    if not paths:
        raise JournalError(_no_journals(folders))
    return list(paths.values())


def _no_journals(folders: list[Path]) -> str:
    """Why nothing was searched: no journal in the folders (subfolders are not searched)."""
    inner = [str(sub) for folder in folders for sub in sorted(folder.iterdir())
             if sub.is_dir() and any(sub.glob("*.md"))]
    hint = f"; its subfolders are not searched: name one, such as {inner[0]}" if inner else ""
    where = ", ".join(f"{folder}/" for folder in folders)
    return printable(f"no journal (.md file) in {where}{hint}")


def search_paths(paths: Iterable[Path], words: Sequence[str]) -> list[Hit]:
    """Every hit in every journal of ``paths``, each file read once."""
    hits: list[Hit] = []
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError as error:
            raise JournalError(f"cannot read {path} ({error.strerror})") from None
        hits.extend(search_bytes(data, words, str(path)))
    return hits


def _split(arguments: Sequence[str]) -> tuple[list[str], list[str]]:
    """The words and the journals: the trailing arguments that name a ``.md`` file or a
    folder (or end in ``/``, as a folder's name may) are journals, the ones before them
    words."""
    cut = len(arguments)
    while cut > 1 and (arguments[cut - 1].endswith((".md", "/", os.sep))
                       or Path(arguments[cut - 1]).is_dir()):
        cut -= 1
    words = [word for argument in arguments[:cut] for word in argument.split()]
    return words, list(arguments[cut:])


def add_parser(sub) -> None:
    """``solo search``'s arguments, on the subcommands' parser ``sub``."""
    search = sub.add_parser(
        "search", help="Find narration, consequences, tags, rooms, encounters and oracle "
        "answers across journals.",
        description="Find the lines that hold every word given (any case): narration, "
        "consequences (=> lines), tags' changes (=> [Inv:Torch|lit]), rooms, encounters and "
        "oracle answers, each with its journal, session and scene. "
        "The arguments at the end that name .md files or folders (or end in /) are the "
        "journals to search, each once (default: the journals folder; a folder's subfolders "
        "are not searched). --json and --help are read anywhere among the words; "
        "after -- every word is one to find, as typed (solo search -- --json).")
    search.add_argument("--json", action="store_true", help="Print one JSON object.")
    search.add_argument("words", nargs=argparse.REMAINDER, metavar="WORDS",
                        help="The words to find, then the journals or folders (optional).")
    search.set_defaults(search_parser=search)


def _options(given: Sequence[str]) -> tuple[list[str], bool, bool]:
    """The words and journals given, and whether --json and --help were among them: options
    stand anywhere before a ``--``; after it every word is one to find. Another word that
    starts with -- is refused, not searched for (a misspelt option)."""
    kept: list[str] = []
    as_json = helped = False
    for index, word in enumerate(given):
        if word == "--":
            kept.extend(given[index + 1:])
            break
        if word == "--json":
            as_json = True
        elif word in ("-h", "--help"):
            helped = True
        elif word.startswith("--"):
            raise UsageError(f"search: no option {printable(word)!r} (--json, --help); to find "
                             f"it, write it after --: solo search -- {printable(word)}")
        else:
            kept.append(word)
    return kept, as_json, helped


def run(options: argparse.Namespace, env: Environment) -> int:
    """``solo search``: the hits, one a line (or one JSON object)."""
    given, as_json, helped = _options(options.words)
    if helped:
        options.search_parser.print_help()
        return 0
    as_json = as_json or options.json
    words, journals = _split(given)
    if not words:
        raise UsageError("search: give the words to find")
    if len(words) > MAX_WORDS or any(len(word) > MAX_WORD for word in words):
        raise UsageError(f"search: at most {MAX_WORDS} words of at most {MAX_WORD} "
                         "characters each")
    paths = journal_paths(journals)
    hits = search_paths(paths, words)
    if as_json:
        env.stdout.write(json.dumps({"words": words, "journals": len(paths),
                                     "hits": [asdict(hit) for hit in hits]},
                                    ensure_ascii=env.stdout_isatty) + "\n")
    else:
        env.stdout.write("".join(printable(hit.text()) + "\n" for hit in hits))
        if not hits:
            env.say(printable(f"No line holds {' '.join(words)!r} in {len(paths)} "
                              f"journal{'s' if len(paths) != 1 else ''}."))
    return 0
