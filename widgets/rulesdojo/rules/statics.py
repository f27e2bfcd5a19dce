"""Static and replacement abilities (CR 604, 614): objects the queries and counter placement consult.

Each kind is read from a card file's ``static:`` mapping by its first key. The game asks
the permanents on the battlefield for the statics of one class (``query.statics``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from .objects import Permanent
from .parts import CardError, Part, build, field, known_keywords

STATICS: dict[str, type[Static]] = {}
S = TypeVar("S", bound="type[Static]")


def static(key: str) -> Callable[[S], S]:
    def register(cls: S) -> S:
        cls.key = key
        STATICS[key] = cls
        return cls
    return register


def build_static(data: Any, at: Any = None) -> Static:
    """Make a static ability from its card-file mapping; its first key names the kind."""
    if not isinstance(data, dict) or not data:
        raise CardError(f"static must be a mapping such as {{counters: double, put_by: you}}, "
                        f"not {data!r}", at)
    key = next(iter(data))
    if key not in STATICS:
        raise CardError(f"unknown static ability {key!r}; statics are: {', '.join(sorted(STATICS))}", data)
    return build(STATICS[key], data, data)


@dataclass(frozen=True)
class Static(Part):
    key = ""

    def words(self) -> tuple[str, ...]:
        return ()


ON_WHAT = {"permanent_you_control": (), "creature_you_control": ("Creature",),
           "artifact_or_creature_you_control": ("Artifact", "Creature")}
SAID = {"double": "twice that many", "halve": "half that many", "plus_one": "that many plus one"}


@static("counters")
@dataclass(frozen=True)
class CounterReplacement(Static):
    """Change how many counters are put (CR 614.1a): Vorinclex, Doubling Season, Hardened Scales,
    Winding Constrictor. ``kind`` limits it to one kind of counter; ``on`` to what gets them.

    >>> CounterReplacement("plus_one", on="you").change(1)
    2
    """

    counters: str = field(choices=tuple(SAID))
    put_by: str = field(choices=("you", "opponent", ""), default="")
    on: str = field(choices=tuple(ON_WHAT) + ("you", ""), default="")
    kind: str = ""

    def applies(self, src: Permanent, target: Permanent | str, putter: str, kind: str, target_types: tuple[str, ...] = ()) -> bool:
        """Say whether this changes counters of ``kind`` put by ``putter`` on ``target`` (a player's
        name or a permanent, whose types are ``target_types`` now)."""
        if self.kind and kind != self.kind:
            return False
        if self.put_by == "you" and putter != src.controller:
            return False
        if self.put_by == "opponent" and putter == src.controller:
            return False
        if self.on == "you":
            return target == src.controller
        if self.on:
            return (not isinstance(target, str) and target.controller == src.controller
                    and (not ON_WHAT[self.on] or any(t in target_types for t in ON_WHAT[self.on])))
        return True

    def change(self, n: int) -> int:
        return {"double": n * 2, "halve": n // 2, "plus_one": n + 1}[self.counters]

    @property
    def said(self) -> str:
        return SAID[self.counters] + (", rounded down" if self.counters == "halve" else "")

    def words(self) -> tuple[str, ...]:
        return (SAID[self.counters],)


@static("tokens")
@dataclass(frozen=True)
class TokenReplacement(Static):
    """Create twice as many tokens (CR 614.1a): Doubling Season."""

    tokens: str = field(choices=("double",))

    def words(self) -> tuple[str, ...]:
        return ("twice that many",)


@static("cant_get_counters")
@dataclass(frozen=True)
class NoCountersOnPlayers(Static):
    """Players can't get counters (CR 101.2: "can't" beats "can")."""

    cant_get_counters: str = field(choices=("players",))

    def words(self) -> tuple[str, ...]:
        return ("Players can't get counters",)


@static("no_counters_on")
@dataclass(frozen=True)
class NoCountersOn(Static):
    """Counters can't be put on permanents of these card types."""

    no_counters_on: tuple[str, ...] = ()

    def words(self) -> tuple[str, ...]:
        return ("Counters can't be put on",)


@static("power_toughness")
@dataclass(frozen=True)
class CountsPowerToughness(Static):
    """A characteristic-defining ability (CR 604.3): power and toughness each equal a count."""

    power_toughness: str = field(choices=("lands_you_control",))
    why = "its power and toughness are the number of lands its controller controls"

    def words(self) -> tuple[str, ...]:
        return ("power and toughness are each equal to the number of lands you control",)


@static("add_types")
@dataclass(frozen=True)
class AddTypes(Static):
    """Give other permanents types and subtypes in addition to theirs (CR 205.1b, 613.1d)."""

    add_types: str = field(choices=("nontoken_creatures_you_control",))
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.types and not self.subtypes:
            raise CardError("add_types needs types or subtypes to add")

    def applies(self, src: Permanent, p: Permanent, printed_types: tuple[str, ...]) -> bool:
        return p.controller == src.controller and not p.token and "Creature" in printed_types

    def words(self) -> tuple[str, ...]:
        return tuple(self.subtypes) + tuple(t.lower() for t in self.types)


@static("equipped_has")
@dataclass(frozen=True)
class EquippedHas(Static):
    """The creature this Equipment is attached to has these keywords (CR 301.5a, 613.1f):
    Lightning Greaves' "Equipped creature has haste and shroud."

    >>> EquippedHas(("haste", "shroud")).words()
    ('Equipped creature has', 'haste', 'shroud')
    """

    equipped_has: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.equipped_has:
            raise CardError("equipped_has needs the keywords the equipped creature has")
        known_keywords(self.equipped_has, "equipped_has")

    def words(self) -> tuple[str, ...]:
        return ("Equipped creature has",) + tuple(self.equipped_has)
