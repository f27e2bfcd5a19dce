"""Control-changing effects (CR 613.1b, layer 2): who controls a permanent that isn't its owner's to
control, for how long, and what a new controller means for it.

A permanent's controller is by default the player under whose control it entered (CR 110.2). An
effect that gives another player control is a ``ControlChange``, kept in the game's ``control`` in
timestamp order; the latest one that still lasts decides (CR 613.7b). Gaining control of a permanent
is not its entering: nothing "enters" triggers (CR 603.6a needs a zone change).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import engine as e
from .said import CardName, Said, Value, Whose, said
from . import query as q
from .objects import GameState, Permanent

UNTIL = ("end_of_turn", "attached")  # "until end of turn" (CR 514.2); "you control enchanted ..."


@dataclass(frozen=True)
class ControlChange:
    """One control-changing effect: ``player`` controls permanent ``perm`` (whose default controller
    is ``base``) until the end of turn, or while the Aura ``source`` is attached to it.

    >>> ControlChange(7, 4, "Nadia", "Alice", "end_of_turn", 3, "Act of Treason").player
    'Nadia'
    """

    stamp: int  # its timestamp: a new id when it began (CR 613.7b, 613.7e)
    perm: int
    player: str
    base: str  # the controller the permanent has without any control-changing effect (CR 110.2)
    until: str
    source: int | None
    source_name: str


def gain_control(st: GameState, p: Permanent, who: str, until: str, source: int | None,
                 source_name: str) -> None:
    """Give ``who`` control of ``p`` for the effect's duration (CR 613.1b) and apply it now."""
    earlier = [c for c in st.control if c.perm == p.id]
    base = earlier[0].base if earlier else p.controller
    st.control += (ControlChange(e.new_id(st), p.id, who, base, until, source, source_name),)
    refresh(st)


def lasts(st: GameState, change: ControlChange) -> bool:
    """Say whether a control-changing effect still applies: its permanent is still there (phased out
    counts, CR 702.26d), and an Aura's effect lasts while that Aura is attached to it (CR 303.4e).

    >>> from .objects import Player
    >>> lasts(GameState([Player("Alice")]), ControlChange(2, 1, "Alice", "Nadia", "end_of_turn", None, "X"))
    False
    """
    here = {p.id for p in st.battlefield} | {ph.perm.id for ph in st.phased_out}
    if change.perm not in here:
        return False
    if change.until == "attached":
        aura = q.permanent(st, change.source)
        return aura is not None and aura.attached_to == change.perm
    return True


def controller_now(st: GameState, pid: int, default: str) -> str:
    """The controller of a permanent by the control-changing effects that apply to it: the latest one
    in timestamp order wins (CR 613.7b), else ``default``.

    >>> from .objects import Player
    >>> st = GameState([Player("Alice")])
    >>> st.control = (ControlChange(2, 1, "Nadia", "Alice", "end_of_turn", None, "X"),)
    >>> controller_now(st, 1, "Alice")
    'Nadia'
    """
    mine = [c for c in st.control if c.perm == pid]
    return mine[-1].player if mine else default


def refresh(st: GameState) -> None:
    """Drop the control-changing effects that have ended and give each permanent the controller the
    rest say; a permanent whose controller changes is removed from combat (CR 506.4) and hasn't been
    under its new controller's control since their turn began (CR 302.6)."""
    ended = [c for c in st.control if not lasts(st, c)]
    if not ended and not st.control:
        return
    bases = {c.perm: c.base for c in reversed(st.control)}  # the earliest effect knows the default
    st.control = tuple(c for c in st.control if c not in ended)
    here = {p.id for p in st.battlefield} | {ph.perm.id for ph in st.phased_out}
    for c in ended:
        if c.perm not in here:
            e.log(st, "400.7", said("{whose} control-changing effect ends: the permanent it gave control of "
                                    "has left the battlefield, and a card that returns is a new object.",
                                    whose=Whose(CardName(c.source_name))), "control", c.player)
        elif c.until == "attached":
            e.log(st, "611.3b", said("{whose} control-changing effect ends: a static ability's effect lasts "
                                     "only while it is there, attached to that permanent.",
                                     whose=Whose(CardName(c.source_name))), "control", c.player)
        else:
            e.log(st, "611.2a", said("{whose} control-changing effect ends: it lasted as long as it said.",
                                     whose=Whose(CardName(c.source_name))), "control", c.player)
    _apply(st, bases)


def _apply(st: GameState, bases: dict[int, str]) -> None:
    """Give each permanent the effects touched its controller now; a phased-out one too, as an effect
    may end while it is phased out (CR 702.26f)."""
    for p in st.battlefield + [ph.perm for ph in st.phased_out]:
        if p.id in bases:
            _set_controller(st, p, controller_now(st, p.id, bases[p.id]))


def _set_controller(st: GameState, p: Permanent, who: str) -> None:
    if p.controller == who:
        return
    was, p.controller = p.controller, who
    p.sick = True
    e.log(st, "613.1b", _controls(who, p.card, p.owner, was, q.is_type(st, p, "Creature"),
                                  "haste" in q.keywords(st, p)), "control", who)
    if p.attacking or p.blocking is not None or p.blocked_by is not None:
        p.attacking, p.blocking, p.blocked_by = False, None, None
        e.log(st, "506.4", said("{card} changed controller, so it is removed from combat.", card=CardName(p.card)),
              "combat", who)


def _controls(who: str, name: str, owner: str, was: str, creature: bool, haste: bool) -> Said:
    """Say a permanent changed controller; a creature can't attack or pay {T} yet (CR 302.6)."""
    values: dict[str, Value] = {"who": who, "card": CardName(name), "owner": owner, "whose": Whose(was)}
    if creature and haste:
        return said("{who} now controls {card} (owner {owner}; it was {whose}): a change of control, not a zone "
                    "change, so it doesn't enter and no \"enters\" or landfall ability triggers (CR 603.6a). It "
                    "hasn't been under {who}'s control since their most recent turn began, so it can't attack "
                    "or pay {{T}} (CR 302.6), but it has haste (CR 702.10b-c).", **values)
    if creature:
        return said("{who} now controls {card} (owner {owner}; it was {whose}): a change of control, not a zone "
                    "change, so it doesn't enter and no \"enters\" or landfall ability triggers (CR 603.6a). It "
                    "hasn't been under {who}'s control since their most recent turn began, so it can't attack "
                    "or pay {{T}} (CR 302.6).", **values)
    return said("{who} now controls {card} (owner {owner}; it was {whose}): a change of control, not a zone "
                "change, so it doesn't enter and no \"enters\" or landfall ability triggers (CR 603.6a).",
                **values)


def end_of_turn(st: GameState) -> None:
    """End every "until end of turn" control-changing effect in the cleanup step (CR 514.2)."""
    if any(c.until == "end_of_turn" for c in st.control):
        bases = {c.perm: c.base for c in reversed(st.control)}
        st.control = tuple(c for c in st.control if c.until != "end_of_turn")
        e.log(st, "514.2", said("\"Until end of turn\" control-changing effects end: each such permanent "
                                "returns to the control of whoever the remaining effects say, or its default "
                                "controller (CR 110.2)."), "control")
        _apply(st, bases)
