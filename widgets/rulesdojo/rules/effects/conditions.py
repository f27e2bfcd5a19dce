"""Conditions an effect checks as it happens: "if ..., [this] instead" (CR 608.2h: game information
is read when the effect is applied)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Value, said, said_n
from .. import query as q
from ..parts import CardError, Effect, Resolving, effect, field, number_word, run_all


@effect("if")
@dataclass(frozen=True)
class If(Effect):
    """Do ``then`` if the condition holds as this resolves, else ``otherwise``.

    The conditions: ``land_entered`` ("if you had a land enter the battlefield under your control
    this turn", the landfall of Groundswell, Searing Blaze, Rest for the Weary: not a trigger, CR
    207.2c) and ``lands`` ("if you control N or more lands").

    >>> If(lands=6).words()
    ('If you control six or more lands',)
    """

    land_entered: bool = False
    lands: int = 0
    then: tuple[Effect, ...] = field(kind="effects", default=())
    otherwise: tuple[Effect, ...] = field(kind="effects", default=())

    def __post_init__(self) -> None:
        if self.land_entered == bool(self.lands):
            raise CardError("if needs exactly one condition: land_entered: true, or lands: N")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        if self.land_entered:
            holds = who in st.lands_entered
            card = CardName(res.item.name)
            e.log(st, "608.2h", said("Landfall, checked as {card} resolves: {who} had a land enter under their "
                                     "control this turn, so the landfall effect happens instead. It's a "
                                     "condition, not a trigger (CR 207.2c).", card=card, who=who) if holds else
                  said("Landfall, checked as {card} resolves: {who} has had no land enter under their control "
                       "this turn, so the first effect happens. It's a condition, not a trigger (CR 207.2c).",
                       card=card, who=who), "rule", who)
        else:
            n = sum(1 for p in st.battlefield if p.controller == who and q.is_type(st, p, "Land"))
            holds = n >= self.lands
            values: dict[str, Value] = {"who": who, "card": CardName(res.item.name), "lands": self.lands}
            e.log(st, "608.2h", said_n("{who} controls {n} land as {card} resolves: at least {lands}.",
                                       "{who} controls {n} lands as {card} resolves: at least {lands}.", n, **values)
                  if holds else said_n("{who} controls {n} land as {card} resolves: fewer than {lands}.",
                                       "{who} controls {n} lands as {card} resolves: fewer than {lands}.", n,
                                       **values), "rule", who)
        run_all(res, self.then if holds else self.otherwise)

    def words(self) -> tuple[str, ...]:
        said = ("If you had a land enter the battlefield under your control this turn",) if (
            self.land_entered) else (f"If you control {number_word(self.lands)} or more lands",)
        return said + tuple(w for x in self.then + self.otherwise for w in x.words())
