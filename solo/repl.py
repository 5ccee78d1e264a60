"""The interactive prompt: a real prompt_toolkit session with completion and a status bar.

Only ``solo play`` at a terminal imports this module (and so prompt_toolkit); batch
mode lives in :mod:`solo.batch`.
"""

from __future__ import annotations

import os

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.styles import Style

from solo.errors import SoloError
from solo.paths import user_state_dir
from solo.session import Session

__all__ = ["run_interactive", "SoloCompleter", "styled"]


class SoloCompleter(Completer):
    """Completes commands, then the words each command takes."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        words = text.split()
        if not words or (len(words) == 1 and not text.endswith(" ")):
            prefix = words[0].lower() if words else ""
            candidates = self.session.completion_words()
        else:
            prefix = "" if text.endswith(" ") else words[-1].lower()
            candidates = self._arguments(words[0].lower())
        for word in candidates:
            if word.startswith(prefix):
                yield Completion(word, start_position=-len(prefix))

    def _arguments(self, command: str) -> list[str]:
        session = self.session
        procedure = session.procedure
        if command in ("table", "strike"):
            return session.world.table_names()
        if command in ("light", "douse"):
            return list(procedure.lights)
        if command == "oracle":
            return sorted(session.world.styles)
        if command == "set":
            return [*procedure.trackers, *procedure.settings]
        if command == "help":
            return session.completion_words()
        if command == "chaos":
            return ["follow", *map(str, range(1, 10))]
        action = procedure.action_named(command)
        if action is None:
            return []
        return [choice for arg in action.args for choice in arg.choice_names]


def run_interactive(session: Session, input=None, output=None) -> int:
    """The prompt_toolkit REPL. ``input``/``output`` let tests drive a real session."""
    history = InMemoryHistory()
    try:
        state_dir = user_state_dir()
        state_dir.mkdir(parents=True, exist_ok=True)
        history = FileHistory(str(state_dir / "history"))
    except OSError:
        pass
    prompt = PromptSession(history=history, completer=SoloCompleter(session),
                           bottom_toolbar=session.toolbar, input=input, output=output,
                           complete_while_typing=False)
    say = _printer(output)
    say(*session.notices)
    say(f"{session.procedure.name} — 'help' lists commands, 'steps' shows the turn, "
        "Ctrl-D saves and quits.")
    while True:
        say(Place(session.where()))
        try:
            line = prompt.prompt("solo> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C clears the line
        except EOFError:
            say(f"Saved. Resume with: solo play {session.path}")
            return 0
        try:
            reply = session.handle(line)
        except SoloError as error:
            say(f"solo: error: {error}")
            continue
        say(*reply.lines)
        if reply.quit:
            return 0


_STYLE = Style.from_dict({
    "action": "bold", "roll": "ansicyan", "table": "ansicyan", "result": "ansiyellow",
    "question": "ansimagenta", "heading": "bold underline", "error": "ansired",
    "place": "ansibrightblack",
})
_CLASSES = (("@ ", "action"), ("d: ", "roll"), ("tbl: ", "table"), ("=> ", "result"),
            ("? ", "question"), ("## ", "heading"), ("solo: error:", "error"))


class Place(str):
    """The line that says where the party stands: shown quieter than results."""


def styled(line: str) -> FormattedText:
    """A result line with a colour by its Lonelog mark (plain text when NO_COLOR is set)."""
    if os.environ.get("NO_COLOR"):
        return FormattedText([("", line)])
    if isinstance(line, Place):
        return FormattedText([("class:place", line)])
    for prefix, name in _CLASSES:
        if line.startswith(prefix):
            return FormattedText([(f"class:{name}", line)])
    return FormattedText([("", line)])


def _printer(output):
    def say(*lines: str) -> None:
        for line in lines:
            print_formatted_text(styled(line), style=_STYLE, output=output)
    return say
