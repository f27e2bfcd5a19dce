"""The game's mutable pieces: players, cards in zones, permanents, the stack, the log.

These are plain records. Only the engine changes them, and always on a working
copy, so a rejected action leaves the caller's game untouched.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .mana import TYPES

ENERGY = "energy"
PLUS_ONE = "+1/+1"
MINUS_ONE = "-1/-1"


@dataclass(frozen=True)
class Event:
    """Record one rules-relevant change: the rule behind it and a plain sentence.

    >>> Event(1, "107.14", "Alice gets 1 energy.", "energy")
    Event(seq=1, rule='107.14', text='Alice gets 1 energy.', kind='energy', player=None)
    """

    seq: int
    rule: str
    text: str
    kind: str = "info"
    player: str | None = None

    def __deepcopy__(self, memo):  # immutable: history copies share events
        return self


@dataclass
class Player:
    name: str
    life: int = 20
    counters: dict[str, int] = field(default_factory=dict)
    pool: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TYPES})
    library: list["CardObject"] = field(default_factory=list)  # index 0 is the top
    hand: list["CardObject"] = field(default_factory=list)
    graveyard: list["CardObject"] = field(default_factory=list)
    exile: list["CardObject"] = field(default_factory=list)
    lost: bool = False
    drew_from_empty: bool = False

    @property
    def energy(self) -> int:
        return self.counters.get(ENERGY, 0)

    def zone(self, name: str) -> list["CardObject"]:
        return getattr(self, name)


@dataclass
class CardObject:
    """A card (or a token) in a zone other than the battlefield and the stack."""

    id: int
    card: str
    owner: str
    token: bool = False


@dataclass
class Permanent:
    id: int
    card: str
    owner: str
    controller: str
    token: bool = False
    tapped: bool = False
    sick: bool = True  # CR 302.6: not continuously controlled since the turn began
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    eot_power: int = 0  # "until end of turn" changes, gone in cleanup (CR 514.2)
    eot_toughness: int = 0
    eot_keywords: tuple[str, ...] = ()
    added_subtypes: tuple[str, ...] = ()  # indefinite type changes (Guide of Souls' Angel)
    attacking: bool = False
    blocked_by: int | None = None
    blocking: int | None = None
    holds: tuple[int, ...] = ()  # cards it exiled "until it leaves the battlefield" (CR 610.3)
    attached_to: int | None = None  # the permanent an Equipment equips (CR 301.5a)


@dataclass
class StackItem:
    """A spell or ability on the stack (CR 405)."""

    id: int
    kind: str  # "spell", "ability" (activated), "trigger", "reflexive"
    name: str  # card name of the spell or the ability's source
    controller: str
    text: str
    effects: tuple = ()  # the parts it does as it resolves, in order (CR 608.2c)
    targets: tuple[Any, ...] = ()
    target_spec: str | None = None
    source: int | None = None
    card: CardObject | None = None  # the card a spell is, to move on resolution
    data: dict[str, Any] = field(default_factory=dict)
    without_mana: bool = False


@dataclass
class Trigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    id: int
    controller: str
    name: str
    text: str
    effects: tuple
    source: int | None
    target_spec: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    kind: str = "trigger"


ZONES = ("library", "hand", "graveyard", "exile")  # the zones a card object can sit in

STEPS = (
    ("beginning", "untap"), ("beginning", "upkeep"), ("beginning", "draw"),
    ("precombat main", "precombat main"),
    ("combat", "beginning of combat"), ("combat", "declare attackers"),
    ("combat", "declare blockers"), ("combat", "combat damage"), ("combat", "end of combat"),
    ("postcombat main", "postcombat main"),
    ("ending", "end"), ("ending", "cleanup"),
)
STEP_NAMES = tuple(s for _, s in STEPS)
MAIN_PHASES = ("precombat main", "postcombat main")


def step_text(step: str) -> str:
    """Name a step in words; a main phase has no steps, so it is named as the phase.

    >>> step_text("upkeep"), step_text("precombat main")
    ('upkeep step', 'precombat main phase')
    """
    return f"{step} phase" if step in MAIN_PHASES else f"{step} step"

STEP_RULES = {
    "untap": "502", "upkeep": "503", "draw": "504", "precombat main": "505",
    "beginning of combat": "507", "declare attackers": "508", "declare blockers": "509",
    "combat damage": "510", "end of combat": "511", "postcombat main": "505",
    "end": "513", "cleanup": "514",
}


@dataclass
class GameState:
    players: list[Player]
    battlefield: list[Permanent] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)  # last element is the top
    active: str = ""
    turn: int = 1
    step: str = "precombat main"
    priority: str | None = None
    passes: int = 0
    land_plays: int = 0
    land_plays_allowed: int = 1
    lands_entered: tuple[str, ...] = ()  # players a land entered under this turn
    first_strikers: tuple[int, ...] = ()  # creatures with first strike as combat damage began
    damage_steps: int = 0  # combat damage steps so far this combat (two with first strike)
    waiting: list[Trigger] = field(default_factory=list)
    pending: Any = None  # the Choice the game waits for (rules/choices.py)
    log: tuple[Event, ...] = ()
    next_id: int = 1
    moved: dict[int, int] = field(default_factory=dict)  # old object id -> new id (CR 400.7)
    outcomes: dict[int, str] = field(default_factory=dict)  # stack id -> "resolved" | "did not resolve"
    names: dict[int, str] = field(default_factory=dict)  # stack id -> name, for outcomes
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    winner: str | None = None
    over: bool = False
    life_lost: dict[str, int] = field(default_factory=dict)  # times each player lost life this turn
