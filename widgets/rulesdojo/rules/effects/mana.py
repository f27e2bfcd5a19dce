"""Adding mana (CR 106): fixed types, one of any color, or any type a land you control could produce."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Whose, said
from .. import query as q
from ..choices import ColorChoice
from ..mana import COLORS, TYPE_NAMES, TYPE_SAID, TYPES
from ..objects import GameState
from ..parts import CardError, Effect, Resolving, effect


@effect("add_mana")
@dataclass(frozen=True)
class AddMana(Effect):
    """Add one mana: of a listed type, of any color, or of a type a land you control could produce.

    >>> AddMana(("G",)).words(), AddMana(any_color=True).words()
    (('{G}',), ('one mana of any color',))
    """

    types: tuple[str, ...] = ()
    any_color: bool = False
    any_land_type: bool = False
    adds_mana = True

    def __post_init__(self) -> None:
        if [bool(self.types), self.any_color, self.any_land_type].count(True) != 1:
            raise CardError("add_mana needs exactly one of: types, any_color, any_land_type")
        bad = [t for t in self.types if t not in TYPES]
        if bad:
            raise CardError(f"add_mana: {bad[0]!r} isn't a mana type ({', '.join(TYPES)})")

    @property
    def fixed_types(self) -> tuple[str, ...]:
        return COLORS if self.any_color else self.types

    def options(self, st: GameState, controller: str) -> tuple[str, ...]:
        """The types this can add now (Reflecting Pool looks at the lands, CR 106.7)."""
        return q.land_mana_types(st, controller) if self.any_land_type else self.fixed_types

    def run(self, res: Resolving) -> None:
        st, who = res.st, res.controller
        options = self.options(st, who)
        if not options:
            return
        color = res.choose(ColorChoice, who, said("Choose a color of mana to add"), "106.1a",
                           options=options) if len(options) > 1 else options[0]
        q.player(st, who).pool[color] += 1
        e.log(st, "605.5a", said("{who} adds {mana} ({color}). {whose} trigger isn't a mana ability: it used the "
                                 "stack.", who=who, mana=f"{{{color}}}", color=TYPE_SAID[color],
                                 whose=Whose(CardName(res.item.name))), "mana", who)

    def words(self) -> tuple[str, ...]:
        if self.any_color:
            return ("one mana of any color",)
        if self.any_land_type:
            return ("any type that a land you control could produce",)
        return (" or ".join(f"{{{t}}}" for t in self.types),)
