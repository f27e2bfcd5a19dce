"""One variant of a question: what the candidate sees, and grading against the engine.

The right answer stays inside the ``Variant`` (kernel side). ``prompt`` and ``options`` never
reveal it; only ``grade`` (after an answer) and ``solution`` say it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..rules.mana import TYPES
from . import play as pl
from .explain import explain

CR_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")



def _words(text: str) -> str:
    """Mark a text for the interface catalog (Babel extracts ``_words(...)``): a page says it in the
    learner's language (``QuestionTexts.instructions``); here it stays English."""
    return text


OUTCOME_INSTRUCTIONS = {"number": _words("Answer with a whole number."),
                        "yes/no": _words("Answer yes or no."),
                        "mana": _words("Type the mana as letters: GG is two green mana (W white, U blue, B black, "
                                       "R red, G green, C colorless), or type 'nothing'."),
                        "names": _words("List the names, top of the stack first (or 'empty').")}
INSTRUCTIONS = {
    "choice": _words("Pick the one true option."),
    "policy": _words("Pick the one correct option."),
    "trigger order": _words("List every trigger top of the stack first: the top of the list is the top "
                            "of the stack, put there last, and resolves first."),
    "replacement order": _words("List the effects in the order you apply them, first one first."),
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

    Each kind of question has its own (``kinds.py``): how it is set up, read, graded and explained.

    >>> from rulesdojo.quiz import load_bank
    >>> v = load_bank()["architect-landfall-one-energy"].variant(seed=1)
    >>> v.kind, v.answer_format
    ('outcome', 'number')
    >>> v.grade(v.solution().right_answer_text).correct
    True
    """

    answer_format = "number"  # how an answer is read: a kind's own, or (outcome) what it asks

    def __init__(self, question, values: dict, seed=None):
        self.question = question
        self.values = dict(values)
        self.seed = seed
        self.kind: str = question.kind
        self.id = question.id
        d = question.filled(self.values)
        self._d = d
        self.prompt: str = str(d["prompt"]).strip()
        self.options: tuple[str, ...] = ()
        self.answer_format = type(self).answer_format  # its own value: read by the views and grading
        self._played: pl.Played | None = None
        self._right: Any = None  # kernel side only; shaped as the answer format reads it
        self._opts: list[tuple[Any, Any]] = []  # (label, payload)
        self._setup(d, random.Random(f"{self.id}:{seed}:options"))

    def _setup(self, d, rng: random.Random) -> None:
        """Play the scenario and work out the right answer (each kind its own way)."""
        raise NotImplementedError

    # --- what the candidate sees -------------------------------------------------------------

    @property
    def instructions(self) -> str:
        """Say how to answer (never what the answer is)."""
        raise NotImplementedError

    @property
    def stack_order(self) -> bool:
        """Say whether the answer is an order of triggers on the stack (listed top of the stack first)."""
        return False

    @property
    def plays_game(self) -> bool:
        """Say whether a game is played for this variant (every kind but a policy question)."""
        return bool(self.question.plays_game)

    def __repr__(self) -> str:
        vals = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"<Variant {self.id} ({vals or 'no parameters'})>"

    # --- reading it (kernel side: lint, tests) -----------------------------------------------

    @property
    def data(self) -> Mapping[str, Any]:
        """The question's data with this variant's values filled in (read-only)."""
        return MappingProxyType(self._d)

    def games(self) -> list:
        """Return the games played for this variant: the scenario's (none for a policy question)
        and, for an order question, one per order tried."""
        return [self._played.game] if self._played is not None else []

    def signature(self) -> Hashable:
        """Return what identifies this variant's right answer: two variants with the same
        signature have the same answer."""
        return self.solution().right_answer_text

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

    def _right_text(self) -> str:
        raise NotImplementedError

    def _judge(self, answer) -> tuple[bool, str]:
        raise NotImplementedError

    # --- shared by the kinds ------------------------------------------------------------------

    def _maybe_shuffle(self, rng) -> None:
        if self._d.get("shuffle", True):
            rng.shuffle(self._opts)

    def _scenario_played(self) -> pl.Played:
        """Return the played scenario: every kind of question but a policy one plays its scenario."""
        assert self._played is not None, f"a {self.kind} question plays no scenario"
        return self._played

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

    def _explanation(self, right_text: str) -> str:
        lead, note = self._lead_and_note(right_text)
        return explain(lead, self._deciding_log(), note, self._extra_lines(), self.decisive_rules())

    def decisive_rules(self) -> set[str]:
        """The rule numbers the explanation's lead and note cite: the log's lines citing them come first."""
        lead, note = self._lead_and_note(self._right_text())
        return set(CR_NUMBER.findall(" ".join(filter(None, (lead, note)))))

    def deciding_log(self) -> list:
        """The log the explanation picks its lines from (none for a policy question)."""
        return list(self._deciding_log()) if self.plays_game else []

    def reasons(self) -> list[tuple[str, bool, str]]:
        """Why options hold or not, as the engine says it: (option, holds, why), at most two."""
        return []

    def _lead_and_note(self, right_text: str) -> tuple[str, str | None]:
        d = self._d
        lead = _lead(d["explanation_lead"], right_text, self.values)
        note = _lead(d["note"], right_text, self.values) if d.get("note") else None
        return lead, note

    def _deciding_log(self):
        """The log the explanation picks its lines from: the played scenario's."""
        return self._scenario_played().game.log

    def _extra_lines(self) -> list[str]:
        """Lines the explanation gives before the log's (a choice's reasons why options hold or not)."""
        return [why if ok else f"Not \"{option}\": {why}" for option, ok, why in self.reasons()]


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
        elif isinstance(answer, (list, tuple)):
            items = [str(x).strip() for x in answer]
        else:
            raise _Unreadable("list the names, top of the stack first (or 'empty')")
        return [x for x in items if x]
    raise _Unreadable("unknown answer format")
