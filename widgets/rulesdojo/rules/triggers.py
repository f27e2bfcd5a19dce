"""Triggers: an event pattern an ability waits for (CR 603.2), matched against what happened.

The engine reports each rules-relevant change as a ``Happened`` on one stream (``engine.emit``);
a triggered ability's ``Trigger`` says which of them it waits for.
"""

from __future__ import annotations

from dataclasses import dataclass

from .happened import Cast, Happened, Info, Left, LifeLost, Step, What
from .objects import Permanent
from .parts import Part, field


# event name -> (what happened, whose subject: "self" = this permanent, a type, or "player")
EVENTS = {
    "enters": (What.ENTERED, "self"),
    "land_enters": (What.ENTERED, "Land"),
    "creature_enters": (What.ENTERED, "Creature"),
    "permanent_enters": (What.ENTERED, ""),
    "attacks": (What.ATTACKS, "self"),
    "you_attack": (What.ATTACKED, "player"),
    "put_into_graveyard": (What.LEFT, ""),
    "dies": (What.LEFT, "self"),
    "creature_dies": (What.LEFT, "Creature"),
    "sacrifice": (What.SACRIFICED, ""),
    "upkeep": (What.STEP, "player"),
    "first_main_phase": (What.STEP, "player"),
    "end_step": (What.STEP, "player"),
    "deals_combat_damage_to_player": (What.COMBAT_DAMAGE, "self"),
    "cast": (What.CAST, "player"),
    "lose_life": (What.LIFE_LOST, "player"),
    "leaves": (What.LEFT, ""),  # to any zone, unlike put_into_graveyard; looks back (CR 603.10a)
    "beginning_of_combat": (What.STEP, "player"),
    # a mana ability triggers it; it resolves at once, off the stack (rules/manatriggers.py, CR 605.4a)
    "tapped_for_mana": (What.TAPPED_FOR_MANA, ""),
}
STEP_OF = {"upkeep": "upkeep", "first_main_phase": "precombat main", "end_step": "end",
           "beginning_of_combat": "beginning of combat"}
# What a permanent event may be narrowed to (lands have events of their own).
WHAT = {"permanent": "", "creature": "Creature", "artifact": "Artifact", "enchantment": "Enchantment"}


@dataclass(frozen=True)
class Trigger(Part):
    """An event pattern: what happens, whose (you, opponent, any), another than this one, what kind.

    >>> Trigger("land_enters", whose="you").event
    'land_enters'
    """

    event: str = field(choices=tuple(EVENTS))
    whose: str = field(choices=("you", "any", ""), default="")
    what: str = field(choices=tuple(WHAT) + ("",), default="")
    other: bool = False
    subtype: str = ""  # "an Elemental", "a Clue"
    spell: tuple[str, ...] = ()  # "cast" events: the card types the spell must have one of
    first_each_turn: bool = False  # "for the first time each turn"
    # intervening "if" clauses (CR 603.4): "if it had counters on it" (what left), "if this has counters"
    if_it_had_counters: bool = False
    if_this_has_counters: bool = False

    def matches(self, src: Permanent, ev: Happened, now: tuple[str, ...] = ()) -> bool:
        """Say whether ``ev`` triggers this ability of ``src``; ``now`` is the types and subtypes
        the permanent it happened to has now (the engine reads them from the game)."""
        kind, subject = EVENTS[self.event]
        if ev.kind is not kind or not self._details_match(ev.info):
            return False
        if not self._intervening_if(src, ev):
            return False
        if subject == "player":
            return self._whose(src, ev.player)
        if subject == "self":
            return ev.perm is src or (ev.perm is not None and ev.perm.id == src.id)
        if self.other and ev.perm is not None and ev.perm.id == src.id:
            return False
        # it's gone: what it was (CR 603.10a)
        was = ev.info.had if isinstance(ev.info, Left) else now
        for want in (subject or WHAT[self.what or "permanent"], self.subtype):
            if want and ev.perm is not None and want not in was:
                return False
        owner = ev.perm.controller if ev.perm is not None else ev.player
        return self._whose(src, owner)

    def _details_match(self, info: Info) -> bool:
        """Whether the event's details are the ones this ability waits for: the graveyard for
        "dies", the step it names, the spell's types, the first time each turn."""
        if isinstance(info, Left) and self.event != "leaves" and (
                info.zone != "graveyard" or (self.event == "dies" and "Creature" not in info.had)):
            return False
        if isinstance(info, Step) and info.step != STEP_OF[self.event]:
            return False
        if isinstance(info, Cast) and self.spell and not set(self.spell) & set(info.types):
            return False
        # how many times it happened before this turn
        return not (self.first_each_turn and isinstance(info, LifeLost) and info.before)

    def _intervening_if(self, src: Permanent, ev: Happened) -> bool:
        """An intervening "if" clause: the ability triggers only if it is true (CR 603.4)."""
        if self.if_it_had_counters and not (ev.perm is not None and any(ev.perm.counters.values())):
            return False
        return not self.if_this_has_counters or any(src.counters.values())

    def _whose(self, src: Permanent, who: str | None) -> bool:
        whose = self.whose or ("you" if EVENTS[self.event][1] == "player" else "any")
        return who == src.controller if whose == "you" else True

    def words(self) -> tuple[str, ...]:
        return {"enters": ("enters",), "land_enters": ("land", "enters"),
                "creature_enters": ("creature", "enters"), "attacks": ("attacks",),
                "you_attack": ("you attack",), "put_into_graveyard": ("graveyard",),
                "dies": ("dies",), "creature_dies": ("dies",), "sacrifice": ("sacrifice",),
                "upkeep": ("upkeep",), "end_step": ("end step",),
                "first_main_phase": ("beginning of your first main phase",),
                "deals_combat_damage_to_player": ("deals combat damage to a player",),
                "cast": ("you cast",) + tuple(t.lower() for t in self.spell),
                "tapped_for_mana": ("you tap", "for mana"),
                "leaves": ("leaves the battlefield",),
                "beginning_of_combat": ("At the beginning of combat on your turn",),
                "lose_life": ("you lose life",) + (("first time each turn",) if self.first_each_turn
                                                   else ())}.get(
                    self.event, ()) + ((self.subtype,) if self.subtype else ()) + (
                    ("if it had counters on it",) if self.if_it_had_counters else ()) + (
                    ("has counters on it",) if self.if_this_has_counters else ())
