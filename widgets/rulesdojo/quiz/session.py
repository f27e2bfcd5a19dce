"""One candidate's quiz: the questions drawn, answers graded by the engine, time kept, results saved.

No UI here: the quiz widget shows a session and passes the candidate's answers in.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass
from typing import Callable

from .store import ResultStore
from .variant import Variant, Verdict


@dataclass(frozen=True)
class Answered:
    """One graded answer, for the score and the review screen."""

    question: str
    prompt: str
    answer: str
    verdict: Verdict
    seconds: float


class QuizSession:
    """Run a quiz: practice (feedback after each answer) or exam (feedback at the end).

    >>> from rulesdojo.quiz import load_bank
    >>> qs = load_bank().select(tags=["E2"], n=2, seed=3)
    >>> s = QuizSession(qs, "Ana", "practice", seed=3, store=None)
    >>> v = s.submit("not a number"); s.score, s.done
    ((0, 1), False)
    >>> s.next(); _ = s.submit(s.current.solution().right_answer_text); s.score, s.done
    ((1, 2), False)
    >>> s.next(); s.done
    True
    """

    def __init__(self, questions, candidate: str, mode: str = "practice", *, seed: int = 0,
                 store: ResultStore | None = None, time_limit: float | None = None,
                 clock: Callable[[], float] = time.monotonic):
        if mode not in ("practice", "exam"):
            raise ValueError(f"mode is 'practice' or 'exam', not {mode!r}")
        self.candidate, self.mode, self.seed, self.store = candidate, mode, seed, store
        self.id = uuid.uuid4().hex[:12]
        self.variants: list[Variant] = [q.variant(seed=f"{seed}:{i}") for i, q in enumerate(questions)]
        self.answered: list[Answered] = []
        self.index = 0
        self.clock = clock
        self.started = clock()
        self.deadline = self.started + time_limit if time_limit else None
        self._shown_at = self.started
        self.ended_by: str | None = None  # "finished" | "time"

    @property
    def total(self) -> int:
        return len(self.variants)

    @property
    def current(self) -> Variant | None:
        return None if self.done else self.variants[self.index]

    @property
    def done(self) -> bool:
        return self.ended_by is not None or self.index >= self.total

    @property
    def awaiting_next(self) -> bool:
        """In practice, an answered question stays up (with its feedback) until ``next``."""
        return not self.done and len(self.answered) > self.index

    @property
    def score(self) -> tuple[int, int]:
        return sum(a.verdict.correct for a in self.answered), len(self.answered)

    @property
    def remaining(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - self.clock())

    def submit(self, answer) -> Verdict:
        """Grade the current question's answer and save it; in an exam, move on at once."""
        if self.done or self.awaiting_next:
            raise ValueError("There is no open question to answer.")
        if self.remaining == 0:
            self.finish("time")
            raise ValueError("Time is up.")
        v = self.variants[self.index]
        verdict = v.grade(answer)
        now = self.clock()
        self.answered.append(Answered(v.id, v.prompt, verdict.answer_text or str(answer), verdict,
                                      now - self._shown_at))
        if self.store is not None:
            self.store.record(self.candidate, self.id, self.mode, v.id, _seed_number(v.seed),
                              verdict.answer_text or str(answer), verdict.correct, now - self._shown_at)
        if self.mode == "exam":
            self.next()
        if self.index >= self.total and self.ended_by is None:
            self.ended_by = "finished"
        return verdict

    def next(self) -> None:
        """Show the next question."""
        if self.index < self.total and len(self.answered) > self.index:
            self.index += 1
            self._shown_at = self.clock()
        if self.index >= self.total and self.ended_by is None:
            self.ended_by = "finished"

    def tick(self) -> bool:
        """Check the clock; end the quiz when time is up. Return whether it just ended."""
        if not self.done and self.remaining == 0:
            self.finish("time")
            return True
        return False

    def finish(self, reason: str = "finished") -> None:
        """End the quiz; questions not answered count as wrong in the review."""
        if self.ended_by is None:
            self.ended_by = reason

    def review(self) -> list[tuple[Variant, Answered | None]]:
        """Pair each question with its answer (None when time ran out first)."""
        by_index = dict(enumerate(self.answered))
        return [(v, by_index.get(i)) for i, v in enumerate(self.variants)]


def _seed_number(seed) -> int:
    digits = "".join(ch for ch in str(seed) if ch.isdigit())
    return int(digits[-9:]) if digits else 0
