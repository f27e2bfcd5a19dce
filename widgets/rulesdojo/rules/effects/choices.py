"""Choices in an ability's text: "you may ..." and "choose one —" (CR 608.2d, 700.2)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Quote, said
from ..choices import MayChoice
from ..parts import CardError, Effect, Mode, Resolving, effect, field, modal, run_all
from ..objects import GameState
from ..targets import target_candidates


@effect("may")
@dataclass(frozen=True)
class May(Effect):
    """You may do the effects: the choice is made as the ability resolves (CR 608.2d).

    >>> from ..parts import build_effects
    >>> May(build_effects([{"gain_life": 2}])).words()
    ('you may', 'gain 2 life')
    """

    effects: tuple[Effect, ...] = field(kind="effects")

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        offer = res.item.text.partition("you may ")[2].rstrip(".") or "do it"
        if res.choose(MayChoice, who, said("{card}: you may {offer}. Do you?", card=CardName(res.item.name),
                                           offer=Quote(offer, res.item.name)), "608.2d",
                      options=(True, False)):
            run_all(res, self.effects)
        else:
            e.log(st, "608.2d", said("{who} chooses not to: nothing happens.", who=who), "choice", who)

    def words(self) -> tuple[str, ...]:
        return ("you may",) + tuple(w for x in self.effects for w in x.words())


@effect("choose_mode")
@dataclass(frozen=True)
class ChooseMode(Effect):
    """Choose one —: the mode, and its target, are chosen as the ability goes on the stack (CR 700.2b);
    on resolution only that mode happens."""

    modes: tuple[Mode, ...] = field(kind="modes")

    def __post_init__(self) -> None:
        if len(self.modes) < 2:
            raise CardError("choose_mode needs at least two modes")

    def mode(self, text: str) -> Mode:
        return next(m for m in self.modes if m.text == text)

    def legal_modes(self, st: GameState, controller: str) -> list[str]:
        """The modes that can be chosen: a mode with a target needs a legal one (CR 700.2b)."""
        return [m.text for m in self.modes
                if m.target_spec is None or target_candidates(st, m.target_spec, controller)]

    def run(self, res: Resolving) -> None:
        run_all(res, self.mode(res.item.data["mode"]).effects)

    def words(self) -> tuple[str, ...]:
        return ("choose one —",) + tuple(m.text for m in self.modes) + tuple(
            w for m in self.modes for w in (m.targets.words() if m.targets else ()))


__all__ = ["ChooseMode", "May", "Mode", "modal"]
