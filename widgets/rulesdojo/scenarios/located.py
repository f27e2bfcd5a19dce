"""YAML values that remember where they were written, and the limits on what a file may hold."""

from __future__ import annotations

from typing import Any


class Located(dict[Any, Any]):
    """A mapping that remembers the line it started on, and the line of each key."""
    line: int = 0
    key_lines: dict[Any, int] = {}


class LocatedList(list[Any]):
    """A list that remembers each item's line."""
    lines: list[int]


DEPTH_LIMIT = 64              # levels of nested lists and mappings; the shipped files use under 12
NODE_LIMIT = 10_000           # values (scalars, lists, mappings); the largest shipped file holds under 500
FILE_LIMIT = 512 * 1024       # bytes; the largest shipped file is under 10 KB
