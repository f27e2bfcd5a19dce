"""Figures a mentor reads off the results: per question and per ruling. No UI here.

>>> from rulesdojo.quiz.store import Attempt
>>> rows = [Attempt(c, s, "exam", "q", 0, ans, ok, 1.0, 0.0)
...         for c, s, ans, ok in [("Ana", "a1", "4", True), ("Nico", "n1", "3", False)]]
>>> item = question_stats(rows, {"a1": 1.0, "n1": 0.0})["q"]
>>> item.share_right, item.discrimination, item.wrong_answers
(0.5, 1.0, [('3', 1)])
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

UPPER_LOWER = 0.27  # Kelley's upper and lower groups: the top and bottom 27% of attempts by score


@dataclass(frozen=True)
class QuestionStats:
    """One question's figures: answers, share right, discrimination, the wrong answers given."""

    question: str
    answered: int
    share_right: float
    discrimination: float | None  # share right in the upper group minus in the lower; None: too few
    wrong_answers: list  # (answer, times), most chosen first


def groups(scores: dict[str, float]) -> tuple[set[str], set[str]]:
    """Split attempts into the upper and lower groups by score (27% each, at least one each).

    >>> groups({"a": 0.9, "b": 0.5, "c": 0.1})
    ({'a'}, {'c'})
    """
    if len(scores) < 2:
        return set(), set()
    ranked = sorted(scores, key=lambda k: (-scores[k], k))
    n = max(1, round(len(ranked) * UPPER_LOWER))
    return set(ranked[:n]), set(ranked[-n:])


def question_stats(rows, scores: dict[str, float]) -> dict[str, QuestionStats]:
    """Return each question's figures; ``scores`` gives each attempt's share right (its session)."""
    upper, lower = groups(scores)
    by_q: dict[str, list] = {}
    for a in rows:
        by_q.setdefault(a.question, []).append(a)
    out = {}
    for q, answers in sorted(by_q.items()):
        right = sum(a.correct for a in answers)
        up = [a.correct for a in answers if a.session in upper]
        low = [a.correct for a in answers if a.session in lower]
        disc = sum(up) / len(up) - sum(low) / len(low) if up and low else None
        wrong = Counter(a.answer for a in answers if not a.correct).most_common()
        out[q] = QuestionStats(q, len(answers), right / len(answers), disc, wrong)
    return out


def ruling_mastery(rows, bank) -> dict[str, dict[str, tuple[int, int]]]:
    """Return, per candidate, (right, answered) per ruling of the questions they answered."""
    from .adaptive import mastery
    by_candidate: dict[str, list] = {}
    for a in rows:
        by_candidate.setdefault(a.candidate, []).append(a)
    return {c: mastery(answers, bank) for c, answers in sorted(by_candidate.items())}


def one_per_question(rows, records: dict) -> list:
    """Keep, of each attempt's answers, the first one to each question, as many times as the
    attempt asked it (``records`` by id; answers of an attempt without a row are all kept).

    >>> from rulesdojo.quiz.store import Attempt, AttemptRecord
    >>> rec = AttemptRecord("a1", "x", "Ana", "exam", 0.0, total=1, state='{"questions": [["q", 1]]}')
    >>> rows = [Attempt("Ana", "a1", "exam", "q", 1, ans, ok, 1.0, t) for ans, ok, t in [("3", False, 1.0), ("4", True, 2.0)]]
    >>> [a.answer for a in one_per_question(rows, {"a1": rec})]
    ['3']
    """
    asked = {}
    for rid, r in records.items():
        questions = json.loads(r.state).get("questions") or []
        if questions:
            asked[rid] = Counter(q for q, _seed in questions)
    counted: Counter = Counter()
    kept = []
    for a in rows:
        if a.session in asked:
            if counted[a.session, a.question] >= asked[a.session][a.question]:
                continue
            counted[a.session, a.question] += 1
        kept.append(a)
    return kept


# --- the bank's own figures: what each ruling is drilled with ------------------------------------

SHAPES = ("outcome", "choice", "order", "policy")
TARGETS = {"questions": 130, "per_ruling": 8, "cards": 3, "shapes": 3, "varying": 0.7, "order_options": 3}


@dataclass(frozen=True)
class RulingFigures:
    """One ruling's questions: how many, over how many cards and shapes, how many vary."""

    tag: str
    questions: int
    cards: int
    shapes: tuple  # the kinds it is asked in, in SHAPES order
    varying: int  # questions whose right answer differs between variants

    @property
    def met(self) -> bool:
        return (self.questions >= TARGETS["per_ruling"] and self.cards >= TARGETS["cards"]
                and len(self.shapes) >= TARGETS["shapes"])


@dataclass(frozen=True)
class BankFigures:
    """The bank's figures: per ruling, and the totals ``rulesdojo bank stats`` prints."""

    questions: int
    varying: int
    short_orders: list  # ids of order questions with fewer than 3 options
    rulings: list  # RulingFigures, E1-E9 then L1-L3

    @property
    def share_varying(self) -> float:
        return self.varying / self.questions if self.questions else 0.0


def answer_varies(q) -> bool:
    """Say whether a question's right answer differs between the variants lint plays."""
    from .lint import sample_values
    seen = set()
    for values in sample_values(q):
        seen.add(q.variant(seed=None, values=values).signature())
        if len(seen) > 1:
            return True
    return False


def bank_figures(bank) -> BankFigures:
    """Return the bank's per-ruling figures and totals.

    >>> from rulesdojo.quiz import load_bank
    >>> f = bank_figures(load_bank())
    >>> f.questions == len(load_bank()), [r.tag for r in f.rulings][:2]
    (True, ['E1', 'E2'])
    """
    from .rulings import TEXTS
    qs = list(bank)
    varies = {q.id: answer_varies(q) for q in qs}
    short = [q.id for q in qs if q.min_options
             and len(q.variant(seed=None, values=q.all_values()[0]).options) < TARGETS["order_options"]]
    rows = []
    for tag in TEXTS:
        tagged = [q for q in qs if tag in q.tags.get("rulings", [])]
        kinds = {q.kind for q in tagged}
        rows.append(RulingFigures(tag, len(tagged), len({c for q in tagged for c in q.tags.get("cards", [])}),
                                  tuple(k for k in SHAPES if k in kinds), sum(varies[q.id] for q in tagged)))
    return BankFigures(len(qs), sum(varies.values()), short, rows)


def figures_table(f: BankFigures) -> str:
    """Lay the figures out as the table ``rulesdojo bank stats`` prints."""
    from .rulings import ruling
    head = f"{'ruling':<18} {'questions':>9} {'cards':>5} {'varying':>7}  shapes"
    lines = [head, "-" * len(head)]
    for r in f.rulings:
        short = [w for w, bad in ((f"{r.questions} questions", r.questions < TARGETS["per_ruling"]),
                                  (f"{r.cards} cards", r.cards < TARGETS["cards"]),
                                  (f"{len(r.shapes)} shapes", len(r.shapes) < TARGETS["shapes"])) if bad]
        mark = f"   (short: {', '.join(short)})" if short else ""
        lines.append(f"{ruling(r.tag).name:<18} {r.questions:>9} {r.cards:>5} {r.varying:>7}  "
                     f"{', '.join(r.shapes) or '-'}{mark}")
    lines += ["", f"questions: {f.questions} (target {TARGETS['questions']})",
              f"answers varying between variants: {f.varying} of {f.questions} "
              f"({f.share_varying:.0%}; target {TARGETS['varying']:.0%})",
              f"order questions with fewer than {TARGETS['order_options']} options: {len(f.short_orders)}"
              + (f" ({', '.join(f.short_orders)})" if f.short_orders else ""),
              f"rulings meeting 8 questions, 3 cards, 3 shapes: {sum(r.met for r in f.rulings)} of {len(f.rulings)}"]
    return "\n".join(lines)
