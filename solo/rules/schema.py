"""The shape of solo's YAML files, described once.

Each block of a file (the top of a procedure, a tracker, a light, an action, an
effect's spec…) is a :class:`Block` listing its keys, what each holds, and which are
required. The loaders ask :func:`check_keys` for unknown and missing keys (so every
block gives the same located error), and the guide's key tables are made from the same
description (:func:`markdown_table`; a test keeps docs/procedures.md in step).

Why a description in Python rather than jsonschema: the values are checked by the
loaders, which must compile expressions, templates and dice and name the line of each
problem; what a schema library would add is the key check, which this gives in a few
lines with solo's own error messages and no new dependency.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.rules.yamlfile import Document

__all__ = ["Key", "Block", "BLOCKS", "check_keys", "markdown_table", "keys_of", "COMMENT_KEYS"]

COMMENT_KEYS = ("note", "reading")
"""Free text for people, allowed in every block; solo ignores it."""


@dataclass(frozen=True)
class Key:
    name: str
    holds: str
    required: bool = False


@dataclass(frozen=True)
class Block:
    name: str
    title: str
    keys: tuple[Key, ...]

    @property
    def names(self) -> frozenset[str]:
        return frozenset(key.name for key in self.keys) | frozenset(COMMENT_KEYS)


def _block(name: str, title: str, *keys: tuple[str, str] | tuple[str, str, bool]) -> Block:
    return Block(name, title, tuple(Key(*key) for key in keys))


BLOCKS: dict[str, Block] = {block.name: block for block in (
    _block("procedure", "A procedure file, at the top",
           ("kind", "always `procedure`", True),
           ("id", "the short id (`my-dungeon`)", True),
           ("name", "the name shown to the player", True),
           ("summary", "one line about the procedure"),
           ("source", "where its rules come from"),
           ("prompt", "a text template shown before each input"),
           ("clock", "the word for a turn and how many minutes one lasts"),
           ("danger", "the tracker shown in the status bar (Tension, Alarm…)"),
           ("trackers", "numbers the procedure keeps, with their bounds"),
           ("settings", "values the player may change during play with `set`"),
           ("supplies", "counts of spare things: torches, oil flasks, candles"),
           ("party", "what each named member of the party carries: HP, conditions"),
           ("lights", "light sources, how long each burns, bright or dim"),
           ("tables", "the procedure's own tables"),
           ("encounters", "the table an encounter rolls on, unless told otherwise"),
           ("routines", "named lists of effects, shared with `do:`"),
           ("actions", "the commands the player types", True),
           ("on_action", "effects run before every action that takes time"),
           ("each_turn", "effects run once for every turn that passes"),
           ("steps", "the turn procedure in a few sentences (the `steps` command)"),
           ("simulate", "the command `solo simulate` repeats by default"),
           ("enter", "the action the word `enter` plays when the party goes into a new room "
            "(for a procedure with no action of that name)"),
           ("walk", "what a walk through known rooms (`go R2`, `back`) costs: the command "
            "each stage plays; left out, walking is free"),
           ("between", "what happens between expeditions: how the party gets out, what "
            "each day outside does, what going back in does, what it may buy")),
    _block("between", "between:",
           ("leave", "how the party gets out: `walk` (the known way to the way out, each "
            "stage costing what `walk:` says; the default) or the action whose play ends "
            "the expedition (`leave`)"),
           ("on_leave", "effects run once the party is out (then each source still lit is "
            "doused and kept)"),
           ("each_day", "effects run for each day spent outside (`days_away` counts it)"),
           ("on_return", "effects run when the party goes back in (`days_away` is the days "
            "spent outside)"),
           ("restock", "struck-off encounters that may come back while the party is away"),
           ("prices", "each supply the party may `buy` outside and what one costs"),
           ("currency", "the word for the money prices are in (default `gp`)")),
    _block("restock", "between: restock:",
           ("after", "the days away after which each struck-off encounter rolls", True),
           ("dice", "the dice each one rolls (`d6`)", True),
           ("success", "a condition on `roll`: the encounter is back where it holds", True),
           ("label", "the journal's label for each roll (`{entry}` names the encounter)")),
    _block("walk", "walk:",
           ("play", "the command each stage of a walk plays (`backtrack`, `move walk`): its "
            "turns, checks and effects, with the party in the stage's last room", True),
           ("rooms", "how many rooms one stage covers (default 1; 0: the whole walk is one)"),
           ("reading", "why, in a sentence or two (`help go` shows it)")),
    _block("clock", "clock:",
           ("unit", "the word for a turn (`turn`, `round`)"),
           ("minutes", "minutes one turn lasts, or null")),
    _block("tracker", "a tracker",
           ("label", "the name the player sees"),
           ("start", "the value in a fresh dungeon (default: min, or 0)"),
           ("min", "the lowest value (none if left out)"),
           ("max", "the highest value (none if left out)"),
           ("notation", "the journal's tag: `Track` or `Clock`"),
           ("shown", "false for a counter never journaled, or an expression (`show_tension`): "
            "while it is false the value is kept behind the screen"),
           ("levels", "named bands, each from its lowest value: `{Calm: 0, Wary: 4}`"),
           ("quiet", "a party condition only: true, and the procedure's changes to it write "
            "no journal line of their own (the member's tag and `status` still show it)"),
           ("party", "a tracker only: `most`, and while members are named it is the most "
            "of their own counts of the party condition of its name"),
           ("joins", "a party condition only: `party` (the default), and the first member "
            "named takes on the count the party had; `start`, and they start at `start` (a "
            "count of what befell each one, such as damage taken)")),
    _block("setting", "a setting written as a mapping",
           ("value", "its default: a number, a word or true/false", True),
           ("choices", "a word setting: every word it takes (`[hazard, traditional]`); `set` "
            "refuses any other"),
           ("min", "a number setting: the smallest number `set` accepts"),
           ("max", "a number setting: the largest number `set` accepts"),
           ("member", "a number setting: false when it is the dungeon's, the same for every "
            "member (`party set` refuses a member's own value of it)")),
    _block("supply", "a supply",
           ("label", "the name the player sees"),
           ("start", "how many the party starts with (null: not counted until the player "
            "says, with `supply`)")),
    _block("party", "party:",
           ("hp", "the hit points of a member added without `hp N` (default 8)"),
           ("conditions", "counts each member has (`fatigue`), each written as a tracker"),
           ("down", "effects run when a member drops to 0 HP (`member` names them)")),
    _block("light", "a light source",
           ("label", "the name the player sees"),
           ("turns", "how long it burns, or null for no limit; or an expression read when a "
            "fresh one is lit (`48 if lantern_lasts == 'candle' else 0`; 0 is no limit)"),
           ("level", "`bright` or `dim`"),
           ("die", "its usage die (`d6`), stepped down by `light: {do: step}`"),
           ("uses", "the supply a fresh one takes when lit"),
           ("refill", "the supply `light: {do: refill}` takes")),
    _block("table", "a table",
           ("title", "the name the journal shows"),
           ("dice", "the dice rolled (`d12`, `2d6`)", True),
           ("plus", "an expression added to the roll (`tension`)"),
           ("entries", "rolls or ranges (`1-4`) to entries", True)),
    _block("entry", "a table entry written as a mapping",
           ("text", "what the journal says", True),
           ("id", "a short name for `strike` and `solo simulate`"),
           ("effects", "effects run when it comes up")),
    _block("routine", "a routine with parameters",
           ("params", "each parameter with its default (null: must be given)", True),
           ("effects", "the routine's effects")),
    _block("action", "an action",
           ("help", "one line for `help`"),
           ("group", "`procedure` (shown in the prompt) or another heading"),
           ("time", "turns it takes (an expression; 0 if left out)"),
           ("args", "its arguments"),
           ("effects", "what it does, before its turns pass"),
           ("resting", "true while resting (`resting` reads it)"),
           ("allowed", "a condition; when false the action is refused"),
           ("refusal", "the message when it is refused (a template: `{member} has acted`)"),
           ("aliases", "other words for it"),
           ("room", "the move it makes on the map: `new` (into a new room, linked to the one "
            "left) or `back` (to a known room)")),
    _block("arg", "an action's argument",
           ("name", "its name in expressions", True),
           ("help", "one line about it"),
           ("default", "its value when not typed"),
           ("min", "the smallest number accepted"),
           ("max", "the largest number accepted"),
           ("choices", "the words accepted, each with the values it sets"),
           ("map", "what the map gives when it is not typed and the party is in a known "
            "room: `room_exits` or `rooms_to_exit`")),
    _block("effect", "beside any effect's main key",
           ("when", "a condition; the effect is skipped when false"),
           ("reason", "the journal's reason (adjust, set, light, supply, harm, heal, "
            "condition)"),
           ("who", "`each` member (the default) or the `actor` the command named "
            "(harm, heal, condition, members)"),
           ("then", "effects run when an `if` holds"),
           ("else", "effects run when an `if` fails")),
    _block("roll", "roll:",
           ("dice", "the dice (a template: `{pool}d6`)", True),
           ("label", "the journal's label"),
           ("plus", "an expression added to the total"),
           ("as", "a name for the total, for later effects")),
    _block("check", "check:",
           ("dice", "the dice (a template)", True),
           ("success", "a condition on `roll`, `natural` and `dice`", True),
           ("label", "the journal's label"),
           ("plus", "an expression added to the roll"),
           ("then", "effects run on a success"),
           ("else", "effects run on a failure")),
    _block("table-effect", "table:",
           ("name", "the table", True),
           ("plus", "an expression added to the roll (instead of the table's own)"),
           ("as", "a name for the entry's id"),
           ("outcome", "true: count the entry for `solo simulate`")),
    _block("encounter", "encounter:",
           ("table", "the table (default: `encounters:`)"),
           ("sign", "true: foreshadow it instead"),
           ("then", "effects run when something comes (or a sign is found)"),
           ("else", "effects run when the entry was struck off")),
    _block("light-effect", "light:",
           ("do", "out, dim, halve, douse, refill, step, light or flicker", True),
           ("kinds", "the kinds it works on (all if left out)"),
           ("count", "how many sources (all if left out)"),
           ("check", "a roll per source; the effect applies where it succeeds"),
           ("how", "`blown`: a source put out is blown out (running, wind), not burnt out"),
           ("doused", "true: `out` puts out the doused sources too (spent, not kept)")),
    _block("light-check", "light: check:",
           ("dice", "the dice (`{die}` rolls the source's usage die)", True),
           ("success", "a condition on `roll`", True),
           ("label", "the journal's label (`{source}` names the source)")),
    _block("hp-effect", "harm: and heal:",
           ("amount", "hit points, an expression (or give `dice`)"),
           ("dice", "dice rolled for each member (a template: `{under}d6`)"),
           ("plus", "an expression added to each roll"),
           ("label", "the journal's label for the roll (`{member}` names the member)")),
    _block("ask", "ask:",
           ("question", "the question (a template)", True),
           ("odds", "likely, 50/50, unlikely… (default: the style's)"),
           ("then", "effects run on a yes"),
           ("else", "effects run on a no")),
    _block("room-effect", "room:",
           ("status", "status words for the room the party is in: `cleared` sets, "
            "`+collapsed` adds, `-locked` takes away (`room: +collapsed` alone says the same)"),
           ("block", "how many of its exits are taken away (an expression; those leading "
            "nowhere known go first)"),
           ("reveal", "how many of its hidden ways open by themselves (an expression; where "
            "a key or a generator gives the room and it has none, solo says so)")),
    _block("do", "do:",
           ("routine", "the routine", True),
           ("with", "values for its parameters")),
)}


def keys_of(block: str) -> frozenset[str]:
    """Every key ``block`` accepts (comments included)."""
    return BLOCKS[block].names


def check_keys(doc: Document, path: tuple, raw: Mapping[Any, Any], block: str) -> None:
    """Raise a located RulesError for the first unknown or missing key of ``raw``."""
    described = BLOCKS[block]
    allowed = described.names
    for key in raw:
        if key not in allowed:
            expected = ", ".join(key.name for key in described.keys)
            raise doc.error(path + (key,), f"unknown key; expected {expected}")
    for key in described.keys:
        if key.required and key.name not in raw:
            raise doc.error(path + (key.name,), f"missing '{key.name}' ({key.holds})")


def markdown_table(block: str) -> str:
    """The guide's table of ``block``'s keys."""
    lines = ["| key | what it holds |", "|---|---|"]
    for key in BLOCKS[block].keys:
        lines.append(f"| `{key.name}` | {key.holds}{' (required)' if key.required else ''} |")
    return "\n".join(lines)


def guide_reference() -> str:
    """The guide's "Every key" section body: one table per block."""
    parts = []
    for block in BLOCKS.values():
        parts.append(f"**{block.title}**\n\n{markdown_table(block.name)}")
    return "\n\n".join(parts)


if __name__ == "__main__":  # python -m solo.rules.schema: the guide's key reference
    print(guide_reference())
