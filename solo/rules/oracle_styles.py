"""Oracle styles: ``kind: oracle`` YAML files read into frozen :class:`OracleStyle` values.

A style chooses one of three methods (``fate-chart``, ``threshold``, ``d6-answer``) and
keeps every number of it: the odds, the chart or targets, chaos and modifiers. Answering a
question with a style is the engine's job (:mod:`solo.engine.oracle`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from solo import defaults
from solo.errors import DiceError, OracleError
from solo.rules import dice
from solo.rules.paths import files_in, shipped_oracles_dir
from solo.rules.yamlfile import Document, load_yaml_file

__all__ = ["METHODS", "Odds", "OracleStyle", "parse_style", "load_styles",
           "styles_from_documents", "styles_from_shipped", "get_style", "resolve_odds"]

METHODS = {"fate-chart": "rank", "threshold": "target", "d6-answer": "yes-on"}
_MODIFIERS = ("and", "but", "twist")
_COMMON = {"kind", "name", "title", "method", "dice", "default-odds", "odds", "note"}
_EXTRA = {"fate-chart": {"chart", "chaos", "exceptional-divisor", "random-events"},
          "threshold": {"twist-on-doubles", "hundred-is-double"},
          "d6-answer": {"modifier"}}


@functools.lru_cache(maxsize=1024)
def _norm(text: str) -> str:
    """Odds and style names compare without case, extra spaces, hyphens or underscores."""
    text = re.sub(r"[\s_-]+", " ", text.strip().lower())
    return re.sub(r"\s*/\s*", "/", text)


def _quote(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


@dataclass(frozen=True)
class Odds:
    """One odds level: canonical name, aliases, and its number (rank, target or yes-on)."""

    name: str
    value: int
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class OracleStyle:
    """A validated style file; fields past ``default_odds`` belong to one method each."""

    name: str
    title: str
    method: str
    dice: str
    odds: tuple[Odds, ...]
    default_odds: str
    chart: tuple[int, ...] = ()
    chaos_range: tuple[int, int] = defaults.CHAOS_RANGE
    default_chaos: int = 5
    exceptional_divisor: int = 5
    event_table: str | None = None
    twist_on_doubles: bool = False
    hundred_is_double: bool = False
    modifier_dice: str | None = None
    modifier_faces: tuple[tuple[int, str], ...] = ()
    source: str = ""


def get_style(styles: Mapping[str, OracleStyle], name: str | None = None) -> OracleStyle:
    """The style called ``name`` (any case; None means the default style)."""
    wanted = _norm(name) if name and name.strip() else defaults.ORACLE_STYLE
    for key, style in styles.items():
        if _norm(key) == wanted:
            return style
    raise OracleError(f"unknown oracle style {_quote((name or wanted).strip())}; "
                      f"choose one of: {', '.join(sorted(styles)) or '(none loaded)'}")


def resolve_odds(style: OracleStyle, odds: str | None) -> Odds:
    """The odds level named by ``odds`` (case, spacing and aliases forgiven; None: default)."""
    wanted = _norm(odds if odds and odds.strip() else style.default_odds)
    for level in style.odds:
        if wanted == _norm(level.name) or wanted in map(_norm, level.aliases):
            return level
    raise OracleError(f"unknown odds {_quote((odds or '').strip())} for style {style.name}; "
                      f"choose one of: {', '.join(level.name for level in style.odds)}")


def _int(doc: Document, path: tuple, raw: Any, low: int, high: int) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        raise doc.error(path, f"expected a whole number from {low} to {high}")
    return raw


def _text(doc: Document, path: tuple, raw: Any, what: str) -> str:
    if not isinstance(raw, (str, int)) or isinstance(raw, bool) or not str(raw).strip():
        raise doc.error(path, f"expected {what}")
    return str(raw).strip()


def _dice(doc: Document, path: tuple, raw: Any) -> str:
    text = _text(doc, path, raw, "a dice expression such as d100 or d6")
    try:
        dice.parse(text)
    except DiceError as err:
        raise doc.error(path, str(err)) from None
    return text


def _keys(doc: Document, path: tuple, raw: Any, allowed: set[str], what: str) -> Mapping:
    if not isinstance(raw, Mapping):
        raise doc.error(path, f"expected {what}")
    unknown = sorted(str(key) for key in raw if key not in allowed)
    if unknown:
        raise doc.error(path + (unknown[0],), f"unknown key; expected {', '.join(sorted(allowed))}")
    return raw


def _on_the_dice(doc: Document, path: tuple, value: int, dice_text: str, yes_below: bool
                 ) -> int:
    """``value`` (a target or a yes-on) if the dice ``dice_text`` can roll it; else an error
    saying what the answer would always be (``yes_below``: a roll under it answers yes)."""
    expression = dice.parse(dice_text)
    low, high = expression.minimum, expression.maximum
    if not low <= value <= high:
        always = "yes" if (value > high) == yes_below else "no"
        raise doc.error(path, f"{value} is no roll of {dice_text} ({low} to {high}): the "
                              f"answer would always be {always}")
    return value


def _parse_odds(doc: Document, method: str, raw: Any, dice_text: str) -> tuple[Odds, ...]:
    field = METHODS[method]
    high = 100 if method != "fate-chart" else 1000
    if not isinstance(raw, list) or not raw:
        raise doc.error(("odds",), f"expected a list of odds, each with name and {field}")
    levels, seen = [], set()
    for i, item in enumerate(raw):
        item = _keys(doc, ("odds", i), item, {"name", field, "aliases"},
                     f"a mapping with name, {field} and optional aliases")
        if field not in item:
            raise doc.error(("odds", i, field), f"missing; expected a whole number for {field}")
        name = _text(doc, ("odds", i, "name"), item.get("name"), "the odds' name")
        aliases_raw = item.get("aliases", [])
        if not isinstance(aliases_raw, list):
            raise doc.error(("odds", i, "aliases"), "expected a list of other names")
        aliases = tuple(_text(doc, ("odds", i, "aliases", j), alias, "a name")
                        for j, alias in enumerate(aliases_raw))
        for word in (name, *aliases):
            if _norm(word) in seen:
                raise doc.error(("odds", i), f"odds name {word!r} is used twice")
            seen.add(_norm(word))
        value = _int(doc, ("odds", i, field), item[field], 0, high)
        if method != "fate-chart":  # (a rank: the chart's targets are checked)
            _on_the_dice(doc, ("odds", i, field), value, dice_text, method == "threshold")
        levels.append(Odds(name=name, value=value, aliases=aliases))
    return tuple(levels)


def parse_style(doc: Document) -> OracleStyle:
    """Validate a ``kind: oracle`` document into an :class:`OracleStyle`."""
    data = doc.data
    if not isinstance(data, Mapping) or data.get("kind") != "oracle":
        raise doc.error(("kind",), "expected 'kind: oracle' at the top of an oracle style file")
    method = data.get("method")
    if not isinstance(method, str) or method not in METHODS:
        raise doc.error(("method",), f"expected one of: {', '.join(METHODS)}")
    _keys(doc, (), data, _COMMON | _EXTRA[method], "a mapping")
    name = _text(doc, ("name",), data.get("name"), "the style's name, such as mythic")
    dice_text = _dice(doc, ("dice",), data.get("dice"))
    odds = _parse_odds(doc, method, data.get("odds"), dice_text)
    style = OracleStyle(name=name, title=str(data.get("title", name)), method=method,
                        dice=dice_text, odds=odds,
                        default_odds=str(data.get("default-odds", odds[len(odds) // 2].name)),
                        source=doc.file)
    try:
        extra: dict[str, Any] = {"default_odds": resolve_odds(style, style.default_odds).name}
    except OracleError as err:
        raise doc.error(("default-odds",), str(err)) from None
    if method == "fate-chart":
        chart = data.get("chart")
        if not isinstance(chart, list) or not chart:
            raise doc.error(("chart",), "expected a list of targets such as [1, 5, 10, ...]")
        extra["chart"] = tuple(_on_the_dice(doc, ("chart", i), _int(doc, ("chart", i), v, 0, 100),
                                            dice_text, True) for i, v in enumerate(chart))
        chaos = _keys(doc, ("chaos",), data.get("chaos"), {"min", "max", "default"},
                      "a mapping with min, max and default")
        low = _int(doc, ("chaos", "min"), chaos.get("min"), 0, 100)
        high = _int(doc, ("chaos", "max"), chaos.get("max"), low, 100)
        extra["chaos_range"] = (low, high)
        extra["default_chaos"] = _int(doc, ("chaos", "default"), chaos.get("default"), low, high)
        extra["exceptional_divisor"] = _int(doc, ("exceptional-divisor",),
                                            data.get("exceptional-divisor"), 1, 100)
        if "random-events" in data:
            events = _keys(doc, ("random-events",), data["random-events"], {"table"},
                           "a mapping with table")
            extra["event_table"] = _text(doc, ("random-events", "table"), events.get("table"),
                                         "the name of a table, such as event-focus")
    elif method == "threshold":
        for key in ("twist-on-doubles", "hundred-is-double"):
            if not isinstance(flag := data.get(key, False), bool):
                raise doc.error((key,), "expected true or false")
            extra[key.replace("-", "_")] = flag
    else:
        modifier = _keys(doc, ("modifier",), data.get("modifier"), {"dice", "faces"},
                         "a mapping with dice and faces")
        extra["modifier_dice"] = _dice(doc, ("modifier", "dice"), modifier.get("dice"))
        faces = modifier.get("faces")
        if not isinstance(faces, Mapping):
            raise doc.error(("modifier", "faces"), "expected a mapping such as {1: but, 6: and}")
        rolled = dice.parse(extra["modifier_dice"])
        for face, word in faces.items():  # (a face the die cannot show would never colour)
            _int(doc, ("modifier", "faces", face), face, rolled.minimum, rolled.maximum)
            if word not in _MODIFIERS:
                raise doc.error(("modifier", "faces", face), "expected and, but or twist")
        extra["modifier_faces"] = tuple(sorted(faces.items()))
    return replace(style, **extra)


def styles_from_documents(docs: Iterable[Document]) -> dict[str, OracleStyle]:
    """The ``kind: oracle`` styles among ``docs``; a later style replaces one of its name."""
    styles: dict[str, OracleStyle] = {}
    for doc in docs:
        if isinstance(doc.data, Mapping) and doc.data.get("kind") == "oracle":
            style = parse_style(doc)
            styles[style.name] = style
    return styles


def load_styles(directories: Iterable[Path]) -> dict[str, OracleStyle]:
    """Every ``kind: oracle`` style in ``directories``; later directories override earlier."""
    return styles_from_documents(
        load_yaml_file(path)
        for directory in map(Path, directories) for path in files_in(directory, "*.yaml"))


def styles_from_shipped() -> dict[str, OracleStyle]:
    """The styles shipped with solo, from :func:`~solo.rules.paths.shipped_oracles_dir`."""
    return load_styles([shipped_oracles_dir()])
