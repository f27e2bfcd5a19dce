"""Read YAML safely, keeping the line each mapping and list item started on, for error messages."""

from __future__ import annotations

from pathlib import Path

import yaml


class Located(dict):
    """A mapping that remembers the line it started on, and the line of each key."""
    line: int = 0
    key_lines: dict = {}


class LocatedList(list):
    """A list that remembers each item's line."""
    lines: list[int]


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader, node):
    m = Located(loader.construct_mapping(node, deep=True))
    m.line = node.start_mark.line + 1
    m.key_lines = {}
    for key_node, _ in node.value:  # merge keys are already flattened by construct_mapping
        if isinstance(key_node, yaml.ScalarNode):
            m.key_lines.setdefault(loader.construct_object(key_node), key_node.start_mark.line + 1)
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


def key_line(obj, key, default: int = 0) -> int:
    """Return the line a mapping's key is written on (else the mapping's own line).

    >>> key_line(load("a: 1\\nb: 2\\n"), "b")
    2
    """
    lines = getattr(obj, "key_lines", None) or {}
    try:
        return lines.get(key) or line_of(obj, default)
    except TypeError:  # an unhashable key
        return line_of(obj, default)


def item_line(seq, i: int, default: int = 0) -> int:
    """Return the line of a list's i-th item (else the item's own line, if it is a mapping)."""
    lines = getattr(seq, "lines", None)
    if lines and 0 <= i < len(lines):
        return lines[i]
    return line_of(seq[i], default) if 0 <= i < len(seq) else default


def load_file(path, error):
    """Read a YAML file, raising ``error(message, file=..., place=...)`` when it can't be read or parsed."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"can't read the file ({exc.__class__.__name__}: {exc})", file=str(path))
    try:
        return load(text), text
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise error(f"not valid YAML: {problem}", file=str(path),
                    place=f"line {mark.line + 1}" if mark else None)
