"""Choices: what the rules ask one player now. Each kind checks an answer, lists the legal
answers, says itself in words, and resumes the game with the answer.

A choice made while a spell or ability resolves is answered by replaying that resolution
from its start with every answer so far (the game keeps the position to replay from in
its history, not in the state), so resolving stays a pure function of the game and the answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations, permutations, product
from collections.abc import Iterable
from typing import Any, ClassVar, Iterator, cast

from . import engine as e
from .said import CardName, Listed, Quote, Said, said
from . import query as q
from .actions import (ChooseAmount, ChooseMana, ChooseMay, ChooseObjects, ChoosePay, ChooseTargets,
                      DeclareAttackers, DeclareBlockers, OrderReplacements, OrderTriggers)
from .errors import CannotPay, IllegalAction
from .loyalty import attacked_walkers, opposing_walkers
from .objects import GameState, Trigger
from .parts import modal


@dataclass
class Choice:
    """A choice the rules give one player now; the game waits for the answer.

    >>> c = MayPay("Alice", "Pay {E} for Voltaic Brawler?", "118.12")
    >>> [a.pay for a in c.legal_answers(None)], c.words(), c.answer(True)
    ([True, False], 'Alice: Pay {E} for Voltaic Brawler? (CR 118.12)', ChoosePay(pay=True))
    """

    kind: ClassVar[str] = ""
    action: ClassVar[type] = object  # the action that answers it
    #: How the answer is asked for: "one" of the legal answers, "several" of the options, an "order"
    #: of the options, "pay" or not, or an "amount" from ``low`` to ``high``.
    form: ClassVar[str] = "one"

    player: str
    prompt: str
    rule: str
    options: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    item: int | None = None  # the stack object or trigger the choice belongs to
    answers: tuple[Any, ...] = ()  # answers already given in this resolution
    data: dict[str, Any] = field(default_factory=dict)
    #: the prompt as a value any language can say (``rules.said``), where the engine has it
    said: Said | None = field(default=None, compare=False, repr=False)

    def check(self, st: GameState, action: object) -> Any:
        """Return the answer's value if it answers this choice; raise naming the rule if not."""
        if not isinstance(action, self.action):
            raise IllegalAction(f"{self.player} must answer first: {self.prompt}.", rule=self.rule)
        return self.value(st, action)

    def answer(self, value: Any) -> object:
        """Return the action that gives ``value`` as the answer (checked when it is applied)."""
        return self.action(tuple(value) if isinstance(value, list) else value)

    # ``action`` is one of this class's ``action`` (``check`` says so); each kind names its own
    def value(self, st: GameState, action: Any) -> Any:
        raise NotImplementedError

    def legal_answers(self, st: GameState) -> Iterator[object]:
        """Yield every legal answer (lazily: subsets can be many)."""
        raise NotImplementedError

    def words(self) -> str:
        """Say the choice in words: who chooses what, and the rule."""
        return f"{self.player}: {self.prompt} (CR {self.rule})"

    def resume(self, st: GameState, value: Any) -> None:
        """Carry out a checked answer on the game (a resolution's choices are replayed instead)."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """The whole choice as plain data."""
        return {"kind": self.kind, "player": self.player, "prompt": self.prompt, "rule": self.rule,
                "options": list(self.options), "low": self.low, "high": self.high, "item": self.item,
                "answers": list(self.answers), "data": dict(self.data)}


class _Order(Choice):
    """An order of objects, chosen one object at a time as the rules have it: a player puts their
    triggers on the stack one after another (CR 603.3b); the affected player picks one replacement
    effect to apply, then picks again among the rest (CR 616.1, 616.1e, 616.1f).

    The legal answers are "this one next", one per object: listing every whole order instead
    would be n! answers (3.6 million for ten triggers), while this reaches each order in n - 1
    steps. A whole order, or any start of one, answers too; the objects not named are asked
    again, and once only one is left it takes the last place at once.

    >>> c = OrderTriggersChoice("Alice", "Order them", "603.3b", (7, 8, 9))
    >>> list(c.legal_answers(None))
    [OrderTriggers(order=(7,)), OrderTriggers(order=(8,)), OrderTriggers(order=(9,))]
    >>> c.value(None, OrderTriggers((9,))), c.value(None, OrderTriggers((9, 7)))
    ((9,), (9, 7, 8))
    """

    def value(self, st: GameState | None, action: OrderTriggers | OrderReplacements) -> tuple[int, ...]:
        order = tuple(action.order) if isinstance(action.order, (tuple, list)) else ()
        if not order or len(set(order)) != len(order) or any(o not in self.options for o in order):
            raise IllegalAction("Name each of them at most once, in the order they go; the ones you "
                                "don't name are asked next.", rule=self.rule)
        rest = tuple(o for o in self.options if o not in order)
        return order + rest if len(rest) == 1 else order

    def legal_answers(self, st: GameState) -> Iterator[OrderTriggers | OrderReplacements]:
        yield from (self.action((o,)) for o in self.options)

    def complete(self, value: tuple[int, ...]) -> bool:
        """Say whether ``value`` (a checked answer) finishes the order."""
        return len(value) == len(self.options)


class OrderTriggersChoice(_Order):
    """Put simultaneous triggered abilities on the stack in an order (CR 603.3b)."""

    kind, action, form = "order_triggers", OrderTriggers, "order"

    def value(self, st: GameState | None, action: OrderTriggers | OrderReplacements) -> tuple[int, ...]:
        order = super().value(st, action)
        return like_copies_in_turn(order, self.options, st.waiting) if st is not None else order

    def resume(self, st: GameState, value: tuple[int, ...]) -> None:
        mine = [t for t in st.waiting if t.controller == self.player]
        placed = sorted((t for t in mine if "order" in t.data), key=lambda t: t.data["order"])
        for i, tid in enumerate(value, start=len(placed)):
            next(t for t in st.waiting if t.id == tid).data["order"] = i
        now = [CardName(next(t.name for t in st.waiting if t.id == tid)) for tid in value]
        if not self.complete(value):
            left, these = len(self.options) - len(value), Listed(tuple(now), "then")
            e.log(st, "603.3b", said("{who} puts {these} on the stack next; {left} more to order.", who=self.player,
                                     these=these, left=left) if placed else
                  said("{who} puts {these} on the stack first; {left} more to order.", who=self.player,
                       these=these, left=left), "order", self.player)
            return
        names = Listed(tuple(CardName(t.name) for t in placed) + tuple(now), "then")
        e.log(st, "603.3b", said("{who} puts them on the stack in this order: {names}. The last one put on "
                                 "the stack resolves first.", who=self.player, names=names), "order", self.player)


def like_copies_in_turn(order: tuple[int, ...], options: tuple[int, ...], waiting: Iterable[Trigger]
                        ) -> tuple[int, ...]:
    """Put like copies of a triggered ability (one source, one trigger, alike in all but their id)
    on the stack in the order they triggered, wherever the player named them (CR 603.3b).

    Copies are interchangeable: putting one before the other is the same game, so every order of
    them is made one position (a lesson's worked line and a search see it once).

    >>> from rulesdojo.rules.objects import Trigger
    >>> waiting = [Trigger(12, "Alice", "Architect", "", (), 4), Trigger(13, "Alice", "Lynx", "", (), 5),
    ...            Trigger(15, "Alice", "Architect", "", (), 4)]
    >>> like_copies_in_turn((15, 13, 12), (12, 13, 15), waiting), like_copies_in_turn((15,), (12, 13, 15), waiting)
    ((12, 13, 15), (12,))
    """
    def alike(t: Trigger) -> tuple[object, ...]:
        return (t.controller, t.name, t.text, t.effects, t.source, t.target_spec, t.kind,
                {k: v for k, v in t.data.items() if k != "order"})
    by_id = {t.id: t for t in waiting if t.id in options}
    used: set[int] = set()
    out: list[int] = []
    for tid in order:
        copies = sorted(u.id for u in by_id.values() if u.id not in used and alike(u) == alike(by_id[tid]))
        out.append(copies[0])
        used.add(copies[0])
    return tuple(out)


class OrderReplacementsChoice(_Order):
    """Order replacement effects on one event: the affected player chooses (CR 616.1)."""

    kind, action = "order_replacements", OrderReplacements


class TargetChoice(Choice):
    """Choose a target for a triggered ability as it goes on the stack (CR 603.3d), or one target of a
    spell cast while something resolves (CR 601.2c: a two-target spell asks twice)."""

    kind, action = "choose_targets", ChooseTargets

    def answer(self, value: Any) -> ChooseTargets:
        return ChooseTargets(tuple(value) if isinstance(value, (list, tuple)) else (value,))

    def value(self, st: GameState, action: ChooseTargets) -> tuple[Any, ...]:
        if len(action.targets) != 1 or action.targets[0] not in self.options:
            raise IllegalAction("Choose one legal target.", rule=self.rule)
        return tuple(action.targets)

    def legal_answers(self, st: GameState) -> Iterator[ChooseTargets]:
        yield from (ChooseTargets((o,)) for o in self.options)

    def resume(self, st: GameState, value: tuple[Any, ...]) -> None:
        next(t for t in st.waiting if t.id == self.item).data["targets"] = value


class MayPay(Choice):
    """"You may pay ...": pay once, or don't (CR 118.12)."""

    kind, action, form = "may_pay", ChoosePay, "pay"

    def value(self, st: GameState, action: ChoosePay) -> bool:
        return bool(action.pay)

    def legal_answers(self, st: GameState) -> Iterator[ChoosePay]:
        yield from (ChoosePay(True), ChoosePay(False))


class MayChoice(Choice):
    """"You may ...": do it, or don't (CR 608.2d)."""

    kind, action = "may", ChooseMay

    def value(self, st: GameState, action: ChooseMay) -> bool:
        return bool(action.yes)

    def legal_answers(self, st: GameState) -> Iterator[ChooseMay]:
        yield from (ChooseMay(True), ChooseMay(False))


class PayAmount(Choice):
    """"Pay any amount of {E}": a whole number from ``low`` to ``high`` (CR 107.14, 608.2d)."""

    kind, action, form = "pay_any", ChooseAmount, "amount"

    def value(self, st: GameState, action: ChooseAmount) -> int:
        if not isinstance(action.amount, int) or isinstance(action.amount, bool) or action.amount < 0:
            raise IllegalAction("The amount can't be negative.", rule="107.1b")
        if action.amount > self.high:
            raise CannotPay(f"{self.player} has {self.high} energy and can't pay {action.amount}: you "
                            "can't pay more energy than you have", rule="118.3")
        return action.amount

    def legal_answers(self, st: GameState) -> Iterator[ChooseAmount]:
        yield from (ChooseAmount(n) for n in range(self.low, self.high + 1))


class RemoveCountersChoice(PayAmount):
    """Remove up to ``high`` counters of a kind (CR 608.2d)."""

    kind, form = "remove_counters", "one"

    def value(self, st: GameState, action: ChooseAmount) -> int:
        if isinstance(action.amount, int) and not isinstance(action.amount, bool) and action.amount > self.high:
            raise IllegalAction(f"Remove at most {self.high}.", rule=self.rule)
        return super().value(st, action)


class ColorChoice(Choice):
    """Choose the type of mana an effect adds (CR 106.1b)."""

    kind, action = "choose_mana", ChooseMana

    def value(self, st: GameState, action: ChooseMana) -> str:
        if action.mana not in self.options:
            raise IllegalAction(f"Choose one of {', '.join(self.options)}.", rule=self.rule)
        return action.mana

    def legal_answers(self, st: GameState) -> Iterator[ChooseMana]:
        yield from (ChooseMana(m) for m in self.options)


class ObjectsChoice(Choice):
    """Choose from ``low`` to ``high`` different objects or players among the options."""

    action = ChooseObjects

    def value(self, st: GameState, action: ChooseObjects) -> tuple[Any, ...]:
        picks = tuple(action.picks)
        if len(set(picks)) != len(picks) or any(p not in self.options for p in picks):
            raise IllegalAction("Choose only from the options offered, each at most once.", rule=self.rule)
        if not self.low <= len(picks) <= self.high:
            raise IllegalAction(f"Choose exactly {self.low}." if self.low == self.high else
                                f"Choose at most {self.high}." if not self.low else
                                f"Choose from {self.low} to {self.high}.", rule=self.rule)
        return picks

    def legal_answers(self, st: GameState) -> Iterator[ChooseObjects]:
        yield from (ChooseObjects(c) for n in range(self.low, self.high + 1)
                    for c in combinations(self.options, n))


class ModeChoice(ObjectsChoice):
    """Choose one mode of a modal triggered ability as it goes on the stack (CR 700.2b), or of a
    modal spell cast while something resolves (CR 700.2a, 608.2g: that answer replays the resolution)."""

    kind = "choose_mode"

    def resume(self, st: GameState, value: tuple[Any, ...]) -> None:
        t = next(t for t in st.waiting if t.id == self.item)
        t.data["mode"] = value[0]
        chooser = modal(t.effects)
        assert chooser is not None  # asked only for a modal trigger (turn._choose_mode)
        t.target_spec = chooser.mode(value[0]).target_spec
        e.log(st, "700.2b", said("{who} chooses the mode of {card}'s ability as it goes on the stack: {mode}",
                                 who=self.player, card=CardName(t.name), mode=Quote(value[0], t.name)),
              "choice", self.player)


class CastExiledChoice(ObjectsChoice):
    """You may cast the exiled card (at most one)."""

    kind = "cast_exiled"


class ScryChoice(ObjectsChoice):
    """Scry: the cards to put on the bottom, in order (CR 701.22a)."""

    kind = "scry"

    def legal_answers(self, st: GameState) -> Iterator[ChooseObjects]:
        yield from (ChooseObjects(p) for n in range(self.low, self.high + 1)
                    for c in combinations(self.options, n) for p in permutations(c))


class ScryTopChoice(ScryChoice):
    """Scry: the order of the cards left on top (CR 701.22a)."""

    kind = "scry_top"


class ProliferateChoice(ObjectsChoice):
    """Proliferate: any number of permanents and players with counters (CR 701.34a)."""

    kind, form = "proliferate", "several"


class SearchChoice(ObjectsChoice):
    """Search a library: find a card that fits, or nothing (CR 701.23a, 701.23b)."""

    kind = "search"


class CastFromAmongChoice(ObjectsChoice):
    """You may cast a spell from among the cards looked at (at most one)."""

    kind = "marvel"


class SacrificeChoice(ObjectsChoice):
    """Choose the permanent a cost sacrifices, as the cost is paid (CR 601.2h, 701.21a)."""

    kind = "sacrifice"


class LegendRuleChoice(ObjectsChoice):
    """The legend rule: keep one of the legendary permanents with the same name (CR 704.5j)."""

    kind = "legend_rule"

    def resume(self, st: GameState, value: tuple[Any, ...]) -> None:
        gone = [q.present(st, i) for i in self.options if i not in value]
        e.leave(st, gone, "graveyard", said("is put into the graveyard (legend rule)"), "704.5j")


class DiscardChoice(ObjectsChoice):
    """Discard down to the maximum hand size in the cleanup step (CR 514.1)."""

    kind, form = "discard", "several"

    def resume(self, st: GameState, value: tuple[Any, ...]) -> None:
        p = q.player(st, self.player)
        for cid in value:
            obj = next(c for c in p.hand if c.id == cid)
            e.move_card(st, obj, p.hand, p.graveyard)
            e.log(st, "514.1", said("{who} discards {card}.", who=p.name, card=CardName(obj.card)), "zone", p.name)


class AttackersChoice(Choice):
    """Declare attackers (CR 508.1): any of the creatures that can attack, or none."""

    kind, action, form = "declare_attackers", DeclareAttackers, "several"

    def value(self, st: GameState, action: DeclareAttackers
              ) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
        for p in (q.permanent(st, x) for x in action.attackers if x not in self.options):
            if p is not None and p.controller == self.player and p.sick and not p.tapped:
                raise IllegalAction(f"{p.card} came under {p.controller}'s control this turn: it can't "
                                    "attack (summoning sickness).", rule="302.6")
        picks = _picks(action.attackers, self, "attack")
        return picks, attacked_walkers(st, self.player, picks, action.at)

    def legal_answers(self, st: GameState) -> Iterator[DeclareAttackers]:
        """Each set of attackers, each attacking the defending player or one of their planeswalkers."""
        walkers = [None] + opposing_walkers(st, self.player)
        yield from (DeclareAttackers(c, tuple((a, w) for a, w in zip(c, aims) if w is not None))
                    for n in range(len(self.options) + 1) for c in combinations(self.options, n)
                    for aims in product(walkers, repeat=n))


class BlockersChoice(Choice):
    """Declare blockers (CR 509.1): pairs of (blocker, attacker)."""

    kind, action = "declare_blockers", DeclareBlockers

    def answer(self, value: Any) -> DeclareBlockers:
        return DeclareBlockers(tuple(tuple(pair) for pair in value))

    def value(self, st: GameState, action: DeclareBlockers) -> tuple[tuple[int, int], ...]:
        return _blocks(st, self, action.blocks)

    def legal_answers(self, st: GameState) -> Iterator[DeclareBlockers]:
        """Yield each legal set of blocks, no blocks first, the last blocker's choice changing fastest.

        Trying every (blocker, attacker) product and refusing the illegal ones would cost (a + 1)^b
        tries for a handful of answers (twenty blockers, one flyer); instead each blocker is offered
        only the attackers it may block and none taken by an earlier blocker, so every step of this
        odometer yields an answer.
        """
        attackers = [p.id for p in st.battlefield if p.attacking]
        can = [[None] + [a for a in attackers if _may_block(st, self, b, a)] for b in self.options]
        pick = [0] * len(can)
        taken: set[int | None] = set()
        while True:
            # a pick past 0 is an attacker (0 is the None of no block)
            yield DeclareBlockers(tuple((b, cast(int, c[k])) for b, c, k in zip(self.options, can, pick) if k))
            i = len(pick) - 1
            while i >= 0:
                taken.discard(can[i][pick[i]])
                k = next((k for k in range(pick[i] + 1, len(can[i])) if can[i][k] not in taken), 0)
                pick[i] = k
                if k:
                    taken.add(can[i][k])
                    break
                i -= 1
            else:
                return


def _may_block(st: GameState, choice: Choice, blocker: int, attacker: int) -> bool:
    try:
        _blocks(st, choice, ((blocker, attacker),))
    except IllegalAction:
        return False
    return True


def _picks(picks: tuple[int, ...], choice: Choice, verb: str) -> tuple[int, ...]:
    if len(set(picks)) != len(picks) or any(p not in choice.options for p in picks):
        raise IllegalAction(f"Only untapped creatures that can {verb} may be declared, each once.",
                            rule=choice.rule)
    return tuple(picks)


def _blocks(st: GameState, choice: Choice, blocks: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    blockers = [b for b, _ in blocks]
    attackers = [a for _, a in blocks]
    _picks(tuple(blockers), choice, "block")
    for b, a in blocks:
        att = q.permanent(st, a)
        if att is None or not att.attacking:
            raise IllegalAction("A blocker must block an attacking creature.", rule="509.1a")
        blocker = q.present(st, b)
        if "flying" in q.keywords(st, att) and not {"flying", "reach"} & set(q.keywords(st, blocker)):
            raise IllegalAction(f"{att.card} has flying: only a creature with flying or reach can "
                                "block it.", rule="702.9b")
        if "intimidate" in q.keywords(st, att) and not (
                q.is_type(st, blocker, "Artifact") or set(q.colors(st, att)) & set(q.colors(st, blocker))):
            raise IllegalAction(f"{att.card} has intimidate: only an artifact creature or a creature that "
                                f"shares a color with it can block it, and {blocker.card} is neither.",
                                rule="702.13b")
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("The rules let several creatures block one attacker, but this engine "
                            "doesn't yet: one blocker per attacker.")
    return tuple(blocks)

