"""The steps of casting a spell that every way of casting shares (CR 601.2): what its mode makes it
target, what its additional cost sacrifices, putting it on the stack and paying that cost.

A spell cast from a hand (``game``) and one cast while another object resolves (CR 608.2g:
Aetherworks Marvel, Amped Raptor) both go through these, so neither skips a step.
"""

from __future__ import annotations

from typing import Any

from . import engine as e
from .said import CardName, Listed, Said, said
from . import query as q
from .cards import Card
from .effects.choices import modal
from .objects import CardObject, GameState, StackItem
from .parts import SACRIFICED
from .targets import target_sets
from .happened import Happened



def spell_target_spec(c: Card, mode: str | None) -> str | None:
    """What a spell targets: for a modal spell, what its chosen mode targets (CR 700.2c)."""
    chooser = modal(c.spell.effects) if c.spell else None
    return chooser.mode(mode).target_spec if chooser is not None and mode is not None else c.target_spec


def additional_sacrifice(c: Card) -> str:
    """The kind of permanent a spell's additional cost sacrifices ("land"), or "" (CR 601.2b, 601.2f).

    >>> from .cards import card_from_data
    >>> additional_sacrifice(card_from_data({"name": "X", "cost": "{G}", "types": ["Sorcery"],
    ...     "oracle": "", "spell": {"cost": {"sacrifice": "land"}, "effects": ["draw"]}}))
    'land'
    """
    return c.spell.cost.sacrifice if c.spell is not None and c.spell.cost is not None else ""


def can_sacrifice(st: GameState, who: str, kind: str) -> list[int]:
    """The permanents of ``kind`` (a ``sacrifice:`` word other than self) a player could sacrifice to
    pay a cost: those they control (CR 701.21a).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> _ = g.add_permanent("Alice", "Grizzly Bears"), g.add_permanent("Nadia", "Forest")
    >>> can_sacrifice(g.state, "Alice", "land") == [forest]
    True
    """
    return [p.id for p in st.battlefield if p.controller == who and q.is_type(st, p, SACRIFICED[kind])]


def next_target_options(st: GameState, spec: str | None, who: str,
                        chosen: tuple[int | str, ...]) -> list[int | str]:
    """The legal choices for a spell's next target once ``chosen`` are chosen, in order: a two-target
    spell's second target depends on its first (Searing Blaze, CR 601.2c).

    >>> from .objects import Player
    >>> next_target_options(GameState([Player("Alice"), Player("Nadia")]), "opponent", "Alice", ())
    ['Nadia']
    """
    sets = [s for s in target_sets(st, spec, who) if s[:len(chosen)] == tuple(chosen)]
    return list(dict.fromkeys(s[len(chosen)] for s in sets if len(s) > len(chosen)))


def put_on_stack(st: GameState, who: str, c: Card, obj: CardObject, targets: tuple[Any, ...], mode: str | None,
                 how: Said | None = None, data: dict[str, Any] | None = None) -> StackItem:
    """Make the spell the card becomes, with its mode and targets, and say it is cast (CR 601.2a-c);
    ``become_cast`` puts it on the stack once its costs are paid."""
    item = StackItem(e.new_id(st), "spell", c.name, who, c.oracle, c.spell.effects if c.spell else (),
                     tuple(targets), spell_target_spec(c, mode), card=CardObject(obj.id, obj.card, obj.owner),
                     data={**(data or {}), **({"mode": mode} if mode else {})})
    st.moved[obj.id] = item.id
    e.log(st, "601.2", _casts(who, c.name, Listed(tuple(q.target_said(st, t) for t in targets)), how), "cast", who)
    if mode:
        e.log_mode(st, who, c.name, mode)
    return item


def _casts(who: str, name: str, targets: Listed, how: Said | None) -> Said:
    """Say a spell is cast, with its targets, and how when it isn't cast the usual way (``how``)."""
    card = CardName(name)
    if targets.items and how:
        return said("{who} casts {card} targeting {targets} {how}.", who=who, card=card, targets=targets, how=how)
    if targets.items:
        return said("{who} casts {card} targeting {targets}.", who=who, card=card, targets=targets)
    if how:
        return said("{who} casts {card} {how}.", who=who, card=card, how=how)
    return said("{who} casts {card}.", who=who, card=card)


def pay_sacrifice(st: GameState, name: str, picks: tuple[int, ...]) -> None:
    """Sacrifice what a spell's additional cost names, as the total cost is paid (CR 601.2h)."""
    for pid in picks:
        e.sacrifice(st, q.present(st, pid), said("is sacrificed as an additional cost to cast {card} (CR 601.2h)",
                                                 card=CardName(name)))


def become_cast(st: GameState, who: str, item: StackItem, c: Card) -> None:
    """The spell is on the stack and cast: "whenever you cast" abilities trigger (CR 601.2i)."""
    st.stack.append(item)
    e.emit(st, [Happened.cast(who, c.types)])
