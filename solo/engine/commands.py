"""The commands the engine carries out, each one entry that owns its grammar.

A :class:`Command` is a word (and its aliases), how it is typed, what it does, how the words
after it are read into a typed request (:mod:`solo.engine.requests`) and which words may
come next (completion). The procedure's actions and the engine's tools
(:mod:`solo.engine.tool_grammar`) are entries; the session adds its own
(:mod:`solo.play.commands_table`). The line rule, the engine, the completer, ``help`` and
``solo check`` all read these entries, so a word means one thing everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from solo import defaults
from solo.engine.arguments import parse_arguments, usage_line
from solo.engine.dungeon_named import active
from solo.engine.dungeon_rolls import OPENERS
from solo.engine.key_rooms import active_key
from solo.engine.key_views import ways_back, ways_on
from solo.engine.requests import Act, Request
from solo.engine.room_changes import back_target, find_way, walk, walk_route
from solo.engine.room_exits import named_unnamed, question
from solo.engine.rooms import DIRECTIONS, ROOM_ID, Dungeon
from solo.engine.state import State
from solo.engine.way_out import map_value
from solo.engine.world_state import rooms_out
from solo.errors import UsageError
from solo.rules.procedure import Action, Procedure
from solo.rules.world import World

__all__ = ["Command", "Parse", "Complete", "action_command", "usage_of", "no_words",
           "first_word", "rest_of", "check_digits", "MAX_DIGITS", "action_commands",
           "enter_command"]

MAX_DIGITS = defaults.MAX_DIGITS
_DIGITS = re.compile(r"\d+")  # any script's digits: int() reads them all

Parse = Callable[["Command", World, State, str], Request]
"""Read the words after a command's word into a request (UsageError: they do not fit)."""
Complete = Callable[[World, State, Sequence[str]], Sequence[str]]
"""For completion, the words that may come next after a command's word and ``typed``, the
whole words typed after it so far; an entry may be a phrase, the rest of one begun
(``Tom`` after ``party set Old``: :func:`rest_of`)."""


def no_words(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
    return ()


def first_word(listing: Callable[[World, State], Sequence[str]]) -> Complete:
    """The completion of a command that takes one word of a known set: ``listing``'s words,
    then nothing."""
    def complete(world: World, state: State, typed: Sequence[str]) -> Sequence[str]:
        return () if typed else listing(world, state)
    return complete


def rest_of(phrases: Iterable[str], typed: Sequence[str]) -> list[str]:
    """What is left to type of each phrase whose first words are ``typed`` (any case):
    ``Tom`` of ``Old Tom`` after ``Old``, ``Old Tom`` itself after nothing."""
    said = [word.casefold() for word in typed]
    return [" ".join(words[len(said):]) for phrase in phrases for words in [phrase.split()]
            if len(words) > len(said) and [w.casefold() for w in words[:len(said)]] == said]


@dataclass(frozen=True)
class Command:
    """One command: its name, how it is typed, what it does and where it comes from.

    ``kind`` is ``session`` (a look-up or a session step: never a journaled command),
    ``tool`` (journaled through the engine) or ``action`` (the procedure's own).
    ``numbered`` is how many of the words after the name are checked for numbers too long
    to read (None: all; ``roll``'s reason and ``ask``'s question are free text).
    """

    name: str
    usage: str
    help: str
    kind: str
    parse: Parse
    complete: Complete = no_words
    aliases: tuple[str, ...] = ()
    group: str = ""
    numbered: int | None = None

    def read(self, world: World, state: State, rest: str, actor: str | None = None,
             text: str | None = None) -> Request:
        """The words after the name as this command's request; a UsageError saying why
        they do not fit. ``text`` is the whole command as typed (default: name and rest)."""
        words = rest.split()
        check_digits(words if self.numbered is None else words[:self.numbered])
        request = self.parse(self, world, state, rest)
        typed = text if text is not None else f"{self.name} {rest}".strip()
        return replace(request, text=typed, actor=actor)


def check_digits(words: Sequence[str]) -> None:
    """No number typed into a command may be longer than MAX_DIGITS digits: one refusal
    for every command."""
    for word in words:
        if any(len(run) > MAX_DIGITS for run in _DIGITS.findall(word)):
            raise UsageError(f"a number of more than {MAX_DIGITS} digits")


_MOVE_WORDS = {"new": "[DIRECTION] [ROOM]", "back": "[DIRECTION|ROOM]", "door": "[DIRECTION|?]"}
"""What a usage line names for a move on the map: a new room's exit and its own number, or
the known room to go back to; for an action that opens a door, the door's direction (``?``:
the one with none)."""


def _words_of(action: Action, move: str | None = None) -> str | None:
    """The map words an action reads: its move's (``move``, else its own), or ``door``
    for one that opens a door (:data:`~solo.engine.dungeon_rolls.OPENERS`)."""
    return move or action.room or ("door" if action.name in OPENERS else None)


def usage_of(action: Action, name: str = "", move: str | None = None) -> str:
    """An action's usage line, as ``name`` plays it (its own name unless told), with the
    words of its move on the map (``move``, else its own): :func:`usage_line`."""
    spoken = replace(action, name=name) if name else action
    return usage_line(spoken, _MOVE_WORDS.get(_words_of(action, move) or "", ""))


def _refuse_other_exits(world: World, state: State, there: Dungeon, name: str,
                        action: Action, arguments: Mapping[str, Any],
                        counted: Mapping[str, Any]) -> None:
    """A room's exits typed other than the map's count of them, where a key or a generator
    gives the rooms, are refused: a check that read another count would contradict the
    map. Elsewhere the player's count stands: rooms the player types are often noted in
    part (``exits R1, ?``), so the count typed may know more than the map."""
    room = there.current
    key = active_key(world, state.values)
    keyed = key is not None and room is not None and room.id in key
    if room is None or not keyed and active(world, state.values) is None:
        return
    for arg in action.args:
        known = counted.get(arg.name) if arg.map == "room_exits" else None
        if known is None or arguments.get(arg.name) == known:
            continue
        how = "" if keyed else " ('room exits …' changes them)"
        raise UsageError(f"{room.id} has {known} exit{'s' if known != 1 else ''} on the "
                         f"map, which '{name}' counts: leave out the "
                         f"{arguments.get(arg.name)}{how}")


def _parse_act(action: Action, command: Command, world: World, state: State,
               rest: str, move: str | None = None) -> Request:
    """The action's arguments; for one that moves on the map (its ``room:``, or ``move``
    for the word ``enter``), a direction (``N``) or a room (``R2``: going back, a known
    one; going into a new one, the number the player gives it) among the words too; for
    one that opens a door, the door's direction."""
    words_of = _words_of(action, move)
    move = move or action.room
    words = rest.split()
    direction = to = None
    if words_of is not None:
        for word in list(words):
            upper = word.upper()
            if direction is None and (upper in DIRECTIONS or words_of == "door"
                                      and question(word) is not None):  # ('?': undirected)
                direction = upper if upper in DIRECTIONS else word.lower()
                words.remove(word)
            elif move is not None and to is None and ROOM_ID.fullmatch(upper):
                # back: where; new: its own id
                to = upper if move == "back" else f"R{int(upper[1:])}"
                words.remove(word)
    arrived = _arrived(state, move, to or direction)
    there = arrived or state.dungeon
    defaults = {arg.name: value for arg in action.args if arg.map is not None
                for value in [map_value(there, arg.map, rooms_out(world, state.values, there))]
                if value is not None}
    spoken = action if command.name == action.name else replace(action, name=command.name)
    arguments = parse_arguments(spoken, words, defaults, _MOVE_WORDS.get(words_of or "", ""))
    if move != "new" and arrived is not None:  # (a way that is no way: the move refuses it)
        _refuse_other_exits(world, state, there, command.name, action, arguments, defaults)
    if move == "back" and direction is None and to is None and state.dungeon.current is not None:
        back_target(state.dungeon)  # refused where the party's way began, as 'back' is
    exits = arguments.get("exits") if move == "new" and any(
        arg.name == "exits" for arg in action.args) else None
    typed = exits is not None and any(word[:1].isdigit() or word.lower().startswith("exits")
                                      for word in words)
    return Act(action.name, arguments, move, direction,
               exits if isinstance(exits, int) else None, to, typed)


def _arrived(state: State, move: str | None, where: str | None) -> Dungeon | None:
    """The map as the action's move leaves it, for what the map says of the room its rules
    read (a move back rolls with the exits of the room it goes into): the map as it is for
    any other action; None where the way is no way (the move itself refuses it)."""
    dungeon = state.dungeon
    if move != "back" or dungeon.current is None:
        return dungeon
    try:
        target = find_way(dungeon, where) if where else back_target(dungeon)
        return walk(dungeon, walk_route(dungeon, target))
    except UsageError:
        return None


def _choices(action: Action, world: World, state: State, typed: Sequence[str],
             move: str | None = None) -> Sequence[str]:
    """The words completion offers after the action's word and ``typed``: the choices of
    each argument not given yet, and for one that moves on the map, until a way is given:
    going on, the unexplored exits of a room a key or a generator gives (any other
    direction in one the player maps); going back, the ways to known rooms and those
    rooms, as ``go`` offers them; for one that opens a door, the directions of the shut
    doors it opens in the room the party is in (``?``: one with none). Outside the
    dungeon, none."""
    if state.trip.outside:  # (no action is taken outside the dungeon)
        return []
    words = _words_of(action, move)
    upper = {word.upper() for word in typed}
    given = {word.partition("=")[0].lower() for word in typed if "=" in word}
    said = {word.lower() for word in typed}
    way = upper & set(DIRECTIONS) or any(question(word) is not None for word in typed)
    room = any(ROOM_ID.fullmatch(word) for word in upper)
    ways: Sequence[str] = ()
    if words is not None and not way and not (room and words == "back"):
        ways = _doors(action, state) if words == "door" else ways_back(state.dungeon) \
            if words == "back" else _ways_on(world, state)
    return [*ways, *(choice for arg in action.args if arg.name not in given
                     and not said & set(arg.choice_names) for choice in arg.choice_names)]


def _ways_on(world: World, state: State) -> Sequence[str]:
    """The directions a move into a new room may take (:func:`ways_on`); in a room the
    player maps, any but those of its exits to known rooms and its shut doors."""
    ways, room = ways_on(world, state.values, state.dungeon), state.dungeon.current
    taken = {exit.direction for exit in (room.exits if room else ())
             if exit.to is not None or exit.barred}
    return [way for way in DIRECTIONS if way not in taken] if ways is None else ways


def _doors(action: Action, state: State) -> list[str]:
    """The directions of the shut doors ``action`` opens in the room the party is in
    (``?`` for one with no direction, as the refusals name it: ``?2`` where two are alike):
    the words its door takes."""
    room = state.dungeon.current
    kinds = OPENERS[action.name]
    if room is None:
        return []
    return list(dict.fromkeys(exit.direction or named_unnamed(room, exit, kinds, index)
                              for index, exit in enumerate(room.exits) if exit.door in kinds))


def action_command(action: Action) -> Command:
    """A procedure action as a command: its arguments matched by name, choice or number."""
    help = action.help
    if action.name in OPENERS:
        help += (f" '{action.name} S' opens the door S of the room the party is in, "
                 f"'{action.name} ?' its shut door with no direction (?(stuck): the stuck "
                 "one; ?2: the second ? of the exits line, where two are alike); with "
                 "neither, the one shut door it can open there.")
    return Command(action.name, usage_of(action), help, "action",
                   partial(_parse_act, action), partial(_choices, action), action.aliases,
                   action.group)


def enter_command(action: Action) -> Command:
    """The word ``enter`` for a procedure whose turn of going into a new room is another
    action's (``enter: explore``): that action's turn, and a new room on the map."""
    return Command("enter", usage_of(action, "enter", "new"),
                   f"Go into a new room: {action.name}'s turn, and a new room on the map "
                   "linked to the one the party leaves ('enter N' through its north exit).",
                   "action", partial(_parse_act, action, move="new"),
                   partial(_choices, action, move="new"), (), action.group)


def action_commands(procedure: Procedure) -> dict[str, Command]:
    """Each of the procedure's actions, by every word that names it (lower case), and
    ``enter`` for the action the procedure names for it."""
    table: dict[str, Command] = {}
    for action in procedure.actions.values():
        command = action_command(action)
        for word in (action.name, *action.aliases):
            table[word.lower()] = command
    if procedure.enter is not None and "enter" not in table:
        table["enter"] = enter_command(procedure.actions[procedure.enter])
    return table
