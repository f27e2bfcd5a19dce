"""Auras (CR 303.4): an Aura spell targets what it will enchant and enters attached to it; an Aura
attached to nothing, or to what it can't enchant, goes to its owner's graveyard (CR 704.5m).

An Aura's "You control enchanted land" is a control-changing effect (CR 613.1b) that lasts while the
Aura stays attached to that permanent (``control.gain_control`` with ``until="attached"``).
"""

from __future__ import annotations

from . import control
from . import engine as e
from .said import CardName, Whose, said
from . import query as q
from .objects import GameState, Permanent
from .effects.control import EnchantedControl

ENCHANTS = {"enchant_land": "Land"}  # an enchant target kind -> the card type it may enchant


def attach_on_entering(st: GameState, aura: Permanent, spec: str | None, target: int | str) -> None:
    """Attach an Aura that resolved to what its spell targeted (CR 608.3c), with a new timestamp
    (CR 613.7e); its control-changing static then applies (CR 613.1b)."""
    if spec not in ENCHANTS or isinstance(target, str):
        return
    held = q.permanent(st, target)
    if held is None:
        return
    aura.attached_to = held.id
    e.log(st, "608.3c", said("{aura} enters attached to {whose} {card}: it enchants it (CR 303.4b).",
                             aura=CardName(aura.card), whose=Whose(held.controller), card=CardName(held.card)),
          "rule", aura.controller)
    if any(isinstance(s, EnchantedControl) for s in q.card(st, aura).statics):
        control.gain_control(st, held, aura.controller, "attached", aura.id, aura.card)


def legal_attachment(st: GameState, aura: Permanent) -> bool:
    """Say whether an Aura is attached to something its enchant ability allows (CR 303.4c)."""
    spec = q.card(st, aura).target_spec
    held = q.permanent(st, aura.attached_to) if aura.attached_to is not None else None
    return held is not None and q.is_type(st, held, ENCHANTS.get(spec or "", "Land"))


def aura_state_based_actions(st: GameState) -> bool:
    """Put each Aura attached illegally or to nothing into its owner's graveyard (CR 704.5m); say
    whether any was."""
    gone = [p for p in st.battlefield if "Aura" in q.subtypes(st, p) and not legal_attachment(st, p)]
    e.leave(st, gone, "graveyard", said("is attached to nothing it can enchant, so it is put into its "
                                        "owner's graveyard"), "704.5m")
    return bool(gone)
