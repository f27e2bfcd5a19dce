"""Card definitions: Oracle text stored once per card, and the few named effects behind it."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .errors import UnknownCard
from .mana import ManaCost


@dataclass(frozen=True)
class Activated:
    """An activated ability: its cost, its effect key, and for mana abilities what it can add."""

    text: str
    effect: str
    tap: bool = False
    energy: int = 0
    mana: tuple[str, ...] = ()  # types a mana ability can add (CR 605.1a)
    any_land_type: bool = False  # Reflecting Pool (CR 106.7)

    @property
    def is_mana_ability(self) -> bool:
        return bool(self.mana) or self.any_land_type


@dataclass(frozen=True)
class Triggered:
    """A triggered ability: the event it waits for and the effect key it resolves with."""

    event: str  # landfall | self_enters | other_creature_enters | self_attacks | you_attack | to_graveyard
    effect: str
    text: str
    target_spec: str | None = None


@dataclass(frozen=True)
class Card:
    name: str
    cost: str
    types: tuple[str, ...]
    oracle: str
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    target_spec: str | None = None  # for spells: what "target" means on this card
    effect: str | None = None  # for instants and sorceries
    activated: tuple[Activated, ...] = ()
    triggered: tuple[Triggered, ...] = ()
    statics: tuple[str, ...] = ()
    token: bool = False

    @property
    def mana_cost(self) -> ManaCost:
        return ManaCost.parse(self.cost)

    @property
    def type_line(self) -> str:
        left = " ".join(self.supertypes + self.types)
        return f"{left} — {' '.join(self.subtypes)}" if self.subtypes else left

    @property
    def is_permanent_card(self) -> bool:
        return not {"Instant", "Sorcery"} & set(self.types)

    def has_type(self, t: str) -> bool:
        return t in self.types


_CARDS: dict[str, Card] = {}
_TOKENS: dict[str, Card] = {}


def register(card: Card) -> Card:
    """Add a card to the set; a token goes to the token list."""
    (_TOKENS if card.token else _CARDS)[card.name] = card
    return card


def card_named(name: str) -> Card:
    """Return the card with this exact name (case and spacing forgiven).

    >>> card_named("architect of the untamed").cost
    '{2}{G}'
    >>> card_named("Architect of the Untamd")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.errors.UnknownCard: No card named 'Architect of the Untamd' is in the card set. Did you mean Architect of the Untamed?
    """
    _load()
    if name in _CARDS:
        return _CARDS[name]
    if name in _TOKENS:
        return _TOKENS[name]
    folded = {" ".join(n.lower().split()): c for n, c in {**_CARDS, **_TOKENS}.items()}
    key = " ".join(str(name).lower().split())
    if key in folded:
        return folded[key]
    raise UnknownCard(str(name), close_names(key))


def close_names(key: str) -> list[str]:
    """List up to three card names close to ``key``, whole or as a start."""
    def score(n: str) -> float:
        low = n.lower()
        return max(difflib.SequenceMatcher(None, key, low).ratio(),
                   difflib.SequenceMatcher(None, key, low[:len(key)]).ratio() - 0.05)
    ranked = sorted(((score(n), n) for n in _CARDS), reverse=True)
    return [n for s, n in ranked[:3] if s >= 0.7]


def all_cards() -> list[Card]:
    """List every card in the set (tokens not included), in name order."""
    _load()
    return sorted(_CARDS.values(), key=lambda c: c.name)


def basic_mana(subtypes: tuple[str, ...]) -> tuple[str, ...]:
    """Return the mana a basic land type's intrinsic ability adds (CR 305.6)."""
    table = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
    return tuple(table[s] for s in subtypes if s in table)


def _load() -> None:
    if not _CARDS:
        from . import carddata  # noqa: F401  (registers the set)
