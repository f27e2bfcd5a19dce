"""Emblems (CR 114) and searching for any number of cards of a land type (CR 701.23a)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, said
from .. import query as q
from ..choices import SearchChoice
from ..objects import Emblem
from ..parts import Effect, Resolving, effect, field


@effect("emblem")
@dataclass(frozen=True)
class GetEmblem(Effect):
    """You get an emblem whose static ability gives a keyword to permanents you control: "You get an
    emblem with "Lands you control have indestructible."" (CR 114.1, 114.4). An emblem is in the
    command zone; nothing removes it.

    >>> GetEmblem("indestructible").words()
    ('You get an emblem', 'Lands you control have indestructible')
    """

    grants: str = field(choices=("indestructible",))
    to: str = field(choices=("lands_you_control",), default="lands_you_control")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        st.emblems += (Emblem(who, res.item.name, self.grants, "Land"),)
        e.log(st, "114.2", said("{who} gets an emblem from {card}: \"Lands you control have {keyword}.\" It is in the "
                                "command zone, where its ability works (CR 114.4); it isn't a permanent, so "
                                "nothing that destroys or bounces permanents touches it (CR 114.5).", who=who,
                                card=CardName(res.item.name), keyword=self.grants), "emblem", who)

    def words(self) -> tuple[str, ...]:
        return ("You get an emblem", f"Lands you control have {self.grants}")


@effect("search_any_number")
@dataclass(frozen=True)
class SearchAnyNumber(Effect):
    """Search your library for any number of cards with a subtype, put them onto the battlefield
    tapped, then shuffle (CR 701.23a; finding fewer, or none, is allowed, 701.23b)."""

    subtype: str = "Forest"  # a land subtype: the cards the search may find
    to: str = field(choices=("battlefield_tapped",), default="battlefield_tapped")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        p = q.player(st, who)
        fits = [c.id for c in p.library if self.subtype in q.card(st, c).subtypes]
        pick = res.choose(SearchChoice, who, f"Search your library for any number of {self.subtype} cards",
                          "701.23a", options=fits, low=0, high=len(fits)) if fits else ()
        for obj in [c for c in p.library if c.id in pick]:
            p.library.remove(obj)
            e.log(st, "305.4", said("{who} puts {card} onto the battlefield tapped: not a land play, but landfall "
                                    "still triggers.", who=who, card=CardName(obj.card)), "rule", who)
            e.enter(st, obj.card, obj.owner, who, tapped=True, old_id=obj.id)
        if not pick:
            e.log(st, "701.23b", said("{who} finds nothing.", who=who), "choice", who)
        st.rng.shuffle(p.library)
        e.log(st, "701.24a", said("{who} shuffles their library.", who=who), "zone", who)

    def words(self) -> tuple[str, ...]:
        return (f"Search your library for any number of {self.subtype} cards", "onto the battlefield tapped",
                "shuffle")
