"""The card reader and the engine agree: every word of the card vocabulary the reader accepts changes
what the engine does.

The vocabulary is read from the registries themselves (every effect and its parameters, every
static kind, trigger event and parameter, target kind, cost key and keyword), so a word added
later is covered without touching this file. For each word, the cards that use it are changed in
memory (the word removed, or put back to its default, or swapped for another of its kind) and the
shipped and test scenarios that play those cards are run again: at least one must now come out
differently. A word no scenario plays fails with its name: new vocabulary comes with a scenario.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import lru_cache
from pathlib import Path

import yaml

from rulesdojo.rules import vocabulary  # noqa: F401 - registers every effect before the cards are read
from rulesdojo.rules.cards import card_from_data
from rulesdojo.rules.cardset import SHIPPED, CardSet
from rulesdojo.rules.parts import EFFECTS, KEYWORDS, PARTS, RENAMED, TARGET_WORDS, CardError, Cost
from rulesdojo.rules.statics import STATICS
from rulesdojo.rules.triggers import EVENTS, Trigger
from rulesdojo.scenarios.scenario import Scenario, run

ROOT = Path(__file__).resolve().parents[2]
SCENARIO_FOLDERS = (ROOT / "tests" / "scenarios", ROOT / "widgets" / "rulesdojo" / "scenarios")
DELETE = object()  # a change that takes the key away: the part's default
# How much is tried per card using a word: its changed copies the reader accepts, and the scenarios
# playing it (those naming the card in their ``cards:`` first). The run stays within seconds.
COPIES_TRIED, SCENARIOS_TRIED = 12, 8


# --- the vocabulary, from the registries ---------------------------------------------------------

def _fixed(f) -> bool:
    """A parameter with one word it may be: the reader refuses any other, so there is nothing to play."""
    return len((f.metadata or {}).get("choices") or ()) == 1


def _field_words(prefix: str, cls, skip=()) -> list[str]:
    out = []
    for f in dataclasses.fields(cls):
        if f.name in skip or _fixed(f):
            continue
        out.append(f"{prefix}.{f.name}")
        out += [f"{prefix}.{f.name}={v}" for v in (f.metadata or {}).get("choices", ()) if v != ""]
    return out


def vocabulary_words() -> list[str]:
    """Every word a card file may use, as ``kind:name[.parameter[=value]]``."""
    words = []
    for name, cls in EFFECTS.items():
        words += [f"effect:{name}", *_field_words(f"effect:{name}", cls)]
    for key, cls in STATICS.items():
        kind_field = next(f for f in dataclasses.fields(cls) if f.name == key)
        words += [f"static:{key}", *_field_words(f"static:{key}", cls, skip=(key,))]
        words += [f"static:{key}={v}" for v in (kind_field.metadata or {}).get("choices", ())
                  if v != "" and not _fixed(kind_field)]
    words += [f"trigger:{event}" for event in EVENTS] + _field_words("trigger", Trigger, skip=("event",))
    words += [f"target:{kind}" for kind in TARGET_WORDS]
    words += _field_words("cost", Cost)
    words += [f"keyword:{k}" for k in KEYWORDS]
    return words


# --- where each card uses a word, and how to take it away -------------------------------------------

#: The values the cards give each parameter (by part class and name): another card's value is a
#: change the reader accepts, where no rule of thumb finds one (``types: [G]`` for ``[C]``).
SEEN: dict[tuple, list] = {}


def _other_values(cls, name: str, v) -> list:
    """The values a parameter could take instead of ``v``: its default, its other choices, a near
    number, a shorter list, another card's value."""
    f = next(x for x in dataclasses.fields(cls) if x.name == name)
    out = [DELETE] if (f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING) else []
    kind = (f.metadata or {}).get("kind", "")
    out += [c for c in (f.metadata or {}).get("choices", ()) if c != v]
    if isinstance(v, bool):
        out.append(not v)
    elif isinstance(v, int):
        out += [0 if v else 1, v + 1, -v]
    elif isinstance(v, list):
        out += [[], v[:-1]] if v else []
    elif isinstance(v, dict):
        out.append({})
    elif isinstance(v, str) and not (f.metadata or {}).get("choices"):
        out += [1, ""] if kind in ("amount", "change") else [""]
    out += SEEN.get((cls, name), [])
    return [x for i, x in enumerate(out) if (x is DELETE or x != v) and x not in out[:i]]


class Sites:
    """Collect, for one card's data, each word it uses and the changed copies of the card without it."""

    def __init__(self, data: dict):
        self.data, self.found = data, []

    def _add(self, word: str, path: tuple, change) -> None:
        self.found.append((word, path, change))

    def card(self) -> list:
        for kw in self.data.get("keywords") or []:
            self._add(f"keyword:{str(kw).lower()}", ("keywords",), ("remove", kw))
        if isinstance(self.data.get("spell"), dict):
            self.ability(("spell",), self.data["spell"], spell=True)
        for i, ab in enumerate(self.data.get("abilities") or []):
            if isinstance(ab, dict):
                self.ability(("abilities", i), ab)
        back = self.data.get("back")  # a modal double-faced card's back face plays its own words
        for i, ab in enumerate((back.get("abilities") or []) if isinstance(back, dict) else []):
            if isinstance(ab, dict):
                self.ability(("back", "abilities", i), ab)
        return self.found

    def ability(self, path: tuple, ab: dict, spell: bool = False) -> None:
        if "trigger" in ab:
            self.trigger(path, ab["trigger"])
        if isinstance(ab.get("cost"), dict):
            self.mapping(path + ("cost",), Cost, ab["cost"], "cost")
            if spell:
                self._add("cost.sacrifice", path, ("delete", "cost"))
        if isinstance(ab.get("static"), dict) and ab["static"]:
            key = next(iter(ab["static"]))
            self._add(f"static:{key}", path[:-1], ("delete", path[-1]))
            if key == "power_toughness":  # without it, the creature is printed 0/0
                self._add(f"static:{key}", (), ("drop_static", path[-1]))
            if key in STATICS:
                self.mapping(path + ("static",), STATICS[key], ab["static"], f"static:{key}", kind_key=key)
        self.targets(path, ab)
        if isinstance(ab.get("effects"), list):
            self.effects(path + ("effects",), ab["effects"])

    def trigger(self, path: tuple, trig) -> None:
        event = trig if isinstance(trig, str) else trig.get("event") if isinstance(trig, dict) else None
        where = path + ("trigger",) if isinstance(trig, dict) else path
        key = "event" if isinstance(trig, dict) else "trigger"
        self._add(f"trigger:{event}", where, ("set", key, [e for e in EVENTS if e != event]))
        if isinstance(trig, dict):
            self.mapping(where, Trigger, {k: v for k, v in trig.items() if k != "event"}, "trigger")

    def targets(self, path: tuple, holder: dict) -> None:
        t = holder.get("targets")
        what = t.get("what") if isinstance(t, dict) else t
        if what is None:
            return
        others = [k for k in TARGET_WORDS if k != what]
        if isinstance(t, dict):
            self._add(f"target:{what}", path + ("targets",), ("set", "what", others))
        else:
            self._add(f"target:{what}", path, ("set", "targets", others + [DELETE]))

    def effects(self, path: tuple, effects: list) -> None:
        for j, item in enumerate(effects):
            name, value = (item, None) if isinstance(item, str) else next(iter(item.items()))
            if name not in EFFECTS:
                continue
            cls = EFFECTS[name]
            if not isinstance(value, dict):  # a scalar fills the first parameter: the same as naming it
                value = {} if value is None else {dataclasses.fields(cls)[0].name: value}
                effects[j] = {name: value}
            self._add(f"effect:{name}", path, ("delete", j))
            self.mapping(path + (j, name), cls, value, f"effect:{name}")

    def mapping(self, path: tuple, cls, value: dict, prefix: str, kind_key=None) -> None:
        """A part's parameters: each one used, its choice word if it is one, and the parts inside it;
        a parameter left out is used too, with its default."""
        given = {RENAMED.get(k, k) for k in value}
        for f in dataclasses.fields(cls):
            if f.name not in given and f.name != kind_key and (f.metadata or {}).get("kind", "") not in PARTS:
                v = f.default if f.default is not dataclasses.MISSING else None
                others = [x for x in _other_values(cls, f.name, v) if x is not DELETE]
                if v and v in ((f.metadata or {}).get("choices") or ()):
                    self._add(f"{prefix}.{f.name}", path, ("param", cls, f.name, v))
                    self._add(f"{prefix}.{f.name}={v}", path, ("param", cls, f.name, v))
        for k, v in value.items():
            name = RENAMED.get(k, k)
            f = next((x for x in dataclasses.fields(cls) if x.name == name), None)
            if f is None:
                continue
            SEEN.setdefault((cls, name), []).append(v)
            label = prefix if name == kind_key else f"{prefix}.{name}"
            if name != kind_key:
                self._add(label, path, ("param", cls, k, v))
            if v in ((f.metadata or {}).get("choices") or ()) and v != "":
                self._add(f"{label}={v}", path, ("param", cls, k, v))
            if isinstance(v, list) and v and all(isinstance(x, str) and x.lower() in KEYWORDS for x in v):
                for kw in v:
                    self._add(f"keyword:{kw.lower()}", path + (k,), ("remove", kw))
            self.inner(path + (k,), (f.metadata or {}).get("kind", ""), v)

    def inner(self, path: tuple, kind: str, v) -> None:
        if kind == "effects" and isinstance(v, list):
            self.effects(path, v)
        elif kind == "modes" and isinstance(v, list):
            for i, m in enumerate(v):
                if isinstance(m, dict):
                    self.targets(path + (i,), m)
                    self.inner(path + (i, "effects"), "effects", m.get("effects"))
        elif kind == "cost" and isinstance(v, dict):
            self.mapping(path, Cost, v, "cost")
        elif kind == "reflexive" and isinstance(v, dict):
            self.targets(path, v)
            self.inner(path + ("effects",), "effects", v.get("effects"))


def _at(data, path: tuple):
    for step in path:
        data = data[step]
    return data


def _set(new: dict, path: tuple, key, value) -> dict:
    at = _at(new, path)
    if value is DELETE:
        at.pop(key, None)
    else:
        at[key] = value
    return new


def changed_copies(data: dict, path: tuple, change) -> list[dict]:
    """The card's data with one word taken away, each way ``change`` says: a parameter changed alone
    first, then together with one other parameter of its part (``if``'s one condition for another)."""
    op, *args = change
    if op == "delete":
        new = copy.deepcopy(data)
        del _at(new, path)[args[0]]
        return [new]
    if op == "remove":
        new = copy.deepcopy(data)
        _at(new, path).remove(args[0])
        return [new]
    if op == "drop_static":
        new = copy.deepcopy(data)
        del new["abilities"][args[0]]
        return [{**new, "power": 0, "toughness": 0}]
    if op == "set":
        return [_set(copy.deepcopy(data), path, args[0], v) for v in args[1]]
    cls, key, v = args
    name = RENAMED.get(key, key)
    alone = [_set(copy.deepcopy(data), path, key, x) for x in _other_values(cls, name, v)]
    given = _at(data, path)
    pairs = [_set(_set(copy.deepcopy(data), path, key, x), path, g.name, y)
             for x in _other_values(cls, name, v)
             for g in dataclasses.fields(cls) if g.name != name and (g.metadata or {}).get("kind", "") not in PARTS
             for y in _other_values(cls, g.name, given.get(g.name, g.default))]
    return alone + pairs


# --- the cards, the scenarios, and which cards each scenario plays -----------------------------------

@lru_cache(maxsize=None)
def card_data() -> dict[str, dict]:
    out = {}
    for path in sorted(SHIPPED.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[data["name"]] = data
    return out


@lru_cache(maxsize=None)
def scenarios_played() -> list[tuple[Scenario, frozenset]]:
    """Every scenario that passes, with the names of the cards its game looked up."""
    base = CardSet.shipped()
    played = []
    for folder in SCENARIO_FOLDERS:
        for path in sorted(folder.glob("*.yaml")):
            seen: set = set()
            original = CardSet.named

            def named(self, name, seen=seen, original=original):
                card = original(self, name)
                seen.add(card.name)
                return card
            CardSet.named = named
            try:
                s = Scenario.from_file(path, card_set=base)
                result = run(s)
            finally:
                CardSet.named = original
            assert result.status == "pass", f"{path}: {result.status} {result.failures} {result.error}"
            played.append((s, frozenset(seen)))
    return played


def changes_play(word: str, uses: list, faults: list) -> bool:
    """Say whether some scenario comes out differently once ``word`` is taken out of a card using it;
    a changed card the reader accepts but the engine fails on is added to ``faults``."""
    base = CardSet.shipped()
    for name, path, change in uses:
        about = sorted((s for s, seen in scenarios_played() if name in seen),
                       key=lambda s: (name not in s.cards, len(s.actions)))
        copies = []
        for data in changed_copies(card_data()[name], path, change):
            try:
                copies.append(card_from_data(data))
            except (CardError, TypeError, ValueError):
                continue  # that change isn't a card the reader accepts
        for card in copies[:COPIES_TRIED]:
            for s in about[:SCENARIOS_TRIED]:
                result = run(dataclasses.replace(s, card_set=base.with_cards([card])))
                if result.status == "error":
                    faults.append(f"{word} ({name}): {result.error}")
                if result.status != "pass":
                    return True
    return False


@lru_cache(maxsize=None)
def word_uses() -> dict[str, list]:
    """Each word, with (card name, where in its data, how to take it away) for every card using it."""
    uses: dict[str, list] = {}
    for name, data in card_data().items():
        for word, path, change in Sites(data).card():
            uses.setdefault(word, []).append((name, path, change))
    return uses


def test_every_vocabulary_word_changes_what_the_engine_does():
    uses = word_uses()
    played = {n for _, seen in scenarios_played() for n in seen}
    unplayed, unchanged, faults = [], [], []
    for word in vocabulary_words():
        mine = [u for u in uses.get(word, []) if u[0] in played]
        if not mine:
            unplayed.append(word)
        elif not changes_play(word, mine, faults):
            unchanged.append(word)
    assert not faults, "The card reader accepts what the engine then fails on: " + "; ".join(faults)
    assert not unplayed and not unchanged, (
        f"No scenario plays a card using: {', '.join(unplayed) or 'none'}. "
        f"Taking the word out of its cards changes no scenario's outcome: {', '.join(unchanged) or 'none'}. "
        "Each word the card reader accepts must be played by the engine and shown by a scenario "
        "(tests/scenarios), or be refused by the card reader.")


REFUSED = {  # a card file using a word the engine doesn't play, and what the reader must say of it
    "keywords: [flying, banding]": "the engine doesn't play the keyword 'banding'",
    "abilities: [{text: x, cost: {tap: true}, effects: [{pump: {gains: [banding]}}]}]":
        "the engine doesn't play the keyword 'banding'",
    "abilities: [{text: x, trigger: {event: counters_put}, effects: [draw]}]": "Trigger's event must be one of",
    "abilities: [{text: x, trigger: {event: enters, whose: opponent}, effects: [draw]}]":
        "Trigger's whose must be one of",
    "abilities: [{text: x, cost: {sacrifice: creature}, effects: [draw]}]": "Cost's sacrifice must be one of",
}


def test_the_card_reader_refuses_what_the_engine_does_not_play(tmp_path):
    """A word outside the vocabulary is refused with the file, its line and why (``cards lint``)."""
    from rulesdojo.scenarios.cardfile import lint_cards
    for i, (line, said) in enumerate(REFUSED.items()):
        path = tmp_path / f"card{i}.yaml"
        path.write_text(f"name: Test Card {i}\ncost: \"{{1}}\"\ntypes: [Artifact]\noracle: flying x\n{line}\n",
                        encoding="utf-8")
        problems = lint_cards(str(path)).problems
        assert len(problems) == 1 and problems[0].startswith(f"{path}: line 5: ") and said in problems[0], problems


def test_a_spell_cost_is_only_what_the_engine_pays_as_it_is_cast(tmp_path):
    """A spell's ``cost:`` is its additional cost: {sacrifice: land} is played, an energy cost is refused."""
    from rulesdojo.scenarios.cardfile import lint_cards
    path = tmp_path / "spell.yaml"
    path.write_text("name: Test Spell\ncost: \"{1}\"\ntypes: [Sorcery]\noracle: draw a card\nspell:\n"
                    "  cost: {energy: 2}\n  effects: [draw]\n", encoding="utf-8")
    problems = lint_cards(str(path)).problems
    assert len(problems) == 1 and "line 6" in problems[0] and "additional cost" in problems[0], problems
