"""Questions as data: read one YAML file per question, check its shape, keep the bank.

>>> q = Question.from_dict({
...     "id": "demo", "kind": "policy", "difficulty": 1, "level": "L1", "complexity": 1,
...     "tags": {"rulings": ["E6"], "topics": ["tournament-policy"]},
...     "prompt": "May Alice track energy with a die at Regular REL?",
...     "explanation_lead": "{answer}.", "options": ["Yes", "No"], "answer": "Yes",
...     "source": "MTR 4.1", "explanation": ["Dice are fine at Regular REL (MTR 4.1)."]})
>>> q.kind, q.trap
('policy', False)
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Callable, ClassVar, Iterable, Literal

from pydantic import Field, StrictBool, StrictStr

from ..rules.errors import ScenarioError
from ..rules.cardset import CardSet
from ..scenarios.carddata import KEY as CARD_DATA, defined_cards
from ..scenarios.scenario import RULINGS, Scenario
from ..scenarios.schema import Format, Text, check, says
from ..scenarios.yamlsource import Located, check_names, line_of, load_file
from . import params as pm

KINDS = ("outcome", "choice", "order", "policy")
LEVELS = ("L1", "L2", "L3")
#: Topics a question may be tagged with (``tags.topics``).
TOPICS = (
    "energy-basics", "paying-energy", "may-pay", "pay-any-amount", "reflexive-trigger",
    "targets", "mana-vs-energy", "mana-abilities", "landfall", "trigger-order", "stack",
    "replacement-effects", "proliferate", "counters", "tokens", "land-play", "timing",
    "type-changing", "summoning-sickness", "zone-change", "tournament-policy",
    "control-change", "phasing",
)
#: What an outcome question may ask; the engine computes the answer.
ASKS = {
    "energy": "a player's energy counters (a number)",
    "life": "a player's life total (a number)",
    "life_lost": "how much life a player lost since the scenario's start, e.g. damage taken (a number)",
    "power": "a permanent's power (a number)",
    "toughness": "a permanent's toughness (a number)",
    "damage": "damage marked on a permanent (a number)",
    "counters": "counters of one kind on a permanent or a player: {on: ..., kind: ...} (a number)",
    "count": "how many permanents with a name a player controls: \"Alice's Beast\" (a number)",
    "resolved": "whether a named spell or ability resolved (yes/no)",
    "mana": "a player's mana pool (mana symbols, or nothing)",
    "stack": "the stack's contents, top first (names)",
}
#: Author prose: every other text in a question file is a name, an id or a tag, checked as plain text.
PROSE_KEYS = {"prompt", "explanation_lead", "explanation", "note", "source", "text", "answer"}


class QuestionError(ScenarioError):
    """Report a malformed question: the file, the place in it (with its line) and what is wrong."""


@dataclass
class Question:
    """One question as written: tags, prompt templates, parameters, and what to play or ask.

    Each kind is a class of its own (``kinds.py``): the keys its file holds, how its variants are
    played, graded and explained, and what lint checks in them.
    """

    kind: ClassVar[str]
    Format: ClassVar[type[Format]]  # the kind's own keys: a member of the union on ``kind``
    plays_game: ClassVar[bool] = True  # every kind but policy plays its scenario
    rules_error_at: ClassVar[str] = "scenario"  # where lint reports a game the rules refuse
    unsolvable_at: ClassVar[str] = "scenario"  # where lint reports a variant it can't solve
    prose_keys: ClassVar[frozenset] = frozenset()  # keys of the kind's own that are prose, not names
    min_options: ClassVar[int] = 0  # in a bank, the options a variant must have at least (0: any)

    id: str
    tags: dict
    difficulty: int
    level: str
    complexity: int
    trap: bool
    prompt: str
    explanation_lead: str
    params: list = field(default_factory=list)
    data: dict = field(default_factory=dict)
    source_file: str = "<question>"
    defined: tuple = ()  # the cards the file itself defines (``card_data:``), for its games alone
    card_base: CardSet | None = field(default=None, repr=False, compare=False)  # a kit's cards, if given

    def cards(self) -> CardSet:
        """Return the cards this question's games are played with: the kit's it was read with (else
        the shipped ones), with the file's own replacing any of the same name."""
        base = CardSet.shipped() if self.card_base is None else self.card_base
        return base.with_cards(self.defined) if self.defined else base

    @classmethod
    def from_file(cls, path, cards: CardSet | None = None) -> "Question":
        """Read and check one question file; raise ``QuestionError`` naming the file and place.
        ``cards``: the kit's cards its games are played with (the shipped ones if not given)."""
        data, _text = load_file(path, QuestionError)
        if isinstance(data, Located):
            data.key_lines = _key_lines(data)
        return cls.from_dict(data, source=str(path), cards=cards)

    @classmethod
    def from_dict(cls, data, source: str = "<question>", cards: CardSet | None = None) -> "Question":
        """Check a question given as data (as its YAML loads); raise ``QuestionError`` if bad.

        The question is of its kind's class (``kinds.py``); ``cards`` as ``from_file``'s."""
        from .kinds import KIND_CLASSES, check_kind_keys

        def bad(msg, obj=None, place="top level"):
            key_line = getattr(data, "key_lines", {}).get(place.split(".")[0].split("[")[0])
            if key_line and not line_of(obj):
                raise QuestionError(msg, file=source, place=f"line {key_line}, {place}")
            raise QuestionError(msg, file=source, place=_at(obj if obj is not None else data, place))

        if not isinstance(data, dict):
            raise QuestionError("a question is a mapping with id, kind, tags, prompt, ...",
                                file=source, place="top level")
        kind = data.get("kind")  # checked below: here any value, a list included
        own = KIND_CLASSES.get(kind) if isinstance(kind, str) else None
        check_names(data, QuestionError, source,  # the cards defined in it are checked as card files
                    skip=PROSE_KEYS | {CARD_DATA} | (own.prose_keys if own is not None else set()))
        form = check(QuestionFormat, data, lambda msg, path: bad(msg, None, ".".join(map(str, path)) or "top level"))
        defined = defined_cards(data, source, QuestionError)
        base = CardSet.shipped() if cards is None else cards
        tags = _check_tags(data["tags"], source, data, base.with_cards(defined) if defined else base)
        check_kind_keys(data, form.kind, bad)
        params = pm.parse_params(data.get("params"), source, _at(data.get("params"), "params"))
        _check_placeholders(data, params, bad)
        q = KIND_CLASSES[form.kind](form.id, tags, form.difficulty, form.level, form.complexity, form.trap,
                form.prompt, form.explanation_lead, params, data, source, defined, cards)
        first = next(pm.all_values(params))
        q.check_shape(first)
        return q

    # --- checking one variant's filled-in data ------------------------------------------------

    def filled(self, values: dict) -> dict:
        """Return the question's data with one variant's values put in."""
        try:
            return pm.fill(_without_cards(self.data), values)
        except (KeyError, ValueError, TypeError, ZeroDivisionError, SyntaxError) as exc:
            raise QuestionError(f"a placeholder can't be worked out for {_show(values)}: {exc}",
                                file=self.source_file, place=_at(self.data, "params"))

    def scenario(self, values: dict) -> Scenario:
        """Return the variant's scenario (checked), ready to play."""
        d = self.filled(values)
        scn = d["scenario"]
        where = _at(scn, "scenario")
        if not isinstance(scn, dict) or set(scn) - {"setup", "actions"}:
            raise QuestionError("'scenario' is a mapping with 'setup' and 'actions' (no 'expect': the "
                                "engine computes the answer)", file=self.source_file, place=where)
        body = {"name": self.id, "setup": scn.get("setup"), "actions": scn.get("actions") or []}
        try:
            return dataclasses.replace(Scenario.from_dict(_relocate(body, scn), source=self.source_file,
                                                          card_set=self.card_base), defined=self.defined)
        except ScenarioError as exc:
            raise QuestionError(exc.detail, file=self.source_file,
                                place=_scenario_place(exc.place), rule=exc.rule)

    def check_shape(self, values: dict) -> None:
        """Check the kind-specific parts for one variant; raise ``QuestionError`` at a problem."""
        d = self.filled(values)

        def bad(msg, obj, place):
            raise QuestionError(msg, file=self.source_file, place=self.where(place, obj))

        if self.plays_game:
            self.scenario(values)
        self.check_kind(d, bad)

    def check_kind(self, d: dict, bad) -> None:
        """Check the kind's own keys, filled in for one variant (``bad(message, obj, place)`` raises)."""
        raise NotImplementedError

    @classmethod
    def needs(cls) -> set[str]:
        """The keys of its own a question of this kind must have."""
        return {k for k, f in cls.Format.model_fields.items() if f.is_required()} - {"kind"}

    # --- what lint checks in a played variant, beyond what every kind has ----------------------

    def variant_problems(self, v) -> list[tuple[str, str]]:
        """Return (key, what is wrong) for a played variant that hasn't exactly one right answer."""
        return []

    def bank_problems(self, v) -> list[tuple[str, str]]:
        """Return (key, what is wrong) for what a question in a bank needs besides (order: 3 options)."""
        return []

    def where(self, key: str, obj=None) -> str:
        """Name a place in the file with its line: the object's own line, else its key's line."""
        line = line_of(obj) if obj is not None and obj is not self.data else 0
        line = line or (getattr(obj, "lines", None) or [0])[0] if obj is not self.data else line
        line = line or getattr(self.data, "key_lines", {}).get(key.split(".")[0].split("[")[0], 0)
        return f"line {line}, {key}" if line else key

    # --- variants -----------------------------------------------------------------------------

    def values_for(self, seed) -> dict:
        """Return the parameter values the seed picks (same seed, same values)."""
        return pm.pick(self.params, self.id, seed)

    def all_values(self) -> list[dict]:
        """Return every variant's parameter values."""
        return list(pm.all_values(self.params))

    def variant(self, seed=0, values: dict | None = None):
        """Play the variant a seed picks and return it, ready to show and grade.

        >>> q = load_bank()["architect-landfall-one-energy"]
        >>> v = q.variant(seed=3)
        >>> v.kind, v.grade("-1").correct
        ('outcome', False)
        """
        return self.variant_class()(self, self.values_for(seed) if values is None else dict(values), seed)

    def variant_class(self) -> type:
        """The kind's ``Variant`` class."""
        raise NotImplementedError

    def has_tag(self, tag: str) -> bool:
        t = str(tag).lower()
        return any(t == str(x).lower() for group in self.tags.values() for x in group)

    def __repr__(self) -> str:
        return f"<Question {self.id} ({self.kind}, difficulty {self.difficulty}, {self.level})>"


class Bank:
    """The questions of one folder, by id; iterate it, index it by id, or select from it."""

    def __init__(self, questions: Iterable[Question], path: str = "", problems=()):
        self.questions = sorted(questions, key=lambda q: q.id)
        self._by_id = {q.id: q for q in self.questions}
        self.path = path
        self.problems = list(problems)

    def __iter__(self):
        return iter(self.questions)

    def __len__(self) -> int:
        return len(self.questions)

    def __getitem__(self, qid: str) -> Question:
        return self._by_id[qid]

    def __contains__(self, qid) -> bool:
        return qid in self._by_id

    def select(self, tags=None, difficulty=None, n: int | None = None, seed=None, *, kind=None,
               level=None, trap: bool | None = None) -> list[Question]:
        """Pick questions by tags (any of them), difficulty, kind, level or trap; n of them.

        With a seed the picks are shuffled the same way every time; without one they come in
        id order.

        >>> bank = load_bank()
        >>> qs = bank.select(tags=["L3"], difficulty=[1, 2, 3], n=2, seed=1)
        >>> len(qs), all(q.has_tag("L3") for q in qs)
        (2, True)
        """
        want = {"tags": _as_set(tags), "difficulty": _as_set(difficulty), "kind": _as_set(kind),
                "level": _as_set(level)}
        out = [q for q in self.questions if _matches(q, want) and (trap is None or q.trap == trap)]
        if seed is not None:
            random.Random(f"select:{seed}").shuffle(out)
        return out[:n] if n is not None else out

    def __repr__(self) -> str:
        return f"<Bank {len(self)} questions from {self.path}>"


def shipped_bank_path() -> Path:
    return Path(__file__).with_name("bank")


def question_files(path) -> list[Path]:
    """Expand a folder (or one file) into question files, sorted (``.yaml`` and ``.yml``)."""
    p = Path(path)
    if p.is_dir():
        return sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file())
    return [p]


def load_bank(path=None, *, strict: bool = True, cards: CardSet | None = None) -> Bank:
    """Load every question in a folder (default: the shipped bank) into a ``Bank``; ``cards``: the
    kit's cards its games are played with (the shipped ones if not given).

    A bad file raises ``QuestionError`` naming the file and place; with ``strict=False`` it is
    left out and listed in ``bank.problems`` instead. Duplicate ids are a problem too.

    >>> bank = load_bank()
    >>> len(bank) >= 40
    True
    """
    folder = shipped_bank_path() if path is None else Path(path)
    if not folder.exists():
        raise QuestionError("no such file or folder", file=str(folder))
    qs, problems, seen = [], [], dict[str, str]()
    for f in question_files(folder):
        try:
            q = Question.from_file(f, cards)
            if q.id in seen:
                raise QuestionError(f"id {q.id!r} is already used by {seen[q.id]}", file=str(f),
                                    place=_at(q.data, "id"))
        except QuestionError as exc:
            if strict:
                raise
            problems.append(exc)
            continue
        seen[q.id] = str(f)
        qs.append(q)
    return Bank(qs, str(folder), problems)


# --- the format ----------------------------------------------------------------------------

OneToThree = Annotated[int, Field(strict=True, ge=1, le=3)]


class QuestionFormat(Format):
    """The keys a question file may have, whatever its kind (``docs/questions.md``); the keys of
    its kind's own are checked by the kind's format (``kinds.QUESTION_KEYS``)."""

    sort_allowed = True

    id: StrictStr = says("'id' must be text without spaces, not {value!r}", pattern=r"^\S+$")
    kind: Literal[KINDS] = says(f"unknown kind {{value!r}}; kinds are: {', '.join(KINDS)}")  # type: ignore[valid-type]
    tags: Any = Field(...)
    difficulty: OneToThree = says("'difficulty' must be 1, 2 or 3, not {value!r}")
    complexity: OneToThree = says("'complexity' must be 1, 2 or 3, not {value!r}")
    level: Literal[LEVELS] = says(f"'level' must be one of {', '.join(LEVELS)}, not {{value!r}}")  # type: ignore[valid-type]
    trap: StrictBool = says("'trap' must be true or false, not {value!r}", False)
    prompt: Text = says("'prompt' must be text")
    explanation_lead: Text = says("'explanation_lead' must be text")
    # not Optional: ``note:`` with nothing after it is refused with the field's message
    note: StrictStr = says("'note' must be one line of text", None)
    params: Any = None
    card_data: Any = None  # read by ``defined_cards``, as card files are
    shuffle: Any = None
    scenario: Any = None
    ask: Any = None
    options: Any = None
    then: Any = None
    goal: Any = None
    answer: Any = None
    source: Any = None
    explanation: Any = None


def _check_placeholders(data, params, bad) -> None:
    """Check every ``{placeholder}`` in the question is a declared parameter (or the answer)."""
    if any(p.name == "answer" for p in params):
        bad("'answer' is reserved for the computed answer; name the parameter otherwise",
            data.get("params"), "params")
    declared = {p.name for p in params}
    for key in ("prompt", "explanation_lead", "note", "scenario", "ask", "options", "then", "goal"):
        unknown = pm.names_in(data[key]) - declared - {"answer"} if key in data else set()
        if unknown:
            bad(f"placeholder {{{sorted(unknown)[0]}}} in '{key}' isn't a declared parameter "
                f"(declared: {', '.join(sorted(declared)) or 'none'})", data.get(key), key)


# --- helpers -------------------------------------------------------------------------------

TAG_GROUPS = {"rulings": (RULINGS.__contains__, "E1-E9 and L1-L3"),
              "cards": (None, "the card set's names"),  # the question's own card set
              "topics": (set(TOPICS).__contains__, ", ".join(TOPICS))}


def _tag_group(tags: dict, group: str, source: str, where: str, cards: CardSet) -> list:
    check_one, hint = TAG_GROUPS[group]
    known: Callable[[Any], bool] = check_one or cards.has_card
    vals = tags.get(group) or []
    if not isinstance(vals, list):
        raise QuestionError(f"tags.{group} must be a list", file=source, place=where)
    unknown = [v for v in vals if not isinstance(v, str) or not known(v)]
    if unknown:
        raise QuestionError(f"unknown {group[:-1]} tag {unknown[0]!r}; known: {hint}", file=source, place=where)
    return list(vals)


def _as_set(x):
    if x is None:
        return None
    if isinstance(x, dict):
        return {str(v).lower() for vs in x.values() for v in _listed(vs)}
    return {str(v).lower() for v in _listed(x)}


def _matches(q: Question, want: dict) -> bool:
    """Whether a question has any of the wanted tags, difficulties, kinds and levels (None: any)."""
    tags, difficulty, kind, level = want["tags"], want["difficulty"], want["kind"], want["level"]
    return ((tags is None or any(q.has_tag(t) for t in tags))
            and (difficulty is None or str(q.difficulty) in difficulty)
            and (kind is None or q.kind in kind) and (level is None or q.level.lower() in level))


def _check_tags(tags, source: str, data, cards: CardSet) -> dict:
    where = _at(tags if isinstance(tags, dict) else data, "tags")
    if not isinstance(tags, dict):
        raise QuestionError("'tags' is a mapping with rulings, cards and topics", file=source, place=where)
    extra = [k for k in tags if k not in ("rulings", "cards", "topics")]
    if extra:
        raise QuestionError(f"unknown tag group {extra[0]!r}; groups are rulings, cards, topics",
                            file=source, place=where)
    out = {group: _tag_group(tags, group, source, where, cards) for group in TAG_GROUPS}
    if not out["rulings"] and not out["topics"]:
        raise QuestionError("tags.rulings must name at least one ruling (E1-E9, L1-L3); a question on "
                            "a rule beyond the card rulings lists none but names its topics",
                            file=source, place=where)
    return out


def _without_cards(data):
    """The question's data but its ``card_data`` (card text isn't filled from the parameters), lines kept."""
    if not isinstance(data, dict) or CARD_DATA not in data:
        return data
    out = Located({k: v for k, v in data.items() if k != CARD_DATA})
    out.line, out.key_lines = line_of(data), getattr(data, "key_lines", {})
    return out


def _relocate(body: dict, like):
    from ..scenarios.yamlsource import Located
    out = Located(body)
    out.line = line_of(like)
    return out


def _scenario_place(place):
    if not place:
        return "scenario"
    return place.replace("top level", "scenario").replace("actions[", "scenario.actions[") \
        .replace("setup", "scenario.setup")


def _key_lines(data) -> dict:
    """Map each top-level key, as written, to the line it is on."""
    return {str(k): line for k, line in getattr(data, "key_lines", {}).items()}


def _at(obj, place: str) -> str:
    line = line_of(obj) or (getattr(obj, "lines", None) or [0])[0]
    return f"line {line}, {place}" if line else place


def _listed(x):
    return list(x) if isinstance(x, (list, tuple, set)) else [x]


def _show(values: dict) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in values.items()) or "the question"
