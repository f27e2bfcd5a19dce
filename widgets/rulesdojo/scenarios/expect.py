"""Expectations in a scenario: what must hold after its actions, and how a difference reads."""

from __future__ import annotations

from collections import Counter
from itertools import islice
from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Literal, NoReturn, Optional, Union

from pydantic import Discriminator, StrictBool, StrictStr, Tag, field_validator

from ..rules import query as q
from ..rules.describe import name_of
from ..rules.errors import RulesError, ScenarioError
from ..rules.choices import Choice
from ..rules.game import ANSWERS_LISTED, Game
from ..rules.mana import TYPE_NAMES, TYPES, ManaCost, pool_text
from ..rules.objects import GameState, Permanent, Player
from .schema import Format, Loc, Says, check, says
from .yamlsource import key_line

if TYPE_CHECKING:  # the scenario runner reads expectations: named here for the type checker only
    from .scenario import Resolver

OUTCOMES = ("resolved", "countered", "did not resolve")  # countered (CR 701.6a) / every target illegal (608.2b)
COLOR_WORDS = ("white", "blue", "black", "red", "green")
UNDER = "unknown key {key!r} under {under}; known: {allowed}"
CARDS = "{place} is a list of card names, not {value!r}"
WORDS = "{place} is a list, not {value!r}"


class PlayerExpect(Format):
    """What a player must have: ``players: {Alice: {energy: 3, hand: [Forest]}}``."""

    unknown, sort_allowed = UNDER, True

    energy: Any = None
    life: Any = None
    counters: Any = None
    mana: Any = None
    hand: Optional[List[Any]] = says(CARDS, None)
    graveyard: Optional[List[Any]] = says(CARDS, None)
    exile: Optional[List[Any]] = says(CARDS, None)
    battlefield: Optional[List[Any]] = says(CARDS, None)
    phased_out: Optional[List[Any]] = says(CARDS, None)
    library: Optional[List[Any]] = says(CARDS, None)
    library_count: Any = None
    hand_count: Any = None


class PermanentExpect(Format):
    """What a permanent must be: ``permanents: {Steppe Lynx: {power: 4, tapped: false}}``."""

    unknown, sort_allowed = UNDER, True

    power: Any = None
    toughness: Any = None
    tapped: Any = None
    counters: Any = None
    controller: Any = None
    owner: Any = None
    sick: Any = None
    types: Optional[List[Any]] = says(WORDS, None)
    subtypes: Optional[List[Any]] = says(WORDS, None)
    keywords: Optional[List[Any]] = says(WORDS, None)
    lacks: Optional[List[Any]] = says(WORDS, None)
    types_absent: Optional[List[Any]] = says(WORDS, None)
    subtypes_absent: Optional[List[Any]] = says(WORDS, None)
    keywords_absent: Optional[List[Any]] = says(WORDS, None)
    # not Optional: ``colors: null`` names no colors, and is refused with the field's message
    colors: List[Literal[COLOR_WORDS]] = says(  # type: ignore[valid-type]
        f"{{place}} lists color words ({', '.join(COLOR_WORDS)}), or [] for colorless; not {{value!r}}", None)
    token: Any = None
    present: Any = None
    damage: Any = None
    count: Any = None
    attached_to: Any = None


class ChoiceExpect(Format):
    """The choice that must be pending: ``pending: {kind: targets, player: Nadia}``."""

    unknown, sort_allowed = "unknown key {key!r} under pending; known: {allowed}", True

    kind: Any = None
    player: Any = None
    min: Any = None
    max: Any = None
    answers: Any = None
    options: Any = None


class ExpectFormat(Format):
    """What must hold after a scenario's actions (``docs/scenarios.md``, "expect")."""

    unknown, sort_allowed = "unknown expectation {key!r}; known: {allowed}", True

    players: Optional[Dict[Any, PlayerExpect]] = says("{place} must be a mapping", None)
    permanents: Optional[Dict[Any, PermanentExpect]] = says("{place} must be a mapping", None)
    stack: Optional[List[Any]] = says("{place} lists names, top first, not {value!r}", None)
    resolved: Optional[Dict[Any, Union[StrictBool, Literal[OUTCOMES]]]] = says(  # type: ignore[valid-type]
        f"{{place}} is true, false, or one of: {', '.join(OUTCOMES)}", None)
    step: Any = None
    turn: Any = None
    active: Any = None
    priority: Any = None
    # A mapping is the choice itself, checked key by key; anything else is the kind alone (or null).
    pending: Annotated[Union[Annotated[ChoiceExpect, Tag("choice")], Annotated[Any, Tag("kind")]],
                       Discriminator(lambda v: "choice" if isinstance(v, dict) else "kind")] = None
    log_contains: Optional[Union[List[Any], StrictStr]] = says(
        "{place} is a list of rule numbers or texts, or one, not {value!r}", None)
    winner: Any = None

    # Of two "before" validators, pydantic runs the one defined last first: an empty section is
    # made null before 'resolved' is asked to be a mapping.
    @field_validator("resolved", mode="before")
    @classmethod
    def _resolved_maps(cls, v: Any) -> Any:
        if v is not None and not isinstance(v, dict):
            raise Says("'resolved' maps a spell or ability name to true or false, or to how it left the stack")
        return v

    @field_validator("players", "permanents", "resolved", mode="before")
    @classmethod
    def _none_is_empty(cls, v: Any) -> Any:
        return v or None  # an empty or null section expects nothing


def validate_expect(exp: Any, source: str, place: str) -> None:
    """Check an ``expect`` mapping's shape; raise ``ScenarioError`` at the first problem."""
    def bad(msg: str, path: Loc = ()) -> NoReturn:
        # Name the offending key's own line when the YAML recorded it (else the place given).
        where = exp
        for key in path[:-1]:
            where = where.get(key) if isinstance(where, dict) else None
        line = key_line(where, path[-1]) if path and isinstance(where, dict) else 0
        at = f"line {line}, {place.split(', ', 1)[1] if place.startswith('line ') else place}"
        raise ScenarioError(msg, file=source, place=at if line else place)

    if not isinstance(exp, dict):
        bad("'expect' must be a mapping")
    check(ExpectFormat, exp, bad)


def check_expect(game: Game, exp: dict[str, Any], resolver: Resolver) -> list[str]:
    """Compare the game with the expectations; return one line per difference."""
    st = game.state
    out: list[str] = []
    for name, want in (exp.get("players") or {}).items():
        out += _check_player(st, str(name), want)
    for ref, want in (exp.get("permanents") or {}).items():
        out += _check_permanent(game, resolver, str(ref), want)
    for key, compare in _TOP_CHECKS.items():  # in this order, whatever the file's
        if key in exp:
            out += compare(game, exp[key], resolver)
    return out


def _nothing(*_: object) -> list[str]:
    return []


def _state_is(key: str) -> TopCheck:
    """Compare the game state's ``key`` (its step, turn, active player, ...) with the one expected."""
    return lambda game, want, resolver: _differ(key, want, getattr(game.state, key))


def _check_pending(game: Game, want: Any, resolver: Resolver) -> list[str]:
    if isinstance(want, dict):
        return _check_choice(game, want)
    return _differ("pending choice", want, game.state.pending.kind if game.state.pending else None)


def _check_log(game: Game, rules: Any, resolver: Resolver) -> list[str]:
    return [f"log: no event cites or says {rule!r}" for rule in ([rules] if isinstance(rules, str) else rules or [])
            if not any(ev.rule == str(rule) or str(rule) in ev.text for ev in game.state.log)]


# What each key of ``expect`` beyond players and permanents compares: (game, value, resolver) -> differences.
TopCheck = Callable[[Game, Any, "Resolver"], list[str]]
_TOP_CHECKS: dict[str, TopCheck] = {
    "stack": lambda game, want, resolver: _differ("stack (top first)", list(want or []),
                                                  [s.name for s in reversed(game.state.stack)]),
    "resolved": lambda game, want, resolver: [line for name, w in (want or {}).items()
                                              for line in _check_resolved(game.state, str(name), w, resolver)],
    **{key: _state_is(key) for key in ("step", "turn", "active", "priority", "winner")},
    "pending": _check_pending,
    "log_contains": _check_log,
}


def _differ(what: str, want: object, got: object) -> list[str]:
    return [f"{what}: expected {want!r}, got {got!r}"] if want != got else []


# What each key under ``players.NAME`` compares: (state, player, name, key, value) -> differences.
_PLAYER_CHECKS: dict[str, Callable[[GameState, Player, str, str, Any], list[str]]] = {
    "energy": lambda st, p, name, key, val: _differ(f"{name} energy", val, p.energy),
    "life": lambda st, p, name, key, val: _differ(f"{name} life", val, p.life),
    "counters": lambda st, p, name, key, val: [
        line for kind, n in val.items() for line in _differ(f"{name} {kind} counters", n, p.counters.get(kind, 0))],
    "mana": lambda st, p, name, key, val: _differ(f"{name} mana pool", _pool(val), pool_text(p.pool)),
    "battlefield": lambda st, p, name, key, val: _differ(
        f"{name} battlefield", _bag(val), _bag([x.card for x in st.battlefield if x.controller == name])),
    "phased_out": lambda st, p, name, key, val: _differ(
        f"{name} phased-out permanents", _bag(val), _bag([ph.perm.card for ph in st.phased_out
                                                         if ph.perm.controller == name])),
    "library": lambda st, p, name, key, val: _differ(
        f"{name} library (top first)", [str(n) for n in val or []], [o.card for o in p.library]),
    "library_count": lambda st, p, name, key, val: _differ(f"{name} library size", val, len(p.library)),
    "hand_count": lambda st, p, name, key, val: _differ(f"{name} hand size", val, len(p.hand)),
    **dict.fromkeys(("hand", "graveyard", "exile"), lambda st, p, name, key, val: _differ(
        f"{name} {key}", _bag(val), _bag([o.card for o in p.zone(key)]))),
}


def _check_player(st: GameState, name: str, want: dict[str, Any]) -> list[str]:
    try:
        p = q.player(st, name)
    except RulesError:
        return [f"players.{name}: no such player"]
    return [line for key, val in want.items() for line in _PLAYER_CHECKS.get(key, _nothing)(st, p, name, key, val)]


def _check_resolved(st: GameState, name: str, want: Any, resolver: Resolver) -> list[str]:
    got = outcome(st, name, resolver)
    if got is None:
        return [f"resolved.{name}: nothing named {name} has left the stack"]
    if isinstance(want, bool):
        return _differ(f"{name} resolved", want, got == "resolved")
    return _differ(f"how {name} left the stack", want, got)


def _plain_name(st: GameState, ref: object) -> str:
    """Name an option as a scenario file does: a player, or a card by its name."""
    p = q.permanent(st, ref) if not isinstance(ref, str) else None
    return p.card if p is not None else name_of(st, ref)


def _check_choice(game: Game, want: dict[str, Any]) -> list[str]:
    """Compare the pending choice itself: its kind, who chooses, its bounds, its legal answers."""
    choice = game.pending
    if choice is None:
        return ["pending choice: expected one, but none is pending"]
    snap = choice.snapshot()
    got = {"kind": choice.kind, "player": choice.player, "min": snap["low"], "max": snap["high"],
           "options": sorted(_plain_name(game.state, o) for o in choice.options)}
    out = [f"pending {key}: expected {want[key]!r}, got {got[key]!r}" for key in ("kind", "player", "min", "max")
           if key in want and want[key] != got[key]]
    if "options" in want and sorted(map(str, want["options"])) != got["options"]:
        out.append(f"pending options: expected {sorted(map(str, want['options']))}, got {got['options']}")
    if "answers" in want:
        out += _check_answers(game, choice, want["answers"])
    return out


def _check_answers(game: Game, choice: Choice, expected: Any) -> list[str]:
    """Compare a pending choice's legal answers with a count or a list of them."""
    said = [game.describe(a) for a in islice(choice.legal_answers(game.state), ANSWERS_LISTED + 1)]
    if len(said) > ANSWERS_LISTED:  # counted up to the engine's listing bound, no further
        return [f"pending answers: expected {expected!r}, got more than {ANSWERS_LISTED} (the most "
                "the engine lists for one choice)"]
    if isinstance(expected, int) and len(said) != expected:
        return [f"pending answers: expected {expected} legal answers, got {len(said)}: {said}"]
    if isinstance(expected, list) and sorted(map(str, expected)) != sorted(said):
        return [f"pending answers: expected {sorted(map(str, expected))}, got {sorted(said)}"]
    return []


def owner_and_name(st: GameState, ref: str) -> tuple[str | None, str]:
    """Split "Nadia's Beast" into its controller and card name (lower case); "Gonti's Machinations" stays whole.

    >>> from types import SimpleNamespace as o
    >>> st = o(players=[o(name="Nadia")])
    >>> owner_and_name(st, "Nadia's Grizzly Bears"), owner_and_name(st, "Gonti's Machinations")
    (('Nadia', 'grizzly bears'), (None, "gonti's machinations"))
    """
    head, _, tail = ref.partition("'s ")
    if tail and any(pl.name == head for pl in st.players):
        return head, tail.lower()
    return None, ref.lower()


def _check_permanent(game: Game, resolver: Resolver, ref: str, want: dict[str, Any]) -> list[str]:
    st = game.state
    matches = _named(st, resolver, ref)
    out: list[str] = []
    if "count" in want:
        out += _differ(f"{ref} count", want["count"], len(matches))
    if "present" in want and bool(want["present"]) != bool(matches):
        out.append(f"{ref} on the battlefield: expected {bool(want['present'])}, got {bool(matches)}")
    rest = {k: v for k, v in want.items() if k not in ("count", "present")}
    if rest and not matches:
        return out + [f"{ref}: not on the battlefield"]
    return out + [line for key, val in rest.items()
                  for line in _PERMANENT_CHECKS.get(key, _nothing)(st, resolver, ref, matches[0], key, val)]


def _named(st: GameState, resolver: Resolver, ref: str) -> list[Permanent]:
    """The permanents ``ref`` names: by its setup id, or its card name (with "Nadia's" to say whose)."""
    if resolver.alias(ref) is not None:
        return [p for p in st.battlefield if p.id == resolver.alias(ref)]
    owner, name = owner_and_name(st, ref)
    return [p for p in st.battlefield if p.card.lower() == name and (owner is None or p.controller == owner)]


PermanentCheck = Callable[[GameState, "Resolver", str, Permanent, str, Any], list[str]]


def _is(read: Callable[[GameState, Permanent], object]) -> PermanentCheck:
    """Compare one plain value of a permanent (its power, whether it is tapped, ...) with the one expected."""
    return lambda st, resolver, ref, p, key, val: _differ(f"{ref} {key}", val, read(st, p))


def _counters_on(st: GameState, resolver: Resolver, ref: str, p: Permanent, key: str, val: Any) -> list[str]:
    return [line for kind, n in val.items() for line in _differ(f"{ref} {kind} counters", n, p.counters.get(kind, 0))]


def _colors_of(st: GameState, resolver: Resolver, ref: str, p: Permanent, key: str, val: Any) -> list[str]:
    has = [TYPE_NAMES[c] for c in q.colors(st, p)]
    if sorted(val) != sorted(has):
        return [f"{ref} colors: expected {sorted(val) or 'colorless'}, got {has or 'colorless'}"]
    return []


_LACKS = {"lacks": "types, subtypes and keywords", "types_absent": "types", "subtypes_absent": "subtypes",
          "keywords_absent": "keywords"}


def _lacks(st: GameState, resolver: Resolver, ref: str, p: Permanent, key: str, val: Any) -> list[str]:
    has = [x for x in val if x in _characteristics(st, p, key)]
    return [f"{ref}: expected not to have {has} among its {_LACKS[key]}"] if has else []


def _includes(read: Callable[[GameState, Permanent], Collection[str]]) -> PermanentCheck:
    """Compare what a permanent has among its types, subtypes or keywords with what must be there."""
    def compare(st: GameState, resolver: Resolver, ref: str, p: Permanent, key: str, val: Any) -> list[str]:
        have = read(st, p)
        missing = [x for x in val if x not in have]
        return [f"{ref} {key}: expected to include {missing}, has {list(have)}"] if missing else []
    return compare


# What each key under ``permanents.NAME`` compares: (state, resolver, name, permanent, key, value) -> differences.
_PERMANENT_CHECKS: dict[str, PermanentCheck] = {
    "power": _is(q.power), "toughness": _is(q.toughness), "tapped": _is(lambda st, p: p.tapped),
    "controller": _is(lambda st, p: p.controller), "damage": _is(lambda st, p: p.damage),
    "token": _is(lambda st, p: p.token),
    "owner": _is(lambda st, p: p.owner), "sick": _is(lambda st, p: p.sick),
    "attached_to": lambda st, resolver, ref, p, key, val: _check_attached(st, resolver, ref, p, val),
    "counters": _counters_on, "colors": _colors_of,
    **dict.fromkeys(_LACKS, _lacks),
    "types": _includes(q.types), "subtypes": _includes(q.subtypes), "keywords": _includes(q.keywords),
}


def _check_attached(st: GameState, resolver: Resolver, ref: str, p: Permanent, want: Any) -> list[str]:
    """Compare what an Equipment is attached to (CR 301.5a) with a permanent named, or null."""
    has = name_of(st, p.attached_to) if p.attached_to is not None else None
    if want is None:
        return [] if has is None else [f"{ref} attached_to: expected nothing, got {has}"]
    try:
        oid = resolver.permanent(str(want))
    except RulesError as exc:
        return [f"{ref} attached_to: {exc}"]
    if p.attached_to != oid:
        return [f"{ref} attached_to: expected {want}, got {has or 'nothing'}"]
    return []


def _characteristics(st: GameState, p: Permanent, key: str) -> tuple[str, ...]:
    """Return what a ``lacks`` or ``*_absent`` expectation looks through."""
    parts = {"types_absent": q.types, "subtypes_absent": q.subtypes, "keywords_absent": q.keywords}
    if key in parts:
        return parts[key](st, p)
    return (*q.types(st, p), *q.subtypes(st, p), *q.keywords(st, p))


def outcome(st: GameState, ref: str, resolver: Resolver | None = None) -> str | None:
    """How the last spell or ability ``ref`` names left the stack (None if none has): by a setup id,
    the spell that card was cast as or an ability of that object (wherever it went since); else by
    the spell's name or the ability's source's name."""
    ids = resolver.alias_ids(ref) if resolver is not None else set()
    found: str | None = None
    for sid, result in st.outcomes.items():
        if (st.origins.get(sid) in ids) if ids else st.names.get(sid, "").lower() == ref.lower():
            found = result
    return found


def _bag(names: Iterable[object] | None) -> list[str]:
    return sorted(Counter(str(n) for n in names or []).elements())


def _pool(val: Any) -> str:
    if isinstance(val, dict):
        return pool_text({t: int(val.get(t, 0)) for t in TYPES})
    if not val:
        return "nothing"
    cost = ManaCost.parse(str(val))
    return pool_text(dict(cost.colored))
