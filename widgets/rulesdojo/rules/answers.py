"""Answer the choice the game is waiting for: check the answer, then carry it out."""

from __future__ import annotations

from itertools import combinations, permutations, product

from . import engine as e
from . import query as q
from . import turn
from .actions import (ChooseAmount, ChooseMana, ChooseMay, ChooseObjects, ChoosePay, ChooseTargets,
                      DeclareAttackers, DeclareBlockers, OrderReplacements, OrderTriggers)
from .errors import CannotPay, IllegalAction
from .objects import GameState, Pending
from .effects.choices import modal
from .resolve import resolve_top

EXPECTS = {
    "order_triggers": OrderTriggers, "choose_targets": ChooseTargets, "may_pay": ChoosePay,
    "pay_any": ChooseAmount, "choose_mana": ChooseMana, "proliferate": ChooseObjects,
    "search": ChooseObjects, "marvel": ChooseObjects, "legend_rule": ChooseObjects,
    "discard": ChooseObjects, "order_replacements": OrderReplacements, "may": ChooseMay,
    "choose_mode": ChooseObjects,
    "scry": ChooseObjects, "scry_top": ChooseObjects, "cast_exiled": ChooseObjects,
    "remove_counters": ChooseAmount,
    "declare_attackers": DeclareAttackers, "declare_blockers": DeclareBlockers,
}


def validate(st: GameState, pend: Pending, a):
    """Return the answer's value if it fits the pending choice; raise naming the rule if not."""
    want = EXPECTS[pend.kind]
    if not isinstance(a, want):
        raise IllegalAction(f"{pend.player} must answer first: {pend.prompt}.", rule=pend.rule)
    k = pend.kind
    if k in ("order_triggers", "order_replacements"):
        if sorted(a.order) != sorted(pend.options) or len(set(a.order)) != len(a.order):
            raise IllegalAction("List each of them exactly once, in the order they go on.",
                                rule=pend.rule)
        return tuple(a.order)
    if k == "choose_targets":
        if len(a.targets) != 1 or a.targets[0] not in pend.options:
            raise IllegalAction("Choose one legal target.", rule=pend.rule)
        return tuple(a.targets)
    if k == "may_pay":
        return bool(a.pay)
    if k == "may":
        return bool(a.yes)
    if k in ("pay_any", "remove_counters"):
        if not isinstance(a.amount, int) or a.amount < 0:
            raise IllegalAction("The amount can't be negative.", rule="107.1b")
        if k == "remove_counters" and a.amount > pend.high:
            raise IllegalAction(f"Remove at most {pend.high}.", rule=pend.rule)
        if a.amount > pend.high:
            raise CannotPay(f"{pend.player} has {pend.high} energy and can't pay {a.amount}: you "
                            "can't pay more energy than you have", rule="118.3")
        return a.amount
    if k == "choose_mana":
        if a.mana not in pend.options:
            raise IllegalAction(f"Choose one of {', '.join(pend.options)}.", rule=pend.rule)
        return a.mana
    if k == "declare_attackers":
        for p in (q.permanent(st, x) for x in a.attackers if x not in pend.options):
            if p is not None and p.controller == pend.player and p.sick and not p.tapped:
                raise IllegalAction(f"{p.card} came under {p.controller}'s control this turn: it can't "
                                    "attack (summoning sickness).", rule="302.6")
        return _checked_picks(a.attackers, pend, "attack")
    if k == "declare_blockers":
        return _checked_blocks(st, pend, a.blocks)
    picks = tuple(a.picks)
    if len(set(picks)) != len(picks) or any(p not in pend.options for p in picks):
        raise IllegalAction("Choose only from the options offered, each at most once.", rule=pend.rule)
    if k in ("search", "marvel", "cast_exiled") and not pend.low <= len(picks) <= max(pend.high, 1):
        most = "one card" if pend.high <= 1 else f"up to {pend.high} cards"
        raise IllegalAction(f"Choose {'exactly' if pend.low == pend.high else 'at most'} {most}.",
                            rule=pend.rule)
    if k in ("legend_rule", "discard", "choose_mode", "scry_top") and len(picks) != pend.low:
        raise IllegalAction(f"Choose exactly {pend.low}.", rule=pend.rule)
    return picks


def _checked_picks(picks, pend: Pending, verb: str):
    if len(set(picks)) != len(picks) or any(p not in pend.options for p in picks):
        raise IllegalAction(f"Only untapped creatures that can {verb} may be declared, each once.",
                            rule=pend.rule)
    return tuple(picks)


def _checked_blocks(st: GameState, pend: Pending, blocks):
    blockers = [b for b, _ in blocks]
    attackers = [a for _, a in blocks]
    _checked_picks(tuple(blockers), pend, "block")
    for b, a in blocks:
        att = q.permanent(st, a)
        if att is None or not att.attacking:
            raise IllegalAction("A blocker must block an attacking creature.", rule="509.1a")
        if "flying" in q.keywords(st, att) and not {"flying", "reach"} & set(
                q.keywords(st, q.permanent(st, b))):
            raise IllegalAction(f"{att.card} has flying: only a creature with flying or reach can "
                                "block it.", rule="702.9b")
        blocker = q.permanent(st, b)
        if "intimidate" in q.keywords(st, att) and not (
                q.is_type(st, blocker, "Artifact") or set(q.colors(st, att)) & set(q.colors(st, blocker))):
            raise IllegalAction(f"{att.card} has intimidate: only an artifact creature or a creature that "
                                f"shares a color with it can block it, and {blocker.card} is neither.",
                                rule="702.13b")
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("The rules let several creatures block one attacker, but this engine "
                            "doesn't yet: one blocker per attacker.")
    return tuple(blocks)


def carry_out(st: GameState, value) -> GameState:
    """Apply a checked answer; a resolution-time answer replays that resolution."""
    pend = st.pending
    if pend.restart is not None:
        st = pend.restart
        resolve_top(st, pend.answers + (value,))
        return st
    st.pending = None
    k = pend.kind
    if k == "order_triggers":
        for i, tid in enumerate(value):
            next(t for t in st.waiting if t.id == tid).data["order"] = i
        names = " then ".join(next(t.name for t in st.waiting if t.id == tid) for tid in value)
        e.log(st, "603.3b", f"{pend.player} puts them on the stack in this order: {names}. The last "
              "one put on the stack resolves first.", "order", pend.player)
    elif k == "choose_targets":
        next(t for t in st.waiting if t.id == pend.item).data["targets"] = value
    elif k == "choose_mode":
        t = next(t for t in st.waiting if t.id == pend.item)
        t.data["mode"] = value[0]
        t.target_spec = modal(t.effects).mode(value[0]).target_spec
        e.log(st, "700.2b", f"{pend.player} chooses the mode of {t.name}'s ability as it goes on the "
              f"stack: {value[0]}", "choice", pend.player)
    elif k == "declare_attackers":
        turn.declare_attackers(st, value)
    elif k == "declare_blockers":
        turn.declare_blockers(st, value)
    elif k == "legend_rule":
        gone = [q.permanent(st, i) for i in pend.options if i not in value]
        e.leave(st, gone, "graveyard", "is put into the graveyard (legend rule)", "704.5j")
    elif k == "discard":
        p = q.player(st, pend.player)
        for cid in value:
            obj = next(c for c in p.hand if c.id == cid)
            e.move_card(st, obj, p.hand, p.graveyard)
            e.log(st, "514.1", f"{p.name} discards {obj.card}.", "zone", p.name)
        if not st.waiting:
            turn.end_step(st)
    return st


def answers_for(st: GameState, pend: Pending):
    """Yield every legal answer to the pending choice (lazily: subsets can be many)."""
    k, opts = pend.kind, pend.options
    if k == "order_triggers":
        yield from (OrderTriggers(p) for p in permutations(opts))
    elif k == "order_replacements":
        yield from (OrderReplacements(p) for p in permutations(opts))
    elif k == "choose_targets":
        yield from (ChooseTargets((o,)) for o in opts)
    elif k == "may_pay":
        yield from (ChoosePay(True), ChoosePay(False))
    elif k == "may":
        yield from (ChooseMay(True), ChooseMay(False))
    elif k == "choose_mode":
        yield from (ChooseObjects((o,)) for o in opts)
    elif k in ("pay_any", "remove_counters"):
        yield from (ChooseAmount(n) for n in range(pend.low, pend.high + 1))
    elif k in ("scry", "scry_top"):
        sizes = range(len(opts) + 1) if k == "scry" else (len(opts),)
        yield from (ChooseObjects(p) for n in sizes for c in combinations(opts, n) for p in permutations(c))
    elif k == "choose_mana":
        yield from (ChooseMana(m) for m in opts)
    elif k in ("search", "marvel", "cast_exiled"):
        yield from (ChooseObjects(c) for n in range(pend.low, max(pend.high, 1) + 1)
                    for c in combinations(opts, n))
    elif k in ("legend_rule", "discard"):
        yield from (ChooseObjects(c) for c in combinations(opts, pend.low))
    elif k == "proliferate":
        yield from (ChooseObjects(c) for n in range(len(opts) + 1) for c in combinations(opts, n))
    elif k == "declare_attackers":
        yield from (DeclareAttackers(c) for n in range(len(opts) + 1) for c in combinations(opts, n))
    elif k == "declare_blockers":
        attackers = [p.id for p in st.battlefield if p.attacking]
        for choice in product([None] + attackers, repeat=len(opts)):
            blocks = tuple((b, a) for b, a in zip(opts, choice) if a is not None)
            try:
                _checked_blocks(st, pend, blocks)
            except IllegalAction:
                continue
            yield DeclareBlockers(blocks)
