"""The trainer's spaced-review table: per ruling, the class's predicted recall now and in 30 days and
the share right on reviews that came due after a week or more, as the retention export gives them."""

from __future__ import annotations

import time

from fsrs import Rating

from rulesdojo.quiz.retention import class_retention
from rulesdojo.quiz.review import DAY, RULING, T0, Deck, record
from rulesdojo.quiz.rulings import ruling
from rulesdojo.quiz.store import ResultStore
from rulesdojo.views import Trainer

from dom_nodes import table_rows

CAPTION = "Spaced review per ruling"


def test_the_trainer_shows_each_rulings_recall_predicted_and_measured(tmp_path, monkeypatch):
    store = ResultStore(tmp_path / "r.sqlite3")
    for learner, second in (("k1", Rating.Good), ("k2", Rating.Again)):
        deck = Deck()
        deck.review(RULING, "E2", Rating.Good, T0, 30.0)
        deck.review(RULING, "E2", Rating.Good, T0 + 600, 30.0)
        deck.review(RULING, "E2", Rating.Good, T0 + 3 * DAY, 30.0)  # given about a week and more next
        deck.review(RULING, "E2", second, T0 + 40 * DAY, 30.0)
        assert record(store, learner, deck)
    monkeypatch.setattr(time, "time", lambda: T0 + 41 * DAY)
    t = Trainer(ResultStore(store.path), exams=[])
    (row,) = table_rows(t.gain.content, CAPTION)
    (expected,) = class_retention(store, T0 + 41 * DAY)
    assert row[:2] == [ruling("E2").name, "2"]
    assert row[2:] == [f"{expected.recall_today:.0%}", f"{expected.recall_in_30_days:.0%}", "2", "50%"]


def test_the_trainer_says_when_no_learner_has_a_ruling_to_review(tmp_path):
    t = Trainer(ResultStore(tmp_path / "r.sqlite3"), exams=[])
    assert "No learner has a ruling to review yet." in t.gain.text
