"""Cards: their printed characteristics and their abilities as parts (a game's ``CardSet`` holds them)."""

from __future__ import annotations

from dataclasses import dataclass

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


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


