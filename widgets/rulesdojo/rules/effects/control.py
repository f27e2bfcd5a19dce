"""Control, phasing and effects on players: "Gain control of target creature until end of turn",
"Its controller may ...", "All permanents you control phase out", "Until your next turn, your life
total can't change" (CR 613.1b, 702.26, 611.2a)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .. import control
from .. import engine as e
from ..said import CardName, Listed, Whose, said
from .. import query as q
from ..choices import MayChoice
from ..objects import GameState, Permanent
from ..parts import CardError, Effect, Resolving, effect, field, run_all
from ..phasing import phase_out
from ..player_effects import KINDS, PlayerEffect
from ..statics import Static, static


@effect("gain_control")
@dataclass(frozen=True)
class GainControl(Effect):
    """You gain control of the target until end of turn (CR 613.1b, 514.2); ``untap`` untaps it and
    ``gains`` gives it keywords until end of turn (Act of Treason).

    >>> GainControl(untap=True, gains=("haste",)).words()
    ('Gain control of target', 'until end of turn', 'Untap that creature', 'haste')
    """

    until: str = field(choices=("end_of_turn",), default="end_of_turn")
    untap: bool = False
    gains: tuple[str, ...] = ()

    def run(self, res: Resolving) -> None:
        st = res.st
        for p in res.target_objects():
            if not isinstance(p, Permanent):
                continue
            control.gain_control(st, p, res.controller, self.until, None, res.item.name)
            if self.untap and p.tapped:
                p.tapped = False
                e.log(st, "701.26b", said("{card} untaps.", card=CardName(p.card)), "rule", res.controller)
            if self.gains:
                p.eot_keywords += tuple(k for k in self.gains if k not in p.eot_keywords)
                e.log(st, "611.2a", said("{card} gains {keywords} until end of turn from {source}.",
                                         card=CardName(p.card), keywords=Listed(self.gains),
                                         source=CardName(res.item.name)), "pump", res.controller)

    def words(self) -> tuple[str, ...]:
        return (("Gain control of target", "until end of turn") + (("Untap that creature",) if self.untap else ())
                + tuple(self.gains))


class _AsPlayer:
    """The resolution, with another player doing its effects ("Its controller may search ...")."""

    def __init__(self, res: Resolving, who: str):
        self._res, self.controller = res, who

    def __getattr__(self, name: str) -> Any:
        return getattr(self._res, name)


@effect("its_controller_may")
@dataclass(frozen=True)
class ItsControllerMay(Effect):
    """The target's controller (as it last existed, if it has left: CR 608.2h) may do the effects, as
    that player, who chooses as it resolves (CR 608.2d): Path to Exile's search is theirs, and the land
    enters under their control (CR 110.2a).

    >>> from ..parts import build_effects
    >>> ItsControllerMay(build_effects([{"search": {"to": "battlefield_tapped"}}])).words()[:2]
    ('Its controller may', 'search their library for a basic land card')
    """

    effects: tuple[Effect, ...] = field(kind="effects")

    def run(self, res: Resolving) -> None:
        st = res.st
        for who in _controllers(st, res.item.targets):
            if res.choose(MayChoice, who, f"{res.item.name}: you may {self._said()}. Do you?", "608.2d",
                          options=(True, False)):
                e.log(st, "608.2h", said("\"Its controller\" is {who}, who controlled the target as it last "
                                         "existed on the battlefield (not {caster}, whose spell it is): {who} does "
                                         "it, and what it puts onto the battlefield enters under their control "
                                         "(CR 110.2a).", who=who, caster=res.controller) if who != res.controller
                      else said("\"Its controller\" is {who}, who controlled the target as it last existed on "
                                "the battlefield: {who} does it, and what it puts onto the battlefield enters "
                                "under their control (CR 110.2a).", who=who), "choice", who)
                run_all(_AsPlayer(res, who), self.effects)
            else:
                e.log(st, "608.2d", said("{who} chooses not to: nothing happens.", who=who), "choice", who)

    def _said(self) -> str:
        return ", ".join(self.words()[1:]) or "do it"

    def words(self) -> tuple[str, ...]:
        inner = (w for x in self.effects for w in x.words())
        return ("Its controller may",) + tuple(
            w.replace("Search your", "search their").replace("your library", "their library") for w in inner)


def _controllers(st: GameState, targets: Iterable[Any]) -> list[str]:
    """The controller of each target permanent, now or as it last existed (CR 608.2h)."""
    out = []
    for t in targets:
        p = None if isinstance(t, str) else q.permanent(st, t)
        who = p.controller if p is not None else st.last_controller.get(t)
        if who is not None and who not in out:
            out.append(who)
    return out


@effect("phase_out")
@dataclass(frozen=True)
class PhaseOut(Effect):
    """All permanents you control phase out, or the target does (CR 702.26b).

    >>> PhaseOut().words(), PhaseOut("target").words()
    (('All permanents you control phase out',), ('phases out',))
    """

    what: str = field(choices=("all_you_control", "target"), default="all_you_control")

    def run(self, res: Resolving) -> None:
        st = res.st
        if self.what == "target":
            hit = [p for p in res.target_objects() if isinstance(p, Permanent)]
        else:
            hit = [p for p in st.battlefield if p.controller == res.controller]
        phase_out(st, hit, res.item.name)

    def words(self) -> tuple[str, ...]:
        return ("All permanents you control phase out",) if self.what == "all_you_control" else ("phases out",)


WORDS = {"life_cant_change": "your life total can't change",
         "protection_from_everything": "you gain protection from everything"}

@effect("until_your_next_turn")
@dataclass(frozen=True)
class UntilYourNextTurn(Effect):
    """Until your next turn, effects on you: your life total can't change (CR 119.7, 119.8), you have
    protection from everything (CR 702.16j). They end as your next turn begins (CR 611.2a).

    >>> UntilYourNextTurn(("life_cant_change",)).words()
    ('Until your next turn', "your life total can't change")
    """

    effects: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        bad = [k for k in self.effects if k not in KINDS]
        if bad:
            raise CardError(f"until_your_next_turn lists {bad}; it may list: {', '.join(KINDS)}")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        for kind in self.effects:
            st.player_effects += (PlayerEffect(who, kind, res.item.name),)
            rule = "702.16j" if kind == "protection_from_everything" else "119.7"
            e.log(st, rule, said("Until {whose} next turn, {who}'s life total can't change: no gain, no loss, no "
                                 "damage changes it.", whose=Whose(who), who=who) if kind == "life_cant_change" else
                  said("Until {whose} next turn, {who} has protection from everything: no spell or ability can "
                       "target {who}, their own included, and all damage that would be dealt to {who} is "
                       "prevented.", whose=Whose(who), who=who), "effect", who)

    def words(self) -> tuple[str, ...]:
        return ("Until your next turn",) + tuple(WORDS[k] for k in self.effects)


@effect("exile_self")
@dataclass(frozen=True)
class ExileSelf(Effect):
    """Exile this spell as it resolves, so it goes to exile rather than to its owner's graveyard
    (CR 608.2c: its instructions are followed in order; CR 608.2n puts it into the graveyard only as
    the final part, and it is no longer on the stack then).

    >>> ExileSelf().words()
    ('Exile',)
    """

    what: str = field(choices=("self",), default="self")

    def run(self, res: Resolving) -> None:
        card = res.item.card
        if card is None:
            return
        q.player(res.st, card.owner).exile.append(card)
        res.item.card = None  # nothing left to put into the graveyard
        e.log(res.st, "608.2c", said("{card} exiles itself: it goes to {whose} exile, not the graveyard.",
                                     card=CardName(res.item.name), whose=Whose(card.owner)), "zone", res.controller)

    def words(self) -> tuple[str, ...]:
        return ("Exile",)


@static("control")
@dataclass(frozen=True)
class EnchantedControl(Static):
    """"You control enchanted land": the Aura's controller controls what it enchants (CR 613.1b,
    303.4e), from the moment it is attached (``rules/auras.py``) for as long as it stays attached.

    >>> EnchantedControl("enchanted").words()
    ('You control enchanted',)
    """

    control: str = field(choices=("enchanted",), default="enchanted")

    def words(self) -> tuple[str, ...]:
        return ("You control enchanted",)
