"""Triggered mana abilities: "Whenever you tap a Forest for mana, add an additional {G}."

Such an ability triggers from a mana ability and adds mana, so it is a mana ability itself
(CR 605.1b): it doesn't go on the stack and resolves at once, right after the mana ability that
triggered it (CR 605.4a).
"""

from __future__ import annotations

from . import engine as e
from .said import CardName, Whose, said
from . import query as q
from .mana import TYPE_SAID
from .objects import GameState, Permanent
from .happened import Happened


def tapped_for_mana(st: GameState, tapped: Permanent) -> None:
    """Resolve at once each "whenever you tap a ... for mana" ability that ``tapped`` triggers.

    >>> from .game import Game
    >>> from .actions import ActivateAbility
    >>> g = Game(["Alice", "Nadia"])
    >>> _ = g.add_permanent("Alice", "Nissa, Who Shakes the World")
    >>> events = g.apply(ActivateAbility(g.add_permanent("Alice", "Forest"), 0, "G"))
    >>> g.player("Alice").pool["G"], [ev.rule for ev in events]
    (2, ['605.3b', '605.4a'])
    """
    ev = Happened.tapped_for_mana(tapped)
    now = q.types(st, tapped) + q.subtypes(st, tapped)
    for src in list(st.battlefield):
        for ab in q.card(st, src).triggered:
            if ab.trigger is None or ab.trigger.event != "tapped_for_mana":
                continue
            if not ab.trigger.matches(src, ev, now):
                continue
            pool = q.player(st, src.controller).pool
            for t in ab.mana:
                pool[t] += 1
                e.log(st, "605.4a", said("{whose} {card}: {ability} Adds {mana} ({color}) at once: a triggered mana "
                                         "ability doesn't use the stack (CR 605.1b, 605.4a).",
                                         whose=Whose(src.controller), card=CardName(src.card),
                                         ability=e.ability_quote(q.card(st, src), ab), mana=f"{{{t}}}",
                                         color=TYPE_SAID[t]),
                      "mana", src.controller)
