"""Counters (CR 122): put counters on objects and players, proliferate (CR 701.34)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .. import engine as e
from ..said import Said, Value, said, said_n
from .. import query as q
from ..choices import ProliferateChoice, RemoveCountersChoice
from ..objects import ENERGY, Permanent
from ..parts import Effect, Resolving, effect, field, number_word


@effect("put_counters")
@dataclass(frozen=True)
class PutCounters(Effect):
    """Put N counters of a kind on the target, or on this permanent.

    >>> PutCounters("+1/+1", 2).words()
    ('two +1/+1 counters',)
    """

    kind: str = "+1/+1"
    n: int = 1
    on: str = field(choices=("target", "self", "each_creature_you_control", "each_player"),
                    default="target")

    def run(self, res: Resolving) -> None:
        hit: Sequence[str | Permanent]
        if self.on == "each_player":  # in APNAP order; all at once as one event (CR 101.4)
            hit = [p.name for p in q.apnap(res.st)]
        elif self.on == "self":
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
        said = (f"{many} {self.kind} counter{'s' if self.n != 1 else ''}",)
        return ("each player gets",) + said if self.on == "each_player" else said


@effect("proliferate")
@dataclass(frozen=True)
class Proliferate(Effect):
    """Choose any number of permanents and players with counters; each gets one more of each kind."""

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        options: list[int | str] = [p.name for p in q.in_game(st) if any(p.counters.values())]
        options += [p.id for p in st.battlefield if any(p.counters.values())]
        picks = res.choose(ProliferateChoice, who, "Proliferate: choose any number of permanents and/or "
                           "players that have counters", "701.34a", options=options,
                           high=len(options)) if options else ()
        if not options:
            e.log(st, "701.34a", said("Proliferate: nothing has a counter, so nothing is chosen."), "counters", who)
        for pick in picks:
            target = pick if isinstance(pick, str) else q.present(st, pick)
            holder = q.player(st, target) if isinstance(target, str) else target
            for kind, n in list(holder.counters.items()):
                if n:
                    e.put_counters(res, target, kind, 1, who, said("proliferate"))

    def words(self) -> tuple[str, ...]:
        return ("Proliferate",)


@effect("remove_counters")
@dataclass(frozen=True)
class RemoveCounters(Effect):
    """Remove up to N counters, of any kinds, from the target; the kinds and numbers are chosen as it
    resolves (CR 608.2d), one kind at a time in alphabetical order."""

    up_to: int = 1
    what: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        for t in res.target_objects():
            holder = q.player(st, t) if isinstance(t, str) else t
            name = t if isinstance(t, str) else f"{t.controller}'s {t.card}"
            left = self.up_to
            for kind in sorted(k for k, n in holder.counters.items() if n):
                most = min(left, holder.counters[kind])
                if not most:
                    break
                n = res.choose(RemoveCountersChoice, who, f"Remove how many {kind} counters from {name} "
                               f"(0 to {most})?", "608.2d", low=0, high=most, data={"kind": kind})
                holder.counters[kind] -= n
                left -= n
                if isinstance(t, str) and kind == ENERGY:
                    e.energy_lost(st, t, n)
                if n:
                    e.log(st, "122.1", _removed(who, n, kind, q.target_said(st, t), holder.energy), "counters", who)

    def words(self) -> tuple[str, ...]:
        return (f"Remove up to {number_word(self.up_to)} counters",)


def _removed(who: str, n: int, kind: str, whom: Value, energy: int) -> Said:
    """Say counters were removed; removed energy says what is left."""
    if kind == ENERGY:
        return said_n("{who} removes {n} energy counter from {whom}; {left} energy left.",
                      "{who} removes {n} energy counters from {whom}; {left} energy left.", n, who=who, whom=whom,
                      left=energy)
    return said_n("{who} removes {n} {kind} counter from {whom}.", "{who} removes {n} {kind} counters from {whom}.",
                  n, who=who, kind=kind, whom=whom)
