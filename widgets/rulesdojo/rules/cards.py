"""Cards: their printed characteristics and their abilities as parts; the card registry.

The shipped cards are data files read outside the engine; the package that reads them
registers a loader here (``use_loader``), called on the first lookup, and offers each file
under its name (``offer``) so that a game reads only the cards it uses.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Callable

from .errors import UnknownCard
from .mana import ManaCost
from .parts import (CardError, Cost, Part, Targets, build, build_effects, field, without_reminder)
from .statics import Static, build_static
from .triggers import Trigger

CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery",
              "Battle", "Kindred")
SUPERTYPES = ("Legendary", "Basic", "Snow", "World")


@dataclass(frozen=True)
class Ability(Part):
    """One ability, or a spell's effect: triggered (``trigger``), activated (``cost``) or static.

    >>> a = Ability("When this land enters, you get {E} (an energy counter).",
    ...             trigger=Trigger("enters"), effects=build_effects([{"get_energy": 1}]))
    >>> a.said, a.is_mana_ability
    ('When this land enters, you get {E}.', False)
    """

    text: str
    trigger: Trigger | None = None
    cost: Cost | None = None
    static: Static | None = None
    targets: Targets | None = None
    effects: tuple = ()
    timing: str = ""  # "sorcery": activate only as a sorcery (CR 602.5d)

    @property
    def said(self) -> str:
        """The ability's words without reminder text, as the stack and the log show them."""
        return without_reminder(self.text)

    @property
    def is_mana_ability(self) -> bool:
        """An activated ability that adds mana and has no target is a mana ability (CR 605.1a)."""
        return (self.cost is not None and self.targets is None and bool(self.effects)
                and all(getattr(e, "adds_mana", False) for e in self.effects))

    @property
    def tap(self) -> bool:
        return bool(self.cost and self.cost.tap)

    @property
    def energy(self) -> int:
        return self.cost.energy if self.cost else 0

    @property
    def mana(self) -> tuple[str, ...]:
        """The mana types a mana ability can add whatever the game (empty if it depends on it)."""
        return tuple(t for e in self.effects for t in getattr(e, "fixed_types", ()))

    @property
    def target_spec(self) -> str | None:
        return self.targets.what if self.targets else None


@dataclass(frozen=True)
class Card(Part):
    name: str
    cost: str
    types: tuple[str, ...]
    oracle: str
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()
    token: bool = False
    spell: Ability | None = None
    abilities: tuple[Ability, ...] = ()
    rulings: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # a token's colors, or a color indicator (CR 204)

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

    @property
    def activated(self) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.cost is not None)

    @property
    def triggered(self) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.trigger is not None)

    @property
    def statics(self) -> tuple[Static, ...]:
        return tuple(a.static for a in self.abilities if a.static is not None)

    @property
    def target_spec(self) -> str | None:
        return self.spell.target_spec if self.spell else None


CARD_KEYS = ("name", "cost", "colors", "types", "subtypes", "supertypes", "power", "toughness",
             "keywords", "token", "oracle", "rulings", "spell", "abilities")
COLORS = ("W", "U", "B", "R", "G")
ABILITY_KEYS = ("text", "trigger", "cost", "static", "targets", "effects", "timing")


def card_from_data(data: dict) -> Card:
    """Make a card from a card file's plain data; raise ``CardError`` naming the problem.

    >>> card_from_data({"name": "Memnite", "cost": "{0}", "types": ["Artifact", "Creature"],
    ...                 "subtypes": ["Construct"], "power": 1, "toughness": 1, "oracle": ""}).type_line
    'Artifact Creature — Construct'
    """
    if not isinstance(data, dict):
        raise CardError("a card file holds one mapping: name, cost, types, oracle, ...", data)
    unknown = [k for k in data if k not in CARD_KEYS]
    if unknown:
        raise CardError(f"unknown key {unknown[0]!r}; a card has: {', '.join(CARD_KEYS)}", data, unknown[0])
    for key in ("name", "types", "oracle"):
        if key not in data:
            raise CardError(f"a card needs {key!r}", data)
    name, oracle = data["name"], data["oracle"]
    if not isinstance(name, str) or not name.strip():
        raise CardError("name must be text", data)
    if not isinstance(oracle, str):
        raise CardError("oracle must be text (use |- for several lines)", data)
    types = _words(data, "types", CARD_TYPES)
    if not types:
        raise CardError("types must list at least one card type", data)
    cost = data.get("cost", "") or ""
    if not isinstance(cost, str):
        raise CardError(f"cost must be text such as \"{{1}}{{G}}\", not {cost!r}", data, "cost")
    try:
        ManaCost.parse(cost)
    except ValueError as exc:
        raise CardError(f"cost: {exc}", data, "cost") from None
    creature = "Creature" in types
    pt = [data.get("power"), data.get("toughness")]
    if creature:
        if pt[0] is None and pt[1] is None and not _defines_pt(data):
            raise CardError("a creature needs power and toughness (or a static that defines them)", data)
        for v in pt:
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise CardError(f"power and toughness must be whole numbers, not {v!r}", data,
                                "power" if v is pt[0] else "toughness")
    elif pt != [None, None]:
        raise CardError("only a creature has power and toughness", data,
                        "power" if pt[0] is not None else "toughness")
    token = data.get("token", False)
    if not isinstance(token, bool):
        raise CardError("token must be true or false", data)
    rulings = data.get("rulings") or []
    if not isinstance(rulings, list) or not all(isinstance(r, str) for r in rulings):
        raise CardError("rulings must be a list of texts", data)
    spell = None
    if "spell" in data:
        if creature or not {"Instant", "Sorcery"} & set(types):
            raise CardError("only an instant or a sorcery has 'spell:' (a permanent has abilities)", data)
        spell = _ability(data["spell"], data, spell=oracle)
    abilities = data.get("abilities") or []
    if not isinstance(abilities, list):
        raise CardError("abilities must be a list", data)
    return Card(
        name.strip(), cost, types, oracle, _words(data, "subtypes"), _words(data, "supertypes", SUPERTYPES),
        pt[0], pt[1], tuple(k.lower() for k in _words(data, "keywords")), token, spell,
        tuple(_ability(a, a) for a in abilities), tuple(rulings), _words(data, "colors", COLORS))


def _targets(data) -> Targets:
    value = data["targets"]
    try:
        return build(Targets, value if isinstance(value, dict) else {"what": value}, value)
    except CardError as exc:
        if not isinstance(value, dict):
            exc.at, exc.key = data, "targets"
        raise


def _defines_pt(data) -> bool:
    return any(isinstance(a, dict) and isinstance(a.get("static"), dict)
               and "power_toughness" in a["static"] for a in data.get("abilities") or [])


def _words(data, key, allowed=None) -> tuple[str, ...]:
    v = data.get(key) or []
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise CardError(f"{key} must be a list of words, such as [{(allowed or ('Elf',))[0]}]", data, key)
    bad = [x for x in v if allowed and x not in allowed]
    if bad:
        raise CardError(f"{bad[0]!r} isn't one of the {key}: {', '.join(allowed)}", data, key)
    return tuple(v)


def _ability(data, at, spell: str | None = None) -> Ability:
    """Make one ability; a spell's effect (``spell`` = the card's Oracle text) has no text of its own."""
    if not isinstance(data, dict):
        raise CardError("an ability is a mapping with text and trigger, cost or static", at)
    unknown = [k for k in data if k not in ABILITY_KEYS or (spell is not None and k == "text")]
    if unknown:
        raise CardError(f"unknown key {unknown[0]!r}; an ability has: {', '.join(ABILITY_KEYS)}", data,
                        unknown[0])
    text = data.get("text") if spell is None else spell
    if spell is None and (not isinstance(text, str) or not text.strip()):
        raise CardError("an ability needs its 'text', a sentence of the Oracle text", data)
    kinds = [k for k in ("trigger", "cost", "static") if k in data]
    extra = [k for k in kinds if k != "cost"]
    if spell is not None and extra:
        raise CardError("a spell's effect has no trigger or static (its cost: is an additional cost)",
                        data, extra[0])
    if spell is None and len(kinds) != 1:
        raise CardError("an ability has exactly one of trigger (triggered), cost (activated) or "
                        "static", data)
    if "static" in data:
        if "effects" in data or "targets" in data:
            raise CardError("a static ability has no effects or targets of its own", data)
        return Ability(text, static=build_static(data["static"], data))
    if "effects" not in data:
        raise CardError("an ability needs 'effects'", data)
    trig = data.get("trigger")
    return Ability(
        text,
        trigger=build(Trigger, trig if isinstance(trig, dict) else {"event": trig}, data) if trig else None,
        cost=build(Cost, data["cost"], data) if "cost" in data else None,
        targets=_targets(data) if data.get("targets") else None,
        effects=build_effects(data["effects"], data), timing=_timing(data))


def _timing(data) -> str:
    timing = data.get("timing", "")
    if timing not in ("", "sorcery") or (timing and "cost" not in data):
        raise CardError(f"timing is 'sorcery' on an activated ability (\"Activate only as a sorcery\"), "
                        f"not {timing!r}", data, "timing")
    return timing


_CARDS: dict[str, Card] = {}
_TOKENS: dict[str, Card] = {}
_LOADERS: list[Callable[[], None]] = []
_OFFERED: dict[str, Callable[[], Card]] = {}  # file name -> reads that card, on first use


def slug(name: str) -> str:
    """Return the file name a card of this name is kept under.

    >>> slug("Vorinclex, Monstrous Raider")
    'vorinclex-monstrous-raider'
    """
    return re.sub(r"[^a-z0-9]+", "-", str(name).lower()).strip("-")


def use_loader(load: Callable[[], None]) -> None:
    """Have ``load`` register or offer the card set on the first lookup."""
    _LOADERS.append(load)


def offer(key: str, read: Callable[[], Card]) -> None:
    """Have ``read`` give the card kept as ``key`` (its ``slug``, or slug + "-token") when first asked for.

    A card already registered under the same name is not replaced by an offered one.
    """
    _OFFERED[key] = read


def register(card: Card) -> Card:
    """Add a card to the set (a token goes to the token list); a card of the same name is replaced."""
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
    found = _registered(name)
    if found is None:
        key = slug(name)
        for k in (key, f"{key}-token"):
            if k in _OFFERED:
                _take(k)
        found = _registered(name)
    if found is None:
        _take_all()
        found = _registered(name)
    if found is None:
        raise UnknownCard(str(name), close_names(" ".join(str(name).lower().split())))
    return found


def is_card(name: str) -> bool:
    """Say whether the set has a card (not a token) of exactly this name."""
    try:
        card = card_named(name)
    except UnknownCard:
        return False
    return card.name == name and not card.token


def _registered(name: str) -> Card | None:
    if name in _CARDS:
        return _CARDS[name]
    if name in _TOKENS:
        return _TOKENS[name]
    key = " ".join(str(name).lower().split())
    return next((c for n, c in {**_CARDS, **_TOKENS}.items() if " ".join(n.lower().split()) == key), None)


def _take(key: str) -> None:
    card = _OFFERED.pop(key)()
    if card.name not in (_TOKENS if card.token else _CARDS):
        register(card)


def _take_all() -> None:
    while _OFFERED:
        _take(next(iter(_OFFERED)))


def close_names(key: str) -> list[str]:
    """List up to three card names close to ``key``, whole or as a start."""
    def score(n: str) -> float:
        low = n.lower()
        return max(difflib.SequenceMatcher(None, key, low).ratio(),
                   difflib.SequenceMatcher(None, key, low[:len(key)]).ratio() - 0.05)
    _take_all()
    ranked = sorted(((score(n), n) for n in _CARDS), reverse=True)
    return [n for s, n in ranked[:3] if s >= 0.7]


def all_cards() -> list[Card]:
    """List every card in the set (tokens not included), in name order."""
    _load()
    _take_all()
    return sorted(_CARDS.values(), key=lambda c: c.name)


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _load() -> None:
    while _LOADERS:
        _LOADERS.pop(0)()


from . import effects  # noqa: E402,F401  (registers the effect parts; they read cards)
