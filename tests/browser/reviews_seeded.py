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


#: a class's rulings, with the chance a learner recalls each when it comes due: two recalled well,
#: two forgotten more often (what the retention table tells apart)
CLASS_RULINGS = {"E2": 0.95, "L1": 0.93, "E5": 0.75, "E7": 0.7}


def seed_class(results, learners: int = 12, days: int = 120, rng_seed: int = 11) -> None:
    """Write a class's reviews into the results: each learner reviews each of ``CLASS_RULINGS``'s
    rulings (with one question of it) whenever it comes due over the last ``days`` days, right with
    the ruling's chance; so reviews due after a week or more are in the log."""
    import random

    from rulesdojo.quiz.review import RULING
    bank = load_bank()
    questions = [min((q for q in bank if q.tags.get("rulings") == [r]), key=lambda q: q.id) for r in CLASS_RULINGS]
    rng = random.Random(rng_seed)
    now = time.time()
    store = ResultStore(results)
    for i in range(learners):
        deck = Deck()
        for q in questions:
            (ruling,) = q.tags["rulings"]
            at = now - days * DAY + i * 3600
            while at < now:
                deck.answer(q, rng.random() < CLASS_RULINGS[ruling], False, 40.0, at)
                at = max(deck.cards[(RULING, ruling)].due.timestamp(), at + 600)
        assert record(store, f"{i:032x}", deck)
