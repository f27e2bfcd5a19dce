"""Lands: more land plays this turn (CR 305.2), and putting a land card from a hand onto the
battlefield, which isn't playing it (CR 305.4)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Whose, said, said_n
from .. import query as q
from ..choices import ObjectsChoice
from ..lands import land_plays_said
from ..parts import Effect, Resolving, effect, field, number_word


class PutLandChoice(ObjectsChoice):
    """Choose a land card from your hand to put onto the battlefield, or none (CR 305.4, 608.2d)."""

    kind = "put_land"


#: Numbers as the log says them in words ("one more land"), ``number_word``'s, each translatable.
NUMBER_SAID = {1: said("one"), 2: said("two"), 3: said("three"), 4: said("four"), 5: said("five")}


@effect("additional_land_play")
@dataclass(frozen=True)
class AdditionalLandPlay(Effect):
    """"You may play an additional land this turn" (Explore): its controller may play N more lands
    this turn; the effect ends with the turn (CR 305.2, 514.2).

    >>> AdditionalLandPlay().words()
    ('You may play an additional land this turn',)
    """

    n: int = 1

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        if who != st.active:  # lands are played only on their player's own turn (CR 305.3)
            e.log(st, "305.3", said("It isn't {whose} turn: no land can be played, so no more lands either.",
                                    whose=Whose(who)), "rule", who)
            return
        st.land_plays_allowed += self.n
        e.log(st, "305.2", said_n("{who} may play {number} more land this turn: {allowed} in all, {played} played so far.",
                                  "{who} may play {number} more lands this turn: {allowed} in all, {played} played so "
                                  "far.", self.n, who=who, number=NUMBER_SAID.get(self.n, str(self.n)),
                                  allowed=land_plays_said(st, who), played=st.land_plays), "rule", who)

    def words(self) -> tuple[str, ...]:
        lands = "an additional land" if self.n == 1 else f"{number_word(self.n)} additional lands"
        return (f"You may play {lands} this turn",)


@effect("put_land")
@dataclass(frozen=True)
class PutLand(Effect):
    """"You may put a land card from your hand onto the battlefield" (Growth Spiral): putting, not
    playing, so it uses no land play and works on any turn, but the land still enters and landfall
    triggers (CR 305.4). A land card in a hand is one whose front face is a land (CR 712.8a).

    >>> PutLand().words()
    ('You may put a land card from your hand onto the battlefield',)
    """

    source: str = field(choices=("hand",), default="hand")
    tapped: bool = False

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        hand = q.player(st, who).hand
        lands = [c.id for c in hand if "Land" in q.card(st, c).types]
        pick = res.choose(PutLandChoice, who, said("You may put a land card from your hand onto the battlefield "
                                                   "(or none)"), "608.2d", options=lands, low=0, high=1) if lands else ()
        if not pick:
            e.log(st, "608.2d", said("{who} puts no land onto the battlefield.", who=who), "choice", who)
            return
        obj = next(c for c in hand if c.id == pick[0])
        hand.remove(obj)
        e.log(st, "305.4", said("{who} puts {card} onto the battlefield: not a land play, so it doesn't use the land "
                                "drop, but landfall still triggers.", who=who, card=CardName(obj.card)), "rule", who)
        e.enter(st, obj.card, obj.owner, who, tapped=self.tapped, old_id=obj.id)

    def words(self) -> tuple[str, ...]:
        return ("You may put a land card from your hand onto the battlefield" + (" tapped" if self.tapped else ""),)
