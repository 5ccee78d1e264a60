"""A crawl's figures: the summary rows both reports show, what ``solo stats`` prints, and
the note on records that repeat or go back a step (counted once, in step order)."""

from __future__ import annotations

from typing import Any

from solo.journal.notation import clock_text
from solo.journal.record_order import order_note
from solo.report.expeditions import expedition_lines
from solo.report.map_story import map_story, room_figures, rooms_text
from solo.report.model import Crawl
from solo.report.party import party_figures, party_rows

__all__ = ["figures", "summary_rows", "stats_lines", "record_order_note"]


def figures(crawl: Crawl) -> dict[str, Any]:
    """The report's figures as plain data (what ``solo stats --json`` prints)."""
    danger = crawl.danger
    return {
        "title": crawl.title,
        "system": crawl.system_id,
        "system_name": crawl.system_name,
        "unit": crawl.unit,
        "turns": crawl.turns,
        "minutes": crawl.minutes,
        "time": clock_text(crawl.turns, crawl.minutes_per_turn) or None,
        "encounters": len(crawl.encounters),
        "defeated": sum(encounter.defeated for encounter in crawl.encounters),
        "signs": crawl.signs,
        "encounter_list": [{"turn": e.turn, "text": e.text, "foretold": e.foretold,
                            "defeated": e.defeated, "note": e.note} for e in crawl.encounters],
        "danger": _hidden_danger(crawl) if danger is None else {
            "label": danger.label, "start": danger.start, "peak": danger.peak,
            "end": danger.end, "max": danger.maximum},
        "lights": {"lit": dict(crawl.lights_lit), "burnt_out": crawl.burnt_out,
                   "put_out": crawl.put_out, "blown_out": crawl.blown_out},
        "table_results": {table: dict(counts) for table, counts in crawl.results.items()},
        "questions": len(crawl.questions),
        "question_list": [{"turn": q.turn, "question": q.question, "odds": q.odds,
                           "answer": q.answer, "event": q.event} for q in crawl.questions],
        "snapshots": crawl.snapshots,
        "garbled_snapshots": len(crawl.garbled),
        "garbled_lines": crawl.garbled,
        "duplicate_records": list(crawl.duplicates),
        "out_of_place_records": list(crawl.out_of_place),
        **({"expeditions": crawl.expeditions} if crawl.expeditions else {}),
        **({"explored": crawl.explored} if crawl.explored else {}),
        **party_figures(crawl),
        **({"rooms": room_figures(crawl, s)} if (s := map_story(crawl)).dungeon.rooms else {}),
    }


def _hidden_danger(crawl: Crawl) -> dict[str, Any] | None:
    """A danger tracker kept behind the screen: since which turn, and nothing of its values."""
    return {"hidden": True, "hidden_from_turn": crawl.hidden_from,
            "note": crawl.danger_hidden} if crawl.danger_hidden else None


def _turns_text(crawl: Crawl) -> str:
    unit = crawl.unit
    text = f"{crawl.turns} {unit}{'' if crawl.turns == 1 else 's'}"
    if crawl.minutes_per_turn:
        text += (f", {clock_text(crawl.turns, crawl.minutes_per_turn)} of game time "
                 f"({crawl.minutes_per_turn} minutes a {unit})")
    return text


def _danger_text(crawl: Crawl) -> str:
    danger = crawl.danger
    if danger is None:
        return crawl.danger_hidden or "this procedure keeps no danger tracker"
    of = f" (of {danger.maximum})" if danger.maximum is not None else ""
    return f"start {danger.start}, peak {danger.peak}, end {danger.end}{of}"


def _light_text(crawl: Crawl) -> str:
    if not (crawl.lights_lit or crawl.burnt_out or crawl.put_out or crawl.blown_out):
        return "none lit"
    kinds = ", ".join(f"{label} ×{count}" for label, count in sorted(crawl.lights_lit.items()))
    blown = f", {crawl.blown_out} blown out" if crawl.blown_out else ""
    return (f"lit {kinds or 'nothing'}; {crawl.burnt_out} burnt out, "
            f"{crawl.put_out} put out{blown}")


def _encounters_text(crawl: Crawl) -> str:
    defeated = sum(encounter.defeated for encounter in crawl.encounters)
    text = f"{len(crawl.encounters)}" + (f" ({defeated} defeated)" if defeated else "")
    if crawl.signs:
        text += f"; {crawl.signs} sign{'s' if crawl.signs != 1 else ''} of one"
    return text


def summary_rows(crawl: Crawl) -> list[tuple[str, str]]:
    """(label, text) pairs shared by the Markdown and HTML summaries."""
    label = crawl.danger.label if crawl.danger is not None else "Danger"
    rows = [("System", f"{crawl.system_name} ({crawl.system_id})"),
            (f"{crawl.unit.capitalize()}s", _turns_text(crawl)),
            ("Encounters", _encounters_text(crawl)), (label, _danger_text(crawl)),
            ("Light sources", _light_text(crawl)), ("Oracle questions", str(len(crawl.questions)))]
    if (story := map_story(crawl)).dungeon.rooms:
        rows.append(("Rooms", rooms_text(crawl, story)))
    if crawl.explored:
        rows.append(("Explored", crawl.explored))
    if crawl.garbled:  # (where each stands, the first five)
        more = f" and {len(crawl.garbled) - 5} more" if len(crawl.garbled) > 5 else ""
        rows.append(("Note", f"{len(crawl.garbled)} record(s) could not be read (line "
                     f"{', '.join(map(str, crawl.garbled[:5]))}{more}): what their entries "
                     "did is not counted"))
    if note := record_order_note(crawl):
        rows.append(("Note", note[0].upper() + note[1:]))
    return rows


def record_order_note(crawl: Crawl) -> str:
    """What the reading did with records whose step repeats or goes back, as one line."""
    return order_note(*crawl.order_lines)


def stats_lines(crawl: Crawl) -> list[str]:
    """What ``solo stats`` prints: the title, the summary, each expedition, the party."""
    rows = [f"{label}: {text}" for label, text in summary_rows(crawl)]
    return [crawl.title, *rows, *expedition_lines(crawl.expeditions, crawl.unit),
            *(f"{label}: {text}" for label, text in party_rows(crawl))]
