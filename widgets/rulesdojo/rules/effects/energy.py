"""Energy effects (CR 107.14): get energy, pay any amount, "you may pay ...; if you do / when you do"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .. import engine as e
from ..said import CardName, Quote, Value, Whose, said
from .. import query as q
from ..choices import MayPay as MayPayChoice
from ..choices import PayAmount
from ..objects import Trigger
from ..parts import Cost, Effect, Reflexive, Resolving, effect, energy_words, field, run_all


@effect("get_energy")
@dataclass(frozen=True)
class GetEnergy(Effect):
    """You get N energy counters.

    >>> GetEnergy(2).words()
    ('get {E}{E}',)
    """

    n: int = 1

    def run(self, res: Resolving) -> None:
        e.get_energy(res, res.controller, self.n, res.item.name)

    def words(self) -> tuple[str, ...]:
        return (f"get {energy_words(self.n)}",)


@effect("pay_any_amount")
@dataclass(frozen=True)
class PayAnyAmount(Effect):
    """You may pay any amount of energy; what follows reads the amount paid as ``paid`` (CR 608.2d)."""

    energy: bool = field(choices=(True,), default=True)  # what is paid: energy, the only kind here
    then: tuple[Effect, ...] = field(kind="effects", default=())

    def run(self, res: Resolving) -> None:
        st, who, name = res.st, res.controller, res.item.name
        have = q.player(st, who).energy
        amount = 0
        if have:
            outcome = _outcome(self.then)
            amount = res.choose(PayAmount, who, said(
                "Pay any amount of energy for {card} (0 to {have}){outcome}", card=CardName(name), have=have,
                outcome=Quote(outcome, name)) if outcome else said("Pay any amount of energy for {card} (0 to {have})",
                                                                   card=CardName(name), have=have),
                "608.2d", low=0, high=have)
        else:
            e.log(st, "608.2d", said("{who} has no energy, so pays 0.", who=who), "energy", who)
        e.pay_energy(st, who, amount, CardName(name), "608.2d")
        if amount == 0:
            nothing = "; ".join(getattr(x, "if_none", "") for x in self.then if getattr(x, "if_none", ""))
            e.log(st, "608.2d", said("{who} pays no energy: {card} {what}.", who=who, card=CardName(name),
                                     what=Quote(nothing, name)) if nothing else
                  said("{who} pays no energy.", who=who), "energy", who)
        res.vars["paid"] = amount
        run_all(res, self.then)

    def words(self) -> tuple[str, ...]:
        return ("pay any amount of {E}",)


def _outcome(effects: Iterable[Effect]) -> str:
    said = [getattr(x, "outcome", "") for x in effects]
    return ": " + "; ".join(s for s in said if s) if any(said) else ""


@effect("may_pay")
@dataclass(frozen=True)
class MayPay(Effect):
    """You may pay a cost; if you do, effects follow at once, or when you do, a reflexive trigger
    (CR 118.12, 603.12)."""

    cost: Cost = field(kind="cost")
    if_you_do: tuple[Effect, ...] = field(kind="effects", default=())
    when_you_do: Reflexive | None = field(kind="reflexive", default=None)
    if_you_dont: tuple[Effect, ...] = field(kind="effects", default=())  # "... unless you pay" (CR 118.12a)

    def __post_init__(self) -> None:
        self.cost.no_x("may_pay")

    def run(self, res: Resolving) -> None:
        st, who, name = res.st, res.controller, res.item.name
        n = self.cost.fixed_energy
        have = q.player(st, who).energy
        if have < n:
            values: dict[str, Value] = {"who": who, "have": have, "cost": energy_words(n), "whose": Whose(CardName(name))}
            e.log(st, "118.3", said("{who} has {have} energy, so can't pay {cost} for {whose} trigger.", **values)
                  if have else said("{who} has no energy, so can't pay {cost} for {whose} trigger.", **values),
                  "energy", who)
            run_all(res, self.if_you_dont)
            return
        link = "when you do" if self.when_you_do else "if you do"
        rest = _after_payment(res.item.text) if not self.if_you_dont else _unless(res.item.text)
        ask = said("Pay {cost} for {card}?{rest}", cost=energy_words(n), card=CardName(name),
                   rest=Quote(rest, name)) if rest else said("Pay {cost} for {card}?", cost=energy_words(n),
                                                             card=CardName(name))
        if not res.choose(MayPayChoice, who, ask, "118.12",
                          options=(True, False), data={"amount": n, "link": link}):
            e.log(st, "118.12", said("{who} chooses not to pay: no reflexive trigger.", who=who) if self.when_you_do
                  else said("{who} chooses not to pay: so{what}", who=who, what=Quote(rest.partition(',')[2], name))
                  if self.if_you_dont else said("{who} chooses not to pay: nothing happens.", who=who),
                  "choice", who)
            run_all(res, self.if_you_dont)
            return
        e.pay_energy(st, who, n, said("{whose} trigger", whose=Whose(CardName(name))), "118.12")
        if self.if_you_dont:
            e.log(st, "118.12a", said("{who} paid, so what would happen \"unless you pay\" doesn't.", who=who), "rule",
                  who)
            return
        if self.when_you_do is None:
            e.log(st, "118.12", said("\"If you do\": the effect follows at once, in the same resolution; no player "
                                     "can act between the payment and it (CR 118.12, 608.2g, 117.3b). Players could "
                                     "respond only to the trigger, before it resolved."), "rule", who)
            run_all(res, self.if_you_do)
            return
        reflexive = self.when_you_do
        st.waiting.append(Trigger(e.new_id(st), who, name, _reflexive_text(res.item.text),
                                  reflexive.effects, res.item.source,
                                  reflexive.targets.what if reflexive.targets else None,
                                  {"source_name": name}, kind="reflexive"))
        e.log(st, "603.12", said("\"When you do\": a reflexive ability triggers. Its target is chosen as it goes on "
                                 "the stack, and players may respond to it."), "trigger", who)

    def words(self) -> tuple[str, ...]:
        if self.if_you_dont:
            return (f"unless you pay {energy_words(self.cost.energy)}",) + tuple(
                w for x in self.if_you_dont for w in x.words())
        link = "When you do" if self.when_you_do else "If you do"
        inner = self.when_you_do.effects if self.when_you_do else self.if_you_do
        extra = self.when_you_do.targets.words() if self.when_you_do and self.when_you_do.targets else ()
        return (f"you may pay {energy_words(self.cost.energy)}", link) + extra + tuple(
            w for x in inner for w in x.words())


def _after_payment(text: str) -> str:
    """The sentences after "you may pay ...", as the choice's prompt says them."""
    _, _, rest = text.partition("you may pay ")
    _, _, rest = rest.partition(". ")
    return f" {rest.rstrip('.')}" if rest else ""


def _unless(text: str) -> str:
    """What happens unless the player pays: "sacrifice this enchantment unless you pay {E}"."""
    before, _, _ = text.partition(" unless you pay")
    said = before.rsplit(", ", 1)[-1]
    return f" If you don't, {said}." if said else ""


@effect("pay_or")
@dataclass(frozen=True)
class PayOr(Effect):
    """Pay a cost if you can; if you can't, effects follow ("pay {E}{E}. If you can't, ...").

    The payment isn't optional, and a cost can't be paid in part (CR 118.3).
    """

    cost: Cost = field(kind="cost")
    if_you_cant: tuple[Effect, ...] = field(kind="effects", default=())

    def __post_init__(self) -> None:
        self.cost.no_x("pay_or")

    def run(self, res: Resolving) -> None:
        st, who, name = res.st, res.controller, res.item.name
        n, have = self.cost.fixed_energy, q.player(st, who).energy
        if have >= n:
            e.pay_energy(st, who, n, said("{whose} trigger (it must be paid when it can be)",
                                          whose=Whose(CardName(name))), "118.3")
            return
        values: dict[str, Value] = {"who": who, "have": have, "cost": energy_words(n)}
        e.log(st, "118.3", said("{who} has {have} energy and can't pay {cost}: a cost can't be paid in part, so what "
                                "follows \"if you can't\" happens.", **values) if have else
              said("{who} has no energy and can't pay {cost}: a cost can't be paid in part, so what follows \"if "
                   "you can't\" happens.", **values), "energy", who)
        run_all(res, self.if_you_cant)

    def words(self) -> tuple[str, ...]:
        return (f"pay {energy_words(self.cost.energy)}", "If you can't") + tuple(
            w for x in self.if_you_cant for w in x.words())


def _reflexive_text(text: str) -> str:
    _, _, rest = text.partition("When you do, ")
    return rest[:1].upper() + rest[1:] if rest else text
