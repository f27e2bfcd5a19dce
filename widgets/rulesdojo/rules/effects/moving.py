"""Moving counters (CR 122.5): remove them from one object and put them onto another."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..objects import Permanent
from ..parts import Effect, effect, field


def movable(source: Permanent | None, dest: Permanent | None) -> bool:
    """Say whether counters can move from ``source`` to ``dest``: both on the battlefield and not the
    same object (CR 122.5).

    >>> a = Permanent(1, "Grizzly Bears", "Alice", "Alice"); b = Permanent(2, "Memnite", "Alice", "Alice")
    >>> movable(a, b), movable(a, a), movable(None, b)
    (True, False, False)
    """
    return source is not None and dest is not None and source.id != dest.id


@effect("move_counters")
@dataclass(frozen=True)
class MoveCounters(Effect):
    """Move all counters from the first target onto the second: each kind is removed from the first
    and put onto the second (CR 122.5). Putting them is putting counters, so effects that change how
    many are put apply (Hardened Scales; CR 122.6, 614.1a). If either target is illegal as it
    resolves, nothing moves (CR 122.5, 608.2b)."""

    what: str = field(choices=("all",), default="all")

    def run(self, res) -> None:
        st, who = res.st, res.controller
        targets = res.item.targets
        hit = {t.id for t in res.target_objects() if isinstance(t, Permanent)}
        source, dest = (res.target_objects() + [None, None])[:2] if len(hit) == 2 else (None, None)
        if not movable(source, dest):
            e.log(st, "122.5", "One of the two targets is gone or illegal: no counter is removed from or "
                  "put onto anything.", "counters", who)
            return
        assert isinstance(source, Permanent) and isinstance(dest, Permanent) and len(targets) == 2
        for kind, n in list(source.counters.items()):
            if not n:
                continue
            del source.counters[kind]
            e.log(st, "122.5", f"{who} moves {e.plural(n, kind + ' counter')} from {source.controller}'s "
                  f"{source.card}: removed from it, then put onto {dest.controller}'s {dest.card}.",
                  "counters", who)
            e.put_counters(res, dest, kind, n, putter=who, source=f"{res.item.name} (moved, CR 122.5)")

    def words(self) -> tuple[str, ...]:
        return ("Move all counters from",)
