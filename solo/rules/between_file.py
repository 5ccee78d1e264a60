"""A procedure's ``between:`` block (read by :mod:`solo.rules.procedure_file`): what
happens between expeditions, the party leaving, the days outside, the restock and the
prices. docs/procedures.md is the guide.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solo.defaults import MAX_VALUE
from solo.errors import SoloError
from solo.rules.dice import parse as parse_dice
from solo.rules.effects import parse_effects
from solo.rules.file_expressions import compile_at
from solo.rules.procedure import LEAVE_BY_WALKING, Action, Between, Restock, SupplyKind
from solo.rules.schema import check_keys
from solo.rules.yamlfile import Document

__all__ = ["parse_between"]


def parse_between(doc: Document, raw: Any, actions: Mapping[str, Action],
                  supplies: Mapping[str, SupplyKind]) -> Between:
    """The ``between:`` block: how the party leaves, what a day outside and the return
    do, the restock of what was struck off, and the prices of supplies."""
    if raw is None:
        return Between()
    if not isinstance(raw, Mapping):
        raise doc.error(("between",), "expected a mapping")
    check_keys(doc, ("between",), raw, "between")
    leave = raw.get("leave", LEAVE_BY_WALKING)
    if leave != LEAVE_BY_WALKING and (not isinstance(leave, str) or leave not in actions):
        raise doc.error(("between", "leave"), f"expected '{LEAVE_BY_WALKING}' or the name of "
                        "one of the actions")
    prices: dict[str, int] = {}
    listed = raw.get("prices") or {}
    if not isinstance(listed, Mapping):
        raise doc.error(("between", "prices"), "expected a mapping")
    for name, price in listed.items():
        if str(name) not in supplies:
            raise doc.error(("between", "prices", name), "expected one of the supplies: "
                            + (", ".join(supplies) or "the procedure has none"))
        if type(price) is not int or not 0 <= price <= MAX_VALUE:
            raise doc.error(("between", "prices", name), "expected a whole price, 0 or more")
        prices[str(name)] = price
    currency = raw.get("currency", "gp")
    if not isinstance(currency, str) or not currency.strip() or len(currency) > 20:
        raise doc.error(("between", "currency"), "expected a short word (gp, sp, coins)")
    return Between(
        leave=str(leave),
        on_leave=parse_effects(doc, ("between", "on_leave"), raw.get("on_leave")),
        each_day=parse_effects(doc, ("between", "each_day"), raw.get("each_day")),
        on_return=parse_effects(doc, ("between", "on_return"), raw.get("on_return")),
        restock=_restock(doc, raw.get("restock")), prices=prices, currency=currency,
        reading=str(raw.get("reading", "") or ""))


def _restock(doc: Document, raw: Any) -> Restock | None:
    if raw is None:
        return None
    path = ("between", "restock")
    if not isinstance(raw, Mapping):
        raise doc.error(path, "expected a mapping with after, dice and success")
    check_keys(doc, path, raw, "restock")
    after = raw.get("after")
    if type(after) is not int or not 0 <= after <= MAX_VALUE:
        raise doc.error(path + ("after",), "expected whole days, 0 or more")
    try:
        parse_dice(str(raw.get("dice")))
    except SoloError as error:
        raise doc.error(path + ("dice",), str(error)) from None
    success = compile_at(doc, path + ("success",), raw.get("success"))
    if success.names - {"roll"}:
        raise doc.error(path + ("success",), "expected a condition on 'roll' only")
    return Restock(after, str(raw["dice"]), success, str(raw.get("label", "") or ""))
