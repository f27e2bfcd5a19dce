"""What a learner has due for review today, as the course map says it, and the way to review it.

The map asks ``refresh`` with the learner's deck each time it is shown; ``review`` is the learner
asking to review what is due (the course moves to the review, which draws only that); coming back
to the map refreshes it, so the count says what is left.

>>> from rulesdojo.quiz import load_bank
>>> from rulesdojo.quiz.review import Deck, T0, DAY
>>> deck = Deck(); q = load_bank()["steppe-lynx-two-landfalls"]
>>> _ = deck.answer(q, True, False, 40.0, T0)
>>> due = ReviewsDue(); due.refresh(deck, T0 + 3 * DAY); due.said
'1 ruling to review, about 1 minute'
>>> due.refresh(deck, T0); due.said, due.count
('Next review in 10 minutes', 0)
"""

from __future__ import annotations

import math
import statistics

from traitlets import HasTraits, Int, Unicode

from ..quiz import review as spaced

#: seconds a review takes for a learner whose own review log keeps no answer's time yet: about the
#: time of a practice answer (a choice or an outcome question, read and answered)
DEFAULT_SECONDS = 30.0


def seconds_per_review(deck: spaced.Deck) -> float:
    """Return how long a review takes this learner: the median time of their answers to questions
    (the times their log keeps), else ``DEFAULT_SECONDS``.

    >>> d = spaced.Deck(log=[spaced.Review("question", "q", 3, 0.0, s, 0.0) for s in (10.0, 50.0, 20.0)])
    >>> seconds_per_review(d), seconds_per_review(spaced.Deck())
    (20.0, 30.0)
    """
    kept = [r.seconds for r in deck.log if r.kind == spaced.QUESTION and r.seconds > 0]
    return statistics.median(kept) if kept else DEFAULT_SECONDS


def review_questions(deck: spaced.Deck, questions, at: float) -> list:
    """Return the questions a review draws at ``at``: only what is due and nothing reviewed ahead
    (``quiz.review.draw`` with no new cards and no filling). A due ruling none of whose questions
    the learner has met (one learnt in a lesson's checks) is reviewed with its first question: the
    review is of the ruling, not a new question drawn for its own sake."""
    pool = list(questions)
    chosen = spaced.draw(deck, pool, at, len(pool), limit=0, fill=False)
    covered = {t for q in chosen for t in q.tags.get("rulings", [])}
    for kind, item in deck.due(at):
        if kind != spaced.RULING or item in covered:
            continue
        first = min((q for q in pool if item in q.tags.get("rulings", []) and q not in chosen),
                    key=lambda q: q.id, default=None)
        if first is not None:
            chosen.append(first)
            covered.update(first.tags.get("rulings", []))
    return chosen


def next_due(deck: spaced.Deck, at: float) -> tuple[int, str]:
    """When the learner's next card comes due, from ``at``: how many minutes, hours or days, and
    which (``(0, "")`` with no card).

    >>> d = spaced.Deck(); _ = d.review("ruling", "E2", spaced.Rating.Good, spaced.T0, 9.0)
    >>> next_due(d, spaced.T0)
    (10, 'minute')
    """
    if not deck.cards:
        return 0, ""
    left = (min(c.due for c in deck.cards.values()) - spaced.utc(at)).total_seconds()
    unit, seconds = ("minute", 60) if left < 3600 else ("hour", 3600) if left < spaced.DAY else ("day", spaced.DAY)
    return max(1, round(left / seconds)), unit


def next_review(deck: spaced.Deck, at: float) -> str:
    """Say when the learner's next card comes due, from ``at``: "" with no card.

    >>> d = spaced.Deck(); _ = d.review("ruling", "E2", spaced.Rating.Good, spaced.T0, 9.0)
    >>> next_review(d, spaced.T0), next_review(spaced.Deck(), 0.0)
    ('Next review in 10 minutes', '')
    >>> _ = d.review("ruling", "E2", spaced.Rating.Good, spaced.T0 + 600, 9.0)
    >>> next_review(d, spaced.T0 + 600), next_review(d, spaced.T0 + 1.5 * spaced.DAY)
    ('Next review in 2 days', 'Next review in 12 hours')
    """
    many, unit = next_due(deck, at)
    return f"Next review in {many} {unit}{'s' if many != 1 else ''}" if unit else ""


class ReviewsDue(HasTraits):
    """The course map's line on reviews: how many rulings are due and about how long they take,
    else when the next review comes; ``asked`` counts the learner asking to review.

    Worked out from the learner's deck alone, not the question bank, so the map is drawn before
    the bank's machinery is loaded (the static site loads it after the map): a review draws one
    question per due ruling or due question, one question reviewing a ruling and itself at once,
    so about as many questions as the more of the two (the review itself draws exactly:
    ``review_questions``).
    """

    count = Int(0)  # rulings due now (questions due, for a learner with no ruling due)
    unit = Unicode("ruling")  # what ``count`` counts
    reviews = Int(0)  # about how many questions a review draws now
    minutes = Int(0)  # about how long those take, rounded up
    said = Unicode("")  # the line the map shows, in English: "" for a learner with no reviews
    next_in = Int(0)  # with nothing due: how many ``next_unit`` until the next review (0: no reviews)
    next_unit = Unicode("")  # "minute", "hour" or "day"
    asked = Int(0)  # counts ``review``: the course moves to the review on each

    def refresh(self, deck: spaced.Deck, at: float) -> None:
        """Work out what is due at ``at`` from the learner's deck as the store keeps it now."""
        due = deck.due(at)
        rulings = sum(kind == spaced.RULING for kind, _ in due)
        self.unit = "ruling" if rulings or not due else "question"
        self.count = rulings or len(due)
        self.reviews = max(rulings, len(due) - rulings)
        self.minutes = math.ceil(self.reviews * seconds_per_review(deck) / 60)
        if self.count:
            self.said = (f"{self.count} {self.unit}{'s' if self.count != 1 else ''} to review, "
                         f"about {self.minutes} minute{'s' if self.minutes != 1 else ''}")
        else:
            self.said = next_review(deck, at)
        self.next_in, self.next_unit = (0, "") if self.count else next_due(deck, at)

    def review(self) -> None:
        """Ask to review what is due now (nothing happens with nothing due)."""
        if self.count:
            self.asked += 1
