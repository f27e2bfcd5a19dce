"""Spells on the stack: countering them (CR 701.6)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..objects import StackItem
from ..parts import Effect, Resolving, effect, field


@effect("counter")
@dataclass(frozen=True)
class Counter(Effect):
    """Counter the target spell: it leaves the stack without resolving (CR 701.6a).

    >>> Counter().words()
    ('Counter',)
    """

    what: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        for item in res.target_objects():
            if isinstance(item, StackItem):
                e.counter(res.st, item, res.item.name)

    def words(self) -> tuple[str, ...]:
        return ("Counter",)
