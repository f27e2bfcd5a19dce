"""Phasing (CR 702.26): a phased-out permanent is treated as though it doesn't exist, yet it never
left the battlefield, so phasing in is not entering.

The game keeps phased-out permanents apart from ``battlefield`` (in ``phased_out``), so every rule that
looks at the battlefield passes them by (CR 702.26b) without a check of its own. They keep their
counters, their tapped state and their controller (CR 702.26d), and come back during the untap step
of the player who controlled them when they phased out, before that player untaps (CR 502.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import engine as e
from .said import CardName, Value, Whose, said
from . import query as q
from .objects import GameState, Permanent


@dataclass
class Phased:
    """A phased-out permanent: who controlled it as it phased out, and whether it phased out directly
    or with what it is attached to (CR 702.26g)."""

    perm: Permanent
    under: str
    directly: bool = True


def phase_out(st: GameState, perms: list[Permanent], source: str) -> None:
    """Phase out permanents, and whatever is attached to them indirectly (CR 702.26b, 702.26g).

    >>> from .objects import Player
    >>> st = GameState([Player("Alice")], battlefield=[Permanent(1, "Forest", "Alice", "Alice")])
    >>> phase_out(st, list(st.battlefield), "a test"); st.battlefield, [ph.perm.card for ph in st.phased_out]
    ([], ['Forest'])
    """
    going = [p for p in perms if p in st.battlefield]
    ids = {p.id for p in going}
    riders = [p for p in st.battlefield if p.attached_to in ids and p.id not in ids]
    for p in going + riders:
        st.battlefield.remove(p)
        if p.attacking or p.blocking is not None or p.blocked_by is not None:
            p.attacking, p.blocking, p.blocked_by = False, None, None
            e.log(st, "506.4", said("{card} phases out, so it is removed from combat.", card=CardName(p.card)), "combat",
                  p.controller)
        st.phased_out.append(Phased(p, p.controller, directly=p in going))
        values: dict[str, Value] = {"whose": Whose(p.controller), "card": CardName(p.card), "source": CardName(source)}
        e.log(st, "702.26b", said("{whose} {card} phases out ({source}): until it phases in it is treated as though "
                                  "it doesn't exist. It hasn't left the battlefield, and nothing triggers on its "
                                  "leaving (CR 702.26d).", **values) if p in going else
              said("{whose} {card} phases out, along with what it is attached to (CR 702.26g) ({source}): until it "
                   "phases in it is treated as though it doesn't exist. It hasn't left the battlefield, and nothing "
                   "triggers on its leaving (CR 702.26d).", **values), "phasing", p.controller)


def phase_in(st: GameState, who: str) -> list[Permanent]:
    """Phase in what phased out under ``who``'s control, with what phased out along with it
    (CR 502.1, 702.26c, 702.26g); return those permanents. Nothing enters: no "enters" or landfall
    ability triggers (CR 702.26d).

    >>> from .objects import Player
    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], phased_out=[Phased(Permanent(1, "Forest", "Alice", "Alice"), "Alice")],
    ...                cards=CardSet.shipped())
    >>> [p.card for p in phase_in(st, "Alice")], st.phased_out
    (['Forest'], [])
    """
    back = [ph for ph in st.phased_out if ph.under == who and ph.directly]
    ids = {ph.perm.id for ph in back}
    back += [ph for ph in st.phased_out if not ph.directly and ph.perm.attached_to in ids]
    for ph in back:
        st.phased_out.remove(ph)
        st.battlefield.append(ph.perm)
        values: dict[str, Value] = {"whose": Whose(ph.perm.controller), "card": CardName(ph.perm.card)}
        e.log(st, "702.26d", said("{whose} {card} phases in: the game treats it as existing again (CR 702.26c), but "
                                  "phasing isn't a zone change, so nothing \"enters\". A land phasing in didn't "
                                  "enter, so no landfall ability triggers.", **values) if q.is_type(st, ph.perm, "Land")
              else said("{whose} {card} phases in: the game treats it as existing again (CR 702.26c), but phasing "
                        "isn't a zone change, so nothing \"enters\".", **values), "phasing", ph.perm.controller)
    return [ph.perm for ph in back]


def is_phased_out(st: GameState, pid: int) -> bool:
    """Say whether the permanent with this id is phased out.

    >>> from .objects import Player
    >>> is_phased_out(GameState([Player("Alice")]), 3)
    False
    """
    return any(ph.perm.id == pid for ph in st.phased_out)
