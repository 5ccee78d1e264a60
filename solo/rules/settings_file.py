"""A procedure's settings (``settings:``): each one's default, and the values of those that
declare them, ``pace: {value: crawl, choices: [crawl, walk, run]}`` or ``encounter_in:
{value: 6, min: 1}``, which `set`, `party set`, resume and `solo check` keep to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solo.defaults import MAX_VALUE
from solo.rules.schema import check_keys
from solo.rules.yamlfile import Document

__all__ = ["SettingValues", "parse_settings"]


@dataclass(frozen=True)
class SettingValues:
    """The values a setting takes, as its procedure file declares them: ``choices`` for a
    word, ``minimum``/``maximum`` for a number (nothing declared: any value of its type)."""

    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    member: bool = True
    """Whether a member may have their own value of it (``party set``); False for one
    that is the dungeon's, the same for every member (``member: false``)."""

    def refusal(self, name: str, value: Any) -> str | None:
        """Why ``value`` is not one of them (a sentence naming what is), or None."""
        if self.choices and value not in self.choices:
            words = ", ".join(self.choices[:-1]) + " or " + self.choices[-1] \
                if len(self.choices) > 1 else self.choices[0]
            return f"{name} takes {words}, not {str(value)[:20]!r}"
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        if self.minimum is not None and value < self.minimum:
            return f"{name} must be at least {self.minimum}" + self._span()
        if self.maximum is not None and value > self.maximum:
            return f"{name} must be at most {self.maximum}" + self._span()
        return None

    def _span(self) -> str:
        if self.minimum is None or self.maximum is None:
            return ""
        return f" (it takes {self.minimum} to {self.maximum})"


def parse_settings(doc: Document, raw: Mapping
                   ) -> tuple[dict[str, Any], dict[str, SettingValues]]:
    """Each setting's default, and the values of those that declare them: ``pace: crawl``,
    or ``pace: {value: crawl, choices: [crawl, walk, run]}`` (``min``/``max`` for a number)."""
    settings: dict[str, Any] = {}
    declared: dict[str, SettingValues] = {}
    for name, value in raw.items():
        path: tuple = ("settings", name)
        if isinstance(value, Mapping):
            check_keys(doc, path, value, "setting")
            declared[name] = _setting_values(doc, path, value)
            value = value["value"]
            path += ("value",)
        if not isinstance(value, (int, str, bool)) or not str(name).isidentifier():
            raise doc.error(path, "expected a name with a number, word or true/false")
        if name in declared:
            _fits(doc, path, name, value, declared[name])
        settings[name] = value
    return settings, declared


def _setting_values(doc: Document, path: tuple, raw: Mapping) -> SettingValues:
    choices = raw.get("choices", [])
    if not isinstance(choices, list) or not all(
            isinstance(word, str) and word.strip() and " " not in word for word in choices):
        raise doc.error(path + ("choices",), "expected a list of words: [hazard, traditional]")
    if len(set(choices)) != len(choices):
        raise doc.error(path + ("choices",), "each choice once")
    minimum, maximum = _whole(doc, path + ("min",), raw), _whole(doc, path + ("max",), raw)
    if minimum is not None and maximum is not None and minimum > maximum:
        raise doc.error(path + ("max",), "max must not be below min")
    member = raw.get("member", True)
    if not isinstance(member, bool):
        raise doc.error(path + ("member",), "expected true or false")
    return SettingValues(tuple(choices), minimum, maximum, member)


def _fits(doc: Document, path: tuple, name: str, value: Any, values: SettingValues) -> None:
    """A setting's default is one of the values it declares, and of the kind they are."""
    number = isinstance(value, int) and not isinstance(value, bool)
    if values.choices and not isinstance(value, str):
        raise doc.error(path[:-1] + ("choices",), "choices are for a word setting; a number "
                        "takes min and max")
    if (values.minimum is not None or values.maximum is not None) and not number:
        raise doc.error(path[:-1] + ("min",), "min and max are for a number setting; a "
                        "word takes choices")
    if not values.member and not number:
        raise doc.error(path[:-1] + ("member",), "member is for a number setting: only "
                        "those are kept per member")
    problem = values.refusal(name, value)
    if problem:
        raise doc.error(path, f"the default is not among its own values: {problem}")




def _whole(doc: Document, path: tuple, raw: Mapping) -> int | None:
    value = raw.get(path[-1])
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_VALUE:
        raise doc.error(path, f"expected a whole number (at most {MAX_VALUE:,} either way)")
    return value
