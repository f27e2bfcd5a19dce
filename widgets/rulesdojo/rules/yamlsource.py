"""Read YAML safely, keeping the line each mapping and list item started on, for error messages."""

from __future__ import annotations

import yaml


class Located(dict):
    """A mapping that remembers the line it started on."""
    line: int = 0


class LocatedList(list):
    """A list that remembers each item's line."""
    lines: list[int]


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader, node):
    m = Located(loader.construct_mapping(node, deep=True))
    m.line = node.start_mark.line + 1
    return m


def _sequence(loader, node):
    s = LocatedList(loader.construct_sequence(node, deep=True))
    s.lines = [n.start_mark.line + 1 for n in node.value]
    return s


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load(text: str):
    """Parse YAML with safe loading; mappings and lists carry line numbers.

    >>> d = load("a: 1\\nb:\\n  - x\\n  - y\\n")
    >>> d.line, d["b"].lines
    (1, [3, 4])
    """
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - _Loader derives from SafeLoader


def line_of(obj, default: int = 0) -> int:
    return getattr(obj, "line", default) or default
