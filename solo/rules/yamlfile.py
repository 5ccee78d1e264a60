"""Read YAML safely, remembering the line of every key so errors can point at it.

Only the YAML core types are built: any tag that would construct a Python object
(``!!python/object`` and friends) is refused before anything runs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml
import yaml.reader
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from solo.errors import RulesError

__all__ = ["rules_text", "load_yaml_file", "Document", "load_yaml", "MAX_NODES", "MAX_NESTING",
           "YAML_LOADER"]

MAX_NODES = 200_000
MAX_NESTING = 100
"""How deeply lists and mappings may nest in a solo file (a procedure needs about 15)."""
# libyaml's parser when PyYAML was built with it (about ten times faster), else Python's.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Path = tuple[Any, ...]


@dataclass
class Document:
    """Plain Python data read from YAML, plus the line where each key path starts."""

    data: Any
    file: str
    lines: dict[Path, int] = field(default_factory=dict)
    expressions: list[tuple[Path, Any]] = field(default_factory=list)
    references: list[tuple[Path, str, str]] = field(default_factory=list)
    numeric: list[tuple[Path, Any, str]] = field(default_factory=list)
    """Expressions that must give a number (an adjustment, a time), checked with types."""
    calls: list[tuple[Path, str, tuple[str, ...]]] = field(default_factory=list)
    """Each ``do:``: its path, the routine, and the parameters it passes."""

    def line(self, path: Path) -> int | None:
        """The 1-based line of ``path``, or of its nearest ancestor that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def error(self, path: Path, expected: str) -> RulesError:
        """A RulesError naming file, line and key path."""
        key = ".".join(str(part) for part in path) or None
        return RulesError(expected, file=self.file, line=self.line(path), key=key)

    def mapping(self, path: Path, raw: Any, allowed: tuple[str, ...],
                required: tuple[str, ...] = (), what: str = "a mapping",
                comments: tuple[str, ...] = ()) -> Mapping[Any, Any]:
        """``raw`` (found at ``path``) as a mapping whose keys are all ``allowed`` (or
        ``comments``, which say nothing to solo) and include every ``required`` one; else
        the error naming the key."""
        if not isinstance(raw, Mapping):
            raise self.error(path, f"expected {what}")
        for key in raw:
            if key not in allowed and key not in comments:
                raise self.error(path + (key,), f"unknown key; expected {', '.join(allowed)}")
        for key in required:
            if key not in raw:
                raise self.error(path + (key,), f"missing '{key}'")
        return raw


def rules_text(path: FilePath, kind: str = "YAML") -> str:
    """The text of the rules file at ``path`` (UTF-8, a byte-order mark dropped): one line
    for the player where it cannot be read or is no UTF-8 text (``kind``: what it holds)."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise RulesError(f"not a text file (expected UTF-8 {kind})", file=str(path)) from None
    except OSError as err:
        raise RulesError(f"cannot read ({err.strerror})", file=str(path)) from None


def load_yaml_file(path: FilePath) -> Document:
    """Read the YAML file at ``path`` into a Document (:func:`rules_text`)."""
    return load_yaml(rules_text(path), str(path))


def load_yaml(text: str, file: str) -> Document:
    """Parse ``text`` (named ``file`` in errors) into a Document."""
    deepest = _nesting(text)
    if deepest > MAX_NESTING:
        raise RulesError(f"nested more than {MAX_NESTING} levels deep (the limit)",
                         file=file, line=_line_of_depth(text, MAX_NESTING + 1))
    try:
        node = yaml.compose(text, Loader=YAML_LOADER)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        problem = (err.problem or err.context or "malformed YAML").strip()
        raise RulesError(f"not valid YAML ({problem})", file=file, line=line) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise RulesError(f"not valid YAML (character #x{err.character:04x} is not allowed)",
                         file=file, line=line) from None
    except yaml.YAMLError as err:
        raise RulesError(f"not valid YAML ({err})", file=file) from None
    except RecursionError:
        raise RulesError(f"nested too deeply (the limit is {MAX_NESTING} levels)",
                         file=file) from None
    doc = Document(data=None, file=file)
    if node is None:
        return doc
    converter = _Converter(doc)
    doc.data = converter.convert(node, ())
    return doc


_NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")


def _nesting(text: str) -> int:
    """An upper bound on how deeply ``text`` nests: flow brackets open at once plus the
    deepest indentation (in steps of one column), whichever is larger. Cheap, and run
    before the YAML parser, whose composer recurses once per level."""
    depth = deepest = 0
    for char in _NOT_A_BRACKET.sub("", text):  # (the brackets alone, found in C)
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        elif char in "]}":
            depth = max(0, depth - 1)
    if deepest > MAX_NESTING:
        return deepest
    indent = max((len(line) - len(line.lstrip(" -")) for line in text.splitlines()),
                 default=0)
    return max(deepest, indent // 2)


def _line_of_depth(text: str, wanted: int) -> int | None:
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        if (len(line) - len(line.lstrip(" -"))) // 2 >= wanted:
            return number
        for char in line:
            depth += char in "[{"
            depth -= char in "]}" and depth > 0
            if depth >= wanted:
                return number
    return None


_CORE_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",
}


class _Converter:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.count = 0
        self.active: set[int] = set()
        self.constructor = SafeConstructor()

    def convert(self, node: Node, path: Path) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise self._error(node, path, f"document too large (over {MAX_NODES} values)")
        if node.tag not in _CORE_TAGS:
            raise self._error(node, path, f"tag {node.tag!r} is not allowed; use plain YAML values")
        if id(node) in self.active:
            raise self._error(node, path, "an alias refers to itself")
        self.active.add(id(node))
        try:
            return self._convert(node, path)
        finally:
            self.active.discard(id(node))

    def _convert(self, node: Node, path: Path) -> Any:
        if isinstance(node, ScalarNode):
            try:
                return self.constructor.construct_object(node, deep=True)
            except (ConstructorError, ValueError) as err:
                raise self._error(node, path, f"cannot read value ({err})") from None
        if isinstance(node, SequenceNode):
            items = []
            for index, child in enumerate(node.value):
                self.doc.lines.setdefault(path + (index,), child.start_mark.line + 1)
                items.append(self.convert(child, path + (index,)))
            return items
        if isinstance(node, MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self.convert(key_node, path)
                if isinstance(key, (list, dict)):
                    raise self._error(key_node, path, "a key must be a plain value")
                if key in result:
                    raise self._error(key_node, path + (key,), "this key appears twice")
                self.doc.lines.setdefault(path + (key,), key_node.start_mark.line + 1)
                result[key] = self.convert(value_node, path + (key,))
            return result
        raise self._error(node, path, "unsupported YAML node")

    def _error(self, node: Node, path: Path, message: str) -> RulesError:
        key = ".".join(str(part) for part in path) or None
        return RulesError(message, file=self.doc.file, line=node.start_mark.line + 1, key=key)
