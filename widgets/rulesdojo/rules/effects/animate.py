"""A permanent becoming a creature (CR 613.1d, 613.4b, 613.1f): it doesn't enter, so nothing that
triggers on entering triggers (CR 603.6a)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine as e
from ..said import CardName, Listed, Said, Value, said
from .. import query as q
from ..objects import About
from ..parts import Effect, Resolving, effect, field


@effect("becomes_creature")
@dataclass(frozen=True)
class BecomesCreature(Effect):
    """The target becomes a P/T creature with these subtypes and keywords, with no end ("It becomes a
    0/0 Elemental creature with vigilance and haste that's still a land"): its types are added to
    its others (CR 613.1d), its base power and toughness are set (CR 613.4b; counters still count,
    613.4c), and it has the keywords (CR 613.1f).

    >>> BecomesCreature(0, 0, ("Elemental",), ("vigilance", "haste")).words()
    ('0/0', 'Elemental', 'creature', 'vigilance', 'haste')
    """

    power: int = field(kind="whole", default=0)
    toughness: int = field(kind="whole", default=0)
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    what: str = field(choices=("target",), default="target")

    def run(self, res: Resolving) -> None:
        st = res.st
        for p in res.target_objects():
            if isinstance(p, str) or p is None:
                continue
            p.added_types += ("Creature",) if "Creature" not in p.added_types else ()
            p.added_subtypes += tuple(s for s in self.subtypes if s not in q.subtypes(st, p))
            p.set_power_toughness = (self.power, self.toughness)
            p.added_keywords += tuple(k for k in self.keywords if k not in p.added_keywords)
            was = " ".join(t.lower() for t in q.card(st, p).types)
            e.log(st, "613.4b", self._becomes(p.card, was, f"{q.power(st, p)}/{q.toughness(st, p)}"), "type",
                  res.controller)
            e.log(st, "603.6a", said("{card} was already on the battlefield: becoming a creature isn't entering, "
                                     "so nothing that triggers when a creature or a land enters triggers (no "
                                     "landfall).", card=CardName(p.card)), "becomes", res.controller,
                  About(("Creature",) + self.subtypes))

    def _becomes(self, name: str, was: str, now: str) -> Said:
        """Say what it becomes (its new subtypes and keywords are the card's words, in English)."""
        values: dict[str, Value] = {"card": CardName(name), "pt": f"{self.power}/{self.toughness}", "subtypes": " ".join(self.subtypes),
                  "was": was, "now": now}
        if self.keywords:
            return said("{card} becomes a {pt} {subtypes} creature with {keywords} that's still a {was} (CR 613.1d, "
                        "613.4b, 613.1f); with its counters it is {now} (CR 613.4c).",
                        keywords=Listed(self.keywords), **values)
        return said("{card} becomes a {pt} {subtypes} creature that's still a {was} (CR 613.1d, 613.4b, 613.1f); "
                    "with its counters it is {now} (CR 613.4c).", **values)

    def words(self) -> tuple[str, ...]:
        return (f"{self.power}/{self.toughness}", *self.subtypes, "creature", *self.keywords)


