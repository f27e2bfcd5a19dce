"""Moving counters (CR 122.5): remove them from one object and put them onto another."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Whose, said, said_n
from ..objects import Permanent
from ..parts import Effect, Resolving, effect, field


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
    source: str = field(choices=("target", "self"), default="target")  # self: from this onto the target

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        hit = [t for t in res.target_objects() if isinstance(t, Permanent)]
        if self.source == "self":
            source, dest = res.source(), (hit[0] if hit else None)
        else:
            source, dest = (hit[0], hit[1]) if len(hit) == 2 else (None, None)
        if not movable(source, dest):
            e.log(st, "122.5", said("The object to move counters from or onto is gone or illegal: no counter is "
                                    "removed from or put onto anything."), "counters", who)
            return
        assert isinstance(source, Permanent) and isinstance(dest, Permanent)
        for kind, n in list(source.counters.items()):
            if not n:
                continue
            del source.counters[kind]
            e.log(st, "122.5", said_n("{who} moves {n} {kind} counter from {whose} {card}: removed from it, then put "
                                      "onto {dest_whose} {dest}.", "{who} moves {n} {kind} counters from {whose} {card}: "
                                      "removed from it, then put onto {dest_whose} {dest}.", n, who=who, kind=kind,
                                      whose=Whose(source.controller), card=CardName(source.card),
                                      dest_whose=Whose(dest.controller), dest=CardName(dest.card)), "counters", who)
            e.put_counters(res, dest, kind, n, putter=who,
                           source=said("{card} (moved, CR 122.5)", card=CardName(res.item.name)))

    def words(self) -> tuple[str, ...]:
        return ("move all counters from",) + (("onto target creature",) if self.source == "self" else ())


@effect("put_those_counters")
@dataclass(frozen=True)
class PutThoseCounters(Effect):
    """Put on this permanent the counters the permanent that left had: the same number of each kind,
    put, not moved, since the first one has left the battlefield (CR 122.8)."""

    on: str = field(choices=("self",), default="self")

    def run(self, res: Resolving) -> None:
        src = res.source()
        had = res.item.data.get("counters", {})
        if src is None:
            e.log(res.st, "122.8", said("{card} has left the battlefield: no counter is put on it.",
                                        card=CardName(res.item.name)), "counters", res.controller)
            return
        if had:
            e.log(res.st, "122.8", said("The creature has left the battlefield: the same number of each kind of "
                                        "counter it had is put on {card} (not moved).", card=CardName(src.card)),
                  "counters", res.controller)
        for kind, n in had.items():
            e.put_counters(res, src, kind, n, putter=res.controller,
                           source=said("{card} (the counters the creature had, CR 122.8)",
                                       card=CardName(res.item.name)))

    def words(self) -> tuple[str, ...]:
        return ("put those counters on",)
