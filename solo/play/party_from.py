"""``solo new … --party-from OLD.md``: the party and supplies of another journal's last
state, carried into a new crawl (issue 38).

The old journal is read as resuming reads it (nothing written, no lock). Each member keeps
their name, hit points and maximum, their own settings the new procedure has too, and
their conditions (held within its bounds) when the new crawl plays the same procedure: a
condition of the same name may count another thing elsewhere (Delving's fatigue is the hit
points it took, Dungeon Turn's a level). The supplies the new procedure counts come along.
What could not come is named in the note the new journal opens with.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from solo.engine.arguments import member_settings
from solo.engine.state import Member, State
from solo.errors import JournalError
from solo.journal.store import read_meta, read_tail
from solo.play.resume import journal_world, resume
from solo.rules.world import World

__all__ = ["Carried", "carry_party"]


@dataclass(frozen=True)
class Carried:
    """What comes from the old journal: the members, the supplies and the note saying so."""

    members: tuple[Member, ...]
    supplies: dict[str, int]
    note: str

    def into(self, state: State) -> State:
        """``state`` (a new crawl's first) with the party and the supplies carried."""
        return replace(state, party=self.members, supplies={**state.supplies,
                                                            **self.supplies})


def carry_party(old: Path, world: World) -> Carried:
    """The party and supplies of the journal at ``old``, as it stands, fitted to ``world``'s
    procedure; a one-line error for a journal that is not solo's or has no party."""
    if not old.is_file():
        raise JournalError(f"--party-from: {old} is a folder, not a journal file" if old.is_dir()
                           else f"--party-from: no journal {str(old)!r}")
    try:
        meta = read_meta(old)
        old_world = journal_world(old, meta)
        state = resume(old_world, meta, old, read_tail(old)).state
    except JournalError as error:
        raise JournalError(f"--party-from: {error}") from None
    if not state.party:
        raise JournalError(f"--party-from: {old.name} has no party (no one was added with "
                         "--party or 'party add'); nothing to carry")
    procedure = world.procedure
    same = old_world.procedure.id == procedure.id  # (conditions mean the same only there)
    conditions = procedure.party.conditions if same else {}
    settings = set(member_settings(world))
    left: set[str] = set()
    members = []
    for member in state.party:
        kept = tuple((name, conditions[name].clamp(count)) for name, count in member.conditions
                     if name in conditions and conditions[name].clamp(count)
                     != conditions[name].start)
        own = tuple((name, value) for name, value in member.own if name in settings)
        left.update(f"{old_world.procedure.name}'s {name}" if name in procedure.party.conditions
                    else name for name, _ in member.conditions if name not in conditions)
        left.update(name for name, _ in member.own if name not in settings)
        members.append(Member(member.name, member.hp, member.max_hp, kept, own))
    supplies = {name: count for name, count in state.supplies.items()
                if name in procedure.supplies}
    left.update(name for name in state.supplies if name not in procedure.supplies)
    shown = ", ".join(
        f"{member.name} {member.hp}/{member.max_hp}"
        + "".join(f" {mark}" for mark in procedure.party.marks(member.conditions, member.own))
        for member in members)
    carried = "; ".join(f"{procedure.supplies[name].label} {count}"
                        for name, count in supplies.items())
    note = (f"The party comes from {old.name}, as its last entry left it: {shown}"
            + (f"; supplies: {carried}" if carried else "")
            + (f"; left behind (not in {procedure.name}): {', '.join(sorted(left))}"
               if left else "") + ".")
    return Carried(tuple(members), supplies, note)
