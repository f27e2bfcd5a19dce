"""What a target can be (CR 115.1): each kind lists the legal choices now, and says itself in words."""

from __future__ import annotations

from typing import Callable

from . import query as q
from .cards import Ability
from .player_effects import has
from .objects import GameState, Permanent
from .parts import PAIRS, TARGET_WORDS


def _permanents(test: Callable[[GameState, Permanent, str], object]) -> Callable[[GameState, str], list[Target]]:
    def find(st: GameState, controller: str) -> list[Target]:
        return [p.id for p in st.battlefield if test(st, p, controller)]
    return find


def _creature(st: GameState, p: Permanent, who: str) -> bool:
    return q.is_type(st, p, "Creature")


def _players(st: GameState, controller: str) -> list[Target]:
    return [p.name for p in q.in_game(st)]


#: What a target is: a player's name, or the id of a permanent or of a spell on the stack.
Target = int | str

TARGETS: dict[str, Callable[..., list[Target]]] = {
    "creature": _permanents(_creature),
    "creature_or_planeswalker": _permanents(
        lambda st, p, who: _creature(st, p, who) or q.is_type(st, p, "Planeswalker")),
    "any": lambda st, who: _permanents(
        lambda st, p, w: _creature(st, p, w) or q.is_type(st, p, "Planeswalker"))(st, who)
    + _players(st, who),
    "attacking_creature": _permanents(lambda st, p, who: p.attacking and _creature(st, p, who)),
    "creature_you_control": _permanents(lambda st, p, who: p.controller == who and _creature(st, p, who)),
    "permanent": _permanents(lambda st, p, who: True),
    "artifact": _permanents(lambda st, p, who: q.is_type(st, p, "Artifact")),
    "enchantment": _permanents(lambda st, p, who: q.is_type(st, p, "Enchantment")),
    "artifact_or_enchantment": _permanents(
        lambda st, p, who: q.is_type(st, p, "Artifact") or q.is_type(st, p, "Enchantment")),
    "land": _permanents(lambda st, p, who: q.is_type(st, p, "Land")),
    "enchant_land": _permanents(lambda st, p, who: q.is_type(st, p, "Land")),
    "nonland_permanent_an_opponent_controls": _permanents(
        lambda st, p, who: p.controller != who and not q.is_type(st, p, "Land")),
    "artifact_creature_planeswalker_or_opponent": lambda st, who: _permanents(
        lambda st, p, w: any(q.is_type(st, p, t) for t in ("Artifact", "Creature", "Planeswalker")))(
            st, who) + [p.name for p in q.opponents(st, who)],
    "player": _players,
    "opponent": lambda st, who: [p.name for p in q.opponents(st, who)],
    "player_or_planeswalker": lambda st, who: _players(st, who) + _permanents(
        lambda st, p, w: q.is_type(st, p, "Planeswalker"))(st, who),
    "spell": lambda st, who: [i.id for i in st.stack if i.kind == "spell"],
    "noncreature_land_you_control": _permanents(
        lambda st, p, who: p.controller == who and q.is_type(st, p, "Land") and not _creature(st, p, who)),
    # X is announced as the ability is activated (CR 107.3a), before its targets are chosen (601.2b-c)
    "nonland_permanent_with_mana_value_x": lambda st, who, x=None: _permanents(
        lambda st, p, w: not q.is_type(st, p, "Land") and (x is None or mana_value(st, p) == x))(st, who),
}
X_KINDS = ("nonland_permanent_with_mana_value_x",)


def announced_xs(st: GameState, ab: Ability, who: str) -> list[int]:
    """The values of X worth offering for "Pay X {E}": from 0 to the energy ``who`` has (CR 107.3a,
    118.3), and when the target must have mana value X, only the mana values a target has (any
    other X has no legal target)."""
    have = q.player(st, who).energy
    if ab.target_spec in X_KINDS:
        return sorted({mana_value(st, q.present(st, t)) for t in TARGETS[ab.target_spec](st, who)} &
                      set(range(have + 1)))
    return list(range(have + 1))


def mana_value(st: GameState, p: Permanent) -> int:
    """A permanent's mana value: its mana cost's; 0 with no mana cost, a token's (CR 202.3, 202.3a)."""
    return q.card(st, p).mana_cost.mana_value


def target_sets(st: GameState, spec: str | None, controller: str) -> list[tuple[Target, ...]]:
    """List every legal choice of targets for a spell or ability: one target, or a pair (CR 601.2c).

    >>> from .objects import Player
    >>> target_sets(GameState([Player("Alice"), Player("Nadia")]), "player", "Alice")
    [('Alice',), ('Nadia',)]
    """
    if spec in PAIRS:
        return [(a, b) for a in TARGETS[PAIRS[spec]](st, controller) for b in SECOND[spec](st, a)
                if not untargetable(st, a, controller) and not untargetable(st, b, controller)]
    return [(t,) for t in target_candidates(st, spec, controller)]


def still_legal(st: GameState, spec: str | None, controller: str, targets: tuple[Target, ...],
                x: int | None = None) -> list[Target]:
    """The targets that are still legal, in order, as the spell or ability resolves (CR 608.2b)."""
    if spec in PAIRS:
        first, second = (list(targets) + [None, None])[:2]
        ok = {t for t in TARGETS[PAIRS[spec]](st, controller) if not untargetable(st, t, controller)}
        theirs = [t for t in SECOND[spec](st, first) if not untargetable(st, t, controller)]
        return [t for t, legal in ((first, first in ok), (second, second in theirs)) if legal and t is not None]
    ok = set(target_candidates(st, spec, controller, x))
    return [t for t in targets if t in ok]


def _theirs(st: GameState, first: Target | None) -> list[Target]:
    """The creatures a targeted player controls, or a targeted planeswalker's controller."""
    pw = q.permanent(st, first) if not isinstance(first, str) else None
    who = first if isinstance(first, str) else pw.controller if pw is not None else None
    return [p.id for p in st.battlefield if p.controller == who and q.is_type(st, p, "Creature")]


def _another_creature(st: GameState, first: Target | None) -> list[Target]:
    """The creatures other than the first target: "another target creature" (CR 115.3)."""
    return [p.id for p in st.battlefield if p.id != first and q.is_type(st, p, "Creature")]


# How the second target of a pair is found from the first one
SECOND = {"player_or_planeswalker_and_their_creature": _theirs,
          "creature_and_another_creature": _another_creature}


def target_candidates(st: GameState, spec: str | None, controller: str, x: int | None = None) -> list[Target]:
    """List what can be chosen for a target description (CR 115.1).

    >>> from .objects import Player
    >>> target_candidates(GameState([Player("Alice"), Player("Nadia")]), "opponent", "Alice")
    ['Nadia']
    """
    if not spec:
        return []
    found = (sorted({t for pair in target_sets(st, spec, controller) for t in pair}, key=str)
             if spec in PAIRS else TARGETS[spec](st, controller, x) if spec in X_KINDS
             else TARGETS[spec](st, controller))
    return [t for t in found if not untargetable(st, t, controller)]


def hexproof_against(st: GameState, t: object, controller: str) -> bool:
    """A permanent with hexproof can't be the target of its opponents' spells or abilities (CR 702.11b)."""
    p = None if isinstance(t, str) else q.permanent(st, t)
    return p is not None and p.controller != controller and "hexproof" in q.keywords(st, p)


def has_shroud(st: GameState, t: object) -> bool:
    """A permanent with shroud can't be the target of spells or abilities, its controller's own
    included (CR 702.18a)."""
    p = None if isinstance(t, str) else q.permanent(st, t)
    return p is not None and "shroud" in q.keywords(st, p)


def protected_from_everything(st: GameState, t: object) -> bool:
    """A player with protection from everything can't be targeted by spells or abilities, their own
    included (CR 702.16j).

    >>> from .objects import Player
    >>> protected_from_everything(GameState([Player("Alice")]), "Alice")
    False
    """
    return has(st, t, "protection_from_everything") is not None


def untargetable(st: GameState, t: object, controller: str) -> bool:
    """Say whether ``t`` can't be the target of a spell or ability ``controller`` controls: hexproof
    against its controller's opponents (CR 702.11b), shroud against everyone (CR 702.18a), a player's
    protection from everything (CR 702.16j)."""
    return hexproof_against(st, t, controller) or has_shroud(st, t) or protected_from_everything(st, t)
