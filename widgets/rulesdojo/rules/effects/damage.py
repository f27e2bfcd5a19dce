"""Damage and life (CR 120, 119)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from .. import query as q
from ..parts import Effect, Resolving, effect, field, reads_only


@effect("deal_damage")
@dataclass(frozen=True)
class DealDamage(Effect):
    """The source deals N damage (or the energy ``paid``) to its target, or to each of a group.

    >>> DealDamage(3).words(), DealDamage("paid").words()
    (('3 damage',), ('that much damage',))
    """

    amount: int | str = field(kind="amount", default=1)
    to: str = field(choices=("target", "each_creature", "each_opponent", "each_player",
                             "each_creature_and_player"), default="target")

    def __post_init__(self) -> None:
        reads_only(self.amount, ("paid",), "deal_damage's amount")

    @property
    def outcome(self) -> str:
        return "it deals that much damage" if self.amount == "paid" else ""

    @property
    def if_none(self) -> str:
        return "deals no damage" if self.amount == "paid" else ""

    def run(self, res: Resolving) -> None:
        st = res.st
        n = self.amount if isinstance(self.amount, int) else res.vars.get("paid", 0)
        if self.to == "target":
            hit = res.target_objects()
        else:
            hit = []
            if self.to in ("each_creature", "each_creature_and_player"):
                hit += [p for p in st.battlefield if q.is_type(st, p, "Creature")]
            if self.to in ("each_player", "each_creature_and_player"):
                hit += [p.name for p in q.in_game(st)]
            if self.to == "each_opponent":
                hit += [p.name for p in q.opponents(st, res.controller)]
        for t in hit:
            e.deal_damage(st, res.item.name, t, n)

    def words(self) -> tuple[str, ...]:
        return ("that much damage" if self.amount == "paid" else f"{self.amount} damage",)


@effect("gain_life")
@dataclass(frozen=True)
class GainLife(Effect):
    """You (or the target player) gain N life."""

    n: int | str = field(kind="amount", default=1)
    who: str = field(choices=("you", "target"), default="you")

    def __post_init__(self) -> None:
        reads_only(self.n, ("lost", "lands_you_control"), "gain_life's n")

    def run(self, res: Resolving) -> None:
        n = (self.n if isinstance(self.n, int) else q.lands_of(res.st, res.controller)
             if self.n == "lands_you_control" else res.vars.get("lost", 0))
        names = ([res.controller] if self.who == "you" else
                 [t for t in res.target_objects() if isinstance(t, str)])
        for name in names:
            if n > 0:
                e.gain_life(res.st, name, n, res.item.name)

    def words(self) -> tuple[str, ...]:
        if self.n == "lost":
            return ("gain life equal to the life lost this way",)
        if self.n == "lands_you_control":
            return ("gain X life", "where X is the number of lands you control")
        return (f"gain{'s' if self.who == 'target' else ''} {self.n} life",)


@effect("lose_life")
@dataclass(frozen=True)
class LoseLife(Effect):
    """Each opponent (or you) loses N life (CR 119.3)."""

    n: int = 1
    who: str = field(choices=("you", "each_opponent"), default="each_opponent")

    def run(self, res: Resolving) -> None:
        st = res.st
        names = ([res.controller] if self.who == "you" else
                 [p.name for p in q.opponents(st, res.controller)])
        res.vars["lost"] = sum(e.lose_life(st, name, self.n, res.item.name) for name in names)

    def words(self) -> tuple[str, ...]:
        return (f"loses {self.n} life" if self.who == "each_opponent" else f"lose {self.n} life",)
