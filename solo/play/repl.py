"""The interactive prompt: a real prompt_toolkit session with completion and a status bar.

Only ``solo play`` at a terminal imports this module (and so prompt_toolkit); batch
mode lives in :mod:`solo.play.batch`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.application import get_app, get_app_session, run_in_terminal
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.input import Input
from prompt_toolkit.input.typeahead import get_typeahead, store_typeahead
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.key_binding.bindings.mouse import load_mouse_bindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style
from prompt_toolkit.utils import is_dumb_terminal

from solo.engine.commands import rest_of
from solo.errors import SoloError
from solo.internal import internal_error_lines
from solo.journal.notation import Line
from solo.play.commands_table import command_table, command_words
from solo.play.line import KEEP, NotRun, split_pasted
from solo.play.long_lines import TOO_LONG, PasteRuns, keep_within
from solo.play.physical import DieStopped, die_prompt
from solo.play.prompt_history import history
from solo.play.session import Session
from solo.terminal import printable

__all__ = ["run_interactive", "make_prompt", "SoloCompleter", "styled",
           "HINT_WIDTH", "columns"]


class SoloCompleter(Completer):
    """Completes commands, then each word a command takes next, as its entry offers it."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document, complete_event):
        text, members = self._after_member(document.text_before_cursor)
        words = text.split()
        typed, prefix = (words, "") if not words or text[-1].isspace() \
            else (words[:-1], words[-1])
        for word in self._next_words(typed, members):
            if word.casefold().startswith(prefix.casefold()):
                yield Completion(word, start_position=-len(prefix))

    def _after_member(self, text: str) -> tuple[str, bool]:
        """The text after a member's name and colon (``Old Tom: se``: ``se``), with False
        (no member's name comes next); else the text, with True."""
        folded = text.casefold()
        for member in self.session.state.party:
            head = member.name.casefold()
            after = folded[len(head):].lstrip()
            if folded.startswith(head) and after.startswith(":") and after[1:]:
                return text.split(":", 1)[1], False
        return text, True

    def _next_words(self, typed: list[str], members: bool) -> list[str]:
        """The words that may come after ``typed``: a command word or a member's name with
        its colon (``Old Tom:``) first, then what the command's entry offers."""
        session = self.session
        names = rest_of((f"{member.name}:" for member in session.state.party), typed) \
            if members else []
        if not typed:
            return sorted({*command_words(session.procedure), *names})
        command = command_table(session.procedure).get(typed[0].lower())
        after = command.complete(session.world, session.state, typed[1:]) if command else ()
        return [*names, *after]


HINT_WIDTH = 80
"""The columns the line above the prompt fits where the terminal does not say its own."""
_PROMPT_FAILURES = 20  # in a row: the input is broken, stop asking


def _tolerant_mouse() -> KeyBindings:
    """prompt_toolkit's mouse handler, minus its crash on a malformed mouse report (bytes
    typed or pasted outside a bracketed paste can look like one): such a report is ignored."""
    bindings = KeyBindings()
    defaults = load_mouse_bindings().get_bindings_for_keys((Keys.Vt100MouseEvent,))

    @bindings.add(Keys.Vt100MouseEvent)
    def _mouse(event):
        for binding in defaults:
            try:
                return binding.handler(event)
            except (ValueError, IndexError, KeyError):
                return None
        return None

    return bindings


_ENTER = (Keys.ControlM, Keys.ControlJ)


def below_typeahead(pending: str, input: Input) -> str:
    """``pending`` (lines handed back to the input) with the lines already typed or pasted
    after them (prompt_toolkit's typeahead) below, one line each, as a bracketed paste
    leaves them: not typed onto the end of the line handed back, nor played unseen. Enter
    alone typed ahead stays a key (Enter again keeps a line), and so do keys that are not
    text (Ctrl-C, an arrow) and what follows them."""
    keys, text = get_typeahead(input), []
    for press in keys:
        if press.key in _ENTER:
            text.append("\n")
        elif press.key == Keys.BracketedPaste:
            text.append(press.data.replace("\r\n", "\n").replace("\r", "\n"))
        elif not isinstance(press.key, Keys) and len(press.key) == 1:
            text.append(press.key)
        else:
            break
    typed = "".join(text).strip("\n")
    store_typeahead(input, keys[len(text):] if typed else keys)
    return f"{pending}\n{typed}" if typed else pending


def columns(output: Output) -> int:
    """How wide the terminal is, read each time (a window may be resized between lines);
    :data:`HINT_WIDTH` where it cannot say."""
    try:
        width = output.get_size().columns
    except Exception:  # an output that cannot measure itself: the usual width
        return HINT_WIDTH
    return width if width > 0 else HINT_WIDTH


def _asked(prompt: PromptSession, message: str, default: str = "") -> str:
    """The line typed at ``prompt``, the terminal taking keys as they come (raw) from
    before ``message`` is drawn. A dumb terminal's prompt (TERM=dumb) draws its words and
    only then takes the terminal: a key typed on seeing them went through the line
    discipline, Ctrl-D arriving as a NUL byte (no end of input) and Ctrl-C as a signal."""
    with prompt.input.raw_mode():
        return prompt.prompt(message, default=default)


QUIT_HINT = "solo: Ctrl-D saves and quits at an empty line; Ctrl-C clears this one"


def _ctrl_d(handed_back: Callable[[], str], say: Callable[[str], None]) -> KeyBindings:
    """Ctrl-D on the lines handed back, unchanged, saves and quits as on an empty line (they
    were never journaled); at the end of a line typed, where it deletes nothing, it says
    how to quit."""
    bindings = KeyBindings()
    unchanged = Condition(lambda: get_app().current_buffer.text == handed_back() != "")
    at_end = Condition(lambda: get_app().current_buffer.document.is_cursor_at_the_end
                       and get_app().current_buffer.text != "")

    @bindings.add("c-d", filter=unchanged)
    def _quit(event):
        event.app.exit(exception=EOFError, style="class:exiting")

    @bindings.add("c-d", filter=at_end & ~unchanged)
    def _hint(event):
        run_in_terminal(lambda: say(QUIT_HINT))

    return bindings


def make_prompt(session: Session, input=None, output=None,
                handed_back: Callable[[], str] = lambda: "") -> PromptSession:
    """The prompt: this journal's own history, grey suggestions from it as you type (as
    pgcli does), completions while typing, and the status bar; Ctrl-D on ``handed_back()``
    unchanged saves and quits."""
    return PromptSession(
        history=history(session), completer=SoloCompleter(session),
        auto_suggest=AutoSuggestFromHistory(), complete_while_typing=True,
        bottom_toolbar=session.toolbar, input=input, output=output,
        key_bindings=merge_key_bindings([_tolerant_mouse(),
                                         _ctrl_d(handed_back, _printer(output))]))


def run_interactive(session: Session, input=None, output=None, *,
                    traceback: bool = False) -> int:
    """The prompt_toolkit REPL. ``input``/``output`` let tests drive a real session;
    ``traceback`` (``solo --traceback``) shows the trace of a bug above its one line.

    A line whose command does not fit is not journaled and comes back in the input,
    ready to edit; if it started with a command word (:class:`NotRun`), Enter on it
    unchanged keeps it as narration. A paste of several lines plays them one by one; a
    bug met while playing a line is one line on screen and the session goes on. Ctrl-C
    while a line plays or its reply prints stops solo (exit 130): the journal keeps every
    entry played before it.
    """
    say = _printer(output)
    try:
        return _sitting(session, say, input, output, traceback)
    except KeyboardInterrupt:
        say("", f"Saved. Resume with: solo play {session.path}")
        return 130


def _back_in_the_input(lines: str) -> str:
    """What a refusal adds when ``lines`` come back in the input."""
    they = "the lines are" if "\n" in lines else "the line is"
    return f"; {they} back in the input to edit (Ctrl-C clears it)"


def _sitting(session: Session, say: Callable[..., None], input, output,
             traceback: bool) -> int:
    """The REPL's loop (:func:`run_interactive`), until Ctrl-D, ``quit`` or a Ctrl-C that
    stops a line."""
    input = PasteRuns(input if input is not None else get_app_session().input)
    pending, failures = "", 0
    prompt = make_prompt(session, input, output, lambda: pending)
    dice_prompt: PromptSession = PromptSession(input=input, output=output)
    cut_told: list[bool] = []

    def line_cut() -> None:  # a line past the limit: said once a sitting
        if not cut_told:
            cut_told.append(True)
            run_in_terminal(lambda: say(TOO_LONG))

    keep_within(prompt.default_buffer, line_cut)
    told: list[bool] = []  # the hint about your own dice, said once a sitting

    def ask_die(sides: int, problem: str | None, purpose: str = "") -> str:
        """Physical dice at the terminal: the face rolled at the table, or Enter; the
        prompt names the roll (``Light depletion check, Torch (d6, out on a 1):``)."""
        if problem:
            say(f"solo: {problem}")
        if not told:
            say("Your own dice: type the face rolled at the table, or Enter alone to let "
                "solo roll it.")
            told.append(True)
        try:
            return _asked(dice_prompt, die_prompt(sides, purpose))
        except KeyboardInterrupt:  # the command stops; the line comes back to the input
            raise DieStopped(sides) from None
        except EOFError:  # Ctrl-D (a terminal's input never ends): as Ctrl-C
            raise DieStopped(sides, "Ctrl-D") from None

    session.ask_die = ask_die

    def place() -> Place:  # where the party stands, fitted to the terminal as it is now
        return Place(session.where(columns(prompt.app.output)))

    say(*session.take_notices())
    if session.session_number:  # a crawl played before: where it stands
        say(*session.recap())
    say(f"{session.procedure.name} — 'help' lists commands, Ctrl-D saves and quits.")
    say(place())
    keepable = ""  # the line handed back that Enter, unchanged, keeps as narration
    # (a dumb terminal's prompt draws no line handed back: it is drawn as the prompt's)
    dumb = output is None and is_dumb_terminal()
    while True:
        try:
            line = _asked(prompt, f"solo> {pending}" if pending and dumb else "solo> ",
                          default=pending)
            failures = 0
        except KeyboardInterrupt:
            pending = keepable = ""
            continue  # Ctrl-C clears the line (and forgets the line handed back)
        except EOFError:
            if pending:  # (Ctrl-D on the lines handed back: never journaled)
                many = "\n" in pending
                say(f"Not played: the line{'s' if many else ''} handed back.")
            say(f"Saved. Resume with: solo play {session.path}")
            return 0
        except Exception as error:  # the prompt itself failed (odd bytes typed): go on
            say(*internal_error_lines(error, traceback=traceback))
            pending, keepable, failures = "", "", failures + 1
            if failures >= _PROMPT_FAILURES:
                say(f"Saved. Resume with: solo play {session.path}")
                return 1
            continue
        pending = ""
        pieces = split_pasted(line)
        if keepable and line == keepable and pieces:
            pieces[0] = KEEP + pieces[0]  # Enter again on a line handed back: the story
        keepable = ""
        if not pieces:
            say(place())  # an empty Enter: where do we stand?
            continue
        turn = session.state.turn
        for index, piece in enumerate(pieces):
            try:
                reply = session.handle(piece)
            except NotRun as error:
                say(f"solo: error: {error.reason}; press Enter again to keep it as "
                    "narration, or edit it")
                pending = keepable = "\n".join(pieces[index:])
                break
            except SoloError as error:
                pending = "\n".join(pieces[index:])  # back in the input, ready to edit
                say(f"solo: {'' if isinstance(error, DieStopped) else 'error: '}{error}"
                    f"{_back_in_the_input(pending)}")
                break
            except Exception as error:  # a bug: one line, the journal intact, go on
                say(*internal_error_lines(error, traceback=traceback))
                pending = "\n".join(pieces[index + 1:])
                break
            say(*reply.lines)
            if reply.quit:
                return 0
            if piece.split()[0].lower() in ("help", "?"):
                say(place())
        if pending:  # keys typed ahead go below the lines handed back
            pending = below_typeahead(pending, input)
            keepable = keepable and pending
        if session.state.turn != turn:
            say(place())


_STYLE = Style.from_dict({
    "action": "bold", "roll": "ansicyan", "table": "ansicyan", "result": "ansiyellow",
    "question": "ansimagenta", "heading": "bold underline", "error": "ansired",
    "place": "ansibrightblack",
})


_KIND_CLASSES = ("action", "roll", "table", "result", "question", "heading")


class Place(str):
    """The line that says where the party stands: shown quieter than results."""


def styled(line: str) -> FormattedText:
    """A result line coloured by its kind, which the notation set from the event (never by
    reading its text); an error line in red; plain text when NO_COLOR is set."""
    if os.environ.get("NO_COLOR"):
        return FormattedText([("", line)])
    if isinstance(line, Place):
        return FormattedText([("class:place", line)])
    if isinstance(line, Line) and line.kind in _KIND_CLASSES:
        return FormattedText([(f"class:{line.kind}", line)])
    if line.startswith("solo: error:"):
        return FormattedText([("class:error", line)])
    return FormattedText([("", line)])


def _printer(output):
    def say(*lines: str) -> None:
        for line in lines:
            shown: str = printable(line)
            if isinstance(line, Place):
                shown = Place(shown)
            elif isinstance(line, Line):
                shown = Line(shown, line.kind)
            print_formatted_text(styled(shown), style=_STYLE, output=output)
    return say
