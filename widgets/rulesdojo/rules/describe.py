"""Say an action, or an answer to a choice, in a learner's words (for buttons and lists)."""

from __future__ import annotations

from typing import Any, Callable

from . import query as q
from .cards import Ability
from .actions import (ActivateAbility, AdvanceStep, CastSpell, ChooseAmount, ChooseMana,
                      ChooseMay, ChooseObjects, ChoosePay, ChooseTargets, DeclareAttackers, DeclareBlockers,
                      GetEnergy, OrderReplacements, OrderTriggers, PassPriority, PayEnergy, PlayLand)
from .objects import ZONES, GameState, step_text
from .said import CardName, Said, said


SAY_PICKS = {"scry": "Put on the bottom:", "scry_top": "On top, from the top:", "sacrifice": "Sacrifice"}


def name_of(st: GameState, ref: object) -> str:
    """Name a player, a permanent, a card in a zone or a waiting trigger by its id."""
    if isinstance(ref, str):
        return ref
    for p in st.players:
        for z in ZONES:
            for o in p.zone(z):
                if o.id == ref:
                    return o.card
    for t in st.waiting:
        if t.id == ref:
            return f"{t.name}'s ability"
    return q.describe_target(st, ref)


def describe(st: GameState, action: Any) -> str:
    """Say an action in a learner's words.

    >>> from .objects import GameState, Player
    >>> describe(GameState([Player("Alice"), Player("Nadia")]), ChoosePay(False))
    "Don't pay"
    """
    if isinstance(action, PlayLand):
        return _say_play(st, action)
    if isinstance(action, CastSpell):
        return _say_cast(st, action)
    if isinstance(action, ActivateAbility):
        return _say_activate(st, action)
    return _say_other(st, action)


def describe_said(st: GameState, action: Any) -> Said | None:
    """Say the commonest actions (``describe``'s words) as a value any language can say: playing a land,
    casting a spell with no choice made as it is cast, tapping for mana, passing, answering a payment or
    a "may"; None for the others, which a page shows in English.

    >>> from .objects import GameState, Player
    >>> describe_said(GameState([Player("Alice"), Player("Nadia")]), PassPriority()).english
    'Pass priority'
    """
    for kind, say in _SAID.items():
        if isinstance(action, kind):
            return say(st, action)
    return None


def _tap_said(st: GameState, action: ActivateAbility) -> Said | None:
    p = q.permanent(st, action.source)
    if p is None or not action.mana or action.index >= len(q.abilities(st, p)):
        return None
    if not q.abilities(st, p)[action.index].is_mana_ability:
        return None
    return said("Tap {card} for {mana}", card=CardName(p.card), mana=f"{{{action.mana}}}")


_SAID: dict[type, Callable[[GameState, Any], Said | None]] = {
    PlayLand: lambda st, a: None if a.back else said("Play {card}", card=CardName(name_of(st, a.card))),
    CastSpell: lambda st, a: None if (a.targets or a.sacrifice or a.mode) else said(
        "Cast {card}", card=CardName(name_of(st, a.card))),
    ActivateAbility: _tap_said,
    ChoosePay: lambda st, a: said("Pay") if a.pay else said("Don't pay"),
    ChooseMay: lambda st, a: said("Yes") if a.yes else said("No"),
    PassPriority: lambda st, a: said("Pass priority")}


def _say_play(st: GameState, action: PlayLand) -> str:
    if not action.back:
        return f"Play {name_of(st, action.card)}"
    back = next((q.card(st, o).back for p in st.players for o in p.hand if o.id == action.card), None)
    return f"Play {back.name if back else 'the back face'} (the back face of {name_of(st, action.card)})"


def _say_cast(st: GameState, action: CastSpell) -> str:
    on = f" targeting {' and '.join(q.describe_target(st, t) for t in action.targets)}" if (
        action.targets) else ""
    sac = f", sacrificing {' and '.join(name_of(st, s) for s in action.sacrifice)}" if (
        action.sacrifice) else ""
    mode = f" choosing “{action.mode.rstrip('.')}”" if action.mode else ""  # CR 700.2a: chosen as it's cast
    return f"Cast {name_of(st, action.card)}{mode}{on}{sac}"


def _say_activate(st: GameState, action: ActivateAbility) -> str:
    p = q.permanent(st, action.source)
    abilities = q.abilities(st, p) if p else ()
    if p is None or action.index >= len(abilities):
        return f"Activate object {action.source}"
    ab = abilities[action.index]
    if ab.is_mana_ability:
        return f"Tap {p.card} for {{{action.mana}}}" if action.mana else f"Tap {p.card} (it adds no mana)"
    sac = f", sacrificing {' and '.join(name_of(st, s) for s in action.sacrifice)}" if (
        action.sacrifice) else ""
    return f"Activate {p.card}{_announced(st, ab, action)}{sac}: {ab.text}"


def _say_other(st: GameState, action: Any) -> str:
    """Say passing, ending a step, an answer to a choice, or a practice action."""
    def names(refs: tuple[Any, ...]) -> str:
        return ", then ".join(name_of(st, r) for r in refs) or "none"

    simple: dict[type, Callable[[Any], str]] = {PassPriority: lambda a: "Pass priority",
              AdvanceStep: lambda a: f"End the {step_text(st.step)}",
              ChoosePay: lambda a: "Pay" if a.pay else "Don't pay",
              ChooseMay: lambda a: "Yes" if a.yes else "No",
              ChooseAmount: lambda a: _say_amount(st, a),
              ChooseMana: lambda a: f"Add {{{a.mana}}}",
              ChooseTargets: lambda a: f"Target {names(a.targets)}",
              OrderTriggers: lambda a: f"Put on the stack{_when(st, a.order, 'placed')}: {names(a.order)}",
              OrderReplacements: lambda a: f"Apply {_when(st, a.order, 'applied').strip() or 'first'}: "
                                           f"{names(a.order)}",
              ChooseObjects: lambda a: _say_picks(st, a),
              DeclareAttackers: lambda a: _say_attack(st, a),
              DeclareBlockers: lambda a: "Block: " + (", ".join(
                  f"{name_of(st, b)} blocks {name_of(st, x)}" for b, x in a.blocks) or "no blocks"),
              GetEnergy: lambda a: f"{a.player} gets {a.amount} energy",
              PayEnergy: lambda a: f"{a.player} pays {a.amount} energy"}
    for kind, say in simple.items():
        if isinstance(action, kind):
            return say(action)
    return repr(action)


def _say_amount(st: GameState, a: ChooseAmount) -> str:
    removing = st.pending is not None and st.pending.kind == "remove_counters"
    return f"Remove {a.amount}" if removing else f"Pay {a.amount} energy"


def _say_picks(st: GameState, a: ChooseObjects) -> str:
    said = SAY_PICKS.get(st.pending.kind if st.pending else "", "Choose")
    return f"{said} {', '.join(name_of(st, r) for r in a.picks) or 'nothing'}"


def _say_attack(st: GameState, a: DeclareAttackers) -> str:
    return (f"Attack with {', '.join(name_of(st, r) for r in a.attackers) or 'nothing'}"
            + "".join(f"; {name_of(st, r)} attacks {name_of(st, w)}" for r, w in a.at))


def _announced(st: GameState, ab: Ability, action: ActivateAbility) -> str:
    """What sets apart activations of one ability: X (CR 107.3a), and the target of an ability whose
    target may be none ("up to one", CR 601.2c) or must fit X."""
    x = f" with X = {action.x}" if action.x is not None else ""
    if ab.targets is None or not (ab.targets.up_to_one or action.x is not None):
        return x
    on = " and ".join(q.describe_target(st, t) for t in action.targets)
    return f"{x} targeting {on}" if on else f"{x} with no target"


def refusal(st: GameState, action: Any, exc: Exception) -> str:
    """Say why an action was refused in a learner's words first (the rule number stays on ``exc``).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); unsummon = g.add_card("Nadia", "Unsummon", "hand")
    >>> refusal(g.state, CastSpell(unsummon, ()), g.why_illegal(CastSpell(unsummon, ())))
    "That's Nadia's card, and Alice has priority: pass priority to Nadia first."
    """
    message = getattr(exc, "message", str(exc))
    pend = st.pending
    if pend is not None and message.startswith(f"{pend.player} must answer first"):
        extra = " (choose the attackers, or none)" if pend.kind == "declare_attackers" else ""
        return f"First answer the choice waiting for {pend.player}: {pend.prompt}{extra}."
    return _not_yours(st, action) or message


def _not_yours(st: GameState, action: Any) -> str | None:
    """Say whose card or permanent the player with priority tried to use, if not theirs."""
    who = st.priority
    if isinstance(action, (PlayLand, CastSpell)) and who:
        owner = next((p.name for p in st.players for o in p.hand if o.id == action.card), None)
        if owner and owner != who:
            return f"That's {owner}'s card, and {who} has priority: pass priority to {owner} first."
    if isinstance(action, ActivateAbility) and who:
        perm = q.permanent(st, action.source)
        if perm is not None and perm.controller != who:
            return (f"That's {perm.controller}'s {perm.card}, and {who} has priority: pass priority "
                    f"to {perm.controller} first.")
    return None


def _when(st: GameState, order: tuple[int, ...], done: str) -> str:
    """Say where an order answer starts: " first" or " next" when it names only the start of the
    order (the rest are asked after it, CR 603.3b, 616.1f), nothing when it is the whole order."""
    pend = st.pending
    if pend is None or len(order) >= len(pend.options):
        return ""
    return " next" if pend.data.get(done) else " first"
