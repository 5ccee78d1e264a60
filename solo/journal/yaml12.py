"""YAML as the journal's other readers read it: the YAML 1.2 core schema, for reading and
for writing.

Obsidian, GitHub's renderer, js-yaml and the npm ``yaml`` package read front matter by the
YAML 1.2 core schema; PyYAML's own resolvers follow YAML 1.1, where ``yes`` is true, ``1:20``
is 80 and ``2024-01-01`` is a date. Reading: :func:`load_core` is PyYAML with the 1.2 core
resolvers only (``true``/``false`` in three spellings, ``null``/``~``/empty, decimal, ``0o``
and ``0x`` integers, floats with ``.inf``/``.nan``; everything else is a string, including
what 1.1 calls a timestamp), and builds only plain data (str, int, float, bool, None, list,
dict): a tag it does not know (``!!timestamp``, ``!!binary``, ``!!python/…``) is read as the
text or collection it is written as (PyYAML's ``!!python/…`` tags are refused), and
nothing ever runs. Writing: :func:`dump_both`
quotes every string that a 1.1 *or* a 1.2 resolver would read as anything but a string, so
PyYAML, a 1.2 reader and Obsidian all read back what was written.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable
from datetime import datetime
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import BaseResolver, Resolver

from solo.errors import SoloError

__all__ = ["load_core", "dump_both", "core_type", "YamlProblem", "MAX_DEPTH"]

MAX_DEPTH = 64
"""How deeply lists and mappings may nest in front matter (solo's own need two levels)."""

_STR, _SEQ, _MAP = "tag:yaml.org,2002:str", "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
_NULL, _BOOL = "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool"
_INT, _FLOAT = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"

# The YAML 1.2.2 core schema (section 10.3.2), each with the first characters it can start with.
_CORE: tuple[tuple[str, str, str], ...] = (
    (_NULL, r"^(?:~|null|Null|NULL|)$", "~nN"),
    (_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    (_INT, r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    (_FLOAT, r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
             r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$", "-+0123456789."),
)


class YamlProblem(SoloError):
    """Front matter that is not YAML solo can read; ``line`` is 1-based when known."""

    def __init__(self, problem: str, line: int | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.line = line


class Core12Resolver(BaseResolver):
    """Implicit types by the YAML 1.2 core schema, and no others."""

    yaml_implicit_resolvers: dict = {}


for _tag, _pattern, _first in _CORE:
    Core12Resolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))
Core12Resolver.add_implicit_resolver(_NULL, re.compile(r"^$"), [""])


def core_type(text: str) -> str:
    """What a YAML 1.2 core reader makes of ``text`` written plain: str, null, bool, int or
    float."""
    resolvers = Core12Resolver.yaml_implicit_resolvers.get(text[:1], [])
    tag = next((tag for tag, pattern in resolvers if pattern.match(text)), _STR)
    return tag.rsplit(":", 1)[1]


class Core12Constructor(SafeConstructor):
    """Plain data only: the core types, sequences and mappings; unique keys."""

    yaml_constructors: dict = {}

    def construct_core_null(self, node: Node) -> None:
        self.construct_scalar(node)

    def construct_core_bool(self, node: Node) -> bool:
        text = self.construct_scalar(node)
        if text.lower() not in ("true", "false"):
            raise ConstructorError(None, None, f"{text!r} is not true or false",
                                   node.start_mark)
        return text.lower() == "true"

    def construct_core_int(self, node: Node) -> int:
        text = self.construct_scalar(node)
        try:
            if text.startswith(("0o", "0x")):
                return int(text[2:], 8 if text[1] == "o" else 16)
            return int(text, 10)
        except ValueError:
            raise ConstructorError(None, None, f"{text[:40]!r} is not a whole number "
                                   "solo can read", node.start_mark) from None

    def construct_core_float(self, node: Node) -> float:
        text = self.construct_scalar(node)
        bare = text.lstrip("+-").lower()
        if bare == ".inf":
            return -math.inf if text.startswith("-") else math.inf
        if bare == ".nan":
            return math.nan
        try:
            return float(text)
        except ValueError:
            raise ConstructorError(None, None, f"{text[:40]!r} is not a number",
                                   node.start_mark) from None

    def construct_as_written(self, node: Node) -> Any:
        """A tag solo does not build (``!!timestamp``, ``!!binary``, ``!thing``): the text,
        list or mapping it is written as. PyYAML's own ``!!python/…`` tags, which exist to
        run code, are refused outright."""
        if node.tag.startswith("tag:yaml.org,2002:python/"):
            raise ConstructorError(None, None, f"the tag !!{node.tag[18:60]} is not allowed",
                                   node.start_mark)
        if isinstance(node, SequenceNode):
            return self.construct_yaml_seq(node)
        if isinstance(node, MappingNode):
            return self.construct_yaml_map(node)
        return self.construct_scalar(node)

    def construct_mapping(self, node: Node, deep: bool = False) -> dict[Any, Any]:
        if not isinstance(node, MappingNode):
            raise ConstructorError(None, None, "expected a mapping", node.start_mark)
        mapping: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, Hashable):
                raise ConstructorError(None, None, "a key that is a list or a mapping",
                                       key_node.start_mark)
            if key in mapping:
                raise ConstructorError(None, None, f"the key {str(key)[:40]!r} is written "
                                       "twice", key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


_BUILDERS: tuple[tuple[str | None, Any], ...] = (
    (_NULL, Core12Constructor.construct_core_null),
    (_BOOL, Core12Constructor.construct_core_bool),
    (_INT, Core12Constructor.construct_core_int),
    (_FLOAT, Core12Constructor.construct_core_float),
    (_STR, SafeConstructor.construct_yaml_str),
    (_SEQ, SafeConstructor.construct_yaml_seq),
    (_MAP, SafeConstructor.construct_yaml_map),
    (None, Core12Constructor.construct_as_written))
for _key, _build in _BUILDERS:
    Core12Constructor.add_constructor(_key, _build)


_SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser if built


class _Core12Loader(Core12Constructor, Core12Resolver, _SafeLoader):
    """PyYAML's safe loader with the 1.2 core resolvers and the plain-data constructors."""


def _check_shape(root: Node) -> None:
    """Refuse a node graph that loops back on itself (``&a [*a]``) or nests too deeply;
    shared nodes (aliases) are looked at once, so an alias bomb costs nothing."""
    done: set[int] = set()
    stack: list[tuple[Node, int, bool]] = [(root, 0, False)]
    open_nodes: set[int] = set()
    while stack:
        node, depth, leaving = stack.pop()
        if leaving:
            open_nodes.discard(id(node))
            done.add(id(node))
            continue
        if id(node) in open_nodes:
            raise YamlProblem("an alias that refers to itself", node.start_mark.line + 1)
        if id(node) in done or isinstance(node, ScalarNode):
            continue
        if depth > MAX_DEPTH:
            raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep",
                              node.start_mark.line + 1)
        open_nodes.add(id(node))
        stack.append((node, depth, True))
        children = node.value if isinstance(node, SequenceNode) else \
            [part for pair in node.value for part in pair]
        stack.extend((child, depth + 1, False) for child in children)


def load_core(text: str) -> Any:
    """The one YAML document in ``text``, read by the 1.2 core schema into plain data.
    Raises YamlProblem (with the line) for what is not YAML, or not plain data."""
    loader = _Core12Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_shape(node)
        return loader.construct_document(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = " ".join(str(err.problem or err.context or "not valid YAML").split())
        raise YamlProblem(problem, mark.line + 1 if mark else None) from None
    except yaml.reader.ReaderError as err:
        raise YamlProblem(f"the character #x{err.character:04x} is not allowed",
                          text.count("\n", 0, err.position) + 1) from None
    except yaml.YAMLError as err:
        raise YamlProblem(" ".join(str(err).split())) from None
    except RecursionError:
        raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep") from None
    finally:
        loader.dispose()


# -- writing ----------------------------------------------------------------------------------
class _BothResolver(Resolver):
    """YAML 1.1's implicit types and YAML 1.2's together: a string either would read as
    something else is not plain, so the dumper quotes it."""

    yaml_implicit_resolvers = {first: list(resolvers) for first, resolvers
                               in Resolver.yaml_implicit_resolvers.items()}


for _tag, _pattern, _first in _CORE:
    _BothResolver.add_implicit_resolver(_tag, re.compile(_pattern), list(_first))


class _BothDumper(yaml.emitter.Emitter, yaml.serializer.Serializer,
                  yaml.representer.SafeRepresenter, _BothResolver):
    def __init__(self, stream: Any, **options: Any) -> None:
        yaml.emitter.Emitter.__init__(self, stream, canonical=None,
                                      indent=options.get("indent"),
                                      width=options.get("width"),
                                      allow_unicode=options.get("allow_unicode"),
                                      line_break=None)
        yaml.serializer.Serializer.__init__(self, encoding=None, explicit_start=None,
                                            explicit_end=None, version=None, tags=None)
        yaml.representer.SafeRepresenter.__init__(self, default_style=None,
                                                  default_flow_style=options.get(
                                                      "default_flow_style"),
                                                  sort_keys=False)
        _BothResolver.__init__(self)

    def represent_str(self, data: str) -> Node:
        # YAML 1.2 breaks lines only at LF and CR; 1.1 also at NEL, LS and PS: a string
        # holding those is written double-quoted, where PyYAML escapes them.
        style = '"' if any(char in data for char in "\x85\u2028\u2029\ufeff") else None
        return self.represent_scalar(_STR, data, style=style)

    def represent_moment(self, data: datetime) -> Node:
        """A date-time with a ``T`` (2023-11-14T10:30:00), the form Obsidian recognises;
        plain, which YAML 1.1 reads as a timestamp and 1.2 as that text."""
        return self.represent_scalar("tag:yaml.org,2002:timestamp", data.isoformat())


class _Block(dict):
    """A mapping always written in block style (a header's top level, even when every
    value in it is a scalar)."""


def _represent_block(dumper: _BothDumper, data: _Block) -> Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=False)


_BothDumper.add_representer(str, _BothDumper.represent_str)
_BothDumper.add_representer(datetime, _BothDumper.represent_moment)
_BothDumper.add_representer(_Block, _represent_block)


def dump_both(data: Any, flow: bool | None = None) -> str:
    """``data`` as YAML that YAML 1.1 and 1.2 readers read alike, on as few lines as it
    takes (no folding: the width is unbounded). Collections of scalars in flow style
    (``[a, b]``), the others in block style; with ``flow`` True, all in flow style, and
    False, all in block style. A mapping at the top is always in block style."""
    top = _Block(data) if isinstance(data, dict) and flow is not True else data
    return yaml.dump(top, Dumper=_BothDumper, allow_unicode=True, width=1 << 30,
                     default_flow_style=flow)
