"""Actions a player takes, and answers to the choices the rules give them: small frozen values.

The player acting is the one with priority, or the one the pending choice belongs to,
as in chess the side to move is implied by the position.

>>> PlayLand(3) == PlayLand(3), PassPriority() in {PassPriority()}
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayLand:
    """Play a land card from hand: a special action (CR 116.2a, 305.1); ``back`` plays a modal
    double-faced card's back face, which is a land (CR 712.12)."""
    card: int
    back: bool = False


@dataclass(frozen=True)
class CastSpell:
    """Cast a spell from hand, choosing its mode (a modal spell's mode text) and targets now
    (CR 601.2b-c) and what an additional cost sacrifices (CR 601.2b); ``mana`` names the mana from
    your pool that pays, e.g. ``"{R}{R}"`` (CR 601.2h; by default the game chooses)."""
    card: int
    targets: tuple[Any, ...] = ()
    sacrifice: tuple[int, ...] = ()
    mana: str | None = None
    mode: str | None = None


@dataclass(frozen=True)
class ActivateAbility:
    """Activate a permanent's ability; ``mana`` picks the type a mana ability adds; ``targets`` are
    chosen as it is activated; ``pay`` names the mana from your pool that pays its mana cost;
    ``sacrifice`` the permanent a "Sacrifice a land" cost sacrifices (CR 602.2b, 601.2h); ``x`` is the
    value of X announced for a cost such as "Pay X {E}" (CR 107.3a)."""
    source: int
    index: int = 0
    mana: str | None = None
    targets: tuple[Any, ...] = ()
    pay: str | None = None
    sacrifice: tuple[int, ...] = ()
    x: int | None = None


@dataclass(frozen=True)
class PassPriority:
    """Pass priority; when all players pass in succession the top object resolves (CR 117.4)."""


@dataclass(frozen=True)
class AdvanceStep:
    """With an empty stack, all players pass in succession: the step or phase ends (CR 500.2)."""


@dataclass(frozen=True)
class DeclareAttackers:
    """Declare which creatures attack (CR 508.1); an empty tuple attacks with none. ``at`` pairs an
    attacker with the planeswalker it attacks; the others attack the defending player (CR 508.1b)."""
    attackers: tuple[int, ...] = ()
    at: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class DeclareBlockers:
    """Declare blocks as (blocker, attacker) pairs (CR 509.1)."""
    blocks: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class OrderTriggers:
    """Put simultaneous triggers on the stack in this order: the last one resolves first (CR 603.3b)."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class ChooseTargets:
    """Choose targets for an ability as it is put on the stack (CR 603.3d)."""
    targets: tuple[Any, ...]


@dataclass(frozen=True)
class ChooseMay:
    """Answer "you may": do it, or don't (CR 608.2d)."""
    yes: bool


@dataclass(frozen=True)
class ChoosePay:
    """Answer "you may pay": pay once, or don't (CR 118.12)."""
    pay: bool


@dataclass(frozen=True)
class ChooseAmount:
    """Answer "pay any amount": a whole number from 0 to the energy you have (CR 107.14, 608.2d)."""
    amount: int


@dataclass(frozen=True)
class ChooseMana:
    """Choose the type of mana an effect adds (CR 106.1b)."""
    mana: str


@dataclass(frozen=True)
class ChooseObjects:
    """Choose cards, permanents or players for an effect (search, proliferate, discard, keep)."""
    picks: tuple[Any, ...] = ()


@dataclass(frozen=True)
class OrderReplacements:
    """Apply replacement effects in this order, named by their sources' ids (CR 616.1)."""
    order: tuple[int, ...]


@dataclass(frozen=True)
class GetEnergy:
    """Practice: a player gets energy as if from an effect (counters on a player, CR 122.1)."""
    player: str
    amount: int


@dataclass(frozen=True)
class PayEnergy:
    """Practice: a player pays energy as a cost: loses that many counters, never more (CR 107.14, 118.3)."""
    player: str
    amount: int


CHOICE_ACTIONS = (DeclareAttackers, DeclareBlockers, OrderTriggers, ChooseTargets, ChoosePay,
                  ChooseAmount, ChooseMana, ChooseObjects, OrderReplacements)
