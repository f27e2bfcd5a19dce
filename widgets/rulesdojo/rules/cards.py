"""Cards: their printed characteristics and their abilities as parts (a game's ``CardSet`` holds them)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .mana import ManaCost
from .parts import (SACRIFICED, CardError, Cost, Effect, Part, Targets, adds_mana, build, build_effects,
                    known_keywords, whole, without_reminder)
from .restrictions import OnlyIf
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
    effects: tuple[Effect, ...] = ()
    timing: str = ""  # "sorcery": activate only as a sorcery (CR 602.5d)
    only_if: OnlyIf | None = None  # "Activate only if ..." (CR 602.5)

    @property
    def said(self) -> str:
        """The ability's words without reminder text, as the stack and the log show them."""
        return without_reminder(self.text)

    @property
    def is_mana_ability(self) -> bool:
        """An activated ability that adds mana and has no target is a mana ability (CR 605.1a)."""
        return (self.cost is not None and self.targets is None and bool(self.effects)
                and all(adds_mana(e) for e in self.effects))

    @property
    def tap(self) -> bool:
        return bool(self.cost and self.cost.tap)

    @property
    def energy(self) -> int:
        """The energy its cost pays when it's a number (0 for "Pay X {E}": see ``x_energy``)."""
        return self.cost.energy if self.cost and isinstance(self.cost.energy, int) else 0

    @property
    def mana(self) -> tuple[str, ...]:
        """The mana types a mana ability can add whatever the game (empty if it depends on it)."""
        return tuple(t for e in self.effects for t in getattr(e, "fixed_types", ()))

    @property
    def target_spec(self) -> str | None:
        return self.targets.what if self.targets else None

    @property
    def is_loyalty_ability(self) -> bool:
        """An activated ability with a loyalty symbol in its cost (CR 606.2)."""
        return self.cost is not None and self.cost.loyalty is not None

    @property
    def x_energy(self) -> bool:
        """Its cost says "Pay X {E}": X is announced as it is activated (CR 107.3a)."""
        return self.cost is not None and self.cost.energy == "X"


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
    back: "Card | None" = None  # a modal double-faced card's back face (CR 712.3)
    front: str = ""  # on a back face: its front face's name, the card's in every other zone (CR 712.8a)
    loyalty: int | None = None  # a planeswalker's printed loyalty (CR 306.5a)

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
             "keywords", "token", "oracle", "rulings", "spell", "abilities", "back", "loyalty")
COLORS = ("W", "U", "B", "R", "G")
ABILITY_KEYS = ("text", "trigger", "cost", "static", "targets", "effects", "timing", "only_if")


def card_from_data(data: dict[str, Any]) -> Card:
    """Make a card from a card file's plain data; raise ``CardError`` naming the problem.

    >>> card_from_data({"name": "Memnite", "cost": "{0}", "types": ["Artifact", "Creature"],
    ...                 "subtypes": ["Construct"], "power": 1, "toughness": 1, "oracle": ""}).type_line
    'Artifact Creature — Construct'
    """
    for check in CARD_CHECKS:
        check(data)
    if "back" in data:
        return _with_back(data)
    types = tuple(data["types"])
    spell = _ability(data["spell"], data, spell=data["oracle"]) if "spell" in data else None
    abilities = data.get("abilities") or []
    if not isinstance(abilities, list):
        raise CardError("abilities must be a list", data)
    return Card(
        data["name"].strip(), data.get("cost") or "", types, data["oracle"], _words(data, "subtypes"),
        _words(data, "supertypes", SUPERTYPES), data.get("power"), data.get("toughness"),
        _keywords(data), data.get("token", False), spell,
        tuple(_ability(a, a) for a in abilities), tuple(data.get("rulings") or []),
        _words(data, "colors", COLORS), loyalty=data.get("loyalty"))


def _with_back(data: dict[str, Any]) -> Card:
    """Make a modal double-faced card: the front face from the card's keys, its back face from
    ``back:``, a card mapping of its own (CR 712.3, 712.8)."""
    back = data["back"]
    if not isinstance(back, dict):
        raise CardError("back must be a card mapping: the back face's name, types, oracle, ...", data, "back")
    if "back" in back or back.get("token") or data.get("token"):
        raise CardError("a modal double-faced card has two faces, and isn't a token", back)
    front = card_from_data({k: v for k, v in data.items() if k != "back"})
    face = replace(card_from_data(back), front=front.name)
    if face.name == front.name:
        raise CardError("the back face has a name of its own", back, "name")
    return replace(front, back=face)


def _mapping(data: object) -> None:
    if not isinstance(data, dict):
        raise CardError("a card file holds one mapping: name, cost, types, oracle, ...", data)
    unknown = [k for k in data if k not in CARD_KEYS]
    if unknown:
        raise CardError(f"unknown key {unknown[0]!r}; a card has: {', '.join(CARD_KEYS)}", data, unknown[0])
    missing = [k for k in ("name", "types", "oracle") if k not in data]
    if missing:
        raise CardError(f"a card needs {missing[0]!r}", data)


def _texts(data: dict[str, Any]) -> None:
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise CardError("name must be text", data)
    if not isinstance(data["oracle"], str):
        raise CardError("oracle must be text (use |- for several lines)", data)
    if not _words(data, "types", CARD_TYPES):
        raise CardError("types must list at least one card type", data)


def _cost(data: dict[str, Any]) -> None:
    cost = data.get("cost", "") or ""
    if not isinstance(cost, str):
        raise CardError(f"cost must be text such as \"{{1}}{{G}}\", not {cost!r}", data, "cost")
    try:
        ManaCost.parse(cost)
    except ValueError as exc:
        raise CardError(f"cost: {exc}", data, "cost") from None


def _power_toughness(data: dict[str, Any]) -> None:
    pt = {k: data[k] for k in ("power", "toughness") if data.get(k) is not None}
    if "Creature" not in data["types"]:
        if pt:
            raise CardError("only a creature has power and toughness", data, next(iter(pt)))
        return
    if not pt and not _defines_pt(data):
        raise CardError("a creature needs power and toughness (or a static that defines them)", data)
    bad = [k for k, v in pt.items() if not whole(v, negative=True)]
    if bad:
        raise CardError(f"power and toughness must be whole numbers, not {pt[bad[0]]!r}", data, bad[0])


def _token_and_rulings(data: dict[str, Any]) -> None:
    if not isinstance(data.get("token", False), bool):
        raise CardError("token must be true or false", data)
    rulings = data.get("rulings") or []
    if not isinstance(rulings, list) or not all(isinstance(r, str) for r in rulings):
        raise CardError("rulings must be a list of texts", data)
    aura = "Aura" in (data.get("subtypes") or ())  # its spell targets what it will enchant (CR 303.4a)
    if "spell" in data and not aura and (
            "Creature" in data["types"] or not {"Instant", "Sorcery"} & set(data["types"])):
        raise CardError("only an instant, a sorcery or an Aura has 'spell:' (a permanent has abilities)", data)


def _loyalty(data: dict[str, Any]) -> None:
    """A planeswalker has a printed loyalty (CR 306.5a); only a planeswalker has loyalty abilities
    (CR 606.2: "normally")."""
    walker = "Planeswalker" in data["types"]
    if walker and not whole(data.get("loyalty")):
        raise CardError("a planeswalker needs its printed loyalty: loyalty: N (a whole number)", data,
                        "loyalty" if "loyalty" in data else None)
    if not walker and "loyalty" in data:
        raise CardError("only a planeswalker has a printed loyalty", data, "loyalty")
    abilities = data.get("abilities")
    if not walker and isinstance(abilities, list) and any(
            isinstance(a, dict) and isinstance(a.get("cost"), dict) and "loyalty" in a["cost"]
            for a in abilities):
        raise CardError("only a planeswalker has loyalty abilities here (a cost with loyalty:)", data)


CARD_CHECKS = (_mapping, _texts, _cost, _power_toughness, _token_and_rulings, _loyalty)


def _targets(data: dict[str, Any]) -> Targets:
    value = data["targets"]
    try:
        return build(Targets, value if isinstance(value, dict) else {"what": value}, value)
    except CardError as exc:
        if not isinstance(value, dict):
            exc.at, exc.key = data, "targets"
        raise


def _defines_pt(data: dict[str, Any]) -> bool:
    abilities = data.get("abilities") or []
    return isinstance(abilities, list) and any(
        isinstance(a, dict) and isinstance(a.get("static"), dict) and "power_toughness" in a["static"]
        for a in abilities)


def _words(data: dict[str, Any], key: str, allowed: tuple[str, ...] = ()) -> tuple[str, ...]:
    v = data.get(key) or []
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise CardError(f"{key} must be a list of words, such as [{(allowed or ('Elf',))[0]}]", data, key)
    bad = [x for x in v if allowed and x not in allowed]
    if bad:
        raise CardError(f"{bad[0]!r} isn't one of the {key}: {', '.join(allowed)}", data, key)
    return tuple(v)


def _keywords(data: dict[str, Any]) -> tuple[str, ...]:
    words = tuple(k.lower() for k in _words(data, "keywords"))
    try:
        known_keywords(words, "keywords")
    except CardError as exc:
        exc.at, exc.key = data, "keywords"
        raise
    return words


def _spell_cost(data: dict[str, Any]) -> Cost:
    """A spell's ``cost:`` is its additional cost: the engine pays only "sacrifice a land" there
    (CR 601.2b, 601.2h)."""
    cost = build(Cost, data["cost"], data)
    if cost.sacrifice not in SACRIFICED or cost != Cost(sacrifice=cost.sacrifice):
        raise CardError(f"a spell's cost: is its additional cost, and the engine plays only "
                        f"{{sacrifice: {' or '.join(SACRIFICED)}}} there, not {data['cost']!r}", data, "cost")
    return cost


def _ability(data: Any, at: Any, spell: str | None = None) -> Ability:
    """Make one ability; a spell's effect (``spell`` = the card's Oracle text) has no text of its own."""
    _ability_keys(data, at, spell)
    _ability_kind(data, spell)
    text = data.get("text") if spell is None else spell
    if "static" in data:
        return Ability(text, static=build_static(data["static"], data))
    trig = data.get("trigger")
    return Ability(
        text,
        trigger=build(Trigger, trig if isinstance(trig, dict) else {"event": trig}, data) if trig else None,
        cost=(_spell_cost(data) if spell is not None else build(Cost, data["cost"], data)) if "cost" in data
        else None,
        targets=_targets(data) if data.get("targets") else None,
        effects=build_effects(data["effects"], data), timing=_timing(data),
        only_if=build(OnlyIf, data["only_if"], data) if "only_if" in data else None)


def _ability_keys(data: Any, at: Any, spell: str | None) -> None:
    if not isinstance(data, dict):
        raise CardError("an ability is a mapping with text and trigger, cost or static", at)
    unknown = [k for k in data if k not in ABILITY_KEYS or (spell is not None and k == "text")]
    if unknown:
        raise CardError(f"unknown key {unknown[0]!r}; an ability has: {', '.join(ABILITY_KEYS)}", data,
                        unknown[0])
    text = data.get("text")
    if spell is None and (not isinstance(text, str) or not text.strip()):
        raise CardError("an ability needs its 'text', a sentence of the Oracle text", data)


def _ability_kind(data: dict[str, Any], spell: str | None) -> None:
    """Check an ability is one kind: triggered, activated or static (a spell's effect: at most a cost)."""
    kinds = [k for k in ("trigger", "cost", "static") if k in data]
    extra = [k for k in kinds if k != "cost"]
    if spell is not None and extra:
        raise CardError("a spell's effect has no trigger or static (its cost: is an additional cost)",
                        data, extra[0])
    if spell is None and len(kinds) != 1:
        raise CardError("an ability has exactly one of trigger (triggered), cost (activated) or "
                        "static", data)
    if "static" in data and ("effects" in data or "targets" in data):
        raise CardError("a static ability has no effects or targets of its own", data)
    if "static" not in data and "effects" not in data:
        raise CardError("an ability needs 'effects'", data)


def _timing(data: dict[str, Any]) -> str:
    timing: str = data.get("timing", "")  # a card file's value, checked here
    if timing not in ("", "sorcery") or (timing and "cost" not in data):
        raise CardError(f"timing is 'sorcery' on an activated ability (\"Activate only as a sorcery\"), "
                        f"not {timing!r}", data, "timing")
    return timing


BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


