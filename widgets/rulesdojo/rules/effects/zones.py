"""Moving cards: draw, search, create tokens, look at the top and cast (CR 121, 701.23, 111)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import casting
from .. import engine as e
from ..said import CardName, Listed, Said, Value, Whose, said, said_n
from .. import query as q
from ..choices import (CastExiledChoice, CastFromAmongChoice, ModeChoice, ScryChoice, ScryTopChoice,
                       SacrificeChoice, SearchChoice, TargetChoice)
from .choices import modal
from ..parts import PAIRS, TARGET_WORDS, Effect, Find, Resolving, effect, field, number_word, reads_only
from ..objects import CardObject, GameState, Permanent
from ..targets import target_sets
from ..happened import Happened


@effect("draw")
@dataclass(frozen=True)
class Draw(Effect):
    """You draw N cards (or X, the number of lands you control, counted as it resolves: CR 608.2h)."""

    n: int | str = field(kind="amount", default=1)

    def __post_init__(self) -> None:
        reads_only(self.n, ("lands_you_control",), "draw's n")

    def run(self, res: Resolving) -> None:
        n = self.n if isinstance(self.n, int) else q.lands_of(res.st, res.controller)
        e.draw(res.st, res.controller, n)

    def words(self) -> tuple[str, ...]:
        if not isinstance(self.n, int):
            return ("draw X cards", "where X is the number of lands you control")
        return ("Draw a card",) if self.n == 1 else (f"draw {number_word(self.n)} cards",)


@effect("create_token")
@dataclass(frozen=True)
class CreateToken(Effect):
    """Create N tokens of a named token card, or a token that's a copy of this one (CR 111.1, 707.2).

    >>> CreateToken(copy=True).words()
    ('Create', "a token that's a copy of this")
    """

    name: str = ""  # type: ignore[misc]  # the card file's word for the token; the class keeps its effect name
    n: int = 1
    copy: bool = False

    def run(self, res: Resolving) -> None:
        # The copy copies the card's copiable values (CR 707.2): here, the card it is.
        e.create_tokens(res.st, res.controller, res.item.name if self.copy else self.name, self.n,
                        res.item.name)

    def words(self) -> tuple[str, ...]:
        return ("Create", "a token that's a copy of this" if self.copy else self.name)


@effect("mill")
@dataclass(frozen=True)
class Mill(Effect):
    """The target player (or you) mills N: the top N cards go to the graveyard (CR 701.17a-b).

    >>> Mill(3).words()
    ('mills three cards',)
    """

    n: int = 1
    who: str = field(choices=("target", "you"), default="target")

    def run(self, res: Resolving) -> None:
        st = res.st
        names = ([res.controller] if self.who == "you" else
                 [t for t in res.target_objects() if isinstance(t, str)])
        for name in names:
            p = q.player(st, name)
            top = p.library[:self.n]
            for obj in top:
                e.move_card(st, obj, p.library, p.graveyard)
            cards: Value = Listed(tuple(CardName(c.card) for c in top), "comma") if top else said("none")
            e.log(st, "701.17a", said_n("{who} mills {n} card (only {n} in the library: as many as possible, CR "
                                        "701.17b): {cards}.", "{who} mills {n} cards (only {n} in the library: as "
                                        "many as possible, CR 701.17b): {cards}.", len(top), who=name, cards=cards)
                  if len(top) < self.n else said_n("{who} mills {n} card: {cards}.", "{who} mills {n} cards: {cards}.",
                                                   len(top), who=name, cards=cards), "zone", name)

    def words(self) -> tuple[str, ...]:
        return (f"mill{'s' if self.who == 'target' else ''} {number_word(self.n)} card"
                f"{'s' if self.n != 1 else ''}",)


@effect("search")
@dataclass(frozen=True)
class Search(Effect):
    """Search your library for a card, put it somewhere, then shuffle (CR 701.23a). ``for`` is
    ``basic_land`` or ``{subtypes: [Forest, Plains]}`` (a fetch land's "a Forest or Plains card").

    >>> Search(Find(subtypes=("Forest", "Plains")), to="battlefield").words()[:2]
    ('Search your library for a Forest or Plains card', 'onto the battlefield')
    """

    find: Find = field(kind="find", default=Find(basic_land=True))
    to: str = field(choices=("battlefield_tapped", "battlefield", "hand"), default="hand")
    then: str = field(choices=("shuffle",), default="shuffle")
    up_to: int = 1
    rest_to: str = field(choices=("", "hand"), default="")  # Cultivate: one onto the battlefield, the other

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        p = q.player(st, who)
        basics = [c.id for c in p.library if self.find.matches(q.card(st, c))]
        pick = res.choose(SearchChoice, who, f"Search your library for {self._what()} (or find nothing)",
                          "701.23a", options=basics, low=0, high=self.up_to)
        found, rest = self._keep(res, [next(c for c in p.library if c.id == cid) for cid in pick])
        for obj in rest:
            e.move_card(st, obj, p.library, p.hand)
            e.log(st, "701.23a", said("{who} puts {card} into their hand.", who=who, card=CardName(obj.card)), "zone",
                  who)
        res.vars["found"] = []
        for obj in found:
            perm = self._put(st, who, obj)
            if perm is not None:
                res.vars["found"].append(perm.id)
        if not pick:
            e.log(st, "701.23a", said("{who} finds nothing.", who=who), "choice", who)
        st.rng.shuffle(p.library)

    def _keep(self, res: Resolving, found: list[CardObject]) -> tuple[list[CardObject], list[CardObject]]:
        """Split the cards found into those put where the search says and those put into the hand:
        with "the rest into your hand" they are revealed and one is chosen to keep (CR 701.20a)."""
        if not (self.rest_to and found):
            return found, []
        st, who = res.st, res.controller
        e.log(st, "701.20a", said("{who} reveals {cards}.", who=who, cards=Listed(tuple(CardName(c.card) for c in found))),
              "zone", who)
        keep = res.choose(SearchChoice, who, "Choose the card to put onto the battlefield tapped; the "
                          "other goes into your hand", "608.2c", options=[c.id for c in found],
                          low=1, high=1) if len(found) > 1 else (found[0].id,)
        return [c for c in found if c.id in keep], [c for c in found if c.id not in keep]

    def _put(self, st: GameState, who: str, obj: CardObject) -> Permanent | None:
        """Put a card found where the search says; return the permanent if it entered."""
        p = q.player(st, who)
        if self.to == "hand":
            e.move_card(st, obj, p.library, p.hand)
            e.log(st, "701.23a", said("{who} puts {card} into their hand.", who=who, card=CardName(obj.card)), "zone",
                  who)
            return None
        p.library.remove(obj)
        e.log(st, "305.4", said("{who} puts {card} onto the battlefield: not a land play, so it doesn't use the land "
                                "drop, but landfall still triggers.", who=who, card=CardName(obj.card)), "rule", who)
        return e.enter(st, obj.card, obj.owner, who, tapped=self.to == "battlefield_tapped",
                       old_id=obj.id)
        e.log(st, "701.24a", said("{who} shuffles their library.", who=who), "zone", who)

    def _what(self) -> str:
        return (self.find.said if self.up_to == 1 else
                f"up to {number_word(self.up_to)} {self.find.said.split(' ', 1)[1]}s")

    def words(self) -> tuple[str, ...]:
        where = {"battlefield_tapped": "onto the battlefield tapped", "battlefield": "onto the battlefield",
                 "hand": "into your hand"}[self.to]
        rest = ("and the other into your hand",) if self.rest_to else ()
        return (f"Search your library for {self._what()}", where) + rest + ("shuffle",)


@effect("look_and_cast")
@dataclass(frozen=True)
class LookAndCast(Effect):
    """Look at the top N cards; you may cast a spell among them without paying its mana cost; the rest
    go to the bottom in a random order."""

    n: int = 6

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        lib = q.player(st, who).library
        top = lib[:self.n]
        e.log(st, "608.2c", said("{who} looks at the top {n} cards: {cards}.", who=who, n=len(top),
                                 cards=Listed(tuple(CardName(c.card) for c in top), "comma") if top else said("none")),
              "zone", who)
        spells = [c.id for c in top if "Land" not in q.card(st, c).types]
        pick = res.choose(CastFromAmongChoice, who, "You may cast a spell from among them without paying its mana "
                          "cost", "601.2", options=spells, low=0, high=1) if spells else ()
        rest = [c for c in top if c.id not in pick]
        for c in top:
            lib.remove(c)
        st.rng.shuffle(rest)
        lib.extend(rest)
        e.log(st, "608.2c", said("{who} puts {n} card(s) on the bottom in a random order.", who=who, n=len(rest)),
              "zone", who)
        for cid in pick:
            _cast_now(res, next(c for c in top if c.id == cid), lib, said("without paying its mana cost"))

    def words(self) -> tuple[str, ...]:
        return (f"top {number_word(self.n)} cards", "without paying its mana cost")


def _cast_now(res: Resolving, obj: CardObject, back: list[CardObject], how: Said, energy: int = 0) -> None:
    """Cast a card while another object resolves, through every step of casting (CR 608.2g, 601.2a-i):
    its mode, each of its targets, and its additional cost, each chosen by its controller. If a step
    can't be done (no legal target, nothing to sacrifice), it isn't cast and goes to ``back``
    (CR 601.2c, 601.2h). ``energy``: the {E} paid instead of its mana cost (CR 118.9)."""
    st, who = res.st, res.controller
    c = q.card(st, obj)
    chooser = modal(c.spell.effects) if c.spell else None
    mode = res.choose(ModeChoice, who, f"Choose a mode for {c.name}", "700.2a",
                      options=chooser.legal_modes(st, who), low=1, high=1)[0] if chooser else None
    spec = casting.spell_target_spec(c, mode)
    extra = casting.additional_sacrifice(c)
    why, rule = _cannot_cast(st, who, c.name, spec, extra)
    if why:
        back.append(obj)
        e.log(st, rule, why, "rule", who)
        return
    targets: tuple[int | str, ...] = ()
    while spec and len(targets) < (2 if spec in PAIRS else 1):
        targets += tuple(res.choose(TargetChoice, who, _target_prompt(c.name, spec, targets), "601.2c",
                                    options=casting.next_target_options(st, spec, who, targets),
                                    low=1, high=1))
    picks = res.choose(SacrificeChoice, who, f"Choose a {extra} to sacrifice as the additional cost of "
                       f"{c.name}", "601.2h", options=casting.can_sacrifice(st, who, extra),
                       low=1, high=1) if extra else ()
    item = casting.put_on_stack(st, who, c, obj, targets, mode, how)
    if energy:
        e.pay_energy(st, who, energy, said("{card} instead of its mana cost", card=CardName(c.name)), "118.9")
    casting.pay_sacrifice(st, c.name, picks)
    casting.become_cast(st, who, item, c)


def _cannot_cast(st: GameState, who: str, name: str, spec: str | None, extra: str) -> tuple[Said | None, str]:
    """Why a spell cast while another object resolves can't be cast, and the rule: no legal choice
    of targets (CR 601.2c), or an additional sacrifice that can't be paid (CR 601.2h); or (None, "")."""
    if spec and not target_sets(st, spec, who):
        return said("{card} has no legal choice of targets, so it can't be cast; it stays where it was put.",
                    card=CardName(name)), "601.2c"
    if extra and not casting.can_sacrifice(st, who, extra):
        return (said("{card} needs a {extra} to sacrifice as its additional cost, and {who} controls none: a cost "
                     "that can't be paid can't be skipped either, so it can't be cast; it stays where it was put.",
                     card=CardName(name), extra=extra, who=who), "601.2h")
    return None, ""


def _target_prompt(name: str, spec: str, chosen: tuple[int | str, ...]) -> str:
    words = TARGET_WORDS[PAIRS[spec]] if spec in PAIRS and not chosen else TARGET_WORDS[spec]
    return f"Choose {'the second target' if chosen else 'a target'} for {name}: {words}"


@effect("exile_until_nonland")
@dataclass(frozen=True)
class ExileUntilNonland(Effect):
    """If it was cast from your hand: exile cards from the top of your library until a nonland card;
    you may cast that card by paying {E} equal to its mana value instead of its mana cost (CR 118.9)."""

    if_cast_from: str = field(choices=("hand",), default="hand")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        if res.item.data.get("cast_from") != self.if_cast_from:
            e.log(st, "608.2c", said("{card} wasn't cast from {who}'s hand, so nothing is exiled.",
                                     card=CardName(res.item.name), who=who), "rule", who)
            return
        p = q.player(st, who)
        found = None
        while p.library and found is None:
            obj = e.move_card(st, p.library[0], p.library, p.exile)
            e.log(st, "406.2", said("{who} exiles {card} from the top of their library.", who=who,
                                    card=CardName(obj.card)), "zone", who)
            found = obj if "Land" not in q.card(st, obj).types else None
        if found is None:
            return
        mv = q.card(st, found).mana_cost.mana_value
        if p.energy < mv:
            e.log(st, "118.3", said("{who} has {have} energy and can't pay {n} for {card}: it stays in exile.",
                                    who=who, have=p.energy, n=mv, card=CardName(found.card)), "energy", who)
            return
        pick = res.choose(CastExiledChoice, who, f"You may cast {found.card} by paying {mv} energy (its mana "
                          "value) rather than its mana cost", "118.9", options=(found.id,), low=0, high=1)
        if not pick:
            e.log(st, "118.9", said("{who} doesn't cast {card}: it stays in exile.", who=who,
                                    card=CardName(found.card)), "choice", who)
            return
        p.exile.remove(found)
        _cast_now(res, found, p.exile, said("by paying {n} energy rather than its mana cost", n=mv), mv)

    def words(self) -> tuple[str, ...]:
        return ("if you cast it from your hand", "until you exile a nonland card",
                "equal to its mana value rather than paying its mana cost")


@effect("scry")
@dataclass(frozen=True)
class Scry(Effect):
    """Look at the top N cards; put any number on the bottom and the rest on top, in any order
    (CR 701.22a)."""

    n: int = 1

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        lib = q.player(st, who).library
        top = {c.id: c for c in lib[:self.n]}
        if not top:
            e.log(st, "701.22a", said("{who} has no cards in their library to scry.", who=who), "zone", who)
            return
        bottom = res.choose(ScryChoice, who, f"Scry {self.n}: choose the cards to put on the bottom of your "
                            "library, in order (the last one chosen ends at the bottom); the rest stay "
                            "on top", "701.22a", options=tuple(top), low=0, high=len(top))
        rest = tuple(i for i in top if i not in bottom)
        if len(rest) > 1:
            rest = res.choose(ScryTopChoice, who, "Put the rest back on top in any order: the first one "
                              "chosen is the top card", "701.22a", options=rest, low=len(rest),
                              high=len(rest))
        del lib[:len(top)]
        lib[0:0] = [top[i] for i in rest]
        lib.extend(top[i] for i in bottom)
        e.log(st, "701.22a", said_n("{who} scries {scry}: {n} card on the bottom, {top} on top.",
                                    "{who} scries {scry}: {n} cards on the bottom, {top} on top.", len(bottom), who=who,
                                    scry=self.n, top=len(rest)), "zone", who)

    def words(self) -> tuple[str, ...]:
        return (f"Scry {self.n}",)


@effect("exile")
@dataclass(frozen=True)
class Exile(Effect):
    """Exile the target; with ``until: self_leaves``, until this permanent leaves the battlefield
    (CR 610.3): if it has already left, nothing is exiled."""

    what: str = field(choices=("target",), default="target")
    until: str = field(choices=("", "self_leaves"), default="")

    def run(self, res: Resolving) -> None:
        st = res.st
        holder = res.source() if self.until else None
        if self.until and holder is None:
            e.log(st, "610.3", said("{card} has already left the battlefield, so nothing is exiled (CR 610.3).",
                                    card=CardName(res.item.name)), "rule", res.controller)
            return
        for p in res.target_objects():
            if isinstance(p, str):
                continue
            e.leave(st, [p], "exile", said("is exiled until {card} leaves the battlefield", card=CardName(res.item.name))
                    if self.until else said("is exiled"), "610.3" if self.until else "406.2")
            if holder is not None:
                holder.holds += (st.moved[p.id],)

    def words(self) -> tuple[str, ...]:
        return ("exile", "until this") if self.until else ("exile",)


@effect("exile_graveyard")
@dataclass(frozen=True)
class ExileGraveyard(Effect):
    """Exile every card in the target player's graveyard (CR 701.13a).

    >>> ExileGraveyard().words()
    ('Exile', "player's graveyard")
    """

    whose: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        st = res.st
        for name in (t for t in res.target_objects() if isinstance(t, str)):
            p = q.player(st, name)
            gone = tuple(CardName(c.card) for c in p.graveyard)
            for obj in list(p.graveyard):
                e.move_card(st, obj, p.graveyard, p.exile)
            e.log(st, "701.13a", said("{whose} graveyard is exiled: {cards}.", whose=Whose(name),
                                      cards=Listed(gone, "comma")) if gone else
                  said("{whose} graveyard is exiled: it was empty.", whose=Whose(name)), "zone", res.controller)

    def words(self) -> tuple[str, ...]:
        return ("Exile", "player's graveyard")
