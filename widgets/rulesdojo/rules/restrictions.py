"""Restrictions on activating an ability: "Activate only if ..." (CR 602.5)."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import IllegalAction
from .objects import GameState
from .parts import Part, number_word


@dataclass(frozen=True)
class OnlyIf(Part):
    """"Activate only if you've paid or lost N or more {E} this turn": a condition checked as the
    player begins to activate the ability (CR 602.5); energy paid is energy lost (CR 107.14).

    >>> from .objects import Player
    >>> st = GameState([Player("Alice")], energy_lost={"Alice": 3})
    >>> OnlyIf(4).check(st, "Alice", "Izzet Generatorium")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.IllegalAction: Izzet Generatorium: activate only if you've paid or lost four or more energy this turn; Alice has paid or lost 3. (CR 602.5)
    """

    energy_paid_or_lost: int = 0

    def met(self, st: GameState, who: str) -> bool:
        return st.energy_lost.get(who, 0) >= self.energy_paid_or_lost

    def check(self, st: GameState, who: str, name: str) -> None:
        if not self.met(st, who):
            raise IllegalAction(f"{name}: activate only if you've paid or lost "
                                f"{number_word(self.energy_paid_or_lost)} or more energy this turn; "
                                f"{who} has paid or lost {st.energy_lost.get(who, 0)}.", rule="602.5")

    def words(self) -> tuple[str, ...]:
        return (f"Activate only if you've paid or lost {number_word(self.energy_paid_or_lost)} or more "
                "{E} this turn",)
