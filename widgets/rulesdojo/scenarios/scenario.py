"""Scenario files: a starting position, actions and choices, and what must be true after.

The same format drives the engine's tests, the lessons' boards and the quiz
questions. ``docs/scenarios.md`` documents it.

>>> s = Scenario.from_dict({"name": "demo", "setup": {"players": [
...     {"name": "Alice", "energy": 7, "battlefield": ["Architect of the Untamed"]},
...     {"name": "Nadia"}]},
...     "actions": [{"activate": "Architect of the Untamed", "rejected": "118.3"}],
...     "expect": {"players": {"Alice": {"energy": 7}}}})
>>> run(s).status
'pass'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable
from typing import Any, Callable, NoReturn

from ..rules import query as q
from ..rules.cards import Card
from ..rules.cardset import CardSet
from ..rules.actions import (ActivateAbility, CastSpell, ChooseAmount, ChooseMana,
                             ChooseMay, ChooseObjects, ChoosePay, ChooseTargets, DeclareAttackers,
                             DeclareBlockers, OrderReplacements, OrderTriggers, PassPriority,
                             PlayLand)
from ..rules.advance import advance, resolve_top
from ..rules.choices import OrderTriggersChoice
from ..rules.effects.choices import modal
from ..rules.errors import AmbiguousReference, IllegalAction, RulesError, ScenarioError
from ..rules.game import Game
from ..rules.mana import ManaCost
from ..rules.objects import STEP_NAMES, ZONES, Permanent
from .carddata import KEY as CARD_DATA, defined_cards
from .expect import check_expect, owner_and_name, validate_expect
from .picks import not_offered, pick_offered
from .yamlsource import (LocatedList, check_names, item_line, key_line, line_of, load_file, load_text,
                         name_problem, quoted)

RULINGS = {f"E{i}" for i in range(1, 10)} | {"L1", "L2", "L3"}
TOP_KEYS = {"name", "description", "rulings", "cards", CARD_DATA, "setup", "actions", "expect"}
SETUP_KEYS = {"players", "active", "turn", "step", "seed"}
PLAYER_KEYS = {"name", "life", "energy", "counters", "mana", "battlefield", *ZONES}
PERM_KEYS = {"card", "id", "tapped", "sick", "counters", "damage", "token", "owner"}
CARD_KEYS = {"card", "id", "owner"}  # a card in a library, hand, graveyard or exile
ACTION_VERBS = {"play", "cast", "activate", "tap", "pass", "resolve", "advance", "attack", "block",
                "order", "target", "targets", "sacrifice", "pay", "amount", "mana", "choose",
                "replacement_order", "undo",
                "expect", "set"}
ACTION_EXTRAS = {"cast": {"target", "targets", "sacrifice", "pay", "mode"},
                 "activate": {"ability", "mana", "target", "sacrifice", "pay", "x"}, "tap": {"mana"}}
NO_ACTOR = {"resolve", "advance", "undo", "expect", "set"}  # verbs no one player takes: no ``as:``
#: The most cards a scenario's setup may put in all the players' zones together (the largest shipped
#: board has 23). Each action's work grows with the board (continuous effects are worked out for
#: every permanent from every other), so this bounds what an uploaded file can make a kernel do.
SETUP_OBJECTS = 60
#: The most players a scenario has: passing priority goes round them all, and each pass copies the
#: game, so 800 players took 13 s to play a land and resolve its trigger.
SETUP_PLAYERS = 8
SET_KEYS = {"players": {"counters", "energy"}, "permanents": {"counters"}}


@dataclass
class Scenario:
    name: str
    setup: dict[str, Any]  # the file's YAML data, checked as it was read
    actions: list[Any]
    expect: dict[str, Any]
    source: str = "<scenario>"
    description: str = ""
    rulings: list[str] = field(default_factory=list)
    cards: list[Any] = field(default_factory=list)
    raw: Any = None
    card_set: CardSet | None = None  # the cards its game is played with (default: the shipped ones)
    defined: tuple[Card, ...] = ()  # the cards the file itself defines (``card_data:``), for its game alone
    _cards: CardSet | None = field(default=None, init=False, repr=False, compare=False)

    def game_cards(self) -> CardSet:
        """Return the cards this scenario's game is played with: the set it was given (the shipped
        cards by default), with the cards the file defines replacing any of the same name."""
        if self._cards is None:
            base = self.card_set or CardSet.shipped()
            self._cards = base.with_cards(self.defined) if self.defined else base
        return self._cards

    @classmethod
    def from_file(cls, path: str | Path, card_set: CardSet | None = None) -> "Scenario":
        """Read and check a scenario file; raise ``ScenarioError`` naming the file and place."""
        data, _text = load_file(path, ScenarioError)
        return dataclasses.replace(cls.from_dict(data, source=str(path)), card_set=card_set)

    @classmethod
    def from_text(cls, text: str, source: str = "<scenario>") -> "Scenario":
        """Read and check a scenario's YAML text (an upload); errors name ``source`` and the line."""
        return cls.from_dict(load_text(text, ScenarioError, source), source=source)

    @classmethod
    def from_dict(cls, data: Any, source: str = "<scenario>", card_set: CardSet | None = None) -> "Scenario":
        """Check a scenario given as data (a dict, as the YAML would load); ``card_set``: the cards its
        game is played with (a kit's; the shipped ones if not given)."""
        if not isinstance(data, dict):
            raise ScenarioError("a scenario is a mapping with name, setup, actions and expect",
                                file=source, place="top level")
        check_names(data, ScenarioError, source, skip={"description", CARD_DATA})  # cards: as card files
        _no_unknown(data, TOP_KEYS, source, "top level")
        if not isinstance(data.get("name"), str) or not data["name"].strip():
            raise ScenarioError("'name' is required and must be text", file=source,
                                place=_at(data, "top level", "name" if "name" in data else None))
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise ScenarioError("'setup' is required: a mapping with 'players'", file=source,
                                place=_at(data, "top level"))
        _check_setup(setup, source)
        actions = _checked_actions(data, source)
        expect = data.get("expect") or {}
        if not isinstance(expect, dict):
            raise ScenarioError("'expect' must be a mapping", file=source, place=_at(data, "expect", "expect"))
        validate_expect(expect, source, _at(expect, "expect"))
        rulings = _checked_rulings(data, source)
        if not isinstance(data.get("cards") or [], list):
            raise ScenarioError(f"'cards' is a list of card names, not {data['cards']!r}", file=source,
                                place=_at(data, "cards", "cards"))
        defined = defined_cards(data, source, ScenarioError)
        kept = LocatedList(actions)  # keep each action's line for the messages of a run
        kept.lines = list(getattr(actions, "lines", None) or [])
        return cls(data["name"], setup, kept, expect, source, data.get("description", ""),
                   list(rulings), list(data.get("cards") or []), data, card_set=card_set, defined=defined)


def _checked_actions(data: dict[str, Any], source: str) -> list[Any]:
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise ScenarioError("'actions' must be a list", file=source, place=_at(data, "actions", "actions"))
    for i, a in enumerate(actions):
        check_action(a, source, place_of(actions, i, a))
    return actions


def _checked_rulings(data: dict[str, Any], source: str) -> list[str]:
    rulings: list[str] = data.get("rulings") or []  # each checked below
    bad = [r for r in rulings if r not in RULINGS] if isinstance(rulings, list) else [rulings]
    if bad:
        first = rulings.index(bad[0]) if isinstance(rulings, list) else -1
        line = item_line(rulings, first) if first >= 0 else key_line(data, "rulings")
        raise ScenarioError(f"unknown ruling tag(s) {bad}; tags are E1-E9 and L1-L3", file=source,
                            place=f"line {line}, rulings" if line else "rulings")
    return rulings


def _at(obj: object, place: str, key: object = None) -> str:
    """Name a place with its line: the key's own line when ``key`` is given, else the mapping's."""
    line = key_line(obj, key) if key is not None else line_of(obj)
    if place.startswith("line ") and ", " in place:  # a better line replaces the one given
        if not line:
            return place
        place = place.split(", ", 1)[1]
    return f"line {line}, {place}" if line else place


def place_of(seq: object, i: int, item: object) -> str:
    """Name where an action stands: its line (when known) and its number in the list."""
    lines = getattr(seq, "lines", None)
    line = lines[i] if lines and i < len(lines) else line_of(item)
    return f"line {line}, actions[{i + 1}]" if line else f"actions[{i + 1}]"


def _no_unknown(d: dict[Any, Any], allowed: set[str], source: str, place: str) -> None:
    extra = [k for k in d if k not in allowed]
    if extra:
        raise ScenarioError(f"unknown key {extra[0]!r}; allowed here: {', '.join(sorted(allowed))}",
                            file=source, place=_at(d, place, extra[0]))


def _check_setup(setup: dict[str, Any], source: str) -> None:
    _no_unknown(setup, SETUP_KEYS, source, "setup")
    players = setup.get("players")
    if not isinstance(players, list) or len(players) < 2:
        raise ScenarioError("'setup.players' must list two or more players", file=source,
                            place=_at(setup, "setup", "players" if "players" in setup else None))
    if len(players) > SETUP_PLAYERS:
        raise ScenarioError(f"'setup.players' lists {len(players)} players; a scenario has at most "
                            f"{SETUP_PLAYERS}", file=source, place=_at(setup, "setup", "players"))
    for i, p in enumerate(players):
        _check_player(p, source, f"setup.players[{i + 1}]")
    _check_owners(players, source)
    objects = sum(len(p.get(z) or []) for p in players for z in (*ZONES, "battlefield"))
    if objects > SETUP_OBJECTS:
        raise ScenarioError(f"the setup puts {objects} cards in the players' zones; a scenario sets up at "
                            f"most {SETUP_OBJECTS} (a teaching board needs far fewer)", file=source,
                            place=_at(setup, "setup", "players"))
    if "step" in setup and setup["step"] not in STEP_NAMES:
        raise ScenarioError(f"unknown step {setup['step']!r}; steps are: {', '.join(STEP_NAMES)}",
                            file=source, place=_at(setup, "setup.step", "step"))


def _check_player(p: Any, source: str, place: str) -> None:
    if not isinstance(p, dict) or not isinstance(p.get("name"), str):
        raise ScenarioError("each player is a mapping with a 'name'", file=source, place=_at(p, place))
    problem = name_problem(p["name"])
    if problem:
        raise ScenarioError(f"a player's name {quoted(p['name'])} {problem}", file=source,
                            place=_at(p, f"{place}.name", "name"))
    _no_unknown(p, PLAYER_KEYS, source, place)
    _check_life_and_energy(p, source, place)
    for z in (*ZONES, "battlefield"):
        if z in p and not isinstance(p[z], list):
            raise ScenarioError(f"'{z}' must be a list of cards", file=source, place=_at(p, place, z))
    for j, entry in enumerate(p.get("battlefield") or []):
        if isinstance(entry, dict):
            _check_permanent_entry(entry, source, f"{place}.battlefield[{j + 1}]")
    for z in ZONES:
        for j, entry in enumerate(p.get(z) or []):
            if isinstance(entry, dict):
                _check_card_entry(entry, source, f"{place}.{z}[{j + 1}]")


def _check_card_entry(entry: dict[str, Any], source: str, place: str) -> None:
    _no_unknown(entry, CARD_KEYS, source, place)
    if "card" not in entry:
        raise ScenarioError("a card written as a mapping needs 'card'", file=source, place=_at(entry, place))


def _check_owners(players: list[Any], source: str) -> None:
    """Refuse an ``owner:`` that isn't one of the setup's players."""
    names = [p["name"] for p in players]
    for i, p in enumerate(players):
        for z in (*ZONES, "battlefield"):
            for j, entry in enumerate(p.get(z) or []):
                owner = entry.get("owner") if isinstance(entry, dict) else None
                if owner is not None and owner not in names:
                    raise ScenarioError(f"'owner' is one of the players ({', '.join(map(str, names))}), not "
                                        f"{owner!r}", file=source,
                                        place=_at(entry, f"setup.players[{i + 1}].{z}[{j + 1}]", "owner"))


def _check_life_and_energy(p: dict[str, Any], source: str, place: str) -> None:
    for key in ("life", "energy"):
        if key in p and (not isinstance(p[key], int) or isinstance(p[key], bool)):
            raise ScenarioError(f"'{key}' must be a whole number, not {p[key]!r}", file=source,
                                place=_at(p, place, key))
    if p.get("energy", 0) < 0:
        raise ScenarioError("'energy' can't be negative: a player has zero or more energy counters",
                            file=source, place=_at(p, place, "energy"), rule="107.14")


def _check_permanent_entry(entry: dict[str, Any], source: str, place: str) -> None:
    _no_unknown(entry, PERM_KEYS, source, place)
    if "card" not in entry:
        raise ScenarioError("a battlefield entry written as a mapping needs 'card'", file=source,
                            place=_at(entry, place))


def _named_mana(a: dict[str, Any]) -> str | None:
    """The mana a cast or activation names to pay with: ``pay: "{R}{R}"`` (CR 601.2h)."""
    pay = a.get("pay")
    if pay is not None and not isinstance(pay, str):
        raise RulesError(f"'pay' names the mana that pays, such as \"{{R}}{{R}}\", not {pay!r}")
    return pay


def _verbs(a: dict[str, Any]) -> list[str]:
    extras = {x for v in a if v in ACTION_EXTRAS for x in ACTION_EXTRAS[v]}
    return [k for k in a if k in ACTION_VERBS and k not in extras]


def check_action(a: Any, source: str, place: str) -> None:
    """Check one action's shape (a verb and its arguments); raise ``ScenarioError`` at ``place``."""
    if isinstance(a, str):
        if a not in ("pass", "resolve", "undo"):
            raise ScenarioError(f"unknown action {a!r}; a bare action is pass, resolve or undo",
                                file=source, place=place)
        return
    if not isinstance(a, dict):
        raise ScenarioError("an action is a mapping such as {play: Forest} or a word such as pass",
                            file=source, place=place)
    verbs = _verbs(a)
    if len(verbs) != 1:
        raise ScenarioError(f"an action needs exactly one verb ({', '.join(sorted(ACTION_VERBS))}); "
                            f"found {verbs or list(a)}", file=source, place=place)
    allowed = ({"set"} if verbs[0] == "set" else
               {verbs[0], "rejected", *ACTION_EXTRAS.get(verbs[0], ()), *(() if verbs[0] in NO_ACTOR else ("as",))})
    _no_unknown(a, allowed, source, place)
    if "as" in a and not isinstance(a["as"], str):
        raise ScenarioError(f"'as' names a player, not {a['as']!r}", file=source, place=place)
    if verbs[0] == "expect":
        validate_expect(a["expect"], source, place)
    if verbs[0] == "set":
        _check_set(a["set"], source, place)


def _check_set(change: Any, source: str, place: str) -> None:
    """Check a ``set:`` change: counters on players or permanents, each a whole number >= 0."""
    def bad(msg: str) -> NoReturn:
        raise ScenarioError(msg, file=source, place=place)

    if not isinstance(change, dict) or not change:
        bad("'set' takes {players: {NAME: {counters: {...}}}} and/or {permanents: {NAME: {counters: {...}}}}")
    for section, entries in change.items():
        if section not in SET_KEYS:
            bad(f"unknown key {section!r} under set; allowed: {', '.join(sorted(SET_KEYS))}")
        if not isinstance(entries, dict):
            bad(f"set.{section} maps a name to what to set")
        for name, what in entries.items():
            problem = _set_problem(SET_KEYS[section], what)
            if problem:
                bad(f"set.{section}.{name}: {problem}")


def _set_problem(allowed: set[str], what: Any) -> str | None:
    """Say what is wrong with one name's change under ``set:`` (None when nothing is)."""
    extra = [k for k in what or {} if k not in allowed] if isinstance(what, dict) else [what]
    if extra:
        return f"{extra[0]!r} can't be set; allowed: {', '.join(sorted(allowed))}"
    counts = _counts(what)
    wrong = [f"{k}: {v!r}" for k, v in counts.items() if not isinstance(v, int) or isinstance(v, bool) or v < 0]
    if wrong or not counts:
        return "counters are whole numbers, zero or more" + (f" (not {wrong[0]})" if wrong else "")
    return None


def _counts(what: dict[str, Any]) -> dict[str, Any]:
    """The counters a ``set:`` or setup entry names, energy among them (CR 107.14)."""
    counts = dict(what.get("counters") or {})
    if "energy" in what:
        counts["energy"] = what["energy"]
    return counts


# --- running -------------------------------------------------------------------------

@dataclass
class Result:
    scenario: Scenario
    status: str  # "pass" | "fail" | "invalid" | "error" (the engine failed: a fault in the kit)
    failures: list[str] = field(default_factory=list)
    game: Game | None = None
    error: str | None = None


def build(s: Scenario) -> tuple[Game, dict[str, int]]:
    """Set up the starting position; return the game and the setup's ids."""
    setup = s.setup
    names = [p["name"] for p in setup["players"]]
    try:
        g = Game(names, active=setup.get("active"), step=setup.get("step", "precombat main"),
                 turn_number=setup.get("turn", 2), seed=setup.get("seed", 0), cards=s.game_cards())
    except RulesError as exc:
        key = ("step" if exc.rule == "500.1" else
               "active" if len(set(names)) == len(names) > 1 else "players")
        raise ScenarioError(exc.message, file=s.source, place=_at(setup, "setup", key), rule=exc.rule)
    aliases: dict[str, int] = {}
    for i, p in enumerate(setup["players"]):
        place = _at(p, f"setup.players[{i + 1}]")
        try:
            _build_player(g, p, aliases)
        except RulesError as exc:
            line = exc.line  # the entry that failed, when known
            raise ScenarioError(exc.message, file=s.source, rule=exc.rule,
                                place=f"line {line}, setup.players[{i + 1}]" if line else place)
    return g, aliases


def _entry_line(exc: RulesError, seq: Any, j: int) -> RulesError:
    exc.line = item_line(seq, j) or None
    return exc


def _build_player(g: Game, p: dict[str, Any], aliases: dict[str, int]) -> None:
    who = p["name"]
    g.set_player(who, life=p.get("life", 20), counters=_counts(p), mana=_pool(p))
    for zone in ZONES:
        for j, entry in enumerate(p.get(zone) or []):
            e = entry if isinstance(entry, dict) else {"card": entry}
            name, alias = e["card"], e.get("id")
            try:
                oid = g.add_card(who, str(name), zone, owner=e.get("owner"))
            except RulesError as exc:
                raise _entry_line(exc, p[zone], j)
            if alias:
                aliases[str(alias)] = oid
    for j, entry in enumerate(p.get("battlefield") or []):
        e = entry if isinstance(entry, dict) else {"card": entry}
        try:
            oid = _add_permanent(g, who, e)
        except RulesError as exc:
            raise _entry_line(exc, p["battlefield"], j)
        if "id" in e:
            aliases[str(e["id"])] = oid


def _add_permanent(g: Game, who: str, e: dict[str, Any]) -> int:
    return g.add_permanent(who, str(e["card"]), tapped=bool(e.get("tapped", False)),
                           sick=bool(e.get("sick", False)), counters=e.get("counters"),
                           damage=int(e.get("damage", 0)), token=bool(e.get("token", False)),
                           owner=e.get("owner"))


def _pool(p: dict[str, Any]) -> dict[str, int]:
    """The mana a player's setup puts in their pool: ``mana: "{G}{C}"``, by type (CR 106.4)."""
    if "mana" not in p:
        return {}
    try:
        cost = ManaCost.parse(str(p["mana"]))
    except ValueError as exc:
        raise _mana_line(RulesError(f"'mana': {exc}"), p)
    if cost.generic:
        raise _mana_line(RulesError(f"'mana' lists mana by type, like {{G}}{{C}}; {p['mana']!r} has a "
                                    "generic amount"), p)
    return dict(cost.colored)


def _mana_line(exc: RulesError, p: dict[str, Any]) -> RulesError:
    exc.line = key_line(p, "mana") or None
    return exc


def run(s: Scenario) -> Result:
    """Play the scenario and check its expectations; a bad file gives status 'invalid'.

    An exception that is not a ``RulesError`` is a fault in the engine, not in the file: status
    'error', with one line naming the file and the step it happened at.
    """
    place, g = "setup", None
    failures: list[str] = []
    try:
        g, aliases = build(s)
        runner = ActionRunner(g, aliases, s)
        for i, a in enumerate(s.actions):
            place = place_of(s.actions, i, a)
            failures += runner.step(a, place)
        place = "expect"
        failures += check_expect(g, s.expect, runner.resolver)
    except ScenarioError as exc:
        return Result(s, "invalid", failures, g, str(exc))
    except RulesError as exc:
        return Result(s, "invalid", failures, g, f"{s.source}: {place}: {exc}")
    except Exception as exc:  # noqa: BLE001 - an engine fault is reported, never a traceback
        return Result(s, "error", failures, g, engine_fault(s.source, place, exc))
    return Result(s, "fail" if failures else "pass", failures, g)


def engine_fault(source: str, place: str, exc: BaseException) -> str:
    """Say in one line that the engine failed on a file, where, and with what.

    >>> engine_fault("a.yaml", "line 4, actions[2] (cast)", TypeError("'str' object\\nis not callable"))
    "a.yaml: line 4, actions[2] (cast): the rules engine failed (TypeError: 'str' object is not callable); this is a fault in Rules Dojo, not in the file"
    """
    said = " ".join(str(exc).split())
    return (f"{source}: {place}: the rules engine failed ({type(exc).__name__}: {said}); this is a fault "
            "in Rules Dojo, not in the file")


class ActionRunner:
    """Apply a scenario's actions to a game one at a time, naming the place of any problem."""

    def __init__(self, game: Game, aliases: dict[str, int], s: Scenario) -> None:
        self.g, self.s = game, s
        self.resolver = Resolver(game, aliases)

    def step(self, a: Any, place: str) -> list[str]:
        verb = a if isinstance(a, str) else _verbs(a)[0]
        if verb == "expect":
            return [f"{place}: {f}" for f in check_expect(self.g, a["expect"], self.resolver)]
        rejected = None if isinstance(a, str) else a.get("rejected")
        before = self.g.snapshot()
        try:
            if verb == "set":
                self._set(a["set"])
                return []
            actions = self._translate(verb, a)
        except RulesError as exc:
            if rejected is None or verb != "choose" or isinstance(exc, AmbiguousReference):  # an answer
                # that isn't among the options is refused by the choice's rule; an unclear name is the file's
                raise ScenarioError(exc.message, file=self.s.source, place=f"{place} ({verb})", rule=exc.rule)
            actions = [exc]  # refused as the file expects: applied, it raises
        for act in actions:
            try:
                self._apply(act, a)
            except RulesError as exc:
                if rejected is None:
                    raise ScenarioError(f"illegal action: {exc}", file=self.s.source,
                                        place=f"{place} ({verb})", rule=None)
                return self._rejection(exc, rejected, place, before)
        if rejected is not None:
            return [f"{place}: expected {verb} to be rejected (CR {rejected}), but it was allowed"]
        return []

    def _apply(self, act: object, a: Any) -> None:
        if isinstance(act, RulesError):
            raise act
        if act == "undo":
            if self.g.undo() is None:
                raise RulesError("nothing to undo: no action has been taken yet")
            return
        self._check_actor(a)
        self.g.apply(act)

    def _rejection(self, exc: RulesError, rejected: object, place: str, before: dict[str, Any]) -> list[str]:
        """Say how a refusal the file expected differs from the one it got (rule cited, game kept)."""
        problems: list[str] = []
        if str(rejected) not in (exc.rule or ""):
            problems.append(f"{place}: rejected as expected, but citing CR {exc.rule}, not {rejected}: {exc}")
        if self.g.snapshot() != before:
            problems.append(f"{place}: the rejected action changed the game")
        return problems

    def _check_actor(self, a: Any) -> None:
        """Refuse an action said to be one player's (``as:``) when that player can't take it now."""
        named = None if isinstance(a, str) else a.get("as")
        st = self.g.state
        if named is None:
            return
        if st.pending is not None and st.pending.player != named:
            raise IllegalAction(f"{named} can't answer: the choice ({st.pending.prompt}) is "
                                f"{st.pending.player}'s to make.", rule=st.pending.rule)
        if st.pending is None and st.priority != named:
            raise IllegalAction(f"{named} can't act now: {st.priority or 'no player'} has priority.",
                                rule="117.1")

    def _set(self, change: dict[str, Any]) -> None:
        for section, entries in change.items():
            for name, what in entries.items():
                holder: str | int = (q.player(self.g.state, str(name)).name if section == "players"
                          else self.resolver.permanent(name))
                for kind, n in _counts(what).items():
                    self.g.set_counters(holder, str(kind), n)

    def _translate(self, verb: str, a: Any) -> list[object]:
        arg = None if isinstance(a, str) else a[verb]
        who = self.g.pending.player if self.g.pending else self.g.state.priority
        if not isinstance(a, str) and "as" in a:
            who = q.player(self.g.state, a["as"]).name
        make = _VERBS.get(verb)
        if make is None:
            raise RulesError(f"unknown action {verb!r}")
        return make(self, who, arg, a)

    def _resolve(self, who: str | None, arg: Any, a: Any) -> list[object]:
        if not self.g.stack:
            raise RulesError("'resolve' needs something on the stack; use 'advance' to end a step")
        resolve_top(self.g)
        return []

    def _advance(self, who: str | None, arg: Any, a: Any) -> list[object]:
        advance(self.g, str(arg))  # applied here, checked as it goes
        return []

    def _cast(self, who: str, arg: Any, a: dict[str, Any]) -> list[object]:
        r = self.resolver
        targets = a.get("targets", [a["target"]] if "target" in a else [])
        card = r.card_in_hand(who, arg)
        return [CastSpell(card, tuple(r.target(t) for t in _listed(targets)),
                          tuple(r.permanent(s, controller=who) for s in _listed(a.get("sacrifice", []))),
                          _named_mana(a), r.mode(card, a["mode"]) if "mode" in a else None)]

    def _attack(self, who: str | None, arg: Any, a: Any) -> list[object]:
        """The attackers, or a mapping of each attacker to the player or planeswalker it attacks."""
        r = self.resolver
        attackers = tuple(r.permanent(x, controller=who) for x in (arg if isinstance(arg, dict) else _listed(arg)))
        aims = [r.target(t) for t in arg.values()] if isinstance(arg, dict) else []
        return [DeclareAttackers(attackers, tuple((att, t) for att, t in zip(attackers, aims)
                                                  if not isinstance(t, str)))]

    def _block(self, who: str | None, arg: Any, a: Any) -> list[object]:
        r = self.resolver
        pairs = list(arg.items()) if isinstance(arg, dict) else [tuple(x) for x in _listed(arg)]
        return [DeclareBlockers(tuple((r.permanent(b, controller=who), r.permanent(t)) for b, t in pairs))]

    def _pay(self, who: str | None, arg: Any, a: Any) -> list[object]:
        if not isinstance(arg, bool):
            raise RulesError(f"'pay' takes true or false, not {arg!r}")
        return [ChoosePay(arg)]

    def _amount(self, who: str | None, arg: Any, a: Any) -> list[object]:
        if not isinstance(arg, int) or isinstance(arg, bool):
            raise RulesError(f"'amount' takes a whole number, not {arg!r}")
        return [ChooseAmount(arg)]

    def _choose(self, who: str | None, arg: Any, a: Any) -> list[object]:
        if isinstance(arg, bool):  # "you may": yes or no
            return [ChooseMay(arg)]
        refs = _listed(arg)
        picked: list[Any] = []
        for x in refs:  # a name given twice means two of its copies
            picked.append(self.resolver.pick(x, picked, times=sum(str(y) == str(x) for y in refs)))
        return [ChooseObjects(tuple(picked))]


# How each verb becomes the engine's actions: (runner, the acting player, the verb's argument, the action).
_VERBS: dict[str, Callable[..., list[object]]] = {
    "pass": lambda run, who, arg, a: [PassPriority()],
    "undo": lambda run, who, arg, a: ["undo"],
    "resolve": ActionRunner._resolve,
    "advance": ActionRunner._advance,
    "play": lambda run, who, arg, a: [run.resolver.land_play(who, arg)],
    "cast": ActionRunner._cast,
    "activate": lambda run, who, arg, a: [run.resolver.activation(who, arg, "activate", a)],
    "tap": lambda run, who, arg, a: [run.resolver.activation(who, arg, "tap", a)],
    "attack": ActionRunner._attack,
    "block": ActionRunner._block,
    "order": lambda run, who, arg, a: [OrderTriggers(tuple(run.resolver.trigger_order(_listed(arg))))],
    "target": lambda run, who, arg, a: [ChooseTargets((run.resolver.target(arg),))],
    # a spell cast during a resolution chooses its targets one at a time (CR 601.2c): one answer each
    "targets": lambda run, who, arg, a: [ChooseTargets((run.resolver.target(t),)) for t in _listed(arg)],
    "sacrifice": lambda run, who, arg, a: [ChooseObjects(tuple(run.resolver.permanent(x, controller=who)
                                                               for x in _listed(arg)))],
    "pay": ActionRunner._pay,
    "amount": ActionRunner._amount,
    "mana": lambda run, who, arg, a: [ChooseMana(str(arg))],
    "choose": ActionRunner._choose,
    "replacement_order": lambda run, who, arg, a: [OrderReplacements(tuple(run.resolver.permanent(x)
                                                                           for x in _listed(arg)))],
}


def _the_one(found: list[Permanent], ref: object) -> int:
    """Return the permanent ``ref`` names among ``found``: one, or several no one could tell apart."""
    if not found:
        raise RulesError(f"no permanent named {ref!r} is on the battlefield")
    prints = {(p.controller, p.tapped, p.damage, tuple(sorted(p.counters.items())), p.attacking,
               p.token, p.sick) for p in found}
    if len(prints) > 1:
        raise AmbiguousReference(f"{ref!r} could be any of {len(found)} permanents that differ; "
                                 "give it an 'id' in the setup, or write \"Nadia's Grizzly Bears\"")
    return found[0].id


def _listed(x: Any) -> list[Any]:
    return list(x) if isinstance(x, list) else [x]


class Resolver:
    """Turn a scenario's names and ids into the engine's object ids and player names."""

    def __init__(self, game: Game, aliases: dict[str, int]) -> None:
        self.g, self.aliases = game, aliases

    def _follow(self, oid: int) -> int:
        moved = self.g.state.moved
        while oid in moved:
            oid = moved[oid]
        return oid

    def alias(self, ref: object) -> int | None:
        return self._follow(self.aliases[str(ref)]) if str(ref) in self.aliases else None

    def alias_ids(self, ref: object) -> set[int]:
        """Every id a setup id has had: a source that has left the battlefield keeps its old one."""
        if str(ref) not in self.aliases:
            return set()
        oid, moved = self.aliases[str(ref)], self.g.state.moved
        ids: set[int] = set()
        while oid not in ids:
            ids.add(oid)
            oid = moved.get(oid, oid)
        return ids

    def card_in_hand(self, who: str, ref: object) -> int:
        hand = self.g.player(who).hand
        oid = self.alias(ref)
        if oid is not None:
            return oid
        for obj in hand:
            if obj.card.lower() == str(ref).lower():
                return obj.id
        raise RulesError(f"{who} has no {ref!r} in hand (hand: {', '.join(o.card for o in hand) or 'empty'})")

    def land_play(self, who: str, ref: object) -> PlayLand:
        """A land play, by the card's name or by its back face's (a modal double-faced card, whose
        card in hand has the front face's name, CR 712.8a, 712.12)."""
        hand = self.g.player(who).hand
        for obj in hand if self.alias(ref) is None else ():
            back = q.card(self.g.state, obj).back
            if obj.card.lower() != str(ref).lower() and back is not None and back.name.lower() == str(ref).lower():
                return PlayLand(obj.id, back=True)
        return PlayLand(self.card_in_hand(who, ref))

    def permanent(self, ref: object, controller: str | None = None) -> int:
        oid = self.alias(ref)
        if oid is not None:
            return oid
        owner, name = owner_and_name(self.g.state, str(ref))
        found = [p for p in self.g.state.battlefield if p.card.lower() == name
                 and (owner is None or p.controller == owner)]
        if controller and owner is None and len({p.controller for p in found}) > 1:
            found = [p for p in found if p.controller == controller] or found
        return _the_one(found, ref)

    def mode(self, card: int, ref: object) -> str:
        """A modal spell's mode, by its number (1 = the first) or its text (CR 700.2a)."""
        c = q.card(self.g.state, next(o for p in self.g.players for o in p.hand if o.id == card))
        chooser = modal(c.spell.effects) if c.spell else None
        if chooser is None:
            raise RulesError(f"{c.name} has no modes to choose")
        texts = [m.text for m in chooser.modes]
        if isinstance(ref, int) and not isinstance(ref, bool) and 1 <= ref <= len(texts):
            return texts[ref - 1]
        if ref in texts:
            return ref
        raise RulesError(f"{c.name}'s mode is a number from 1 to {len(texts)} or one of: {' / '.join(texts)}")

    def target(self, ref: object) -> str | int:
        if any(p.name == str(ref) for p in self.g.players):
            return str(ref)
        oid = self.alias(ref)  # read once, so that its type is narrowed
        if oid is not None:
            return oid
        spells = [i.id for i in self.g.state.stack if i.kind == "spell" and i.name.lower() == str(ref).lower()]
        if spells and not any(p.card.lower() == str(ref).lower() for p in self.g.state.battlefield):
            return spells[-1]  # the topmost spell of that name
        return self.permanent(ref)

    def activation(self, who: str, ref: object, verb: str, a: dict[str, Any]) -> ActivateAbility:
        oid = self.alias(ref)
        st = self.g.state
        cands = [q.permanent(st, oid)] if oid is not None else [
            p for p in st.battlefield if p.card.lower() == str(ref).lower() and p.controller == who]
        cands = [p for p in cands if p is not None]
        if not cands and verb == "activate":  # an ability that works from the hand, such as cycling
            return ActivateAbility(self.card_in_hand(who, ref), int(a.get("ability", 1)) - 1)
        if not cands:
            raise RulesError(f"{who} controls no permanent named {ref!r}")
        if verb == "tap":
            return self._mana_activation(ref, cands, a.get("mana"))
        index = int(a.get("ability", 1)) - 1
        targets = (self.target(a["target"]),) if "target" in a else ()
        sacrifice = tuple(self.permanent(x, controller=who) for x in _listed(a.get("sacrifice", [])))
        actions = [ActivateAbility(p.id, index, a.get("mana"), targets, _named_mana(a), sacrifice, a.get("x"))
                   for p in cands]
        return self._first_legal(actions)

    def _mana_activation(self, ref: object, cands: list[Permanent], mana: str | None) -> ActivateAbility:
        """Tap one of ``cands`` for ``mana`` (any type when not named) with a mana ability."""
        st = self.g.state
        actions: list[ActivateAbility] = []
        for p in cands:
            for i, ab in enumerate(q.abilities(st, p)):
                opts = q.mana_options(st, p, ab) if ab.is_mana_ability else ()
                # no type it could produce: the engine says why it can't add that mana (CR 106.7)
                if ab.is_mana_ability and (mana is None or mana in opts or not opts):
                    actions.append(ActivateAbility(p.id, i, mana))
        if not actions:
            raise RulesError(f"{ref} has no mana ability that adds {mana}")
        return self._first_legal(actions)

    def _first_legal(self, actions: list[ActivateAbility]) -> ActivateAbility:
        legal = [x for x in actions if self.g.is_legal(x)]
        return (legal or actions)[0]

    def trigger_order(self, refs: list[Any]) -> list[int]:
        st = self.g.state
        pend = st.pending
        if not isinstance(pend, OrderTriggersChoice):
            raise RulesError("'order' answers a trigger-order choice, and none is pending")
        left = [t for t in st.waiting if t.id in pend.options]
        out: list[int] = []
        for ref in refs:
            match = [t for t in left if t.name.lower() == str(ref).lower()
                     or str(t.id) == str(ref) or t.source in self.alias_ids(ref)]
            if not match:
                raise RulesError(f"no waiting trigger from {ref!r} (waiting: "
                                 f"{', '.join(t.name for t in left)})")
            out.append(match[0].id)
            left.remove(match[0])
        return out

    def pick(self, ref: object, taken: Iterable[int] = (), times: int = 1) -> Any:
        """The option of the pending choice ``ref`` names: a player, a mode's text, an id, or a card
        or permanent by name, ``"P's NAME"`` or ``"NAME (2)"`` (see ``picks``)."""
        pend = self.g.state.pending
        if pend is None:
            raise RulesError("'choose' answers a pending choice, and none is pending")
        oid = self.alias(ref) if str(ref) not in pend.options else None
        if oid is not None:
            return oid
        found = pick_offered(self.g.state, pend, ref, [self._follow(t) for t in taken], times)
        if found is not None:
            return found
        try:
            return self.permanent(ref)  # there, but not offered: the choice's rule refuses it
        except RulesError:
            raise not_offered(pend, ref) from None


def start(s: Scenario) -> Game:
    """Set up a scenario and play its actions (expectations unchecked); undo stops there."""
    game, aliases = build(s)
    runner = ActionRunner(game, aliases, s)
    for i, a in enumerate(s.actions):
        runner.step(a, place_of(s.actions, i, a))
    game.forget_history()
    return game


def load_scenarios(paths: Iterable[str | Path]) -> list[Path]:
    """Expand files and folders into scenario file paths, sorted (``.yaml`` and ``.yml``)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml"))
        else:
            out.append(p)
    return out
