"""Build a card's abilities from plain data: effects, costs and targets as small typed parts.

A card file names each part by its YAML name (``get_energy: 2``); the part is a frozen
dataclass registered under that name. Parts never change, so game copies share them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable, Protocol, TypeGuard, TypeVar

from .errors import RulesError
from .mana import ManaCost
from .objects import GameState, Permanent, StackItem
from .said import Said


class Characteristics(Protocol):
    """What a search reads of a card (cards are made of parts, so parts don't import them)."""

    @property
    def supertypes(self) -> tuple[str, ...]: ...

    @property
    def types(self) -> tuple[str, ...]: ...

    @property
    def subtypes(self) -> tuple[str, ...]: ...


EFFECTS: dict[str, type[Effect]] = {}
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# a YAML key that is a Python keyword, and ``on``, which YAML 1.1 reads as true
RENAMED: dict[object, str] = {"for": "find", True: "on"}
# read as it happens: energy paid, its power, life lost, "X is the number of lands you control"
AMOUNTS = ("paid", "its_power", "lost", "lands_you_control")
# What a cost's ``sacrifice:`` may name besides ``self``: the card type of the permanent the player chooses.
SACRIFICED = {"land": "Land"}
# The keywords the engine plays by their rules (docs/cards.md says where); a card file may name no other.
KEYWORDS = ("flying", "reach", "trample", "haste", "vigilance", "first strike", "intimidate", "hexproof",
            "shroud", "infect")
# What a card file may target, in the Oracle's words (rules/targets.py finds the legal ones of each).
# Two targets, the second chosen among what the first one's player controls (Searing Blaze)
PAIRS = {"player_or_planeswalker_and_their_creature": "player_or_planeswalker",
         # two targets of one kind, the second another than the first (Fate Transfer; CR 115.3)
         "creature_and_another_creature": "creature"}

TARGET_WORDS = {
    "creature": "target creature", "creature_or_planeswalker": "target creature or planeswalker",
    "any": "any target", "attacking_creature": "target attacking creature",
    "creature_you_control": "target creature you control",
    "permanent": "target permanent", "artifact": "target artifact",
    "enchantment": "target enchantment", "artifact_or_enchantment": "target artifact or enchantment",
    "land": "target land", "player": "target player", "spell": "target spell",
    "enchant_land": "Enchant land",  # an Aura spell's target (CR 303.4a)
    "opponent": "target opponent", "player_or_planeswalker": "target player or planeswalker",
    "player_or_planeswalker_and_their_creature":
        "target creature that player or that planeswalker's controller controls",
    "nonland_permanent_an_opponent_controls": "target nonland permanent an opponent controls",
    "artifact_creature_planeswalker_or_opponent": "target artifact, creature, planeswalker, or opponent",
    "noncreature_land_you_control": "target noncreature land you control",
    "creature_and_another_creature": "another target creature",
    "nonland_permanent_with_mana_value_x": "target nonland permanent with mana value X",
}


class CardError(RulesError, ValueError):
    """A card file's part is malformed; ``at`` is the data it was read from (for its line)."""

    def __init__(self, message: str, at: Any = None, key: Any = None):
        super().__init__(message)
        self.at, self.key = at, key


class Part:
    """Share a part between game copies: it never changes."""

    # Every part is a dataclass: said here so that ``dataclasses.fields`` takes any part's class.
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __deepcopy__(self, memo: dict[int, object]) -> Part:
        return self


P = TypeVar("P", bound=Part)
E = TypeVar("E", bound="type[Effect]")


def effect(name: str) -> Callable[[E], E]:
    """Register an effect class under its card-file name.

    >>> EFFECTS["get_energy"].__name__
    'GetEnergy'
    """
    def register(cls: E) -> E:
        cls.name = name
        EFFECTS[name] = cls
        return cls
    return register


class Resolving(Protocol):
    """What an effect reads and asks as its ability resolves (``resolve.Resolution``)."""

    st: GameState
    item: StackItem
    vars: dict[str, Any]  # what earlier effects left for later ones, e.g. the energy paid

    @property
    def controller(self) -> str: ...

    def choose(self, choice: type[Any], player: str, prompt: str | Said, rule: str, options: Iterable[Any] = (),
               low: int = 0, high: int = 0, data: dict[str, Any] | None = None) -> Any: ...

    def order_replacements(self, player: str, prompt: str, options: Iterable[int],
                           data: dict[str, Any]) -> tuple[int, ...]: ...

    def source(self) -> Permanent | None: ...

    def target_objects(self) -> list[Any]: ...


@dataclass(frozen=True)
class Effect(Part):
    """One thing an ability does; ``run`` changes the game, ``words`` says what the Oracle must say."""

    name: ClassVar[str] = ""

    def run(self, res: Resolving) -> None:
        raise NotImplementedError

    def words(self) -> tuple[str, ...]:
        return ()

    def targets(self) -> "Targets | None":
        return None


def run_all(res: Resolving, effects: Iterable[Effect]) -> None:
    """Carry out effects in printed order (CR 608.2c)."""
    for part in effects:
        part.run(res)


def number_word(n: int) -> str:
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def whole(v: object, negative: bool = False) -> bool:
    """Say whether a card file's value is a whole number (a bool is not one), 0 or more unless
    ``negative`` allows any sign.

    >>> whole(2), whole(True), whole(-1), whole(-1, negative=True), whole("2")
    (True, False, False, True, False)
    """
    return isinstance(v, int) and not isinstance(v, bool) and (negative or v >= 0)


def known_keywords(words: Iterable[object], label: str) -> None:
    """Refuse, as the card file is read, a keyword the engine doesn't play.

    >>> known_keywords(("flying", "banding"), "pump's gains")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.parts.CardError: pump's gains: the engine doesn't play the keyword 'banding'; it plays: flying, reach, trample, haste, vigilance, first strike, intimidate, hexproof, shroud, infect
    """
    bad = [w for w in words if str(w).lower() not in KEYWORDS]
    if bad:
        raise CardError(f"{label}: the engine doesn't play the keyword {bad[0]!r}; it plays: "
                        f"{', '.join(KEYWORDS)}")


def reads_only(n: object, words: tuple[str, ...], label: str) -> None:
    """Refuse, as the card file is read, an amount word other than those this effect counts.

    >>> reads_only("lost", ("paid",), "deal_damage's amount")
    Traceback (most recent call last):
    ...
    rulesdojo.rules.parts.CardError: deal_damage's amount must be a whole number or paid, not 'lost'
    """
    if isinstance(n, str) and n not in words:
        raise CardError(f"{label} must be a whole number or {' or '.join(words)}, not {n!r}")


def _name(cls: type) -> str:
    name: str = getattr(cls, "name", cls.__name__)
    return name


def build(cls: type[P], value: Any, at: Any = None) -> P:
    """Make a part from its card-file value: a scalar fills the first field, a mapping names fields."""
    fields = dataclasses.fields(cls)
    given = _given(cls, fields, value, at)
    place = value if isinstance(value, dict) else at
    out = {}
    for f in fields:
        if f.name in given:
            out[f.name] = _field_value(cls, f, given[f.name], value, place)
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise CardError(f"{_name(cls)} needs {f.name!r}", value)
    try:
        return cls(**out)
    except CardError as exc:
        exc.at = exc.at if exc.at is not None else place
        raise


def _given(cls: type[Part], fields: tuple[dataclasses.Field[Any], ...], value: Any, at: Any) -> dict[str, Any]:
    """Return the fields a card-file value gives, by field name (a mapping's keys renamed)."""
    if value is None:
        return {}
    if isinstance(value, dict):
        known = {f.name for f in fields}
        unknown = [k for k in value if RENAMED.get(k, k) not in known]
        if unknown:
            raise CardError(f"{_name(cls)} has no parameter {unknown[0]!r} (it takes: "
                            f"{', '.join(sorted(known)) or 'nothing'})", value, unknown[0])
        return {str(RENAMED.get(k, k)): v for k, v in value.items()}  # each a field's name, known above
    if not fields:
        raise CardError(f"{_name(cls)} takes no value, got {value!r}", at)
    return {fields[0].name: value}


def _field_value(cls: type[Part], f: dataclasses.Field[Any], v: Any, value: Any, place: Any) -> Any:
    """Convert one field; a problem without a key of its own is placed at the field's key."""
    try:
        return _convert(cls, f, v, place)
    except CardError as exc:
        if exc.key is None and isinstance(value, dict):
            exc.key = next((k for k in value if RENAMED.get(k, k) == f.name), None)
        raise


def _modes(v: Any, at: Any, label: str) -> tuple[Mode, ...]:
    if not isinstance(v, list) or not all(isinstance(m, dict) for m in v):
        raise CardError(f"{label} must be a list of modes, each with text and effects", at)
    return tuple(build(Mode, m, m) for m in v)


# A field declared with a kind holds parts, built from the value where it stands.
PARTS: dict[str, Callable[[Any, Any, str], object]] = {
    "effects": lambda v, at, label: build_effects(v, at),
    "cost": lambda v, at, label: build(Cost, v, at),
    "targets": lambda v, at, label: build(Targets, v if isinstance(v, dict) else {"what": v}, at),
    "reflexive": lambda v, at, label: build(Reflexive, v, at),
    "modes": _modes,
    "find": lambda v, at, label: _find(v, at, label),
}
_AMOUNTS = ", ".join(AMOUNTS)
# Any other field is one value: what it may be, what a mistake reads, and what the part keeps.
VALUES: dict[str, tuple[Callable[[Any], bool], str, Callable[[Any], object] | None]] = {
    "bool": (lambda v: isinstance(v, bool), "must be true or false, not {v!r}", None),
    "change": (lambda v: whole(v, negative=True) or v in AMOUNTS,  # +N or -N, as in "gets -2/-2"
               f"must be a whole number, positive or negative, or one of {_AMOUNTS}, not {{v!r}}", None),
    "whole": (whole, "must be a whole number, not {v!r}", None),
    "loyalty": (lambda v: whole(v, negative=True),
                "must be a whole number: +1, 0 or -2 as printed (CR 606.4), not {v!r}", None),
    "energy": (lambda v: whole(v) or v == "X",
               "must be a whole number, or X for \"Pay X {{E}}\" (CR 107.3a), not {v!r}", None),
    "amount": (lambda v: whole(v) or v in AMOUNTS,
               f"must be a whole number or one of {_AMOUNTS}, not {{v!r}}", None),
    "list": (lambda v: isinstance(v, (list, tuple)) and all(isinstance(x, (str, int)) for x in v),
             "must be a list, not {v!r}", lambda v: tuple(str(x) for x in v)),
    "word": (lambda v: isinstance(v, (str, int)) and not isinstance(v, bool),
             "must be a word, not {v!r}", str),
}


def _kind(f: dataclasses.Field[Any]) -> str:
    """Name what a field holds: its declared kind, or what its default says (a required field
    without a kind is checked only against its choices)."""
    kind = f.metadata.get("kind") if f.metadata else ""
    default = f.default
    return kind or ("bool" if isinstance(default, bool) else "whole" if isinstance(default, int) else
                    "list" if isinstance(default, tuple) else
                    "word" if isinstance(default, str) or default is None else "")


def _convert(cls: type[Part], f: dataclasses.Field[Any], v: Any, at: Any) -> Any:
    kind, label = _kind(f), f"{_name(cls)}'s {f.name}"
    if kind in PARTS:
        return PARTS[kind](v, at, label)
    if kind in VALUES:
        ok, wording, keep = VALUES[kind]
        if not ok(v):
            raise CardError(f"{label} {wording.format(v=v)}", at)
        v = keep(v) if keep else v
    choices = f.metadata.get("choices") if f.metadata else None
    if choices and v not in choices:
        raise CardError(f"{label} must be one of {', '.join(choices)}, not {v!r}", at)
    return v


def build_effects(data: Any, at: Any = None) -> tuple[Effect, ...]:
    """Make a list of effects from card-file data (each item ``name`` or ``{name: value}``)."""
    if not isinstance(data, list):
        raise CardError(f"effects must be a list, not {data!r}", at)
    out: list[Effect] = []
    for i, item in enumerate(data):
        if isinstance(item, str):
            name, value = item, None
        elif isinstance(item, dict) and len(item) == 1:
            (name, value), = item.items()
        else:
            raise CardError(f"effect {i + 1} must be one name, or one 'name: value' pair, "
                            f"not {item!r}", data, i)
        if name not in EFFECTS:
            raise CardError(f"unknown effect {name!r}; effects are: {', '.join(sorted(EFFECTS))}", data, i)
        out.append(build(EFFECTS[name], value, item if isinstance(item, dict) else at))
    return tuple(out)


def field(kind: str = "", choices: tuple[object, ...] = (), default: Any = dataclasses.MISSING) -> Any:
    """Declare a part's field read specially from the card file: ``kind`` is a row of ``PARTS`` or
    ``VALUES``; ``choices`` are the words it may be.

    >>> field(kind="effect")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: unknown kind of field 'effect'; kinds are: effects, cost, targets, reflexive, modes, ...
    """
    if kind and kind not in PARTS and kind not in VALUES:
        raise TypeError(f"unknown kind of field {kind!r}; kinds are: {', '.join([*PARTS, *VALUES])}")
    meta = {"kind": kind, "choices": choices}
    if default is dataclasses.MISSING:
        return dataclasses.field(metadata=meta)
    if isinstance(default, (list, dict)):
        raise TypeError("parts hold tuples")
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class Targets(Part):
    """What an ability targets (CR 115.1): one object or player of a kind."""

    what: str = "creature"
    up_to_one: bool = False  # "up to one target ...": zero targets may be chosen (CR 601.2c)

    def __post_init__(self) -> None:
        if self.what not in TARGET_WORDS:
            raise CardError(f"unknown target {self.what!r}; targets are: "
                            f"{', '.join(w for w in TARGET_WORDS if w not in PAIRS)}")

    def words(self) -> tuple[str, ...]:
        said = tuple(TARGET_WORDS[w] for w in (PAIRS.get(self.what), self.what) if w)
        return tuple(f"up to one {w}" for w in said) if self.up_to_one else said


@dataclass(frozen=True)
class Cost(Part):
    """A cost to activate or to pay: mana, {T}, energy, life, sacrificing the source, discarding the
    card (CR 118, 602.1a); a cost that discards the card is paid from its owner's hand (CR 113.6m).

    >>> Cost(tap=True, life=1, sacrifice="self").words()
    ('{T}', 'Pay 1 life', 'Sacrifice')
    """

    mana: str = ""
    tap: bool = False
    energy: int | str = field(kind="energy", default=0)  # "X": announced as it is activated
    loyalty: int | None = field(kind="loyalty", default=None)  # +N / -N loyalty counters (CR 606.4)
    life: int = 0  # paid only with that much life or more (CR 119.4)
    sacrifice: str = field(choices=("", "self", *SACRIFICED), default="")  # land: the player chooses one
    discard: str = field(choices=("", "self"), default="")

    def __post_init__(self) -> None:
        try:
            ManaCost.parse(self.mana)
        except ValueError as exc:
            raise CardError(f"cost: {exc}") from None

    @property
    def mana_cost(self) -> ManaCost:
        return ManaCost.parse(self.mana)

    @property
    def fixed_energy(self) -> int:
        """The energy it pays when that's a number; X is announced only as an ability is activated
        (CR 107.3a), so a cost paid while resolving can't have it (``no_x``)."""
        return self.energy if isinstance(self.energy, int) else 0

    def no_x(self, what: str) -> None:
        """Refuse "Pay X {E}" where no X is announced: a cost paid as an effect resolves."""
        if not isinstance(self.energy, int):
            raise CardError(f"{what}'s cost pays a number of energy: X is announced only as an ability "
                            "is activated (CR 107.3a)")

    def __str__(self) -> str:
        parts = [loyalty_words(self.loyalty)] if self.loyalty is not None else []
        parts += [str(self.mana_cost)] if self.mana else []
        parts += ["{T}"] if self.tap else []
        parts += ["Pay " + energy_words(self.energy)] if self.energy else []
        parts += [life_words(self.life)] if self.life else []
        parts += ["Sacrifice this" if self.sacrifice == "self" else f"Sacrifice a {self.sacrifice}"
                  ] if self.sacrifice else []
        parts += ["Discard this card"] if self.discard else []
        return ", ".join(parts)

    def words(self) -> tuple[str, ...]:
        out = [loyalty_words(self.loyalty) + ":"] if self.loyalty is not None else []
        out += [str(self.mana_cost)] if self.mana else []
        out += ["{T}"] if self.tap else []
        out += [energy_words(self.energy)] if self.energy else []
        out += [life_words(self.life)] if self.life else []
        out += ["Sacrifice"] if self.sacrifice else []
        out += ["Discard this card"] if self.discard else []
        return tuple(out)


def energy_words(n: int | str) -> str:
    """Write n energy as the Oracle does: symbols up to four ("Pay {E}{E}{E}{E}"), "six {E}" beyond,
    "X {E}" for an amount announced as the cost is paid.

    >>> energy_words(2), energy_words(4), energy_words(8), energy_words("X")
    ('{E}{E}', '{E}{E}{E}{E}', 'eight {E}', 'X {E}')
    """
    if isinstance(n, str):
        return f"{n} {{E}}"
    return "{E}" * n if n <= 4 else f"{number_word(n)} {{E}}"


def life_words(n: int) -> str:
    """Write a life payment as the Oracle does (CR 119.4).

    >>> life_words(1)
    'Pay 1 life'
    """
    return f"Pay {n} life"


@dataclass(frozen=True)
class Find(Part):
    """What a search looks for (CR 701.23a): a basic land card, or a card with any of these
    subtypes ("a Forest or Plains card": any card with one of them, basic or not, CR 205.3i).

    >>> Find(subtypes=("Forest", "Plains")).said, Find(basic_land=True).said
    ('a Forest or Plains card', 'a basic land card')
    """

    basic_land: bool = False
    subtypes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.basic_land == bool(self.subtypes):
            raise CardError("search's for is basic_land or {subtypes: [Forest, Plains]} (one of them)")
        bad = [s for s in self.subtypes if not (s[:1].isupper() and s.isalpha())]
        if bad:
            raise CardError(f"a subtype is one capitalized word, such as Forest, not {bad[0]!r}")

    def matches(self, card: Characteristics) -> bool:
        """Say whether a card (its characteristics where it is, CR 712.8a) is one the search finds."""
        if self.basic_land:
            return "Basic" in card.supertypes and "Land" in card.types
        return bool(set(self.subtypes) & set(card.subtypes))

    @property
    def said(self) -> str:
        if self.basic_land:
            return "a basic land card"
        names = list(self.subtypes)
        listed = names[0] if len(names) == 1 else (
            f"{', '.join(names[:-1])}{',' if len(names) > 2 else ''} or {names[-1]}")
        return f"{'an' if listed[0] in 'AEIOU' else 'a'} {listed} card"


def _find(v: Any, at: Any, label: str) -> Find:
    if v == "basic_land":
        return Find(basic_land=True)
    if isinstance(v, dict):
        return build(Find, v, at)
    raise CardError(f"{label} must be basic_land or a mapping such as {{subtypes: [Forest, Plains]}}, "
                    f"not {v!r}", at)


def loyalty_words(n: int) -> str:
    """Write a loyalty cost as the Oracle prints it: "+1", "0", "−8" (a minus sign, U+2212).

    >>> loyalty_words(1), loyalty_words(0), loyalty_words(-8)
    ('+1', '0', '−8')
    """
    return f"+{n}" if n > 0 else "0" if n == 0 else f"\u2212{-n}"


@dataclass(frozen=True)
class Reflexive(Part):
    """A reflexive triggered ability ("when you do", CR 603.12): its targets and effects."""

    effects: tuple[Effect, ...] = field(kind="effects")
    targets: Targets | None = field(kind="targets", default=None)


@dataclass(frozen=True)
class Mode(Part):
    """One mode of a modal ability: its text, its target if it has one, and what it does."""

    text: str
    effects: tuple[Effect, ...] = field(kind="effects")
    targets: Targets | None = field(kind="targets", default=None)

    @property
    def target_spec(self) -> str | None:
        return self.targets.what if self.targets else None


class Modal(Protocol):
    """The "choose one —" part of an ability's effects (``effects/choices.py``'s ``ChooseMode``)."""

    modes: tuple[Mode, ...]

    def mode(self, text: str) -> Mode: ...

    def legal_modes(self, st: GameState, controller: str) -> list[str]: ...


def _has_modes(part: object) -> TypeGuard[Modal]:
    return isinstance(getattr(part, "modes", None), tuple)


class AddsMana(Protocol):
    """An effect that adds mana (``effects/mana.py``'s ``AddMana``): what a mana ability's effects are."""

    any_land_type: bool

    def options(self, st: GameState, controller: str) -> tuple[str, ...]: ...


def adds_mana(part: object) -> TypeGuard[AddsMana]:
    return bool(getattr(part, "adds_mana", False))


def modal(effects: Iterable[object]) -> Modal | None:
    """Return the "choose one —" part of an ability's effects (the one with modes), if it has one."""
    return next((x for x in effects if _has_modes(x)), None)


REMINDER = re.compile(r"\s*\([^()]*\)")


def without_reminder(text: str) -> str:
    """Drop reminder text (CR 207.2): "you get {E} (an energy counter)." -> "you get {E}."

    >>> without_reminder("you get {E}{E} (two energy counters).")
    'you get {E}{E}.'
    """
    return REMINDER.sub("", text).strip()
