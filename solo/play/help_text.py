"""What ``help`` says: the commands this procedure takes, grouped, or one command in full
(its arguments, its other names, and for ``ask`` the oracle's odds).

Pure: reads the loaded world, the state's oracle style and the one table of commands.
"""

from __future__ import annotations

import difflib
import textwrap

from solo import defaults
from solo.engine.expedition_grammar import TRIP_TOOLS
from solo.engine.state import State
from solo.engine.tool_grammar import odds_names
from solo.engine.walks import walk_help
from solo.errors import SoloError, UsageError
from solo.play.commands_table import SESSION, TOOLS, command_table
from solo.play.line import LINE_RULE
from solo.rules import oracle_styles
from solo.rules.world import World

__all__ = ["help_lines", "odds_help", "WIDTH", "wrap"]

WIDTH = 78
"""Help's lines are wrapped to this many columns, at spaces only."""


def wrap(line: str, width: int = WIDTH) -> list[str]:
    """``line`` wrapped at spaces, never inside a word nor after a hyphen (``combat-escaped``
    stays whole); each line after the first indented under the line's own words."""
    if len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = " " * (len(line) - len(body))
    label = body.find(": ")
    indent = lead + "  " if label < 0 or label > 24 else " " * (len(lead) + label + 2)
    return textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False) or [line]


def help_lines(world: World, state: State, topic: str) -> list[str]:
    """The command list, or with ``topic`` that one command in full, wrapped at words.
    Raises UsageError for a word that is no command (with the nearest one, if any)."""
    return [wrapped for line in _help_lines(world, state, topic) for wrapped in wrap(line)]


def _help_lines(world: World, state: State, topic: str) -> list[str]:
    procedure = world.procedure
    topic = topic.strip().lower()
    table = command_table(procedure)
    if topic:
        command = table.get(topic)
        if command is None:
            close = difflib.get_close_matches(topic, sorted(table), n=1, cutoff=0.6)
            hint = f"did you mean {close[0]}? " if close else ""
            raise UsageError(f"no command {topic!r}; {hint}type 'help' for the list")
        lines = [f"{command.usage} — {command.help}"]
        if command.kind == "action":
            action = procedure.action_named(command.name)
            if action is None and command.name == "enter" and procedure.enter is not None:
                # 'enter' plays another action's turn (solo.engine.commands.enter_command)
                action = procedure.actions[procedure.enter]
            assert action is not None
            for arg in action.args:
                choices = f" ({'/'.join(arg.choice_names)})" if arg.choices else ""
                default = f", default {arg.default}" if arg.default is not None and (
                    arg.minimum is None or arg.default >= arg.minimum) else ""  # (below: rolled)
                lines.append(f"  {arg.name}{choices}: {arg.help}{default}")
            if action.aliases:
                lines.append(f"  also: {', '.join(action.aliases)}")
        elif command.name == "ask":
            lines.extend(odds_help(world, state))
        elif command.name in ("go", "back", "leave"):  # ('leave' walks out, as 'go out')
            lines.extend(textwrap.wrap(walk_help(procedure), 78, initial_indent="  ",
                                       subsequent_indent="  "))
        elif command is TRIP_TOOLS.get(command.name):  # ('wait', 'buy', 'return')
            lines.extend(_between_help(world, command.name))
        elif command.aliases:
            lines.append(f"  also: {', '.join(command.aliases)}")
        return lines
    groups: dict[str, list[str]] = {}
    for name, action in procedure.actions.items():
        enter = ["enter"] if name == procedure.enter and "enter" not in procedure.actions else []
        groups.setdefault(action.group, []).extend([*enter, name])  # ('enter': its turn)
    titles = {"procedure": "The turn", "event": "What happened (moves the trackers)",
              "character": "Character actions"}
    lines = [f"{procedure.name}:"]
    for group, names in groups.items():
        lines.append(f"  {titles.get(group, group.capitalize())}: {', '.join(names)}")
    lines.append(f"  Tools: {', '.join(TOOLS)}")
    between = [word for word, command in command_table(procedure).items()
               if word in TRIP_TOOLS and command is TRIP_TOOLS[word]
               and (word != "buy" or procedure.between.prices)]  # (nothing for sale: no buy)
    own = procedure.between.leave  # an action of the procedure's own that gets it out
    lines.append(f"  Between expeditions: {', '.join(between)}"
                 + (f" ({own}, an action above, ends the expedition)"
                    if own in procedure.actions else ""))
    lines.append(f"  Look-ups and session: {', '.join(SESSION)}")
    lines.extend(textwrap.wrap(LINE_RULE, WIDTH, break_on_hyphens=False))
    lines.append("help COMMAND tells more.")
    return lines


def _between_help(world: World, word: str) -> list[str]:
    """What ``wait`` and ``buy`` do in this procedure: its days, its prices."""
    procedure = world.procedure
    between, name = procedure.between, procedure.name
    if word == "buy":
        prices = ", ".join(f"{supply} {price} {between.currency}"
                           for supply, price in between.prices.items())
        text = (f"In {name}: {prices}." if prices else
                f"In {name} nothing is for sale: every buy is refused.")
    elif word == "wait":
        text = (f"In {name}, between expeditions: {between.reading}"
                if between.each_day or between.restock
                else f"In {name} a day outside changes nothing: only the days are counted.")
    else:
        return []
    return textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="  ")


def odds_help(world: World, state: State) -> list[str]:
    """The odds the oracle style in force takes, and the other words it understands."""
    try:
        style = oracle_styles.get_style(world.styles,
                                        str(state.values.get("oracle", defaults.ORACLE_STYLE)))
    except SoloError:
        return []
    names = [level.name for level in style.odds]
    lines = [f"  Odds ({style.name}, default {style.default_odds}): " + ", ".join(names)]
    aliases = [name for name in odds_names(style) if name not in names]
    if aliases:
        lines.append("  also understood: " + ", ".join(aliases))
    return [wrapped for line in lines
            for wrapped in textwrap.wrap(line, 78, subsequent_indent="    ")]
