"""Spaced review with FSRS: the rating each answer gets, what practice draws first, the daily limit of
new questions, and a learner's cards and review log kept in the results store (SQLite and
PostgreSQL, through a reopen, a damaged store and a kernel that ended with reviews unsaved)."""

from __future__ import annotations

import pytest
from fsrs import Rating

from rulesdojo.quiz import load_bank
from rulesdojo.quiz.review import (DAY, FAST_OTHER, FAST_SECONDS, QUESTION, RULING, T0, Deck, draw, load,
                                   optimized_parameters, rating, record)
from rulesdojo.quiz.session import QuizSession
from rulesdojo.quiz.store import ResultStore

BANK = load_bank()


@pytest.mark.parametrize("kind", [*FAST_SECONDS, "a kind not listed"])
def test_the_rating_is_again_hard_good_or_easy_from_the_answer_alone(kind):
    fast = FAST_SECONDS.get(kind, FAST_OTHER)
    assert rating(False, False, 1.0, kind) == rating(False, True, 1.0, kind) == Rating.Again  # wrong, however quick
    assert rating(False, False, 10 * fast, kind) == Rating.Again
    assert rating(True, True, 1.0, kind) == rating(True, True, 10 * fast, kind) == Rating.Hard  # a hint: never Easy
    assert rating(True, False, fast, kind) == rating(True, False, 10 * fast, kind) == Rating.Good
    assert rating(True, False, fast - 0.5, kind) == Rating.Easy
    assert rating(True, False, None, kind) == Rating.Good  # no time kept: never fast


def test_an_answer_reviews_its_question_and_each_of_its_rulings():
    q = next(q for q in BANK if len(q.tags["rulings"]) > 1)
    deck = Deck()
    done = deck.answer(q, True, False, 60.0, T0)
    assert [(r.kind, r.item) for r in done] == [(QUESTION, q.id), *((RULING, t) for t in q.tags["rulings"])]
    assert {r.rating for r in done} == {Rating.Good} and set(deck.cards) == {(r.kind, r.item) for r in done}


def test_due_cards_come_most_overdue_first_and_only_once_due():
    deck = Deck()
    for n, item in enumerate(["E2", "L1", "E5"]):  # learnt on days 0, 1 and 2: each due some days later
        deck.review(RULING, item, Rating.Good, T0 + n * DAY, 30.0)
        deck.review(RULING, item, Rating.Good, T0 + n * DAY + 900, 30.0)
    due_at = {item: deck.cards[(RULING, item)].due.timestamp() for item in ("E2", "L1", "E5")}
    assert due_at["E2"] < due_at["L1"] < due_at["E5"]
    assert deck.due(due_at["E2"] - 1) == []
    assert deck.due(due_at["L1"]) == [(RULING, "E2"), (RULING, "L1")]
    assert deck.due(due_at["E5"] + 30 * DAY) == [(RULING, "E2"), (RULING, "L1"), (RULING, "E5")]


def test_practice_draws_what_is_due_before_new_questions():
    pool = BANK.select(tags=["E2"])
    deck = Deck()
    met = pool[5]
    deck.answer(met, False, False, 30.0, T0)  # missed: due again within minutes
    drawn = draw(deck, pool, T0 + DAY, 4, limit=10, seed=1)
    assert drawn[0] is met and len(drawn) == 4
    assert all((QUESTION, q.id) not in deck.cards for q in drawn[1:])


def test_a_due_ruling_brings_back_the_question_of_it_met_longest_ago():
    pool = BANK.select(tags=["L1"])
    deck = Deck()
    old, recent = [q for q in pool if q.tags["rulings"] == ["L1"]][:2]
    deck.answer(old, True, False, 60.0, T0)
    deck.answer(recent, True, False, 60.0, T0 + 60)
    for kind, item in list(deck.cards):  # only the ruling is due: its questions are not
        if kind == QUESTION:
            deck.cards[(kind, item)].due = deck.cards[(kind, item)].due.replace(year=2100)
    assert draw(deck, pool, T0 + 2 * DAY, 1, limit=0) == [old]


def test_the_daily_limit_caps_new_questions_met_in_a_day():
    pool = BANK.select(tags=["E2"])
    deck = Deck()
    first = draw(deck, pool, T0, 10, limit=3, seed=2)
    assert len(first) == 3 and all((QUESTION, q.id) not in deck.cards for q in first)
    for n, q in enumerate(first):
        deck.answer(q, True, False, 60.0, T0 + 60 * n)
    later = T0 + 3600  # the same day: the three are due again (a first right answer returns in 10 minutes)
    assert deck.new_today(later) == 3
    again = draw(deck, pool, later, 10, limit=3, seed=2, fill=False)
    assert {q.id for q in again} <= {q.id for q in first}  # due ones only: no new question today
    filled = draw(deck, pool, later, 10, limit=3, seed=2)
    assert {q.id for q in filled} == {q.id for q in first}  # a practice is filled with questions met
    tomorrow = draw(deck, pool, T0 + DAY, 10, limit=3, seed=2)
    assert len([q for q in tomorrow if (QUESTION, q.id) not in deck.cards]) == 3


def test_reviews_are_kept_per_learner_across_a_reopened_store(results):
    store = ResultStore(results.where)
    qs = [q for q in BANK.select(tags=["E2"]) if q.tags["rulings"] == ["E2"] and q.kind == "outcome"][:2]
    ticks = iter(range(10**6))
    clock = lambda: T0 + 30 * next(ticks)  # noqa: E731  # each answer takes 30 seconds: Good when right
    s = QuizSession(qs, "Ana", "practice", seed=1, store=store, clock=clock, learner_key="k1", reviewer="k1")
    s.submit(s.current.solution().right_answer_text)
    s.next()
    s.submit("not the answer")
    deck = load(ResultStore(results.where), "k1")
    assert sorted(deck.cards) == sorted([(QUESTION, qs[0].id), (QUESTION, qs[1].id), (RULING, "E2")])
    assert [(r.item, r.rating) for r in deck.log if r.kind == QUESTION] == [(qs[0].id, Rating.Good),
                                                                            (qs[1].id, Rating.Again)]
    assert deck.cards[(RULING, "E2")].due == s._deck.cards[(RULING, "E2")].due  # as the session left it
    assert load(ResultStore(results.where), "someone else").cards == {}


def test_reviews_wait_in_memory_and_in_a_recovery_file_while_the_store_is_damaged(results):
    store = ResultStore(results.where)
    deck = Deck()
    deck.review(RULING, "E2", Rating.Good, T0, 30.0)
    assert record(store, "k1", deck)
    results.damage()
    deck.review(RULING, "L1", Rating.Again, T0 + 60, 30.0)
    assert not record(store, "k1", deck) and "damaged" in store.problem
    results.repair()
    kept = load(ResultStore(results.where), "k1")  # a new kernel writes what the last one couldn't
    assert sorted(kept.cards) == [(RULING, "E2"), (RULING, "L1")] and len(kept.log) == 2


def test_optimizing_a_learners_parameters_without_the_optimizer_says_what_to_install(monkeypatch):
    import importlib.util
    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "torch" else found(name, *a))
    deck = Deck()
    deck.review(RULING, "E2", Rating.Good, T0, 30.0)
    assert optimized_parameters(deck) == ("Optimizing a learner's parameters needs the optimizer: "
                                          "pip install 'fsrs[optimizer]'")
