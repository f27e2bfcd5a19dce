"""What happened: the engine's events, each of a kind with the details of that kind.

The engine reports each rules-relevant change as a ``Happened`` on one stream (``engine.emit``);
triggered abilities wait for them (``triggers.Trigger``, CR 603.2). A kind's details are a frozen
record of their own, so a reader asks ``ev.info.step``, never a string or a dict key.

>>> ev = Happened.step("Alice", "upkeep")
>>> ev.kind, ev.info
(<What.STEP: 'step'>, Step(step='upkeep'))
>>> Happened(What.CAST, player="Alice", info=Step("upkeep"))
Traceback (most recent call last):
TypeError: a cast event's details are Cast, not Step
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union

from .objects import Permanent


class What(Enum):
    """The kinds of event a triggered ability can wait for."""

    ENTERED = "entered"
    LEFT = "left"
    SACRIFICED = "sacrificed"
    ATTACKS = "attacks"
    ATTACKED = "attacked"
    COUNTERS_PUT = "counters_put"
    STEP = "step"
    COMBAT_DAMAGE = "combat_damage"
    CAST = "cast"
    LIFE_LOST = "life_lost"
    TAPPED_FOR_MANA = "tapped_for_mana"


@dataclass(frozen=True)
class Nothing:
    """No details: the permanent or player is all there is to say."""


@dataclass(frozen=True)
class Entered:
    cast_from: str = ""  # the zone it was cast from, when it entered as a resolving spell


@dataclass(frozen=True)
class Left:
    """It left (or was sacrificed): where it went, and the types and subtypes it had as it left
    (leaves-the-battlefield abilities look back in time, CR 603.10a)."""

    zone: str
    had: tuple[str, ...]


@dataclass(frozen=True)
class Step:
    step: str  # the step that began


@dataclass(frozen=True)
class Cast:
    types: tuple[str, ...]  # the spell's card types


@dataclass(frozen=True)
class CountersPut:
    counter: str  # the kind of counter put


@dataclass(frozen=True)
class LifeLost:
    before: int  # how many times the player lost life earlier this turn


Info = Union[Nothing, Entered, Left, Step, Cast, CountersPut, LifeLost]
NOTHING = Nothing()
INFO = {What.ENTERED: Entered, What.LEFT: Left, What.SACRIFICED: Left, What.STEP: Step, What.CAST: Cast,
        What.COUNTERS_PUT: CountersPut, What.LIFE_LOST: LifeLost}


@dataclass(frozen=True)
class Happened:
    """One thing that happened: its kind, the permanent or player it happened to, and its details."""

    kind: What
    perm: Permanent | None = None
    player: str | None = None
    info: Info = NOTHING

    def __post_init__(self) -> None:
        want = INFO.get(self.kind, Nothing)
        if type(self.info) is not want:
            raise TypeError(f"a {self.kind.value} event's details are {want.__name__}, "
                            f"not {type(self.info).__name__}")

    @classmethod
    def entered(cls, perm: Permanent, controller: str, cast_from: str = "") -> Happened:
        return cls(What.ENTERED, perm, controller, Entered(cast_from))

    @classmethod
    def left(cls, perm: Permanent, zone: str, had: tuple[str, ...]) -> Happened:
        return cls(What.LEFT, perm, perm.controller, Left(zone, tuple(had)))

    @classmethod
    def sacrificed(cls, perm: Permanent, had: tuple[str, ...]) -> Happened:
        return cls(What.SACRIFICED, perm, perm.controller, Left("graveyard", tuple(had)))

    @classmethod
    def attacks(cls, perm: Permanent, player: str) -> Happened:
        return cls(What.ATTACKS, perm, player)

    @classmethod
    def attacked(cls, player: str) -> Happened:
        return cls(What.ATTACKED, player=player)

    @classmethod
    def counters_put(cls, perm: Permanent | None, player: str | None, counter: str) -> Happened:
        return cls(What.COUNTERS_PUT, perm, player, CountersPut(counter))

    @classmethod
    def step(cls, player: str, step: str) -> Happened:
        return cls(What.STEP, player=player, info=Step(step))

    @classmethod
    def combat_damage(cls, perm: Permanent, player: str) -> Happened:
        return cls(What.COMBAT_DAMAGE, perm, player)

    @classmethod
    def cast(cls, player: str, types: tuple[str, ...]) -> Happened:
        return cls(What.CAST, player=player, info=Cast(tuple(types)))

    @classmethod
    def life_lost(cls, player: str, before: int) -> Happened:
        return cls(What.LIFE_LOST, player=player, info=LifeLost(before))

    @classmethod
    def tapped_for_mana(cls, perm: Permanent) -> Happened:
        return cls(What.TAPPED_FOR_MANA, perm, perm.controller)
