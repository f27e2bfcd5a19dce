"""The four kinds of question, each a class: the keys its file holds, how a variant of it is set up,
read, graded and explained, and what lint checks in it.

- ``OutcomeQuestion``: play the scenario, ask a number (or yes/no, mana, names) off the game.
- ``ChoiceQuestion``: options that each claim something of the played game; exactly one holds.
- ``OrderQuestion``: the order of triggers or replacement effects that reaches a goal.
- ``PolicyQuestion``: tournament policy; no game is played and the answer is written.

A file's ``kind`` picks its class, through a pydantic union discriminated on ``kind``
(``QUESTION_KEYS``): each member is the format of one kind's own keys.

>>> kind_class("order").Format.model_fields["goal"].is_required()
True
>>> sorted(kind_class("policy").needs())
['answer', 'explanation', 'options', 'source']
"""

from __future__ import annotations

import itertools
import re
from typing import Annotated, Any, ClassVar, List, Literal, Union

from pydantic import Field, StrictStr, TypeAdapter, ValidationError

from ..rules.choices import OrderTriggersChoice
from ..scenarios.expect import validate_expect
from ..scenarios.scenario import check_action
from ..scenarios.schema import Format, Text, check, says
from . import play as pl
from .model import ASKS, Question, QuestionError, _at as at
from .variant import INSTRUCTIONS, OUTCOME_INSTRUCTIONS, Variant, _format, _parse, _Unreadable

#: What a choice option claims of the played game: one of these keys.
CLAIM_KEYS = ("holds", "legal", "illegal")
#: What separates the options of an order written as text: "A, then B; C".
SEPARATOR = re.compile(r"\s*(?:;|\bthen\b|,)\s*")


# --- the kinds' own keys: one format each, a union discriminated on ``kind`` ----------------------
# The values hold ``{placeholders}`` until a variant fills them in: they are checked per variant
# (``Question.check_shape``), so here they are only there or not.

class OutcomeKeys(Format):
    kind: Literal["outcome"]
    scenario: Any
    ask: Any


class ChoiceKeys(Format):
    kind: Literal["choice"]
    scenario: Any
    options: Any


class OrderKeys(Format):
    kind: Literal["order"]
    scenario: Any
    goal: Any
    then: Any = None


class PolicyKeys(Format):
    kind: Literal["policy"]
    options: Any
    answer: Any
    source: Any
    explanation: Any


QUESTION_KEYS: TypeAdapter = TypeAdapter(Annotated[Union[OutcomeKeys, ChoiceKeys, OrderKeys, PolicyKeys],
                                                   Field(discriminator="kind")])
#: Every kind's own keys: a file holds its kind's and none of another's.
KIND_OWN = frozenset(k for m in (OutcomeKeys, ChoiceKeys, OrderKeys, PolicyKeys) for k in m.model_fields) - {"kind"}


class PolicyOption(Format):
    text: Text = says("each policy option is text")


class PolicyParts(Format):
    source: Text = says("'source' names the policy document and section, e.g. 'MTR 4.1'")
    explanation: List[StrictStr] = says("'explanation' is a list of lines (with MTR/CR numbers)", min_length=1)


def check_kind_keys(data, kind: str, bad) -> None:
    """Check the question has the keys its kind needs and none another kind's (``bad`` raises)."""
    cls = kind_class(kind)
    try:
        QUESTION_KEYS.validate_python({k: v for k, v in data.items() if k in KIND_OWN | {"kind"}})
        return
    except ValidationError as err:
        missing = sorted(str(e["loc"][-1]) for e in err.errors() if e["type"] == "missing")
    need = cls.needs()
    if missing:
        bad(f"a {kind} question needs '{missing[0]}'")
    if "answer" in data and "answer" not in cls.Format.model_fields:
        bad("'answer' is only for policy questions: the engine computes every other answer", None, "answer")
    stray = [k for k in data if k in KIND_OWN and k not in cls.Format.model_fields]
    bad(f"'{stray[0]}' doesn't belong in {'an' if kind[0] in 'aeiou' else 'a'} {kind} question "
        f"(it needs: {', '.join(sorted(need))})", None, stray[0])


# --- outcome -------------------------------------------------------------------------------------

class OutcomeQuestion(Question):
    """Play the scenario and ask one thing off the game; the engine computes the answer."""

    kind: ClassVar[str] = "outcome"
    Format: ClassVar[type[Format]] = OutcomeKeys
    rules_error_at: ClassVar[str] = "ask"

    def check_kind(self, d: dict, bad) -> None:
        ask = d["ask"]
        if not isinstance(ask, dict) or len(ask) != 1 or next(iter(ask)) not in ASKS:
            bad(f"'ask' is one of: {', '.join(ASKS)} (e.g. {{energy: Alice}})", None, "ask")
        key, arg = next(iter(ask.items()))
        if key == "counters" and (not isinstance(arg, dict) or set(arg) != {"on", "kind"}):
            bad("'ask: {counters: ...}' needs {on: <player or permanent>, kind: <counter kind>}", None, "ask")

    def variant_class(self):
        return OutcomeVariant


class OutcomeVariant(Variant):
    ASKED_FORMAT: ClassVar[dict] = {"resolved": "yes/no", "mana": "mana", "stack": "names"}

    def _setup(self, d, rng) -> None:
        self._played = pl.play(self.question.scenario(self.values))
        self.answer_format = self.ASKED_FORMAT.get(next(iter(d["ask"])), "number")
        self._right = pl.ask(self._scenario_played(), d["ask"])
        if self.answer_format == "yes/no":
            self.options = ("yes", "no")

    @property
    def instructions(self) -> str:
        return OUTCOME_INSTRUCTIONS[self.answer_format]

    def _right_text(self) -> str:
        return _format(self._right, self.answer_format)

    def _judge(self, answer) -> tuple[bool, str]:
        given = _parse(answer, self.answer_format)
        if self.answer_format == "names":
            return [x.lower() for x in given] == [x.lower() for x in self._right], _format(given, "names")
        return given == self._right, _format(given, self.answer_format)


# --- choice --------------------------------------------------------------------------------------

class OptionsVariant(Variant):
    """A variant answered by picking one of its options (choice and policy)."""

    answer_format = "option"

    def _right_text(self) -> str:
        if self._right is None:
            return "(this variant has no single right option)"
        return self.options[self._right]

    def _judge(self, answer) -> tuple[bool, str]:
        i = self._option_index(answer)
        return i == self._right, self.options[i]

    @property
    def instructions(self) -> str:
        return INSTRUCTIONS[self.kind]


def _distinct_texts(opts: list, bad) -> None:
    texts = [o if isinstance(o, str) else str(o["text"]) for o in opts]
    if len(set(texts)) != len(texts):
        bad("two options have the same text in this variant", None, "options")


def _options(d: dict, bad) -> list:
    opts = d["options"]
    if not isinstance(opts, list) or len(opts) < 2:
        bad("'options' lists two or more answers", None, "options")
    return opts


def _option_places(opts: list):
    """Each option with its place in the file (``line 12, options[2]``)."""
    lines = getattr(opts, "lines", None) or [0] * len(opts)
    for i, o in enumerate(opts):
        place = f"options[{i + 1}]"
        yield o, f"line {lines[i]}, {place}" if lines[i] else place


class ChoiceQuestion(Question):
    """Options that each claim something of the played game (holds, legal, illegal); one is true."""

    kind: ClassVar[str] = "choice"
    Format: ClassVar[type[Format]] = ChoiceKeys

    def check_kind(self, d: dict, bad) -> None:
        opts = _options(d, bad)
        for o, where in _option_places(opts):
            _check_option(o, self.source_file, where)
        _distinct_texts(opts, bad)

    def variant_class(self):
        return ChoiceVariant

    def variant_problems(self, v: ChoiceVariant) -> list[tuple[str, str]]:
        held = v.holding()
        if len(held) == 1:
            return []
        return [("options", f"{len(held)} options hold, exactly one must" + (f": {'; '.join(held)}" if held else ""))]


def _check_option(o, src: str, where: str) -> None:
    """Check one choice option: its text and exactly one claim (holds, legal or illegal)."""
    if not isinstance(o, dict) or "text" not in o:
        raise QuestionError("each option is {text: ..., holds: {...}} (or legal:/illegal: an action)",
                            file=src, place=where)
    claims = [k for k in CLAIM_KEYS if k in o]
    extra = [k for k in o if k not in (*CLAIM_KEYS, "text")]
    if extra or len(claims) != 1:
        raise QuestionError(f"an option has 'text' and exactly one of {', '.join(CLAIM_KEYS)}"
                            + (f"; unknown key {extra[0]!r}" if extra else ""), file=src, place=where)
    if claims[0] == "holds":
        validate_expect(o["holds"], src, where)
        return
    acts = o[claims[0]]
    for act in (acts if isinstance(acts, list) and acts else [acts]):
        check_action(act, src, where)


class ChoiceVariant(OptionsVariant):
    def _setup(self, d, rng) -> None:
        self._played = pl.play(self.question.scenario(self.values))
        self._opts = [(str(o["text"]), o) for o in d["options"]]
        self._maybe_shuffle(rng)
        self._truth = [self._claim(o) for _, o in self._opts]
        held = [i for i, (ok, _) in enumerate(self._truth) if ok]
        self._right = held[0] if len(held) == 1 else None
        self.options = tuple(t for t, _ in self._opts)

    def holding(self) -> list[str]:
        """Return the options that hold in the played game (kernel side: lint, mentors)."""
        return [self.options[i] for i, (ok, _) in enumerate(self._truth) if ok]

    def _claim(self, option) -> tuple[bool, str | None]:
        if "holds" in option:
            diffs = self._scenario_played().holds(option["holds"])
            return not diffs, None
        acts = option.get("legal", option.get("illegal"))
        results = [self._scenario_played().legal(a) for a in (acts if isinstance(acts, list) else [acts])]
        whys = [str(err) for _, err in results if err is not None]
        why = " ".join(whys[:2]) or None
        if "legal" in option:
            return all(ok for ok, _ in results), why
        return not any(ok for ok, _ in results), why

    def reasons(self) -> list[tuple[str, bool, str]]:
        extra: list[tuple[str, bool, str]] = []
        seen = set()
        for (text, _opt), (ok, why) in zip(self._opts, self._truth):
            if why and why not in seen:
                seen.add(why)
                extra.append((text, ok, why))
        return extra[:2]


# --- order ---------------------------------------------------------------------------------------

class OrderQuestion(Question):
    """The order to put triggers on the stack (or apply replacement effects) that reaches a goal."""

    kind: ClassVar[str] = "order"
    Format: ClassVar[type[Format]] = OrderKeys
    unsolvable_at: ClassVar[str] = "goal"
    min_options: ClassVar[int] = 3  # two is a coin flip

    def check_kind(self, d: dict, bad) -> None:
        validate_expect(d["goal"], self.source_file, at(d["goal"], "goal"))
        then = d.get("then")
        if then is None:
            return
        if not isinstance(then, list):
            bad("'then' is a list of actions played after the order", None, "then")
        lines = getattr(then, "lines", None) or [0] * len(then)
        for i, a in enumerate(then):
            check_action(a, self.source_file, f"line {lines[i]}, then[{i + 1}]" if lines[i] else f"then[{i + 1}]")

    def variant_class(self):
        return OrderVariant

    def variant_problems(self, v: OrderVariant) -> list[tuple[str, str]]:
        orders = v.orders()  # may raise: lint reports it at ``unsolvable_at``
        good = [o for o in orders if o[1]]
        if not good:
            why = orders[0][2][1] if orders else None
            return [("goal", "no order reaches the goal" + (f" ({why})" if why else ""))]
        if len(good) == len(orders):
            return [("goal", "every order reaches the goal: the question is trivial")]
        return []

    def bank_problems(self, v: OrderVariant) -> list[tuple[str, str]]:
        if len(v.options) >= self.min_options:
            return []
        return [("scenario", f"an order question needs at least {self.min_options} triggers or effects to "
                 f"order, not {len(v.options)} (two is a coin flip)")]


class OrderVariant(Variant):
    answer_format = "order"

    def _setup(self, d, rng) -> None:
        self._played = pl.play(self.question.scenario(self.values))
        self._orders: list[tuple[tuple[str, ...], bool, tuple[pl.Played, str | None]]] | None = None
        self._order, pairs = pl.order_choice(self._scenario_played())
        rng.shuffle(pairs)
        self._opts = pairs
        self.options = tuple(lab for _, lab in pairs)

    @property
    def instructions(self) -> str:
        return INSTRUCTIONS["trigger order" if self.stack_order else "replacement order"]

    @property
    def stack_order(self) -> bool:
        return isinstance(self._order, OrderTriggersChoice)

    def games(self) -> list:
        return super().games() + [played.game for _, _, (played, _) in self.orders()]

    def signature(self):
        return tuple(self.right_orders())

    def right_orders(self) -> list[tuple[str, ...]]:
        """Return every order (as labels) that reaches an order question's goal."""
        return [labels for labels, ok, _ in self.orders() if ok]

    def orders(self) -> list[tuple[tuple[str, ...], bool, tuple[pl.Played, str | None]]]:
        """Every order tried: its labels, whether it reaches the goal, and the game it played (with
        why it failed)."""
        if self._orders is not None:
            return self._orders
        ids = [i for i, _ in self._opts]
        label = dict(self._opts)
        out = []
        for perm in itertools.permutations(ids):
            ok, played, why = pl.try_order(self._scenario_played(), self._order, perm, self._d.get("then"),
                                           self._d["goal"])
            out.append((tuple(label[i] for i in perm), ok, (played, why)))
        self._orders = out
        return out

    def _right_text(self) -> str:
        rights = [self._as_given(o) for o in self.right_orders()]
        if not rights:
            return "(no order reaches the goal)"
        text = ", then ".join(rights[0])
        if len(rights) > 1:
            text += f" (or any of {len(rights)} orders that reach it)"
        return text

    def _judge(self, answer) -> tuple[bool, str]:
        labels = self._order_labels(answer)
        ok = any(lab == self._as_given(labels) and good for lab, good, _ in self.orders())
        return ok, ", then ".join(labels)

    def _as_given(self, labels: tuple) -> tuple:
        """Turn the order triggers go on the stack into the order a candidate lists them (top of
        the stack first), or back: the one convention, in lessons and quiz alike."""
        return tuple(reversed(labels)) if self.stack_order else tuple(labels)

    def _deciding_log(self):
        good = [played for _, ok, (played, _) in self.orders() if ok]
        return good[0].game.log if good else super()._deciding_log()

    def _order_labels(self, answer) -> tuple[str, ...]:
        if isinstance(answer, str):
            answer = self._labels_in_text(answer)
        try:
            items = list(answer)
        except TypeError:
            raise _Unreadable("give the options as a list, in order")
        out = []
        for x in items:
            if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(self.options):
                out.append(self.options[x])
            else:
                m = [o for o in self.options if o.lower() == str(x).strip().lower()]
                if not m:
                    raise _Unreadable(f"{x!r} isn't one of the options")
                out.append(m[0])
        if sorted(out) != sorted(self.options):
            raise _Unreadable(f"list each of the {len(self.options)} options exactly once")
        return tuple(out)

    def _labels_in_text(self, text: str) -> list[str]:
        """Read labels written as text ("A, then B"): by where each one appears."""
        low = text.lower()
        spots: list[tuple[int, int, str]] = []
        for lab in sorted(set(self.options), key=len, reverse=True):
            start = 0
            while (i := low.find(lab.lower(), start)) >= 0:
                if not any(a <= i < b for a, b, _ in spots):
                    spots.append((i, i + len(lab), lab))
                start = i + 1
        if len(spots) >= len(self.options):  # every option named in full (names may hold commas)
            return [lab for _, _, lab in sorted(spots)]
        return [self._named(x) for x in SEPARATOR.split(text) if x.strip()]

    def _named(self, piece: str) -> str:
        """Return the one option a short name means ("Lynx" for Steppe Lynx), else the piece as given."""
        words = piece.strip().lower().split()
        found = [o for o in set(self.options)
                 if words and all(any(x.startswith(w) for x in o.lower().split()) for w in words)]
        return found[0] if len(found) == 1 else piece


# --- policy --------------------------------------------------------------------------------------

class PolicyQuestion(Question):
    """Tournament policy: no game is played; the answer, its source and explanation are written."""

    kind: ClassVar[str] = "policy"
    Format: ClassVar[type[Format]] = PolicyKeys
    plays_game: ClassVar[bool] = False
    prose_keys: ClassVar[frozenset] = frozenset({"options"})  # its options are prose, not names

    def check_kind(self, d: dict, bad) -> None:
        opts = _options(d, bad)
        src = self.source_file
        for o, where in _option_places(opts):  # ``check`` calls its ``bad`` at once, in this round
            check(PolicyOption, {"text": o}, lambda msg, path: _raise(msg, src, where))
        _distinct_texts(opts, bad)
        texts = [o if isinstance(o, str) else str(o["text"]) for o in opts]
        if d["answer"] not in texts:
            bad(f"'answer' must be one of the options word for word, not {d['answer']!r}", None, "answer")
        check(PolicyParts, {k: d[k] for k in ("source", "explanation")}, lambda msg, path: bad(msg, None, path[0]))

    def variant_class(self):
        return PolicyVariant


class PolicyVariant(OptionsVariant):
    def _setup(self, d, rng) -> None:
        self._opts = [(str(o), None) for o in d["options"]]
        self._maybe_shuffle(rng)
        self._right = next(i for i, (t, _) in enumerate(self._opts) if t == d["answer"])
        self.options = tuple(t for t, _ in self._opts)

    def signature(self):
        return None  # the written answer: the bank's figures count it as not varying

    def _explanation(self, right_text: str) -> str:
        lead, note = self._lead_and_note(right_text)
        d = self._d
        return "\n".join([lead, *(f"- {x}" for x in d["explanation"]),
                          f"- Source: {d['source']}."] + ([f"- {note}"] if note else []))


def _raise(msg, src, where):
    raise QuestionError(msg, file=src, place=where)


KIND_CLASSES: dict[str, type[Question]] = {c.kind: c for c in (OutcomeQuestion, ChoiceQuestion, OrderQuestion,
                                                               PolicyQuestion)}


def kind_class(kind: str) -> type[Question]:
    """Return the class of a kind of question (``kind`` is one of ``model.KINDS``)."""
    return KIND_CLASSES[kind]

