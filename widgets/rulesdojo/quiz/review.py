"""Spaced review with FSRS: each seed ruling, and each question a learner has met, is a card of the
learner's, scheduled by the FSRS scheduler (the ``fsrs`` package, the one inside Anki).

Every answer is a review of its question and of each ruling it is tagged with, rated from the
answer alone (``rating``): the learner never grades themselves. Practice draws what is due first,
then new questions, at most ``DAILY_NEW`` a day (``draw``). A learner's cards and review log are
kept in the results store under their learner key (``load``, ``record``).

>>> from rulesdojo.quiz import load_bank
>>> q = load_bank()["steppe-lynx-two-landfalls"]
>>> deck = Deck()
>>> [r.kind for r in deck.answer(q, True, False, 40.0, T0)]
['question', 'ruling']
>>> deck.due(T0 + 3 * DAY)
[('question', 'steppe-lynx-two-landfalls'), ('ruling', 'L1')]
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

QUESTION, RULING = "question", "ruling"
DAY = 86400.0
T0 = 1_800_000_000.0  # a fixed instant for the examples
#: the most questions a learner meets for the first time in one day, unless they set another (Anki's
#: default for new cards a day)
DAILY_NEW = 20
#: seconds under which a right answer counts as fast (Easy), by question kind: about the time to read
#: the prompt and give the answer without working it out. A choice or a policy is one click; an
#: outcome is a number read off a board; an order arranges several objects on the stack.
FAST_SECONDS = {"choice": 12.0, "policy": 12.0, "outcome": 20.0, "order": 30.0}
#: for a kind not listed above
FAST_OTHER = 20.0


def rating(correct: bool, hinted: bool, seconds: float | None, kind: str) -> Rating:
    """Rate an answer for the scheduler: wrong is Again, right after a hint is Hard, right is Good,
    right and fast (under ``FAST_SECONDS`` for the question's kind) is Easy; an answer whose time
    was not kept (None) is never fast.

    >>> [rating(*a).name for a in [(False, False, 3.0, "choice"), (True, True, 3.0, "choice"),
    ...                            (True, False, 30.0, "choice"), (True, False, 5.0, "choice")]]
    ['Again', 'Hard', 'Good', 'Easy']
    """
    if not correct:
        return Rating.Again
    if hinted:
        return Rating.Hard
    fast = seconds is not None and seconds < FAST_SECONDS.get(kind, FAST_OTHER)
    return Rating.Easy if fast else Rating.Good


def scheduler(parameters=None) -> Scheduler:
    """Return the scheduler: FSRS's default parameters (or a learner's own), 90% recall wanted,
    and no fuzz on the intervals, so that a schedule is the same each time it is worked out.

    >>> scheduler().desired_retention
    0.9
    """
    if parameters:
        return Scheduler(tuple(parameters), desired_retention=0.9, enable_fuzzing=False)
    return Scheduler(desired_retention=0.9, enable_fuzzing=False)


def utc(at: float) -> datetime:
    """Return an instant in seconds since the epoch as the scheduler takes it: a UTC datetime."""
    return datetime.fromtimestamp(at, tz=timezone.utc)


def card_id(kind: str, item: str) -> int:
    """Number a card by what it is: the same item has the same number for every learner.

    >>> card_id("ruling", "E2") == card_id("ruling", "E2") != card_id("question", "E2")
    True
    """
    return int.from_bytes(hashlib.sha256(f"{kind}:{item}".encode()).digest()[:6], "big")


@dataclass(frozen=True)
class Review:
    """One review of one card: what, how it was rated, when, how long the answer took (0: not kept),
    and the days the card had been given before it (0 for a first review)."""

    kind: str
    item: str
    rating: int
    reviewed_at: float
    seconds: float
    scheduled_days: float


class Deck:
    """A learner's cards and their review log; ``changed`` holds the reviews not yet kept."""

    def __init__(self, cards: dict | None = None, log: list[Review] | None = None, parameters=None):
        self.cards: dict[tuple[str, str], Card] = dict(cards or {})
        self.log: list[Review] = list(log or [])
        self.scheduler = scheduler(parameters)
        self.changed: list[Review] = []

    def review(self, kind: str, item: str, rated: Rating, at: float, seconds: float | None) -> Review:
        """Review one card (made at its first review) at ``at`` (seconds since the epoch)."""
        card = self.cards.get((kind, item)) or Card(card_id=card_id(kind, item), due=utc(at))
        given = (card.due - card.last_review).total_seconds() / DAY if card.last_review else 0.0
        took = None if seconds is None else int(seconds * 1000)  # milliseconds, as FSRS keeps them
        card, _log = self.scheduler.review_card(card, rated, utc(at), took)
        self.cards[(kind, item)] = card
        done = Review(kind, item, int(rated), at, seconds or 0.0, given)
        self.log.append(done)
        self.changed.append(done)
        return done

    def answer(self, question, correct: bool, hinted: bool, seconds: float | None, at: float,
               practised: bool = True) -> list[Review]:
        """Review a question (one practice draws: ``practised``) and each ruling it is tagged with,
        rated from the answer (``rating``)."""
        rated = rating(correct, hinted, seconds, question.kind)
        return [*([self.review(QUESTION, question.id, rated, at, seconds)] if practised else []),
                *(self.review(RULING, t, rated, at, seconds) for t in question.tags.get("rulings", []))]

    def due(self, at: float) -> list[tuple[str, str]]:
        """Return the cards due at ``at``, most overdue first."""
        now = utc(at)
        return [k for k, c in sorted(self.cards.items(), key=lambda kc: (kc[1].due, kc[0])) if c.due <= now]

    def recall(self, kind: str, item: str, at: float) -> float:
        """Return the predicted chance that the learner recalls a card at ``at`` (0 for one never met)."""
        card = self.cards.get((kind, item))
        return self.scheduler.get_card_retrievability(card, utc(at)) if card else 0.0

    def new_today(self, at: float) -> int:
        """Count the questions first met on the day of ``at`` (a day in UTC)."""
        day = int(at // DAY)
        first: dict[str, float] = {}
        for r in self.log:
            if r.kind != QUESTION:  # a ruling's review
                continue
            first.setdefault(r.item, r.reviewed_at)
        return sum(int(t // DAY) == day for t in first.values())

    def comes_back(self, kind: str, item: str, at: float) -> str:
        """Say when a card is due again, from ``at``: "now", "in 1 day", "in 6 days".

        >>> d = Deck()
        >>> _ = d.review("ruling", "E2", Rating.Good, T0, 9.0), d.review("ruling", "E2", Rating.Good, T0 + 600, 9.0)
        >>> d.comes_back("ruling", "E2", T0 + 600)
        'in 2 days'
        """
        card = self.cards.get((kind, item))
        days = round((card.due - utc(at)) / timedelta(days=1)) if card else 0
        return "now" if days <= 0 else f"in {days} day{'s' if days != 1 else ''}"


def draw(deck: Deck, questions, at: float, n: int, limit: int = DAILY_NEW, seed=0, fill: bool = True) -> list:
    """Choose up to ``n`` practice questions from ``questions``: first those due (a due question
    itself; for a due ruling, its question met longest ago, else one not met while the day's limit
    allows), most overdue first; then questions not met yet, rulings not met first, so that at most
    ``limit`` are met for the first time that day; then, to fill the practice (unless not to
    ``fill``), the met questions least likely recalled now.

    >>> from rulesdojo.quiz import load_bank
    >>> pool = load_bank().select(tags=["L1"])
    >>> len(draw(Deck(), pool, T0, 10, limit=3))
    3
    """
    pool = {q.id: q for q in questions}
    chosen: dict[str, object] = {}
    room = limit - deck.new_today(at)
    for kind, item in deck.due(at):
        q = _for_ruling(deck, pool, item, chosen, room > 0) if kind != QUESTION else pool.get(item)
        if q is not None and q.id not in chosen:
            chosen[q.id] = q
            room -= (QUESTION, q.id) not in deck.cards
    rng = random.Random(f"review:{seed}")
    unmet = [q for q in pool.values() if (QUESTION, q.id) not in deck.cards and q.id not in chosen]
    rng.shuffle(unmet)
    unmet.sort(key=lambda q: all((RULING, t) in deck.cards for t in q.tags.get("rulings", [])))
    for q in unmet[:max(0, room)]:
        chosen[q.id] = q
    ahead = sorted((q for q in pool.values() if fill and (QUESTION, q.id) in deck.cards and q.id not in chosen),
                   key=lambda q: (deck.recall(QUESTION, q.id, at), q.id))
    return [*chosen.values(), *ahead][:n]


def _for_ruling(deck: Deck, pool: dict, ruling: str, chosen: dict, new: bool):
    """Return the question that reviews a ruling: one of its questions met longest ago, else one
    not met (the first by id) if a ``new`` one may be; None when the pool holds none."""
    tagged = [q for q in pool.values() if ruling in q.tags.get("rulings", []) and q.id not in chosen]
    if not tagged:
        return None
    met = [q for q in tagged if (QUESTION, q.id) in deck.cards]
    if met:
        return min(met, key=lambda q: (deck.cards[(QUESTION, q.id)].last_review, q.id))
    return min(tagged, key=lambda q: q.id) if new else None


def load(store, learner: str) -> Deck:
    """Return a learner's deck as the results store keeps it (an empty one with no store or key),
    scheduled with the parameters fitted to their own log when the store keeps some the scheduler
    takes (``optimize``), else FSRS's defaults."""
    if store is None or not learner:
        return Deck()
    cards = {(kind, item): Card.from_json(card) for kind, item, card, _due in store.review_cards(learner)}
    log = [Review(*r[1:]) for r in store.review_log(learner)]
    try:
        return Deck(cards, log, store.parameters(learner))
    except ValueError:  # kept parameters the scheduler refuses (out of its bounds): its defaults
        return Deck(cards, log)


def record(store, learner: str, deck: Deck, write: bool = True) -> bool:
    """Keep the reviews ``deck`` made since the last call, with their cards, in the store (now, or
    not to ``write`` them yet: at the store's next write); return False when some are only kept in
    memory for now (the store's ``problem`` says why)."""
    saved = True
    for n, r in enumerate(deck.changed, 1):
        card = deck.cards[(r.kind, r.item)]
        saved = store.save_review(learner, r.kind, r.item, card.to_json(), card.due.timestamp(),
                                  (r.rating, r.reviewed_at, r.seconds, r.scheduled_days),
                                  write and n == len(deck.changed)) and saved
    deck.changed = []
    return saved


#: the fewest reviews a learner's log holds before parameters are fitted to it: FSRS's own advice is
#: hundreds, under which the defaults, fitted to many thousands of learners, predict better
MIN_REVIEWS = 400


def optimize(store, learner: str, at: float) -> tuple[bool, str]:
    """Fit the scheduler's parameters to a learner's own review log and keep them in the store,
    where ``load`` finds them; return whether they were, and a plain sentence saying what happened
    or why not (the optimizer not installed, too short a log, results that can't be written)."""
    deck = load(store, learner)
    if not deck.log:
        return False, f"No reviews of learner {learner!r} in the results."
    fitted = optimized_parameters(deck)
    if isinstance(fitted, str):
        return False, fitted
    if len(deck.log) < MIN_REVIEWS:
        return False, (f"Learner {learner!r} has {len(deck.log)} reviews; parameters are fitted from "
                       f"{MIN_REVIEWS} on (fewer fit the defaults' job worse).")
    if not store.save_parameters(learner, fitted, len(deck.log), at):
        return False, f"The parameters can't be kept now: {store.problem}"
    return True, f"Parameters fitted to {len(deck.log)} reviews of learner {learner!r} and kept: their practice uses them."


def optimized_parameters(deck: Deck) -> list[float] | str:
    """Return FSRS parameters fitted to a learner's own review log, or a plain message saying why
    not: the optimizer needs extra packages (``pip install 'fsrs[optimizer]'``)."""
    import importlib.util
    if importlib.util.find_spec("torch") is None:  # what fsrs's optimizer needs, which fsrs leaves out
        return "Optimizing a learner's parameters needs the optimizer: pip install 'fsrs[optimizer]'"
    from fsrs import ReviewLog
    from fsrs.optimizer import Optimizer
    logs = [ReviewLog(card_id(r.kind, r.item), Rating(r.rating), utc(r.reviewed_at), int(r.seconds * 1000))
            for r in deck.log]
    return list(Optimizer(logs).compute_optimal_parameters())
