"""A simulated class of 40 learners whose answers before and after three lessons are known, written
through the results store's API, with the rows it wrote for the tests to work the figures out by hand.

- Lesson 2 (Energy ruling 2): a quarter right before, most right after: a clear gain.
- Lesson 4 (Energy rulings 3 and 5): two before questions and three checks: a gain.
- Lesson 3 (Energy ruling 7): half right before, fewer after: no gain, to be flagged.
- Lesson 5: six learners only: a figure with a wide interval, and no verdict.
Two days after the lessons each learner practises an Energy ruling 2 question (four in five right),
and an hour after them, one more, all wrong, which is too soon to count as retention.

The same class also practises with spaced review (``practise_reviews``): rulings whose forgetting
curves are known, three weak and three strong, scheduled by FSRS for ninety days.
"""

from __future__ import annotations

import random
import time

import pytest

from rulesdojo.quiz.store import AttemptRecord

LEARNERS = 40
DAY = 86400.0
T0 = 1_800_000_000.0  # when the lessons were taken

#: lesson -> (part -> who got it right, for learner number i); "before:R" parts are the before questions
BEHAVIOUR = {
    "02-cant-pay-more": {"before:E2": lambda i: i % 4 == 0, "fifteen": lambda i: i < 32,
                         "seven-activate": lambda i: i % 5 != 4},
    "04-may-pay": {"before:E3": lambda i: i % 2 == 0, "before:E5": lambda i: i % 3 == 0,
                   "brawler-damage": lambda i: i < 36, "if-you-do": lambda i: i % 4 != 3,
                   "when-you-do": lambda i: i % 2 == 0 or i < 20},
    "03-energy-isnt-mana": {"before:E7": lambda i: i % 2 == 0, "next-turn": lambda i: i % 2 == 0,
                            "reflecting-pool": lambda i: i % 3 == 0, "ten-energy": lambda i: i % 2 == 1},
}
FEW = ("05-fizzle", {"before:E8": lambda i: i % 2 == 0, "lightning-energy": lambda i: i % 3 != 0}, 6)
PRACTICE_QUESTION = "architect-beast-no-landfall"  # tagged Energy ruling 2 alone


def key(i: int) -> str:
    return f"{i:032x}"


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self) -> float:
        return self.now


def build(open_store) -> list[tuple]:
    """Write the class into the results, each learner through a store of their own (``open_store()``,
    as each learner's kernel has); return the lesson rows written: (learner, lesson, part, right)."""
    clock = Clock()
    rows = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(time, "time", clock)
        for i in range(LEARNERS):
            clock.now = T0
            store = open_store()
            lessons = [*BEHAVIOUR.items(), *([FEW[:2]] if i < FEW[2] else [])]
            for lesson, parts in lessons:
                store.mark_part(key(i), lesson, "task-done", None)  # a task: no first try, in no figure
                for part, right in parts.items():
                    store.mark_part(key(i), lesson, part, right(i))
                    rows.append((key(i), lesson, part, right(i)))
            for when, right, n in ((DAY / 24, False, "soon"), (2 * DAY, i % 5 != 0, "later")):
                clock.now = T0 + when
                session = f"practice-{n}-{i}"
                store.save_attempt(AttemptRecord(session, "", f"Learner {i}", "practice", clock.now,
                                                 learner_key=key(i)))
                store.record(f"Learner {i}", session, "practice", PRACTICE_QUESTION, 1, "x", right, 3.0)
        clock.now = T0
        open_store().mark_part(key(99), "02-cant-pay-more", "before:E2", True)  # never reached the checks
        rows.append((key(99), "02-cant-pay-more", "before:E2", True))
    return rows


# --- Spaced review: the same class practising rulings whose forgetting curves are known ---

#: ruling -> (the days after which a learner meeting it first recalls it nine times in ten, and the
#: factor by which each right answer lengthens that): three weak rulings, forgotten within a day and
#: slow to settle, and three strong ones
WEAK = {"E3": (0.5, 1.6), "E5": (0.7, 1.8), "E7": (0.6, 1.7)}
STRONG = {"E2": (4.0, 3.0), "E6": (5.0, 3.2), "L1": (6.0, 3.5)}
CURVES = {**WEAK, **STRONG}
#: the shape of the forgetting curves: recall after t days of a memory of stability S is
#: (1 + F t / S) ** DECAY, the power law of FSRS 4.5, which is not the one the scheduler (FSRS 6) fits
DECAY = -0.5
FACTOR = 0.9 ** (1 / DECAY) - 1
REVIEW_DAYS = 90


def true_recall(stability: float, days: float) -> float:
    return (1 + FACTOR * days / stability) ** DECAY


def practise_reviews(bank, learning: float = 1.0, seed: int = 7, learners: int = LEARNERS):
    """Run the class through ``REVIEW_DAYS`` days of practice: each evening a learner answers what the
    scheduler draws (due first, then at most two new questions; two questions per ruling of
    ``CURVES``) and is right with the chance their forgetting curve gives; each right answer lengthens
    the memory by the ruling's factor times ``learning``, a miss shortens it. Return the decks by
    learner key and, per answer to a ruling met before, (ruling, predicted recall, right, days the
    ruling's card had been given, days since its last review)."""
    from rulesdojo.quiz.review import RULING, Deck, draw
    pool = []
    for r in CURVES:
        pool += sorted((q for q in bank if q.tags.get("rulings") == [r]), key=lambda q: q.id)[:2]
    rng = random.Random(seed)
    decks, seen = {}, []
    for i in range(learners):
        deck = decks[key(i)] = Deck()
        memory: dict[str, tuple[float, float]] = {}  # ruling -> (stability in days, when last met)
        for day in range(REVIEW_DAYS):
            at = T0 + day * DAY + 18 * 3600
            for q in draw(deck, pool, at, 20, limit=2, seed=i, fill=False):
                (r,) = q.tags["rulings"]
                first, grows = CURVES[r]
                s, last = memory.get(r, (first, at))
                right = rng.random() < (true_recall(s, (at - last) / DAY) if r in memory else 0.5)
                card = deck.cards.get((RULING, r))
                if card is not None:
                    given = (card.due - card.last_review).total_seconds() / DAY
                    seen.append((r, deck.recall(RULING, r, at), right, given, (at - card.last_review.timestamp()) / DAY))
                memory[r] = (s * grows * learning if right else max(first / 2, s * 0.4), at)
                deck.answer(q, right, False, 35.0, at)
                at += 60
    return decks, seen


def calibration(seen) -> tuple[float, list[tuple[int, int, float, float]]]:
    """Return the calibration error of predicted recall on answers a day or more after the ruling's
    last review (a review the same day is predicted certain, and almost is: counting those would
    flatter any scheduler), binned by prediction in tenths: the mean gap between a bin's mean
    prediction and its share right, weighted by the bin's answers; and the bins: (tenth, answers,
    mean predicted, share right)."""
    bins: dict[int, list[tuple[float, bool]]] = {}
    for _r, predicted, right, _given, elapsed in seen:
        if elapsed >= 1:
            bins.setdefault(min(int(predicted * 10), 9), []).append((predicted, right))
    rows = [(b, len(v), sum(p for p, _ in v) / len(v), sum(ok for _, ok in v) / len(v))
            for b, v in sorted(bins.items())]
    return sum(n * abs(p - ok) for _b, n, p, ok in rows) / sum(n for _b, n, _p, _ok in rows), rows
