"""Adaptive practice: draw toward the rulings a learner misses, bring missed questions back later.

Mastery of a ruling is the share of the learner's answers to its questions that were right. A
missed question is due again once ``SPACING`` other answers have passed; answered right after a miss
it comes back once more, ``LATER`` answers on, and then leaves the review (a short Leitner ladder).

>>> from rulesdojo.quiz import load_bank
>>> from rulesdojo.quiz.store import Attempt
>>> bank = load_bank()
>>> miss = Attempt("Ana", "s", "practice", "steppe-lynx-two-landfalls", 0, "1", False, 1.0, 0.0)
>>> mastery([miss], bank)["L1"]
(0, 1)
"""

from __future__ import annotations

import random

SPACING = 3   # answers between a miss and the question's return
LATER = 10    # answers between a right answer after a miss and the last return


def mastery(history, bank) -> dict[str, tuple[int, int]]:
    """Return (right, answered) per ruling, from answers to questions still in the bank."""
    out: dict[str, tuple[int, int]] = {}
    for a in history:
        if a.question not in bank:
            continue
        for ruling in bank[a.question].tags.get("rulings", []):
            right, total = out.get(ruling, (0, 0))
            out[ruling] = (right + a.correct, total + 1)
    return out


def missed_last(history, bank) -> list[str]:
    """Return the rulings whose latest answer was wrong: not yet mastered, weakest first.

    >>> from rulesdojo.quiz import load_bank
    >>> from rulesdojo.quiz.store import Attempt
    >>> rows = [Attempt("A", "s", "practice", "steppe-lynx-two-landfalls", 0, "", ok, 1.0, 0.0) for ok in (False, True)]
    >>> missed_last(rows[:1], load_bank()), missed_last(rows, load_bank())
    (['L1'], [])
    """
    last: dict[str, bool] = {}
    for a in history:
        if a.question in bank:
            last.update(dict.fromkeys(bank[a.question].tags.get("rulings", []), bool(a.correct)))
    shares = mastery(history, bank)
    return sorted((t for t, ok in last.items() if not ok), key=lambda t: (shares[t][0] / shares[t][1], t))


def due(history) -> list[str]:
    """Return the questions due for review now, most overdue first.

    >>> from rulesdojo.quiz.store import Attempt
    >>> rows = [Attempt("A", "s", "practice", q, 0, "", ok, 1.0, 0.0)
    ...         for q, ok in [("q1", False), ("q2", True), ("q3", True), ("q4", True)]]
    >>> due(rows), due(rows[:2])
    (['q1'], [])
    """
    waiting: dict[str, int] = {}  # question -> answers to wait from its last answer
    last: dict[str, int] = {}
    for i, a in enumerate(history):
        if not a.correct:
            waiting[a.question] = SPACING
        elif waiting.get(a.question) == SPACING:
            waiting[a.question] = LATER
        else:
            waiting.pop(a.question, None)
        last[a.question] = i
    n = len(history)
    ready = [(n - 1 - last[q] - gap, q) for q, gap in waiting.items() if n - 1 - last[q] >= gap]
    return [q for _, q in sorted(ready, key=lambda x: (-x[0], x[1]))]


def weight(question, shares: dict[str, tuple[int, int]]) -> float:
    """Weigh a question by how little its rulings are mastered (unseen rulings count as half)."""
    gaps = [1 - (r / n if n else 0.5) for r, n in (shares.get(t, (0, 0)) for t in question.tags["rulings"])]
    return 1 + 3 * max(gaps, default=0.5)


def pick(questions, history, bank, n: int, seed) -> list:
    """Choose ``n`` practice questions: those due for review first, then toward weak rulings."""
    rng = random.Random(f"adaptive:{seed}")
    pool = list(questions)
    by_id = {q.id: q for q in pool}
    chosen = [by_id[q] for q in due(history) if q in by_id][:max(1, n // 2)]
    shares = mastery(history, bank)
    rest = [q for q in pool if q not in chosen]
    while rest and len(chosen) < n:
        q = rng.choices(rest, weights=[weight(x, shares) for x in rest])[0]
        chosen.append(q)
        rest.remove(q)
    return chosen[:n]
