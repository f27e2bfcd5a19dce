"""The game's mutable pieces: players, cards in zones, permanents, the stack, the log.

These are plain records. Only the engine changes them, and always on a working
copy, so a rejected action leaves the caller's game untouched.
"""

from __future__ import annotations

import random
from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Iterator

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


class Log(Sequence):
    """Hold the events so far, oldest first; adding one makes a new log that shares all the others.

    Each version of the game (the current one, each undo step, a legality probe) holds its own log,
    so adding an event costs the same after ten events or ten thousand, and copying costs nothing.

    >>> log = Log().added(Event(1, "107.14", "Alice gets 1 energy.", "energy"))
    >>> longer = log.added(Event(2, "117.3d", "Alice passes priority."))
    >>> len(log), len(longer), longer[-1].rule, [ev.seq for ev in longer]
    (1, 2, '117.3d', [1, 2])
    """

    __slots__ = ("_last", "_before", "_len")

    def __init__(self, last: Event | None = None, before: "Log | None" = None):
        self._last, self._before = last, before
        self._len = 0 if last is None else len(before) + 1

    def added(self, event: Event) -> "Log":
        """Return this log with ``event`` after the others (this one is left as it is)."""
        return Log(event, self)

    def __len__(self) -> int:
        return self._len

    def __reversed__(self) -> Iterator[Event]:
        node = self
        while node._last is not None:
            yield node._last
            node = node._before

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def since(self, n: int) -> list[Event]:
        """Return the events after the first ``n``, oldest first (walking back only over those)."""
        out, node = [], self
        for _ in range(max(self._len - max(n, 0), 0)):
            out.append(node._last)
            node = node._before
        out.reverse()
        return out

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self)[i]
        if not -self._len <= i < self._len:
            raise IndexError("log index out of range")
        node = self
        for _ in range(self._len - 1 - (i % self._len)):
            node = node._before
        return node._last

    def __eq__(self, other) -> bool:
        if isinstance(other, Log):
            return self is other or (len(self) == len(other) and list(self) == list(other))
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"Log({len(self)} events)"

    def __deepcopy__(self, memo):
        return self


class IdMap(MutableMapping):
    """Map object ids to facts that are added as the game goes (where an object went, how a spell ended).

    A copy shares the older entries and copies only the few recent ones, so it costs the same
    however long the game has been; entries are never removed.

    >>> moved = IdMap(); moved[3] = 7
    >>> later = moved.copy(); later[7] = 9
    >>> dict(moved), dict(later), 7 in later
    ({3: 7}, {3: 7, 7: 9}, True)
    """

    __slots__ = ("_older", "_recent")
    FOLD = 32  # recent entries kept apart before they join a new shared mapping

    def __init__(self, older: dict | None = None, recent: dict | None = None):
        self._older = older if older is not None else {}
        self._recent = recent if recent is not None else {}

    def copy(self) -> "IdMap":
        return IdMap(self._older, dict(self._recent))

    def __getitem__(self, key):
        return self._recent[key] if key in self._recent else self._older[key]

    def __setitem__(self, key, value) -> None:
        self._recent[key] = value
        if len(self._recent) > self.FOLD:
            self._older, self._recent = {**self._older, **self._recent}, {}

    def __delitem__(self, key):
        raise TypeError("an IdMap only grows: its entries are facts about the game so far")

    def __contains__(self, key) -> bool:
        return key in self._recent or key in self._older

    def __iter__(self):
        yield from self._older
        yield from (k for k in self._recent if k not in self._older)

    def __len__(self) -> int:
        return len(self._older) + sum(1 for k in self._recent if k not in self._older)

    def __repr__(self) -> str:
        return f"IdMap({dict(self)!r})"

    def __deepcopy__(self, memo):
        return self.copy()


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


@dataclass(frozen=True)
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
    log: Log = field(default_factory=Log)
    next_id: int = 1
    moved: IdMap = field(default_factory=IdMap)  # old object id -> new id (CR 400.7)
    outcomes: IdMap = field(default_factory=IdMap)  # stack id -> "resolved" | "did not resolve"
    names: IdMap = field(default_factory=IdMap)  # stack id -> name, for outcomes
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    winner: str | None = None
    over: bool = False
    life_lost: dict[str, int] = field(default_factory=dict)  # times each player lost life this turn
    cards: Any = None  # the CardSet the game is played with (rules/cardset.py): every card looked up in it
