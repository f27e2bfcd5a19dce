"""Read the game: who is who, and each permanent's characteristics as the rules compute them.

>>> from .cardset import CardSet
>>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", cards=CardSet.shipped())
>>> st.battlefield.append(Permanent(1, "Grizzly Bears", "Alice", "Alice", counters={"+1/+1": 1}))
>>> bears = present(st, 1); type_line(st, bears), power(st, bears), toughness(st, bears)
('Creature — Bear', 3, 3)
>>> can_tap_for_cost(st, bears), describe_target(st, 1), describe_target(st, 9)
(False, "Alice's Grizzly Bears", 'object 9 (gone)')
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

from .cards import BASIC_MANA, Ability, Card
from .errors import IllegalAction
from .mana import TYPES
from .said import CardName, Value, Whose, said
from .objects import MINUS_ONE, PLUS_ONE, CardObject, GameState, Permanent, Player, StackItem
from .parts import Cost, adds_mana, build_effects
from .statics import AddTypes, CountsPowerToughness, EquippedHas, Static

S = TypeVar("S", bound=Static)


def player(st: GameState, name: str) -> Player:
    """Return the player named ``name``.

    >>> player(GameState([Player("Alice")]), "Bob")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: There is no player named 'Bob'.
    """
    for p in st.players:
        if p.name == name:
            return p
    raise IllegalAction(f"There is no player named {name!r}.")


def in_game(st: GameState) -> list[Player]:
    return [p for p in st.players if not p.lost]


def apnap(st: GameState) -> list[Player]:
    """Return players in APNAP order: the active player, then the others in turn order (CR 101.4).

    >>> st = GameState([Player("Alice"), Player("Nadia"), Player("Kai")], active="Nadia")
    >>> [p.name for p in apnap(st)], next_player(st, "Kai")
    (['Nadia', 'Kai', 'Alice'], 'Alice')
    """
    names = [p.name for p in st.players]
    i = names.index(st.active)
    return [p for p in st.players[i:] + st.players[:i] if not p.lost]


def next_player(st: GameState, name: str) -> str:
    order = [p.name for p in apnap(st)]
    return order[(order.index(name) + 1) % len(order)]


def opponents(st: GameState, name: str) -> list[Player]:
    return [p for p in in_game(st) if p.name != name]


def permanent(st: GameState, pid: object) -> Permanent | None:
    for p in st.battlefield:
        if p.id == pid:
            return p
    return None


def present(st: GameState, pid: object) -> Permanent:
    """Return the permanent with this id, which the game has just found on the battlefield; refuse
    by rule if it is gone (CR 110.1)."""
    p = permanent(st, pid)
    if p is None:
        raise IllegalAction(f"No permanent {pid!r} is on the battlefield.", rule="110.1")
    return p


def card(st: GameState, obj: CardObject | Permanent) -> Card:
    """Return the card an object (in a zone, on the battlefield, on the stack) is, from the game's set."""
    found: Card = st.cards.named(obj.card)
    return found


def statics(st: GameState, kind: type[S], controller: str | None = None) -> list[tuple[Permanent, S]]:
    """Return (permanent, static ability) for each static of a kind on the battlefield (CR 604.1)."""
    return [(p, s) for p in st.battlefield if controller in (None, p.controller)
            for s in card(st, p).statics if isinstance(s, kind)]


def _added(st: GameState, p: Permanent) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Types and subtypes other permanents' statics give ``p`` (CR 613.1d), read from printed types."""
    printed = card(st, p).types
    types: tuple[str, ...] = ()
    subs: tuple[str, ...] = ()
    for src, s in statics(st, AddTypes):
        if s.applies(src, p, printed):
            types += s.types
            subs += s.subtypes
    return types, subs


def types(st: GameState, p: Permanent) -> tuple[str, ...]:
    base = card(st, p).types
    extra = tuple(t for t in dict.fromkeys(p.added_types + _added(st, p)[0]) if t not in base)
    return extra + base


def subtypes(st: GameState, p: Permanent) -> tuple[str, ...]:
    subs = card(st, p).subtypes + p.added_subtypes
    return subs + tuple(s for s in dict.fromkeys(_added(st, p)[1]) if s not in subs)


def type_line(st: GameState, p: Permanent) -> str:
    sup = card(st, p).supertypes + (("Token",) if p.token else ())
    left = " ".join(sup + types(st, p))
    subs = subtypes(st, p)
    return f"{left} — {' '.join(subs)}" if subs else left


def is_type(st: GameState, p: Permanent, t: str) -> bool:
    return t in types(st, p)


def creatures_of(st: GameState, who: str) -> list[Permanent]:
    """Return the creatures a player controls, now."""
    return [p for p in st.battlefield if p.controller == who and is_type(st, p, "Creature")]


def equipped(st: GameState, equipment: Permanent | None) -> list[Permanent]:
    """Return the creature an Equipment is attached to, if any (CR 301.5a)."""
    found = permanent(st, equipment.attached_to) if equipment is not None and equipment.attached_to else None
    return [found] if found is not None else []


def colors(st: GameState, p: Permanent) -> tuple[str, ...]:
    """Return a permanent's colors: its color indicator or token colors, else its mana cost's (CR 105.2, 202.2a)."""
    c = card(st, p)
    return c.colors or c.mana_cost.colors


def base_power_toughness(st: GameState, p: Permanent) -> tuple[int, int]:
    if p.set_power_toughness is not None:  # an effect set them (CR 613.4b)
        return p.set_power_toughness
    c = card(st, p)
    for s in c.statics:  # characteristic-defining (CR 604.3): the number of lands its controller controls
        if isinstance(s, CountsPowerToughness):
            n = sum(1 for x in st.battlefield if x.controller == p.controller and is_type(st, x, "Land"))
            return n, n
    return c.power or 0, c.toughness or 0


def lands_of(st: GameState, who: str) -> int:
    """The number of lands a player controls, counted now (CR 608.2h)."""
    return sum(1 for x in st.battlefield if x.controller == who and is_type(st, x, "Land"))


def counters_pt(p: Permanent) -> int:
    """+1/+1 and -1/-1 counters: each gives +1/+1 or -1/-1 (CR 122.1a).

    >>> counters_pt(Permanent(1, "Grizzly Bears", "Alice", "Alice", counters={"+1/+1": 1, "-1/-1": 3}))
    -2
    """
    return p.counters.get(PLUS_ONE, 0) - p.counters.get(MINUS_ONE, 0)


def power(st: GameState, p: Permanent) -> int:
    return base_power_toughness(st, p)[0] + counters_pt(p) + p.eot_power


def toughness(st: GameState, p: Permanent) -> int:
    return base_power_toughness(st, p)[1] + counters_pt(p) + p.eot_toughness


def keywords(st: GameState, p: Permanent) -> tuple[str, ...]:
    kw = list(card(st, p).keywords) + list(p.added_keywords) + list(p.eot_keywords) + [
        em.grants for em in st.emblems if em.owner == p.controller and is_type(st, p, em.to_type)]
    for x in st.battlefield:  # an Equipment's "equipped creature has ..." (CR 301.5a)
        if x.attached_to == p.id:
            kw += [k for s in card(st, x).statics if isinstance(s, EquippedHas) for k in s.equipped_has]
    if p.counters.get("flying"):
        kw.append("flying")
    return tuple(dict.fromkeys(kw))


def abilities(st: GameState, p: Permanent) -> tuple[Ability, ...]:
    """Return a permanent's activated abilities, with each basic land type's intrinsic one (CR 305.6)."""
    own = card(st, p).activated
    return own + tuple(_intrinsic(BASIC_MANA[s]) for s in subtypes(st, p) if s in BASIC_MANA)


@cache
def _intrinsic(t: str) -> Ability:
    return Ability(f"{{T}}: Add {{{t}}}.", cost=Cost(tap=True), effects=build_effects([{"add_mana": [t]}]))


def can_tap_for_cost(st: GameState, p: Permanent) -> bool:
    """A creature can't pay {T} unless under control since the turn began (CR 302.6)."""
    if p.tapped:
        return False
    return not (is_type(st, p, "Creature") and p.sick and "haste" not in keywords(st, p))


def land_mana_types(st: GameState, who: str) -> tuple[str, ...]:
    """Types of mana a land ``who`` controls could produce, costs ignored (CR 106.7)."""
    found: list[str] = []
    for p in st.battlefield:
        if p.controller == who and is_type(st, p, "Land"):
            for a in abilities(st, p):
                if a.is_mana_ability and not any(adds_mana(e) and e.any_land_type for e in a.effects):
                    found += [t for t in mana_options(st, p, a) if t not in found]
    return tuple(t for t in TYPES if t in found)


def mana_options(st: GameState, p: Permanent, a: Ability) -> tuple[str, ...]:
    # a mana ability's effects all add mana (CR 605.1a); ``adds_mana`` says so to the type checker
    return tuple(dict.fromkeys(t for e in a.effects if adds_mana(e) for t in e.options(st, p.controller)))


def describe_target(st: GameState, t: object) -> str:
    if isinstance(t, str):
        return t
    p = permanent(st, t) or on_stack(st, t)
    if p is None:
        return f"object {t} (gone)"
    return f"{p.controller}'s {p.card}" if isinstance(p, Permanent) else f"{p.controller}'s {p.name}"


def target_said(st: GameState, t: object) -> Value:
    """A target as a log sentence names it: a player, "Alice's Grizzly Bears" (``describe_target`` in
    a value any language can say)."""
    if isinstance(t, str):
        return t
    p = permanent(st, t) or on_stack(st, t)
    if p is None:
        return said("object {id} (gone)", id=str(t))
    return said("{whose} {card}", whose=Whose(p.controller),
                card=CardName(p.card if isinstance(p, Permanent) else p.name))


def hand_abilities(c: Card) -> tuple[Ability, ...]:
    """A card's activated abilities that work from its owner's hand: their cost discards it
    (cycling, CR 702.29a, 113.6m)."""
    return tuple(a for a in c.activated if a.cost is not None and a.cost.discard)


def on_stack(st: GameState, item_id: object) -> StackItem | None:
    """Return the spell or ability with this id on the stack, or None."""
    return next((i for i in st.stack if i.id == item_id), None)
