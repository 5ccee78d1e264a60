"""Light sources and supplies: lighting and dousing a source, the ``light`` effect (out,
dim, halve, douse, refill, step a usage die, light, and flicker: out, unless the source was
lit this very turn, when it only flickers and burns on), the ``supply`` effect, and the
sources burning down as turns pass."""

from __future__ import annotations

from solo.engine.compiled_parts import CompileFunction, Compiler, Step
from solo.engine.events import Checked, LightChanged, RollData, Said
from solo.engine.run import RunState, whole
from solo.engine.state import Light
from solo.errors import UsageError
from solo.rules.effect_model import LightChange, SourceCheck, Supply
from solo.rules.expr import ExprError
from solo.rules.procedure import USAGE_DICE, LightKind

__all__ = ["MAX_LIT", "describe_light", "burn_lights", "fresh_turns", "light_source",
           "douse_source", "compile_light", "compile_supply", "COMPILERS"]

MAX_LIT = 100
"""The most sources the party may have burning at once: more than any party carries."""


def describe_light(light: Light) -> str:
    left = "no limit" if light.remaining is None else \
        f"{light.remaining} turn{'' if light.remaining == 1 else 's'} left"
    return (f"lit, {left}" + (", dimmed" if light.dimmed else "")
            + (f", usage die {light.die}" if light.die else ""))


def burn_lights(run: RunState) -> None:
    """A turn passes for every source that burns for a time: those at their last turn
    burn out."""
    kept = []
    for light in run.lights:
        if light.remaining is None:
            kept.append(light)
            continue
        left = light.remaining - 1
        label = run.procedure.lights[light.kind].label
        if left <= 0:
            run.events.append(LightChanged(light.kind, label, describe_light(light),
                                           "burnt out", "time", "burnt"))
        else:
            kept.append(Light(light.kind, left, light.dimmed))
    run.lights = kept


def fresh_turns(run: RunState, kind: LightKind) -> int | None:
    """The turns a fresh (or refilled) source of ``kind`` burns, as things stand: its
    ``turns:``, or the value of its expression (0: no limit); None for no limit."""
    turns = kind.turns
    if turns is None or isinstance(turns, int):
        return turns
    value = whole(f"the turns of a {kind.label.lower()}", turns.evaluate(run.scope))
    if value < 0:
        raise ExprError(f"a {kind.label.lower()} would burn {value} turns; its turns are 0 "
                        "(no limit) or more")
    return value or None


def light_source(run: RunState, kind_name: str, reason: str, by_player: bool = False) -> bool:
    """Light one source of ``kind_name``: a doused one first, with what it had left,
    else a fresh one (taking one of its supply, if it uses one). False if none is left
    (the player is refused instead)."""
    kind = run.procedure.lights[kind_name]
    if len(run.lights) >= MAX_LIT:
        raise UsageError(f"{MAX_LIT} sources are already burning; douse one first")
    for index, spare in enumerate(run.doused):
        if spare.kind == kind_name:
            del run.doused[index]
            run.lights.append(spare)
            run.events.append(LightChanged(kind_name, kind.label, "doused",
                                           describe_light(spare), reason, "relit"))
            return True
    if kind.uses is not None and kind.uses in run.supplies:  # counted
        supply = run.procedure.supplies[kind.uses]
        have = run.supplies.get(kind.uses, 0)
        if have <= 0:
            if by_player:
                raise UsageError(f"no {supply.label.lower()} left to light a "
                                 f"{kind.label.lower()}")
            run.events.append(Said(f"No {supply.label.lower()} left: the "
                                   f"{kind.label} is not lit."))
            return False
        run.change_supply(kind.uses, have - 1, f"one used to light a {kind.label.lower()}")
    lit = Light(kind_name, fresh_turns(run, kind), False, kind.die)
    run.lights.append(lit)
    run.events.append(LightChanged(kind_name, kind.label, "unlit", describe_light(lit),
                                   reason, "lit"))
    return True


def douse_source(run: RunState, kind_name: str, reason: str) -> bool:
    """Put out one lit source of ``kind_name``, keeping what it has left for later."""
    for index, light in enumerate(run.lights):
        if light.kind == kind_name:
            del run.lights[index]
            run.doused.append(light)
            run.events.append(LightChanged(kind_name, run.procedure.lights[kind_name].label,
                                           describe_light(light), "doused", reason, "doused"))
            return True
    return False


def compile_supply(compiler: Compiler, effect: Supply) -> Step:
    """Change the supplies the player counts (the others are not kept)."""
    return lambda run: _change_supplies(run, effect)


def _change_supplies(run: RunState, effect: Supply) -> None:
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    for name, expr in effect.changes:
        if name not in run.supplies:
            continue  # not counted: the player has not said how many the party carries
        by = whole(f"supply {name}", expr.evaluate(run.scope))
        run.change_supply(name, run.supplies.get(name, 0) + by, reason)


def compile_light(compiler: Compiler, effect: LightChange) -> Step:
    """Light new sources, or do the effect's operation to the sources it chooses."""
    return lambda run: _change_lights(run, effect)


def _change_lights(run: RunState, effect: LightChange) -> None:
    reason = effect.reason.render(run.scope) if effect.reason else run.default_reason()
    if effect.operation == "light":
        for _ in range(effect.count or 1):
            if not light_source(run, (effect.kinds or ("",))[0], reason):
                break
        return
    remaining = effect.count
    kept: list[Light] = []
    for light in run.lights:
        chosen = (remaining is None or remaining > 0) and (
            effect.kinds is None or light.kind in effect.kinds)
        if not chosen:
            kept.append(light)
            continue
        kind = run.procedure.lights[light.kind]
        if effect.check is not None and not _check_source(run, effect.check, kind.label,
                                                          light):
            kept.append(light)
            continue
        if remaining is not None:
            remaining -= 1
        if effect.operation == "flicker" and _lit_this_turn(run, light, kind):
            kept.append(light)
            if run.record:
                run.events.append(Said(f"The {kind.label.lower()} was lit this very turn: "
                                       "it flickers ominously and burns on."))
            continue
        if effect.operation == "douse":
            run.doused.append(light)
            run.events.append(LightChanged(light.kind, kind.label, describe_light(light),
                                           "doused", reason, "doused"))
            continue
        after = _apply_light(run, effect.operation, light, kind)
        if after is light:
            continue  # nothing to change (a refill without oil, a source with no die)
        run.events.append(LightChanged(light.kind, kind.label, describe_light(light),
                                       describe_light(after) if after else "out", reason,
                                       "" if after else effect.how or "burnt"))
        if after is not None:
            kept.append(after)
    run.lights = kept
    if effect.doused:
        _spend_doused(run, effect, reason, remaining)


def _spend_doused(run: RunState, effect: LightChange, reason: str, remaining: int | None
                  ) -> None:
    """``out`` with ``doused: true``: the sources put aside go too, after the lit ones
    (Delving's candles and lanterns, which last an expedition, lit or not)."""
    kept: list[Light] = []
    for light in run.doused:
        if (remaining is not None and remaining <= 0) or (
                effect.kinds is not None and light.kind not in effect.kinds):
            kept.append(light)
            continue
        if remaining is not None:
            remaining -= 1
        run.events.append(LightChanged(light.kind, run.procedure.lights[light.kind].label,
                                       "doused", "out", reason, effect.how or "burnt"))
    run.doused = kept


def _lit_this_turn(run: RunState, light: Light, kind: LightKind) -> bool:
    """Whether ``light`` was lit this very turn: it burns for a time and has burnt none of
    it yet (a turn's burning comes after the turn's effects)."""
    return light.remaining is not None and light.remaining == fresh_turns(run, kind)


def _check_source(run: RunState, check: SourceCheck, label: str, light: Light) -> bool:
    """Roll ``check`` for one light source (``source`` names it, ``die`` is its usage
    die); True if it succeeds."""
    run.bind("source", label)
    run.bind("die", light.die or "")
    if run.record:
        run.about(check.label.render(run.scope))
    result = run.roll(check.dice.render(run.scope))
    run.last_roll = result
    run.bind("natural", result.total)
    run.bind("roll", result.total)
    success = bool(check.success.evaluate(run.scope))
    if run.record:
        run.events.append(Checked(check.label.render(run.scope), RollData.of(result), 0,
                                          success))
    return success


def _apply_light(run: RunState, operation: str, light: Light, kind: LightKind
                 ) -> Light | None:
    if operation in ("out", "flicker"):  # (one lit this very turn flickers, above)
        return None
    if operation == "dim":
        if light.dimmed or kind.level == "dim":
            return None
        return Light(light.kind, light.remaining, True, light.die)
    if operation == "step":
        if light.die is None:
            return light
        index = USAGE_DICE.index(light.die)
        return None if index == 0 else Light(light.kind, light.remaining, light.dimmed,
                                             USAGE_DICE[index - 1])
    if operation == "refill":
        if kind.refill is not None and kind.refill in run.supplies:  # counted
            have = run.supplies.get(kind.refill, 0)
            if have <= 0:
                supply = run.procedure.supplies[kind.refill].label.lower()
                run.events.append(Said(f"No {supply} left to refill the {kind.label}."))
                return light
            run.change_supply(kind.refill, have - 1,
                              f"one used to refill the {kind.label.lower()}")
        return Light(light.kind, fresh_turns(run, kind), False, kind.die)
    if light.remaining is None:
        return light
    return Light(light.kind, max(1, light.remaining // 2), light.dimmed, light.die)


COMPILERS: dict[type, CompileFunction] = {LightChange: compile_light,
                                          Supply: compile_supply}
"""The effects this module carries out, each with its one compile function."""
