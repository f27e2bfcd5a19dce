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
