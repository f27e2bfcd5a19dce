"""A learner's reviews seeded through the results store before a page opens: choice questions
(answered with the keys 1-4 and Enter) answered three days ago, so that their rulings are due."""

from __future__ import annotations

import time

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.review import DAY, Deck, record
from rulesdojo.quiz.store import ResultStore

#: the learner key of the browser whose reviews are seeded
KEY = "5eed" * 8


def due_questions(n: int = 3) -> list:
    """Return ``n`` choice questions each of one ruling of its own."""
    chosen, seen = [], set()
    for q in load_bank():
        rulings = q.tags.get("rulings", [])
        if q.kind == "choice" and len(rulings) == 1 and rulings[0] not in seen:
            chosen.append(q)
            seen.add(rulings[0])
        if len(chosen) == n:
            return chosen
    raise AssertionError("the bank has too few choice questions")


def seed(results, key: str = KEY, n: int = 3) -> int:
    """Write ``key``'s reviews of ``n`` questions, answered right in 45 s three days ago, into the
    results; return the number of rulings due now."""
    deck = Deck()
    at = time.time() - 3 * DAY
    for q in due_questions(n):
        deck.answer(q, True, False, 45.0, at)
    assert record(ResultStore(results), key, deck)
    return n
