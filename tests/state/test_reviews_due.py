"""The course map's reviews due today, driven through its state model (``state.due.ReviewsDue``)
and through the course page as a learner uses it: the map says what is due and about how long it
takes, Review opens a practice of only that, and the map back says what is left."""

from __future__ import annotations

import time

import pytest

from rulesdojo.serve import identity
from rulesdojo.quiz import load_bank
from rulesdojo.quiz.review import DAY, QUESTION, RULING, Deck, load, record
from rulesdojo.quiz.store import ResultStore
from rulesdojo.state.due import DEFAULT_SECONDS, ReviewsDue, review_questions
from rulesdojo.views.dom import plain

BANK = load_bank()
T = 1_800_000_000.0
LYNX = BANK["steppe-lynx-two-landfalls"]  # a question of one ruling, L1


def of_rulings(n: int) -> list:
    """Return questions that between them are tagged with ``n`` rulings or more, each adding one."""
    chosen, seen = [], set()
    for q in BANK:
        new = set(q.tags.get("rulings", [])) - seen
        if len(new) == 1:
            chosen.append(q)
            seen |= new
        if len(seen) >= n:
            return chosen
    raise AssertionError("the bank has too few rulings")


def answered(questions, at: float, seconds: float = 40.0) -> Deck:
    deck = Deck()
    for q in questions:
        deck.answer(q, True, False, seconds, at)
    return deck


def test_the_map_counts_the_rulings_due_and_the_minutes_from_the_learners_own_answer_times():
    questions = of_rulings(3)
    deck = answered(questions, T, seconds=70.0)
    rulings = {t for q in questions for t in q.tags["rulings"]}
    due = ReviewsDue()
    due.refresh(deck, T + 5 * DAY)
    assert due.count == len(rulings) and due.unit == "ruling"
    assert due.reviews == len(questions) == len(review_questions(deck, BANK, T + 5 * DAY))
    # each review takes this learner 70 s (their median), so three questions take about 4 minutes
    assert due.minutes == -(-len(questions) * 70 // 60)
    assert due.said == f"{len(rulings)} rulings to review, about {due.minutes} minutes"


def test_with_no_answer_time_kept_the_estimate_is_the_stated_default():
    deck = Deck()
    deck.answer(LYNX, True, False, None, T)  # a review whose time was not kept
    due = ReviewsDue()
    due.refresh(deck, T + 5 * DAY)
    assert due.minutes == -(-DEFAULT_SECONDS // 60)
    assert due.said == "1 ruling to review, about 1 minute"


def test_nothing_due_says_when_the_next_review_comes_and_a_learner_with_no_reviews_sees_nothing():
    deck = Deck()
    deck.answer(LYNX, True, False, 40.0, T)
    deck.answer(LYNX, True, False, 40.0, T + 600)
    due = ReviewsDue()
    due.refresh(deck, T + 600)
    assert (due.count, due.said) == (0, "Next review in 2 days")
    due.review()
    assert due.asked == 0  # nothing to review: Review asks for nothing
    due.refresh(Deck(), T)
    assert due.said == ""


def test_review_asks_once_per_press_when_something_is_due():
    due = ReviewsDue()
    due.refresh(answered([LYNX], T), T + 5 * DAY)
    due.review()
    due.review()
    assert due.asked == 2


def test_a_due_ruling_met_only_in_a_lessons_checks_is_reviewed_with_one_of_its_questions():
    deck = Deck()
    deck.review(RULING, "E2", 3, T, None)
    due = ReviewsDue()
    due.refresh(deck, T + 5 * DAY)
    assert due.count == 1 and due.reviews == 1
    (drawn,) = review_questions(deck, BANK, T + 5 * DAY)
    assert "E2" in drawn.tags["rulings"]


@pytest.fixture
def course(tmp_path, monkeypatch):
    """A course page outside Voila (its learner is the kernel's own), with reviews seeded three days
    ago through the store so that they are due now; returns (course, learner, rulings due)."""
    monkeypatch.setenv("RULESDOJO_RESULTS", str(tmp_path / "results.sqlite3"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("VOILA_BASE_URL", raising=False)
    for name in ("RULESDOJO_IDENTITY", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(identity._Browser, "key", None)
    monkeypatch.setattr(identity._Browser, "waiting", [])
    learner = identity.local_key()
    store = ResultStore(tmp_path / "results.sqlite3")
    questions = of_rulings(2)
    deck = answered(questions, time.time() - 3 * DAY)
    record(store, learner, deck)
    from rulesdojo.lessons.app import Course
    return Course(), learner, {t for q in questions for t in q.tags["rulings"]}


def test_review_from_the_map_draws_only_what_is_due_and_the_map_back_says_what_is_left(course):
    page, learner, rulings = course
    line = page.due
    assert line.count == len(rulings) and line.said.startswith(f"{len(rulings)} rulings to review")
    assert plain(due_line(page).line.content) == f"Due today: {line.said}"
    line.review()
    assert page.flow.place.view == "review"
    quiz = page._review
    assert "Type your name first." in quiz.start_feedback.text  # no name practised under yet
    quiz.name.value = "Ana"
    quiz.start_button.click()
    assert quiz.session.total == line.reviews
    while quiz.session.current is not None:
        v = quiz.session.current
        quiz.choice.value = v.solution().right_answer_text if v.answer_format in ("option", "yes/no") else None
        if v.answer_format not in ("option", "yes/no"):
            quiz.number.value = v.solution().right_answer_text
            if v.answer_format == "order":
                labels = v.solution().right_answer_text.split(" (or")[0].split(", then ")
                quiz.order.order = [v.options.index(s.strip()) for s in labels]
        quiz.submit_button.click()
        quiz.next_button.click()
    assert "When each ruling comes back for review" in quiz.review.text
    page.flow.go("")
    assert (line.count, line.reviews) == (0, 0)
    assert line.said.startswith("Next review in ")
    assert set(load(page.kit.store(), learner).due(time.time())) == set()
    assert plain(due_line(page).line.content) == line.said and due_line(page).review_button.layout.display == "none"


def due_line(page):
    """Return the map's drawn line on reviews due."""
    from rulesdojo.views.due import DueLine
    todo = [page.widget]
    while todo:
        w = todo.pop()
        if isinstance(w, DueLine):
            return w
        todo += list(getattr(w, "children", ()))
    raise AssertionError("the map has no line on reviews due")
