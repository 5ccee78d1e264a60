"""One table of every command a player can type: solo's session commands, its tools and
the procedure's actions.

Help, completion, the line parser (:mod:`solo.play.line`) and ``solo check`` all read this
table, so a word means the same thing everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from solo.rules.procedure import Procedure

__all__ = ["Command", "SESSION", "TOOLS", "RESERVED", "command_table", "command_words",
           "usage_of"]


@dataclass(frozen=True)
class Command:
    """One command: its name, how it is typed, what it does and where it comes from.

    ``kind`` is ``session`` (a look-up or a session step: never a journaled command),
    ``tool`` (journaled through the engine) or ``action`` (the procedure's own).
    ``max_words`` bounds the words a session command takes after its name.
    """

    name: str
    usage: str
    help: str
    kind: str
    aliases: tuple[str, ...] = ()
    max_words: int = 0
    group: str = ""


def _session(name: str, usage: str, help: str, aliases: tuple[str, ...] = (),
             max_words: int = 0) -> Command:
    return Command(name, usage, help, "session", aliases, max_words)


def _tool(name: str, usage: str, help: str) -> Command:
    return Command(name, usage, help, "tool")


SESSION: dict[str, Command] = {command.name: command for command in (
    _session("help", "help [COMMAND]", "List the commands, or explain one.", ("?",), 1),
    _session("status", "status", "Show the party's state: time, trackers, light."),
    _session("lights", "lights", "Show what is burning and for how long (or: light)."),
    _session("tables", "tables", "List the tables 'table NAME' can roll."),
    _session("steps", "steps", "Show the turn procedure, step by step."),
    _session("undo", "undo", "Take back the last entry, whatever it was (the journal keeps "
             "a note)."),
    _session("quit", "quit", "Save and leave (Ctrl-D does the same).", ("exit",)),
)}

TOOLS: dict[str, Command] = {command.name: command for command in (
    _tool("light", "light KIND", "Light a source (torch, lantern, candle…); 'lights' shows "
          "them."),
    _tool("douse", "douse KIND", "Put out a burning source."),
    _tool("strike", "strike [TABLE ENTRY]", "Strike a defeated encounter off its table "
          "(the last one met, by default)."),
    _tool("set", "set NAME VALUE", "Set a setting, or a tracker (+N/-N to move it); "
          "'set dice physical' has solo ask for every die, 'set dice solo' rolls them."),
    _tool("roll", "roll EXPR [WHY]", "Roll dice, such as 2d6, 4d6kh3 or d20+3."),
    _tool("table", "table NAME", "Roll on a table; 'tables' lists them."),
    _tool("ask", "ask QUESTION? [ODDS]", "Ask the oracle a yes/no question; odds default "
          "to 50/50."),
    _tool("chaos", "chaos [N|follow]", "Show the oracle's chaos, set it (1-9), or let it "
          "follow the danger."),
    _tool("oracle", "oracle [STYLE]", "Show the oracle style, or choose one: mythic, "
          "ironsworn or opse."),
    _tool("party", "party [add NAME [hp N] | set NAME KEY N | remove NAME]", "Show the "
          "party, or add, set or remove a member: 'party add Cid hp 6', 'party set Cid "
          "con_bonus 2' (their own value of a number setting, or a condition's count); "
          "'NAME: ACTION' plays an action as that member's."),
    _tool("hurt", "hurt N", "Take N hit points from the member named (Wren: hurt 3), or from "
          "each member."),
    _tool("heal", "heal N", "Give back N hit points to the member named (Wren: heal 2), or "
          "to each member, up to their maximum."),
    _tool("supply", "supply NAME COUNT", "Count a supply the party carries (supply torch 3; "
          "+N/-N adds or takes); lighting and refilling use it up."),
)}

# The words no procedure may take for an action: they would be shadowed.
RESERVED: frozenset[str] = frozenset(
    word for command in (*SESSION.values(), *TOOLS.values())
    for word in (command.name, *command.aliases))


def usage_of(action) -> str:
    """An action's usage line: required arguments bare, optional ones in brackets."""
    parts = [action.name]
    for arg in action.args:
        shown = arg.name.upper()
        parts.append(shown if arg.default is None else f"[{shown}]")
    return " ".join(parts)


_TABLES: dict[int, tuple[Procedure, dict[str, Command]]] = {}


def command_table(procedure: Procedure) -> dict[str, Command]:
    """Every word a player may start a command with, mapped to its command (built once per
    loaded procedure, which never changes; do not modify the result)."""
    cached = _TABLES.get(id(procedure))
    if cached is None or cached[0] is not procedure:
        cached = _TABLES[id(procedure)] = (procedure, _build_table(procedure))
    return cached[1]


def _build_table(procedure: Procedure) -> dict[str, Command]:
    """Every word a player may start a command with, mapped to its command.

    solo's own words come first: a procedure action of the same name is shadowed
    (``solo check`` refuses such a procedure).
    """
    table: dict[str, Command] = {}
    for name, action in procedure.actions.items():
        command = Command(name, usage_of(action), action.help, "action", action.aliases,
                          group=action.group)
        for word in (name, *action.aliases):
            table[word.lower()] = command
    for command in (*TOOLS.values(), *SESSION.values()):
        for word in (command.name, *command.aliases):
            if word == "light" and command.kind == "session":
                continue  # a bare 'light' is 'lights'; 'light KIND' is the tool
            table[word] = command
    return table


def command_words(procedure: Procedure) -> list[str]:
    """Every command word, sorted (completion and 'did you mean' read this)."""
    return sorted(set(command_table(procedure)) | {"light"})
