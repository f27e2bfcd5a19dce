"""Land plays and lands entering: how many lands a player may play this turn (CR 305.2), and the
static abilities that change it or how a land enters.

>>> from .objects import GameState, Player
>>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice")
>>> land_plays_allowed(st, "Alice")
1
"""

from __future__ import annotations

from dataclasses import dataclass

from . import query as q
from .objects import GameState
from .parts import number_word
from .statics import Static, static


@static("additional_land_plays")
@dataclass(frozen=True)
class AdditionalLandPlays(Static):
    """"You may play N additional lands on each of your turns" (Azusa): a continuous effect that
    raises the number of lands its controller may play on their turn (CR 305.2).

    >>> AdditionalLandPlays(2).words()
    ('You may play two additional lands on each of your turns',)
    """

    additional_land_plays: int = 1

    def words(self) -> tuple[str, ...]:
        n = self.additional_land_plays
        lands = "an additional land" if n == 1 else f"{number_word(n)} additional lands"
        return (f"You may play {lands} on each of your turns",)


@static("enters_tapped")
@dataclass(frozen=True)
class EntersTapped(Static):
    """"This land enters tapped": a static ability whose effect is part of the event that puts it onto
    the battlefield (CR 603.6d), a replacement effect (CR 614.1d), so it is never untapped there.

    >>> EntersTapped().words()
    ('enters tapped',)
    """

    enters_tapped: bool = True

    def words(self) -> tuple[str, ...]:
        return ("enters tapped",)


def land_plays_allowed(st: GameState, who: str) -> int:
    """The number of lands ``who`` may play this turn: one, plus what effects this turn gave (Explore),
    plus each "additional lands on each of your turns" they control on their own turn (CR 305.2).

    >>> from .objects import GameState, Player
    >>> st = GameState([Player("Alice"), Player("Nadia")], active="Alice", land_plays_allowed=2)
    >>> land_plays_allowed(st, "Alice"), land_plays_allowed(st, "Nadia")
    (2, 1)
    """
    if who != st.active:  # a land is played only on its player's turn (CR 305.3)
        return 1
    return st.land_plays_allowed + sum(s.additional_land_plays
                                       for _, s in q.statics(st, AdditionalLandPlays, who))


def land_plays_said(st: GameState, who: str) -> str:
    """Say how many lands ``who`` may play this turn and why, for a refusal or the log.

    >>> from .objects import GameState, Player
    >>> land_plays_said(GameState([Player("Alice"), Player("Nadia")], active="Alice"), "Alice")
    'one land'
    """
    n = land_plays_allowed(st, who)
    why = [f"{src.card} +{s.additional_land_plays}" for src, s in q.statics(st, AdditionalLandPlays, who)]
    extra = st.land_plays_allowed - 1
    why += [f"+{extra} this turn"] if extra > 0 and who == st.active else []
    return f"{number_word(n)} land{'s' if n != 1 else ''}" + (f" (1, {', '.join(why)})" if why else "")


def enters_tapped(st: GameState, name: str) -> bool:
    """Say whether a permanent of this card enters tapped by its own static ability (CR 614.1d)."""
    return any(isinstance(s, EntersTapped) for s in st.cards.named(name).statics)


__all__ = ["AdditionalLandPlays", "EntersTapped", "enters_tapped", "land_plays_allowed", "land_plays_said"]
