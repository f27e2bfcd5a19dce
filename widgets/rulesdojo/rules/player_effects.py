"""Effects on players that last a while: "until your next turn, your life total can't change and you
gain protection from everything" (CR 611.2a, 119.7, 119.8, 702.16j).

Each is a ``PlayerEffect`` in the game's ``player_effects``; the engine asks ``has`` before it changes a
life total, deals damage to a player or lets a player be targeted.
"""

from __future__ import annotations

from dataclasses import dataclass

from .objects import GameState

KINDS = ("life_cant_change", "protection_from_everything")
ENDED = {"life_cant_change": "their life total can change again",  # what the end of each means
         "protection_from_everything": "they no longer have protection from everything"}


@dataclass(frozen=True)
class PlayerEffect:
    """One effect on a player until that player's next turn begins (CR 611.2a).

    >>> PlayerEffect("Alice", "life_cant_change", "Teferi's Protection").kind
    'life_cant_change'
    """

    player: str
    kind: str
    source: str


def has(st: GameState, who: object, kind: str) -> PlayerEffect | None:
    """Return the effect of this kind on player ``who`` (a name; anything else has none), or None.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice")], player_effects=(PlayerEffect("Alice", "life_cant_change", "X"),))
    >>> has(st, "Alice", "life_cant_change") is not None, has(st, "Nadia", "life_cant_change")
    (True, None)
    """
    if not isinstance(who, str):
        return None
    return next((x for x in st.player_effects if x.player == who and x.kind == kind), None)


def end_for(st: GameState, who: str) -> list[PlayerEffect]:
    """End the effects that last until ``who``'s next turn, as that turn begins; return them.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice")], player_effects=(PlayerEffect("Alice", "life_cant_change", "X"),))
    >>> [x.kind for x in end_for(st, "Alice")], st.player_effects
    (['life_cant_change'], ())
    """
    ended = [x for x in st.player_effects if x.player == who]
    st.player_effects = tuple(x for x in st.player_effects if x.player != who)
    return ended
