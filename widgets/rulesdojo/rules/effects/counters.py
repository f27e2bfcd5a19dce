"""Counters (CR 122): put counters on objects and players, proliferate (CR 701.34)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from .. import query as q
from ..choices import ProliferateChoice
from ..parts import Effect, effect, field, number_word


@effect("put_counters")
@dataclass(frozen=True)
class PutCounters(Effect):
    """Put N counters of a kind on the target, or on this permanent.

    >>> PutCounters("+1/+1", 2).words()
    ('two +1/+1 counters',)
    """

    kind: str = "+1/+1"
    n: int = 1
    on: str = field(choices=("target", "self", "each_creature_you_control"), default="target")

    def run(self, res) -> None:
        if self.on == "self":
            src = res.source()
            hit = [src] if src is not None else []
        elif self.on == "each_creature_you_control":
            hit = q.creatures_of(res.st, res.controller)
        else:
            hit = res.target_objects()
        for t in hit:
            e.put_counters(res, t, self.kind, self.n, res.controller, res.item.name)

    def words(self) -> tuple[str, ...]:
        many = "a" if self.n == 1 else number_word(self.n)
        return (f"{many} {self.kind} counter{'s' if self.n != 1 else ''}",)


@effect("proliferate")
@dataclass(frozen=True)
class Proliferate(Effect):
    """Choose any number of permanents and players with counters; each gets one more of each kind."""

    def run(self, res) -> None:
        st, who = res.st, res.controller
        options = [p.name for p in q.in_game(st) if any(p.counters.values())]
        options += [p.id for p in st.battlefield if any(p.counters.values())]
        picks = res.choose(ProliferateChoice, who, "Proliferate: choose any number of permanents and/or "
                           "players that have counters", "701.34a", options=options,
                           high=len(options)) if options else ()
        if not options:
            e.log(st, "701.34a", "Proliferate: nothing has a counter, so nothing is chosen.", "counters", who)
        for pick in picks:
            holder = q.player(st, pick) if isinstance(pick, str) else q.permanent(st, pick)
            for kind, n in list(holder.counters.items()):
                if n:
                    e.put_counters(res, pick if isinstance(pick, str) else holder, kind, 1, who,
                                   "proliferate")

    def words(self) -> tuple[str, ...]:
        return ("Proliferate",)
