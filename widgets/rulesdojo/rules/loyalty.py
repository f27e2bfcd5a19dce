"""Planeswalkers: loyalty abilities (CR 606), loyalty counters, and 0 loyalty (CR 704.5i).

A planeswalker enters with its printed loyalty in loyalty counters (CR 306.5b, in ``engine.enter``)
and damage dealt to it removes them (CR 120.3c, in ``engine.deal_damage``); this module holds what
activating a loyalty ability checks and pays, and the state-based action.
"""

from __future__ import annotations

from . import engine as e
from .said import CardName, Whose, said, said_n
from . import query as q
from .errors import IllegalAction, LoyaltyAbilityError
from .objects import LOYALTY, GameState, Permanent
from .parts import loyalty_words

MAIN = ("precombat main", "postcombat main")


def loyalty(p: Permanent) -> int:
    """A planeswalker's loyalty: the loyalty counters on it (CR 306.5c).

    >>> loyalty(Permanent(1, "Nissa, Voice of Zendikar", "Alice", "Alice", counters={"loyalty": 3}))
    3
    """
    return p.counters.get(LOYALTY, 0)


def check_loyalty_ability(st: GameState, perm: Permanent, cost: int, who: str) -> None:
    """Refuse a loyalty ability outside the rules: only at sorcery timing on your own turn, once
    each turn for each permanent (CR 606.3), and a minus cost no larger than its loyalty (CR 606.6).

    >>> from .objects import Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", loyalty_used=(1,))
    >>> check_loyalty_ability(st, Permanent(1, "Nissa", "Alice", "Alice"), 1, "Alice")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.LoyaltyAbilityError: A loyalty ability of Alice's Nissa has already been activated this turn: only one each turn for each permanent. (CR 606.3)
    """
    if perm.id in st.loyalty_used:
        raise LoyaltyAbilityError(f"A loyalty ability of {perm.controller}'s {perm.card} has already been "
                                  "activated this turn: only one each turn for each permanent.", rule="606.3")
    if st.active != who or st.step not in MAIN or st.stack:
        raise LoyaltyAbilityError(f"{perm.card}'s loyalty abilities can be activated only in a main phase "
                                  "of your own turn while the stack is empty.", rule="606.3")
    if cost < 0 and loyalty(perm) < -cost:
        raise LoyaltyAbilityError(f"{perm.card} has {loyalty(perm)} loyalty: its {loyalty_words(cost)} "
                                  "ability needs at least that many loyalty counters to remove.", rule="606.6")


def pay_loyalty(st: GameState, perm: Permanent, cost: int, who: str) -> None:
    """Pay a loyalty cost: put on or remove that many loyalty counters (CR 606.4), and remember the
    permanent has used its loyalty ability this turn (CR 606.3).

    Putting them is putting counters: effects that change how many counters are put apply (CR 606.4
    "This cost may be modified by other effects"; Doubling Season doubles a +1).
    """
    st.loyalty_used += (perm.id,)
    if cost > 0:
        e.put_counters(e.Direct(st), perm, LOYALTY, cost, putter=who,
                       source=said("the {cost} cost of its loyalty ability (CR 606.4)", cost=loyalty_words(cost)))
    elif cost < 0:
        perm.counters[LOYALTY] = loyalty(perm) + cost
        e.log(st, "606.4", said_n("{who} removes {n} loyalty counter from {card} to pay its {cost} cost; {left} "
                                  "loyalty left.", "{who} removes {n} loyalty counters from {card} to pay its {cost} "
                                  "cost; {left} loyalty left.", -cost, who=who, card=CardName(perm.card),
                                  cost=loyalty_words(cost), left=loyalty(perm)), "counters", who)
    else:
        e.log(st, "606.4", said("{who} activates {whose} 0 ability: no loyalty counter is put or removed.", who=who,
                                whose=Whose(CardName(perm.card))), "counters", who)


def attacked_walkers(st: GameState, attacker: str, attackers: tuple[int, ...],
                     at: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Check which planeswalker each creature attacks: one an opponent controls, at most one for each
    attacking creature (CR 508.1b); return the pairs.

    >>> from .objects import Player
    >>> attacked_walkers(GameState([Player("Alice"), Player("Nadia")]), "Alice", (1,), ((1, 9),))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: A creature attacks a player or a planeswalker an opponent controls: 9 isn't one. (CR 508.1b)
    """
    seen: set[int] = set()
    for a, w in at:
        if a not in attackers or a in seen:
            raise IllegalAction("Each planeswalker attacked is named for one of the declared attackers, "
                                "once.", rule="508.1b")
        walker = q.permanent(st, w)
        if walker is None or walker.controller == attacker or not q.is_type(st, walker, "Planeswalker"):
            raise IllegalAction(f"A creature attacks a player or a planeswalker an opponent controls: {w} "
                                "isn't one.", rule="508.1b")
        seen.add(a)
    return tuple(at)


def opposing_walkers(st: GameState, attacker: str) -> list[int]:
    """The planeswalkers ``attacker``'s creatures could attack (CR 508.1b)."""
    return [p.id for p in st.battlefield if p.controller != attacker and q.is_type(st, p, "Planeswalker")]


def zero_loyalty(st: GameState) -> list[Permanent]:
    """The planeswalkers with 0 loyalty, which go to their owners' graveyards (CR 704.5i)."""
    return [p for p in st.battlefield if q.is_type(st, p, "Planeswalker") and loyalty(p) <= 0]
