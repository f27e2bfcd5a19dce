"""One variant of a question: what the candidate sees, and grading against the engine.

The right answer stays inside the ``Variant`` (kernel side). ``prompt`` and ``options`` never
reveal it; only ``grade`` (after an answer) and ``solution`` say it.
"""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import dataclass
from typing import Any

from ..rules.choices import OrderTriggersChoice
from ..rules.mana import TYPES
from . import play as pl
from .explain import explain

CR_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")

OUTCOME_INSTRUCTIONS = {"number": "Answer with a whole number.",
                        "yes/no": "Answer yes or no.",
                        "mana": ("Type the mana as letters: GG is two green mana (W white, U blue, B black, R red, "
                                 "G green, C colorless), or type 'nothing'."),
                        "names": "List the names, top of the stack first (or 'empty')."}
INSTRUCTIONS = {
    "choice": "Pick the one true option.",
    "policy": "Pick the one correct option.",
    "trigger order": ("List every trigger top of the stack first: the top of the list is the top "
                      "of the stack, put there last, and resolves first."),
    "replacement order": "List the effects in the order you apply them, first one first.",
}


@dataclass(frozen=True)
class Verdict:
    """Report one graded answer: right or not, the right answer, and why (rule numbers included).

    >>> Verdict(False, "4", "Alice has 4 energy. (CR 107.14)", "3").correct
    False
    """

    correct: bool
    right_answer_text: str
    explanation: str
    answer_text: str = ""
    problem: str | None = None  # set when the answer couldn't be read (it is then wrong)


class Variant:
    """Hold one variant of a question: parameters chosen, scenario played, answer kept inside.

    >>> from rulesdojo.quiz import load_bank
    >>> v = load_bank()["architect-landfall-one-energy"].variant(seed=1)
    >>> v.kind, v.answer_format
    ('outcome', 'number')
    >>> v.grade(v.solution().right_answer_text).correct
    True
    """

    def __init__(self, question, values: dict, seed=None):
        self.question = question
        self.values = dict(values)
        self.seed = seed
        self.kind = question.kind
        self.id = question.id
        d = question.filled(self.values)
        self._d = d
        self.prompt: str = str(d["prompt"]).strip()
        self.options: tuple[str, ...] = ()
        self.answer_format = {"choice": "option", "policy": "option", "order": "order"}.get(
            self.kind, "number")
        self._played: pl.Played | None = None
        self._right: Any = None  # kernel side only; shaped as the answer format reads it
        self._opts: list[tuple[Any, Any]] = []  # (label, payload)
        self._orders: list[tuple[tuple[str, ...], bool, tuple[pl.Played, str | None]]] | None = None
        rng = random.Random(f"{self.id}:{seed}:options")
        if self.kind == "policy":
            self._opts = [(str(o), None) for o in d["options"]]
            self._maybe_shuffle(rng)
            self._right = next(i for i, (t, _) in enumerate(self._opts) if t == d["answer"])
        else:
            self._played = pl.play(question.scenario(self.values))
        if self.kind == "outcome":
            key = next(iter(d["ask"]))
            self.answer_format = {"resolved": "yes/no", "mana": "mana", "stack": "names"}.get(key, "number")
            self._right = pl.ask(self._scenario_played(), d["ask"])
            if self.answer_format == "yes/no":
                self.options = ("yes", "no")
        elif self.kind == "choice":
            self._opts = [(str(o["text"]), o) for o in d["options"]]
            self._maybe_shuffle(rng)
            self._truth = [self._claim(o) for _, o in self._opts]
            held = [i for i, (ok, _) in enumerate(self._truth) if ok]
            self._right = held[0] if len(held) == 1 else None
            self._held = held
        elif self.kind == "order":
            self._order, pairs = pl.order_choice(self._scenario_played())
            rng.shuffle(pairs)
            self._opts = pairs
            self.options = tuple(lab for _, lab in pairs)
        if self.kind in ("choice", "policy"):
            self.options = tuple(t for t, _ in self._opts)

    # --- what the candidate sees -------------------------------------------------------------

    @property
    def instructions(self) -> str:
        """Say how to answer (never what the answer is)."""
        if self.kind == "outcome":
            return OUTCOME_INSTRUCTIONS[self.answer_format]
        if self.kind == "order":
            return INSTRUCTIONS["trigger order" if self.stack_order else "replacement order"]
        return INSTRUCTIONS[self.kind]

    @property
    def stack_order(self) -> bool:
        """Say whether the answer is an order of triggers on the stack (listed top of the stack first)."""
        return self.kind == "order" and isinstance(self._order, OrderTriggersChoice)

    def __repr__(self) -> str:
        vals = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"<Variant {self.id} ({vals or 'no parameters'})>"

    # --- grading ------------------------------------------------------------------------------

    def grade(self, answer) -> Verdict:
        """Grade an answer; a wrong or unreadable answer is a Verdict, never an exception.

        Outcome: a number, yes/no, mana symbols or names (as text or values). Choice and
        policy: the option's index in ``options`` or its text. Order: the option labels (or
        indices), triggers top of the stack first (the one that resolves first), replacement effects in
        the order they apply; short names that fit one option only ("Lynx") are read as it.

        >>> from rulesdojo.quiz import load_bank
        >>> land = {"card": "Forest", "text": "a Forest"}
        >>> v = load_bank()["architect-landfall-one-energy"].variant(values={"n": 3, "land": land})
        >>> v.grade("4").correct, v.grade(5).right_answer_text
        (True, '4')
        >>> v.grade("lots").problem
        "'lots' isn't a whole number"
        """
        right_text = self._right_text()
        try:
            ok, given = self._judge(answer)
            problem = None
        except _Unreadable as exc:
            ok, given, problem = False, _show(answer), str(exc)
        return Verdict(ok, right_text, self._explanation(right_text), given, problem)

    def solution(self) -> Verdict:
        """Return the right answer and its explanation (kernel side: for mentors, tests, lint).

        >>> from rulesdojo.quiz import load_bank
        >>> print(load_bank()["voltaic-brawler-pays-once"].variant(values={"n": 5}).solution().explanation)
        ... # doctest: +ELLIPSIS
        Alice has 4 energy: the {E} can be paid once, not 5 times, so the Brawler is 4/3.
        ...
        """
        text = self._right_text()
        return Verdict(True, text, self._explanation(text), text)

    # --- internals ----------------------------------------------------------------------------

    def _maybe_shuffle(self, rng) -> None:
        if self._d.get("shuffle", True):
            rng.shuffle(self._opts)

    def _scenario_played(self) -> pl.Played:
        """Return the played scenario: every kind of question but a policy one plays its scenario."""
        assert self._played is not None, f"a {self.kind} question plays no scenario"
        return self._played

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

    def right_orders(self) -> list[tuple[str, ...]]:
        """Return every order (as labels) that reaches an order question's goal."""
        return [labels for labels, ok, _ in self._solve_orders() if ok]

    def _solve_orders(self) -> list[tuple[tuple[str, ...], bool, tuple[pl.Played, str | None]]]:
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
        if self.kind == "outcome":
            return _format(self._right, self.answer_format)
        if self.kind in ("choice", "policy"):
            if self._right is None:
                return "(this variant has no single right option)"
            return self.options[self._right]
        rights = [self._as_given(o) for o in self.right_orders()]
        if not rights:
            return "(no order reaches the goal)"
        text = ", then ".join(rights[0])
        if len(rights) > 1:
            text += f" (or any of {len(rights)} orders that reach it)"
        return text

    def _judge(self, answer) -> tuple[bool, str]:
        if self.kind == "outcome":
            given = _parse(answer, self.answer_format)
            if self.answer_format == "names":
                return ([x.lower() for x in given] == [x.lower() for x in self._right],
                        _format(given, "names"))
            return given == self._right, _format(given, self.answer_format)
        if self.kind in ("choice", "policy"):
            i = self._option_index(answer)
            return i == self._right, self.options[i]
        labels = self._order_labels(answer)
        ok = any(lab == self._as_given(labels) and good for lab, good, _ in self._solve_orders())
        return ok, ", then ".join(labels)

    def _as_given(self, labels: tuple) -> tuple:
        """Turn the order triggers go on the stack into the order a candidate lists them (top of
        the stack first), or back: the one convention, in lessons and quiz alike."""
        return tuple(reversed(labels)) if self.stack_order else tuple(labels)

    def _option_index(self, answer) -> int:
        if isinstance(answer, int) and not isinstance(answer, bool):
            if 0 <= answer < len(self.options):
                return answer
            raise _Unreadable(f"there are {len(self.options)} options (0 to {len(self.options) - 1})")
        text = str(answer).strip().lower()
        for i, o in enumerate(self.options):
            if o.strip().lower() == text:
                return i
        raise _Unreadable("that isn't one of the options")

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
        return [self._named(x) for x in re.split(r"\s*(?:;|\bthen\b|,)\s*", text) if x.strip()]

    def _named(self, piece: str) -> str:
        """Return the one option a short name means ("Lynx" for Steppe Lynx), else the piece as given."""
        words = piece.strip().lower().split()
        found = [o for o in set(self.options)
                 if words and all(any(x.startswith(w) for x in o.lower().split()) for w in words)]
        return found[0] if len(found) == 1 else piece

    def _explanation(self, right_text: str) -> str:
        d = self._d
        lead = _lead(d["explanation_lead"], right_text, self.values)
        note = _lead(d["note"], right_text, self.values) if d.get("note") else None
        if self.kind == "policy":
            return "\n".join([lead, *(f"- {x}" for x in d["explanation"]),
                              f"- Source: {d['source']}."] + ([f"- {note}"] if note else []))
        extra: list[str] = []
        log = self._scenario_played().game.log
        if self.kind == "choice":
            seen = set()
            for (text, opt), (ok, why) in zip(self._opts, self._truth):
                if why and why not in seen:
                    seen.add(why)
                    extra.append(why if ok else f"Not \"{text}\": {why}")
            extra = extra[:2]
        if self.kind == "order":
            good = [played for _, ok, (played, _) in self._solve_orders() if ok]
            if good:
                log = good[0].game.log
        decisive = set(CR_NUMBER.findall(" ".join(filter(None, (lead, note)))))
        return explain(lead, log, note, extra[:2], decisive)


class _Unreadable(Exception):
    pass


def _lead(template: str, answer: str, values: dict) -> str:
    text = str(template).replace("{answer}", answer)
    return text[0].upper() + text[1:] if text else text


def _format(value, fmt: str) -> str:
    if fmt == "yes/no":
        return "yes" if value else "no"
    if fmt == "names":
        return "; ".join(value) if value else "empty"
    return str(value)


def _show(answer) -> str:
    if isinstance(answer, (list, tuple)):
        return ", ".join(map(str, answer))
    return str(answer)


def _parse(answer, fmt: str):
    if fmt == "number":
        if isinstance(answer, bool):
            raise _Unreadable("give a whole number")
        if isinstance(answer, int):
            return answer
        try:
            return int(str(answer).strip())
        except ValueError:
            raise _Unreadable(f"{answer!r} isn't a whole number")
    if fmt == "yes/no":
        if isinstance(answer, bool):
            return answer
        t = str(answer).strip().lower()
        if t in ("yes", "y", "true"):
            return True
        if t in ("no", "n", "false"):
            return False
        raise _Unreadable("answer yes or no")
    if fmt == "mana":
        t = str(answer).strip().upper()
        if t in ("", "NOTHING", "NONE", "0", "EMPTY"):
            return "nothing"
        syms = re.findall(r"[A-Z]", t.replace("{", "").replace("}", ""))
        if any(s not in TYPES for s in syms):
            raise _Unreadable(f"mana symbols are {', '.join(TYPES)}")
        order = {t: i for i, t in enumerate(TYPES)}
        return "".join(f"{{{s}}}" for s in sorted(syms, key=order.__getitem__))
    if fmt == "names":
        if isinstance(answer, str):
            t = answer.strip()
            sep = ";" if ";" in t or "\n" in t else ","
            items = [] if t.lower() in ("", "empty", "nothing") else [
                x.strip() for x in t.replace("\n", ";").split(sep)]
        else:
            items = [str(x).strip() for x in answer]
        return [x for x in items if x]
    raise _Unreadable("unknown answer format")
