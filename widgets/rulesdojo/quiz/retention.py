"""What the mentor sees of the class's reviews, per ruling: recall the scheduler predicts today and
in 30 days (the mean over the learners who have the ruling's card), and retention measured, the
share right on reviews that came due after at least ``MEASURED_AFTER`` days.

Predicted recall is FSRS's retrievability, the chance of a right answer now given the card's
stability and the days since its last review; retention measured is what the learners did when a
ruling came back after a week or more, which is what a prediction should be checked against.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from fsrs import Card

from .review import RULING, scheduler, utc

#: days a card must have been given before its review counts toward retention measured
MEASURED_AFTER = 7
#: days ahead for the second prediction
AHEAD = 30


@dataclass(frozen=True)
class RetentionRow:
    """One ruling's row: ``learners`` with its card, their mean predicted recall today and in 30
    days (0 to 1), the ``reviews`` that came due after at least a week and the share of them right
    (None when there are none)."""

    ruling: str
    name: str
    learners: int
    recall_today: float
    recall_in_30_days: float
    reviews: int
    retained: float | None


def retention_rows(cards, log, at: float, name=str) -> list[RetentionRow]:
    """Return a row per ruling with a card, by tag, from the store's ``review_cards()`` and
    ``review_log()`` rows (every learner's), at ``at``; ``name`` gives a ruling's name.

    >>> from rulesdojo.quiz.review import DAY, Deck, T0
    >>> from fsrs import Rating
    >>> d = Deck()
    >>> _ = d.review("ruling", "E2", Rating.Good, T0, 9.0), d.review("ruling", "E2", Rating.Good, T0 + 600, 9.0)
    >>> c = d.cards[("ruling", "E2")]
    >>> log = [("k", "ruling", "E2", 3, T0 + 9 * DAY, 5.0, 8.0), ("k", "ruling", "E2", 1, T0 + 20 * DAY, 5.0, 2.0)]
    >>> row, = retention_rows([("k", "ruling", "E2", c.to_json(), 0.0)], log, T0 + 600)
    >>> row.learners, row.recall_today, row.recall_in_30_days < 0.8, row.reviews, row.retained
    (1, 1.0, True, 1, 1.0)
    """
    s = scheduler()
    now = utc(at)
    kept: dict[str, list[Card]] = {}
    for _learner, kind, item, card, _due in cards:
        if kind != RULING:  # a question's card
            continue
        kept.setdefault(item, []).append(Card.from_json(card))
    measured: dict[str, list[bool]] = {}
    for _learner, kind, item, rating, _at, _seconds, given in log:
        if kind != RULING or given < MEASURED_AFTER:  # a question's review, or one too soon to measure
            continue
        measured.setdefault(item, []).append(rating > 1)
    rows = []
    for ruling, held in sorted(kept.items()):
        today = [s.get_card_retrievability(c, now) for c in held]
        later = [s.get_card_retrievability(c, now + timedelta(days=AHEAD)) for c in held]
        right = measured.get(ruling, [])
        rows.append(RetentionRow(ruling, name(ruling), len(held), round(sum(today) / len(held), 4),
                                 round(sum(later) / len(held), 4), len(right),
                                 round(sum(right) / len(right), 4) if right else None))
    return rows


def class_retention(store, at: float, name=str) -> list[RetentionRow]:
    """Return the class's rows from a results store (``retention_rows``)."""
    return retention_rows(store.review_cards(), store.review_log(), at, name)

