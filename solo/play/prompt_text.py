"""What the prompt and the status bar say: where the party stands, what the procedure
expects next, and the crawl at a glance (title, turn, danger, trackers, light, members).

Pure: each function reads the loaded world and a state, never the journal.
"""

from __future__ import annotations

from solo.engine import core as engine
from solo.engine.expedition import place_text
from solo.engine.state import State
from solo.journal.notation import clock_text
from solo.play.line import clean
from solo.play.odds_view import odds_status
from solo.play.status_bar import WIDTH, fit_bar
from solo.rules.procedure import Procedure
from solo.rules.world import World
from solo.terminal import printable

__all__ = ["where", "toolbar", "place", "light_summary"]


def where(world: World, state: State, width: int | None = None) -> str:
    """Where the party stands in the procedure and what it expects next; with ``width``,
    shortened to fit that many columns."""
    procedure = world.procedure
    moves = [name for name, action in procedure.actions.items() if action.group == "procedure"]
    here = place(procedure, state)
    here = here[0].upper() + here[1:]
    expected = f"next: {', '.join(moves)}"
    if procedure.prompt is not None:
        try:
            expected = engine.render(world, state, procedure.prompt)
        except Exception:  # a prompt naming something unknown: the plain list
            pass
    expected = " ".join(clean(expected).split())
    if state.trip.outside:  # between expeditions: the procedure's turn waits
        expected = "wait N, buy NAME N or return" if procedure.between.prices \
            else "wait N or return"
    full = f"{here} · {expected} · or narrate, ask, roll, help"
    if width is None or len(full) <= width:
        return full
    short = f"{here} · {expected}"
    if len(short) <= width:
        return short
    return short[:width - 1].rsplit(" ", 1)[0].rstrip(",·; ") + "…"


def toolbar(world: World, state: State, title: str, width: int = WIDTH) -> str:
    """The status bar, fitted to ``width`` columns (solo.play.status_bar): the one
    forecast that matters most first (unless 'odds off'), then the same turn number as
    the prompt's, danger, light, members, trackers and title. A state the procedure no
    longer matches shows, never raises."""
    try:
        return _toolbar(world, state, title, width)
    except Exception as error:  # noqa: BLE001 - redrawn on every key: never raise here
        return f"{title} │ (cannot show the state: {type(error).__name__})"


def _toolbar(world: World, state: State, title: str, width: int) -> str:
    procedure = world.procedure
    danger_part = []
    danger = engine.danger_value(world, state)
    kept = procedure.trackers.get(procedure.danger or "")
    if danger and _showing(state, procedure.danger) \
            and not (kept is not None and kept.hidden(state.values)):
        label, value, maximum = danger
        danger_part.append(f"{label} {value}" + (f"/{maximum}" if maximum is not None else ""))
    trackers = []
    for name, tracker in procedure.trackers.items():
        if name != procedure.danger and _showing(state, name) \
                and not tracker.hidden(state.values):
            trackers.append(f"{tracker.label} {state.values[name]}")
    members, brief = [], []
    for member in state.party:
        marks = procedure.party.marks(member.conditions)
        flags = (f" {'/'.join(marks)}" if marks else "") + ("!" if member.hp == 0 else "")
        members.append(f"{member.name} {member.hp}/{member.max_hp}{flags}")
        brief.append(f"{member.name.split()[-1][:6]} {member.hp}/{member.max_hp}{flags}")
    party = ""
    if state.party:
        party = (f"party {sum(member.hp for member in state.party)}/"
                 f"{sum(member.max_hp for member in state.party)}"
                 + ("!" if any(member.hp == 0 for member in state.party) else ""))
    # the one forecast that matters most ('odds off'); none while the party is outside
    odds = "" if state.trip.outside else odds_status(world, state)
    return printable(fit_bar(odds, place(procedure, state), danger_part, trackers,
                             light_summary(procedure, state), members, party, title, width,
                             brief))


def place(procedure: Procedure, state: State) -> str:
    """The turn the prompt and the status bar name: the next one, or, in a procedure
    whose characters act inside a round (Trespasser), the round under way (none yet in an
    expedition just begun: leaving ended the last one's)."""
    if state.trip.outside:
        return place_text(state)
    turn, unit = state.turn, procedure.clock_unit
    elapsed = clock_text(turn, procedure.minutes)
    if turn > state.trip.turn and any(action.group == "character"
                                      for action in procedure.actions.values()):
        return f"{unit} {turn} under way" + (f" ({elapsed})" if elapsed else "")
    return f"{unit} {turn + 1}" + (f" (after {elapsed})" if elapsed and turn else "")


def _showing(state: State, tracker: str | None) -> bool:
    """A setting ``show_<tracker>: false`` keeps that tracker out of the status bar
    (it is still tracked and journaled)."""
    return state.values.get(f"show_{tracker}") is not False


def light_summary(procedure: Procedure, state: State) -> str:
    """What burns, in a few words: ``light: Torch 5t, Lantern``, or ``dark``."""
    if not state.lights:
        return "dark"
    shown = []
    for light in state.lights:
        label = procedure.lights[light.kind].label
        shown.append(f"{label} {light.remaining}t" if light.remaining is not None else label)
    return "light: " + ", ".join(shown)

