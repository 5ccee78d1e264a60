"""The command line's grammar: ``solo``'s subcommands, their arguments and help, as one
argparse parser (``docs/make-commands`` makes docs/commands.md from it)."""

from __future__ import annotations

import argparse
import difflib
import re
from typing import TextIO

from solo import __version__, defaults
from solo.cli import values
from solo.cli.search import add_parser as search_parser
from solo.errors import UsageError
from solo.terminal import printable

__all__ = ["build_parser", "DEFAULT_SYSTEM"]

DEFAULT_SYSTEM = "d12-tension"

_PLAY_EPILOG = """\
At a terminal, solo opens its prompt. Otherwise it reads commands from standard input,
one per line (batch mode): bytes that are not UTF-8 are kept as U+FFFD, each error names
its line ("line 12: ..."), play goes on, and the exit code is 1 if any line failed.

What a line is: a line is a command only if it parses whole as that command with its
arguments ('undo', 'status' and 'quit' take none), as help shows it. A sentence is
narration even when its first word is a command: a capital letter first, four words or
more, and a full stop, ! or ? at its end, all three ("Strike the goblin down!"). A
command word followed by words it does not take is not run and nothing is journaled. A
line of your own Lonelog ("? Is anyone here") is kept as typed. A short line close to a
command ("advnace") gets "did you mean advance?", and a lone lowercase or hyphenated
word that is no command ("foo-bar") is refused. Start a line with > to keep it as
narration whatever it says (the > is not written; at the prompt, Enter again on a line
handed back does the same); a quotation is kept as typed; any other line is narration
too."""


class _Once(argparse._StoreAction):
    """An option of one value, given at most once: a second value is refused, never laid
    over the first (argparse keeps the last one silently)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        given = namespace.__dict__.setdefault("_given_once", set())
        if option_string is not None and self.dest in given:
            raise argparse.ArgumentError(self, "given twice; give it once")
        given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


class _Parser(argparse.ArgumentParser):
    out: TextIO | None = None  # where --help and --version go (the environment's stdout)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)

    def _print_message(self, message: str, file=None) -> None:
        if self.out is None:
            super()._print_message(message, file)
        elif message:
            self.out.write(message)

    def error(self, message: str):  # one line on stderr, exit code 2
        wrong = re.match(r"argument COMMAND: invalid choice: '([^']*)'", message)
        if wrong:
            commands = [name for action in self._actions
                        if isinstance(action, argparse._SubParsersAction)
                        for name in action.choices]
            close = difflib.get_close_matches(wrong.group(1), commands, n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]}?" if close else ""
            message = f"no command {printable(wrong.group(1))!r}{hint}"
        raise UsageError(f"{message} (see: {self.prog} --help)")


def build_parser(out: TextIO | None = None) -> argparse.ArgumentParser:
    """The parser of solo's command line; its --help and --version go to ``out`` (default:
    standard output)."""
    parser = _Parser(prog="solo", description="Play tabletop dungeon crawls alone: solo keeps "
                     "the GM's books, answers yes/no questions, and writes a Markdown journal.",
                     epilog="With no command, solo offers to resume your latest journal in "
                     "./journals or to start a new crawl. Commands piped into solo play run "
                     "one per line; the exit code is 1 if any line failed (see: solo play "
                     "--help).")
    parser.add_argument("--version", action="version", version=f"solo {__version__}")
    parser.add_argument("--traceback", action="store_true",
                        help="Show the full Python traceback on errors (before or "
                        "after the command, where an option can stand).")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = sub.add_parser("new", help="Start a new crawl and its journal.",
                         epilog=_PLAY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    new.add_argument("journal", nargs="?", type=values.path,
                     help="Journal file (default: journals/<title>.md).")
    new.add_argument("--system", default=None, help="Procedure id or file (see: solo systems); "
                     "asked at a terminal, required otherwise.")
    new.add_argument("--title", type=values.title, default=None,
                     help="The crawl's title, one line (default: 'A <procedure> crawl').")
    new.add_argument("--seed", type=values.seed, help="Seed for every roll (random if omitted).")
    new.add_argument("--tables", action="append", default=[], metavar="FILE", type=values.path,
                     help="An extra tables file for this dungeon (repeat for more).")
    new.add_argument("--oracle", default=defaults.ORACLE_STYLE,
                     help="Oracle style: mythic, ironsworn, opse.")
    new.add_argument("--party", action="append", default=[], metavar="NAME",
                     help="A member of the party, with the hit points the procedure gives; "
                     "hurt, heal and rests act on each (repeat for more).")
    new.add_argument("--party-from", default=None, metavar="JOURNAL", type=values.path,
                     help="Carry the party (names, hit points, own settings; conditions in the "
                     "same procedure) and its supplies from another journal's last state.")
    new.add_argument("--dice", choices=("solo", "physical"), default="solo",
                     help="Who rolls: solo (default), or physical: solo asks you for every "
                     "die it would roll (Enter alone lets solo roll it); 'set dice MODE' "
                     "changes it during play.")
    new.add_argument("--dungeon", nargs="?", const="", default=None, metavar="ID",
                     type=values.generator,
                     help="A generator that rolls each new room (see: solo dungeons), "
                     "the path of your own generator file ('set dungeon ID' changes it "
                     "during play), or a dungeon key (kind: key) to play room by room, "
                     "unseen rooms hidden.")
    new.add_argument("--dungeon-set", action="append", default=[], metavar="NAME=WORD",
                     help="A setting of the generator, such as doors=barred (repeat for "
                     "more; solo dungeons lists each generator's).")

    play = sub.add_parser("play", help="Resume a journal exactly where it stopped.",
                          epilog=_PLAY_EPILOG,
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    play.add_argument("journal", type=values.path, help="The journal file.")

    roll = sub.add_parser("roll", help="Roll dice, such as 2d6+1 or 4d6kh3.")
    roll.add_argument("expression", nargs="+", help="Dice expression.")
    roll.add_argument("--seed", type=values.seed, help="Seed, for a repeatable roll.")

    ask = sub.add_parser("ask", help="Ask the oracle a yes/no question.")
    ask.add_argument("question", nargs="+", help="The question, ending with ?, then the "
                     "odds if any, as 'ask' reads it at the prompt: solo ask Is the door "
                     "locked? likely; 'ironsworn: Is it?' asks in that style; 'meaning "
                     "[QUESTION]' asks the meaning oracle for an action and a subject.")
    ask.add_argument("--odds", default=None, help="Odds, such as likely (default 50/50); "
                     "not also after the question.")
    ask.add_argument("--style", default=None, help="Oracle style: mythic (default), ironsworn, "
                     "opse; not also before the question.")
    ask.add_argument("--chaos", type=values.whole, default=None,
                     help="Chaos factor, 1-9 (default 5); only for a style that reads it "
                     "(mythic).")
    ask.add_argument("--seed", type=values.seed, help="Seed, for a repeatable answer.")

    sub.add_parser("systems", help="List the procedures, one per line: id, then name.")
    sub.add_parser("dungeons", help="List the dungeon generators: id, name, summary, "
                   "then their settings.")

    check = sub.add_parser("check", help="Validate procedure, tables, oracle, generator or "
                           "dungeon key files.")
    check.add_argument("files", nargs="+", type=values.path, help="YAML files to check.")

    simulate = sub.add_parser("simulate", help="Play many turns headless and count outcomes.")
    simulate.add_argument("--system", required=True, help="Procedure id or file.")
    simulate.add_argument("--turns", type=values.turns, default=1000,
                          help="Turns to play (default 1000); the command that reaches them "
                          "is played whole, so a command of several turns may end the run "
                          "a few turns past them; a script that passes no time (combat) "
                          "plays as many commands, and reports them, not turns.")
    simulate.add_argument("--seed", type=values.seed, default=1, help="Seed (default 1).")
    simulate.add_argument("--action", action="append", default=[], type=values.command,
                          help="A command to play; "
                          "repeat it for a script played in a cycle (default: the "
                          "procedure's ordinary exploring action).")
    simulate.add_argument("--setup", action="append", default=[], type=values.command,
                          help="A command played "
                          "once before the script, such as 'light torch' (repeatable).")
    simulate.add_argument("--json", action="store_true", help="Print one JSON object.")
    simulate.add_argument("--dungeon", default=None, metavar="ID", type=values.generator,
                          help="Crawl a dungeon this generator rolls (see: solo dungeons): "
                          "the procedure's move into new rooms each turn, doors opened and "
                          "dead ends searched as the rules say; counts rooms entered, doors "
                          "forced, traps met and encounters per room.")
    simulate.add_argument("--dungeon-set", action="append", default=[], metavar="NAME=WORD",
                          help="A setting of the generator, such as doors=barred.")

    export = sub.add_parser("export", help="Export a journal as a play report.")
    export.add_argument("journal", type=values.path, help="The journal file.")
    export.add_argument("--reveal", action="store_true",
                        help="Show a danger tracker kept behind the screen (show_tension false).")
    export.add_argument("--format", choices=("md", "html"), default=None,
                        help="md or html (default: from the output's extension, else md).")
    export.add_argument("-o", "--output", default=None, type=values.path,
                        help="Output file; '-' or none for standard output. A device or a "
                        "pipe is written as is, a symlink through to its target.")

    stats = sub.add_parser("stats", help="Show a journal's figures.")
    stats.add_argument("journal", type=values.path, help="The journal file.")
    stats.add_argument("--json", action="store_true", help="Print one JSON object.")
    stats.add_argument("--reveal", action="store_true",
                       help="Show a danger tracker kept hidden (show_tension false).")

    status = sub.add_parser("status", help="Say where a crawl stands (its recap), without "
                            "opening it.")
    status.add_argument("journal", type=values.path, help="The journal file.")
    status.add_argument("--json", action="store_true", help="Print one JSON object.")

    odds = sub.add_parser("odds", help="Show a crawl's odds before the next choice, without "
                          "opening it.")
    odds.add_argument("journal", type=values.path, help="The journal file.")
    odds.add_argument("--json", action="store_true", help="Print one JSON object.")

    importer = sub.add_parser("import", help="Make a dungeon key from a donjon or One Page "
                              "Dungeon JSON export (see docs/keys.md).")
    importer.add_argument("file", type=values.path, help="The JSON export.")
    importer.add_argument("-o", "--output", default=None, type=values.path,
                          help="The key's file, ending in .yaml (never overwritten); '-' or none "
                          "for standard output.")

    search_parser(sub)
    template = sub.add_parser("new-procedure", help="Write a commented starting procedure file.")
    template.add_argument("name", help="Id of the new procedure (e.g. my-dungeon).")
    template.add_argument("-o", "--output", default=None, type=values.path,
                          help="File (default: NAME.yaml).")
    for each in sub.choices.values():  # --traceback after the command too, where options stand
        each.add_argument("--traceback", action="store_true", default=argparse.SUPPRESS,
                          help=argparse.SUPPRESS)
    for each in (parser, *sub.choices.values()):
        if isinstance(each, _Parser):
            each.out = out
    return parser
