"""The game's mutable pieces: players, cards in zones, permanents, the stack, the log.

These are plain records. Only the engine changes them, and always on a working
copy, so a rejected action leaves the caller's game untouched. Outside the engine a game
hands them out as read-only views (``read_only``): reading works as on the record, writing
raises ``ReadOnlyError``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, is_dataclass
from typing import TYPE_CHECKING, Any, Iterator, NoReturn, TypeVar, cast, overload

from .mana import TYPES
from .said import said

if TYPE_CHECKING:  # both read the game's objects: named here for the type checker only
    from .cardset import CardSet
    from .choices import Choice
    from .control import ControlChange
    from .parts import Effect
    from .phasing import Phased
    from .player_effects import PlayerEffect
    from .said import Said

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")

ENERGY = "energy"
PLUS_ONE = "+1/+1"
MINUS_ONE = "-1/-1"
LOYALTY = "loyalty"


@dataclass(frozen=True)
class About:
    """What a log line is about, for a reader that must not parse its sentence (a question's
    ruling-tag check): the card types and subtypes of what entered or what something became, the
    event a triggered ability waited for and whose.

    >>> About(types=("Land",), trigger="land_enters", whose="you").trigger
    'land_enters'
    """

    types: tuple[str, ...] = ()
    trigger: str = ""
    whose: str = ""


@dataclass(frozen=True)
class Event:
    """Record one rules-relevant change: the rule behind it and a plain sentence.

    ``text`` is the sentence in English; ``said`` the same sentence as a value any language can say
    (``rulesdojo.rules.said``), for a page that shows the log in the learner's language.

    >>> Event(1, "107.14", "Alice gets 1 energy.", "energy")
    Event(seq=1, rule='107.14', text='Alice gets 1 energy.', kind='energy', player=None)
    """

    seq: int
    rule: str
    text: str
    kind: str = "info"
    player: str | None = None
    about: About = field(default=About(), repr=False)
    said: Said | None = field(default=None, repr=False, compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Event:  # immutable: history copies share events
        return self


class Log(Sequence[Event]):
    """Hold the events so far, oldest first; adding one makes a new log that shares all the others.

    Each version of the game (the current one, each undo step, a legality probe) holds its own log,
    so adding an event costs the same after ten events or ten thousand, and copying costs nothing.

    >>> log = Log().added(Event(1, "107.14", "Alice gets 1 energy.", "energy"))
    >>> longer = log.added(Event(2, "117.3d", "Alice passes priority."))
    >>> len(log), len(longer), longer[-1].rule, [ev.seq for ev in longer]
    (1, 2, '117.3d', [1, 2])
    """

    __slots__ = ("_last", "_before", "_len")

    def __init__(self, last: Event | None = None, before: "Log | None" = None):
        self._last = last
        self._before: Log = self if before is None else before  # the empty log ends the chain
        self._len = 0 if last is None else len(self._before) + 1

    def added(self, event: Event) -> "Log":
        """Return this log with ``event`` after the others (this one is left as it is)."""
        return Log(event, self)

    def extends(self, other: "Log") -> bool:
        """Tell whether this log is ``other`` with events added (or ``other`` itself).

        >>> log = Log().added(Event(1, "107.14", "Alice gets 1 energy."))
        >>> log.added(Event(2, "117.3d", "Alice passes.")).extends(log), Log().extends(log)
        (True, False)
        """
        if other._len > self._len:
            return False
        node = self
        for _ in range(self._len - other._len):
            node = node._before
        return node is other

    def __len__(self) -> int:
        return self._len

    def __reversed__(self) -> Iterator[Event]:
        node = self
        while node._last is not None:
            yield node._last
            node = node._before

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def since(self, n: int) -> list[Event]:
        """Return the events after the first ``n``, oldest first (walking back only over those)."""
        out: list[Event] = []
        node = self
        for _ in range(max(self._len - max(n, 0), 0)):
            out.append(cast(Event, node._last))
            node = node._before
        out.reverse()
        return out

    @overload
    def __getitem__(self, i: int) -> Event: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Event, ...]: ...

    def __getitem__(self, i: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(i, slice):
            return tuple(self)[i]
        if not -self._len <= i < self._len:
            raise IndexError("log index out of range")
        node = self
        for _ in range(self._len - 1 - (i % self._len)):
            node = node._before
        return cast(Event, node._last)  # within the length: a node that holds an event

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            return self is other or (len(self) == len(other) and list(self) == list(other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Log({len(self)} events)"

    def __deepcopy__(self, memo: dict[int, object]) -> Log:
        return self


class IdMap(MutableMapping[int, V]):
    """Map object ids to facts that are added as the game goes (where an object went, how a spell ended).

    A copy shares the older entries and copies only the few recent ones, so it costs the same
    however long the game has been; entries are never removed.

    >>> moved = IdMap(); moved[3] = 7
    >>> later = moved.copy(); later[7] = 9
    >>> dict(moved), dict(later), 7 in later
    ({3: 7}, {3: 7, 7: 9}, True)
    """

    __slots__ = ("_older", "_recent")
    FOLD = 32  # recent entries kept apart before they join a new shared mapping

    def __init__(self, older: dict[int, V] | None = None, recent: dict[int, V] | None = None) -> None:
        self._older = older if older is not None else {}
        self._recent = recent if recent is not None else {}

    def copy(self) -> IdMap[V]:
        return IdMap(self._older, dict(self._recent))

    def __getitem__(self, key: int) -> V:
        return self._recent[key] if key in self._recent else self._older[key]

    def __setitem__(self, key: int, value: V) -> None:
        self._recent[key] = value
        if len(self._recent) > self.FOLD:
            self._older, self._recent = {**self._older, **self._recent}, {}

    def __delitem__(self, key: int) -> NoReturn:
        raise TypeError("an IdMap only grows: its entries are facts about the game so far")

    def __contains__(self, key: object) -> bool:
        return key in self._recent or key in self._older

    def __iter__(self) -> Iterator[int]:
        yield from self._older
        yield from (k for k in self._recent if k not in self._older)

    def __len__(self) -> int:
        return len(self._older) + sum(1 for k in self._recent if k not in self._older)

    def __repr__(self) -> str:
        return f"IdMap({dict(self)!r})"

    def __deepcopy__(self, memo: dict[int, object]) -> IdMap[V]:
        return self.copy()


@dataclass
class Player:
    name: str
    life: int = 20
    counters: dict[str, int] = field(default_factory=dict)
    pool: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TYPES})
    library: list["CardObject"] = field(default_factory=list)  # index 0 is the top
    hand: list["CardObject"] = field(default_factory=list)
    graveyard: list["CardObject"] = field(default_factory=list)
    exile: list["CardObject"] = field(default_factory=list)
    lost: bool = False
    drew_from_empty: bool = False

    @property
    def energy(self) -> int:
        return self.counters.get(ENERGY, 0)

    def zone(self, name: str) -> list["CardObject"]:
        cards: list[CardObject] = getattr(self, name)  # one of ZONES
        return cards


@dataclass(frozen=True)
class CardObject:
    """A card (or a token) in a zone other than the battlefield and the stack."""

    id: int
    card: str
    owner: str
    token: bool = False


@dataclass
class Permanent:
    id: int
    card: str
    owner: str
    controller: str
    token: bool = False
    tapped: bool = False
    sick: bool = True  # CR 302.6: not continuously controlled since the turn began
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    eot_power: int = 0  # "until end of turn" changes, gone in cleanup (CR 514.2)
    eot_toughness: int = 0
    eot_keywords: tuple[str, ...] = ()
    added_subtypes: tuple[str, ...] = ()  # indefinite type changes (Guide of Souls' Angel)
    attacking: bool = False
    attacking_walker: int | None = None  # the planeswalker it attacks, if not a player (CR 508.1b)
    blocked_by: int | None = None
    blocking: int | None = None
    holds: tuple[int, ...] = ()  # cards it exiled "until it leaves the battlefield" (CR 610.3)
    attached_to: int | None = None  # the permanent an Equipment equips (CR 301.5a)
    # What an effect with no end made it ("It becomes a 0/0 Elemental creature ... that's still a
    # land"): card types added (CR 613.1d), its base power and toughness set (613.4b), keywords (613.1f).
    added_types: tuple[str, ...] = ()
    set_power_toughness: tuple[int, int] | None = None
    added_keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class Emblem:
    """An emblem in the command zone (CR 114.2): its owner, where it came from, and the keyword its
    static ability gives to permanents of a type its owner controls ("Lands you control have
    indestructible")."""

    owner: str
    source: str
    grants: str
    to_type: str


@dataclass
class StackItem:
    """A spell or ability on the stack (CR 405)."""

    id: int
    kind: str  # "spell", "ability" (activated), "trigger", "reflexive"
    name: str  # card name of the spell or the ability's source
    controller: str
    text: str
    effects: tuple[Effect, ...] = ()  # the parts it does as it resolves, in order (CR 608.2c)
    targets: tuple[Any, ...] = ()
    target_spec: str | None = None
    source: int | None = None
    card: CardObject | None = None  # the card a spell is, to move on resolution
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Trigger:
    """A triggered ability waiting to be put on the stack (CR 603.3)."""

    id: int
    controller: str
    name: str
    text: str
    effects: tuple[Effect, ...]
    source: int | None
    target_spec: str | None = None
    data: dict[str, Any] = field(default_factory=dict)
    kind: str = "trigger"


ZONES = ("library", "hand", "graveyard", "exile")  # the zones a card object can sit in

STEPS = (
    ("beginning", "untap"), ("beginning", "upkeep"), ("beginning", "draw"),
    ("precombat main", "precombat main"),
    ("combat", "beginning of combat"), ("combat", "declare attackers"),
    ("combat", "declare blockers"), ("combat", "combat damage"), ("combat", "end of combat"),
    ("postcombat main", "postcombat main"),
    ("ending", "end"), ("ending", "cleanup"),
)
STEP_NAMES = tuple(s for _, s in STEPS)
MAIN_PHASES = ("precombat main", "postcombat main")


def step_text(step: str) -> str:
    """Name a step in words; a main phase has no steps, so it is named as the phase.

    >>> step_text("upkeep"), step_text("precombat main")
    ('upkeep step', 'precombat main phase')
    """
    return f"{step} phase" if step in MAIN_PHASES else f"{step} step"

#: Each step's name as a log sentence says it (``step_text``, in a value any language can say).
STEP_SAID = {
    "untap": said("untap step"), "upkeep": said("upkeep step"), "draw": said("draw step"),
    "precombat main": said("precombat main phase"), "beginning of combat": said("beginning of combat step"),
    "declare attackers": said("declare attackers step"), "declare blockers": said("declare blockers step"),
    "combat damage": said("combat damage step"), "end of combat": said("end of combat step"),
    "postcombat main": said("postcombat main phase"), "end": said("end step"), "cleanup": said("cleanup step"),
}

STEP_RULES = {
    "untap": "502", "upkeep": "503", "draw": "504", "precombat main": "505",
    "beginning of combat": "507", "declare attackers": "508", "declare blockers": "509",
    "combat damage": "510", "end of combat": "511", "postcombat main": "505",
    "end": "513", "cleanup": "514",
}


@dataclass
class GameState:
    players: list[Player]
    battlefield: list[Permanent] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)  # last element is the top
    active: str = ""
    turn: int = 1
    step: str = "precombat main"
    priority: str | None = None
    passes: int = 0
    land_plays: int = 0
    land_plays_allowed: int = 1
    lands_entered: tuple[str, ...] = ()  # players a land entered under this turn
    first_strikers: tuple[int, ...] = ()  # creatures with first strike as combat damage began
    damage_steps: int = 0  # combat damage steps so far this combat (two with first strike)
    waiting: list[Trigger] = field(default_factory=list)
    pending: Choice | None = None  # the choice the game waits for (rules/choices.py)
    log: Log = field(default_factory=Log)
    next_id: int = 1
    moved: IdMap[int] = field(default_factory=IdMap)  # old object id -> new id (CR 400.7)
    outcomes: IdMap[str] = field(default_factory=IdMap)  # stack id -> "resolved" | "did not resolve"
    names: IdMap[str] = field(default_factory=IdMap)  # stack id -> name, for outcomes
    origins: IdMap[int | None] = field(default_factory=IdMap)  # stack id -> the card cast, or the ability's source
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    winner: str | None = None
    over: bool = False
    life_lost: dict[str, int] = field(default_factory=dict)  # times each player lost life this turn
    energy_lost: dict[str, int] = field(default_factory=dict)  # energy each player paid or lost this turn
    emblems: tuple[Emblem, ...] = ()  # in the command zone (CR 114.1)
    loyalty_used: tuple[int, ...] = ()  # permanents whose loyalty ability was activated this turn (CR 606.3)
    # The CardSet the game is played with (rules/cardset.py): every card looked up in it. A game always
    # has one; only a bare state made to show a rule (a doctest) goes without.
    cards: CardSet = None  # type: ignore[assignment]
    control: tuple[ControlChange, ...] = ()  # control-changing effects in timestamp order (rules/control.py, CR 613.1b)
    last_controller: IdMap[str] = field(default_factory=IdMap)  # permanent id -> its controller as it left
    phased_out: list[Phased] = field(default_factory=list)  # Phased records (rules/phasing.py, CR 702.26b)
    player_effects: tuple[PlayerEffect, ...] = ()  # effects on players with a duration (rules/player_effects.py)


# --- read-only views: what a game hands out -------------------------------------------

class ReadOnlyError(AttributeError):
    """Refuse a write through a read-only view of the game (change it through actions or setup)."""


_HOW = ("a game changes only through Game.apply (actions) or its setup methods (add_card, "
        "add_permanent, set_player, set_counters)")


def _refuse(what: str) -> NoReturn:
    raise ReadOnlyError(f"{what} is read-only: {_HOW}.")


class ReadOnly:
    """Show one of the game's records (a player, a permanent, the state...) without letting it change.

    Attributes read as on the record, with lists as tuples and dicts as read-only dicts; setting one
    raises ``ReadOnlyError``. ``isinstance`` sees the record's class.

    >>> alice = read_only(Player("Alice"))
    >>> alice.life, alice.hand, isinstance(alice, Player)
    (20, (), True)
    >>> alice.life = 3
    Traceback (most recent call last):
    ...
    rulesdojo.rules.objects.ReadOnlyError: Player 'Alice' is read-only: a game changes only through Game.apply (actions) or its setup methods (add_card, add_permanent, set_player, set_counters).
    """

    __slots__ = ("_record",)
    _record: object

    def __init__(self, record: object) -> None:
        object.__setattr__(self, "_record", record)

    def __getattr__(self, name: str) -> Any:  # whatever the record holds, read-only
        value = getattr(self._record, name)
        if callable(value) and getattr(value, "__self__", None) is self._record:
            return lambda *args, **kw: read_only(value(*args, **kw))  # e.g. Player.zone
        return read_only(value)

    def __setattr__(self, name: str, value: object) -> None:
        _refuse(self._said())

    def __delattr__(self, name: str) -> None:
        _refuse(self._said())

    def _said(self) -> str:
        r = self._record
        name = getattr(r, "name", None) or getattr(r, "card", None)
        return f"{type(r).__name__} {name!r}" if isinstance(name, str) else type(r).__name__

    @property  # type: ignore[misc]
    def __class__(self) -> type:  # so that isinstance(view, Permanent) holds
        return type(self._record)

    def __eq__(self, other: object) -> bool:
        return self._record == (other._record if type(other) is ReadOnly else other)

    def __hash__(self) -> int:
        return hash(self._record)

    def __repr__(self) -> str:
        return repr(self._record)

    def __deepcopy__(self, memo: dict[int, object]) -> Any:  # a copy is the game's no longer: it may change
        import copy
        return copy.deepcopy(self._record, memo)


class ReadOnlyTuple(tuple[T, ...]):
    """A list of the game's, as a tuple whose list methods say why they can't be used.

    It equals a list of the same items too, as the list it shows did.

    >>> stack = read_only([]); stack == [], stack == ()
    (True, True)
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return tuple.__eq__(self, tuple(other) if type(other) is list else other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def _refused(self, *args: object, **kw: object) -> NoReturn:
        _refuse("This list of the game's")

    append = extend = insert = remove = pop = clear = sort = reverse = _refused


class ReadOnlyDict(dict[K, V]):
    """A dict of the game's (counters, a mana pool...), as a copy that refuses changes."""

    __slots__ = ()

    def _refused(self, *args: object, **kw: object) -> NoReturn:
        _refuse("This mapping of the game's")

    __setitem__ = __delitem__ = __ior__ = update = pop = popitem = setdefault = clear = _refused


class ReadOnlyMapping(Mapping[int, V]):
    """A growing mapping of the game's (an ``IdMap``), read without copying it."""

    __slots__ = ("_mapping",)

    def __init__(self, mapping: IdMap[V]) -> None:
        self._mapping = mapping

    def __getitem__(self, key: int) -> V:
        return read_only(self._mapping[key])

    def __iter__(self) -> Iterator[int]:
        return iter(self._mapping)

    def __len__(self) -> int:
        return len(self._mapping)

    def __contains__(self, key: object) -> bool:
        return key in self._mapping

    def __repr__(self) -> str:
        return f"ReadOnlyMapping({dict(self._mapping)!r})"


# A read-only view poses as what it shows (``isinstance`` holds): the type checker reads it so.
_PLAIN = (str, int, float, bool, bytes, type(None), frozenset, Log, Event, ReadOnly, ReadOnlyTuple,
          ReadOnlyDict, ReadOnlyMapping)


@overload
def read_only(value: list[T] | tuple[T, ...]) -> tuple[T, ...]: ...


@overload
def read_only(value: T) -> T: ...


def read_only(value: Any) -> Any:
    """Return ``value`` as the game hands it out: records as ``ReadOnly`` views, lists and tuples as
    tuples of read-only values, dicts as read-only copies; values that can't change as they are.

    >>> pool = read_only({"R": 1}); pool, pool["R"]
    ({'R': 1}, 1)
    >>> pool["R"] = 2
    Traceback (most recent call last):
    ...
    rulesdojo.rules.objects.ReadOnlyError: This mapping of the game's is read-only: a game changes only through Game.apply (actions) or its setup methods (add_card, add_permanent, set_player, set_counters).
    """
    t = type(value)
    if t in _PLAIN:
        return value
    if t is list or t is tuple:
        return ReadOnlyTuple(read_only(v) for v in value)
    if t is dict:
        return ReadOnlyDict((k, read_only(v)) for k, v in value.items())
    if t is IdMap:
        return ReadOnlyMapping(value)
    if t is set:
        return frozenset(value)
    if t is random.Random:  # drawing from it would change the game's generator: hand out a copy
        twin = random.Random()
        twin.setstate(value.getstate())
        return twin
    if is_dataclass(value) and not getattr(t, "__dataclass_params__").frozen:
        return ReadOnly(value)
    return value
