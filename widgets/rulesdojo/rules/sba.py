"""State-based actions (CR 704): named checks, applied in order, all of them before any repeat.

Whenever a player would get priority the game checks every condition and performs what applies
(CR 704.3); ``turn.settle`` repeats the check until none applies. The creatures and planeswalkers
put into graveyards (CR 704.5f, 704.5g, 704.5i) go in one event.

>>> from .cardset import CardSet
>>> st = GameState([Player("Alice", life=0), Player("Nadia")], cards=CardSet.shipped())
>>> state_based_actions(st), st.winner
(True, 'Nadia')
>>> [line.rule for line in st.log]
['704.5a', '104.2a']
"""

from __future__ import annotations

from typing import Callable

from . import engine as e
from .said import CardName, Said, Whose, said
from . import query as q
from .auras import aura_state_based_actions
from .choices import LegendRuleChoice
from .loyalty import zero_loyalty
from .objects import MINUS_ONE, PLUS_ONE, GameState, Permanent, Player

HIDDEN_ZONES = ("hand", "graveyard", "exile", "library")  # zones a token can be in but the battlefield


def life_704_5a(st: GameState, player: Player) -> bool:
    """A player with 0 or less life loses the game (CR 704.5a); say whether this one did.

    >>> st = GameState([Player("Alice", life=0), Player("Nadia")])
    >>> life_704_5a(st, st.players[0]), life_704_5a(st, st.players[1]), st.log[-1].text
    (True, False, 'Alice has 0 or less life and loses the game.')
    """
    return player.life <= 0 and _loses(st, player, "704.5a", said("{who} has 0 or less life and loses the game.",
                                                                   who=player.name))


def empty_library_704_5b(st: GameState, player: Player) -> bool:
    """A player who drew from an empty library since the last check loses the game (CR 704.5b).

    >>> st = GameState([Player("Alice", drew_from_empty=True), Player("Nadia")])
    >>> empty_library_704_5b(st, st.players[0]), st.players[0].lost
    (True, True)
    """
    return player.drew_from_empty and _loses(st, player, "704.5b", said("{who} drew from an empty library and loses "
                                                                        "the game.", who=player.name))


def poison_704_5c(st: GameState, player: Player) -> bool:
    """A player with ten or more poison counters loses the game (CR 704.5c).

    >>> st = GameState([Player("Alice", counters={"poison": 10}), Player("Nadia", counters={"poison": 9})])
    >>> [poison_704_5c(st, p) for p in st.players]
    [True, False]
    """
    return player.counters.get("poison", 0) >= 10 and _loses(st, player, "704.5c", said(
        "{who} has ten or more poison counters and loses the game.", who=player.name))


def _loses(st: GameState, player: Player, rule: str, says: Said) -> bool:
    player.lost = True
    e.log(st, rule, says, "game", player.name)
    return True


#: Why a player loses the game, in the order the log names one reason for each player.
LOSSES: tuple[Callable[[GameState, Player], bool], ...] = (life_704_5a, empty_library_704_5b,
                                                           poison_704_5c)


def players_lose_704_5a_to_c(st: GameState) -> bool:
    """Each player still in the game loses it for the first of the reasons in ``LOSSES`` that
    applies (CR 704.5a-c); say whether any player lost.

    >>> st = GameState([Player("Alice", life=-2, counters={"poison": 10}), Player("Nadia")])
    >>> players_lose_704_5a_to_c(st), [line.rule for line in st.log]
    (True, ['704.5a'])
    """
    lost = [any(loss(st, player) for loss in LOSSES) for player in q.in_game(st)]
    return any(lost)


def tokens_704_5d(st: GameState) -> bool:
    """A token in a zone other than the battlefield ceases to exist (CR 704.5d, 111.7).

    >>> from .objects import CardObject
    >>> st = GameState([Player("Alice", graveyard=[CardObject(3, "Beast", "Alice", token=True)])])
    >>> tokens_704_5d(st), st.players[0].graveyard
    (True, [])
    """
    did = False
    for player in st.players:
        for obj in [o for zone in HIDDEN_ZONES for o in player.zone(zone) if o.token]:
            for zone in HIDDEN_ZONES:
                if obj in player.zone(zone):
                    player.zone(zone).remove(obj)
            e.log(st, "704.5d", said("The {card} token is in a zone other than the battlefield, so it ceases to "
                                     "exist (CR 704.5d, 111.7).", card=CardName(obj.card)), "zone")
            did = True
    return did


def counters_704_5q(st: GameState) -> bool:
    """+1/+1 and -1/-1 counters on one permanent are removed in pairs (CR 704.5q).

    >>> from .objects import Permanent
    >>> st = GameState([Player("Alice")])
    >>> st.battlefield.append(Permanent(1, "Grizzly Bears", "Alice", "Alice",
    ...                                 counters={"+1/+1": 3, "-1/-1": 1}))
    >>> counters_704_5q(st), st.battlefield[0].counters
    (True, {'+1/+1': 2})
    """
    did = False
    for p in st.battlefield:
        n = min(p.counters.get(PLUS_ONE, 0), p.counters.get(MINUS_ONE, 0))
        if n:
            for kind in (PLUS_ONE, MINUS_ONE):
                p.counters[kind] -= n
                if not p.counters[kind]:
                    del p.counters[kind]
            e.log(st, "704.5q", said("{whose} {card} had both +1/+1 and -1/-1 counters: {n} of each are removed.",
                                     whose=Whose(p.controller), card=CardName(p.card), n=n), "counters", p.controller)
            did = True
    return did


def zero_toughness_704_5f(st: GameState) -> list[Permanent]:
    """The creatures with toughness 0 or less, which go to their owners' graveyards (CR 704.5f).

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> st.battlefield += [Permanent(1, "Grizzly Bears", "Alice", "Alice", counters={"-1/-1": 2}),
    ...                    Permanent(2, "Grizzly Bears", "Alice", "Alice", counters={"-1/-1": 1})]
    >>> [p.id for p in zero_toughness_704_5f(st)]
    [1]
    """
    return [p for p in st.battlefield if q.is_type(st, p, "Creature") and q.toughness(st, p) <= 0]


def lethal_damage_704_5g(st: GameState) -> list[Permanent]:
    """The creatures with toughness above 0 and at least that much damage marked, which are
    destroyed (CR 704.5g); an indestructible one isn't (CR 702.12b).

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> st.battlefield += [Permanent(1, "Grizzly Bears", "Alice", "Alice", damage=2),
    ...                    Permanent(2, "Grizzly Bears", "Alice", "Alice", damage=1)]
    >>> [p.id for p in lethal_damage_704_5g(st)]
    [1]
    """
    return [p for p in st.battlefield if q.is_type(st, p, "Creature") and 0 < q.toughness(st, p) <= p.damage
            and "indestructible" not in q.keywords(st, p)]


def to_graveyard_704_5f_g_i(st: GameState) -> bool:
    """Put the creatures with 0 toughness (CR 704.5f) or lethal damage (CR 704.5g) and the
    planeswalkers with 0 loyalty (CR 704.5i) into their owners' graveyards, as one event (CR 704.3).

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> st.battlefield.append(Permanent(1, "Grizzly Bears", "Alice", "Alice", damage=5))
    >>> to_graveyard_704_5f_g_i(st), st.battlefield, [c.card for c in st.players[0].graveyard]
    (True, [], ['Grizzly Bears'])
    """
    zero = zero_toughness_704_5f(st)
    lethal = lethal_damage_704_5g(st)
    walkers = [p for p in zero_loyalty(st) if p not in zero and p not in lethal]
    if not (zero or lethal or walkers):
        return False
    reasons = {p.id: (said("has 0 or less toughness and is put into the graveyard"), "704.5f") for p in zero}
    reasons.update({p.id: (said("has lethal damage marked on it and is destroyed"), "704.5g") for p in lethal})
    reasons.update({p.id: (said("has 0 loyalty and is put into its owner's graveyard"), "704.5i")
                    for p in walkers})
    e.leave(st, zero + lethal + walkers, "graveyard", reasons=reasons)
    return True


def auras_704_5m(st: GameState) -> bool:
    """An Aura attached illegally or to nothing goes to its owner's graveyard (CR 704.5m).

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> auras_704_5m(st)
    False
    """
    return aura_state_based_actions(st)


def equipment_704_5n(st: GameState) -> bool:
    """A permanent other than an Aura attached to something that isn't a creature becomes
    unattached and stays on the battlefield (CR 704.5n); an Aura is CR 704.5m's.

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> st.battlefield.append(Permanent(1, "Grizzly Bears", "Alice", "Alice", attached_to=9))
    >>> equipment_704_5n(st), st.battlefield[0].attached_to
    (True, None)
    """
    did = False
    for p in st.battlefield:
        if p.attached_to is None or "Aura" in q.subtypes(st, p):
            continue
        held = q.permanent(st, p.attached_to)
        if held is None or not q.is_type(st, held, "Creature"):
            p.attached_to = None
            e.log(st, "704.5n", said("{card} equips nothing legal any more, so it becomes unattached and stays on "
                                     "the battlefield.", card=CardName(p.card)), "rule", p.controller)
            did = True
    return did


def legend_rule_704_5j(st: GameState) -> bool:
    """A player who controls two or more legendary permanents with the same name chooses one to
    keep (CR 704.5j): ask the first such player; the check then waits for the answer.

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice")], cards=CardSet.shipped())
    >>> st.battlefield += [Permanent(i, "Vorinclex, Monstrous Raider", "Alice", "Alice") for i in (1, 2)]
    >>> legend_rule_704_5j(st), st.pending.rule, st.pending.options
    (True, '704.5j', (1, 2))
    """
    for who in q.in_game(st):
        seen: dict[str, list[int]] = {}
        for p in st.battlefield:
            if p.controller == who.name and "Legendary" in q.card(st, p).supertypes:
                seen.setdefault(p.card, []).append(p.id)
        for name, ids in seen.items():
            if len(ids) > 1:
                st.pending = LegendRuleChoice(who.name, f"Choose the {name} to keep; the "
                                              "others go to the graveyard", "704.5j", tuple(ids), 1, 1)
                return True
    return False


def last_player_standing_104_2a(st: GameState) -> bool:
    """A player still in the game wins once all their opponents have left it (CR 104.2a); with
    nobody left, nobody wins.

    >>> st = GameState([Player("Alice", lost=True), Player("Nadia")])
    >>> last_player_standing_104_2a(st), st.over, st.winner
    (True, True, 'Nadia')
    """
    alive = q.in_game(st)
    if len(alive) > 1 or st.over:
        return False
    st.over = True
    st.winner = alive[0].name if alive else None
    e.log(st, "104.2a", said("{who} wins the game.", who=st.winner) if st.winner else said("Nobody wins the game."),
          "game", st.winner)
    return True


#: The checks, in the order they are performed: each one's actions, then the next's. A check that
#: asks a player to choose (the legend rule) ends the round; the rest waits for the answer.
CHECKS: tuple[Callable[[GameState], bool], ...] = (
    players_lose_704_5a_to_c, tokens_704_5d, counters_704_5q, to_graveyard_704_5f_g_i, auras_704_5m,
    equipment_704_5n, legend_rule_704_5j, last_player_standing_104_2a)


def state_based_actions(st: GameState) -> bool:
    """Perform every state-based action that applies; say whether any did (CR 704.3).

    >>> from .cardset import CardSet
    >>> st = GameState([Player("Alice"), Player("Nadia")], cards=CardSet.shipped())
    >>> state_based_actions(st)
    False
    """
    did = False
    for check in CHECKS:
        did = check(st) or did
        if st.pending is not None:
            return True
    return did
