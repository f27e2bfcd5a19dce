"""One candidate's quiz: the questions drawn, answers graded by the engine, time kept, results saved.

No UI here: the quiz widget shows a session and passes the candidate's answers in. An attempt's
state and deadline go to the store with every answer, so a new kernel can resume it
(``QuizSession.resume``) with the same questions and the clock still running. One page holds an
attempt at a time: resuming takes it over, and the page that held it is refused at its next answer
(``AttemptClosed``), as is every page once the attempt has ended.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .store import AttemptClosed, AttemptRecord, ResultStore
from .variant import Variant, Verdict

if TYPE_CHECKING:
    from .review import Deck

MAX_ANSWER = 200  # characters: the longest right answer is a few trigger names
#: questions between a miss in a practice and its return as another variant, in the same practice:
#: FSRS relearns a card missed minutes later, and a practice's questions take about a minute each
AGAIN_AFTER = 3


def _words(text: str) -> str:
    """Mark a sentence for the interface catalog (Babel extracts ``_words(...)``): a page says it in
    the learner's language (``Refusal.msgid``, ``params``); here it stays English."""
    return text


class Refusal(ValueError):
    """A refusal the page says in the learner's language: ``msgid`` is its English sentence with
    ``{placeholders}``, ``params`` their values (the English message is ``str(exc)``)."""

    def __init__(self, msgid: str, **params):
        super().__init__(msgid.format(**params) if params else msgid)
        self.msgid, self.params = msgid, params


class AnswerError(Refusal):
    """Refuse an answer that can't be taken (too long); the question stays open."""


class NotYourAttempt(Refusal):
    """Refuse to resume or review, under a typed name, an attempt started in another browser."""

    def __init__(self):
        super().__init__(_words("This name has an exam attempt that was started in another browser, so it "
                                "can't be opened here. Go on in the browser where you started it, or ask your "
                                "mentor."))


class StartRefused(Refusal):
    """Refuse to start an exam attempt: the candidate has used their attempts, an attempt was just
    started on another page, or the results can't be written to check."""


class NoOpenQuestion(Refusal):
    """Refuse an answer with no question open: the time ran out, or the question was answered."""


__all__ = ["AnswerError", "Answered", "AttemptClosed", "NoOpenQuestion", "NotYourAttempt", "QuizSession",
           "Refusal", "StartRefused"]


@dataclass(frozen=True)
class Answered:
    """One graded answer, for the score and the review screen."""

    question: str
    prompt: str
    answer: str
    verdict: Verdict
    seconds: float


class QuizSession:
    """Run a quiz: practice (feedback after each answer) or exam (feedback as the exam says).

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
                 clock: Callable[[], float] = time.time, exam: str = "", feedback: str | None = None,
                 variants: list[Variant] | None = None, spaced: bool = False, learner_key: str = "",
                 attempts: int | None = None, reviewer: str = ""):
        """Start a new attempt; an exam's is added to the store only while the candidate has no
        attempt open and fewer than ``attempts`` in all, and the store can be written (else
        ``StartRefused``)."""
        if mode not in ("practice", "exam"):
            raise ValueError(f"mode is 'practice' or 'exam', not {mode!r}")
        self.candidate, self.mode, self.seed, self.store = candidate, mode, seed, store
        self.learner_key = learner_key  # the browser a typed name came from; "" for a vouched identity
        self.exam = exam
        self.spaced = spaced  # bring a missed question back a few questions later
        self.reviewer = reviewer  # whose review cards each answer reviews ("": none kept)
        self._deck: Deck | None = None  # the reviewer's cards, read at the first answer
        self.feedback = feedback or ("after-each" if mode == "practice" else "after-submit")
        self.id = uuid.uuid4().hex[:12]
        self.learner_key = learner_key  # the browser's opaque key, kept with the attempt
        self.page = uuid.uuid4().hex  # this page's hold on the attempt
        self.variants: list[Variant] = variants if variants is not None else [
            q.variant(seed=f"{seed}:{i}") for i, q in enumerate(questions)]
        self.answered: list[Answered] = []
        self.index = 0
        self.resumed = False  # rebuilt from the store by ``resume``
        self.clock = clock
        self.started = clock()
        self.deadline = self.started + time_limit if time_limit else None
        self._shown_at = self.started
        self.ended_by: str | None = None  # "finished" | "time"
        self.ended: float | None = None
        if store is not None and mode == "exam":  # counted where stored: an exam needs the store now
            added = store.create_attempt(self.record(), attempts)
            if not added:
                raise (StartRefused(_words("This exam can't be started again.")) if added is False else
                       StartRefused(_words("The exam can't start now: {why}. Try again in a moment, or ask "
                                           "your mentor to check it."), why=store.why))
        else:
            self.save()

    @classmethod
    def resume(cls, record: AttemptRecord, bank, store: ResultStore | None,
               clock: Callable[[], float] = time.time, learner_key: str = "",
               vouched: bool = False, reviewer: str = "") -> "QuizSession":
        """Rebuild an unfinished attempt from its stored row and answers (same questions, same
        clock) and take it over from the page that held it.

        Unless the server ``vouched`` for the name, an attempt started in another browser (another
        ``learner_key``) is refused (``NotYourAttempt``).
        """
        if not vouched and record.learner_key and learner_key != record.learner_key:
            raise NotYourAttempt()
        state = json.loads(record.state)
        variants = [bank[qid].variant(seed=seed) for qid, seed in state["questions"]]
        s = cls([], record.candidate, record.mode, seed=state.get("seed", 0), store=None, clock=clock,
                exam=record.exam, feedback=state.get("feedback"), variants=variants,
                learner_key=record.learner_key, reviewer=reviewer)
        s.id, s.started, s.deadline = record.id, record.started, record.deadline
        s.resumed = True
        if store is not None:
            if record.ended is None and not store.take_over(record, s.page):
                raise StartRefused(_words("The exam can't be resumed now: {why}. Try again in a moment, or "
                                          "ask your mentor to check it."), why=store.why)
            given = store.answers(record.id)
            for v in variants:  # one answer per question, the first given
                a = next((a for a in given if a.question == v.id), None)
                if a is None:
                    break
                given.remove(a)
                s.answered.append(Answered(v.id, v.prompt, a.answer, v.grade(a.answer), a.seconds))
                s.index += 1
        s.store = store
        s._shown_at = clock()
        if s.index >= s.total:
            s.finish("finished")
        return s

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
        """With feedback after each answer, the answered question stays up until ``next``."""
        return not self.done and len(self.answered) > self.index

    @property
    def score(self) -> tuple[int, int]:
        return sum(a.verdict.correct for a in self.answered), len(self.answered)

    @property
    def remaining(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - self.clock())

    def record(self) -> AttemptRecord:
        """Return this attempt as the store keeps it."""
        state = {"questions": [[v.id, v.seed] for v in self.variants], "seed": self.seed,
                 "feedback": self.feedback}
        return AttemptRecord(self.id, self.exam, self.candidate, self.mode, self.started, self.deadline,
                             self.ended, self.ended_by, self.score[0] if self.ended_by else None,
                             self.total, json.dumps(state), self.learner_key, self.page)

    def save(self) -> None:
        """Write the attempt's row (its state) to the store."""
        if self.store is not None:
            self.store.save_attempt(self.record())

    def submit(self, answer) -> Verdict:
        """Grade the current question's answer and save it; without feedback, move on at once."""
        if self.store is not None:
            self.store.check_open(self.id)
        if self.done or self.awaiting_next:
            raise NoOpenQuestion(_words("There is no open question to answer."))
        if self.remaining == 0:
            self.finish("time")
            raise NoOpenQuestion(_words("Time is up."))
        if len(str(answer)) > MAX_ANSWER:
            raise AnswerError(_words("An answer is at most {most} characters; this one has {n}."),
                              most=MAX_ANSWER, n=len(str(answer)))
        v = self.variants[self.index]
        verdict = v.grade(answer)
        now = self.clock()
        given = verdict.answer_text or str(answer)
        self.answered.append(Answered(v.id, v.prompt, given, verdict, now - self._shown_at))
        if self.store is not None:
            self._review(v, verdict.correct, now - self._shown_at, now)  # written with the answer
            self.store.record(self.candidate, self.id, self.mode, v.id, _seed_number(v.seed),
                              given, verdict.correct, now - self._shown_at)
        if self.spaced and not verdict.correct:
            self._bring_back(v)
        if self.feedback != "after-each":
            self.next()
        if self.index >= self.total and self.ended_by is None:
            self.finish("finished")
        return verdict

    @property
    def deck(self) -> Deck | None:
        """The reviewer's review cards as this attempt's answers left them (None: no answer reviewed)."""
        return self._deck

    def _review(self, v: Variant, correct: bool, seconds: float, now: float) -> None:
        """Review the question's card and its rulings' for the reviewer, held for the store's next
        write (the answer's)."""
        if not self.reviewer or self.store is None:
            return
        from . import review  # the scheduler, loaded at the first answer kept
        if self._deck is None:
            self._deck = review.load(self.store, self.reviewer)
        self._deck.answer(v.question, correct, False, seconds, now)
        review.record(self.store, self.reviewer, self._deck, write=False)

    def _bring_back(self, v: Variant) -> None:
        """Ask a missed question again a few questions later, in place of one not yet asked: a
        practice of N questions stays N."""
        if sum(x.id == v.id for x in self.variants) > 1:
            return  # once per practice: the second miss is for the next practice
        at = min(self.index + 1 + AGAIN_AFTER, self.total - 1)
        if at <= self.index:
            return  # the last question: it comes back in the next practice
        self.variants[at] = another_variant(v)
        self.save()

    def next(self) -> None:
        """Show the next question."""
        if self.index < self.total and len(self.answered) > self.index:
            self.index += 1
            self._shown_at = self.clock()
        if self.index >= self.total and self.ended_by is None:
            self.finish("finished")

    def tick(self) -> bool:
        """Check the clock; end the quiz when time is up. Return whether it just ended."""
        if not self.done and self.remaining == 0:
            self.finish("time")
            return True
        return False

    def finish(self, reason: str = "finished") -> None:
        """End (and submit) the attempt; questions not answered count as wrong."""
        if self.ended_by is None:
            self.ended_by = reason
            self.ended = self.clock()
            self.save()

    def review(self) -> list[tuple[Variant, Answered | None]]:
        """Pair each question with its answer (None when time ran out first)."""
        by_index = dict(enumerate(self.answered))
        return [(v, by_index.get(i)) for i, v in enumerate(self.variants)]


#: how many seeds are tried for a variant that asks a missed question in other numbers or cards
OTHER_VARIANT_TRIES = 12


def another_variant(v: Variant) -> Variant:
    """Return a variant of ``v``'s question that asks it differently (other values, another
    prompt), so that a missed question comes back as a new case, not the one just answered; the
    same variant only when the question has no other.

    >>> from rulesdojo.quiz import load_bank
    >>> v = load_bank()["architect-landfall-one-energy"].variant(seed=3)
    >>> again = another_variant(v)
    >>> (again.values, again.prompt) != (v.values, v.prompt), again.seed
    (True, '3:again')
    """
    for n in range(OTHER_VARIANT_TRIES):
        seed = f"{v.seed}:again" + (f"{n}" if n else "")
        other = v.question.variant(seed=seed)
        if other.values != v.values and other.prompt != v.prompt:
            return other
    return v.question.variant(seed=f"{v.seed}:again")


def _seed_number(seed) -> int:
    digits = "".join(ch for ch in str(seed) if ch.isdigit())
    return int(digits[-9:]) if digits else 0
