"""A simulated class of 40 learners whose answers before and after three lessons are known, written
through the results store's API, with the rows it wrote for the tests to work the figures out by hand.

- Lesson 2 (Energy ruling 2): a quarter right before, most right after: a clear gain.
- Lesson 4 (Energy rulings 3 and 5): two before questions and three checks: a gain.
- Lesson 3 (Energy ruling 7): half right before, fewer after: no gain, to be flagged.
- Lesson 5: six learners only: a figure with a wide interval, and no verdict.
Two days after the lessons each learner practises an Energy ruling 2 question (four in five right),
and an hour after them, one more, all wrong, which is too soon to count as retention.
"""

from __future__ import annotations

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
