"""The actions a player with priority may take now, found by trying each one against its check.

``Game.generate_legal_actions`` yields these, and ``LegalActions`` iterates that: every candidate
is checked by the same function that checks it when it is taken (``rules/checks.py``).
"""

from __future__ import annotations

from itertools import product
from typing import Any, Callable, Iterator

from . import casting, checks
from . import query as q
from .actions import ActivateAbility, CastSpell, PlayLand
from .cards import Ability, Card
from .effects.choices import modal
from .errors import RulesError
from .objects import CardObject, GameState, Permanent
from .targets import announced_xs, target_candidates, target_sets


def from_hand(st: GameState, who: str) -> Iterator[ActivateAbility | PlayLand | CastSpell]:
    """Yield the legal actions with ``who``'s cards in hand, card by card: abilities activated from
    a hand (CR 113.6m), land plays (CR 305.1), then spells cast (CR 601.2).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); _ = g.add_card("Alice", "Forest"), g.add_card("Alice", "Grizzly Bears")
    >>> _ = g.add_permanent("Alice", "Forest"), g.add_permanent("Alice", "Forest")
    >>> list(from_hand(g.state, "Alice"))
    [PlayLand(card=1, back=False), CastSpell(card=2, targets=(), sacrifice=(), mana=None, mode=None)]
    """
    for obj in q.player(st, who).hand:
        c = q.card(st, obj)
        for i, _ in enumerate(q.hand_abilities(c)):
            if _ok(checks.check_activate_from_hand, st, ActivateAbility(obj.id, i)):
                yield ActivateAbility(obj.id, i)
        if c.back is not None and _ok(checks.check_play_land, st, PlayLand(obj.id, back=True)):
            yield PlayLand(obj.id, back=True)
        if "Land" in c.types:
            if _ok(checks.check_play_land, st, PlayLand(obj.id)):
                yield PlayLand(obj.id)
            continue
        yield from spells(st, who, obj, c)


def spells(st: GameState, who: str, obj: CardObject, c: Card) -> Iterator[CastSpell]:
    """Yield each legal way to cast a card: its modes (CR 700.2a), targets (CR 601.2c) and what
    an additional cost sacrifices (CR 601.2b).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); bears = g.add_card("Alice", "Grizzly Bears")
    >>> obj = g.player("Alice").hand[0]; list(spells(g.state, "Alice", obj, g.cards.named("Grizzly Bears")))
    []
    """
    chooser = modal(c.spell.effects) if c.spell else None
    modes = chooser.legal_modes(st, who) if chooser else [None]
    extra = casting.additional_sacrifice(c)
    sacrifices = [(pid,) for pid in casting.can_sacrifice(st, who, extra)] if extra else [()]
    for mode in modes:
        spec = casting.spell_target_spec(c, mode)
        for targets in target_sets(st, spec, who) if spec else [()]:
            for sac in sacrifices:
                a = CastSpell(obj.id, targets, sac, mode=mode)
                if _ok(checks.check_cast, st, a):
                    yield a


def from_battlefield(st: GameState, who: str) -> Iterator[ActivateAbility]:
    """Yield the legal activations of the abilities of ``who``'s permanents (CR 602.2).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> list(from_battlefield(g.state, "Alice"))
    [ActivateAbility(source=1, index=0, mana='G', targets=(), pay=None, sacrifice=(), x=None)]
    """
    for p in st.battlefield:
        if p.controller != who:
            continue
        for i, ab in enumerate(q.abilities(st, p)):
            yield from activations(st, who, p, i, ab)


def activations(st: GameState, who: str, p: Permanent, i: int, ab: Ability) -> Iterator[ActivateAbility]:
    """Yield each legal way to activate ability ``i`` of ``p``: the mana it adds (CR 106.1b), the
    value of X (CR 107.3a), its target (CR 602.2b) and what it sacrifices (CR 701.21a)."""
    kinds = (q.mana_options(st, p, ab) or (None,)) if ab.is_mana_ability else (None,)
    kind = ab.cost.sacrifice if ab.cost is not None else ""
    sacrifices = ([(pid,) for pid in casting.can_sacrifice(st, who, kind)]
                  if kind not in ("", "self") else [()])
    for x in announced_xs(st, ab, who) if ab.x_energy else (None,):
        aims: list[tuple[Any, ...]] = ([(t,) for t in target_candidates(st, ab.target_spec, who, x)]
                                       if ab.targets is not None else [()])
        aims += [()] if ab.targets is not None and ab.targets.up_to_one else []
        for m, targets, sac in product(kinds, aims, sacrifices):
            act = ActivateAbility(p.id, i, m, targets, sacrifice=sac, x=x)
            if _ok(checks.check_activate, st, act):
                yield act


def _ok(check: Callable[[GameState, Any], object], st: GameState, action: Any) -> bool:
    try:
        check(st, action)
    except RulesError:
        return False
    return True
