"""A task board's moves as text, so a reload or a new kernel puts the learner back where they were.

>>> from rulesdojo.rules.actions import CastSpell, PassPriority
>>> text = dump([CastSpell(3, ("Alice",)), PassPriority()])
>>> load(text) == [CastSpell(3, ("Alice",)), PassPriority()]
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, is_dataclass

from ..rules import actions

KINDS = {name: cls for name, cls in vars(actions).items() if isinstance(cls, type) and is_dataclass(cls)}


def dump(moves) -> str:
    """Write engine actions as JSON: each one's kind and fields."""
    return json.dumps([[type(m).__name__, asdict(m)] for m in moves])


def load(text: str) -> list:
    """Read engine actions written by ``dump``; raise ``ValueError`` for anything else."""
    out = []
    for kind, fields in json.loads(text):
        if kind not in KINDS or not isinstance(fields, dict):
            raise ValueError(f"not a kept move: {kind!r}")
        out.append(KINDS[kind](**{k: _tuples(v) for k, v in fields.items()}))
    return out


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value
