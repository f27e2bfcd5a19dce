"""Decide whether an action is legal now, without changing anything; name the rule when not."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product
from typing import Any, Iterator

from . import query as q
from .casting import additional_sacrifice, can_sacrifice, spell_target_spec
from .actions import ActivateAbility, CastSpell, PlayLand
from .cards import Ability, Card
from .effects.choices import modal
from .errors import CannotPay, ChooseXError, IllegalAction
from .loyalty import check_loyalty_ability
from .mana import ManaCost, pay_from_pool, pool_of, pool_text
from .objects import MAIN_PHASES as MAIN
from .objects import CardObject, GameState, Permanent, step_text
from .lands import land_plays_allowed, land_plays_said
from .statics import AddTypes
from .parts import PAIRS, TARGET_WORDS
from .targets import has_shroud, hexproof_against, target_candidates, target_sets


#: Mana abilities the game activates to pay a cost: (permanent id, ability index, type of mana).
Plan = list[tuple[int, int, str]]

#: A mana source the game may tap for you: the permanent, its ability's index, the types it adds.
ManaSource = tuple[Permanent, int, tuple[str, ...]]


def acting_player(st: GameState) -> str:
    if st.over:
        raise IllegalAction(f"The game is over: {st.winner or 'nobody'} won.", rule="104.2a")
    if st.priority is None:
        raise IllegalAction("No player has priority right now.", rule="117.1")
    return st.priority


def _in_hand(st: GameState, who: str, cid: int) -> CardObject:
    for obj in q.player(st, who).hand:
        if obj.id == cid:
            return obj
    raise IllegalAction(f"{who} has no such card in hand (object {cid}).", rule="117.1")


def check_play_land(st: GameState, a: PlayLand) -> CardObject:
    """Check a land play: your main phase, empty stack, a land play left (CR 305.1, 305.2)."""
    who = acting_player(st)
    obj = _in_hand(st, who, a.card)
    c = played_face(st, obj, a)
    if "Land" not in c.types:
        makers = [src.card for src, s in q.statics(st, AddTypes, who) if "Land" in s.types]
        extra = (f" {makers[0]} makes creatures on the battlefield lands, but a creature card in your "
                 f"hand is still cast, not played ({makers[0].split(',')[0]} ruling)."
                 if "Creature" in c.types and makers else "")
        if c.back is not None and "Land" in c.back.types:
            extra += (f" Its back face, {c.back.name}, is a land: play that face (CR 712.12); in a hand "
                      f"the card has only its front face's characteristics (CR 712.8a).")
        raise IllegalAction(f"{c.name} isn't a land card, so it can't be played as a land.{extra}",
                            rule="305.1")
    if st.active != who:
        raise IllegalAction(f"{who} can't play a land on {st.active}'s turn.", rule="305.3")
    if st.step not in MAIN:
        raise IllegalAction(f"A land can be played only in your main phase, not the {step_text(st.step)}.",
                            rule="505.6b")
    if st.stack:
        raise IllegalAction("A land can be played only while the stack is empty.", rule="116.2a")
    if st.land_plays >= land_plays_allowed(st, who):
        if land_plays_allowed(st, who) == 1:
            raise IllegalAction(f"{who} has already played a land this turn.", rule="305.2")
        raise IllegalAction(f"{who} has already played {st.land_plays} lands this turn and may play "
                            f"{land_plays_said(st, who)}: no land play is left.", rule="305.2b")
    return obj


def played_face(st: GameState, obj: CardObject, a: PlayLand) -> Card:
    """The face a land play puts onto the battlefield: the card, or its back face when the play
    names it (a modal double-faced card, CR 712.12)."""
    c = q.card(st, obj)
    if not a.back:
        return c
    if c.back is None or "Land" not in c.back.types:
        raise IllegalAction(f"{c.name} has no back face that is a land to play.", rule="712.12")
    return c.back


def check_cast(st: GameState, a: CastSpell) -> tuple[CardObject, Plan | dict[str, int]]:
    """Check casting: timing, mode and targets, then costs that can be paid (CR 601.2); return the
    card and how its mana is paid.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); bears = g.add_card("Alice", "Grizzly Bears")
    >>> _ = g.add_permanent("Alice", "Forest"), g.add_permanent("Alice", "Forest")
    >>> obj, plan = check_cast(g.state, CastSpell(bears)); obj.card, len(plan)
    ('Grizzly Bears', 2)
    """
    who = acting_player(st)
    obj = _in_hand(st, who, a.card)
    c = q.card(st, obj)
    cast_timing_117_1a(st, who, c)
    cast_mode_700_2a(st, who, c, a.mode)
    cast_targets_601_2c(st, who, c, a)
    additional_cost_601_2b(st, who, c, a.sacrifice)
    return obj, cast_mana_601_2h(st, who, obj, a.mana)


def cast_timing_117_1a(st: GameState, who: str, c: Card) -> None:
    """Lands are played, not cast (CR 305.1); an instant is cast any time its caster has priority,
    anything else only in their own main phase while the stack is empty (CR 117.1a, 307.1, 302.1).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"], active="Nadia")
    >>> cast_timing_117_1a(g.state, "Alice", g.cards.named("Grizzly Bears"))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Grizzly Bears can be cast only at sorcery speed: in your own main phase while the stack is empty. (CR 302.1)
    """
    if "Land" in c.types:
        raise IllegalAction(f"{c.name} is a land: lands are played, not cast.", rule="305.1")
    if "Instant" not in c.types and (st.active != who or st.step not in MAIN or st.stack):
        rule = "307.1" if "Sorcery" in c.types else "302.1" if "Creature" in c.types else "117.1a"
        raise IllegalAction(f"{c.name} can be cast only at sorcery speed: in your own main phase "
                            "while the stack is empty.", rule=rule)


def cast_mode_700_2a(st: GameState, who: str, c: Card, mode: str | None) -> None:
    """A modal spell's mode is chosen as it is cast, one its caster may choose now; a spell with
    no modes takes none (CR 700.2a).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"])
    >>> cast_mode_700_2a(g.state, "Alice", g.cards.named("Grizzly Bears"), "Destroy target land.")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Grizzly Bears has no modes to choose. (CR 700.2a)
    """
    chooser = modal(c.spell.effects) if c.spell else None
    if chooser is not None and mode not in chooser.legal_modes(st, who):
        raise IllegalAction(f"{c.name} is modal: its mode is chosen as it is cast, one of: "
                            f"{' / '.join(chooser.legal_modes(st, who)) or 'none can be chosen'}.",
                            rule="700.2a")
    if chooser is None and mode is not None:
        raise IllegalAction(f"{c.name} has no modes to choose.", rule="700.2a")


def cast_targets_601_2c(st: GameState, who: str, c: Card, a: CastSpell) -> None:
    """A spell's targets are chosen as it is cast: as many as it needs, a legal choice together,
    none for a spell without targets (CR 601.2c); hexproof and shroud are named (CR 702.11b, 702.18a).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); bears = g.add_card("Alice", "Grizzly Bears")
    >>> cast_targets_601_2c(g.state, "Alice", g.cards.named("Grizzly Bears"), CastSpell(bears, ("Nadia",)))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Grizzly Bears has no targets. (CR 601.2c)
    """
    spec = spell_target_spec(c, a.mode)
    if not spec:
        if a.targets:
            raise IllegalAction(f"{c.name} has no targets.", rule="601.2c")
        return
    n = 2 if spec in PAIRS else 1
    if len(a.targets) != n:
        raise IllegalAction(f"{c.name} needs exactly {'two targets' if n == 2 else 'one target'} "
                            f"({_spec_text(spec)}), chosen as it is cast.", rule="601.2c")
    if tuple(a.targets) not in target_sets(st, spec, who):
        for t in a.targets:
            _hexproof_refusal(st, t, who)
        said = " and ".join(q.describe_target(st, t) for t in a.targets)
        raise IllegalAction(f"{said} {'is' if n == 1 else 'are'}n't a legal choice of targets for "
                            f"{c.name} ({_spec_text(spec)}).", rule="601.2c")


def additional_cost_601_2b(st: GameState, who: str, c: Card, sacrifice: tuple[int, ...]) -> None:
    """A spell's additional cost to sacrifice a permanent names one its caster controls, chosen as
    it is cast; a spell without one sacrifices nothing (CR 601.2b).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"])
    >>> additional_cost_601_2b(g.state, "Alice", g.cards.named("Grizzly Bears"), (7,))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Grizzly Bears has no additional cost to sacrifice anything. (CR 601.2b)
    """
    extra = additional_sacrifice(c)
    if extra:
        if len(sacrifice) != 1 or sacrifice[0] not in can_sacrifice(st, who, extra):
            raise IllegalAction(f"As an additional cost to cast {c.name}, {who} must sacrifice a {extra} "
                                "they control.", rule="601.2b")
    elif sacrifice:
        raise IllegalAction(f"{c.name} has no additional cost to sacrifice anything.", rule="601.2b")


def cast_mana_601_2h(st: GameState, who: str, obj: CardObject,
                     named: str | None) -> Plan | dict[str, int]:
    """The mana cost is paid in full, never in part (CR 601.2h, 118.3): with the mana the caster
    names from the pool, or by the mana abilities the game finds; energy isn't mana (CR 202.1a).
    Return the pool left, or the abilities to activate.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); bears = g.add_card("Alice", "Grizzly Bears")
    >>> g.set_player("Alice", energy=2)
    >>> cast_mana_601_2h(g.state, "Alice", g.player("Alice").hand[0], None)
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.CannotPay: Alice can't pay {1}{G} for Grizzly Bears: the mana pool holds nothing and no untapped mana source can make the rest, and a cost can't be paid in part (CR 118.3). A mana cost is paid with mana: Alice's 2 energy can't pay it (CR 202.1a)
    """
    c = q.card(st, obj)
    if named is not None:
        return named_payment(st, who, c.mana_cost, named, c.name)
    plan = mana_plan(st, who, c.mana_cost, spare=obj.id)
    if plan is not None:
        return plan
    p = q.player(st, who)
    short = (f"{who} can't pay {c.mana_cost} for {c.name}: the mana pool holds {pool_text(p.pool)} "
             "and no untapped mana source can make the rest")
    if p.energy:  # the trap this catches: energy isn't mana, so it pays no mana cost
        raise CannotPay(f"{short}, and a cost can't be paid in part (CR 118.3). A mana cost is paid "
                        f"with mana: {who}'s {p.energy} energy can't pay it", rule="202.1a")
    raise CannotPay(f"{short}: a cost can't be paid in part", rule="601.2h")


def _spec_text(spec: str) -> str:
    return " and ".join(TARGET_WORDS[w] for w in (PAIRS.get(spec), spec) if w)


def check_activate(st: GameState, a: ActivateAbility
                   ) -> tuple[Permanent, Ability, str | None, Plan | dict[str, int]]:
    """Check an activation: its controller, timing and X, the mana it adds, costs ({T}, energy,
    life) payable in full, targets, then sacrifices and mana (CR 602.2, 118.3). Return the
    permanent, the ability, the type of mana it adds and how its mana cost is paid.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> perm, ab, mana, plan = check_activate(g.state, ActivateAbility(forest)); perm.card, mana, plan
    ('Forest', 'G', [])
    """
    who = acting_player(st)
    perm, ab = activated_ability_602_2(st, who, a)
    activation_timing_602_5d(st, who, perm, ab)
    _check_x(ab, a, perm.card)
    mana = mana_added_106_1b(st, perm, ab, a.mana)
    activation_costs_118_3(st, who, perm, ab, a.x)
    activation_targets_602_2b(st, who, perm, ab, a)
    return perm, ab, mana, activation_payment_602_2b(st, who, perm, ab, a)


def activated_ability_602_2(st: GameState, who: str, a: ActivateAbility) -> tuple[Permanent, Ability]:
    """Only a permanent's controller activates its abilities, and only the ones it has (CR 602.2).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Nadia", "Forest")
    >>> activated_ability_602_2(g.state, "Alice", ActivateAbility(forest))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Only Nadia, who controls Forest, can activate its abilities. (CR 602.2)
    """
    perm = q.permanent(st, a.source)
    if perm is None:
        raise IllegalAction(f"There is no permanent {a.source} on the battlefield.", rule="602.2")
    if perm.controller != who:
        raise IllegalAction(f"Only {perm.controller}, who controls {perm.card}, can activate its "
                            "abilities.", rule="602.2")
    abilities = q.abilities(st, perm)
    if not 0 <= a.index < len(abilities):
        raise IllegalAction(f"{perm.card} has no activated ability number {a.index + 1}.", rule="602.2")
    return perm, abilities[a.index]


def activation_timing_602_5d(st: GameState, who: str, perm: Permanent, ab: Ability) -> None:
    """An ability that discards its card is activated from a hand (CR 113.6m); "activate only as a
    sorcery" means its controller's main phase with the stack empty (CR 602.5d); a loyalty ability
    once a turn at sorcery speed (CR 606.3); and any "activate only if" condition holds.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"], step="upkeep"); nissa = g.add_permanent("Alice", "Nissa, Voice of Zendikar")
    >>> try:
    ...     activation_timing_602_5d(g.state, "Alice", g.permanent(nissa), q.abilities(g.state, g.permanent(nissa))[0])
    ... except IllegalAction as refused:
    ...     print(refused.rule)
    606.3
    """
    cost = ab.cost
    assert cost is not None  # q.abilities holds activated abilities only, each with its cost
    if cost.discard:
        raise IllegalAction(f"{perm.card}'s ability discards the card: it can be activated only from "
                            f"a hand ({ab.said}).", rule="113.6m")
    if ab.timing == "sorcery" and (st.active != who or st.step not in MAIN or st.stack):
        raise IllegalAction(f"{perm.card}'s ability can be activated only as a sorcery: in your own "
                            "main phase while the stack is empty.", rule="602.5d")
    if cost.loyalty is not None:
        check_loyalty_ability(st, perm, cost.loyalty, who)
    if ab.only_if is not None:
        ab.only_if.check(st, who, perm.card)


def mana_added_106_1b(st: GameState, perm: Permanent, ab: Ability, named: str | None) -> str | None:
    """The type of mana a mana ability adds: the one named, one of the types it can add (CR 106.1b);
    with no type a land could produce it can still be activated, and adds none (CR 106.7 and its
    example). Another ability adds no mana (CR 602.2).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> p = g.permanent(forest); mana_added_106_1b(g.state, p, q.abilities(g.state, g.permanent(forest))[0], None)
    'G'
    >>> mana_added_106_1b(g.state, p, q.abilities(g.state, g.permanent(forest))[0], "R")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Choose one of G for Forest's mana ability. (CR 106.1b)
    """
    if not ab.is_mana_ability:
        if named is not None:
            raise IllegalAction(f"{perm.card}'s ability doesn't add mana.", rule="602.2")
        return None
    options = q.mana_options(st, perm, ab)
    mana = named if named is not None else (options[0] if len(options) == 1 else None)
    if options and mana not in options:
        raise IllegalAction(f"Choose one of {', '.join(options)} for {perm.card}'s mana ability.",
                            rule="106.1b")
    if not options and mana is not None:
        raise IllegalAction(f"{perm.card} can't add {{{mana}}}: no land you control could produce "
                            "any type of mana, so it would add none.", rule="106.7")
    return mana


def activation_costs_118_3(st: GameState, who: str, perm: Permanent, ab: Ability, x: int | None) -> None:
    """A cost is paid in full or not at all (CR 118.3): {T} needs an untapped permanent that isn't
    summoning sick (CR 302.6), energy and life can't be paid past what the player has (CR 119.4).

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest", tapped=True)
    >>> activation_costs_118_3(g.state, "Alice", g.permanent(forest), q.abilities(g.state, g.permanent(forest))[0], None)
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Forest is already tapped: {T} can't be paid. (CR 118.3)
    """
    cost = ab.cost
    assert cost is not None
    if ab.tap:
        if perm.tapped:
            raise IllegalAction(f"{perm.card} is already tapped: {{T}} can't be paid.", rule="118.3")
        if not q.can_tap_for_cost(st, perm):
            raise IllegalAction(f"{perm.card} is a creature that came under {who}'s control this "
                                "turn: it can't pay {T} (summoning sickness).", rule="302.6")
    energy, owed = q.player(st, who).energy, ab.energy + (x or 0)
    if owed > energy:
        raise CannotPay(f"{who} has {energy} energy and can't pay {owed}: you can't pay more "
                        "energy than you have", rule="118.3")
    life = q.player(st, who).life
    if cost.life > life:
        raise CannotPay(f"{who} has {life} life and can't pay {cost.life} life: a player may pay life "
                        "only if their life total is at least the amount", rule="119.4")


def activation_targets_602_2b(st: GameState, who: str, perm: Permanent, ab: Ability,
                              a: ActivateAbility) -> None:
    """An ability's target is chosen as it is activated, as for a spell (CR 602.2b, 601.2c): one
    legal target, none for "up to one" if the player chooses none, none for an ability without.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> activation_targets_602_2b(g.state, "Alice", g.permanent(forest), q.abilities(g.state, g.permanent(forest))[0],
    ...                           ActivateAbility(forest, targets=("Nadia",)))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Forest's ability has no targets. (CR 602.2b)
    """
    if ab.targets is None:
        if a.targets:
            raise IllegalAction(f"{perm.card}'s ability has no targets.", rule="602.2b")
        return
    if not a.targets and ab.targets.up_to_one:
        return  # "up to one target": none chosen is a legal choice (CR 601.2c)
    cands = target_candidates(st, ab.target_spec, who, a.x)
    if len(a.targets) == 1 and a.targets[0] not in cands:
        _hexproof_refusal(st, a.targets[0], who)
    if len(a.targets) != 1 or a.targets[0] not in cands:
        raise IllegalAction(f"{perm.card}'s ability needs one legal target "
                            f"({_spec_text(ab.target_spec or '')}), chosen as it is activated.", rule="602.2b")


def activation_payment_602_2b(st: GameState, who: str, perm: Permanent, ab: Ability,
                              a: ActivateAbility) -> Plan | dict[str, int]:
    """What an activation sacrifices (CR 602.2b, 701.21a), and its mana cost paid in full with the
    mana named from the pool or by the mana abilities the game finds (CR 602.2b, 601.2h); return
    the pool left, or the abilities to activate.

    >>> from .game import Game
    >>> g = Game(["Alice", "Nadia"]); forest = g.add_permanent("Alice", "Forest")
    >>> activation_payment_602_2b(g.state, "Alice", g.permanent(forest), q.abilities(g.state, g.permanent(forest))[0],
    ...                           ActivateAbility(forest, pay="{G}"))
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Forest's ability has no mana cost to pay. (CR 602.2b)
    """
    cost = ab.cost
    assert cost is not None
    _check_sacrifice(st, who, perm.card, cost.sacrifice, a.sacrifice)
    if a.pay is not None:
        if not cost.mana:
            raise IllegalAction(f"{perm.card}'s ability has no mana cost to pay.", rule="602.2b")
        return named_payment(st, who, cost.mana_cost, a.pay, f"{perm.card}'s ability")
    if not cost.mana:
        return []
    found = mana_plan(st, who, cost.mana_cost, exclude=perm.id if ab.tap or cost.sacrifice == "self" else None)
    if found is None:
        raise CannotPay(f"{who} can't pay {cost.mana_cost} for {perm.card}'s ability: a cost "
                        "can't be paid in part", rule="602.2b")
    return found


def _check_sacrifice(st: GameState, who: str, name: str, kind: str, picks: tuple[int, ...]) -> None:
    """Check what an activation's "Sacrifice a land" cost sacrifices: one its controller controls,
    chosen as the cost is paid (CR 602.2b, 601.2h, 701.21a); "Sacrifice this" needs no choice."""
    if kind in ("", "self"):
        if picks:
            raise IllegalAction(f"{name}'s ability has no cost that sacrifices a permanent you choose.",
                                rule="602.2b")
        return
    if len(picks) != 1 or picks[0] not in can_sacrifice(st, who, kind):
        raise IllegalAction(f"{name}'s ability costs sacrificing a {kind}: choose one {kind} {who} "
                            "controls.", rule="602.2b")


def _check_x(ab: Ability, a: ActivateAbility, name: str) -> None:
    """X in a cost is announced as the ability is activated (CR 107.3a), a whole number, zero or
    more (CR 107.1b); an ability with no X takes none."""
    if not ab.x_energy:
        if a.x is not None:
            raise ChooseXError(f"{name}'s ability has no X in its cost.", rule="107.3a")
        return
    if a.x is None:
        raise ChooseXError(f"Announce X for {name}'s ability as you activate it (Pay X {{E}}).",
                           rule="107.3a")
    if not isinstance(a.x, int) or isinstance(a.x, bool) or a.x < 0:
        raise ChooseXError(f"X is a whole number, zero or more, not {a.x!r}.", rule="107.1b")


def check_activate_from_hand(st: GameState, a: ActivateAbility) -> tuple[CardObject, Ability, Plan]:
    """Check activating a card's ability from the hand, such as cycling (CR 702.29a, 113.6m)."""
    who = acting_player(st)
    obj = _in_hand(st, who, a.source)
    abilities = q.hand_abilities(q.card(st, obj))
    if not 0 <= a.index < len(abilities):
        raise IllegalAction(f"{obj.card} has no ability that can be activated from a hand; it must be "
                            "cast or played.", rule="113.6")
    if a.mana is not None or a.targets or a.sacrifice:
        raise IllegalAction(f"{obj.card}'s ability adds no mana, has no targets and sacrifices nothing you choose.", rule="602.2")
    ab = abilities[a.index]
    cost = ab.cost
    assert cost is not None  # q.hand_abilities holds only abilities whose cost discards the card
    plan = mana_plan(st, who, cost.mana_cost) if cost.mana else []
    if plan is None:
        raise CannotPay(f"{who} can't pay {cost.mana_cost} for {obj.card}'s ability: a cost can't be "
                        "paid in part", rule="602.2b")
    return obj, ab, plan


def free_mana_sources(st: GameState, who: str,
                      exclude: int | None = None) -> list[tuple[Permanent, int, tuple[str, ...]]]:
    """Untapped sources whose mana ability costs only {T}: the ones paid for you while casting."""
    out = []
    for p in st.battlefield:
        if p.controller != who or p.id == exclude or not q.can_tap_for_cost(st, p):
            continue
        for i, ab in enumerate(q.abilities(st, p)):
            if (ab.is_mana_ability and ab.energy == 0 and ab.tap and ab.cost is not None
                    and not ab.cost.mana and not ab.cost.sacrifice and not ab.cost.life):
                opts = q.mana_options(st, p, ab)
                if opts:
                    out.append((p, i, opts))
                    break
    return out


#: The payments ``mana_plan`` tries (sources times the types each adds) before it stops looking and
#: asks the player to make the mana first: the work of one action stays bounded.
PLANS_TRIED = 20_000


def mana_plan(st: GameState, who: str, cost: ManaCost, exclude: int | None = None,
              spare: int | None = None) -> Plan | None:
    """Return mana abilities to activate so the pool pays ``cost``, or None if it can't (CR 601.2g).

    Only what is needed is tapped: the fewest sources, and among those the ones that leave the
    colors the rest of the hand (all but card ``spare``) needs. Abilities with an energy cost are
    never used for you: spending energy is the player's choice.
    """
    pool = dict(q.player(st, who).pool)
    if pay_from_pool(pool, cost) is not None:
        return []
    sources = free_mana_sources(st, who, exclude)
    keep = needed_colors(st, who, spare)
    fewest = max(1, cost.mana_value - sum(pool.values()))
    tried = _unlike(sources, cost.mana_value)
    trials = 0
    for k in range(fewest, min(len(tried), cost.mana_value) + 1):
        best = None
        for combo in combinations(tried, k):
            for kinds in _kinds(combo):
                trials += 1
                if trials > PLANS_TRIED:
                    raise CannotPay(f"There are too many ways to pay {cost} from {who}'s "
                                    f"{len(sources)} mana sources for the game to choose one: tap the "
                                    "mana yourself first, then pay from the pool", rule="601.2g")
                if not _pays(pool, kinds, cost):
                    continue
                score = _score(sources, combo, keep)
                if best is None or score > best[0]:
                    best = (score, [(p.id, idx, t) for (p, idx, _), t in zip(combo, kinds)])
        if best is not None:
            return best[1]
    return None


def _unlike(sources: list[ManaSource], n: int) -> list[ManaSource]:
    """The sources a payment of ``n`` mana tries. Each source adds one mana, so no payment needs
    more than ``n`` sources, nor more than ``n`` of the sources that add the same types: the later
    ones of those are left out (a combination using them ties with one using the earlier ones,
    which comes first).

    >>> forest, birds = (None, 0, ("G",)), (None, 1, ("W", "G"))
    >>> [i for _, i, _ in _unlike([forest, birds, forest, forest], 2)]
    [0, 1, 0]
    """
    alike: dict[tuple[str, ...], int] = {}
    tried = []
    for s in sources:
        if alike.get(tuple(s[2]), 0) < n:
            alike[tuple(s[2])] = alike.get(tuple(s[2]), 0) + 1
            tried.append(s)
    return tried


def _score(sources: list[ManaSource], combo: tuple[ManaSource, ...], keep: set[str]) -> tuple[int, int]:
    """How good tapping ``combo`` is: first the more colors the hand needs the untapped sources
    still make, then the fewer types the tapped ones could have made."""
    left = {t for p, _, opts in sources if p not in [c[0] for c in combo] for t in opts}
    return len(keep & left), -sum(len(opts) for _, _, opts in combo)


def _pays(pool: dict[str, int], kinds: tuple[str, ...], cost: ManaCost) -> bool:
    """Say whether the pool with one more mana of each of ``kinds`` pays ``cost``."""
    trial = dict(pool)
    for t in kinds:
        trial[t] = trial.get(t, 0) + 1
    return pay_from_pool(trial, cost) is not None


def _kinds(combo: tuple[ManaSource, ...]) -> Iterator[tuple[str, ...]]:
    """Yield the types of mana the sources in ``combo`` can add together, one type per source.

    Sources that add the same types are alike, so only the multisets of their types are tried, not
    every assignment (eight Birds of Paradise: 495 ways, not 5^8); where no two are alike this is
    the plain product, in its order.

    >>> forest, birds = (None, 0, ("G",)), (None, 0, ("W", "G"))
    >>> list(_kinds((forest, birds, birds)))
    [('G', 'W', 'W'), ('G', 'W', 'G'), ('G', 'G', 'G')]
    """
    groups: dict[tuple[str, ...], list[int]] = {}
    for i, (_, _, opts) in enumerate(combo):
        groups.setdefault(tuple(opts), []).append(i)
    for picks in product(*(combinations_with_replacement(opts, len(at)) for opts, at in groups.items())):
        kinds = [""] * len(combo)
        for at, types in zip(groups.values(), picks):
            for i, t in zip(at, types):
                kinds[i] = t
        yield tuple(kinds)


def needed_colors(st: GameState, who: str, spare: int | None = None) -> set[str]:
    """The colors of mana the cards in ``who``'s hand (but ``spare``) need: what paying should keep."""
    return {t for obj in q.player(st, who).hand if obj.id != spare
            for t, _ in q.card(st, obj).mana_cost.colored}


def named_payment(st: GameState, who: str, cost: ManaCost, named: str, what: str) -> dict[str, int]:
    """Check mana the player names to pay ``cost`` (CR 601.2h); return the pool left after it."""
    try:
        paid = pool_of(named)
    except ValueError as exc:
        raise IllegalAction(f"{named!r}: {exc}.", rule="601.2h") from None
    pool = q.player(st, who).pool
    if any(paid[t] > pool.get(t, 0) for t in paid):
        raise CannotPay(f"{who}'s mana pool holds {pool_text(pool)}, not {pool_text(paid)}: add the mana "
                        "first (tap your sources), or let the game choose", rule="601.2h")
    left = pay_from_pool(paid, cost)
    if left is None or any(left.values()):
        raise IllegalAction(f"{pool_text(paid)} doesn't pay {cost} for {what} exactly.", rule="601.2h")
    return {t: pool.get(t, 0) - paid[t] for t in pool}


def _hexproof_refusal(st: GameState, t: int | str, who: str) -> None:
    if has_shroud(st, t):
        raise IllegalAction(f"{q.describe_target(st, t)} has shroud: it can't be the target of spells or "
                            "abilities, its own controller's included.", rule="702.18a")
    if hexproof_against(st, t, who):
        raise IllegalAction(f"{q.describe_target(st, t)} has hexproof: it can't be the target of spells "
                            f"or abilities {who}, its controller's opponent, controls.", rule="702.11b")
